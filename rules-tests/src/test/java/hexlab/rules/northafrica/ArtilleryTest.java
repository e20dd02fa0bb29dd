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
 * NA 8.0 Artillery. Axis artillery: de-33-arty 4-2-2/1-11 (range 2), de-104-arty 5-2-3/1-11 (range 3).
 * British artillery: br-70-arty 6-3-2/1-9 (FPF 3, range 2, defense 1).
 */
@DisplayName("NA 8.0 Artillery")
class ArtilleryTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    @Test
    @DisplayName("NA 8.12, 8.61: range counts the target hex but not the firer's (2219 reaches 2221 at range 2 over a unit in 2220, 2218 does not)")
    void rangeCounting() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r2", "de-33-arty", "axis", "2219"),
            p("r3", "de-155-arty", "axis", "2218"), p("r4", "de-104-arty", "axis", "2217"),
            p("b", "br-14-bde", "british", "2221"));
        assertTrue(Fx.eval(g, "rules.artillery.inRange(state.pieces.r2, '2221')").asBoolean());
        assertFalse(Fx.eval(g, "rules.artillery.inRange(state.pieces.r3, '2221')").asBoolean());
        assertTrue(Fx.eval(g, "rules.artillery.inRange(state.pieces.r4, '2219')").asBoolean());
        assertFalse(Fx.eval(g, "rules.artillery.inRange(state.pieces.r4, '2221')").asBoolean());
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        assertTrue(Fx.legal(g, "{'do':'add-barrage','unit':'r2'}"));
        Refusal r = Fx.refuse(g, "{'do':'add-barrage','unit':'r3'}");
        assertEquals("8.11", r.rule());
        assertTrue(r.reason().startsWith("r3 (range 2) cannot reach 2221"), r.reason());
    }

    @Test
    @DisplayName("NA 8.11: artillery is never forced to barrage an enemy unit in range")
    void neverForced() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("r2", "de-33-arty", "axis", "2219"), p("b", "br-14-bde", "british", "2221"));
        assertEquals(List.of(Fx.j("{'do':'attack','hex':'2221'}"), Fx.j("{'do':'done'}")), Fx.legal(g));
    }

    @Test
    @DisplayName("NA 8.13: a barrage alone hits a single hex")
    void singleHex() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("r4", "de-104-arty", "axis", "2218"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2220"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-barrage','unit':'r4'}");
        Refusal r = Fx.refuse(g, "{'do':'add-defender','hex':'2220'}");
        assertEquals("8.13", r.rule());
    }

    @Test
    @DisplayName("NA 8.22: in a combined attack on two hexes the artillery need reach only one of them")
    void combinedAttack() {
        // a in 2220 touches b1 (2221) and b2 (2321); r4 in 2621 reaches 2321 (3) but not 2221 (4)
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r4", "de-104-arty", "axis", "2621"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2321"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        assertFalse(Fx.legal(g, "{'do':'add-barrage','unit':'r4'}"));
        Fx.act(g, "{'do':'add-defender','hex':'2321'}");
        assertTrue(Fx.legal(g, "{'do':'add-barrage','unit':'r4'}"));
        Fx.act(g, "{'do':'add-barrage','unit':'r4'}");
        List<JsonNode> ev = Fx.act(g, "{'do':'resolve'}");
        assertEquals(2 + 5 - (4 + 4), Fx.traced(ev, "7.0").path("result").asInt());
    }

    @Test
    @DisplayName("NA 8.14: barraging artillery suffers no combat result; the adjacent attacker does")
    void barrageSuffersNothing() {
        // a 2 + barrage 4 against 5: +1, A1 on a 6
        Fx.Fought f = Fx.seedFor("A1", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r2", "de-33-arty", "axis", "2219"),
            p("b", "br-16-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a("r2"), 0));
        Game g = f.game();
        assertEquals("axis", g.toAct());
        for (JsonNode x : Fx.legal(g)) assertEquals("a", x.path("unit").asText());
        Fx.act(g, "{'do':'retreat','unit':'a','path':['2120']}");
        assertEquals("2219", Fx.hex(g, "r2"));
        assertFalse(Fx.flag(g, "r2", "retreated"));
        assertTrue(Fx.flag(g, "r2", "attacked"));
    }

    @Test
    @DisplayName("NA 8.15: an attack made solely by artillery affects the defender only on a D4")
    void artilleryOnlyD4() {
        // barrage 4 + 5 against 4: +5, D2 on a 3 or 4, D4 on a 1
        Fx.Fought f = Fx.seedFor("D2", s -> Fx.start("axis", s, 0, 0,
            p("r2", "de-33-arty", "axis", "2219"), p("r4", "de-104-arty", "axis", "2218"),
            p("b", "br-14-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a(), Fx.a("r2", "r4"), 0));
        assertEquals("2221", Fx.hex(f.game(), "b"));
        JsonNode t = Fx.traced(f.events(), "8.15");
        assertNotNull(t);
        assertEquals("no effect on the defender", t.path("result").asText());

        Fx.Fought h = Fx.seedFor("D4", s -> Fx.start("axis", s, 0, 0,
            p("r2", "de-33-arty", "axis", "2219"), p("r4", "de-104-arty", "axis", "2218"),
            p("b", "br-14-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a(), Fx.a("r2", "r4"), 0));
        assertNull(Fx.traced(h.events(), "8.15"));
        assertEquals("british", h.game().toAct());
        assertEquals(4, Fx.legal(h.game()).get(0).path("path").size());
    }

    @Test
    @DisplayName("NA 8.31: artillery next to an enemy unit must attack it, with its barrage strength")
    void adjacentMustAttack() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("r2", "de-33-arty", "axis", "2220"), p("b", "br-14-bde", "british", "2221"));
        Refusal r = Fx.refuse(g, "{'do':'done'}");
        assertEquals("7.12", r.rule());
        assertTrue(r.reason().contains("r2 must attack an adjacent enemy unit (8.31)"), r.reason());
        List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a("r2"), Fx.a(), 0);
        JsonNode d = Fx.traced(ev, "7.0");
        assertEquals(0, d.path("result").asInt());
        assertTrue(d.path("text").asText().contains("r2 4 barrage, adjacent (8.31)"), d.path("text").asText());
    }

    @Test
    @DisplayName("NA 8.32: artillery next to an enemy unit may not barrage a non-adjacent one")
    void adjacentNoBarrage() {
        // one ground support point makes 2218 a target; r4, next to b, may not join by barrage
        Game g = Fx.start("axis", 1, 1, 0,
            p("r4", "de-104-arty", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("b2", "br-23-bde", "british", "2218"));
        Fx.act(g, "{'do':'attack','hex':'2218'}");
        Refusal r = Fx.refuse(g, "{'do':'add-barrage','unit':'r4'}");
        assertEquals("8.32", r.rule());
    }

    @Test
    @DisplayName("NA 8.33: artillery attacking from an adjacent hex suffers the result")
    void adjacentSuffers() {
        // barrage 4 against 5: -1, A1 on a 3 to 6
        Fx.Fought f = Fx.seedFor("A1", s -> Fx.start("axis", s, 0, 0,
            p("r2", "de-33-arty", "axis", "2220"), p("b", "br-16-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("r2"), Fx.a(), 0));
        Game g = f.game();
        assertEquals("axis", g.toAct());
        Fx.act(g, "{'do':'retreat','unit':'r2','path':['2219']}");
        assertEquals("2219", Fx.hex(g, "r2"));
        assertTrue(Fx.flag(g, "r2", "noFpf"));
    }

    @Test
    @DisplayName("NA 8.34: artillery may barrage across a bare escarpment hexside, where no other combat is allowed")
    void barrageAcrossEscarpment() {
        // r2 below the El Adem escarpment (0907), the British unit on top (0908)
        Game g = Fx.start("axis", 1, 0, 0,
            p("r2", "de-33-arty", "axis", "0907"), p("b", "br-14-bde", "british", "0908"));
        assertTrue(Fx.legal(g, "{'do':'done'}"));
        Fx.act(g, "{'do':'attack','hex':'0908'}");
        assertTrue(Fx.legal(g, "{'do':'add-barrage','unit':'r2'}"));
        assertFalse(Fx.legal(g, "{'do':'add-attacker','unit':'r2'}"));
    }

    @Test
    @DisplayName("NA 8.41: FPF only from artillery not displaced, not next to an enemy, not hit this Combat Phase or the one before")
    void fpfConditions() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("f", "br-70-arty", "british", "2223"));
        assertTrue(Fx.eval(g, "rules.artillery.canFpf(state.pieces.f, ['2221']).ok").asBoolean());
        Fx.eval(g, "(state.pieces.f.adverse = state.combat.phase - 1, 0)");
        JsonNode prev = Fx.eval(g, "rules.artillery.canFpf(state.pieces.f, ['2221'])");
        assertEquals("8.41", prev.path("rule").asText());
        assertEquals("f suffered a combat result in the previous Combat Phase", prev.path("reason").asText());
        Fx.eval(g, "(state.pieces.f.adverse = undefined, state.pieces.f.displaced = true, 0)");
        assertEquals("f has been displaced this Combat Phase", Fx.eval(g, "rules.artillery.canFpf(state.pieces.f, ['2221']).reason").asText());

        Game h = Fx.start("axis", 1, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("x", "de-2-200-bn", "axis", "2224"), p("f", "br-70-arty", "british", "2223"));
        assertEquals("f is adjacent to enemy unit x", Fx.eval(h, "rules.artillery.canFpf(state.pieces.f, ['2221']).reason").asText());
        // no FPF open: the attack on b is resolved at once
        List<JsonNode> ev = Fx.attack(h, Fx.a("2221"), Fx.a("a"), Fx.a(), 0);
        assertNotNull(Fx.result(ev));
    }

    @Test
    @DisplayName("NA 8.42, 8.43, 8.46: FPF in range of the defended hex is offered after the attack is announced, and adds to the defense")
    void fpfAddsToDefense() {
        // f in 2223 is 2 from the defender (2221) and 3 from the attacker: in range (8.42)
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("f", "br-70-arty", "british", "2223"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        List<JsonNode> none = Fx.act(g, "{'do':'resolve'}");
        assertNull(Fx.result(none));
        assertEquals("british", g.toAct());
        assertTrue(g.view(null).prompt().contains("with 5 (8.46)"), g.view(null).prompt());
        assertEquals(List.of(Fx.j("{'do':'fpf','unit':'f'}"), Fx.j("{'do':'fpf-done'}")), Fx.legal(g));
        Fx.act(g, "{'do':'fpf','unit':'f'}");
        List<JsonNode> ev = Fx.act(g, "{'do':'fpf-done'}");
        JsonNode d = Fx.traced(ev, "7.0");
        assertEquals(5 - (4 + 3), d.path("result").asInt());
        assertTrue(d.path("text").asText().contains("f FPF 3"), d.path("text").asText());

        // from 2218 f is 2 from the attacker but 3 from the defender: out of range
        Game h = Fx.start("axis", 1, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("f", "br-70-arty", "british", "2218"));
        assertEquals("8.42", Fx.eval(h, "rules.artillery.canFpf(state.pieces.f, ['2221']).rule").asText());
    }

    @Test
    @DisplayName("NA 8.44: the FPF artillery is untouched by the result")
    void fpfUnaffected() {
        // 5 against 4 + 3: -2, A1 on a 2 to 5
        Fx.Fought f = Fx.seedFor("A1", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("f", "br-70-arty", "british", "2223")),
            g -> {
                List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0);
                Fx.act(g, "{'do':'fpf','unit':'f'}");
                return Fx.act(g, "{'do':'fpf-done'}");
            });
        Game g = f.game();
        assertEquals("2223", Fx.hex(g, "f"));
        assertFalse(Fx.flag(g, "f", "noFpf"));
        assertEquals(1, Fx.eval(g, "state.pieces.f.fpfUsed").asInt());
        // one FPF per Combat Phase (reading 2)
        assertEquals("7.3", Fx.eval(g, "rules.artillery.canFpf(state.pieces.f, ['2221']).rule").asText());
    }

    @Test
    @DisplayName("NA 8.45: no FPF against an attack made solely by artillery")
    void noFpfAgainstArtillery() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("r2", "de-33-arty", "axis", "2219"), p("b", "br-14-bde", "british", "2221"),
            p("f", "br-70-arty", "british", "2223"));
        List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a(), Fx.a("r2"), 0);
        assertNotNull(Fx.result(ev));
        assertEquals(4 - 4, Fx.traced(ev, "7.0").path("result").asInt());
    }

    @Test
    @DisplayName("NA 8.5: an artillery unit under attack defends with its Defense Strength (1); its FPF (3) does not count")
    void defendsWithDefense() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("f", "br-70-arty", "british", "2221"));
        List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0);
        assertEquals(5 - 1, Fx.traced(ev, "7.0").path("result").asInt());
    }

    @Test
    @DisplayName("NA 8.62: against artillery alone the defender keeps its hex terrain but no hexside benefit")
    void terrainAgainstArtillery() {
        // b in 1203 behind the British minefield 1203/1303, a in 1303 across it, r2 in 1403 further east
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "1303"), p("r2", "de-33-arty", "axis", "1403"),
            p("b", "br-14-bde", "british", "1203"), p("t", "br-23-bde", "british", "1103"));
        assertEquals("mixed", Fx.eval(g, "rules[\"combat-terrain\"].line([], ['b'], ['r2'])").asText());
        assertEquals("enemy-minefield", Fx.eval(g, "rules[\"combat-terrain\"].line(['a'], ['b'], ['r2'])").asText());
        // the Town of Tobruk counts against a barrage
        assertEquals("broken-ridge-stream-town", Fx.eval(g, "rules[\"combat-terrain\"].line([], ['t'], ['r2'])").asText());
    }
}
