package hexlab.kernel.lab;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Until the first die the seed decides nothing: with bots that choose from the position alone, a
 * batch plays that opening once and starts later games from it. Each game must come out as if it
 * had been played from its own start: the same final state (dice included), actions and usage.
 */
class OpeningTest {
    /** The toy with its chits drawn in cup order (no die), so its first roll is the first combat's. */
    static Kernel toyWithoutChitRolls(Path dir) {
        Path root = Fixtures.copyToy(dir);
        Path chits = root.resolve("rules-scripts/toy/chits.js");
        String js = read(chits).replace("const i = cup.length === 1 ? 0 : ctx.roll(\"d\" + cup.length, \"draw a chit from \" + cup.length) - 1;", "const i = 0;");
        assertTrue(js.contains("const i = 0;"), "the fixture's chit draw changed: update this test");
        Fixtures.write(root, "rules-scripts/toy/chits.js", js);
        return new Kernel(root);
    }

    static String read(Path p) {
        try {
            return java.nio.file.Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theOpeningBeforeTheFirstDieIsTheSameForEverySeedAndEndsAtTheRoll(@TempDir Path dir) {
        Kernel k = toyWithoutChitRolls(dir);
        Variant v = k.variant("toy", "");
        Scenario sc = k.scenario(v, "meeting");
        try (RulesContext rc = k.context(v, sc)) {
            Game a = Game.start(rc, sc, 11, false);
            Match.play(a, Bots.forSides(v.system(), "aggressive", 11), false, null);
            int n = a.openingLength();
            assertTrue(n > 0 && n < a.actionCount(), "the toy's opening is some actions, not the whole game: " + n + " of " + a.actionCount());
            Game b = Game.start(rc, sc, 12, false);
            Match.play(b, Bots.forSides(v.system(), "aggressive", 12), false, null);
            assertEquals(a.actions().subList(0, n), b.actions().subList(0, n), "two seeds play the same opening");
        }
        // a die rolled while setting up leaves no opening (the toy as shipped draws its first chit by a roll)
        Kernel shipped = Fixtures.toy();
        Variant sv = shipped.variant("toy", "");
        Scenario ss = shipped.scenario(sv, "meeting");
        try (RulesContext rc = shipped.context(sv, ss)) {
            assertEquals(-1, Game.start(rc, ss, 11, false).openingLength());
        }
    }

    @Test
    void batchGamesStartedFromTheSharedOpeningAreTheGamesEachSeedPlaysFromItsStart(@TempDir Path dir) {
        Kernel k = toyWithoutChitRolls(dir);
        Variant v = k.variant("toy", "option:bloody");
        List<GameRecord> batch = Batch.run(k, List.of(new Batch.Entry("bloody", v)), new Batch.Settings("meeting", 8, 3, "aggressive", 1, null), null);
        Scenario sc = k.scenario(v, "meeting");
        try (RulesContext rc = k.context(v, sc)) {
            for (GameRecord r : batch) {
                rc.call("resetUsage");
                Game g = Game.start(rc, sc, r.seed(), false);
                Match.play(g, Bots.forSides(v.system(), "aggressive", r.seed()), false, null);
                Map<String, Integer> usage = new TreeMap<>();
                Json.read(rc.callString("usageJson")).fields().forEachRemaining(f -> usage.put(f.getKey(), f.getValue().asInt()));
                assertEquals(List.of(g.stateHash(), g.actionCount(), g.turn(), usage), List.of(r.hash(), r.actions(), r.turn(), r.usage()), "game " + r.game());
                // the first game (one worker) plays the opening itself; every later one starts from it
                assertEquals(r.game() == 0 ? 0 : g.openingLength(), r.opening(), "game " + r.game() + " started from the shared opening");
            }
            assertTrue(batch.get(1).opening() > 0);
        }
    }
}
