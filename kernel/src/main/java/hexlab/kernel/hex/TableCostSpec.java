package hexlab.kernel.hex;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link TableCost} from a plain map, as a table file holds it:
 * <pre>
 * terrain: {clear: 1, rough: 2, sea: prohibited}      # number or "prohibited"
 * features: {bunker: 3}        # a hex with this feature costs this instead of its terrain (the costliest of several)
 * defaultProhibited: false     # true: terrain types not listed are prohibited; false: each must be listed
 * hexsides:
 *   road: {replace: 0.5}       # crossing costs this instead of the terrain (lowest of several)
 *   river: {add: 2}            # crossing costs this much more
 *   cliff: {block: true, unless: [road]}   # prohibited unless a listed feature shares the hexside
 * enterAdd: {"0203": 1}        # extra to enter the hex; or a list, one number per hex in map order
 * leaveAdd: {"0202": 1}        # extra to leave the hex; the same two forms
 * sideAdd: {"0202/0203": 2}    # extra to cross that hexside, either way
 * removed: {wire: "0202/0203"} # hexside features play has taken off these hexsides: ignored there
 * blocked: ["0505"]            # may not be entered (a list, or one string of ids)
 * stop: ["0606"]               # entering units stop there
 * noEnd: ["0707"]              # may be passed through, not ended in
 * zones: "..."                 # a zone number per hex in map order, one character each (char code)
 * zoneEnterAdd: [0, 1, 1]      # extra to enter a hex of zone n (index n)
 * zoneLeaveAdd: [0, 2, 2]      # extra to leave a hex of zone n
 * zoneStop: [2]                # zones whose hexes stop the units entering them
 * zoneBlocked: [3]             # zones whose hexes may not be entered
 * </pre>
 * Zones describe a per-hex layer (a zone of control, say) in one short string instead of one entry
 * per hex; scripts give them as a Uint8Array.
 * An unknown key, terrain, feature or hex is an IllegalArgumentException naming it.
 */
final class TableCostSpec {
    static final List<String> KEYS = List.of("terrain", "defaultProhibited", "features", "hexsides", "enterAdd", "leaveAdd",
            "sideAdd", "removed", "blocked", "stop", "noEnd", "zones", "zoneEnterAdd", "zoneLeaveAdd", "zoneStop", "zoneBlocked");
    static final List<String> TABLE_KEYS = List.of("status", "rule", "note", "source");
    static final List<String> SIDE_KEYS = List.of("replace", "add", "block", "unless");

    private TableCostSpec() {}

