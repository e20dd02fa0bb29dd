package hexlab.kernel.script;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Stops a rule call that computes longer than the time limit (an endless loop in a script) or that
 * allocates more than the memory limit (a script building an ever larger structure), loading the
 * rules included. The time counted is the calling thread's processor time, so a call that merely
 * waits for a core on a busy machine is not taken for a runaway; a call that neither computes nor
 * returns is stopped after ten times the limit (two minutes at least) on the clock. The calling thread pays two
 * volatile writes a call: the watchdog reads the thread's counters itself, at its first look at a
 * call and then every tick. The clock and the counters decide only when to give up on a runaway,
 * never an outcome of the rules.
 */
final class Watchdog {
    /** Seconds of processor time one call into the rules may take ({@code -Dhexlab.timeLimitSeconds}). */
    static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(Long.getLong("hexlab.timeLimitSeconds", 20));

    /**
     * A call that has not returned after this long on the clock is stopped whatever it computed (it
     * waits on something): ten times the limit, and at least two minutes. Generous: a cold first
     * load, or any call, on a machine whose cores are all busy may get a tenth of a core.
     */
    private static final long WALL_NANOS = Math.max(10 * LIMIT_NANOS, TimeUnit.MINUTES.toNanos(2));

    /**
     * Bytes one call into the rules may allocate before the watchdog looks at what it keeps
     * ({@code -Dhexlab.memoryLimitMB}; 0: no limit). Allocation alone counts garbage too, which the
     * interpreter makes fast (a plain loop allocates hundreds of MB a second before it is compiled):
     * a memory bomb is a call that allocates and keeps. So past the limit the watchdog has the heap
     * collected, again after the next half limit the call allocates (then after twice as much each
     * time), and stops the call when what the heap keeps grew by a quarter of the limit since the
     * lowest figure of those collections. A full collection frees the garbage of everything else,
     * so the growth is the call's own (the figure a young collection gives counts old garbage, and
     * on a large heap may come late). The heaviest calls of the shipped systems allocate 88 MB (a
     * step of the largest system) and 20 MB (a heuristic bot's choice): they never cost a collection.
     */
    static final long MEMORY_LIMIT = Long.getLong("hexlab.memoryLimitMB", 1024) * 1024 * 1024;

    private static final long TICK_MILLIS = 25;

    private static final com.sun.management.ThreadMXBean THREADS = threads();
    private static final boolean CPU = THREADS != null && cpuTime();

    /** The watched contexts, each with the call it was last seen in and the caller's counters then. */
    private static final Map<RulesContext, Seen> WATCHED = new ConcurrentHashMap<>();

    /** A call as last seen: its start, its thread's counters then, and what the heap kept after the collections it was given. */
    private record Seen(long started, long cpu, long collectedAt, long kept, long every) {}

    private static final Seen IDLE = new Seen(0, 0, 0, -1, 0);

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rules-watchdog");
        t.setDaemon(true);
        return t;
    });

    static {
        TIMER.scheduleWithFixedDelay(Watchdog::check, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    private Watchdog() {}

    static void watch(RulesContext rc) { WATCHED.put(rc, IDLE); }

    static void forget(RulesContext rc) { WATCHED.remove(rc); }

    // a task of a scheduled executor that throws is never run again: nothing may leave check()
    private static void check() {
        try {
            checkAll();
        } catch (Throwable t) {
            System.err.println("rules watchdog: " + t);
        }
    }

    private static void checkAll() {
        long now = System.nanoTime();
        for (Map.Entry<RulesContext, Seen> e : WATCHED.entrySet()) {
            RulesContext rc = e.getKey();
            long started = rc.callStarted;
            Thread caller = rc.caller;
            if (started == 0 || caller == null || rc.stopped != null) continue;
            long id = caller.threadId();
            long cpu = CPU ? THREADS.getThreadCpuTime(id) : -1;
            long allocated = MEMORY_LIMIT > 0 && THREADS != null ? THREADS.getThreadAllocatedBytes(id) : -1;
            Seen seen = e.getValue();
            if (seen.started() != started) {
                // a call not seen before: what its thread used so far is the baseline; the first collection comes at the limit
                e.setValue(new Seen(started, cpu, allocated + MEMORY_LIMIT / 2, -1, MEMORY_LIMIT / 2));
                continue;
            }
            if (cpu >= 0 ? cpu - seen.cpu() > LIMIT_NANOS : now - started > LIMIT_NANOS) {
                rc.stop(RulesContext.Stop.TIME);
            } else if (now - started > WALL_NANOS) {
                rc.stop(RulesContext.Stop.WAIT);
            } else if (allocated >= 0 && allocated - seen.collectedAt() > seen.every()) {
                System.gc();
                long kept = hexlab.kernel.util.Heap.keptAfterLastCollection();
                if (kept < 0 || (seen.kept() >= 0 && kept - seen.kept() > MEMORY_LIMIT / 4)) rc.stop(RulesContext.Stop.MEMORY);
                // garbage only: each further look waits twice as long, so a loop that churns costs few collections
                else e.setValue(new Seen(started, seen.cpu(), allocated, seen.kept() < 0 ? kept : Math.min(kept, seen.kept()), seen.kept() < 0 ? seen.every() : 2 * seen.every()));
            }
        }
    }

    /** Why a call was stopped, in words, for the runaway message. */
    static String describe(RulesContext.Stop why) {
        long s = TimeUnit.NANOSECONDS.toSeconds(LIMIT_NANOS);
        if (why == RulesContext.Stop.WAIT) return "it did not return in " + TimeUnit.NANOSECONDS.toSeconds(WALL_NANOS) + " s";
        return CPU ? "it computed for more than " + s + " s" : "it ran longer than " + s + " s";
    }

    static long memoryLimitMegabytes() { return MEMORY_LIMIT / (1024 * 1024); }

    private static com.sun.management.ThreadMXBean threads() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t)) return null;
        try {
            if (t.isThreadAllocatedMemorySupported() && !t.isThreadAllocatedMemoryEnabled()) t.setThreadAllocatedMemoryEnabled(true);
            return t.isThreadAllocatedMemorySupported() || t.isThreadCpuTimeSupported() ? t : null;
        } catch (UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    private static boolean cpuTime() {
        try {
            if (!THREADS.isThreadCpuTimeSupported()) return false;
            if (!THREADS.isThreadCpuTimeEnabled()) THREADS.setThreadCpuTimeEnabled(true);
            return true;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
