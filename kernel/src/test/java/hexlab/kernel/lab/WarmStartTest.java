package hexlab.kernel.lab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WarmStartTest {
    static final long S = 1_000_000_000L;

    final AtomicLong process = new AtomicLong(), game = new AtomicLong();
    final Thread worker = new Thread(() -> {});
    final WarmStart warm = new WarmStart(process::get, t -> t == worker ? game.get() : -1, 2 * S);

    /** One second of wall time in which the game thread used {@code gameCores} and the rest {@code otherCores}. */
    void second(double gameCores, double otherCores) {
        game.addAndGet((long) (gameCores * S));
        process.addAndGet((long) ((gameCores + otherCores) * S));
    }

    @Test
    void theNextWorkerWaitsWhileTheCompilersUseMoreThanHalfACore() {
        long t = 0;
        assertFalse(warm.caughtUp(List.of(worker), t), "the first sample only starts a window");
        second(0.7, 1.2);
        assertFalse(warm.caughtUp(List.of(worker), t += S), "a window is two seconds");
        second(0.7, 1.2);
        assertFalse(warm.caughtUp(List.of(worker), t += S), "1.2 cores outside the game thread: still compiling");
        second(1.0, 0.3);
        second(1.0, 0.3);
        assertTrue(warm.caughtUp(List.of(worker), t += 2 * S), "0.3 cores outside the game thread: caught up");
    }

    @Test
    void theGameThreadsOwnCpuNeverCountsAsCompiling() {
        long t = 0;
        warm.caughtUp(List.of(worker), t);
        second(1.0, 0.1);
        second(1.0, 0.1);
        assertTrue(warm.caughtUp(List.of(worker), t += 2 * S));
        second(1.0, 0.1);
        second(1.0, 0.1);
        assertFalse(warm.caughtUp(List.of(), t += 2 * S), "without the game thread its core counts as other work");
    }

    @Test
    void withoutCpuTimesEveryWorkerStartsAtOnce() {
        assertFalse(new WarmStart(() -> -1, x -> -1, S).measurable());
        assertTrue(warm.measurable());
    }
}
