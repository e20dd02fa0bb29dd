package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 14.0 exiting the map, with the Crusader 18.3 restrictions as a hook. */
class ExitTest {

    private static boolean canExit(Game g, String unit) {
        return actionsOf(g, unit).stream().anyMatch(a -> a.path("do").asText().equals("exit"));
    }

    @Test
    @DisplayName("NA 14.0 a unit leaves by paying for an imaginary hex like the one it leaves: 2 to the edge + 2 beyond")
    void exitCost() {
        Game g = start("british", 1, at("br-7hus", "3818") + at("de-1-8-pz", "0220"));
        assertTrue(canExit(g, "br-7hus"));
        Outcome o = ok(g, "{\"do\":\"exit\",\"unit\":\"br-7hus\"}");
        JsonNode t = traces(o, "14.0").get(0);
        assertEquals(4.0, t.path("result").asDouble());
        assertEquals("mixed", t.path("cell").path("terrain").asText());
        assertEquals("exited", text(g, "ctx.piece('br-7hus').at"));
        assertTrue(eval(g, "ctx.piece('br-7hus').hex").isNull());
    }

    @Test
    @DisplayName("NA 14.11 14.12 an exited unit never returns and is not eliminated")
    void exitedNotEliminated() {
        Game g = start("british", 1, at("br-7hus", "3920") + at("de-1-8-pz", "0220"));
        ok(g, "{\"do\":\"exit\",\"unit\":\"br-7hus\"}");
        assertEquals("[\"br-7hus\"]", eval(g, "state.exited").toString().replaceAll("\\s", ""));
        assertEquals(0, eval(g, "state.eliminated").size());
        assertTrue(actionsOf(g, "br-7hus").isEmpty());
        refused(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"3920\"}", "14.11");
    }

    @Test
    @DisplayName("NA 5.26 14.0 a unit without the MP for the imaginary hex may not leave: 3 MP, 2 to the edge, 2 beyond")
    void notEnoughMp() {
        // Crusader 18.3 lets Axis units leave by the west edge from game-turn 6
        Game edge = start("axis", 6, at("it-39-inf", "0110") + at("br-7hus", "3020"));
        assertTrue(canExit(edge, "it-39-inf"));                          // on the edge: 2 of 3
        Game inland = start("axis", 6, at("it-39-inf", "0210") + at("br-7hus", "3020"));
        assertFalse(canExit(inland, "it-39-inf"));                      // 2 + 2 = 4 of 3
        refused(inland, "{\"do\":\"exit\",\"unit\":\"it-39-inf\"}", "14.0");
    }

    @Test
    @DisplayName("NA 14.0 6.0 no exit from an edge hex entered in an enemy zone: the move ends there")
    void notFromZoc() {
        // the German unit in 3919 controls the edge hex 3920, not 3921 (reached by the trail 3820/3921)
        Game g = start("british", 1, at("br-7hus", "3820") + at("de-1-8-pz", "3919"));
        JsonNode opts = eval(g, "rules.exit.exitOptions(ctx.piece('br-7hus'))");
        assertEquals("3921", opts.get(0).path("hex").asText());
        assertEquals(3.0, opts.get(0).path("total").asDouble());            // trail 1 + Mixed 2
        for (JsonNode o : opts) assertNotEquals("3920", o.path("hex").asText(), opts.toString());
        assertTrue(canExit(g, "br-7hus"));
    }

    @Test
    @DisplayName("NA 14.0 6.0 a reach given by hex index (map.reachCosts) offers the same exits as one keyed by hex")
    void reachByIndexOrByHex() {
        Game g = start("british", 1, at("br-7hus", "3820") + at("de-1-8-pz", "3919"));
        String both = "(() => { const p = ctx.piece('br-7hus'), z = rules.zoc.bits('axis'), spec = rules.movement.costSpec(p);"
                + " const byIndex = rules.exit.exitOptions(p, map.reachCosts(p.hex, p.movement, spec), p.movement, z);"
                + " const byHex = rules.exit.exitOptions(p, map.reach(p.hex, p.movement, spec), p.movement, z);"
                + " return [byIndex, byHex]; })()";
        JsonNode r = eval(g, both);
        assertEquals(r.get(1), r.get(0));
        assertEquals("3921", r.get(0).get(0).path("hex").asText());
        assertTrue(r.get(0).size() > 1, r.toString());
        for (JsonNode o : r.get(0)) assertNotEquals("3920", o.path("hex").asText(), r.toString());
    }

    @Test
    @DisplayName("NA 14.0 with Crusader 18.3: each side leaves only by its own edges, the Axis not before game-turn 6")
    void crusaderEdges() {
        Game british = start("british", 1, at("br-7hus", "0110") + at("de-1-8-pz", "3020"));
        assertFalse(canExit(british, "br-7hus"));
        Game early = start("axis", 5, at("de-1-8-pz", "0110") + at("br-7hus", "3020"));
        assertFalse(canExit(early, "de-1-8-pz"));
        String why = refused(early, "{\"do\":\"exit\",\"unit\":\"de-1-8-pz\"}", "18.3");
        assertTrue(why.contains("Game-Turn 6"), why);
        Game late = start("axis", 6, at("de-1-8-pz", "0110") + at("br-7hus", "3020"));
        assertTrue(canExit(late, "de-1-8-pz"));
    }

    @Test
    @DisplayName("NA 14.13 a unit forced off the map by combat is eliminated")
    void byCombat() {
        Game g = start("british", 1, at("br-7hus", "3920") + at("de-1-8-pz", "0220"));
        eval(g, "(rules.exit.exitByCombat(ctx.piece('br-7hus')), 1)");
        assertEquals("eliminated", text(g, "ctx.piece('br-7hus').at"));
        assertEquals("[\"br-7hus\"]", eval(g, "state.eliminated").toString().replaceAll("\\s", ""));
        assertEquals(0, eval(g, "state.exited").size());
    }
}
