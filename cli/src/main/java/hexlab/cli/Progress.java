package hexlab.cli;

import java.io.PrintStream;

/** A one-line progress bar on the terminal; silent when output is for machines. */
final class Progress {
    private final PrintStream out;
    private final String label;
    private final int total;
    private int shown = -1;

    Progress(PrintStream out, String label, int total) {
        this.out = out;
        this.label = label;
        this.total = Math.max(1, total);
    }

    synchronized void update(int done) {
        if (out == null) return;
        int pct = (int) (100L * done / total);
        if (pct == shown) return;
        shown = pct;
        int filled = pct / 4;
        out.print("\r" + label + " [" + "#".repeat(filled) + " ".repeat(25 - filled) + "] " + done + "/" + total);
        out.flush();
    }

    void finish() {
        if (out != null && shown >= 0) {
            out.print("\r" + " ".repeat(label.length() + 40) + "\r");
            out.flush();
        }
    }
}
