package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.rules.DraftErratum;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The erratum a designer writes in the Tables tab: each edit of a cell or list entry joins the
 * game's draft (the first draft of its variant, "draft" until named), checked against the table's
 * shape, and the game replays under the variant with it; the draft downloads as an erratum file.
 */
final class Drafting {
    private static final Set<String> OPS = Set.of("replace", "add", "remove");

    private Drafting() {}

    static DraftErratum current(Variant v) { return v.drafts().isEmpty() ? null : v.drafts().getFirst(); }

    /** The variant with one change more in its draft: {op, path, value}. */
    static Variant edit(Variant v, Requests.DraftEdit b) {
        String op = required(b.op(), "op");
        if (!OPS.contains(op)) throw ApiError.bad("\"op\" must be replace, add or remove, found \"" + op + "\"");
        String path = required(b.path(), "path");
        JsonNode value = b.value();
        if (!op.equals("remove") && (value == null || value.isNull() || value.isMissingNode())) throw ApiError.bad("a " + op + " needs \"value\"");
        DraftErratum d = current(v);
        if (d == null) d = DraftErratum.empty("draft");
        return with(v, d.with(op, path, op.equals("remove") ? null : Json.MAPPER.convertValue(value, Object.class)));
    }

    /** The variant with its draft renamed, labelled or sourced: {id, label, source, rule}. */
    static Variant name(Variant v, Requests.DraftName b) {
        DraftErratum d = current(v);
        if (d == null) throw ApiError.conflict("there is no draft erratum to name: edit a table first");
        return with(v, d.named(b.id() == null ? d.id() : b.id(), b.label(), b.source(), b.rule()));
    }

    private static String required(String s, String field) {
        if (s == null || s.isBlank()) throw ApiError.bad("\"" + field + "\" is required");
        return s;
    }

    /** The variant without its draft. */
    static Variant drop(Variant v) {
        return Variant.of(v.system(), v.chosenOptions(), v.errata(), v.drafts().size() > 1 ? v.drafts().subList(1, v.drafts().size()) : List.of());
    }

    private static Variant with(Variant v, DraftErratum d) {
        List<DraftErratum> all = new ArrayList<>(v.drafts());
        if (all.isEmpty()) all.add(d);
        else all.set(0, d);
        return Variant.of(v.system(), v.chosenOptions(), v.errata(), all);
    }

    /** The draft as the Tables tab shows it: its fields, its changes, the file it becomes and that file's text. */
    static ObjectNode describe(Variant v) {
        DraftErratum d = current(v);
        ObjectNode o = Json.object();
        if (d == null) return o.putNull("draft");
        o.set("draft", d.json());
        o.put("file", "errata/" + d.id() + ".yaml").put("yaml", d.yaml()).put("variant", v.id()).put("spec", v.spec());
        return o;
    }
}
