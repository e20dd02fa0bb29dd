package hexlab.kernel.hex;

import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Small inline maps for the tests. */
final class MapFixtures {
    private MapFixtures() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> yaml(String text) {
        return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    }

    static HexMap map(String text) {
        return HexMap.parse(yaml(text), "test.yaml");
    }

    /** A map of one terrain, plus whatever body (terrain:, hexsides: ...) is given. */
    static HexMap board(int cols, int rows, String lowered, String body) {
        return map("""
                map: test
                status: placeholder
                source: "unit test fixture"
                layout: {orientation: flat-top, columns: [1, %d], rows: [1, %d], lowered: %s}
                default-terrain: clear
                %s
                """.formatted(cols, rows, lowered, body));
    }

    static HexMap board(int cols, int rows) {
        return board(cols, rows, "even", "");
    }

    /** A map of one terrain over a whole layout. */
    static HexMap plain(HexLayout l) {
        Map<String, Object> doc = new java.util.LinkedHashMap<>();
        doc.put("map", "plain");
        doc.put("status", "placeholder");
        doc.put("layout", Map.of("columns", java.util.List.of(l.firstColumn(), l.lastColumn()),
                "rows", java.util.List.of(l.firstRow(), l.lastRow()), "lowered", l.lowered().word()));
        doc.put("default-terrain", "clear");
        return HexMap.parse(doc, "plain.yaml");
    }

    static int[] idx(HexMap map, String ids) {
        String[] parts = ids.trim().split("\\s+");
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = map.index(parts[i]);
            if (out[i] < 0) throw new IllegalArgumentException("not on map: " + parts[i]);
        }
        return out;
    }
}
