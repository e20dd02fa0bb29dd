package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.script.ScriptHost;

import java.nio.file.Path;
import java.util.Map;

/**
 * Plays the first ACTIONS actions of one seeded game REPEATS times in one rules context and prints,
 * per run, the time, the state hash every EVERY actions and a digest of the actions taken: a quick
 * check that a change to the rule scripts plays the same game (the same actions; the same hashes
 * unless the change is to the shape of the state) and how much faster it does it, once warm.
 * Usage: PrefixRun ROOT SYSTEM SCENARIO SEED BOTS ACTIONS REPEATS [EVERY]
 */
public final class PrefixRun {
    public static void main(String[] a) {
        Kernel k = new Kernel(Path.of(a[0]));
        Variant v = k.variant(a[1], "");
        Scenario sc = k.scenario(v, a[2]);
        long seed = Long.parseLong(a[3]);
        int limit = Integer.parseInt(a[5]);
        int repeats = Integer.parseInt(a[6]);
        int every = a.length > 7 ? Integer.parseInt(a[7]) : Math.max(1, limit / 4);
        System.out.println("script runtime: " + ScriptHost.describeRuntime());
        try (RulesContext rc = k.context(v, sc)) {
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime(), hashNs = 0;
                Game g = Game.start(rc, sc, seed, false);
                Map<String, Bot> bots = Bots.forSides(v.system(), a[4], seed);
                StringBuilder marks = new StringBuilder();
                while (!g.over() && g.actionCount() < limit) {
                    String side = g.toAct();
                    g.applyIndex(bots.get(side).choose(g, side));
                    if (g.actionCount() % every == 0) {
                        long h0 = System.nanoTime();
                        marks.append(' ').append(g.actionCount()).append('=').append(g.stateHash(), 0, 10)
                                .append('/').append(hexlab.kernel.util.Json.sha256(hexlab.kernel.util.Json.write(g.actions())), 0, 8);
                        hashNs += System.nanoTime() - h0;
                    }
                }
                double ms = (System.nanoTime() - t0 - hashNs) / 1e6;
                System.out.printf("run %d: %d actions, %.0f ms, %.0f us/action, turn %d, end %s;%s%n", r + 1, g.actionCount(), ms,
                        ms * 1000 / Math.max(1, g.actionCount()), g.turn(), g.stateHash().substring(0, 10), marks);
            }
        }
    }
}
