package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NA 7.9 Advance after combat (7.91-7.97) and 12.24. The Axis unit a in 2220 attacks the British
 * unit b in 2221 in the open desert unless the case needs more.
 */
@DisplayName("NA 7.9 Advance after combat")
class AdvanceTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    /** a (5) against `defender` in 2221, with other pieces; the first seed rolling `want`. */
    private static Fx.Fought fight(String want, String defenderUnit, String... others) {
        return Fx.seedFor(want, s -> {
            String[] all = new String[others.length + 2];
            all[0] = p("a", "de-1-8-pz", "axis", "2220");
            all[1] = p("b", defenderUnit, "british", "2221");
            System.arraycopy(others, 0, all, 2, others.length);
            return Fx.start("axis", s, 0, 0, all);
        }, g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
    }

    private static List<String> targets(Game g, String unit) {
        return Fx.legal(g).stream().filter(x -> x.path("unit").asText().equals(unit) && x.path("do").asText().equals("advance"))
            .map(x -> x.path("to").asText()).toList();
    }

    @Test
    @DisplayName("NA 7.91, 7.92: the victor follows the path of retreat and may halt anywhere on it")
    void alongThePath() {
        // 5 against 2: +3, D3 on a 1 or 2
        Fx.Fought f = fight("D3", "br-1krrc");
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'b','path':['2222','2223','2224']}");
        assertEquals("axis", g.toAct());
        List<String> t = targets(g, "a");
        assertTrue(t.containsAll(List.of("2221", "2222", "2223")), t.toString());
        List<JsonNode> ev = Fx.act(g, "{'do':'advance','unit':'a','to':'2222'}");
        assertEquals("2222", Fx.hex(g, "a"));
        assertTrue(Fx.flag(g, "a", "advanced"));
        assertEquals("a advances after combat 2220 -> 2221 -> 2222", Fx.traced(ev, "7.9").path("text").asText());
    }

    @Test
    @DisplayName("NA 7.93: along the path of retreat enemy zones of control are ignored")
    void pathIgnoresZoc() {
        // z in 2322 controls 2221 and 2222; along the path a still reaches 2223, which no independent
        // advance could (it would stop in 2221)
        Fx.Fought f = fight("D3", "br-1krrc", p("z", "br-1kdg", "british", "2322"));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'b','path':['2222','2223','2224']}");
        List<JsonNode> ev = Fx.act(g, "{'do':'advance','unit':'a','to':'2223'}");
        assertEquals("a advances after combat 2220 -> 2221 -> 2222 -> 2223", Fx.traced(ev, "7.9").path("text").asText());
    }

    @Test
    @DisplayName("NA 7.94: barraging (non-adjacent) artillery does not advance")
    void artilleryDoesNotAdvance() {
        // a 5 + barrage 5 (104, range 3, from 2218) against 4: +6, D1 on a 5 or 6
        Fx.Fought f = Fx.seedFor("D1", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("art", "de-104-arty", "axis", "2218"),
            p("b", "br-14-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a("art"), 0));
        Game g = f.game();
        if ("british".equals(g.toAct())) Fx.act(g, "{'do':'retreat','unit':'b','path':['2222']}");
        assertEquals("axis", g.toAct());
        assertTrue(targets(g, "a").contains("2221"));
        assertEquals(List.of(), targets(g, "art"));
    }

    @Test
    @DisplayName("NA 7.95 (1): an independent advance goes as many hexes as the result, in any direction, even when the enemy could not retreat")
    void independentDistance() {
        // x1 and x2 hem b in: it is eliminated on the D2, yet a may still advance two hexes anywhere
        Fx.Fought f = fight("D2", "br-14-bde", p("x1", "de-2-200-bn", "axis", "2123"), p("x2", "de-33-bn", "axis", "2323"));
        Game g = f.game();
        assertEquals("eliminated", Fx.at(g, "b"));
        List<String> t = targets(g, "a");
        assertTrue(t.contains("2218"), t.toString());    // two hexes north, away from the path
        assertTrue(t.contains("2222"), t.toString());
        assertFalse(t.contains("2217"), t.toString());   // three hexes
    }

    @Test
    @DisplayName("NA 7.95 (2): an independent advance halts on entering an enemy-controlled hex")
    void independentStopsInZoc() {
        // as above, with the British z in 2119 controlling 2219 (and 2218): 2218 could only be reached through 2219
        Fx.Fought f = fight("D2", "br-14-bde", p("x1", "de-2-200-bn", "axis", "2123"), p("x2", "de-33-bn", "axis", "2323"),
            p("z", "br-1kdg", "british", "2119"));
        Game g = f.game();
        List<String> t = targets(g, "a");
        assertTrue(t.contains("2219"), t.toString());
        assertFalse(t.contains("2218"), t.toString());
    }

    @Test
    @DisplayName("NA 7.95 (3): an independent advance never crosses an enemy minefield")
    void independentNoEnemyMinefield() {
        // British A in 3117 attacks the Axis d in 3118 (5 against 2, D1 on a 4); 3116 lies across the
        // Axis minefield hexside 3116/3117
        Fx.Fought f = Fx.seedFor("D1", s -> Fx.start("british", s, 0, 0,
            p("A", "br-8rtr", "british", "3117"), p("d", "it-15-inf", "axis", "3118")),
            g -> Fx.attack(g, Fx.a("3118"), Fx.a("A"), Fx.a(), 0));
        Game g = f.game();
        if ("axis".equals(g.toAct())) Fx.act(g, "{'do':'retreat','unit':'d','path':['3119']}");
        assertTrue(Fx.eval(g, "rules.supply.suppliedHexes('british')['3116'] === true").asBoolean());
        List<String> t = targets(g, "A");
        assertTrue(t.contains("3118") && t.contains("3016") && t.contains("3216"), t.toString());
        assertFalse(t.contains("3116"), t.toString());
    }

    @Test
    @DisplayName("NA 7.96: after advancing a unit neither attacks nor is attacked; new neighbours bring no obligation")
    void afterAdvance() {
        // w in 2124 was not in the fight; a advances next to it (and next to b)
        Fx.Fought f = fight("D3", "br-1krrc", p("w", "br-1kdg", "british", "2124"));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'b','path':['2222','2223','2224']}");
        Fx.act(g, "{'do':'advance','unit':'a','to':'2223'}");
        assertEquals("[]", Fx.eval(g, "rules[\"mandatory-combat\"].mandatory('axis').attackers").toString());
        assertEquals("[]", Fx.eval(g, "rules[\"mandatory-combat\"].mandatory('axis').defenders").toString());
        assertEquals(List.of(Fx.j("{'do':'done'}")), Fx.legal(g));
    }

    @Test
    @DisplayName("NA 7.97 example: on a D4, A and B advance along the path of retreat; C follows it two hexes, strays on the third into an enemy-controlled hex and stops there")
    void example797() {
        // A 2220, B 2121, C 2321 (5 each) against d (4) in 2221: +11, D4 on a 1 or 2. B and C control 2122
        // and 2322, so d goes by 2222. The British e in 2023 controls 2123.
        Fx.Fought f = Fx.seedFor("D4", s -> Fx.start("axis", s, 0, 0,
            p("A", "de-1-8-pz", "axis", "2220"), p("B", "de-2-8-pz", "axis", "2121"), p("C", "de-1-5-pz", "axis", "2321"),
            p("d", "br-14-bde", "british", "2221"), p("e", "br-1kdg", "british", "2023")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("A", "B", "C"), Fx.a(), 0));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'d','path':['2222','2223','2224','2225']}");
        List<JsonNode> a = Fx.act(g, "{'do':'advance','unit':'A','to':'2224'}");
        assertEquals("A advances after combat 2220 -> 2221 -> 2222 -> 2223 -> 2224", Fx.traced(a, "7.9").path("text").asText());
        List<JsonNode> b = Fx.act(g, "{'do':'advance','unit':'B','to':'2223'}");
        assertEquals("B advances after combat 2121 -> 2221 -> 2222 -> 2223", Fx.traced(b, "7.9").path("text").asText());
        List<JsonNode> c = Fx.act(g, "{'do':'advance','unit':'C','to':'2123'}");
        assertEquals("C advances after combat 2321 -> 2221 -> 2222 -> 2123", Fx.traced(c, "7.9").path("text").asText());
        assertEquals("2123", Fx.hex(g, "C"));
    }

    @Test
    @DisplayName("NA 7.91: after an A2 the defender may advance along the attacker's path of retreat")
    void defenderAdvances() {
        // a weak attacker: 2 against 4, -2 on Mixed, A2 on a 6
        Fx.Fought f = Fx.seedFor("A2", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("b", "br-14-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'a','path':['2219','2218']}");
        assertEquals("british", g.toAct());
        List<String> t = targets(g, "b");
        assertTrue(t.contains("2219"), t.toString());
        Fx.act(g, "{'do':'advance','unit':'b','to':'2219'}");
        assertEquals("2219", Fx.hex(g, "b"));
    }

    @Test
    @DisplayName("NA 12.24: no advance into an unsupplied hex")
    void noAdvanceIntoUnsupplied() {
        // z1 (2122) and z2 (2322) flank the path; after b retreats to 2223 every neighbour of 2222 is
        // British or British-controlled: 2222 is unsupplied for the Axis, 2221 is not
        Fx.Fought f = fight("D2", "br-14-bde", p("z1", "br-1kdg", "british", "2122"), p("z2", "br-11hus", "british", "2322"));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'b','path':['2222','2223']}");
        assertFalse(Fx.eval(g, "rules.supply.suppliedHexes('axis')['2222'] === true").asBoolean());
        List<String> t = targets(g, "a");
        assertTrue(t.contains("2221"), t.toString());
        assertFalse(t.contains("2222"), t.toString());
    }
}
