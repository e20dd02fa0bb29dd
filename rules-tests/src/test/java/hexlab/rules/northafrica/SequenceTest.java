package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 4.0 the sequence of play. */
class SequenceTest {

    @Test
    @DisplayName("NA 4.1 a game-turn is the British player-turn, the Axis player-turn, then the turn record interphase")
    void gameTurn() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        assertEquals("british", g.toAct());
        ok(g, "{\"do\":\"done\"}");                                   // British movement
        assertEquals("combat", g.breadcrumb().get(2));
        ok(g, "{\"do\":\"done\"}");                                   // British combat
        assertEquals("axis", g.toAct());
        assertEquals("movement", g.breadcrumb().get(2));
        ok(g, "{\"do\":\"done\"}");                                   // Axis movement
        Outcome end = ok(g, "{\"do\":\"done\"}");                     // Axis combat, then the interphase
        boolean traced = false;
        for (JsonNode e : traces(end, "4.1")) traced |= e.path("result").asInt() == 2;
        assertTrue(traced);
        assertEquals(2, g.turn());
        assertEquals("british", g.toAct());
    }

    @Test
    @DisplayName("NA 4.1A 5.15 each movement phase lets the phasing side's units move again")
    void movedReset() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        ok(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2021\"}");
        for (int i = 0; i < 4; i++) ok(g, "{\"do\":\"done\"}");
        assertEquals(2, g.turn());
        assertFalse(bool(g, "ctx.piece('br-7hus').moved"));
        assertFalse(actionsOf(g, "br-7hus").isEmpty());
    }
}
