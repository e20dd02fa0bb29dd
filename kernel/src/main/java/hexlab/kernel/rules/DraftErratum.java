package hexlab.kernel.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.util.Json;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An erratum being written, not yet a file in the tree: table changes (replace, add, remove) kept
 * in memory, applied like an erratum file's and checked against the shape of what they change
 * ({@link TableShape}). A variant may carry drafts, and a save of its game holds them, so it replays.
 */
public record DraftErratum(String id, String label, String source, String rule, List<Map<String, Object>> changes) {
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");

    public DraftErratum {
        if (id == null || !ID.matcher(id).matches()) throw new InputException(null, 0, 0, "erratum id \"" + id + "\": use lower-case letters, digits and '-', starting with a letter");
        changes = List.copyOf(changes);
    }

    public static DraftErratum empty(String id) { return new DraftErratum(id, "draft erratum", "written in the inspector", null, List.of()); }

    /** The same draft with one change more. */
    public DraftErratum with(String op, String path, Object value) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("op", op);
        c.put("path", path);
        if (!op.equals("remove")) c.put("value", value);
        List<Map<String, Object>> all = new ArrayList<>(changes);
        all.add(c);
        return new DraftErratum(id, label, source, rule, all);
    }

    public DraftErratum named(String newId, String newLabel, String newSource, String newRule) {
        return new DraftErratum(newId, newLabel == null ? label : newLabel, newSource == null ? source : newSource, newRule == null ? rule : newRule, changes);
    }

    /** Eight hex digits of the changes: two drafts of one name but other changes are other variants. */
    public String fingerprint() { return Json.sha256(Json.write(json()).getBytes(java.nio.charset.StandardCharsets.UTF_8)).substring(0, 8); }

    public ObjectNode json() {
        ObjectNode o = Json.object();
        o.put("erratum", id).put("label", label).put("source", source);
        if (rule != null) o.put("rule", rule);
        o.set("changes", Json.MAPPER.valueToTree(changes));
        return o;
    }

    public static DraftErratum fromJson(JsonNode j, String where) {
        if (j == null || !j.isObject()) throw new InputException(where, 0, 0, "expected a draft erratum {erratum, label, source, changes}");
        JsonNode ch = j.path("changes");
        if (!ch.isArray()) throw new InputException(where, "/changes", "expected a list of changes");
        List<Map<String, Object>> changes = new ArrayList<>();
        for (JsonNode c : ch) {
            if (!c.isObject()) throw new InputException(where, "/changes", "each change is a mapping {op, path, value}");
            changes.add(Json.MAPPER.convertValue(c, LinkedHashMap.class));
        }
        return new DraftErratum(j.path("erratum").asText(j.path("id").asText(null)), j.path("label").asText("draft erratum"),
                j.path("source").asText("written in the inspector"), j.hasNonNull("rule") ? j.get("rule").asText() : null, changes);
    }

    public static List<DraftErratum> listFromJson(JsonNode a, String where) {
        List<DraftErratum> out = new ArrayList<>();
        if (a == null || a.isNull() || a.isMissingNode()) return out;
        if (!a.isArray()) throw new InputException(where, "/drafts", "expected a list of draft errata");
        for (JsonNode d : a) out.add(fromJson(d, where));
        return out;
    }

    public static ArrayNode listJson(List<DraftErratum> drafts) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        for (DraftErratum d : drafts) a.add(d.json());
        return a;
    }

    /** The erratum file {@code tables/<system>/errata/<id>.yaml}, as docs/formats.md describes it. */
    public String yaml() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("erratum", id);
        doc.put("source", source);
        doc.put("label", label);
        if (rule != null) doc.put("rule", rule);
        doc.put("changes", changes);
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setIndent(2);
        o.setIndicatorIndent(2);
        o.setIndentWithIndicator(true);
        o.setWidth(100);
        return "# yaml-language-server: $schema=../../schema/erratum.schema.json\n" + new Yaml(o).dump(doc);
    }
}
