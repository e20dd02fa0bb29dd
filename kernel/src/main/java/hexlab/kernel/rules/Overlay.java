package hexlab.kernel.rules;

import hexlab.kernel.error.InputException;
import hexlab.kernel.yaml.YamlDoc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Errata applied to a system: table patches (replace, add, remove at a path) on copies of the
 * loaded tables, and script exports replaced. The base files are never touched.
 */
public final class Overlay {
    /** A replaced script export: {@code section.export} now comes from {@code file}'s {@code export}. */
    public record ScriptPatch(String erratum, String section, String export, Path file, String text) {}

    /**
     * A place an erratum changed: {@code section/table/...} down to the value replaced, added or
     * removed, or to the list an entry was added to or removed from (the list's other entries move).
     */
    public record Patch(String erratum, String path) {}

    private final Map<String, Map<String, Object>> tables;       // section -> table -> data
    private final Map<String, List<String>> touched;             // "section/table" -> errata ids
    private final List<ScriptPatch> scripts;
    private final List<Patch> patches;

    private Overlay(Map<String, Map<String, Object>> tables, Map<String, List<String>> touched, List<ScriptPatch> scripts, List<Patch> patches) {
        this.tables = tables;
        this.touched = touched;
        this.scripts = scripts;
        this.patches = patches;
    }

    /** Every place the errata changed a table, in the order applied. */
    public List<Patch> patches() { return patches; }

    public Map<String, Object> tables(String section) { return tables.getOrDefault(section, Map.of()); }

    /**
     * The value at {@code path} (section/table/key or index/...) as the errata left it; an
     * InputException from {@code where} when the path names no such entry.
     */
    public Object valueAt(String path, String where) {
        String[] parts = path.split("/");
        if (parts.length < 3 || !tables.containsKey(parts[0])) {
            throw new InputException(where, 0, 0, "path \"" + path + "\" must be <section>/<table>/<entry>/..., starting with a section (sections: "
                    + String.join(", ", tables.keySet()) + ")");
        }
        Object node = tables.get(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            Object next = null;
            if (node instanceof Map<?, ?> m) next = m.get(parts[i]);
            else if (node instanceof List<?> l && parts[i].matches("\\d{1,9}") && Integer.parseInt(parts[i]) < l.size()) next = l.get(Integer.parseInt(parts[i]));
            if (next == null) {
                throw new InputException(where, 0, 0, "no entry \"" + parts[i] + "\" at " + String.join("/", java.util.Arrays.copyOf(parts, i))
                        + (node instanceof Map<?, ?> m ? " (entries there: " + String.join(", ", m.keySet().stream().map(String::valueOf).limit(12).toList())
                        + (m.size() > 12 ? ", ..." : "") + ")" : node instanceof List<?> l ? " (a list of " + l.size() + " entries, 0 to " + (l.size() - 1) + ")" : ""));
            }
            node = next;
        }
        return node;
    }

    public Map<String, List<String>> touched() { return touched; }

    public List<ScriptPatch> scripts() { return scripts; }

    static Overlay apply(RuleSystem system, List<ErratumDef> errata) { return apply(system, errata, List.of()); }

    /** The errata files, then the drafts (each change of a draft checked against the shape it changes). */
    static Overlay apply(RuleSystem system, List<ErratumDef> errata, List<DraftErratum> drafts) {
        Map<String, Map<String, Object>> tables = new LinkedHashMap<>();
        for (Section s : system.sections().values()) tables.put(s.name(), s.tables());
        Map<String, List<String>> touched = new TreeMap<>();
        List<ScriptPatch> scripts = new ArrayList<>();
        List<Patch> patches = new ArrayList<>();
        for (ErratumDef e : errata) {
            YamlDoc doc = YamlDoc.load(e.file());
            String file = doc.file();
            try {
                Object changes = doc.map().get("changes");
                if (!(changes instanceof List<?> list)) throw new InputException(file, "/changes", "expected a list of changes");
                for (int i = 0; i < list.size(); i++) {
                    String ptr = "/changes/" + i;
                    if (!(list.get(i) instanceof Map<?, ?> c)) throw new InputException(file, ptr, "expected a mapping with op:");
                    if ("script".equals(String.valueOf(c.get("op")))) {
                        scripts.add(script(system, e, c, file, ptr));
                        continue;
                    }
                    change(system, e.id(), c, file, ptr, false, tables, touched, patches);
                }
            } catch (InputException ex) {
                throw doc.locate(ex);
            }
        }
        for (DraftErratum d : drafts) {
            String file = "draft erratum " + d.id();
            for (int i = 0; i < d.changes().size(); i++) {
                Map<String, Object> c = d.changes().get(i);
                if ("script".equals(String.valueOf(c.get("op")))) throw new InputException(file, "/changes/" + i + "/op", "a draft changes tables only: expected op replace, add or remove");
                change(system, d.id(), c, file, "/changes/" + i, true, tables, touched, patches);
            }
        }
        for (Map.Entry<String, Map<String, Object>> sec : tables.entrySet()) {
            Section s = system.sections().get(sec.getKey());
            String file = s.tableFile() == null ? null : s.tableFile().toString();
            @SuppressWarnings("unchecked") Map<String, Object> resolved = (Map<String, Object>) pointers(sec.getValue(), tables, file, "/tables", 0);
            sec.setValue(resolved);
        }
        return new Overlay(tables, touched, List.copyOf(scripts), List.copyOf(patches));
    }

