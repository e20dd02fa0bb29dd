package hexlab.inspector;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.play.Refusal;

import java.util.ArrayList;
import java.util.List;

/** What one request changed in a session: the log from which entry on, a refusal, a report, warnings. */
final class Change {
    int logFrom = -1;            // -1: the log's entries are as they were (the cursor may have moved)
    Refusal refusal;
    ObjectNode report;
    String stopped;              // why a bot run stopped before its goal
    boolean more;                // a bot run's time slice ended first: asking again goes on
    int taken;                   // actions taken by this request
    final List<String> warnings = new ArrayList<>();

    /** Entries from {@code n} on are new or replaced. */
    void logFrom(int n) {
        if (n >= 0 && (logFrom < 0 || n < logFrom)) logFrom = n;
    }

    void warn(String w) { if (w != null) warnings.add(w); }
}
