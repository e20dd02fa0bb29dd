package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The tables of a variant as loaded, errata applied: a searchable list with status badges, and one table with its data. */
final class TablesJson {
    // the file's own key order, not sorted: rows and columns read as printed
    private static final ObjectMapper IN_ORDER = new ObjectMapper();

    private TablesJson() {}

    static ObjectNode list(Variant v, Catalog catalog, String query) {
        String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
        Map<String, List<String>> touched = v.overlay().touched();
        ObjectNode o = Json.object();
        o.put("variant", v.id());
        if (!q.isEmpty()) o.put("query", q);
        ArrayNode secs = o.putArray("sections");
        for (Section s : v.system().sections().values()) {
            ArrayNode tables = Json.MAPPER.createArrayNode();
            boolean sectionHit = q.isEmpty() || contains(s.name(), q) || contains(s.rule(), q) || contains(s.source(), q);
            for (Map.Entry<String, Object> t : v.tables(s.name()).entrySet()) {
                JsonNode data = IN_ORDER.valueToTree(t.getValue());
                if (!sectionHit && !contains(t.getKey(), q) && !mentions(data, q)) continue;
                ObjectNode x = tables.addObject();
                x.put("name", t.getKey());
                x.put("status", s.status().getOrDefault(t.getKey(), data.path("status").asText(null)));
                x.put("rule", data.path("rule").asText(null));
                if (data.has("note")) x.put("note", data.path("note").asText());
                List<String> er = touched.get(s.name() + "/" + t.getKey());
                if (er != null) x.set("errata", Json.MAPPER.valueToTree(er));
            }
            if (tables.isEmpty() && !(sectionHit && q.isEmpty())) continue;
            ObjectNode x = secs.addObject();
            x.put("name", s.name()).put("version", s.version()).put("rule", s.rule()).put("source", s.source())
                    .put("status", s.overallStatus()).put("definedBy", s.definedBy());
            if (s.tableFile() != null) x.put("file", catalog.display(s.tableFile()));
            if (s.scriptFile() != null) x.put("script", catalog.display(s.scriptFile()));
            x.set("tables", tables);
        }
        return o;
    }

    static ObjectNode one(Variant v, Catalog catalog, String section, String table) {
        Section s = v.system().sections().get(section);
        if (s == null) throw ApiError.notFound("no section \"" + section + "\" in " + v.system().id());
        Object t = v.tables(section).get(table);
        if (t == null) throw ApiError.notFound("section " + section + " has no table \"" + table + "\" (tables: " + String.join(", ", v.tables(section).keySet()) + ")");
        JsonNode data = IN_ORDER.valueToTree(t);
        ObjectNode o = Json.object();
        o.put("section", section).put("table", table).put("version", s.version()).put("variant", v.id());
        o.put("status", s.status().getOrDefault(table, data.path("status").asText(null)));
        o.put("rule", data.path("rule").asText(s.rule()));
        if (data.has("note")) o.put("note", data.path("note").asText());
        if (s.tableFile() != null) o.put("file", catalog.display(s.tableFile()));
        List<String> er = v.overlay().touched().get(section + "/" + table);
        if (er != null) o.set("errata", Json.MAPPER.valueToTree(er));
        o.set("data", data);
        return o;
    }

    private static boolean contains(String s, String q) { return s != null && s.toLowerCase(Locale.ROOT).contains(q); }

    private static boolean mentions(JsonNode n, String q) {
        if (n.isValueNode()) return contains(n.asText(), q);
        if (n.isObject()) {
            var fields = n.fields();
            while (fields.hasNext()) {
                var e = fields.next();
                if (contains(e.getKey(), q) || mentions(e.getValue(), q)) return true;
            }
            return false;
        }
        for (JsonNode x : n) if (mentions(x, q)) return true;
        return false;
    }
}
