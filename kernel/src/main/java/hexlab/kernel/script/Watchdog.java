package hexlab.kernel.script;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Stops a rule call that runs longer than the time limit (an endless loop in a script), by
 * interrupting its context from outside. Costs a rule call two volatile writes, where a statement
 * limit counts every statement the scripts execute. The clock decides only when to give up on a
 * runaway, never an outcome of the rules.
 */
final class Watchdog {
    /** Seconds one call into the rules may take ({@code -Dhexlab.timeLimitSeconds}). */
    static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(Long.getLong("hexlab.timeLimitSeconds", 20));

    private static final Set<RulesContext> WATCHED = ConcurrentHashMap.newKeySet();
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rules-watchdog");
        t.setDaemon(true);
        return t;
    });

    static {
        TIMER.scheduleWithFixedDelay(Watchdog::check, 100, 100, TimeUnit.MILLISECONDS);
    }

    private Watchdog() {}

    static void watch(RulesContext rc) { WATCHED.add(rc); }

    static void forget(RulesContext rc) { WATCHED.remove(rc); }

    private static void check() {
        long now = System.nanoTime();
        for (RulesContext rc : WATCHED) {
            long started = rc.callStarted;
            if (started != 0 && now - started > LIMIT_NANOS && !rc.timedOut) {
                rc.timedOut = true;
                rc.interrupt();
            }
        }
    }

    static Duration limit() { return Duration.ofNanos(LIMIT_NANOS); }
}
