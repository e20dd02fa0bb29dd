package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * Trace entries a script marked {@code visibleTo: [side, ...]} (a secret roll, a face-down unit's
 * move): in another side's log they say that something happened, not what. The designer's log
 * (no side) keeps every entry whole, as the game does: a replay writes them all again.
 */
public final class Visibility {
    private Visibility() {}

    /** Whether {@code side} may read the entry (the designer, null, reads every one). */
    public static boolean readableBy(JsonNode entry, String side) {
        JsonNode to = entry.get("visibleTo");
        if (side == null || to == null || !to.isArray()) return true;
        for (JsonNode s : to) if (side.equals(s.asText())) return true;
        return false;
    }

    /** The entry as {@code side}'s log shows it: whole, or the turn and who saw what kind of thing. */
    public static JsonNode forSide(JsonNode entry, String side) {
        if (readableBy(entry, side)) return entry;
        List<String> to = new ArrayList<>();
        entry.get("visibleTo").forEach(s -> to.add(s.asText()));
        boolean roll = "roll".equals(entry.path("kind").asText());
        ObjectNode o = Json.object();
        o.put("kind", roll ? "roll" : "hidden").put("hidden", true);
        o.set("visibleTo", entry.get("visibleTo"));
        if (entry.has("turn")) o.set("turn", entry.get("turn"));
        o.put("text", roll ? String.join(", ", to) + " rolled in secret" : "something happened that only " + String.join(", ", to) + " may see");
        return o;
    }

    /**
     * An action {@code actor} took, as {@code side}'s log shows it in a system with a view
     * ({@code view}): {@code {"do": "hidden", "by": actor}} when another side took it, since an
     * action may name what the side cannot see (which face-down unit moved); the trace entries it
     * caused say what the side saw happen. Whole for the actor, the designer (null), in a system
     * without a view, and for a step no side took.
     */
    public static JsonNode action(JsonNode action, String actor, String side, boolean view) {
        if (!view || side == null || actor == null || side.equals(actor) || action == null) return action;
        return Json.object().put("do", "hidden").put("by", actor);
    }

    /** A log as {@code side} sees it. */
    public static List<JsonNode> forSide(List<JsonNode> log, String side) {
        if (side == null) return log;
        List<JsonNode> out = new ArrayList<>(log.size());
        for (JsonNode e : log) out.add(forSide(e, side));
        return out;
    }
}
