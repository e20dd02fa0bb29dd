package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.rules.EditedRules;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RoT 10.0-10.1 and 10.4-10.6, mostly on the open hamada around 3025 (neighbours 3024 N, 3026 S,
 * 2925 NW, 2926 SW, 3125 NE, 3126 SE), the ditch/wire and bunker of 1023 for 10.8 and 15.0.
 * The CRT is a placeholder: the rolls below are dealt to reach its cells.
 */
@DisplayName("RoT 10.0 Combat")
class CombatTest {
    static final String AU = "au-2-24-a";     // 3-5-4
    static final String MG1 = "de-mg2-1";     // 3-4-5
    static final String MG2 = "de-mg2-2";
    static final String MGHQ = "de-mg2-hq";

    /** A German MG2 activation past its movement: the combat decision is asked. */
    static Game combat(String... pieces) {
        Game g = game("MG2", pieces);
        take(g, "\"done\"");
        assertTrue(g.view(null).prompt().contains("attack, fire, barrage"), g.view(null).prompt());
        return g;
    }

    static JsonNode crtEntry(List<JsonNode> ev) {
        for (JsonNode e : ev) if ("combat/crt".equals(e.path("table").asText())) return e;
        throw new AssertionError("no CRT entry in " + ev);
    }

    @Test
    @DisplayName("RoT 10.1: the strengths as a ratio, fractions down (against the attacker below 1-1); above 5-1 is 5-1, below 1-4 is 1-4")
    void ratio() {
        Game g = combat(MG1 + "@3026", MG2 + "@3126", MGHQ + "@3027", AU + "@3025");
        dealNext(g, "33");
        List<JsonNode> ev = act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\"]}");
        JsonNode e = crtEntry(ev);
        assertEquals("1-1", e.path("cell").path("column").asText(), "6 against 5");
        assertEquals(6, e.path("cell").path("row").asInt());
        assertEquals("-", e.path("result").asText());
        assertTrue(e.path("placeholder").asBoolean(), "the CRT is a placeholder: the trace says so");
        Game one = combat(MG1 + "@3026", MGHQ + "@3027", AU + "@3025");
        assertEquals("1-2", crtEntry(act(one, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\"]}")).path("cell").path("column").asText(), "3 against 5");
        Game big = combat(MG1 + "@3026", MGHQ + "@3027", "au-2-24-hq@3025");
        assertEquals("1-1", crtEntry(act(big, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\"]}")).path("cell").path("column").asText(), "3 against the HQ's 2: 1.5, down to 1");
    }

    @Test
    @DisplayName("RoT 10.1 step 3, 10.8, 15.0 example: across the ditch/wire into a bunker hex, both modifiers: +5")
    void bunkerAcrossWire() {
        Game g = game("MG2", "de-mg2-1@0924", "de-mg2-2@0923", MGHQ + "@0824", AU + "@1023");
        take(g, "\"done\"");
        JsonNode e = crtEntry(act(g, "{\"do\":\"attack\",\"hex\":\"1023\",\"units\":[\"de-mg2-1\",\"de-mg2-2\"]}"));
        assertTrue(e.path("text").asText().contains("+5 bunker across ditch/wire"), e.path("text").asText());
        Game inside = game("MG2", "de-mg2-1@0924", "de-mg2-2@1022", MGHQ + "@0824", AU + "@1023");
        take(inside, "\"done\"");
        JsonNode f = crtEntry(act(inside, "{\"do\":\"attack\",\"hex\":\"1023\",\"units\":[\"de-mg2-1\",\"de-mg2-2\"]}"));
        assertTrue(f.path("text").asText().contains("+4 bunker"), "one attacker not across the wire: the bunker only (10.1 note): " + f.path("text").asText());
        assertFalse(f.path("text").asText().contains("ditch"), f.path("text").asText());
    }

    @Test
    @DisplayName("RoT 10.8: every attacker across a ditch/wire hexside into a hex without a bunker: +3")
    void acrossWire() {
        Game g = game("MG2", "de-mg2-1@0923", "de-mg2-2@0922", MGHQ + "@0824", AU + "@1022");
        take(g, "\"done\"");
        String text = crtEntry(act(g, "{\"do\":\"attack\",\"hex\":\"1022\",\"units\":[\"de-mg2-1\",\"de-mg2-2\"]}")).path("text").asText();
        assertTrue(text.contains("+3 across ditch/wire"), text);
        assertFalse(text.contains("bunker"), text);
    }

    @Test
    @DisplayName("RoT 10.1 step 3: the hex terrain's modifier: +2 on a hill, +3 in the town (terrain.yaml, a placeholder), none on hamada")
    void terrainModifiers() {
        Game g = game("MG2", MG1 + "@3026", AU + "@3025");
        assertEquals("[2]", js(g, "rules.fortifications.attackModifiers([], '1629', {}).map((m) => m.value)").toString(), "1629 is a hill");
        assertEquals("[3]", js(g, "rules.fortifications.attackModifiers([], '4614', {}).map((m) => m.value)").toString(), "4614 is in the town");
        assertEquals("[]", js(g, "rules.fortifications.attackModifiers([], '3025', {}).map((m) => m.value)").toString(), "3025 is hamada");
    }

    @Test
    @DisplayName("RoT 10.4: AP: half the attacking units, fractions down, eliminated, the attacker choosing which")
    void attackerHalfEliminated() {
        Game g = combat(MG1 + "@3026", MG2 + "@3126", MGHQ + "@3027", AU + "@3025");
        dealNext(g, "55");
        JsonNode e = crtEntry(act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\"]}"));
        assertEquals("AP", e.path("result").asText(), "1-1, roll 10");
        assertEquals("axis", g.toAct());
        assertTrue(g.view(null).prompt().startsWith("AP: choose"), g.view(null).prompt());
        take(g, "\"unit\":\"" + MG2 + "\"");
        assertEquals("eliminated", piece(g, MG2).path("at").asText());
        assertEquals("3026", piece(g, MG1).path("hex").asText(), "one of two: the other stays");
    }

    @Test
    @DisplayName("RoT 16.0, 10.8: with an engineer the bunker's +4 is halved to +2, and a German engineer cancels the ditch/wire")
    void engineers() {
        Game g = game("Pio33", "de-pio33-1@0924", "de-pio33-2@0923", "de-pio33-hq@0824", AU + "@1023");
        take(g, "\"done\"");
        JsonNode e = crtEntry(act(g, "{\"do\":\"attack\",\"hex\":\"1023\",\"units\":[\"de-pio33-1\",\"de-pio33-2\"]}"));
        String text = e.path("text").asText();
        assertTrue(text.contains("+2 bunker (halved: engineer, 16.0)"), text);
        assertFalse(text.contains("+5"), text);
    }

    /** Odd penalties in a ravine hex with a bunker, where halving each and halving their sum differ. */
    static final EditedRules ODD = new EditedRules("rats-of-tobruk").erratum("odd-penalties",
            "- {op: replace, path: terrain/combat-modifiers/ravine, value: 3}\n- {op: replace, path: fortifications/modifiers/bunker, value: 5}");

    @Test
    @DisplayName("RoT 16.0 example: in a ravine hex with a bunker (1017) an engineer halves each penalty on its own, fractions down, not their sum")
    void engineerHalvesEachPenalty() {
        String attack = "rules.fortifications.attackModifiers([state.pieces['de-pio33-1']], '1017', {}).map((m) => m.value)";
        Game g = game("Pio33", "de-pio33-1@1016", AU + "@1017");
        assertEquals("[2,4]", js(g, "rules.fortifications.attackModifiers([], '1017', {}).map((m) => m.value)").toString(), "without an engineer: the ravine's 2, the bunker's 4");
        assertEquals("[1,2]", js(g, attack).toString(), "each halved");
        Variant v = ODD.variant("errata:odd-penalties");
        Game odd = ODD.start(v, scenario(1, 20, "de-pio33-1@1016", AU + "@1017"), 1);
        assertEquals("[1,2]", EditedRules.eval(odd, attack).toString(), "3 and 5 halved one by one, fractions down: 1 + 2 = 3, where (3 + 5) / 2 would give 4");
    }

    @Test
    @DisplayName("RoT 10.1 step 4, 14.1: +1 on an evening turn, +3 in a sandstorm; the net roll is never above 12")
    void turnAndWeatherModifiers() {
        Game g = combat(MG1 + "@3026", MGHQ + "@3027", AU + "@3025");
        set(g, "state.turnKind = 'evening'; state.weather = 'sandstorm';");
        dealNext(g, "66");
        JsonNode e = crtEntry(act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\"]}"));
        assertTrue(e.path("text").asText().contains("+1 evening turn +3 sandstorm"), e.path("text").asText());
        assertEquals(12, e.path("cell").path("row").asInt(), "6 + 6 + 4 = 16, read as 12");
    }

    @Test
    @DisplayName("RoT 10.1 step 5: a night attack rolls three dice")
    void nightAttack() {
        Game g = combat(MG1 + "@3026", MGHQ + "@3027", AU + "@3025");
        set(g, "state.turnKind = 'night';");
        List<JsonNode> ev = act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\"]}");
        assertEquals(3, crtEntry(ev).path("dice").size());
    }

    @Test
    @DisplayName("RoT 10.4: AC: the attacker chooses the unit that is depleted; DD: the defender the one eliminated, never a stacked HQ")
    void casualtiesChosen() {
        Game g = combat(MG1 + "@3026", MG2 + "@3126", MGHQ + "@3027", AU + "@3025");
        dealNext(g, "44");
        act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\"]}");
        assertEquals("axis", g.toAct());
        assertTrue(g.view(null).prompt().startsWith("AC: choose the unit to deplete"), g.view(null).prompt());
        take(g, "\"unit\":\"" + MG2 + "\"");
        assertTrue(piece(g, MG2).path("depleted").asBoolean());
        Game d = combat(MG1 + "@3026", MG2 + "@3126", MGHQ + "@3027", AU + "@3025", "au-2-24-b@3025", "au-2-24-hq@3025");
        dealNext(d, "12");
        act(d, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\"]}");
        assertEquals("allied", d.toAct());
        List<JsonNode> acts = d.legalActions();
        assertEquals(2, acts.size(), "the two companies, not the HQ: " + acts);
        assertTrue(acts.stream().noneMatch((a) -> a.toString().contains("au-2-24-hq")));
    }

    @Test
    @DisplayName("RoT 10.5: DR: the defenders retreat two hexes, each hex closer to their battalion HQ, never into an EZOC")
    void retreat() {
        Game g = combat(MG1 + "@3026", MG2 + "@3126", MGHQ + "@3027", AU + "@3025", "au-2-24-hq@3021");
        dealNext(g, "23");
        act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\"]}");
        assertEquals("allied", g.toAct());
        List<JsonNode> routes = g.legalActions();
        assertFalse(routes.isEmpty());
        for (JsonNode r : routes) {
            String h2 = r.path("route").get(1).asText();
            int d = js(g, "map.distance('" + h2 + "', '3021')").asInt();
            assertTrue(d < 4, "each route ends closer to the HQ at 3021 (4 away): " + r);
        }
        take(g, "retreat");
        int d = js(g, "map.distance(state.pieces['" + AU + "'].hex, '3021')").asInt();
        assertEquals(2, d, "two hexes closer");
    }

    @Test
    @DisplayName("RoT 10.5, 8.0 e: a unit that cannot retreat (EZOCs all round) is eliminated")
    void retreatBlocked() {
        Game g = combat(MG1 + "@3026", MG2 + "@3024", "de-mg2-3@2925", MGHQ + "@3027", "de-mg8-1@3125", AU + "@3025", "au-2-24-hq@3021");
        dealNext(g, "23");
        act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\",\"de-mg2-3\"]}");
        assertEquals("eliminated", piece(g, AU).path("at").asText());
    }

    @Test
    @DisplayName("RoT 10.6: after the defenders go, attackers may advance into the hex; a tracked unit one hex further, EZOCs ignored")
    void advance() {
        Game g = game("I/Pz5", "de-1pz5-1@3026", "de-1pz5-hq@3027", AU + "@3025", "au-2-24-b@3023");
        take(g, "\"done\"");
        dealNext(g, "11");
        act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"de-1pz5-1\"]}");
        assertEquals("eliminated", piece(g, AU).path("at").asText(), "DE at 1-1 on a 2 (placeholder CRT)");
        take(g, "\"do\":\"advance\",\"unit\":\"de-1pz5-1\",\"to\":\"3025\"");
        assertTrue(find(g, "\"to\":\"3024\"") >= 0, "one hex further, into the EZOC of 3023");
        take(g, "\"to\":\"3024\"");
        assertEquals("3024", hex(g, "de-1pz5-1"));
    }

    @Test
    @DisplayName("RoT 10.0: a unit beyond its HQ's activation range may not attack, unless Australian in a friendly bunker hex")
    void attackRange() {
        Game g = game("2/24", AU + "@1023", "au-2-24-hq@3030", MG1 + "@0924");
        take(g, "\"done\"");
        assertTrue(find(g, "\"do\":\"attack\",\"hex\":\"0924\"") >= 0, "the Australian company in the bunker 1023");
        Game h = game("2/24", AU + "@3025", "au-2-24-hq@3030", MG1 + "@3026");
        set(h, "state.pieces['au-2-24-hq'].hex = '3033';");
        take(h, "\"done\"");
        assertEquals(-1, find(h, "\"do\":\"attack\""), "8 hexes from its HQ, in no bunker");
    }

    @Test
    @DisplayName("RoT 10.1 note: a unit pinned by direct fire does not attack this turn")
    void pinned() {
        Game g = combat(MG1 + "@3026", MGHQ + "@3027", AU + "@3025");
        set(g, "state.pieces['" + MG1 + "'].pinned = true;");
        assertEquals(-1, find(g, "\"do\":\"attack\""));
    }
}
