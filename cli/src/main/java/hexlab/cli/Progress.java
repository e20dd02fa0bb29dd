package hexlab.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.function.Supplier;

/** A one-line progress bar on the terminal; silent when output is for machines. */
final class Progress {
    private final PrintWriter out;
    private final String label;
    private final int total;
    private int shown = -1, width;

    Progress(PrintStream out, String label, int total) { this(out == null ? null : new PrintWriter(out, true), label, total); }

    Progress(PrintWriter out, String label, int total) {
        this.out = out;
        this.label = label;
        this.total = Math.max(1, total);
    }

    void update(int done) { update(done, null); }

    /** As {@link #update(int)}, with a short note after the bar (the answer so far, say), asked only when the bar is redrawn. */
    synchronized void update(int done, Supplier<String> note) {
        if (out == null) return;
        int pct = (int) (100L * done / total);
        if (pct == shown) return;
        shown = pct;
        int filled = pct / 4;
        String line = label + " [" + "#".repeat(filled) + " ".repeat(25 - filled) + "] " + done + "/" + total + (note == null ? "" : note.get());
        // a shorter line than the last is padded, so nothing of the last is left showing
        out.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
        width = Math.max(width, line.length());
        out.flush();
    }

    void finish() {
        if (out != null && shown >= 0) {
            out.print("\r" + " ".repeat(Math.max(width, label.length() + 40)) + "\r");
            out.flush();
        }
    }
}
