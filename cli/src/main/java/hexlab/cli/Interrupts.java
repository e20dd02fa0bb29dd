package hexlab.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C (and a plain kill) while a batch runs: the first asks it to stop after the games in
 * progress, so the whole seeds are summarised and nothing finished is lost; a second quits at once
 * (every finished game is already in the CSV and its journal). The handlers the JVM had come back
 * when the batch ends.
 */
final class Interrupts implements AutoCloseable {
    private final Map<Signal, SignalHandler> before = new LinkedHashMap<>();
    private final AtomicBoolean asked;

    /** @param asked set on the first signal; the batch reads it as a stop */
    Interrupts(AtomicBoolean asked, PrintWriter err) {
        this.asked = asked;
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal s = new Signal(name);
                before.put(s, Signal.handle(s, sig -> {
                    if (asked.getAndSet(true)) Runtime.getRuntime().halt(130);
                    err.println();
                    err.println("stopping after the games in progress (Ctrl-C again to quit at once; every finished game is kept)");
                    err.flush();
                }));
            } catch (IllegalArgumentException ignored) {
                // a signal this JVM does not let us handle (ignored by the parent, say): its default stands
            }
        }
    }

    /** Whether a signal asked the batch to stop. */
    boolean asked() { return asked.get(); }

    @Override
    public void close() { before.forEach(Signal::handle); }
}
