package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crusader 18.1-18.3: the British diversion, the Axis penalty, exiting the map; DG computer-edition options. */
class DiversionTest {

    static Game turnSix(String spec, long seed) {
        return Fixtures.start(Fixtures.crusader(spec), Fixtures.scenario(6, 8, "british", "campaign", true, null,
                "de-1-8-pz@1605", "br-8rtr@3419"), seed);
    }

    /** Turn 8, Axis player-turn, diversion succeeded earlier with {@code required} German exits. */
    static Game turnEight(String spec, int required, String... pieces) {
        Game g = Fixtures.start(Fixtures.crusader(spec), Fixtures.scenario(8, 9, "axis", "campaign", true, null, pieces), 1);
        Fixtures.eval(g, "Object.assign(state.diversion, {rolled: true, success: true, rolls: [6, 6], required: " + required + "})");
        return g;
    }

    static void exit(Game g, String id) {
        Fixtures.eval(g, "(function(p){ p.hex = null; p.at = 'exited'; state.exited.push(p.id); return p.id; })(ctx.piece('" + id + "'))");
    }

    @ParameterizedTest(name = "seed {0}: rolls {1} then {2}: {3} German units")
    @CsvSource({"19, 1, 0, 0", "13, 2, 0, 0", "5, 3, 0, 0", "3, 4, 0, 0",
            "18, 5, 1, 1", "1, 6, 2, 1", "2, 5, 3, 2", "26, 5, 4, 2", "4, 5, 5, 3", "8, 5, 6, 4"})
    @DisplayName("Crusader 18.1 a 5 or 6 succeeds; the second roll gives 1, 1, 2, 2, 3, 4 German units to exit")
    void rolls(long seed, int first, int second, int required) {
        Game g = turnSix("", seed);
        assertEquals("british", g.toAct());
        assertEquals("[{\"do\":\"roll-diversion\"}]", g.legalActions().toString());
        Fixtures.take(g, "roll-diversion");
        JsonNode d = Fixtures.eval(g, "state.diversion");
        assertEquals(first, d.path("rolls").get(0).asInt());
        assertEquals(first >= 5, d.path("success").asBoolean());
        assertEquals(second == 0 ? 1 : 2, d.path("rolls").size());
        if (second > 0) assertEquals(second, d.path("rolls").get(1).asInt());
        assertEquals(required, d.path("required").asInt());
        assertTrue(d.path("rolled").asBoolean());
    }

