package hexlab.kernel.script;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where the time of a run goes, by call into the rules ({@code -Dhexlab.profile=true}): total and
 * mean time per prelude function and the section export it was asked for, printed at exit.
 */
final class Profile {
    static final boolean ON = Boolean.getBoolean("hexlab.profile");
    // -Dhexlab.profileClock=cpu: the calling thread's CPU time instead of the clock's, so that runs
    // on a machine others load compare (a call's clock time counts the time the thread waited)
    private static final boolean CPU = "cpu".equals(System.getProperty("hexlab.profileClock"));
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final Map<String, LongAdder[]> TIMES = new ConcurrentHashMap<>();

    /** Now, in nanoseconds: the clock's, or the calling thread's CPU time with -Dhexlab.profileClock=cpu. */
    static long now() { return CPU ? THREADS.getCurrentThreadCpuTime() : System.nanoTime(); }

    static {
        if (ON) Runtime.getRuntime().addShutdownHook(new Thread(Profile::print));
    }

    private Profile() {}

    private static final ThreadLocal<String> DECISION = ThreadLocal.withInitial(() -> "");
    private static final ThreadLocal<String> LAST = ThreadLocal.withInitial(() -> "");

    static void add(String fn, Object[] args, long nanos) {
        StringBuilder key = new StringBuilder(fn);
        for (int i = 0; i < Math.min(2, args.length); i++) if (args[i] instanceof String s && s.length() < 40) key.append(' ').append(s);
        if (fn.equals("decide")) {
            // a run of one decision (a phase's moves, say) counts its first apart: it works out what the rest reuse
            String d = key.substring(fn.length());
            boolean first = !d.equals(LAST.get());
            LAST.set(d);
            if (first) key.append(" [first]");
            DECISION.set(key.substring(fn.length()));
        }
        // a bot's choice is named by the decision it answers too: moving and attacking cost differently
        else if (args.length == 0 || !(args[0] instanceof String) || fn.equals("botChoice")) key.append(" (in").append(DECISION.get()).append(')');
        LongAdder[] a = TIMES.computeIfAbsent(key.toString(), k -> new LongAdder[] {new LongAdder(), new LongAdder()});
        a[0].add(nanos);
        a[1].increment();
        Map<String, Long> step = STEP.get();
        if (step != null) step.merge(key.toString(), nanos, Long::sum);
    }

    // the calls of one step, for a tool that looks at its slowest steps
    private static final ThreadLocal<Map<String, Long>> STEP = new ThreadLocal<>();

    static void stepBegin() { STEP.set(new java.util.TreeMap<>()); }

    static Map<String, Long> stepEnd() {
        Map<String, Long> m = STEP.get();
        STEP.remove();
        return m == null ? Map.of() : m;
    }

    static void reset() { TIMES.clear(); }

    private static void print() {
        long total = TIMES.values().stream().mapToLong(a -> a[0].sum()).sum();
        System.err.printf("%n%-48s %10s %9s %10s %6s%n", "call into the rules", CPU ? "cpu ms" : "total ms", "calls", "mean us", "share");
        TIMES.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue()[0].sum(), x.getValue()[0].sum())).limit(40).forEach(e -> {
            long ns = e.getValue()[0].sum(), n = e.getValue()[1].sum();
            System.err.printf("%-48s %10.1f %9d %10.1f %5.1f%%%n", e.getKey(), ns / 1e6, n, ns / 1e3 / Math.max(1, n), 100.0 * ns / Math.max(1, total));
        });
    }
}
