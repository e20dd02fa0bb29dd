package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a batch saves by sharing the opening before the first die (Batch): in one warm rules
 * context, the time to set a game up and play its opening with the bots, against the time to start
 * a game from the opening's snapshot, alternated; and a whole game for scale.
 * Usage: OpeningRun ROOT SYSTEM SCENARIO WARM_GAMES ROUNDS BOTS
 */
public final class OpeningRun {
    public static void main(String[] a) {
        Kernel k = new Kernel(Path.of(a[0]));
        Variant v = k.variant(a[1], "");
        Scenario sc = k.scenario(v, a[2]);
        int warm = Integer.parseInt(a[3]), rounds = Integer.parseInt(a[4]);
        try (RulesContext rc = k.context(v, sc)) {
            long whole = 0;
            int n = -1;
            Game.Snapshot opening = null;
            for (int i = 0; i < warm; i++) {
                long seed = Dice.derive(1, i), t = System.nanoTime();
                Game g = Game.start(rc, sc, seed, false);
                Match.play(g, Bots.forSides(v.system(), a[5], seed), false, null);
                if (i >= warm / 2) whole += System.nanoTime() - t;
                n = g.openingLength();
            }
            if (n <= 0) {
                System.out.println("no opening to share: the first die is rolled while setting up");
                return;
            }
            long played = 0, resumed = 0;
            for (int r = 0; r < rounds; r++) {
                long seed = Dice.derive(2, r);
                Map<String, Bot> bots = Bots.forSides(v.system(), a[5], seed);
                long t = System.nanoTime();
                Game g = Game.start(rc, sc, seed, false);
                while (g.actionCount() < n) {
                    String side = g.toAct();
                    g.applyIndex(bots.get(side).choose(g, side));
                }
                g.toAct();
                played += System.nanoTime() - t;
                if (opening == null) opening = g.snapshot();
                t = System.nanoTime();
                Game h = Game.resume(rc, sc, seed, false, opening);
                h.toAct();
                resumed += System.nanoTime() - t;
            }
            System.out.printf("opening: %d actions; set up and played with the bots %.1f ms, started from its snapshot %.1f ms (mean of %d, alternated); a whole warm game %.0f ms (mean of the last %d of %d)%n",
                    n, played / 1e6 / rounds, resumed / 1e6 / rounds, rounds, whole / 1e6 / (warm - warm / 2), warm - warm / 2, warm);
        }
    }
}
