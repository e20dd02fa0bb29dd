package hexlab.kernel.util;

import java.util.List;

/** Waiting for worker threads, as the batch and the fuzzer do. */
public final class Threads {
    private Threads() {}

    /** Waits for every thread to end; an interrupt while waiting keeps the flag and is reported as a failure. */
    public static void joinAll(List<Thread> threads) {
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", x);
            }
        }
    }
}
