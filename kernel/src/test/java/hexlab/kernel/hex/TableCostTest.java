package hexlab.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hexlab.kernel.hex.PathSearch.Reach;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableCostTest {
    static final double INF = Double.POSITIVE_INFINITY;

    final HexMap map = MapFixtures.board(4, 4, "even", """
            terrain: {rough: "0202", sea: "0404"}
            hexsides:
              road: "0101/0102 0102/0103 0202/0203"
              river: "0102/0103"
              cliff: "0202/0203 0203/0303"
            """);

    int at(String id) { return map.index(id); }

    double enter(TableCost cost, String from, String to) {
        return cost.enter(at(from), at(to), map.directionTo(at(from), at(to)));
    }

    String explain(TableCost cost, String from, String to) {
        return cost.explain(at(from), at(to), map.directionTo(at(from), at(to)));
    }

    static final String SPEC = """
            terrain: {clear: 1, rough: 2.5, sea: prohibited}
            hexsides:
              road: {replace: 0.5}
              river: {add: 2}
              cliff: {block: true, unless: [road]}
            enterAdd: {"0301": 1}
            leaveAdd: {"0101": 3}
            blocked: ["0304"]
            stop: "0401 0402"
            noEnd: ["0201"]
            """;

    TableCost fromSpec(String yaml) {
        return TableCost.fromSpec(map, MapFixtures.yaml(yaml));
    }

    @Test
    void specGivesTheSameCostsAsTheSetters() {
        TableCost spec = fromSpec(SPEC);
        TableCost set = new TableCost(map, Map.of("clear", 1.0, "rough", 2.5, "sea", INF), false)
                .replace("road", 0.5).add("river", 2).block("cliff", "road")
                .enterAdd(at("0301"), 1).leaveAdd(at("0101"), 3)
                .blocked(at("0304")).stop(at("0401")).stop(at("0402")).noEnd(at("0201"));
        for (int from = 0; from < map.size(); from++) {
            for (int d = 0; d < 6; d++) {
                int to = map.neighbor(from, d);
                if (to < 0) continue;
                assertEquals(set.enter(from, to, d), spec.enter(from, to, d), map.id(from) + "->" + map.id(to));
            }
            assertEquals(set.mayLeave(from, false), spec.mayLeave(from, false));
            assertEquals(set.mayEnd(from), spec.mayEnd(from));
        }
        assertEquals(0.5 + 3, enter(spec, "0101", "0102"));
        assertEquals(2.5, enter(spec, "0102", "0103"));
        assertEquals(0.5, enter(spec, "0202", "0203"));
        assertEquals(INF, enter(spec, "0203", "0303"));
        assertEquals(INF, enter(spec, "0403", "0404"));
        assertEquals(INF, enter(spec, "0303", "0304"));
        assertEquals(2.0, enter(spec, "0201", "0301"));
        assertFalse(spec.mayLeave(at("0402"), false));
        assertFalse(spec.mayEnd(at("0201")));
    }

    @Test
    void specReachMatchesSetterReach() {
        TableCost spec = fromSpec(SPEC);
        Reach r = PathSearch.reach(map, at("0101"), 8, spec);
        assertTrue(r.reached(at("0201")));
        assertFalse(java.util.Arrays.stream(r.reachable()).anyMatch(i -> i == at("0201")));
    }

    @Test
    void unknownSpecKeyIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fromSpec("terrain: {clear: 1, rough: 1, sea: 1}\nblock: [\"0101\"]"));
        assertTrue(e.getMessage().startsWith("unknown key \"block\" in move cost spec"), e.getMessage());
        IllegalArgumentException side = assertThrows(IllegalArgumentException.class,
                () -> fromSpec("defaultProhibited: true\nhexsides: {road: {replaces: 1}}"));
        assertTrue(side.getMessage().startsWith("unknown key \"replaces\" in hexsides/road"), side.getMessage());
    }

    @Test
    void terrainTheMapLacksIsIgnoredButStillChecked() {
        // a system's cost table covers every map of the system; one map need not have every type
        TableCost c = fromSpec("terrain: {clear: 1, rough: 2, sea: prohibited, swamp: 3}");
        assertEquals(TableCost.class, c.getClass());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fromSpec("terrain: {clear: 1, rough: 2, sea: prohibited, swamp: -3}"));
        assertEquals("terrain swamp: a cost must be 0 or more, found -3.0", e.getMessage());
    }

    @Test
    void hexsideFeatureTheMapLacksIsIgnored() {
        TableCost c = fromSpec("defaultProhibited: true\nhexsides: {bridge: {replace: 1}, cliff: {block: true, unless: [bridge]}}");
        assertEquals(TableCost.class, c.getClass());
    }

    @Test
    void unknownHexIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fromSpec("defaultProhibited: true\nstop: [\"0909\"]"));
        assertEquals("hex \"0909\" in stop is not on map test (columns 1-4, rows 1-4)", e.getMessage());
    }

    @Test
    void unlistedTerrainNeedsACostUnlessDefaultProhibited() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fromSpec("terrain: {clear: 1}"));
        assertTrue(e.getMessage().startsWith("no cost for terrain \"rough\""), e.getMessage());
        TableCost cost = fromSpec("terrain: {clear: 1}\ndefaultProhibited: true");
        assertEquals(INF, enter(cost, "0201", "0202"));
        assertEquals(1.0, enter(cost, "0201", "0301"));
    }

    @Test
    void badValuesAreNamed() {
        IllegalArgumentException word = assertThrows(IllegalArgumentException.class,
                () -> fromSpec("defaultProhibited: true\nterrain: {clear: never}"));
        assertEquals("terrain \"clear\": expected a number or \"prohibited\", found never", word.getMessage());
        assertThrows(IllegalArgumentException.class, () -> fromSpec("defaultProhibited: yes please"));
        assertThrows(IllegalArgumentException.class,
                () -> fromSpec("defaultProhibited: true\nhexsides: {cliff: {unless: [road]}}"));
        assertThrows(IllegalArgumentException.class, () -> fromSpec("defaultProhibited: true\nstop: [0101]"));
        assertThrows(IllegalArgumentException.class, () -> fromSpec("terrain: {clear: -1, rough: 1, sea: 1}"));
    }

    @Test
    void terrainArrayMustMatchTheMapsTypes() {
        assertThrows(IllegalArgumentException.class, () -> new TableCost(map, new double[] {1, 2}));
        TableCost cost = new TableCost(map, new double[] {1, 2, INF});
        assertEquals(2.0, enter(cost, "0201", "0202"));
    }

    @Test
    void copyIsIndependent() {
        TableCost base = fromSpec("terrain: {clear: 1, rough: 2, sea: 3}");
        TableCost unit = base.copy().blocked(at("0102")).enterAdd(at("0103"), 1);
        assertEquals(1.0, enter(base, "0101", "0102"));
        assertEquals(INF, enter(unit, "0101", "0102"));
        assertEquals(1.0, enter(base, "0104", "0103"));
        assertEquals(2.0, enter(unit, "0104", "0103"));
    }

    @Test
    void explainSaysHowACostArose() {
        TableCost cost = fromSpec(SPEC);
        assertEquals("0103 clear 1; road replaces: 0.5; +river 2 = 2.5",
                explain(cost, "0102", "0103"));
        assertEquals("0303 clear 1; hexside cliff = prohibited", explain(cost, "0203", "0303"));
        assertEquals("0102 clear 1; road replaces: 0.5; +leave 3 = 3.5", explain(cost, "0101", "0102"));
    }

    @Test
    void stopsAndBlocksListedInOneString() {
        TableCost cost = fromSpec("defaultProhibited: true\nterrain: {clear: 1}\nblocked: \"0101 0102\"");
        assertEquals(INF, enter(cost, "0201", "0101"));
        assertArrayEquals(new int[0], PathSearch.reach(map, at("0103"), 0, cost).reachable());
    }

    /** A board with forts printed over clear and rough ground, and wire on some of their sides. */
    final HexMap forts = MapFixtures.board(4, 4, "even", """
            terrain: {rough: "0202"}
            features: {fort: "0202 0302", well: "0302"}
            hexsides:
              road: "0201/0202"
              wire: "0201/0202 0301/0302 0203/0202"
            """);

    double enterForts(TableCost cost, String from, String to) {
        int a = forts.index(from), b = forts.index(to);
        return cost.enter(a, b, forts.directionTo(a, b));
    }

    static final String FORT_SPEC = """
            terrain: {clear: 1, rough: 2}
            features: {fort: 3, well: 2}
            hexsides:
              road: {replace: 0.5}
              wire: {replace: 4}
            """;

    @Test
    void aPricedHexFeatureCostsItsPriceInsteadOfTheTerrain() {
        TableCost cost = TableCost.fromSpec(forts, MapFixtures.yaml(FORT_SPEC));
        assertEquals(3.0, enterForts(cost, "0102", "0202"), "fort over rough: the fort's 3, not 2 + 3");
        assertEquals(3.0, enterForts(cost, "0402", "0302"), "fort and well: the costlier feature");
        assertEquals(4.0, enterForts(cost, "0203", "0202"), "across wire: the hexside replaces the fort");
        assertEquals(0.5, enterForts(cost, "0201", "0202"), "along the road: the lowest replacement");
        assertEquals(1.0, enterForts(cost, "0202", "0102"), "leaving a fort costs the hex entered");
        TableCost prohibited = TableCost.fromSpec(forts, MapFixtures.yaml("terrain: {clear: 1, rough: 2}\nfeatures: {well: prohibited}"));
        assertEquals(INF, enterForts(prohibited, "0402", "0302"));
        assertEquals(2.0, enterForts(prohibited, "0102", "0202"), "an unpriced feature leaves the terrain's cost");
        assertTrue(cost.explain(forts.index("0102"), forts.index("0202"), forts.directionTo(forts.index("0102"), forts.index("0202")))
                .startsWith("0202 rough 2; hex feature instead: 3"));
    }

    @Test
    void hexsideFeaturesRemovedInPlayAreIgnoredThereEitherWay() {
        Map<String, Object> spec = new java.util.HashMap<>(MapFixtures.yaml(FORT_SPEC));
        spec.put("removed", Map.of("wire", "0202/0203 0302/0301"));
        TableCost cleared = TableCost.fromSpec(forts, spec);
        assertEquals(3.0, enterForts(cleared, "0203", "0202"), "the gap: the fort's cost again");
        assertEquals(1.0, enterForts(cleared, "0202", "0203"));
        assertEquals(3.0, enterForts(cleared, "0301", "0302"));
        assertEquals(0.5, enterForts(cleared, "0201", "0202"), "the wire elsewhere stands, the road still wins");
        TableCost base = TableCost.fromSpec(forts, MapFixtures.yaml(FORT_SPEC));
        TableCost onBase = TableCost.fromSpec(base, Map.of("removed", Map.of("wire", java.util.List.of("0203/0202"))));
        assertEquals(3.0, enterForts(onBase, "0203", "0202"));
        assertEquals(4.0, enterForts(base, "0203", "0202"), "the base is untouched");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TableCost.fromSpec(base, Map.of("features", Map.of("fort", 1))));
        assertTrue(e.getMessage().startsWith("\"features\" in a spec with a base"), e.getMessage());
        IllegalArgumentException far = assertThrows(IllegalArgumentException.class,
                () -> TableCost.fromSpec(base, Map.of("removed", Map.of("wire", "0101/0303"))));
        assertEquals("removed wire 0101/0303: the hexes are not adjacent", far.getMessage());
    }

    /** One zone number per hex, as the script host sends a Uint8Array. */
    String zones(Map<String, Integer> byHex) {
        char[] z = new char[map.size()];
        byHex.forEach((id, n) -> z[at(id)] = (char) n.intValue());
        return new String(z);
    }

    @Test
    void zonesGivePerZoneExtrasStopsAndBlocks() {
        Map<String, Object> spec = new java.util.HashMap<>(MapFixtures.yaml("terrain: {clear: 1, rough: 2, sea: prohibited}"));
        spec.put("zones", zones(Map.of("0301", 1, "0302", 2, "0303", 3)));
        spec.put("zoneEnterAdd", java.util.List.of(0, 1, 1, 0));
        spec.put("zoneLeaveAdd", java.util.List.of(0, 2, 2, 0));
        spec.put("zoneStop", java.util.List.of(2));
        spec.put("zoneBlocked", java.util.List.of(3));
        TableCost z = TableCost.fromSpec(map, spec);
        TableCost set = new TableCost(map, Map.of("clear", 1.0, "rough", 2.0, "sea", INF), false)
                .enterAdd(at("0301"), 1).enterAdd(at("0302"), 1).leaveAdd(at("0301"), 2).leaveAdd(at("0302"), 2)
                .stop(at("0302")).blocked(at("0303"));
        for (int from = 0; from < map.size(); from++) {
            assertEquals(set.mayLeave(from, false), z.mayLeave(from, false), map.id(from));
            for (int d = 0; d < 6; d++) {
                int to = map.neighbor(from, d);
                if (to >= 0) assertEquals(set.enter(from, to, d), z.enter(from, to, d), map.id(from) + ">" + map.id(to));
            }
        }
    }

    @Test
    void extrasMayBeOneNumberPerHex() {
        double[] enter = new double[map.size()];
        enter[at("0301")] = 1.5;
        java.util.List<Double> list = java.util.Arrays.stream(enter).boxed().toList();
        Map<String, Object> spec = new java.util.HashMap<>(MapFixtures.yaml("terrain: {clear: 1, rough: 2, sea: prohibited}"));
        spec.put("enterAdd", list);
        assertEquals(2.5, enter(TableCost.fromSpec(map, spec), "0201", "0301"));
        spec.put("enterAdd", list.subList(0, 3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TableCost.fromSpec(map, spec));
        assertTrue(e.getMessage().startsWith("enterAdd: a list needs one number per hex"), e.getMessage());
    }

    @Test
    void badZonesAreNamed() {
        Map<String, Object> spec = new java.util.HashMap<>(MapFixtures.yaml("terrain: {clear: 1, rough: 2, sea: prohibited}"));
        spec.put("zoneStop", java.util.List.of(2));
        assertEquals("zoneStop: needs zones, one zone number per hex", assertThrows(IllegalArgumentException.class, () -> TableCost.fromSpec(map, spec)).getMessage());
        spec.put("zones", "\u0001");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TableCost.fromSpec(map, spec)).getMessage().startsWith("zones: expected one zone number per hex"));
    }
}
