package hexlab.rules.northafrica;

import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 13.0 reinforcements (13.1, 13.2). */
class ReinforcementsTest {

    private static String enter(String unit, String hex) { return "{\"do\":\"enter\",\"unit\":\"" + unit + "\",\"hex\":\"" + hex + "\"}"; }

    private static String move(String unit, String hex) { return "{\"do\":\"move\",\"unit\":\"" + unit + "\",\"to\":\"" + hex + "\"}"; }

    private static double entryCost(Outcome o) { return traces(o, "13.13").get(0).path("result").asDouble(); }

    @Test
    @DisplayName("NA 13.13 example: units entering in a column on a road pay 1/2, 1, 1 1/2 MP")
    void roadColumn() {
        // 0103: west-edge hex of the Via Balbia (road 0103/0203)
        String r = "reinforcements:\n" + arrives("de-1-8-pz", 1, "0103") + arrives("de-2-8-pz", 1, "0103") + arrives("de-1-5-pz", 1, "0103");
        Game g = start("axis", 1, at("br-7hus", "3020"), r);
        assertEquals(Set.of("0103"), targets(g, "de-1-8-pz", "enter"));
        Outcome first = ok(g, enter("de-1-8-pz", "0103"));
        assertEquals(0.5, entryCost(first));
        ok(g, move("de-1-8-pz", "0403"));                                   // on along the road: 3 x 1/2
        assertEquals(2.0, num(g, "state.movement.spent['de-1-8-pz']"));
        Outcome second = ok(g, enter("de-2-8-pz", "0103"));
        assertEquals(1.0, entryCost(second));
        ok(g, move("de-2-8-pz", "0303"));
        Outcome third = ok(g, enter("de-1-5-pz", "0103"));
        assertEquals(1.5, entryCost(third));
        assertTrue(traces(third, "13.13").get(0).path("text").asText().contains("as unit 3 of the column"));
    }

