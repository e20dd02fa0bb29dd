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
     * Bytes one call into the rules may allocate while the heap it leaves after collections grows by
     * half as much ({@code -Dhexlab.memoryLimitMB}; 0: no limit). Allocation alone counts garbage
     * too, which the interpreter makes fast (a plain loop allocates hundreds of MB a second before it
     * is compiled): a memory bomb is a call that allocates and keeps. The heaviest calls of the
     * shipped systems allocate 88 MB (a step of the largest system) and 20 MB (a heuristic bot's choice).
     */
    static final long MEMORY_LIMIT = Long.getLong("hexlab.memoryLimitMB", 1024) * 1024 * 1024;

    private static final long TICK_MILLIS = 25;

    private static final com.sun.management.ThreadMXBean THREADS = threads();
    private static final boolean CPU = THREADS != null && cpuTime();

    /** The watched contexts, each with the call it was last seen in and the caller's counters then. */
    private static final Map<RulesContext, Seen> WATCHED = new ConcurrentHashMap<>();

    private record Seen(long started, long cpu, long allocated, long kept, long askedAt) {}

    private static final Seen IDLE = new Seen(0, 0, 0, 0, 0);

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
                // a call not seen before: what its thread used so far, and the heap kept, are the baseline
                e.setValue(new Seen(started, cpu, allocated, allocated >= 0 ? hexlab.kernel.util.Heap.keptAfterLastCollection() : -1, allocated));
                continue;
            }
            if (cpu >= 0 ? cpu - seen.cpu() > LIMIT_NANOS : now - started > LIMIT_NANOS) {
                rc.stop(RulesContext.Stop.TIME);
            } else if (now - started > WALL_NANOS) {
                rc.stop(RulesContext.Stop.WAIT);
            } else if (allocated >= 0 && allocated - seen.allocated() > MEMORY_LIMIT) {
                long kept = hexlab.kernel.util.Heap.keptAfterLastCollection();
                if (kept < 0 || seen.kept() < 0 || kept - seen.kept() > MEMORY_LIMIT / 2) {
                    rc.stop(RulesContext.Stop.MEMORY);
                } else if (allocated - seen.askedAt() > MEMORY_LIMIT) {
                    // the collector has not said what this call keeps: ask it once per limit allocated,
                    // so a bomb is judged now, not whenever the heap happens to fill (a large heap may wait)
                    e.setValue(new Seen(started, seen.cpu(), seen.allocated(), seen.kept(), allocated));
                    System.gc();
                }
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
