package hexlab.rules.crusader;

import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.rules.Positions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crusader 19.0, the heuristic player: through a Movement Phase it keeps each unit's move scores
 * and drops those near the units that moved; the position's supply and goals are recalled by where
 * the units stand. A player restored before every choice has nothing kept or recalled and counts
 * afresh: it must choose exactly the same actions.
 */
class HeuristicKeptScoresTest {
    @Test
    void crusader19HeuristicPlayerChoosesAsAFreshCountWould() {
        Variant v = Fixtures.crusader();
        int actions = 500;
        List<String> kept = play(v, actions, false), fresh = play(v, actions, true);
        assertEquals(kept.size(), fresh.size());
        for (int i = 0; i < kept.size(); i++) assertEquals(fresh.get(i), kept.get(i), "action " + (i + 1) + ": the kept scores chose otherwise");
        assertTrue(kept.stream().filter(s -> s.contains("\"move\"")).count() > 100, "the players moved units");
    }

    // with `fresh`, the game is restored before every choice (nothing kept or recalled)
    private static List<String> play(Variant v, int actions, boolean fresh) {
        Game g = Positions.KERNEL.start(v, "campaign", 5);
        Bot bot = Bots.named(v.system(), "heuristic", 5);
        return Fixtures.played(g, bot, actions, n -> fresh);
    }
}
