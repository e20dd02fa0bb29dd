package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.script.ScriptHost;

import java.nio.file.Path;

/**
 * Plays games back to back on one thread and prints the time per block, to see warm-up and the
 * steady state. Usage: PlayLoop ROOT SYSTEM SCENARIO GAMES BOTS [BLOCK]
 * ({@code -Dhexlab.bench.audit=true}: with every table read tracked, as the audit plays them).
 */
public final class PlayLoop {
    public static void main(String[] a) {
        Kernel k = new Kernel(Path.of(a[0]));
        Variant v = k.variant(a[1], "");
        Scenario sc = k.scenario(v, a[2]);
        int games = Integer.parseInt(a[3]);
        int block = a.length > 5 ? Integer.parseInt(a[5]) : Math.max(1, games / 10);
        System.out.println("script runtime: " + ScriptHost.describeRuntime());
        // -Dhexlab.profileAfter=N: with -Dhexlab.profile=true, the profile printed at exit counts only the games after the first N (the warm runtime)
        int profileAfter = Integer.getInteger("hexlab.profileAfter", 0);
        // the game thread's own CPU time too: on a machine others load, it compares where the clock does not
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long actions = 0, t0 = System.nanoTime(), tb = t0, cb = threads.getCurrentThreadCpuTime();
        boolean audit = Boolean.getBoolean("hexlab.bench.audit");
        try (RulesContext rc = audit ? new RulesContext(k.catalog(), v, hexlab.kernel.play.Boards.load(k.catalog(), v.system(), sc.map()), true, true) : k.context(v, sc)) {
            for (int i = 0; i < games; i++) {
                if (i == profileAfter && i > 0) ScriptHost.profileReset();
                long seed = Dice.derive(1, i);
                Game g = Game.start(rc, sc, seed, false);
                Match.play(g, Bots.forSides(v.system(), a[4], seed), false, null);
                actions += g.actionCount();
                if ((i + 1) % block == 0) {
                    long now = System.nanoTime();
                    long cpu = threads.getCurrentThreadCpuTime();
                    System.out.printf("games %5d-%5d: %7.2f ms/game, %6.1f us/action (%d actions so far), game thread CPU %7.2f ms/game%n", i + 2 - block, i + 1,
                            (now - tb) / 1e6 / block, (now - tb) / 1e3 / Math.max(1, actions), actions, (cpu - cb) / 1e6 / block);
                    tb = now;
                    cb = cpu;
                    actions = 0;
                }
            }
        }
        System.out.printf("total %.1f s for %d games%n", (System.nanoTime() - t0) / 1e9, games);
    }
}
