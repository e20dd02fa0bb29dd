package hexlab.kernel.lab;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * When a batch's next worker thread may start. A fresh process spends its first minute or two
 * compiling: the JVM's compilers and the JavaScript runtime's compiler take more than a core while
 * one game plays. A second game thread then mostly takes CPU from the compilers, and every game
 * runs longer in slow code. So the workers start one by one, each once the CPU used outside the
 * game threads (compilation, mostly) has stayed below {@link #IDLE_CORES} for a window. Only the
 * schedule depends on it: every game's result is the same whichever thread plays it.
 */
final class WarmStart {
    /** Cores' worth of CPU outside the game threads below which the compilers count as caught up. */
    static final double IDLE_CORES = 0.5;

    /** How long each sample of CPU use lasts. */
    static final long WINDOW_NANOS = 2_000_000_000L;

    private final LongSupplier processCpu;
    private final ToLongFunction<Thread> threadCpu;
    private final long window;
    private long lastWall = -1, lastOther;

    /** @param processCpu the process's CPU nanoseconds so far, negative if unknown
     *  @param threadCpu  a live thread's CPU nanoseconds so far, negative if unknown
     *  @param window     nanoseconds of each sample */
    WarmStart(LongSupplier processCpu, ToLongFunction<Thread> threadCpu, long window) {
        this.processCpu = processCpu;
        this.threadCpu = threadCpu;
        this.window = window;
    }

    /** Measured by this JVM; {@link #measurable()} says whether it can. */
    static WarmStart ofThisProcess() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean perThread = threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        LongSupplier process = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os::getProcessCpuTime : () -> -1;
        return new WarmStart(perThread ? process : () -> -1, t -> threads.getThreadCpuTime(t.threadId()), WINDOW_NANOS);
    }

    /** False where CPU time cannot be measured: then every worker starts at once. */
    boolean measurable() { return processCpu.getAsLong() >= 0; }

    /**
     * Samples the CPU used outside {@code games} since the last sample; true once a whole window
     * has passed with less than {@link #IDLE_CORES} used there. Each window starts afresh.
     */
    boolean caughtUp(List<Thread> games, long nowNanos) {
        long other = processCpu.getAsLong();
        for (Thread t : games) other -= Math.max(0, threadCpu.applyAsLong(t));
        if (lastWall < 0) {
            lastWall = nowNanos;
            lastOther = other;
            return false;
        }
        long wall = nowNanos - lastWall;
        if (wall < window) return false;
        double cores = (double) (other - lastOther) / wall;
        lastWall = nowNanos;
        lastOther = other;
        return cores < IDLE_CORES;
    }
}