    // one table change of an erratum: the section copied, patched, and the place recorded
    private static void change(RuleSystem system, String erratum, Map<?, ?> c, String file, String ptr, boolean checkShape,
                               Map<String, Map<String, Object>> tables, Map<String, List<String>> touched, List<Patch> patches) {
        String op = String.valueOf(c.get("op"));
        String path = c.get("path") == null ? null : String.valueOf(c.get("path"));
        if (path == null) throw new InputException(file, ptr, "a " + op + " change needs path: <section>/<table>/...");
        String[] parts = path.split("/");
        if (parts.length < 2 || !tables.containsKey(parts[0])) {
            throw new InputException(file, ptr + "/path", "path \"" + path + "\" must start with a section of " + system.id() + " (sections: " + String.join(", ", tables.keySet()) + ")");
        }
        if (checkShape && parts.length >= 3 && List.of("status", "rule", "note", "source", "reference").contains(parts[2])) {
            throw new InputException(file, ptr + "/path", "path \"" + path + "\" changes what the table says about itself (" + parts[2] + "), not its data");
        }
        Map<String, Object> sec = deepCopy(tables.get(parts[0]));
        patches.add(new Patch(erratum, patch(sec, parts, op, c.get("value"), c.containsKey("value"), checkShape, file, ptr)));
        tables.put(parts[0], sec);
        List<String> by = touched.computeIfAbsent(parts[0] + "/" + parts[1], k -> new ArrayList<>());
        if (!by.contains(erratum)) by.add(erratum);
    }

    private static ScriptPatch script(RuleSystem system, ErratumDef e, Map<?, ?> c, String file, String ptr) {
        String section = String.valueOf(c.get("section"));
        String export = String.valueOf(c.get("export"));
        Object f = c.get("file");
        if (c.get("section") == null || c.get("export") == null || f == null) throw new InputException(file, ptr, "a script change needs section:, export: and file:");
        if (!system.sections().containsKey(section)) throw new InputException(file, ptr + "/section", "no section \"" + section + "\" in " + system.id());
        Path base = e.file().getParent().getParent().getParent().getParent().resolve("rules-scripts").resolve(e.definedBy()).resolve("errata");
        Path p = base.resolve(String.valueOf(f));
        try {
            return new ScriptPatch(e.id(), section, export, p, Files.readString(p));
        } catch (java.io.IOException ex) {
            throw new InputException(file, ptr + "/file", "erratum script " + p + " cannot be read: " + ex.getMessage());
        }
    }

    /** Applies one change; returns the place it changed (see {@link Patch}). */
    @SuppressWarnings("unchecked")
    private static String patch(Map<String, Object> sec, String[] parts, String op, Object value, boolean hasValue, boolean checkShape, String file, String ptr) {
        Object node = sec;
        for (int i = 1; i < parts.length - 1; i++) {
            node = child(node, parts[i], file, ptr, String.join("/", java.util.Arrays.copyOf(parts, i + 1)));
        }
        String last = parts[parts.length - 1];
        if (!op.equals("remove") && !hasValue) throw new InputException(file, ptr, "a " + op + " change needs value:");
        String whole = String.join("/", parts);
        if (node instanceof Map<?, ?> m) {
            Map<String, Object> mm = (Map<String, Object>) m;
            if (checkShape && !op.equals("remove")) TableShape.check(mm.get(last), mm.values(), value, sec.get(parts[1]), file, ptr, whole);
            switch (op) {
                case "replace" -> {
                    if (!mm.containsKey(last)) throw new InputException(file, ptr + "/path", "nothing to replace at \"" + String.join("/", parts) + "\" (use op: add)");
                    mm.put(last, value);
                }
                case "add" -> mm.put(last, value);
                case "remove" -> {
                    if (mm.remove(last) == null) throw new InputException(file, ptr + "/path", "nothing to remove at \"" + String.join("/", parts) + "\"");
                }
                default -> throw new InputException(file, ptr + "/op", "expected op: replace, add, remove or script, found \"" + op + "\"");
            }
            return String.join("/", parts);
        } else if (node instanceof List<?> l) {
            List<Object> ll = (List<Object>) l;
            int idx;
            try {
                idx = last.equals("-") ? ll.size() : Integer.parseInt(last);
            } catch (NumberFormatException e) {
                throw new InputException(file, ptr + "/path", "\"" + last + "\" indexes a list: expected a number or - (the end)");
            }
            if (idx < 0 || idx > ll.size() || (!op.equals("add") && idx == ll.size())) throw new InputException(file, ptr + "/path", "index " + idx + " is outside the list (size " + ll.size() + ")");
            if (checkShape && !op.equals("remove")) TableShape.check(op.equals("replace") ? ll.get(idx) : null, ll, value, sec.get(parts[1]), file, ptr, whole);
            switch (op) {
                case "replace" -> ll.set(idx, value);
                case "add" -> ll.add(idx, value);
                case "remove" -> ll.remove(idx);
                default -> throw new InputException(file, ptr + "/op", "expected op: replace, add, remove or script, found \"" + op + "\"");
            }
            return op.equals("replace") ? String.join("/", parts) : String.join("/", java.util.Arrays.copyOf(parts, parts.length - 1));
        } else {
            throw new InputException(file, ptr + "/path", "\"" + String.join("/", parts) + "\" does not lead into a mapping or a list");
        }
    }

