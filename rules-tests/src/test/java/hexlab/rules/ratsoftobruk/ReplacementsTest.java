package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** RoT 4.1 Replacements: the rulebook lacks it; 14.1's weather modifiers are printed, the rest a stand-in. */
@DisplayName("RoT 4.1 Replacements (stand-in), 14.1")
class ReplacementsTest {

    @Test
    @DisplayName("RoT 4.1, 14.1: the replacement roll, -1 in clear weather, +3 in a sandstorm, restores a depleted unit on 6 or more (stand-in)")
    void roll() {
        Game g = game("2/24", "au-2-24-a@3024", "au-2-24-hq@3026", "au-2-23-hq@3030");
        set(g, "state.pieces['au-2-24-a'].depleted = true;");
        dealNext(g, "6");
        run(g, "rules.reinforcements.replacements();");
        assertTrue(piece(g, "au-2-24-a").path("depleted").asBoolean(), "6 - 1 in clear weather: 5");
        set(g, "state.weather = 'sandstorm';");
        dealNext(g, "3");
        run(g, "rules.reinforcements.replacements();");
        assertFalse(piece(g, "au-2-24-a").path("depleted").asBoolean(), "3 + 3 in a sandstorm: 6");
    }
}
