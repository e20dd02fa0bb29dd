package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a batch keeps of one game: enough to summarise and to reopen it (variant + seed), never
 * the game itself, so ten thousand games fit in a small heap.
 *
 * @param hash   the state hash at the end (or where the game broke): a reopened game must reach it
 * @param winner the result's winner, "draw" when none was named, "error" when the game broke
 * @param usage  how often each table, option, erratum and rule decided something in this game
 * @param error  the engine or rule error that stopped the game, or null
 * @param save   a save reproducing a broken game, or null
 * @param opening the actions the game took from the opening another game of the batch played (the
 *                moves before any die, shared by every seed); 0 when it played them itself
 */
public record GameRecord(String variant, int game, long seed, String winner, String level, int turn, int actions, String hash,
                         Map<String, Double> metrics, Map<String, Integer> usage, String error, String save, int opening) {

    /** The whole record as data (a batch's journal, a game played elsewhere): {@link #of} reads it back equal. */
    public ObjectNode json() {
        ObjectNode o = Json.object().put("variant", variant).put("game", game).put("seed", seed).put("winner", winner).put("level", level)
                .put("turn", turn).put("actions", actions).put("hash", hash).put("error", error).put("save", save).put("opening", opening);
        ObjectNode m = o.putObject("metrics");
        metrics.forEach(m::put);
        ObjectNode u = o.putObject("usage");
        usage.forEach(u::put);
        return o;
    }

    /** Reads {@link #json()} back; a field of the wrong kind is an IllegalArgumentException naming it. */
    public static GameRecord of(JsonNode j) {
        Map<String, Double> metrics = new TreeMap<>();
        j.path("metrics").fields().forEachRemaining(f -> metrics.put(f.getKey(), number(f.getValue(), "metrics." + f.getKey())));
        Map<String, Integer> usage = new TreeMap<>();
        j.path("usage").fields().forEachRemaining(f -> usage.put(f.getKey(), (int) whole(f.getValue(), "usage." + f.getKey())));
        return new GameRecord(text(j, "variant", false), (int) whole(j.path("game"), "game"), whole(j.path("seed"), "seed"), text(j, "winner", false),
                text(j, "level", true), (int) whole(j.path("turn"), "turn"), (int) whole(j.path("actions"), "actions"), text(j, "hash", false),
                metrics, usage, text(j, "error", true), text(j, "save", true), (int) whole(j.path("opening"), "opening"));
    }

    private static String text(JsonNode j, String field, boolean nullable) {
        JsonNode v = j.path(field);
        if (nullable && (v.isNull() || v.isMissingNode())) return null;
        if (!v.isTextual()) throw new IllegalArgumentException("\"" + field + "\" must be text");
        return v.asText();
    }

    private static long whole(JsonNode v, String field) {
        if (!v.canConvertToLong() || !v.isIntegralNumber()) throw new IllegalArgumentException("\"" + field + "\" must be a whole number");
        return v.asLong();
    }

    private static double number(JsonNode v, String field) {
        if (!v.isNumber()) throw new IllegalArgumentException("\"" + field + "\" must be a number");
        return v.asDouble();
    }
}