    private static Object child(Object node, String key, String file, String ptr, String soFar) {
        Object next = null;
        if (node instanceof Map<?, ?> m) next = m.get(key);
        else if (node instanceof List<?> l) {
            try {
                int i = Integer.parseInt(key);
                if (i >= 0 && i < l.size()) next = l.get(i);
            } catch (NumberFormatException ignored) {
                // a mapping key used on a list: reported below
            }
        }
        if (next == null) throw new InputException(file, ptr + "/path", "path \"" + soFar + "\" does not exist in the table");
        return next;
    }

    /** How many pointers a value may pass through before it is taken for a circle. */
    private static final int POINTER_DEPTH = 16;

    /**
     * {@code v} with every {@code {same-as: "section/table/path"}} replaced by a copy of the value
     * it points at (errata applied, so an erratum to the value reaches every place that points at
     * it); {@code v} itself when it holds no pointer.
     */
    private static Object pointers(Object v, Map<String, Map<String, Object>> tables, String file, String ptr, int depth) {
        if (v instanceof Map<?, ?> m) {
            if (m.size() == 1 && m.containsKey("same-as")) {
                String target = String.valueOf(m.get("same-as"));
                if (depth >= POINTER_DEPTH) throw located(file, ptr, "same-as: \"" + target + "\" leads round in a circle of pointers");
                return pointers(deepCopy(at(tables, target, file, ptr)), tables, file, ptr, depth + 1);
            }
            Map<String, Object> out = null;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String k = String.valueOf(e.getKey());
                Object x = pointers(e.getValue(), tables, file, ptr + "/" + k.replace("~", "~0").replace("/", "~1"), depth);
                if (x != e.getValue() && out == null) {
                    out = new LinkedHashMap<>();
                    for (Map.Entry<?, ?> f : m.entrySet()) out.put(String.valueOf(f.getKey()), f.getValue());
                }
                if (out != null) out.put(k, x);
            }
            return out == null ? v : out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = null;
            for (int i = 0; i < l.size(); i++) {
                Object x = pointers(l.get(i), tables, file, ptr + "/" + i, depth);
                if (x != l.get(i) && out == null) out = new ArrayList<>(l);
                if (out != null) out.set(i, x);
            }
            return out == null ? v : out;
        }
        return v;
    }

    private static Object at(Map<String, Map<String, Object>> tables, String target, String file, String ptr) {
        String[] parts = target.split("/");
        Object node = parts.length < 2 ? null : tables.get(parts[0]);
        for (int i = 1; i < parts.length && node != null; i++) {
            if (node instanceof Map<?, ?> m) node = m.get(parts[i]);
            else if (node instanceof List<?> l && parts[i].matches("\\d+") && Integer.parseInt(parts[i]) < l.size()) node = l.get(Integer.parseInt(parts[i]));
            else node = null;
        }
        if (node == null) throw located(file, ptr, "same-as: \"" + target + "\" points at nothing: expected section/table/path to a value of this system's tables");
        return node;
    }

    private static InputException located(String file, String ptr, String message) {
        InputException e = new InputException(file, ptr, message);
        return file == null ? e : YamlDoc.load(Path.of(file)).locate(e);
    }

    @SuppressWarnings("unchecked")
    static <T> T deepCopy(T o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) out.put(String.valueOf(e.getKey()), deepCopy(e.getValue()));
            return (T) out;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object x : l) out.add(deepCopy(x));
            return (T) out;
        }
        return o;
    }
}
