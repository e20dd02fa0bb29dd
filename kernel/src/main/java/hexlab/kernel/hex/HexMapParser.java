package hexlab.kernel.hex;

import hexlab.kernel.error.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/** Reads the map file format of docs/formats.md into a {@link HexMap}; every mistake names its key. */
final class HexMapParser {

    static final List<String> TOP_KEYS = List.of("map", "status", "source", "note", "rule", "version", "layout",
            "default-terrain", "terrain", "features", "hexsides", "places", "zones");
    static final List<String> LAYOUT_KEYS = List.of("orientation", "columns", "rows", "lowered");
    static final List<String> STATUSES = List.of("printed", "reconstructed", "placeholder");
    static final List<String> EDGES = List.of("edge:north", "edge:south", "edge:east", "edge:west");
    private static final String QUOTE_HINT = " (quote the ids: YAML reads 0101 as a number)";

    private final String file;
    private HexGrid grid;

    private HexMapParser(String file) { this.file = file; }

    static Yaml yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false); // a second "terrain:" would silently replace the first
        return new Yaml(new SafeConstructor(options));
    }

    static HexMap load(Path path) {
        String file = path.toString();
        String text;
        try {
            text = Files.readString(path);
        } catch (IOException e) {
            throw new InputException(file, 0, 0, null, "cannot read the map file: " + e, e);
        }
        Object doc;
        try {
            doc = yaml().load(text);
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String what = e.getContext() != null ? e.getContext() + ": " + e.getProblem() : e.getProblem();
            throw new InputException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
                    null, "YAML syntax: " + what, e);
        } catch (YAMLException e) {
            throw new InputException(file, 0, 0, null, "YAML: " + e.getMessage(), e);
        }
        try {
            return parse(doc, file);
        } catch (InputException e) {
            int[] at = YamlMarks.locate(text, e.pointer());
            throw at == null ? e : e.at(at[0], at[1]);
        }
    }

    static HexMap parse(Object doc, String file) {
        return new HexMapParser(file).read(doc);
    }

    private HexMap read(Object doc) {
        Map<?, ?> top = mapping(doc, "", "a mapping with map, status, layout, terrain...", true);
        checkKeys(top, "", TOP_KEYS);
        String name = string(top.get("map"), "/map", true);
        String status = string(top.get("status"), "/status", true);
        if (!STATUSES.contains(status)) {
            throw error("/status", "status \"" + status + "\" is not one of printed, reconstructed, placeholder");
        }
        String source = string(top.get("source"), "/source", false);
        String note = string(top.get("note"), "/note", false);
        grid = new HexGrid(layout(top.get("layout")));

        String defaultTerrain = string(top.get("default-terrain"), "/default-terrain", false);
        List<String> types = new ArrayList<>();
        if (defaultTerrain != null) types.add(defaultTerrain);
        int[] terrainOf = terrain(mapping(top.get("terrain"), "/terrain", "a mapping of terrain type to hex ids", false),
                types);
        for (int i = 0; i < grid.size; i++) {
            if (terrainOf[i] >= 0) continue;
            if (defaultTerrain == null) {
                throw error("/default-terrain", "hex \"" + grid.ids[i] + "\" has no terrain and no default-terrain is given");
            }
            terrainOf[i] = 0;
        }

        LinkedHashMap<String, boolean[]> features = new LinkedHashMap<>();
        Map<?, ?> featureDoc = mapping(top.get("features"), "/features", "a mapping of feature name to hex ids", false);
        for (Map.Entry<?, ?> e : featureDoc.entrySet()) {
            String key = key(e.getKey(), "/features");
            boolean[] in = new boolean[grid.size];
            for (int idx : hexList(e.getValue(), "/features/" + escape(key), false)) in[idx] = true;
            features.put(key, in);
        }

        List<String> sideNames = new ArrayList<>();
        long[] sideMask = new long[grid.sides];
        Map<?, ?> sideDoc = mapping(top.get("hexsides"), "/hexsides", "a mapping of feature name to hexsides", false);
        for (Map.Entry<?, ?> e : sideDoc.entrySet()) {
            String key = key(e.getKey(), "/hexsides");
            if (sideNames.size() == 64) {
                throw error("/hexsides/" + escape(key), "at most 64 hexside features, found " + sideDoc.size());
            }
            long bit = 1L << sideNames.size();
            sideNames.add(key);
            for (int side : hexsideList(e.getValue(), "/hexsides/" + escape(key))) sideMask[side] |= bit;
        }

        LinkedHashMap<String, Integer> places = new LinkedHashMap<>();
        Map<?, ?> placeDoc = mapping(top.get("places"), "/places", "a mapping of place name to a hex id", false);
        for (Map.Entry<?, ?> e : placeDoc.entrySet()) {
            String key = key(e.getKey(), "/places");
            places.put(key, place(e.getValue(), "/places/" + escape(key)));
        }

        LinkedHashMap<String, int[]> zones = new LinkedHashMap<>();
        Map<?, ?> zoneDoc = mapping(top.get("zones"), "/zones", "a mapping of zone name to hex ids", false);
        for (Map.Entry<?, ?> e : zoneDoc.entrySet()) {
            String key = key(e.getKey(), "/zones");
            boolean[] in = new boolean[grid.size];
            for (int idx : hexList(e.getValue(), "/zones/" + escape(key), true)) in[idx] = true;
            zones.put(key, HexMap.indicesOf(in));
        }

        return new HexMap(grid, name, status, source == null ? "" : source, note, defaultTerrain, types, terrainOf,
                features, sideNames, sideMask, places, zones);
    }

    private HexLayout layout(Object value) {
        Map<?, ?> layout = mapping(value, "/layout", "a mapping with orientation, columns, rows, lowered", true);
        checkKeys(layout, "/layout", LAYOUT_KEYS);
        Object orientation = layout.get("orientation");
        if (orientation != null && !"flat-top".equals(orientation)) {
            throw error("/layout/orientation", "orientation " + shown(orientation)
                    + " is not supported (expected flat-top)");
        }
        int[] cols = pair(layout.get("columns"), "/layout/columns", "column");
        int[] rows = pair(layout.get("rows"), "/layout/rows", "row");
        String lowered = string(layout.get("lowered"), "/layout/lowered", true);
        if (!lowered.equals("even") && !lowered.equals("odd")) {
            throw error("/layout/lowered", "expected even or odd, found \"" + lowered + "\"");
        }
        return new HexLayout(cols[0], cols[1], rows[0], rows[1], HexLayout.Lowered.parse(lowered));
    }

    private int[] pair(Object value, String pointer, String what) {
        String expected = "expected [first, last] " + what + " numbers within 0-99";
        if (!(value instanceof List<?> list) || list.size() != 2
                || !(list.get(0) instanceof Integer a) || !(list.get(1) instanceof Integer b)) {
            throw error(pointer, expected + ", found " + (value instanceof List<?> ? value.toString() : describe(value)));
        }
        if (a < 0 || b > 99 || a > b) throw error(pointer, expected + ", found [" + a + ", " + b + "]");
        return new int[] {a, b};
    }

    private int[] terrain(Map<?, ?> doc, List<String> types) {
        int[] terrainOf = new int[grid.size];
        java.util.Arrays.fill(terrainOf, -1);
        for (Map.Entry<?, ?> e : doc.entrySet()) {
            String type = key(e.getKey(), "/terrain");
            String pointer = "/terrain/" + escape(type);
            int t = types.indexOf(type);
            if (t < 0) {
                t = types.size();
                types.add(type);
            }
            for (int idx : hexList(e.getValue(), pointer, false)) {
                int before = terrainOf[idx];
                if (before >= 0 && before != t) {
                    throw error(pointer, "hex \"" + grid.ids[idx] + "\" listed under terrain \"" + types.get(before)
                            + "\" and \"" + type + "\"");
                }
                terrainOf[idx] = t;
            }
        }
        return terrainOf;
    }

    /** The hexes of a string of ids, in the order written; {@code edges} admits the edge:... words. */
    private int[] hexList(Object value, String pointer, boolean edges) {
        String[] tokens = tokens(value, pointer, "a string of space-separated hex ids");
        List<Integer> out = new ArrayList<>();
        for (String token : tokens) {
            if (edges && token.startsWith("edge:")) {
                addEdge(token, pointer, out);
                continue;
            }
            out.add(hexIndex(token, pointer));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    // edge:north and edge:south are the first and last printed rows, edge:west and edge:east the first and last columns
    private void addEdge(String token, String pointer, List<Integer> out) {
        HexLayout l = grid.layout;
        for (int i = 0; i < grid.size; i++) {
            int col = grid.column(i), row = grid.row(i);
            boolean on = switch (token) {
                case "edge:north" -> row == l.firstRow();
                case "edge:south" -> row == l.lastRow();
                case "edge:west" -> col == l.firstColumn();
                case "edge:east" -> col == l.lastColumn();
                default -> throw error(pointer, "unknown edge \"" + token
                        + "\" (expected edge:north, edge:south, edge:east or edge:west)");
            };
            if (on) out.add(i);
        }
    }

    private int hexIndex(String token, String pointer) {
        try {
            return grid.index(grid.layout.parse(token));
        } catch (IllegalArgumentException e) {
            throw error(pointer, e.getMessage());
        }
    }

    private int[] hexsideList(Object value, String pointer) {
        String[] tokens = tokens(value, pointer, "a string of space-separated hexsides AAAA/BBBB");
        int[] out = new int[tokens.length];
        for (int k = 0; k < tokens.length; k++) {
            String token = tokens[k];
            int slash = token.indexOf('/');
            if (slash < 0 || token.indexOf('/', slash + 1) >= 0) {
                throw error(pointer, "hexside \"" + token + "\" is not a pair of hex ids AAAA/BBBB");
            }
            int a, b;
            try {
                a = grid.index(grid.layout.parse(token.substring(0, slash)));
                b = grid.index(grid.layout.parse(token.substring(slash + 1)));
            } catch (IllegalArgumentException e) {
                throw error(pointer, "hexside \"" + token + "\": " + e.getMessage());
            }
            int dir = -1;
            for (int d = 0; d < 6; d++) {
                if (grid.neighbors[a * 6 + d] == b) dir = d;
            }
            if (dir < 0) throw error(pointer, "hexside \"" + token + "\": hexes are not adjacent");
            out[k] = grid.sideOf[a * 6 + dir];
        }
        return out;
    }

    private int place(Object value, String pointer) {
        if (!(value instanceof String s)) {
            throw error(pointer, "expected a hex id string, found " + describe(value) + numberHint(value));
        }
        String[] tokens = s.trim().split("\\s+");
        if (tokens.length != 1 || tokens[0].isEmpty()) {
            throw error(pointer, "expected one hex id, found \"" + s + "\"");
        }
        return hexIndex(tokens[0], pointer);
    }

    private String[] tokens(Object value, String pointer, String expected) {
        if (value == null) return new String[0];
        if (!(value instanceof String s)) {
            throw error(pointer, "expected " + expected + ", found " + describe(value) + numberHint(value));
        }
        String trimmed = s.trim();
        return trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
    }

    // --- small readers ---

    private Map<?, ?> mapping(Object value, String pointer, String expected, boolean required) {
        if (value == null && !required) return Map.of();
        if (!(value instanceof Map<?, ?> m)) {
            throw error(pointer, "expected " + expected + ", found " + describe(value));
        }
        return m;
    }

    private String string(Object value, String pointer, boolean required) {
        if (value == null && !required) return null;
        if (!(value instanceof String s)) {
            throw error(pointer, "expected a string, found " + describe(value));
        }
        return s;
    }

    private String key(Object key, String pointer) {
        if (!(key instanceof String s)) throw error(pointer, "expected names as keys, found " + describe(key) + " " + key);
        return s;
    }

    private void checkKeys(Map<?, ?> m, String pointer, List<String> known) {
        for (Object k : m.keySet()) {
            if (!(k instanceof String s) || !known.contains(s)) {
                throw error(pointer + "/" + escape(String.valueOf(k)), "unknown key \"" + k + "\" (expected one of "
                        + String.join(", ", known) + ")");
            }
        }
    }

    private InputException error(String pointer, String message) {
        return new InputException(file, pointer, message);
    }

    private static String numberHint(Object value) {
        return value instanceof Number ? QUOTE_HINT : "";
    }

    private static String shown(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : describe(value);
    }

    static String describe(Object value) {
        if (value == null) return "nothing";
        if (value instanceof Number) return "a number";
        if (value instanceof Boolean) return "true/false";
        if (value instanceof String) return "a string";
        if (value instanceof List<?>) return "a list";
        if (value instanceof Map<?, ?>) return "a mapping";
        if (value instanceof Date) return "a date";
        if (value instanceof Set<?>) return "a set";
        return "a " + value.getClass().getSimpleName();
    }

    /** JSON-pointer escaping of one key: ~ as ~0, / as ~1. */
    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
