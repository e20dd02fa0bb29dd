package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.util.Json;
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
 * NA 7.7 How to retreat (7.71-7.76), 7.8 Displacement (7.81-7.83), 12.24 retreat and supply.
 * The Axis unit a in 2220 attacks the British unit b in 2221 (5 against 4, +1 on Mixed: D1 on a
 * die roll of 3, D2 on 2); other units shape the retreat.
 */
@DisplayName("NA 7.7-7.8 Retreat and displacement")
class RetreatTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    private static Fx.Fought fight(String want, String... others) {
        return Fx.seedFor(want, s -> {
            String[] all = new String[others.length + 2];
            all[0] = p("a", "de-1-8-pz", "axis", "2220");
            all[1] = p("b", "br-14-bde", "british", "2221");
            System.arraycopy(others, 0, all, 2, others.length);
            return Fx.start("axis", s, 0, 0, all);
        }, g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
    }

    @Test
    @DisplayName("NA 7.71: a retreat may leave the enemy zone of control but never enter one: hemmed in, the unit is lost")
    void noEnemyZoc() {
        // x1 in 2123 and x2 in 2323 put 2122, 2222 and 2322 in Axis zones of control; a covers 2121 and 2321
        Fx.Fought f = fight("D1", p("x1", "de-2-200-bn", "axis", "2123"), p("x2", "de-33-bn", "axis", "2323"));
        Game g = f.game();
        assertNull(Fx.hex(g, "b"));
        assertEquals("eliminated", Fx.at(g, "b"));
        JsonNode t = Fx.traced(f.events(), "7.74");
        assertNotNull(t);
        assertEquals("b cannot retreat a single hex (1 required): eliminated in 2221", t.path("text").asText());
    }

    @Test
    @DisplayName("NA 7.71: the retreat starts in the attacker's zone of control and takes the free hexes")
    void leavesZoc() {
        Fx.Fought f = fight("D1");
        Game g = f.game();
        assertEquals("british", g.toAct());
        assertEquals(Fx.j("[{'do':'retreat','unit':'b','path':['2122']},{'do':'retreat','unit':'b','path':['2222']},{'do':'retreat','unit':'b','path':['2322']}]"),
            Json.MAPPER.valueToTree(Fx.legal(g)));
    }

    @Test
    @DisplayName("NA 7.72: no retreat across a bare escarpment hexside or into the sea")
    void prohibited() {
        // b on top of the El Adem escarpment (0908): 0907 lies below a bare escarpment hexside,
        // 1007 below the road; a in 0909 controls 0808 and 1008
        Fx.Fought f = Fx.seedFor("D1", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-1-8-pz", "axis", "0909"), p("b", "br-14-bde", "british", "0908")),
            g -> Fx.attack(g, Fx.a("0908"), Fx.a("a"), Fx.a(), 0));
        assertEquals(Fx.j("[{'do':'retreat','unit':'b','path':['0807']},{'do':'retreat','unit':'b','path':['1007']}]"),
            Json.MAPPER.valueToTree(Fx.legal(f.game())));

        // b in 2305 on the coast (2304 and 2404 are sea); a in 2306 controls 2205 and 2405:
        // the one way out is 2204, taken without asking. 5 + 10 ground support against 4 on Broken: +11, D1 on a 5
        Fx.Fought h = Fx.seedFor("D1", s -> Fx.start("axis", s, 10, 0,
            p("a", "de-1-8-pz", "axis", "2306"), p("b", "br-14-bde", "british", "2305")),
            g -> Fx.attack(g, Fx.a("2305"), Fx.a("a"), Fx.a(), 10));
        assertEquals("2204", Fx.hex(h.game(), "b"));
        JsonNode t = Fx.traced(h.events(), "7.7");
        assertEquals("b retreats 1 hex: 2305 -> 2204", t.path("text").asText());
    }

    @Test
    @DisplayName("NA 7.73: through vacant hexes where possible: a friendly unit in the way is passed by")
    void vacantFirst() {
        // x1 in 2022 controls 2122; the friendly b2 stands in 2222; 2322 is vacant and free: the only choice
        Fx.Fought f = fight("D1", p("x1", "de-2-200-bn", "axis", "2022"), p("b2", "br-23-bde", "british", "2222"));
        Game g = f.game();
        assertEquals("2322", Fx.hex(g, "b"));
        assertEquals("2222", Fx.hex(g, "b2"));
        assertFalse(Fx.flag(g, "b2", "displaced"));
    }

    @Test
    @DisplayName("NA 7.81: with no other route the retreating unit displaces the friendly unit in its way")
    void displacement() {
        // x1 (2022) controls 2122 and 2123, x2 (2422) controls 2322 and 2323: b's only way is through b2 in 2222,
        // and b2's only free hex is 2223
        Fx.Fought f = fight("D1", p("x1", "de-2-200-bn", "axis", "2022"), p("x2", "de-33-bn", "axis", "2422"),
            p("b2", "br-23-bde", "british", "2222"));
        Game g = f.game();
        assertEquals("2222", Fx.hex(g, "b"));
        assertEquals("2223", Fx.hex(g, "b2"));
        assertTrue(Fx.flag(g, "b2", "displaced"));
        JsonNode t = Fx.traced(f.events(), "7.81");
        assertEquals("b2 displaced 2222 -> 2223 to let b retreat", t.path("text").asText());
    }

