package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;

import java.util.List;

/** The same seed and actions replayed under two variants: where their positions first differ. */
final class Comparison {
    final List<JsonNode> actions;
    final Line a;
    final Line b;
    final Session.Replayed ra;
    final Session.Replayed rb;

    Comparison(List<JsonNode> actions, Line a, Session.Replayed ra, Line b, Session.Replayed rb) {
        this.actions = actions;
        this.a = a;
        this.ra = ra;
        this.rb = rb;
        this.b = b;
    }

    /** The first step (0 = the start) after which the two positions differ, or -1. */
    int firstDivergence() {
        int common = Math.min(a.length(), b.length());
        for (int n = 0; n <= common; n++) if (!a.entry(n).hash().equals(b.entry(n).hash())) return n;
        return a.length() != b.length() ? common + 1 : -1;
    }

    /** The comparison as {@code as} may read it (null: the designer): another side's actions hidden in a system with a view. */
    ObjectNode toJson(String as, boolean view) {
        ObjectNode o = Json.object();
        o.put("actions", actions.size());
        o.set("a", side(a, ra));
        o.set("b", side(b, rb));
        int d = firstDivergence();
        if (d >= 0) o.put("firstDivergence", d);
        else o.putNull("firstDivergence");
        ArrayNode steps = o.putArray("steps");
        for (int n = 0; n <= actions.size(); n++) {
            ObjectNode s = steps.addObject();
            s.put("n", n);
            if (n > 0) s.set("action", hexlab.kernel.play.Visibility.action(actions.get(n - 1), n <= a.length() ? a.entry(n).side() : null, as, view));
            String ha = n <= a.length() ? a.entry(n).hash() : null;
            String hb = n <= b.length() ? b.entry(n).hash() : null;
            if (n > 0 && n <= a.length()) s.put("side", a.entry(n).side());
            s.put("a", ha == null ? null : ha.substring(0, 10));
            s.put("b", hb == null ? null : hb.substring(0, 10));
            s.put("same", ha != null && ha.equals(hb));
            s.put("rolled", (n <= a.length() && a.entry(n).firstRoll() != null) || (n <= b.length() && b.entry(n).firstRoll() != null));
        }
        String summary;
        if (d < 0) summary = "the two variants give the same position after every one of the " + actions.size() + " actions";
        else if (d == 0) summary = "the start positions differ";
        else summary = "the positions first differ after action " + d;
        o.put("summary", summary);
        return o;
    }

    private static ObjectNode side(Line l, Session.Replayed r) {
        ObjectNode o = Json.object();
        o.put("variant", l.variant.id());
        o.put("spec", l.variant.spec());
        o.put("length", l.length());
        if (r.refusedAt() > 0) o.putObject("refused").put("n", r.refusedAt()).put("reason", r.refusal()).put("rule", r.refusalRule());
        return o;
    }
}
