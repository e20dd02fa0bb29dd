package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** RoT 12.0 Clearing Ditch/Wire: the rulebook lacks it; these check the stand-in (fortifications.yaml clearing). */
@DisplayName("RoT 12.0 Clearing ditch/wire (stand-in)")
class ClearingTest {

    @Test
    @DisplayName("RoT 12.0 (stand-in): an activated engineer next to ditch/wire may clear it instead of attacking; the gap lets wheeled units and ZOCs through")
    void clearing() {
        Game g = game("Pio33", "de-pio33-1@0924", "de-pio33-hq@0824", "de-kgk-pak@0924");
        take(g, "\"done\"");
        assertTrue(find(g, "\"do\":\"clear\",\"unit\":\"de-pio33-1\",\"side\":\"0924/1023\"") >= 0);
        dealNext(g, "2");
        take(g, "\"side\":\"0924/1023\"");
        assertEquals("[\"0924/1023\"]", js(g, "state.cleared").toString());
        assertTrue(piece(g, "de-pio33-1").path("attacked").asBoolean(), "instead of an attack");
        assertEquals(-1, find(g, "\"do\":\"attack\""));
        assertEquals(2.0, MovementTest.step(g, "de-kgk-pak", "1023"), "the wheeled Pak may cross the gap: the bunker's cost");
        Game fail = game("Pio33", "de-pio33-1@0924", "de-pio33-hq@0824");
        take(fail, "\"done\"");
        dealNext(fail, "4");
        take(fail, "\"side\":\"0924/1023\"");
        assertEquals("[]", js(fail, "state.cleared").toString(), "4 is more than the stand-in's 3");
    }
}
