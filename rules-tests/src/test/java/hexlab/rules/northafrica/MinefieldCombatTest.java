package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Refusal;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NA 10.2 Minefields and combat (10.21, 10.22), 10.3 Fortified Boxes (10.31-10.33), and Crusader 17.1
 * through the combatExemption extension point. Sidi Omar (3116) is ringed by Axis minefield
 * hexsides 3116/3117 and 3116/3216; the Tobruk perimeter by British ones, with the Fortified Box
 * 0804 behind 0804/0805, 0704/0804 and 0705/0804.
 */
@DisplayName("NA 10.2-10.3 Minefields in combat, fortified boxes")
class MinefieldCombatTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    @Test
    @DisplayName("NA 10.21: a unit behind a friendly minefield need not attack the enemy across it (and keeps its zone of control)")
    void friendlyMinefieldExempts() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("x", "it-15-inf", "axis", "3116"), p("b", "br-7i-bde", "british", "3117"));
        assertTrue(Fx.legal(g, "{'do':'done'}"));
        JsonNode m = Fx.eval(g, "rules[\"mandatory-combat\"].mandatory('axis')");
        assertEquals("[\"x\"]", m.get("exempt").toString());
        assertEquals("[]", m.get("attackers").toString());
        List<JsonNode> ev = Fx.act(g, "{'do':'done'}");
        JsonNode t = Fx.traced(ev, "10.21");
        assertNotNull(t);
        assertTrue(t.path("text").asText().startsWith("x used its exemption"), t.path("text").asText());
        assertTrue(Fx.eval(g, "rules.zoc.controlled('axis')['3117'] === true").asBoolean());
    }

    @Test
    @DisplayName("NA 10.21: if it does attack, every adjacent enemy unit must be attacked")
    void attackingBringsAllNeighbours() {
        // b1 across 3116/3117, b2 across 3116/3216: x may attack b1 only together with b2
        Game g = Fx.start("axis", 1, 0, 0,
            p("x", "it-15-inf", "axis", "3116"),
            p("b1", "br-7i-bde", "british", "3117"), p("b2", "br-5i-bde", "british", "3216"));
        Fx.act(g, "{'do':'attack','hex':'3117'}");
        Fx.act(g, "{'do':'add-attacker','unit':'x'}");
        Refusal r = Fx.refuse(g, "{'do':'resolve'}");
        assertEquals("7.21", r.rule());
        Fx.act(g, "{'do':'add-defender','hex':'3216'}");
        assertTrue(Fx.legal(g, "{'do':'resolve'}"));

        // next to a British unit with no minefield between, x must attack, and the minefield neighbour too
        Game h = Fx.start("axis", 1, 0, 0,
            p("x", "it-15-inf", "axis", "3116"),
            p("b1", "br-7i-bde", "british", "3117"), p("b3", "br-5i-bde", "british", "3115"));
        JsonNode m = Fx.eval(h, "rules[\"mandatory-combat\"].mandatory('axis')");
        assertEquals("[\"x\"]", m.get("attackers").toString());
        assertEquals("[\"b1\",\"b3\"]", m.get("defenders").toString());
    }

    @Test
    @DisplayName("NA 10.22: an attack across an enemy minefield hexside with an adjacent unit uses the Minefield line")
    void minefieldLine() {
        // a (0704) and b (0803) across the British minefield 0704/0803; r (0603) two hexes from b
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "0704"), p("r", "de-33-arty", "axis", "0603"),
            p("b", "br-14-bde", "british", "0803"));
        assertEquals("enemy-minefield", Fx.eval(g, "rules[\"combat-terrain\"].line(['a'], ['b'])").asText());
        assertEquals("british", Fx.eval(g, "rules.minefields.owner('0704', '0803')").asText());
        // 10.22: not for non-adjacent artillery alone
        assertEquals("mixed", Fx.eval(g, "rules[\"combat-terrain\"].line([], ['b'], ['r'])").asText());
        // 10.22: not across the attacker's own minefield (b attacking a)
        assertEquals("mixed", Fx.eval(g, "rules[\"combat-terrain\"].line(['b'], ['a'])").asText());
    }

    private static final String[] BOX_ATTACKERS = {"p1", "p2", "p3"};

    private static Fx.Fought boxFight(String want, String... extra) {
        return Fx.seedFor(want, s -> {
            String[] all = new String[4 + extra.length];
            all[0] = p("p1", "de-1-8-pz", "axis", "0805");
            all[1] = p("p2", "de-2-8-pz", "axis", "0704");
            all[2] = p("p3", "de-1-5-pz", "axis", "0705");
            all[3] = p("b", "br-1krrc", "british", "0804");
            System.arraycopy(extra, 0, all, 4, extra.length);
            return Fx.start("axis", s, 0, 0, all);
        }, g -> {
            String[] att = extra.length == 0 ? BOX_ATTACKERS : new String[] {"p1", "p2", "p3", "p4"};
            return Fx.attack(g, Fx.a("0804"), att, Fx.a(), 0);
        });
    }

    @Test
    @DisplayName("NA 10.31: D1, D2 and Br against an Allied unit in a Fortified Box attacked solely across minefields have no effect")
    void boxNoEffect() {
        // 15 against 2 on the Minefield line: +12 band, D1 on a 4, D2 on a 3, Br on a 5 or 6
        for (String want : List.of("D1", "D2", "Br")) {
            Fx.Fought f = boxFight(want);
            Game g = f.game();
            JsonNode t = Fx.traced(f.events(), "10.31");
            assertNotNull(t, want);
            assertEquals("no effect", t.path("result").asText());
            assertEquals("0804", Fx.hex(g, "b"));
            assertEquals("0805", Fx.hex(g, "p1"));
            assertFalse(Fx.flag(g, "b", "retreated"));
            assertEquals(List.of(Fx.j("{'do':'done'}")), Fx.legal(g), want);
        }
    }

    @Test
    @DisplayName("NA 10.31: other results stand (D3 in a Fortified Box)")
    void boxD3Stands() {
        Fx.Fought f = boxFight("D3");
        assertNull(Fx.traced(f.events(), "10.31"));
        Game g = f.game();
        assertEquals("british", g.toAct());
        g.applyIndex(0);
        assertFalse("0804".equals(Fx.hex(g, "b")));
        assertTrue(Fx.flag(g, "b", "retreated"));
    }

    @Test
    @DisplayName("NA 10.31: attacked also from a hex with no minefield between, the box gives nothing")
    void boxNotSolelyMinefields() {
        // p4 inside the perimeter at 0803 attacks too
        Fx.Fought f = boxFight("D1", p("p4", "de-2-5-pz", "axis", "0803"));
        assertNull(Fx.traced(f.events(), "10.31"));
        assertFalse("0804".equals(Fx.hex(f.game(), "b")));
    }

    @Test
    @DisplayName("NA 10.32: Axis units never benefit from a Fortified Box")
    void axisNeverBenefits() {
        // the Axis x holds the box 0804; British units attack it across their own minefields: 13 against 2, D1 on a 6
        Fx.Fought f = Fx.seedFor("D1", s -> Fx.start("british", s, 0, 0,
            p("b1", "br-8rtr", "british", "0805"), p("b2", "br-44rtr", "british", "0704"), p("b3", "br-4nz-bde", "british", "0705"),
            p("x", "it-19-inf", "axis", "0804")),
            g -> Fx.attack(g, Fx.a("0804"), Fx.a("b1", "b2", "b3"), Fx.a(), 0));
        assertNull(Fx.traced(f.events(), "10.31"));
        assertFalse("0804".equals(Fx.hex(f.game(), "x")));
    }

    @Test
    @DisplayName("NA 7.11 with Crusader 17.1: the Tobruk perimeter exemption comes through combatExemption")
    void tobrukExemption() {
        // 0805 is exactly 3 from 1003 and faces the box 0804 across a British minefield
        Game g = Fx.start("axis", 1, 0, 0,
            p("x", "it-61-inf", "axis", "0805"), p("b", "br-14-bde", "british", "0804"));
        assertTrue(Fx.legal(g, "{'do':'done'}"));
        assertEquals("17.1", Fx.eval(g, "rules[\"mandatory-combat\"].exemption(state.pieces.x, state.pieces.b).rule").asText());
        // another British unit next to x without a minefield between: x must attack both (17.1 reading 2)
        Game h = Fx.start("axis", 1, 0, 0,
            p("x", "it-61-inf", "axis", "0805"), p("b", "br-14-bde", "british", "0804"), p("c", "br-1kdg", "british", "0806"));
        JsonNode m = Fx.eval(h, "rules[\"mandatory-combat\"].mandatory('axis')");
        assertEquals("[\"x\"]", m.get("attackers").toString());
        assertEquals("[\"b\",\"c\"]", m.get("defenders").toString());
    }
}
