package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.yaml.YamlDoc;

import java.nio.file.Files;

/**
 * A scenario as loaded: the fields the kernel reads (turns, first side, map, a mid-turn start)
 * and the whole document, which the system's setup script reads as it likes.
 */
public record Scenario(String id, String name, String source, String status, String map, int firstTurn, int lastTurn,
                       String firstSide, String startSide, String startPhase, JsonNode doc) {
    private static final java.util.Set<String> STATUSES = java.util.Set.of("printed", "reconstructed", "placeholder");

    public static Scenario load(Catalog catalog, RuleSystem system, String id) {
        ScenarioDef def = system.scenario(id).orElseThrow(() -> new InputException(null, 0, 0,
                "unknown scenario \"" + id + "\" for system " + system.id() + " (scenarios: "
                        + String.join(", ", system.scenarios().stream().map(ScenarioDef::id).toList()) + ")"));
        if (!Files.isRegularFile(def.file())) throw new InputException(catalog.display(system.manifest()), "/scenarios", "scenario file " + catalog.display(def.file()) + " not found");
        return from(YamlDoc.load(def.file(), catalog.display(def.file())), system, id, true);
    }

    /** A scenario written inline (a test's fixture position), read like a scenario file. */
    public static Scenario parse(RuleSystem system, String yaml, String displayName) {
        YamlDoc doc = YamlDoc.parse(yaml, displayName);
        Object id = doc.map().get("id");
        return from(doc, system, id == null ? displayName : String.valueOf(id), false);
    }

    /** @param file whether it is a scenario file, which must say its provenance (a test's inline position need not) */
    private static Scenario from(YamlDoc doc, RuleSystem system, String id, boolean file) {
        String name = doc.file();
        try {
            JsonNode j = doc.json();
            String status = text(j, "status");
            if (status == null && file || status != null && !STATUSES.contains(status)) {
                throw new InputException(name, status == null ? "/" : "/status", "expected status: printed, reconstructed or placeholder (the provenance of the deployment)"
                        + (status == null ? "" : ", found \"" + status + "\""));
            }
            if (status != null && !status.equals("printed") && text(j, "note") == null) {
                throw new InputException(name, "/status", "a " + status + " scenario needs a note: saying " + (status.equals("placeholder") ? "which setup it stands in for" : "what its deployment was derived from"));
            }
            JsonNode turns = j.path("turns");
            if (!turns.path("first").canConvertToInt() || !turns.path("last").canConvertToInt()) {
                throw new InputException(name, "/turns", "expected turns: {first: N, last: M}");
            }
            int first = turns.path("first").asInt(), last = turns.path("last").asInt();
            if (last < first) throw new InputException(name, "/turns", "the last turn " + last + " comes before the first " + first);
            String firstSide = text(j, "first-side");
            if (firstSide != null && !system.sides().contains(firstSide)) {
                throw new InputException(name, "/first-side", "unknown side \"" + firstSide + "\" (sides: " + String.join(", ", system.sides()) + ")");
            }
            JsonNode start = j.path("start");
            String startSide = text(start, "side");
            if (startSide != null && !system.sides().contains(startSide)) throw new InputException(name, "/start/side", "unknown side \"" + startSide + "\"");
            if (start.has("turn")) first = start.path("turn").asInt(first);
            String map = j.hasNonNull("map") ? j.get("map").asText() : "main";
            if (!system.maps().isEmpty() && !system.maps().containsKey(map)) {
                throw new InputException(name, "/map", "unknown map \"" + map + "\" (maps: " + String.join(", ", system.maps().keySet()) + ")");
            }
            return new Scenario(id, text(j, "name"), text(j, "source"), status, system.maps().isEmpty() ? null : map, first, last,
                    firstSide, startSide, text(start, "phase"), j);
        } catch (InputException e) {
            throw doc.locate(e);
        }
    }

    private static String text(JsonNode j, String key) {
        JsonNode v = j.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }
}
