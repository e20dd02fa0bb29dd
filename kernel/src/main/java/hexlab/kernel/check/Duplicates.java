package hexlab.kernel.check;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Section;
import hexlab.kernel.util.Json;
import hexlab.kernel.yaml.YamlDoc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Values stated twice in a system's tables, so that an erratum to one leaves the other behind.
 * Two kinds, each between two different tables (a table may repeat itself: a results table's rows):
 * <ul>
 *   <li>the same list or mapping (at least two values, one of them a number), wherever it stands;
 *   <li>the same number under the same key name, outside any list, in two tables that cite a common
 *       rule number (in a list's rows a number under a key is mostly a reference to another row).
 * </ul>
 * Tables marked {@code reference: true} and the metadata keys are left out. The cure is to keep one
 * and point the other at it ({@code same-as: section/table/path}, resolved when the tables load), or
 * to mark the copy kept for the reader {@code reference: true}.
 */
public final class Duplicates {
    private Duplicates() {}

    public record Place(String file, int line, String table, String path) {
        String describe() { return file + (line > 0 ? ":" + line : "") + " " + table + "/" + path; }
    }

    public record Duplicate(String value, List<Place> places) {
        public ObjectNode json() {
            ObjectNode o = Json.object().put("value", value);
            ArrayNode ps = o.putArray("places");
            for (Place p : places) ps.addObject().put("file", p.file()).put("line", p.line()).put("table", p.table()).put("path", p.path());
            return o;
        }

        public String describe() {
            StringBuilder sb = new StringBuilder(value).append(" stated in ");
            for (int i = 0; i < places.size(); i++) sb.append(i == 0 ? "" : " and ").append(places.get(i).describe());
            return sb.append(": keep one and point the other at it (same-as:), or mark the copy reference: true").toString();
        }
    }

    private record Site(Section section, String table, String path, Set<String> rules) {
        String tableKey() { return section.name() + "/" + table; }
    }

    public static List<Duplicate> find(Catalog catalog, RuleSystem system) {
        Map<String, List<Site>> trees = new TreeMap<>(), numbers = new TreeMap<>();
        for (Section s : system.sections().values()) {
            for (Map.Entry<String, Object> t : s.tables().entrySet()) {
                Map<?, ?> data = (Map<?, ?>) t.getValue();
                if (Boolean.TRUE.equals(data.get("reference"))) continue;
                Set<String> rules = ruleNumbers(data.get("rule"));
                for (Map.Entry<?, ?> e : data.entrySet()) {
                    String key = String.valueOf(e.getKey());
                    if (Audit.METADATA.contains(key)) continue;
                    walk(e.getValue(), key, key, new Site(s, t.getKey(), key, rules), false, trees, numbers);
                }
            }
        }
        List<Duplicate> out = new ArrayList<>();
        Set<String> covered = new HashSet<>();        // "section/table/path" inside a reported tree
        List<Map.Entry<String, List<Site>>> bySize = new ArrayList<>(trees.entrySet());
        bySize.sort((a, b) -> Integer.compare(b.getKey().length(), a.getKey().length()));   // the biggest first: its parts are not reported again
        Map<String, YamlDoc> docs = new HashMap<>();
        for (Map.Entry<String, List<Site>> g : bySize) {
            List<Site> sites = acrossTables(g.getValue(), covered);
            if (sites == null) continue;
            out.add(new Duplicate(g.getKey(), places(catalog, sites, docs)));
            for (Site x : sites) covered.add(x.tableKey() + "/" + x.path());
        }
        for (Map.Entry<String, List<Site>> g : numbers.entrySet()) {
            List<Site> sites = acrossTables(g.getValue(), covered);
            if (sites == null || !shareARule(sites)) continue;
            out.add(new Duplicate(g.getKey(), places(catalog, sites, docs)));
        }
        return out;
    }

    // the sites of one value in two or more tables, outside trees already reported; null if none
    private static List<Site> acrossTables(List<Site> all, Set<String> covered) {
        List<Site> sites = new ArrayList<>();
        for (Site x : all) if (!inside(x.tableKey() + "/" + x.path(), covered)) sites.add(x);
        return sites.stream().map(Site::tableKey).distinct().count() > 1 ? sites : null;
    }

    private static boolean inside(String path, Set<String> covered) {
        for (String p = path; p.indexOf('/') >= 0; p = p.substring(0, p.lastIndexOf('/'))) if (covered.contains(p)) return true;
        return false;
    }

    private static boolean shareARule(List<Site> sites) {
        for (int i = 0; i < sites.size(); i++) {
            for (int j = i + 1; j < sites.size(); j++) {
                if (sites.get(i).tableKey().equals(sites.get(j).tableKey())) continue;
                for (String r : sites.get(i).rules()) if (sites.get(j).rules().contains(r)) return true;
            }
        }
        return false;
    }

    // inList: the value is part of a list's entry (a row), where a number under a key is more often a
    // reference to another row (a column number) than a rule value: only numbers outside lists are compared
    private static void walk(Object v, String key, String path, Site at, boolean inList, Map<String, List<Site>> trees, Map<String, List<Site>> numbers) {
        Site here = new Site(at.section(), at.table(), path, at.rules());
        if (v instanceof Map<?, ?> m) {
            if (m.size() == 1 && m.containsKey("same-as")) return;      // a pointer, not a value
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String k = String.valueOf(e.getKey());
                if (k.equals("text") || k.equals("note")) continue;
                walk(e.getValue(), k, path + "/" + Audit.escape(k), at, inList, trees, numbers);
            }
        } else if (v instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) walk(l.get(i), key, path + "/" + i, at, true, trees, numbers);
        } else if (v instanceof Number n && !key.matches("-?\\d+") && !inList) {
            numbers.computeIfAbsent(key + ": " + Json.write(Json.MAPPER.valueToTree(n)), q -> new ArrayList<>()).add(here);
            return;
        }
        if ((v instanceof Map<?, ?> || v instanceof List<?>) && leaves(v) >= 2 && hasNumber(v)) {
            trees.computeIfAbsent(canonical(v), q -> new ArrayList<>()).add(here);
        }
    }

    private static int leaves(Object v) {
        if (v instanceof Map<?, ?> m) return m.values().stream().mapToInt(Duplicates::leaves).sum();
        if (v instanceof List<?> l) return l.stream().mapToInt(Duplicates::leaves).sum();
        return 1;
    }

    private static boolean hasNumber(Object v) {
        if (v instanceof Map<?, ?> m) return m.values().stream().anyMatch(Duplicates::hasNumber);
        if (v instanceof List<?> l) return l.stream().anyMatch(Duplicates::hasNumber);
        return v instanceof Number;
    }

    // JSON with the keys of every mapping sorted, so equal data gives equal text
    private static String canonical(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> sorted = new TreeMap<>();
            m.forEach((k, x) -> sorted.put(String.valueOf(k), x));
            StringBuilder sb = new StringBuilder("{");
            sorted.forEach((k, x) -> sb.append(sb.length() > 1 ? "," : "").append(Json.write(Json.MAPPER.valueToTree(k))).append(':').append(canonical(x)));
            return sb.append('}').toString();
        }
        if (v instanceof List<?> l) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : l) sb.append(sb.length() > 1 ? "," : "").append(canonical(x));
            return sb.append(']').toString();
        }
        return Json.write(Json.MAPPER.valueToTree(v));
    }

    static Set<String> ruleNumbers(Object rule) {
        Set<String> out = new HashSet<>();
        if (rule == null) return out;
        for (String r : String.valueOf(rule).split("[,;\\s]+")) {
            String t = r.replaceAll("[^0-9.]", "");
            if (!t.isEmpty()) out.add(t);
        }
        return out;
    }

    private static List<Place> places(Catalog catalog, List<Site> sites, Map<String, YamlDoc> docs) {
        List<Place> out = new ArrayList<>();
        for (Site x : sites) {
            String file = catalog.display(x.section().tableFile());
            YamlDoc doc = docs.computeIfAbsent(file, f -> YamlDoc.load(x.section().tableFile(), f));
            out.add(new Place(file, doc.position("/tables/" + Audit.escape(x.table()) + "/" + x.path())[0], x.tableKey(), x.path()));
        }
        return out;
    }

    /**
     * The tables and top-level entries that {@code same-as} pointers in read entries lead to: a value
     * read through a pointer was read where it is stated.
     */
    static Set<String> pointedAt(RuleSystem system, Map<String, Long> reads) {
        Set<String> out = new HashSet<>();
        for (Section s : system.sections().values()) {
            for (Map.Entry<String, Object> t : s.tables().entrySet()) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) t.getValue()).entrySet()) {
                    if (!reads.containsKey(s.name() + "/" + t.getKey() + "/" + e.getKey())) continue;
                    collectPointers(e.getValue(), out);
                }
            }
        }
        return out;
    }

    private static void collectPointers(Object v, Set<String> out) {
        if (v instanceof Map<?, ?> m) {
            if (m.size() == 1 && m.get("same-as") instanceof String target) {
                String[] p = target.split("/");
                if (p.length >= 2) out.add(p[0] + "/" + p[1]);
                if (p.length >= 3) out.add(p[0] + "/" + p[1] + "/" + p[2]);
                return;
            }
            m.values().forEach(x -> collectPointers(x, out));
        } else if (v instanceof List<?> l) {
            l.forEach(x -> collectPointers(x, out));
        }
    }
}