    static TableCost build(HexMap map, Map<String, Object> spec) {
        if (spec == null) throw new IllegalArgumentException("move cost spec is missing");
        for (String key : new java.util.TreeSet<>(spec.keySet())) { // sorted: the same key is named every time
            if (TABLE_KEYS.contains(key)) continue;   // a table passed as it is loaded: its provenance keys are not costs
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key \"" + key + "\" in move cost spec (expected one of "
                        + String.join(", ", KEYS) + ")");
            }
        }
        Object dp = spec.getOrDefault("defaultProhibited", false);
        if (!(dp instanceof Boolean defaultProhibited)) {
            throw new IllegalArgumentException("defaultProhibited: expected true or false, found " + dp);
        }
        Map<String, Double> terrain = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : mapping(spec.get("terrain"), "terrain").entrySet()) {
            String type = String.valueOf(e.getKey());
            Object v = e.getValue();
            if (v instanceof Number n) terrain.put(type, n.doubleValue());
            else if ("prohibited".equals(v)) terrain.put(type, Double.POSITIVE_INFINITY);
            else throw new IllegalArgumentException("terrain \"" + type + "\": expected a number or \"prohibited\", found " + v);
        }
        TableCost cost = new TableCost(map, terrain, defaultProhibited);
        for (Map.Entry<?, ?> e : mapping(spec.get("features"), "features").entrySet()) {
            String feature = String.valueOf(e.getKey());
            Object v = e.getValue();
            if (v instanceof Number n) cost.featureCost(feature, n.doubleValue());
            else if ("prohibited".equals(v)) cost.featureCost(feature, Double.POSITIVE_INFINITY);
            else throw new IllegalArgumentException("feature \"" + feature + "\": expected a number or \"prohibited\", found " + v);
        }
        hexsides(spec, cost);
        extras(map, spec, cost);
        return cost;
    }

    /** The per-hex part of a spec on a copy of a compiled base: the base's terrain and hexsides stand. */
    static TableCost extend(HexMap map, TableCost base, Map<String, Object> spec) {
        for (String key : new java.util.TreeSet<>(spec.keySet())) {
            if (key.equals("terrain") || key.equals("features") || key.equals("hexsides") || key.equals("defaultProhibited")) {
                throw new IllegalArgumentException("\"" + key + "\" in a spec with a base: the base gives terrain, features and hexsides, the spec only per-hex extras");
            }
            if (!KEYS.contains(key) && !TABLE_KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key \"" + key + "\" in move cost spec (expected one of " + String.join(", ", KEYS) + ")");
            }
        }
        TableCost cost = base.copy();
        extras(map, spec, cost);
        return cost;
    }

    private static void hexsides(Map<String, Object> spec, TableCost cost) {
        for (Map.Entry<?, ?> e : mapping(spec.get("hexsides"), "hexsides").entrySet()) {
            String feature = String.valueOf(e.getKey());
            String where = "hexsides/" + feature;
            Map<?, ?> rule = mapping(e.getValue(), where);
            for (Object k : rule.keySet()) {
                if (!SIDE_KEYS.contains(String.valueOf(k))) {
                    throw new IllegalArgumentException("unknown key \"" + k + "\" in " + where + " (expected one of "
                            + String.join(", ", SIDE_KEYS) + ")");
                }
            }
            if (rule.containsKey("replace")) cost.replace(feature, number(rule.get("replace"), where + "/replace"));
            if (rule.containsKey("add")) cost.add(feature, number(rule.get("add"), where + "/add"));
            Object block = rule.get("block");
            if (block != null && !(block instanceof Boolean)) {
                throw new IllegalArgumentException(where + "/block: expected true or false, found " + block);
            }
            if (Boolean.TRUE.equals(block)) {
                cost.block(feature, words(rule.get("unless"), where + "/unless"));
            } else if (rule.containsKey("unless")) {
                throw new IllegalArgumentException(where + "/unless: needs block: true");
            }
        }
    }

    private static void extras(HexMap map, Map<String, Object> spec, TableCost cost) {
        perHex(map, spec.get("enterAdd"), "enterAdd", cost::enterAdd);
        perHex(map, spec.get("leaveAdd"), "leaveAdd", cost::leaveAdd);
        for (Map.Entry<?, ?> e : mapping(spec.get("sideAdd"), "sideAdd").entrySet()) {
            String key = String.valueOf(e.getKey());
            String[] ab = key.split("/");
            if (ab.length != 2) throw new IllegalArgumentException("sideAdd \"" + key + "\": expected two hex ids joined by /, e.g. \"0802/0803\"");
            cost.sideAdd(hex(map, ab[0], "sideAdd"), hex(map, ab[1], "sideAdd"), number(e.getValue(), "sideAdd/" + key));
        }
        for (Map.Entry<?, ?> e : mapping(spec.get("removed"), "removed").entrySet()) {
            String feature = String.valueOf(e.getKey());
            for (String side : words(e.getValue(), "removed/" + feature)) {
                String[] ab = side.split("/");
                if (ab.length != 2) throw new IllegalArgumentException("removed/" + feature + " \"" + side + "\": expected two hex ids joined by /, e.g. \"0802/0803\"");
                cost.removed(feature, hex(map, ab[0], "removed/" + feature), hex(map, ab[1], "removed/" + feature));
            }
        }
        for (String id : words(spec.get("blocked"), "blocked")) cost.blocked(hex(map, id, "blocked"));
        for (String id : words(spec.get("stop"), "stop")) cost.stop(hex(map, id, "stop"));
        for (String id : words(spec.get("noEnd"), "noEnd")) cost.noEnd(hex(map, id, "noEnd"));
        zones(map, spec, cost);
    }

    private static void zones(HexMap map, Map<String, Object> spec, TableCost cost) {
        Object z = spec.get("zones");
        if (z == null) {
            for (String k : List.of("zoneEnterAdd", "zoneLeaveAdd", "zoneStop", "zoneBlocked")) {
                if (spec.get(k) != null) throw new IllegalArgumentException(k + ": needs zones, one zone number per hex");
            }
            return;
        }
        if (!(z instanceof String s) || s.length() != map.size()) {
            throw new IllegalArgumentException("zones: expected one zone number per hex of map " + map.name() + " (" + map.size() + "), as a Uint8Array");
        }
        double[] enter = numbers(spec.get("zoneEnterAdd"), "zoneEnterAdd");
        double[] leave = numbers(spec.get("zoneLeaveAdd"), "zoneLeaveAdd");
        double[] stop = numbers(spec.get("zoneStop"), "zoneStop");
        double[] blocked = numbers(spec.get("zoneBlocked"), "zoneBlocked");
        for (int i = 0; i < s.length(); i++) {
            int c = s.charAt(i);
            if (c == 0) continue;
            if (c < enter.length && enter[c] != 0) cost.enterAdd(i, enter[c]);
            if (c < leave.length && leave[c] != 0) cost.leaveAdd(i, leave[c]);
            if (contains(stop, c)) cost.stop(i);
            if (contains(blocked, c)) cost.blocked(i);
        }
    }

    private static double[] numbers(Object value, String key) {
        if (value == null) return new double[0];
        if (!(value instanceof List<?> list)) throw new IllegalArgumentException(key + ": expected a list of numbers, found " + value);
        double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) out[i] = number(list.get(i), key + "[" + i + "]");
        return out;
    }

    private static boolean contains(double[] a, int v) {
        for (double x : a) if (x == v) return true;
        return false;
    }

    private interface HexExtra { void add(int idx, double extra); }

    /** A per-hex extra: {hex id: number}, or a list of numbers, one per hex in the map's order (0 = none). */
    private static void perHex(HexMap map, Object value, String key, HexExtra out) {
        if (value instanceof List<?> list) {
            if (list.size() != map.size()) {
                throw new IllegalArgumentException(key + ": a list needs one number per hex of map " + map.name() + " (" + map.size() + "), found " + list.size());
            }
            for (int i = 0; i < list.size(); i++) {
                double v = number(list.get(i), key + "[" + i + "]");
                if (v != 0) out.add(i, v);
            }
            return;
        }
        for (Map.Entry<?, ?> e : mapping(value, key).entrySet()) {
            out.add(hex(map, String.valueOf(e.getKey()), key), number(e.getValue(), key + "/" + e.getKey()));
        }
    }

    private static Map<?, ?> mapping(Object value, String key) {
        if (value == null) return Map.of();
        if (value instanceof Map<?, ?> m) return m;
        throw new IllegalArgumentException(key + ": expected a mapping, found " + value);
    }

    private static double number(Object value, String key) {
        if (value instanceof Number n) return n.doubleValue();
        throw new IllegalArgumentException(key + ": expected a number, found " + value);
    }

    /** A list of strings, or one string of space-separated words. */
    private static String[] words(Object value, String key) {
        if (value == null) return new String[0];
        if (value instanceof String s) return s.isBlank() ? new String[0] : s.trim().split("\\s+");
        if (value instanceof List<?> list) {
            String[] out = new String[list.size()];
            for (int i = 0; i < out.length; i++) {
                if (!(list.get(i) instanceof String s)) {
                    throw new IllegalArgumentException(key + ": expected strings, found " + list.get(i)
                            + " (quote hex ids: YAML reads 0101 as a number)");
                }
                out[i] = s;
            }
            return out;
        }
        throw new IllegalArgumentException(key + ": expected a list of strings, found " + value);
    }

    private static int hex(HexMap map, String id, String key) {
        int idx = map.index(id);
        if (idx < 0) {
            throw new IllegalArgumentException("hex \"" + id + "\" in " + key + " is not on map " + map.name()
                    + " (" + map.layout().bounds() + ")");
        }
        return idx;
    }
}
