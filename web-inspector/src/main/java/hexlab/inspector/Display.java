package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.util.Json;
import hexlab.kernel.yaml.YamlDoc;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a system's counters, sides and terrain look on the board: {@code tables/<system>/display.yaml}
 * (docs/formats.md), a table file no rule reads. A child system takes its parent's and overrides
 * it table by table. A table with a {@code lookup} (a field of the order of battle that the pieces
 * do not carry, such as the unit's size) is joined here: the page gets the looked-up fields by key.
 */
final class Display {
    private Display() {}

    static ObjectNode of(RuleSystem system, Catalog catalog) {
        ObjectNode out = Json.object();
        ObjectNode tables = out.putObject("tables");
        for (String id : system.lineage()) {
            Path file = catalog.tablesDir(id).resolve("display.yaml");
            if (!Files.isRegularFile(file)) continue;
            YamlDoc doc = YamlDoc.load(file, catalog.display(file));
            JsonNode t = doc.json().path("tables");
            t.fieldNames().forEachRemaining(name -> tables.set(name, t.get(name)));
            out.put("file", doc.file());
        }
        if (tables.has("lookup")) out.set("lookup", lookup(system, catalog, tables.get("lookup")));
        return out;
    }

    /** {key value: {field: value}} from a table file of the system: {file, path: [..], key, fields: [..]}. */
    private static ObjectNode lookup(RuleSystem system, Catalog catalog, JsonNode spec) {
        ObjectNode out = Json.object();
        Path file = null;
        for (String id : system.lineage()) {
            Path f = catalog.tablesDir(id).resolve(spec.path("file").asText());
            if (Files.isRegularFile(f)) file = f;
        }
        if (file == null) return out;
        JsonNode found = YamlDoc.load(file, catalog.display(file)).json();
        for (JsonNode step : spec.path("path")) found = found.path(step.asText());
        JsonNode at = found;
        at.fieldNames().forEachRemaining(k -> {
            ObjectNode row = out.putObject(k);
            for (JsonNode f : spec.path("fields")) if (at.get(k).has(f.asText())) row.set(f.asText(), at.get(k).get(f.asText()));
        });
        return out;
    }
}
