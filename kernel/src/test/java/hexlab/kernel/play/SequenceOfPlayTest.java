package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SequenceOfPlayTest {
    final Kernel k = Fixtures.toy();
    final Variant base = k.variant("toy", "");

    @Test
    void firstDecisionIsAnActivationOfTheDrawnSide() {
        Game g = k.start(base, "meeting", 7);
        View v = g.view(null);
        assertEquals(1, v.turn());
        assertEquals(List.of("turn 1", "draw-chits", "activation"), v.breadcrumb());
        List<String> kinds = v.actions().stream().map(a -> a.path("impulse").asText(a.path("do").asText())).toList();
        assertEquals(List.of("movement", "end"), kinds, "no enemy is adjacent, so only movement is offered, and ending");
        assertTrue(List.of("red", "blue").contains(v.toAct()));
    }

    @Test
    void chitLoopDrawsEveryChitThenTheTurnAdvances() {
        Game g = k.start(base, "meeting", 7);
        int activations = 0;
        while (g.turn() == 1 && !g.over()) {
            if (g.view(null).breadcrumb().getLast().equals("activation")) {
                activations++;
                g.apply(Json.read("{\"do\":\"end\"}"));
            } else g.applyIndex(g.choiceCount() - 1);
        }
        assertEquals(4, activations, "two chits per side, one activation each");
        assertEquals(2, g.turn());
    }

    @Test
    void impulsesMayRunInAnyOrderAndAgain() {
        Game g = k.start(base, "meeting", 7);
        String side = g.toAct();
        g.apply(Json.read("{\"do\":\"impulse\",\"impulse\":\"movement\"}"));
        assertEquals("movement", g.view(null).breadcrumb().getLast());
        JsonNode firstMove = g.legalActions().getFirst();
        assertTrue(g.apply(firstMove).accepted());
        g.apply(Json.read("{\"do\":\"done\"}"));
        assertEquals("activation", g.view(null).breadcrumb().getLast(), "back at the impulse choice");
        assertTrue(g.apply(Json.read("{\"do\":\"impulse\",\"impulse\":\"movement\"}")).accepted(), "movement again: units remain unmoved");
        assertEquals(side, g.toAct());
    }

    @Test
    void memoizedQueryIsRecomputedOnceTheMoveHasApplied() {
        Game g = k.start(base, "meeting", 7);
        g.apply(Json.read("{\"do\":\"impulse\",\"impulse\":\"movement\"}"));
        JsonNode firstMove = g.legalActions().getFirst();
        String unit = firstMove.path("unit").asText();
        assertTrue(g.legalActions().size() > 1, "asked twice: the same answer");
        assertTrue(g.apply(firstMove).accepted());
        assertTrue(g.legalActions().stream().noneMatch(a -> unit.equals(a.path("unit").asText())),
                "the list of units still to move was kept only until the move applied");
    }

    @Test
    void refusedActionSaysWhyWithTheRule() {
        Game g = k.start(base, "meeting", 7);
        g.apply(Json.read("{\"do\":\"impulse\",\"impulse\":\"movement\"}"));
        String side = g.toAct();
        String unit = side.equals("red") ? "r1" : "b1";
        Outcome o = g.apply(Json.read("{\"do\":\"move\",\"unit\":\"" + unit + "\",\"to\":\"0806\"}"));
        assertFalse(o.accepted());
        assertEquals("3.1", o.refusal().rule());
        assertTrue(o.refusal().reason().contains("0806"), o.refusal().reason());
        Outcome wrongSide = g.apply(side.equals("red") ? "blue" : "red", Json.read("{\"do\":\"done\"}"));
        assertFalse(wrongSide.accepted());
        assertTrue(wrongSide.refusal().reason().contains("decision now"), wrongSide.refusal().reason());
    }

    @Test
    void scenarioMayStartMidTurnAtANamedPhase() {
        Game g = k.start(base, "midturn", 3);
        assertEquals(2, g.turn(), "midturn starts at turn 2");
        assertEquals("draw-chits", g.view(null).breadcrumb().get(1));
        var turnsTraced = g.startEvents().stream().filter(e -> e.path("rule").asText().equals("2.1")).map(e -> e.path("turn").asInt()).toList();
        assertEquals(java.util.List.of(2), turnsTraced, "turn 1 never happened: the cup was filled once, on turn 2");
    }

    @Test
    void retreatInterruptIsAskedOfTheDefender() {
        // play until a retreat interrupt shows up, with a bot that seeks combat
        for (long seed = 1; seed < 60; seed++) {
            Game g = k.start(base, "meeting", seed);
            var bots = hexlab.kernel.bot.Bots.forSides(base.system(), "aggressive", seed);
            while (!g.over()) {
                View v = g.view(null);
                if (v.prompt().contains("must retreat")) {
                    String unit = v.prompt().split(" ")[0];
                    String owner = unit.startsWith("r") ? "red" : "blue";
                    assertEquals(owner, v.toAct(), "the defender's owner chooses the retreat");
                    assertTrue(v.breadcrumb().getLast().startsWith("retreat "));
                    return;
                }
                g.applyIndex(bots.get(v.toAct()).choose(g, v.toAct()));
            }
        }
        throw new AssertionError("no retreat interrupt in 60 aggressive games");
    }
}
