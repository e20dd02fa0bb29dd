package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.play.Visibility;
import hexlab.kernel.util.Json;

import java.util.List;

/**
 * One step of a line of play: the action taken (n >= 1; n = 0 is the start), who took it, where in
 * the sequence it was decided, the trace it caused and the state hash after it.
 */
record Entry(int n, String side, JsonNode action, List<JsonNode> events, String hash, int turn, List<String> crumbs) {

    static Entry start(List<JsonNode> events, String hash, int turn, List<String> crumbs) {
        return new Entry(0, null, null, List.copyOf(events), hash, turn, List.copyOf(crumbs));
    }

    /** The first die roll among the events, or null: undo may not cross one unless the designer allows it. */
    JsonNode firstRoll() {
        for (JsonNode e : events) if ("roll".equals(e.path("kind").asText())) return e;
        return null;
    }

    /** "d6 for combat r1 vs b2", for the message that refuses an undo. */
    String rollText() {
        JsonNode r = firstRoll();
        if (r == null) return "no roll";
        return r.path("dice").asText("dice") + " for " + r.path("purpose").asText("an unstated purpose")
                + (r.has("total") ? " (" + r.path("total").asText() + ")" : "");
    }

    /** The entry as {@code as} reads it (null: the designer, everything whole) in a system with a view or without. */
    ObjectNode toJson(String as, boolean view) {
        ObjectNode o = Json.object();
        o.put("n", n);
        if (side != null) o.put("side", side);
        if (action != null) o.set("action", Visibility.action(action, side, as, view));
        ArrayNode ev = o.putArray("events");
        Visibility.forSide(events, as).forEach(ev::add);
        o.put("rolled", firstRoll() != null);
        o.put("turn", turn);
        ArrayNode c = o.putArray("crumbs");
        crumbs.forEach(c::add);
        o.put("hash", hash);
        return o;
    }
}
