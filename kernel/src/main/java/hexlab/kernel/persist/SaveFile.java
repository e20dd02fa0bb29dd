package hexlab.kernel.persist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A save: one JSON document holding what replays a game exactly (system, variant, section pins,
 * scenario, seed, actions) and what checks the replay (state hashes every few actions and at the end).
 */
public record SaveFile(int format, String system, String systemVersion, String variant, String variantId,
                       List<Pin> pins, String scenario, long seed, List<JsonNode> actions,
                       List<Checkpoint> checkpoints, String finalHash, JsonNode result, List<hexlab.kernel.rules.DraftErratum> drafts) {

    public static final int FORMAT = 1;
    /** A state hash is recorded after every this many actions. */
    public static final int CHECKPOINT_EVERY = 25;

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
                g.actions(), List.copyOf(checkpoints), g.stateHash(), g.result(), v.drafts());
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
        return o;
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

    /** Reads a save from its text; {@code name} is what errors call it. */
    public static SaveFile parse(String name, String text) {
        JsonNode j;
        try {
            j = Json.MAPPER.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var loc = e.getLocation();
            throw new InputException(name, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(),
                    "not a valid save (truncated or damaged JSON): " + e.getOriginalMessage());
        }
        if (j == null || !j.isObject()) throw new InputException(name, 1, 1, "not a save: expected a JSON object");
        int format = j.path("format").asInt(-1);
        if (format != FORMAT) throw new InputException(name, 0, 0, "save format " + (format < 0 ? "missing" : format) + " is not supported (this version reads format " + FORMAT + ")");
        for (String k : List.of("system", "scenario", "seed", "actions", "finalHash", "pins")) {
            if (!j.hasNonNull(k)) throw new InputException(name, 0, 0, "not a complete save: \"" + k + "\" is missing");
        }
        if (!j.get("seed").canConvertToLong()) throw new InputException(name, 0, 0, "\"seed\" must be a whole number");
        if (!j.get("actions").isArray()) throw new InputException(name, 0, 0, "\"actions\" must be a list");
        List<Pin> pins = new ArrayList<>();
        j.get("pins").forEach(p -> pins.add(new Pin(p.path("section").asText(), p.path("version").asText(), p.path("sha256").asText())));
        List<JsonNode> actions = new ArrayList<>();
        j.get("actions").forEach(actions::add);
        List<Checkpoint> cps = new ArrayList<>();
        j.path("checkpoints").forEach(c -> cps.add(new Checkpoint(c.path("after").asInt(), c.path("hash").asText())));
        return new SaveFile(format, j.get("system").asText(), j.path("systemVersion").asText(), j.path("variant").asText(""),
                j.path("variantId").asText(), pins, j.get("scenario").asText(), j.get("seed").asLong(), actions, cps,
                j.get("finalHash").asText(), j.get("result"), hexlab.kernel.rules.DraftErratum.listFromJson(j.get("drafts"), name));
    }
}
