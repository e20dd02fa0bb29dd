package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 3.0 the sequence of play: the phases of a day, the halves, clean-up, the turn record. */
class SequenceTest {
    /** The steps of the sequence section and the steps it runs, as their traces name them. */
    static final Set<String> STEPS = Set.of("5.11", "5.2, 5.33", "5.12", "B.135", "4.41", "16.2", "16.3", "3.3", "7.13", "3.5", "3.6", "3.7", "15.1");

    static List<String> steps(List<JsonNode> events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String r = e.path("rule").asText();
            if (e.path("turn").asInt() == 0) continue;                      // the setup's own traces
            if (STEPS.contains(r) || (r.equals("15.21") && e.path("table").asText().equals("victory/withdrawal-trigger"))) {
                out.add(e.path("turn").asInt() + ":" + r + (r.equals("B.135") ? " " + e.path("result").asText() : ""));
            }
        }
        return out;
    }

    @Test
    @DisplayName("FoT 3.0 a day is Dawn, the AM phases, the PM phases and Dusk; 3.7 victory after the last day")
    void dayOrder() {
        Game g = start(scenario(3, 4), 1);
        List<JsonNode> events = playThrough(g);
        List<String> half = List.of("4.41", "3.3", "7.13", "3.5");
        List<String> want = new ArrayList<>();
        for (int t = 3; t <= 4; t++) {
            if (t > 3) want.addAll(List.of(t + ":5.11", t + ":5.2, 5.33", t + ":5.12"));
            for (String h : List.of("AM", "PM")) {
                want.add(t + ":B.135 " + h);
                for (String s : half) want.add(t + ":" + s);
            }
            want.addAll(List.of(t + ":3.6", t + ":15.21", t + ":3.7"));
        }
        want.add("4:15.1");
        assertEquals(want, steps(events));
        assertTrue(g.over());
        assertEquals("allied", g.result().path("winner").asText());
    }

    @Test
    @DisplayName("FoT 3.1 NOTE the Reinforcement/Replacement phase is skipped on the first turn of either scenario")
    void noDawnOnFirstTurn() {
        for (int first : new int[] {1, 2, 5}) {
            List<JsonNode> events = playThrough(start(scenario(first, first + 1), 1));
            List<JsonNode> dawn = withRule(events, "5.11");
            assertEquals(1, dawn.size(), "one Dawn phase in two days from turn " + first);
            assertEquals(first + 1, dawn.get(0).path("turn").asInt());
        }
    }

    @Test
    @DisplayName("FoT 3.7 B.5 the turn record: May 26 is game-turn 1, one day a turn")
    void turnRecord() {
        Game g = bare(3);
        assertEquals("May 26", js(g, "rules.sequence.date(1)").asText());
        assertEquals("May 27", js(g, "rules.sequence.date(2)").asText());
        assertEquals("May 31", js(g, "rules.sequence.date(6)").asText());
        assertEquals("June 1", js(g, "rules.sequence.date(7)").asText());
        assertEquals(27, js(g, "rules.sequence.turnOf('June 21')").asInt());
        assertEquals("May 28", js(g, "state.date").asText());
    }

    @Test
    @DisplayName("FoT B.135 3.5 the AM half comes before the PM half; after the PM Clean-Up the Dusk phases")
    void halves() {
        Game g = start(scenario(3, 3), 1);
        List<String> marks = new ArrayList<>();
        for (JsonNode e : withRule(playThrough(g), "B.135")) marks.add(e.path("result").asText());
        assertEquals(List.of("AM", "PM"), marks);
        assertEquals("dusk", js(g, "state.half").asText());
    }

    @Test
    @DisplayName("FoT 3.5 12.3 Clean-Up: disrupted units recover; Operations Complete and the phase's markers come off")
    void cleanUp() {
        Game g = bare(3);
        place(g, "de-15xx-1-8", "3030");
        place(g, "de-15xx-ii-33", "3031");
        run(g, "const a = state.pieces['de-15xx-1-8'], b = state.pieces['de-15xx-ii-33'];"
                + "a.disrupted = true; a.moved = true; a.fought = true; a.opsComplete = true; a.moves = 1; a.combats = 1;"
                + "b.bombarded = true; b.moveMarker = 'half-move-half-fire'; state.half = 'AM'; rules.sequence.cleanUp();");
        JsonNode a = js(g, "state.pieces['de-15xx-1-8']"), b = js(g, "state.pieces['de-15xx-ii-33']");
        for (String f : List.of("disrupted", "moved", "fought", "opsComplete")) assertFalse(a.path(f).asBoolean(), f);
        assertEquals(0, a.path("moves").asInt());
        assertFalse(b.path("bombarded").asBoolean());
        assertTrue(b.path("moveMarker").isNull());
        assertEquals("AM", js(g, "state.half").asText(), "the AM Clean-Up leaves the PM half to the marker");
        run(g, "state.half = 'PM'; rules.sequence.cleanUp();");
        assertEquals("dusk", js(g, "state.half").asText());
    }

    /** The Axis activation decision of a small position: 15th Panzer next to a British battalion. */
    static Game axisActivation() {
        Game g = start(scenario(3, 3, "de-15xx-hq@3030", "de-15xx-1-8@3030", "de-15xx-4-8@3130",
                "br-50xx-hq@3430", "br-50xx-5-gh@3230"), 2);
        for (int guard = 0; guard < 50 && !g.over(); guard++) {
            boolean activation = g.view(null).prompt().startsWith("choose the next impulse");
            if (activation && "axis".equals(g.toAct())) return g;
            take(g, activation ? "\"end\"" : "\"done\"");
        }
        throw new AssertionError("no Axis activation in the AM of " + js(g, "state.date"));
    }

    static boolean offers(Game g, String impulse) { return find(g, "\"impulse\":\"" + impulse + "\"") >= 0; }

    @Test
    @DisplayName("FoT 3.4 Cardinal Rule 1: the impulses of an activation in any order, each again while it is open")
    void cardinalRuleOne() {
        Game g = axisActivation();
        assertTrue(offers(g, "movement"));
        assertTrue(offers(g, "combat"), "4/8 stands next to 5 GH: a Combat Impulse before any movement");
        assertTrue(find(g, "\"end\"") >= 0);
        take(g, "\"impulse\":\"movement\"");
        take(g, "\"unit\":\"de-15xx-1-8\"");
        take(g, "\"to\"");
        assertTrue(g.view(null).prompt().startsWith("choose the next impulse"), g.view(null).prompt());
        assertTrue(offers(g, "movement"), "a second Movement Impulse: 4/8 has not moved");
        assertTrue(offers(g, "combat"), "combat after movement");
        assertTrue(js(g, "state.pieces['de-15xx-1-8'].moved").asBoolean());
    }

    @Test
    @DisplayName("FoT 3.4 a ground unit moves in one Movement Impulse per Operations Phase; the invariant flags a second")
    void oneMovePerPhase() {
        Game g = axisActivation();
        take(g, "\"impulse\":\"movement\"");
        take(g, "\"unit\":\"de-15xx-1-8\"");
        take(g, "\"to\"");
        if (offers(g, "movement")) {
            take(g, "\"impulse\":\"movement\"");
            assertEquals(-1, find(g, "\"unit\":\"de-15xx-1-8\""), "1/8 is not offered a second move");
        }
        assertTrue(g.invariantViolations().isEmpty(), g.invariantViolations().toString());
        run(g, "state.pieces['de-15xx-1-8'].moves = 2; state.pieces['de-15xx-4-8'].combats = 2;");
        List<String> v = g.invariantViolations();
        assertTrue(v.stream().anyMatch(x -> x.startsWith("3.4: de-15xx-1-8 took part in 2 Movement Impulses")), v.toString());
        assertTrue(v.stream().anyMatch(x -> x.startsWith("3.4: de-15xx-4-8 took part in 2 Combat Impulses")), v.toString());
    }

    @Test
    @DisplayName("FoT 4.21 4.1 7.2 the invariants: 24 SPs at most in a hex, no hex of both sides, no AP beyond the roll")
    void invariants() {
        Game g = bare(3);
        assertTrue(g.invariantViolations().isEmpty(), g.invariantViolations().toString());
        for (String u : List.of("de-15xx-i-115", "de-21xx-iii-104", "de-90xx-hq")) place(g, u, "3030");
        run(g, "for (const id of ['de-15xx-i-115', 'de-21xx-iii-104']) state.pieces[id].sp = 12;"
                + "state.activation = {marker: '15xx', side: 'axis', formations: ['15xx'], column: 'Ger Div', ap: 2, apSpent: 3, stacks: {}, hqs: []};");
        List<String> v = g.invariantViolations();
        assertFalse(v.stream().anyMatch(x -> x.startsWith("4.21: ")), "24 SPs are allowed: " + v);
        run(g, "state.pieces['de-15xx-i-115'].sp = 13;");
        place(g, "br-50xx-5-gh", "3030");
        v = g.invariantViolations();
        assertTrue(v.stream().anyMatch(x -> x.startsWith("4.21: ")), v.toString());
        assertTrue(v.stream().anyMatch(x -> x.startsWith("4.1: units of both sides in 3030")), v.toString());
        assertTrue(v.stream().anyMatch(x -> x.startsWith("7.2: 15xx spent 3 AP")), v.toString());
    }

    @Test
    @DisplayName("FoT 4.12 NOTE the invariant: an activation that ends with a unit still owing a forced attack is reported, with the unit")
    void activationEndingWithAForcedAttackOwed() {
        String activation = "state.activation = {marker: '15xx', side: 'axis', formations: ['15xx'], column: 'Ger Div', ap: 2, apSpent: 1, stacks: {'3030': ['de-15xx-1-8']}, hqs: []};";
        Game g = bare(3);
        place(g, "de-15xx-1-8", "3030");
        place(g, "br-50xx-5-gh", "3031");
        run(g, "state.pieces['br-50xx-5-gh'].sp = 12; state.weather = 'clear';"
                + activation);
        assertEquals(2, js(g, "rules.zoc.level('3030', 'allied')").asInt(), js(g, "rules.zoc.explain('3030', 'allied')").toString());
        assertTrue(g.invariantViolations().isEmpty(), "not while the activation runs: " + g.invariantViolations());
        run(g, "rules.activation.end();");
        assertEquals("[\"de-15xx-1-8\"]", js(g, "state.lastActivation.owed").toString());
        assertTrue(g.invariantViolations().stream().anyMatch(x -> x.startsWith("4.12: the activation of 15xx ended with de-15xx-1-8")), g.invariantViolations().toString());

        run(g, "state.pieces['de-15xx-1-8'].fought = true;"
                + activation + "rules.activation.end();");
        assertTrue(g.invariantViolations().isEmpty(), "once it has attacked: " + g.invariantViolations());
    }
}
