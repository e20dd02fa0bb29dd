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
public record Scenario(String id, String name, String source, String map, int firstTurn, int lastTurn,
                       String firstSide, String startSide, String startPhase, JsonNode doc) {

    public static Scenario load(Catalog catalog, RuleSystem system, String id) {
        ScenarioDef def = system.scenario(id).orElseThrow(() -> new InputException(null, 0, 0,
                "unknown scenario \"" + id + "\" for system " + system.id() + " (scenarios: "
                        + String.join(", ", system.scenarios().stream().map(ScenarioDef::id).toList()) + ")"));
        if (!Files.isRegularFile(def.file())) throw new InputException(catalog.display(system.manifest()), "/scenarios", "scenario file " + catalog.display(def.file()) + " not found");
        return from(YamlDoc.load(def.file(), catalog.display(def.file())), system, id);
    }

    /** A scenario written inline (a test's fixture position), read like a scenario file. */
    public static Scenario parse(RuleSystem system, String yaml, String displayName) {
        YamlDoc doc = YamlDoc.parse(yaml, displayName);
        Object id = doc.map().get("id");
        return from(doc, system, id == null ? displayName : String.valueOf(id));
    }

    private static Scenario from(YamlDoc doc, RuleSystem system, String id) {
        String file = doc.file();
        try {
            JsonNode j = doc.json();
            JsonNode turns = j.path("turns");
            if (!turns.path("first").canConvertToInt() || !turns.path("last").canConvertToInt()) {
                throw new InputException(file, "/turns", "expected turns: {first: N, last: M}");
            }
            int first = turns.path("first").asInt(), last = turns.path("last").asInt();
            if (last < first) throw new InputException(file, "/turns", "the last turn " + last + " comes before the first " + first);
            String firstSide = text(j, "first-side");
            if (firstSide != null && !system.sides().contains(firstSide)) {
                throw new InputException(file, "/first-side", "unknown side \"" + firstSide + "\" (sides: " + String.join(", ", system.sides()) + ")");
            }
            JsonNode start = j.path("start");
            String startSide = text(start, "side");
            if (startSide != null && !system.sides().contains(startSide)) throw new InputException(file, "/start/side", "unknown side \"" + startSide + "\"");
            if (start.has("turn")) first = start.path("turn").asInt(first);
            String map = j.hasNonNull("map") ? j.get("map").asText() : "main";
            if (!system.maps().isEmpty() && !system.maps().containsKey(map)) {
                throw new InputException(file, "/map", "unknown map \"" + map + "\" (maps: " + String.join(", ", system.maps().keySet()) + ")");
            }
            return new Scenario(id, text(j, "name"), text(j, "source"), system.maps().isEmpty() ? null : map, first, last,
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
