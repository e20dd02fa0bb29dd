package hexlab.kernel.persist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A save: one JSON document holding what replays a game exactly (system, variant, section pins,
 * scenario, seed, actions) and what checks the replay (state hashes every few actions and at the
 * end, and the result). A save written when the rules failed carries {@code failure}: its last
 * action is the one that broke off, so replaying it reproduces the error.
 */
public record SaveFile(int format, String system, String systemVersion, String variant, String variantId,
                       List<Pin> pins, String scenario, long seed, List<JsonNode> actions,
                       List<Checkpoint> checkpoints, String finalHash, JsonNode result, JsonNode failure,
                       List<hexlab.kernel.rules.DraftErratum> drafts) {

    public static final int FORMAT = 1;
    /** A state hash is recorded after every this many actions. */
    public static final int CHECKPOINT_EVERY = 25;

    private static final Pattern HASH = Pattern.compile("[0-9a-f]{64}");

    public record Pin(String section, String version, String sha256) {}

    public record Checkpoint(int after, String hash) {}

    /** The save's variant under {@code system}: its spec with the draft errata it holds. */
    public Variant variant(hexlab.kernel.rules.RuleSystem system) { return Variant.parse(system, variant, drafts); }

    public static List<Pin> pins(Variant v) {
        List<Pin> out = new ArrayList<>();
        for (Section s : v.system().sections().values()) out.add(new Pin(s.name(), s.version(), s.sha256()));
        return out;
    }

    /** Builds the save of a finished or unfinished game from its checkpoints. */
    public static SaveFile of(Game g, List<Checkpoint> checkpoints) {
        Variant v = g.rules().variant();
        return new SaveFile(FORMAT, v.system().id(), v.system().version(), v.spec(), v.id(), pins(v), g.scenario().id(), g.seed(),
                g.actions(), List.copyOf(checkpoints), g.stateHash(), g.result(), null, v.drafts());
    }

    /**
     * The save that reproduces a rule error: the game's actions and the one the error broke off,
     * if any, on the same seed and variant. Its final hash is the state the error left, if the
     * state can still be read.
     */
    public static SaveFile failure(Game g, List<Checkpoint> checkpoints, RuleError e) {
        Variant v = g.rules().variant();
        List<JsonNode> actions = new ArrayList<>(g.actions());
        if (g.brokenAction() != null) actions.add(g.brokenAction());
        String hash;
        try {
            hash = g.rules().isDead() ? "" : g.stateHash();
        } catch (RuntimeException unreadable) {
            hash = "";
        }
        ObjectNode f = Json.object().put("error", e.describe()).put("action", actions.size()).put("turn", g.turn());
        List<Checkpoint> cps = checkpoints.stream().filter(c -> c.after() <= g.actionCount()).toList();
        return new SaveFile(FORMAT, v.system().id(), v.system().version(), v.spec(), v.id(), pins(v), g.scenario().id(), g.seed(),
                List.copyOf(actions), cps, hash, null, f, v.drafts());
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("format", format);
        o.put("system", system);
        o.put("systemVersion", systemVersion);
        o.put("variant", variant);
        o.put("variantId", variantId);
        if (!drafts.isEmpty()) o.set("drafts", hexlab.kernel.rules.DraftErratum.listJson(drafts));
        ArrayNode p = o.putArray("pins");
        for (Pin pin : pins) p.addObject().put("section", pin.section()).put("version", pin.version()).put("sha256", pin.sha256());
        o.put("scenario", scenario);
        o.put("seed", seed);
        ArrayNode a = o.putArray("actions");
        actions.forEach(a::add);
        ArrayNode c = o.putArray("checkpoints");
        for (Checkpoint cp : checkpoints) c.addObject().put("after", cp.after()).put("hash", cp.hash());
        o.put("finalHash", finalHash);
        o.set("result", result);
        if (failure != null) o.set("failure", failure);
        return o;
    }

    /** Whether {@code replayed} is the result this save records (no result and JSON null alike). */
    public boolean sameResult(JsonNode replayed) {
        JsonNode a = result == null || result.isNull() ? null : result, b = replayed == null || replayed.isNull() ? null : replayed;
        return a == null ? b == null : b != null && Json.canonical(a).equals(Json.canonical(b));
    }

    /** Writes atomically: a temporary file beside the target, then a rename, so no half-written save exists. */
    public void write(Path file) { hexlab.kernel.util.AtomicFile.write(file, Json.pretty(toJson())); }

    public static SaveFile read(Path file) {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new InputException(name, 0, 0, Files.exists(file) ? "cannot read: " + e.getMessage() : "file not found");
        }
        return parse(name, text);
    }

    /**
     * Reads a save from its text; {@code name} is what errors call it. Every field is checked for
     * its type and range (a checkpoint after an action the save does not have, a hash that is not
     * one), so a damaged or edited save is refused at the line that is wrong.
     */
    public static SaveFile parse(String name, String text) {
        JsonNode j;
        try {
            j = Json.STRICT.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var loc = e.getLocation();
            throw new InputException(name, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(),
                    "not a valid save (truncated or damaged JSON): " + e.getOriginalMessage());
        }
        if (j == null || !j.isObject()) throw new InputException(name, 1, 1, "not a save: expected a JSON object");
        Fields f = new Fields(name, text, j);
        JsonNode format = j.get("format");
        if (format == null || !format.isIntegralNumber() || !format.canConvertToInt() || format.asInt() != FORMAT) {
            throw f.error("/format", "save format " + (format == null ? "missing" : format) + " is not supported (this version reads format " + FORMAT + ")");
        }
        for (String k : List.of("system", "scenario", "seed", "actions", "finalHash", "pins")) {
            if (!j.hasNonNull(k)) throw new InputException(name, 0, 0, "not a complete save: \"" + k + "\" is missing");
        }
        String system = f.text("/system", false), scenario = f.text("/scenario", false);
        JsonNode seed = j.get("seed");
        if (!seed.isIntegralNumber() || !seed.canConvertToLong()) throw f.error("/seed", "\"seed\" must be a whole number");
        JsonNode failure = j.get("failure");
        if (failure != null && !failure.isNull() && !failure.isObject()) throw f.error("/failure", "\"failure\" must be an object {action, turn, error}");
        if (failure != null && failure.isNull()) failure = null;
        String finalHash = f.text("/finalHash", true);
        if (!HASH.matcher(finalHash).matches() && !(failure != null && finalHash.isEmpty())) {
            throw f.error("/finalHash", "\"finalHash\" must be a sha256 state hash (64 hex digits), found \"" + finalHash + "\"");
        }
        if (!j.get("actions").isArray()) throw f.error("/actions", "\"actions\" must be a list");
        List<JsonNode> actions = new ArrayList<>();
        for (int i = 0; i < j.get("actions").size(); i++) {
            JsonNode a = j.get("actions").get(i);
            if (!a.isObject()) throw f.error("/actions/" + i, "action " + i + " must be a JSON object, found " + a.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
            actions.add(a);
        }
        if (!j.get("pins").isArray()) throw f.error("/pins", "\"pins\" must be a list of {section, version, sha256}");
        List<Pin> pins = new ArrayList<>();
        for (int i = 0; i < j.get("pins").size(); i++) {
            String at = "/pins/" + i;
            if (!j.get("pins").get(i).isObject()) throw f.error(at, "each pin must be an object {section, version, sha256}");
            pins.add(new Pin(f.text(at + "/section", false), f.text(at + "/version", false), f.text(at + "/sha256", false)));
        }
        List<Checkpoint> cps = new ArrayList<>();
        JsonNode cpList = j.path("checkpoints");
        if (!cpList.isMissingNode() && !cpList.isNull() && !cpList.isArray()) throw f.error("/checkpoints", "\"checkpoints\" must be a list of {after, hash}");
        for (int i = 0; i < cpList.size(); i++) {
            String at = "/checkpoints/" + i;
            JsonNode after = cpList.get(i).get("after");
            if (after == null || !after.isIntegralNumber() || !after.canConvertToInt() || after.asInt() < 0 || after.asInt() > actions.size()) {
                throw f.error(at + "/after", "checkpoint " + i + ": \"after\" must be an action count from 0 to " + actions.size() + " (the save has " + actions.size()
                        + " actions), found " + after);
            }
            if (!cps.isEmpty() && after.asInt() <= cps.getLast().after()) {
                throw f.error(at + "/after", "checkpoint " + i + ": \"after\" " + after.asInt() + " does not follow " + cps.getLast().after() + " (checkpoints go in order, once each)");
            }
            String hash = f.text(at + "/hash", false);
            if (!HASH.matcher(hash).matches()) throw f.error(at + "/hash", "checkpoint " + i + ": \"hash\" must be a sha256 state hash (64 hex digits)");
            cps.add(new Checkpoint(after.asInt(), hash));
        }
        JsonNode result = j.get("result");
        if (result != null && !result.isNull() && !result.isObject()) throw f.error("/result", "\"result\" must be an object or null");
        return new SaveFile(FORMAT, system, f.optional("/systemVersion"), f.optional("/variant"), f.optional("/variantId"), pins, scenario,
                seed.asLong(), actions, cps, finalHash, result, failure, hexlab.kernel.rules.DraftErratum.listFromJson(j.get("drafts"), name));
    }

    /** A save's fields read with their type checked; a mistake names the line it is on. */
    private record Fields(String name, String text, JsonNode root) {
        InputException error(String pointer, String message) {
            int[] at = Json.locate(text, pointer);
            return new InputException(name, at[0], at[1], message);
        }

        String text(String pointer, boolean mayBeEmpty) {
            JsonNode v = root.at(pointer);
            if (!v.isTextual() || (!mayBeEmpty && v.asText().isBlank())) throw error(pointer, "\"" + pointer.substring(pointer.lastIndexOf('/') + 1) + "\" must be " + (mayBeEmpty ? "a string" : "a non-empty string"));
            return v.asText();
        }

        String optional(String pointer) {
            JsonNode v = root.at(pointer);
            if (v.isMissingNode() || v.isNull()) return "";
            return text(pointer, true);
        }
    }
}