    @Test
    @DisplayName("NA 13.11 13.13 off a road the entry hex's terrain is paid, and each hypothetical Mixed hex ahead 2 more")
    void mixedColumn() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625") + arrives("br-1sa-bde", 1, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "0220"), r);
        assertEquals(2.0, entryCost(ok(g, enter("br-3sa-recce", "1625"))));
        ok(g, move("br-3sa-recce", "1622"));
        assertEquals(4.0, entryCost(ok(g, enter("br-1sa-bde", "1625"))));
    }

    @Test
    @DisplayName("NA 5.26 13.13 a reinforcement that cannot pay its place in the column cannot enter")
    void columnTooLong() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625") + arrives("br-7sa-recce", 1, "1625")
                + arrives("br-1sa-bde", 1, "1625") + arrives("br-5sa-bde", 1, "1625") + arrives("br-1sa-arty", 1, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "0220"), r);
        // they pay 2, 4, 6 and 8 MP: the first three move on; the fourth, 1 MP left, stays in 1625
        String[][] plan = {{"br-3sa-recce", "1620"}, {"br-7sa-recce", "1621"}, {"br-1sa-bde", "1624"}};
        for (String[] p : plan) {
            ok(g, enter(p[0], "1625"));
            ok(g, move(p[0], p[1]));
        }
        Outcome fourth = ok(g, enter("br-5sa-bde", "1625"));
        assertEquals(8.0, entryCost(fourth));
        assertEquals(1, traces(fourth, "13.14").size());
        assertEquals("1625", text(g, "ctx.piece('br-5sa-bde').hex"));
        // the fifth unit would pay 2 + 4 x 2 = 10 MP; artillery moves 9
        assertTrue(targets(g, "br-1sa-arty", "enter").isEmpty());
        String why = refused(g, enter("br-1sa-arty", "1625"), "5.26");
        assertTrue(why.contains("10 MP"), why);
    }

    @Test
    @DisplayName("NA 13.14 5.15 a reinforcement moves on from its entry hex at once, or stops there")
    void onward() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "0220"), r);
        ok(g, enter("br-3sa-recce", "1625"));
        assertTrue(g.legalActions().stream().anyMatch(a -> a.path("do").asText().equals("stop")));
        assertTrue(g.legalActions().stream().noneMatch(a -> a.path("do").asText().equals("done")));
        ok(g, "{\"do\":\"stop\"}");
        assertEquals("1625", text(g, "ctx.piece('br-3sa-recce').hex"));
        assertTrue(actionsOf(g, "br-3sa-recce").isEmpty());
        refused(g, move("br-3sa-recce", "1624"), "5.15");
    }

    @Test
    @DisplayName("NA 13.21 a reinforcement may enter an enemy-controlled hex but stops there")
    void enemyZoc() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "1623") + at("br-7hus", "2020"), r);
        assertTrue(bool(g, "!!rules.zoc.controlled('axis')['1624']"));
        assertFalse(bool(g, "!!rules.zoc.controlled('axis')['1625']"));
        Game z = start("british", 1, at("de-1-8-pz", "1624") + at("br-7hus", "2020"), r);
        Outcome o = ok(z, enter("br-3sa-recce", "1625"));
        assertEquals(1, traces(o, "13.21").size());
        assertTrue(z.legalActions().stream().noneMatch(a -> a.path("do").asText().equals("stop")));
        assertTrue(actionsOf(z, "br-3sa-recce").isEmpty());
        assertEquals("1625", text(z, "ctx.piece('br-3sa-recce').hex"));
    }

    @Test
    @DisplayName("NA 13.22 an entry hex held by an enemy unit: the nearest open edge hex toward the nearest friendly unit")
    void blockedByEnemy() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "1625") + at("br-7hus", "2020"), r);
        assertEquals(Set.of("1726"), targets(g, "br-3sa-recce", "enter"));
        refused(g, enter("br-3sa-recce", "1625"), "13.21");
        Outcome o = ok(g, enter("br-3sa-recce", "1726"));
        assertEquals("1726", traces(o, "13.22").get(0).path("result").asText());
        assertEquals(1, traces(o, "13.21").size());                           // 1726 is in the German zone: it stops
    }

    @Test
    @DisplayName("NA 13.22 an entry hex held by a friendly unit in an enemy zone is blocked; one outside enemy zones is not")
    void blockedByFriendInZoc() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625");
        Game blocked = start("british", 1, at("br-2rtr", "1625") + at("de-1-8-pz", "1624") + at("br-7hus", "2020"), r);
        TreeSet<String> t = targets(blocked, "br-3sa-recce", "enter");
        assertEquals(1, t.size());
        assertFalse(t.contains("1625"));
        Game open = start("british", 1, at("br-2rtr", "1625") + at("br-7hus", "2020") + at("de-1-8-pz", "0220"), r);
        assertEquals(Set.of("1625"), targets(open, "br-3sa-recce", "enter"));
        ok(open, enter("br-3sa-recce", "1625"));
        // stacked with 2 RTR on entering: it must move on (5.31)
        assertTrue(open.legalActions().stream().noneMatch(a -> a.path("do").asText().equals("stop")));
        assertFalse(open.legalActions().isEmpty());
    }

    @Test
    @DisplayName("NA 13.23 13.24 a withheld reinforcement may come on at a later game-turn, at its scheduled hex")
    void withheld() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "0220"), r);
        assertEquals(Set.of("1625"), targets(g, "br-3sa-recce", "enter"));
        int guard = 0;
        do {
            ok(g, "{\"do\":\"done\"}");
        } while (!(g.turn() == 2 && g.breadcrumb().contains("move") && "british".equals(g.toAct())) && ++guard < 20);
        assertEquals("pending", text(g, "ctx.piece('br-3sa-recce').at"));
        assertEquals(Set.of("1625"), targets(g, "br-3sa-recce", "enter"));
    }

    @Test
    @DisplayName("NA 13.0 a reinforcement does not come on before its game-turn, nor in the enemy's movement phase")
    void notBefore() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 2, "1625");
        Game g = start("british", 1, at("de-1-8-pz", "0220"), r);
        assertTrue(targets(g, "br-3sa-recce", "enter").isEmpty());
        refused(g, enter("br-3sa-recce", "1625"), "13.0");
    }

    @Test
    @DisplayName("NA 13.25 a reinforcement off the map has no effect: no zone of control, no hex")
    void offMapNoEffect() {
        String r = "reinforcements:\n" + arrives("br-3sa-recce", 1, "2021");
        Game g = start("british", 1, at("de-1-8-pz", "0220"), r);
        assertTrue(eval(g, "ctx.piece('br-3sa-recce').hex").isNull());
        assertEquals(0, eval(g, "Object.keys(rules.zoc.controlled('british'))").size());
    }
}