    @Test
    @DisplayName("NA 7.82 chain: a displaced unit with no free hex displaces the next friendly unit, and so on")
    void displacementChain() {
        // as above, but b3 holds 2223: b displaces b2, which can only go to 2223, so b3 moves first;
        // b3 has three free hexes and its owner chooses
        Fx.Fought f = fight("D1", p("x1", "de-2-200-bn", "axis", "2022"), p("x2", "de-33-bn", "axis", "2422"),
            p("b2", "br-23-bde", "british", "2222"), p("b3", "br-5nz-bde", "british", "2223"));
        Game g = f.game();
        assertEquals("british", g.toAct());
        assertEquals(Fx.j("[{'do':'displace','unit':'b3','to':'2124'},{'do':'displace','unit':'b3','to':'2224'},{'do':'displace','unit':'b3','to':'2324'}]"),
            Json.MAPPER.valueToTree(Fx.legal(g)));
        assertNotNull(Fx.traced(f.events(), "7.82"));
        List<JsonNode> ev = Fx.act(g, "{'do':'displace','unit':'b3','to':'2224'}");
        assertEquals("2222", Fx.hex(g, "b"));
        assertEquals("2223", Fx.hex(g, "b2"));
        assertEquals("2224", Fx.hex(g, "b3"));
        assertTrue(Fx.flag(g, "b2", "displaced"));
        assertTrue(Fx.flag(g, "b3", "displaced"));
        JsonNode last = null;
        for (JsonNode e : ev) if ("7.81".equals(e.path("rule").asText())) last = e;
        assertEquals("b2 displaced 2222 -> 2223 to let b retreat", last.path("text").asText());
    }

    @Test
    @DisplayName("NA 7.82: if displacing would destroy the unit in the way, the retreating unit is lost instead")
    void displacementWouldDestroy() {
        // b2 in 2222 is hemmed in too (x3 in 2224 controls 2223): b is eliminated, b2 stays
        Fx.Fought f = fight("D1", p("x1", "de-2-200-bn", "axis", "2022"), p("x2", "de-33-bn", "axis", "2422"),
            p("x3", "de-900-bn", "axis", "2224"), p("b2", "br-23-bde", "british", "2222"));
        Game g = f.game();
        assertEquals("eliminated", Fx.at(g, "b"));
        assertEquals("2222", Fx.hex(g, "b2"));
        assertFalse(Fx.flag(g, "b2", "displaced"));
    }

    @Test
    @DisplayName("NA 7.74: a unit that cannot go the full distance is lost where its retreat ends")
    void partialRetreat() {
        // D2: 2222 is the only first hex (x1 and x2 control the rest) and x3 in 2224 controls 2223; 2123, 2323 are controlled too
        Fx.Fought f = fight("D2", p("x1", "de-2-200-bn", "axis", "2022"), p("x2", "de-33-bn", "axis", "2422"),
            p("x3", "de-900-bn", "axis", "2224"));
        Game g = f.game();
        assertEquals("eliminated", Fx.at(g, "b"));
        JsonNode t = Fx.traced(f.events(), "7.74");
        assertEquals("b retreats 2221 -> 2222 but cannot go the 2 hexes required: eliminated in 2222", t.path("text").asText());
        // 7.74, 7.91: the path of retreat ends in the hex it was lost in: a may advance along 2221, 2222
        assertEquals("axis", g.toAct());
        assertTrue(Fx.legal(g, "{'do':'advance','unit':'a','to':'2222'}"));
    }

    @Test
    @DisplayName("NA 7.76: a retreating unit crosses friendly and enemy minefields freely")
    void minefields() {
        // British phasing: b in 0806 attacks the Axis x in 0805. b controls 0706 and 0906; y in 0604 controls 0705.
        // x's only ways out cross the British minefield hexsides 0804/0805 and 0805/0905.
        Fx.Fought f = Fx.seedFor("D1", s -> Fx.start("british", s, 0, 0,
            p("b", "br-8rtr", "british", "0806"), p("y", "br-1kdg", "british", "0604"),
            p("x", "it-20-inf", "axis", "0805")),
            g -> Fx.attack(g, Fx.a("0805"), Fx.a("b"), Fx.a(), 0));
        assertEquals(Fx.j("[{'do':'retreat','unit':'x','path':['0804']},{'do':'retreat','unit':'x','path':['0905']}]"),
            Json.MAPPER.valueToTree(Fx.legal(f.game())));
    }

    @Test
    @DisplayName("NA 12.24: a retreat ends in a supplied hex unless only unsupplied hexes avoid elimination")
    void supplyOfTheRetreatHex() {
        // x1 (2223) and x2 (1922) cut 2122 off: every hex round it is controlled by an Axis unit, so
        // a British unit there is unsupplied; 2322 still opens to the east
        Fx.Fought f = fight("D1", p("x1", "de-2-200-bn", "axis", "2223"), p("x2", "de-33-bn", "axis", "1922"));
        Game g = f.game();
        JsonNode sup = Fx.eval(g, "rules.supply.suppliedHexes('british')");
        assertFalse(sup.path("2122").asBoolean());
        assertEquals("2322", Fx.hex(g, "b"));

        // with 2322 controlled too (x3 in 2422) the unsupplied 2122 is the only way: taken
        Fx.Fought h = fight("D1", p("x1", "de-2-200-bn", "axis", "2223"), p("x2", "de-33-bn", "axis", "1922"),
            p("x3", "de-900-bn", "axis", "2422"));
        assertEquals("2122", Fx.hex(h.game(), "b"));
    }
}
