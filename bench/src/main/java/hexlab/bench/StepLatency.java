package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.RandomBot;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.script.ScriptHost;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The time of an inspector step without the HTTP around it: a random bot's decision, then the state
 * hash, the view and the breadcrumb, as the inspector does them. Plays WARMUP decisions first (as
 * the server's practice does), then MEASURE decisions, and prints p50, p95, p99 and the maximum; with
 * {@code -Dhexlab.profile=true} also which calls into the rules the slowest 5% of steps spent their
 * time in. With a sixth argument "fresh", the measured steps are the first of a new game on seed 1,
 * as the inspector's latency report measures them. Usage: StepLatency ROOT SYSTEM SCENARIO WARMUP MEASURE [fresh]
 */
public final class StepLatency {
    public static void main(String[] a) {
        Kernel k = new Kernel(Path.of(a[0]));
        Variant v = k.variant(a[1], "");
        Scenario sc = k.scenario(v, a[2]);
        int warm = Integer.parseInt(a[3]), measure = Integer.parseInt(a[4]);
        boolean profile = Boolean.getBoolean("hexlab.profile");
        boolean fresh = a.length > 5 && a[5].equals("fresh");
        System.out.println("script runtime: " + ScriptHost.describeRuntime());
        Bot bot = new RandomBot(a[1].hashCode());
        long[] ns = new long[measure];
        // -Dhexlab.overlay=NAME: that overlay is asked after every measured step (its first ask of the position)
        String overlay = System.getProperty("hexlab.overlay");
        long[] ons = new long[measure];
        List<Map<String, Long>> calls = new ArrayList<>();
        int games = 1;
        // -Dhexlab.alsoWarm=SYSTEM/SCENARIO/N[/AT]: N decisions of another system after decision AT of
        // the warm-up (default: its end), as the server's practice plays them
        String also = System.getProperty("hexlab.alsoWarm");
        int alsoAt = also != null && also.split("/").length > 3 ? Integer.parseInt(also.split("/")[3]) : warm;
        try (RulesContext rc = k.context(v, sc)) {
            Game g = Game.start(rc, sc, 1);
            long t0 = System.nanoTime();
            for (int n = 0; n < warm + measure; n++) {
                if (g.over()) g = Game.start(rc, sc, ++games);
                if (n == alsoAt && also != null) warmOther(k, also);
                if (n == warm) {
                    System.out.printf("warm-up: %d decisions in %.1f s%n", warm, (System.nanoTime() - t0) / 1e9);
                    if (profile) ScriptHost.profileReset();
                    if (fresh) g = Game.start(rc, sc, 1);
                }
                if (profile && n >= warm) ScriptHost.profileStepBegin();
                long s0 = System.nanoTime();
                step(g, bot);
                long d = System.nanoTime() - s0;
                if (overlay != null && (n >= warm || n % 25 == 0)) {
                    long o0 = System.nanoTime();
                    g.overlay(overlay, null);
                    if (n >= warm) ons[n - warm] = System.nanoTime() - o0;
                }
                if (n >= warm) {
                    ns[n - warm] = d;
                    if (profile) calls.add(ScriptHost.profileStepEnd());
                }
            }
        }
        long[] sorted = ns.clone();
        Arrays.sort(sorted);
        System.out.printf("%d steps: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms, mean %.1f ms%n", measure,
                at(sorted, 0.50), at(sorted, 0.95), at(sorted, 0.99), sorted[measure - 1] / 1e6, Arrays.stream(ns).average().orElse(0) / 1e6);
        if (overlay != null) {
            long[] os = ons.clone();
            Arrays.sort(os);
            System.out.printf("overlay %s, first ask after each step: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%n", overlay, at(os, 0.50), at(os, 0.95), at(os, 0.99), os[measure - 1] / 1e6);
        }
        if (!profile) return;
        long cut = sorted[(int) (measure * 0.95)];
        Map<String, long[]> slow = new TreeMap<>();
        int count = 0;
        for (int i = 0; i < measure; i++) {
            if (ns[i] < cut) continue;
            count++;
            for (Map.Entry<String, Long> e : calls.get(i).entrySet()) {
                long[] t = slow.computeIfAbsent(e.getKey(), x -> new long[2]);
                t[0] += e.getValue();
                t[1]++;
            }
        }
        System.out.printf("%nthe slowest %d steps (%.1f ms and over), time per step in each call:%n", count, cut / 1e6);
        final int c = count;
        slow.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue()[0], x.getValue()[0])).limit(25)
                .forEach(e -> System.out.printf("%-60s %8.2f ms  (in %d of them)%n", e.getKey(), e.getValue()[0] / 1e6 / c, e.getValue()[1]));
    }

    /** One step as the inspector takes it: a bot's decision, then the state hash, the view and the breadcrumb. */
    private static void step(Game g, Bot bot) {
        g.applyIndex(bot.choose(g, g.toAct()));
        g.stateHash();
        g.view(null);
        g.breadcrumb();
    }

    private static void warmOther(Kernel k, String spec) {
        String[] p = spec.split("/");
        Variant v = k.variant(p[0], "");
        Scenario sc = k.scenario(v, p[1]);
        Bot bot = new RandomBot(p[0].hashCode());
        long t0 = System.nanoTime();
        try (RulesContext rc = k.context(v, sc)) {
            Game g = Game.start(rc, sc, 1);
            for (int n = 0, games = 1; n < Integer.parseInt(p[2]); n++) {
                if (g.over()) g = Game.start(rc, sc, ++games);
                step(g, bot);
            }
        }
        System.out.printf("also warmed: %s in %.1f s%n", spec, (System.nanoTime() - t0) / 1e9);
    }

    private static double at(long[] sorted, double q) { return sorted[Math.min(sorted.length - 1, (int) (sorted.length * q))] / 1e6; }
}