    @Test
    @DisplayName("Crusader 18.1 the roll comes at the start of the British Movement Phase of Game-Turn 6 only")
    void timing() {
        Game five = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(5, 6, "british", "campaign", true, null,
                "de-1-8-pz@1605", "br-8rtr@3419"), 2);
        assertEquals(false, Fixtures.eval(five, "rules.diversion.rollDue()").asBoolean());
        assertFalse(five.view(null).prompt().contains("18.1"));
        Game axisSix = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(6, 6, "axis", "campaign", true, null,
                "de-1-8-pz@1605", "br-8rtr@3419"), 2);
        assertEquals(false, Fixtures.eval(axisSix, "state.diversion.rolled").asBoolean());
        assertEquals("axis", axisSix.toAct());
        Game six = turnSix("", 2);
        assertTrue(six.view(null).prompt().startsWith("18.1"));
    }

    @Test
    @DisplayName("DG 18.1 with dg-computer-diversion-roll the program rolls without asking the British player")
    void computerRoll() {
        Game g = turnSix("option:dg-computer-diversion-roll", 2);
        assertFalse(g.view(null).prompt().contains("18.1"));
        JsonNode d = Fixtures.eval(g, "state.diversion");
        assertEquals("[5,3]", d.path("rolls").toString());
        assertEquals(2, d.path("required").asInt());
    }

    @Test
    @DisplayName("Crusader 18.1 a diversion resolved before the scenario (19.36) is never rolled")
    void resolvedBefore() {
        Game g = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(6, 8, "british", "campaign", false,
                null, "de-1-8-pz@1605", "br-8rtr@3419"), 2);
        assertEquals(false, Fixtures.eval(g, "rules.diversion.rollDue()").asBoolean());
        assertFalse(g.view(null).prompt().contains("18.1"));
    }

    @Test
    @DisplayName("Crusader 18.2 two German units short at the end of Game-Turn 8: the British may remove two Axis units")
    void penalty() {
        Game g = turnEight("", 3, "de-1-8-pz@1605", "de-2-200-bn@0110", "it-27-inf@0908", "de-3-104-bn@0112", "br-8rtr@3419");
        exit(g, "de-3-104-bn");
        Fixtures.doneUntil(g, "18.2");
        assertEquals("british", g.toAct());
        List<String> acts = new ArrayList<>();
        g.legalActions().forEach(a -> acts.add(a.toString()));
        assertEquals(List.of("{\"do\":\"remove\",\"unit\":\"de-1-8-pz\"}", "{\"do\":\"remove\",\"unit\":\"de-2-200-bn\"}",
                "{\"do\":\"remove\",\"unit\":\"it-27-inf\"}", "{\"do\":\"decline\"}"), acts);
        assertEquals(2, Fixtures.eval(g, "state.diversion.shortfall").asInt());
        g.apply(hexlab.kernel.util.Json.read("{\"do\":\"remove\",\"unit\":\"de-1-8-pz\"}"));
        assertTrue(g.view(null).prompt().contains("1 left"));
        g.apply(hexlab.kernel.util.Json.read("{\"do\":\"remove\",\"unit\":\"it-27-inf\"}"));
        assertEquals("[\"de-1-8-pz\",\"it-27-inf\"]", Fixtures.eval(g, "state.diversion.removed").toString());
        assertEquals("eliminated", Fixtures.eval(g, "ctx.piece('it-27-inf').at").asText());
        assertEquals(true, Fixtures.eval(g, "state.eliminated.indexOf('de-1-8-pz') >= 0").asBoolean());
        assertEquals("map", Fixtures.eval(g, "ctx.piece('de-2-200-bn').at").asText());
        assertFalse(g.view(null).prompt().contains("18.2"));
    }

    @Test
    @DisplayName("Crusader 18.2 the British player may decline to remove units")
    void declined() {
        Game g = turnEight("", 1, "de-1-8-pz@1605", "br-8rtr@3419");
        Fixtures.doneUntil(g, "18.2");
        Fixtures.take(g, "decline");
        assertEquals("map", Fixtures.eval(g, "ctx.piece('de-1-8-pz').at").asText());
        assertEquals("[]", Fixtures.eval(g, "state.diversion.removed").toString());
    }

    @Test
    @DisplayName("Crusader 18.2 no penalty when the required German units have exited (Italian exits do not count)")
    void metRequirement() {
        Game g = turnEight("", 2, "de-1-8-pz@1605", "de-2-200-bn@0110", "de-3-104-bn@0112", "it-27-inf@0113", "br-8rtr@3419");
        exit(g, "de-2-200-bn");
        exit(g, "it-27-inf");
        assertEquals(1, Fixtures.eval(g, "rules.diversion.outstanding()").asInt());
        exit(g, "de-3-104-bn");
        assertEquals(0, Fixtures.eval(g, "rules.diversion.outstanding()").asInt());
        Fixtures.take(g, "done");
        Fixtures.take(g, "done");
        assertFalse(g.view(null).prompt().contains("18.2"));
        assertEquals(true, Fixtures.eval(g, "state.diversion.penaltyDone").asBoolean());
        assertEquals(0, Fixtures.eval(g, "state.diversion.shortfall").asInt());
    }

    @Test
    @DisplayName("DG 18.2 with computer-withdrawal the program withdraws the strongest German units left, as exits")
    void computerWithdrawal() {
        Game g = turnEight("option:computer-withdrawal", 2,
                "de-33-at@1605", "de-2-200-bn@0110", "de-1-8-pz@1805", "it-xxi-arty@0907", "de-104-arty@3309", "br-8rtr@3419");
        Fixtures.doneUntil(g, "no such prompt, run to the end");
        // 1/8 Pz 5+4 = 9 points; 104 artillery barrage 5 + FPF 2 = 7; 33 anti-tank 3+4 = 7 (ties by id: de-104-arty first)
        assertEquals("[\"de-1-8-pz\",\"de-104-arty\"]", Fixtures.eval(g, "state.diversion.withdrawn").toString());
        assertEquals("exited", Fixtures.eval(g, "ctx.piece('de-104-arty').at").asText());
        assertEquals("map", Fixtures.eval(g, "ctx.piece('de-33-at').at").asText());
        assertEquals("map", Fixtures.eval(g, "ctx.piece('it-xxi-arty').at").asText());
        assertEquals("[]", Fixtures.eval(g, "state.eliminated").toString());
    }

    static void assertNoObjection(JsonNode n) {
        assertTrue(n == null || n.isNull(), "expected the exit to be allowed, found " + n);
    }

    @Test
    @DisplayName("Crusader 18.3 Axis units exit only by the west edge, and not before Game-Turn 6")
    void axisExits() {
        Game five = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(5, 6, "axis", "campaign", false, null,
                "de-1-8-pz@0110", "de-2-8-pz@3916", "br-8rtr@3419"), 1);
        JsonNode early = Fixtures.eval(five, "rules.diversion.exitAllowed(ctx.piece('de-1-8-pz'))");
        assertEquals(false, early.path("allowed").asBoolean());
        assertEquals("18.3", early.path("rule").asText());
        Game six = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(6, 6, "axis", "campaign", false, null,
                "de-1-8-pz@0110", "de-2-8-pz@3916", "br-8rtr@3419"), 1);
        assertNoObjection(Fixtures.eval(six, "rules.diversion.exitAllowed(ctx.piece('de-1-8-pz'))"));
        assertNoObjection(Fixtures.eval(six, "rules.diversion.exitAllowed(ctx.piece('de-2-8-pz'), '0120')"));
        JsonNode east = Fixtures.eval(six, "rules.diversion.exitAllowed(ctx.piece('de-2-8-pz'))");
        assertEquals(false, east.path("allowed").asBoolean());
        assertEquals("18.3", east.path("rule").asText());
    }

    @Test
    @DisplayName("Crusader 18.3 British units exit only by the south or east edge")
    void britishExits() {
        Game g = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(2, 3, "british", "campaign", false, null,
                "de-1-8-pz@1605", "br-8rtr@3919", "br-7hus@2026", "br-2rtr@0110"), 1);
        assertNoObjection(Fixtures.eval(g, "rules.diversion.exitAllowed(ctx.piece('br-8rtr'))"));
        assertNoObjection(Fixtures.eval(g, "rules.diversion.exitAllowed(ctx.piece('br-7hus'))"));
        assertEquals(false, Fixtures.eval(g, "rules.diversion.exitAllowed(ctx.piece('br-2rtr')).allowed").asBoolean());
    }
}
