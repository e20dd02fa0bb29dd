package hexlab.rules.crusader;

import hexlab.kernel.bot.RandomBot;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.rules.Positions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * North Africa 4.0 as Crusader plays it: what a Movement Phase works out once (the enemy's zones,
 * each unit's reach) is kept beside the phase's record, not in the state. A game restored in the
 * middle of a phase works it out again and must play on exactly as it would have.
 */
class PhaseDataKeptTest {
    @Test
    void na4MovementPhaseRestoredMidPhasePlaysTheSameGame() {
        Variant v = Fixtures.crusader();
        int actions = 600;
        List<String> straight = play(v, actions, false), restored = play(v, actions, true);
        assertEquals(straight.size(), restored.size());
        for (int i = 0; i < straight.size(); i++) assertEquals(straight.get(i), restored.get(i), "action " + (i + 1) + " after restores");
        assertTrue(straight.stream().anyMatch(s -> s.contains("\"move\"")), "the game moved units");
    }

    // with `restoring`, the game is restored before every seventh action (the kept phase data gone)
    private static List<String> play(Variant v, int actions, boolean restoring) {
        Game g = Positions.KERNEL.start(v, "sidi-rezeg", 11);
        return Fixtures.played(g, new RandomBot(11), actions, n -> restoring && n % 7 == 3);
    }
}
