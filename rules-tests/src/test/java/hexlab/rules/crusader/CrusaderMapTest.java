package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.hex.Hexside;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.yaml.SchemaValidator;
import hexlab.kernel.yaml.YamlDoc;
import hexlab.rules.Positions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Crusader board (tables/crusader/map.yaml) against what the rules and the scenarios need of
 * it: the file's shape, the terrain vocabulary of the movement table, roads, trails and
 * escarpments (5.22-5.25), the hexes 16.0 and 17.1 fix, the edge and supply zones (16.0), the
 * Tobruk perimeter (17.1) and every deployment and entry hex of scenarios/crusader (19.0).
 * A replacement board (the printed map) must pass every test here; each failure names the hexes.
 */
class CrusaderMapTest {
    static final Catalog CATALOG = Positions.KERNEL.catalog();
    static final RuleSystem SYSTEM = Positions.KERNEL.system("crusader");
    static final Map<String, String> RULEBOOK_PLACES = ordered("Tobruk", "1103", "El Adem", "0908", "Bardia", "3409", "Sollum", "3513");
    static final String CENTRE = "1003";                                  // 17.1
    static final String CENTRE_PLACE = "Tobruk perimeter centre";
    static final Map<String, String> EDGE_ZONES = ordered("north-edge", "edge:north", "south-edge", "edge:south",
            "east-edge", "edge:east", "west-edge", "edge:west");

    static Set<String> knownTerrain, closedTerrain;
    static List<Unit> scenarioUnits;
    static Board board;

    // messages list places and zones in the rulebook's order
    private static Map<String, String> ordered(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    /** A piece's deployment or a reinforcement's entry in one scenario file. */
    record Unit(String scenario, String kind, String side, String id, String hex, int turn) {
        String where() { return scenario + " " + kind + " " + id; }
    }

    /** One map file as the kernel reads it, with the raw document for what the reading forgets (repeats). */
    record Board(String file, YamlDoc doc, HexMap map) {
        static Board load(Path path) {
            YamlDoc doc = YamlDoc.load(path, CATALOG.display(path));
            try {
                return new Board(doc.file(), doc, HexMap.parse(doc.map(), doc.file()));
            } catch (InputException e) {
                throw doc.locate(e);
            }
        }

        int at(String id) { return map.index(id); }

        String id(int idx) { return map.id(idx); }

        boolean land(int idx) { return !closedTerrain.contains(map.terrain(idx)); }

        boolean sea(int idx) { return map.terrain(idx).equals("sea"); }

        // the first or last column or row of the layout, as 13.11 and the edge zones mean it
        boolean onEdge(int idx) {
            var l = map.layout();
            int c = map.column(idx), r = map.row(idx);
            return c == l.firstColumn() || c == l.lastColumn() || r == l.firstRow() || r == l.lastRow();
        }

        // measured on the layout, so a board without hex 1003 still gets its 17.1 messages
        int fromCentre(int idx) {
            return map.hex(idx).distance(map.layout().toAxial(Integer.parseInt(CENTRE.substring(0, 2)), Integer.parseInt(CENTRE.substring(2))));
        }

        List<Hexside> sides(String feature) { return map.hexsides(feature); }

        String key(Hexside s) { return s.key(map); }

        Set<Integer> hexesOf(List<Hexside> sides) {
            Set<Integer> out = new TreeSet<>();
            for (Hexside s : sides) {
                out.add(s.low());
                out.add(s.high());
            }
            return out;
        }

        String ids(Iterable<Integer> hexes, int max) {
            List<String> out = new ArrayList<>();
            for (int h : hexes) {
                if (out.size() == max) {
                    out.add("...");
                    break;
                }
                out.add(id(h));
            }
            return String.join(" ", out);
        }

        /** "missing ...; extra ..." of a zone against what it must be, empty parts left out. */
        String diff(Set<Integer> want, Set<Integer> got) {
            TreeSet<Integer> missing = new TreeSet<>(want), extra = new TreeSet<>(got);
            missing.removeAll(got);
            extra.removeAll(want);
            List<String> out = new ArrayList<>();
            if (!missing.isEmpty()) out.add("missing " + ids(missing, 99));
            if (!extra.isEmpty()) out.add("extra " + ids(extra, 99));
            return String.join("; ", out);
        }

        TreeSet<Integer> zone(String name) {
            TreeSet<Integer> out = new TreeSet<>();
            for (int h : map.zone(name)) out.add(h);
            return out;
        }

        TreeSet<Integer> all(IntPredicate p) {
            TreeSet<Integer> out = new TreeSet<>();
            for (int i = 0; i < map.size(); i++) if (p.test(i)) out.add(i);
            return out;
        }
    }

    @BeforeAll
    static void load() {
        Map<String, Object> movement = Fixtures.crusader().tables("movement");
        closedTerrain = new TreeSet<>();
        for (Object t : (List<?>) mapOf(movement.get("closed-hexes")).get("closed")) closedTerrain.add(String.valueOf(t));
        // priced, priced by a placeholder (grove, mountain), or closed: the types a hex may have
        knownTerrain = new TreeSet<>(mapOf(mapOf(movement.get("hex-costs")).get("mp")).keySet());
        knownTerrain.addAll(mapOf(mapOf(movement.get("hex-costs-unpriced")).get("mp")).keySet());
        knownTerrain.addAll(closedTerrain);

        scenarioUnits = new ArrayList<>();
        for (ScenarioDef def : SYSTEM.scenarios()) {
            Scenario sc = Scenario.load(CATALOG, SYSTEM, def.id());
            String name = CATALOG.display(def.file());
            for (JsonNode p : sc.doc().path("pieces")) {
                scenarioUnits.add(new Unit(name, "piece", p.path("side").asText(), p.path("id").asText(), text(p.path("hex")), sc.firstTurn()));
            }
            for (JsonNode r : sc.doc().path("reinforcements")) {
                scenarioUnits.add(new Unit(name, "entry", r.path("side").asText(), r.path("unit").asText(), text(r.path("entry").path("hex")), sc.firstTurn()));
            }
        }
        board = Board.load(SYSTEM.maps().get("main"));
    }

    private static Map<String, Object> mapOf(Object o) {
        @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) o;
        return m == null ? Map.of() : m;
    }

    private static String text(JsonNode n) { return n.isTextual() ? n.asText() : null; }

    TestInfo test;

    @BeforeEach
    void name(TestInfo info) { test = info; }

    // the rule the board breaks first, then every hex to fix
    void assertNone(List<String> problems) {
        if (!problems.isEmpty()) {
            fail(test.getDisplayName() + "\n" + board.file() + ": " + problems.size() + " problem(s)\n  " + String.join("\n  ", problems));
        }
    }

    // ---- the checks: each returns what is wrong, one line per problem, naming the hexes ----------

    /** The map schema (docs/formats.md) beyond what the loader demands, and a first row of 0 or 1. */
    static List<String> shape(Board b) {
        List<String> out = new ArrayList<>();
        for (InputException e : new SchemaValidator(CATALOG.root().resolve("tables/schema")).validate(b.doc(), "map")) out.add(e.describe());
        int r0 = b.map().layout().firstRow();
        if (r0 != 0 && r0 != 1) out.add("layout.rows must start at row 0 or 1, found " + r0);
        return out;
    }

    /** Repeats the kernel's reading forgives: a hex twice under one terrain, a hexside twice under one feature. */
    static List<String> repeats(Board b) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : mapOf(b.doc().map().get("terrain")).entrySet()) {
            Set<String> seen = new HashSet<>();
            for (String h : tokens(e.getValue())) if (!seen.add(h)) out.add("hex " + h + " listed twice under terrain " + e.getKey());
        }
        for (Map.Entry<String, Object> e : mapOf(b.doc().map().get("hexsides")).entrySet()) {
            Set<Hexside> seen = new HashSet<>();
            for (String s : tokens(e.getValue())) {
                String[] ab = s.split("/");
                if (!seen.add(Hexside.of(b.at(ab[0]), b.at(ab[1])))) out.add("hexsides/" + e.getKey() + ": hexside " + s + " listed twice");
            }
        }
        return out;
    }

    private static String[] tokens(Object value) {
        String s = value == null ? "" : String.valueOf(value).trim();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }

    static List<String> terrainTypes(Board b) {
        List<String> out = new ArrayList<>();
        for (String t : b.map().terrainTypes()) {
            String what = t.equals(b.map().defaultTerrain()) ? "default-terrain" : "terrain";
            if (t.equals("clear")) out.add(what + " 'clear': there is no Clear terrain (5.26)");
            else if (!knownTerrain.contains(t)) out.add(what + " '" + t + "' is not a terrain id of the movement table (" + String.join(", ", knownTerrain) + ")");
        }
        return out;
    }

    static List<String> featuresOnLand(Board b) {
        List<String> out = new ArrayList<>();
        for (String f : b.map().featureNames()) {
            for (int h : b.map().featureHexes(f)) if (!b.land(h)) out.add("feature " + f + " on hex " + b.id(h) + ", which is " + b.map().terrain(h));
        }
        return out;
    }

    static List<String> hexsidesOnLand(Board b) {
        List<String> out = new ArrayList<>();
        for (String f : b.map().hexsideFeatureNames()) {
            for (Hexside s : b.sides(f)) {
                if (b.sea(s.low()) || b.sea(s.high())) out.add("hexside " + f + " " + b.key(s) + " touches a sea hex");
                if ((f.equals("road") || f.equals("trail")) && !(b.land(s.low()) && b.land(s.high()))) {
                    out.add(f + " hexside " + b.key(s) + " enters a closed hex");
                }
            }
        }
        return out;
    }

    /** Connected parts of the graph a hexside feature draws, each sorted, in the order of their lowest hex. */
    static List<TreeSet<Integer>> components(List<Hexside> sides) {
        Map<Integer, Set<Integer>> adj = new TreeMap<>();
        for (Hexside s : sides) {
            adj.computeIfAbsent(s.low(), k -> new TreeSet<>()).add(s.high());
            adj.computeIfAbsent(s.high(), k -> new TreeSet<>()).add(s.low());
        }
        List<TreeSet<Integer>> out = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (int start : adj.keySet()) {
            if (seen.contains(start)) continue;
            TreeSet<Integer> comp = new TreeSet<>();
            ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(start));
            while (!todo.isEmpty()) {
                int h = todo.poll();
                if (comp.add(h)) todo.addAll(adj.get(h));
            }
            seen.addAll(comp);
            out.add(comp);
        }
        return out;
    }

    static List<String> roadNetwork(Board b) {
        List<TreeSet<Integer>> comps = components(b.sides("road"));
        if (comps.size() <= 1) return List.of();
        List<String> parts = new ArrayList<>();
        for (TreeSet<Integer> c : comps) parts.add(b.ids(c, 3));
        return List.of("roads are not connected: " + comps.size() + " separate networks (" + String.join("; ", parts) + ")");
    }

    static List<String> trails(Board b) {
        Set<Integer> roadHexes = b.hexesOf(b.sides("road"));
        List<String> out = new ArrayList<>();
        for (TreeSet<Integer> c : components(b.sides("trail"))) {
            if (c.stream().noneMatch(roadHexes::contains) && c.stream().noneMatch(b::onEdge)) {
                out.add("a trail (" + b.ids(c, 3) + ") neither meets a road nor leaves the map");
            }
        }
        return out;
    }

    static List<String> reachableFromTobruk(Board b) {
        Set<Hexside> esc = new HashSet<>(b.sides("escarpment"));
        Set<Hexside> passable = new HashSet<>(b.sides("road"));
        passable.addAll(b.sides("trail"));
        Set<Integer> reach = new HashSet<>();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        int start = b.at(RULEBOOK_PLACES.get("Tobruk"));
        if (start >= 0 && b.land(start)) todo.add(start);
        while (!todo.isEmpty()) {
            int h = todo.poll();
            if (!reach.add(h)) continue;
            for (int n : b.map().neighbors(h)) {
                Hexside s = Hexside.of(h, n);
                if (b.land(n) && !reach.contains(n) && (!esc.contains(s) || passable.contains(s))) todo.add(n);
            }
        }
        TreeSet<Integer> pocket = b.all(h -> b.land(h) && !reach.contains(h));
        if (pocket.isEmpty()) return List.of();
        return List.of(pocket.size() + " land hexes cannot be reached from Tobruk without crossing a bare escarpment: " + b.ids(pocket, 20));
    }

    static List<String> placesOnLand(Board b) {
        List<String> out = new ArrayList<>();
        for (String name : b.map().placeNames()) {
            int h = b.map().place(name);
            if (!b.land(h)) out.add("place " + name + " at " + b.id(h) + " is " + b.map().terrain(h));
        }
        return out;
    }

    static List<String> rulebookPlaces(Board b) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : RULEBOOK_PLACES.entrySet()) {
            int h = b.map().place(e.getKey());
            if (h < 0 || !b.id(h).equals(e.getValue())) {
                out.add("place " + e.getKey() + " must be hex " + e.getValue() + " (16.0), found " + (h < 0 ? "none" : b.id(h)));
            }
        }
        return out;
    }

    static List<String> perimeterCentre(Board b) {
        int h = b.map().place(CENTRE_PLACE);
        if (h < 0 || b.id(h).equals(CENTRE)) return List.of();
        return List.of("place '" + CENTRE_PLACE + "' must be " + CENTRE + " (17.1), found " + b.id(h));
    }

    static List<String> edgeZones(Board b) {
        List<String> out = new ArrayList<>();
        var l = b.map().layout();
        for (Map.Entry<String, String> e : EDGE_ZONES.entrySet()) {
            TreeSet<Integer> edge = b.all(h -> switch (e.getValue()) {
                case "edge:north" -> b.map().row(h) == l.firstRow();
                case "edge:south" -> b.map().row(h) == l.lastRow();
                case "edge:east" -> b.map().column(h) == l.lastColumn();
                default -> b.map().column(h) == l.firstColumn();
            });
            if (!b.map().hasZone(e.getKey())) out.add("zone " + e.getKey() + " is missing: it must be \"" + e.getValue() + "\"");
            else if (!b.zone(e.getKey()).equals(edge)) out.add("zone " + e.getKey() + " must be \"" + e.getValue() + "\": " + b.diff(edge, b.zone(e.getKey())));
        }
        return out;
    }

    static List<String> britishSupplySouth(Board b) {
        var l = b.map().layout();
        TreeSet<Integer> east = b.all(h -> b.map().column(h) == l.lastColumn());
        TreeSet<Integer> want = b.all(h -> b.map().row(h) == l.lastRow()
                && east.stream().mapToInt(e -> b.map().distance(h, e)).min().orElse(Integer.MAX_VALUE) <= 11);
        List<String> out = new ArrayList<>();
        String name = "british-supply-south";
        TreeSet<Integer> zone = b.map().hasZone(name) ? b.zone(name) : new TreeSet<>();
        if (!b.map().hasZone(name) || !zone.equals(want)) {
            out.add("zone " + name + " must be the south-edge hexes within 11 of the east edge (16.0): " + b.ids(want, 99)
                    + "; " + (b.map().hasZone(name) ? b.diff(want, zone) : "the zone is missing"));
        }
        for (int h : zone) if (!b.land(h)) out.add("british supply hex " + b.id(h) + " is " + b.map().terrain(h));
        return out;
    }

    static List<String> perimeterRing(Board b) {
        List<String> out = new ArrayList<>();
        Set<Hexside> mines = new HashSet<>(b.sides("minefield-british"));
        for (Hexside s : b.sides("minefield-british")) {
            Set<Integer> d = Set.of(b.fromCentre(s.low()), b.fromCentre(s.high()));
            if (!d.equals(Set.of(2, 3))) out.add("minefield-british " + b.key(s) + " is not between a hex 2 and a hex 3 from " + CENTRE + " (17.1)");
        }
        TreeSet<Hexside> gaps = new TreeSet<>();
        for (int a : b.all(h -> b.land(h) && b.fromCentre(h) == 2)) {
            for (int n : b.map().neighbors(a)) {
                if (b.land(n) && b.fromCentre(n) == 3 && !mines.contains(Hexside.of(a, n))) gaps.add(Hexside.of(a, n));
            }
        }
        if (!gaps.isEmpty()) {
            List<String> keys = new ArrayList<>();
            for (Hexside s : gaps) keys.add(b.key(s));
            out.add("the Tobruk perimeter is open: no minefield-british on " + String.join(" ", keys));
        }
        return out;
    }

    static List<String> perimeterOffEscarpments(Board b) {
        Set<Hexside> esc = new HashSet<>(b.sides("escarpment"));
        List<String> out = new ArrayList<>();
        for (Hexside s : b.sides("minefield-british")) {
            if (esc.contains(s)) out.add("perimeter hexside " + b.key(s) + " is also an escarpment: 17.1 and 7.46 would clash there");
        }
        return out;
    }

    static List<String> fortifiedBoxes(Board b) {
        List<String> out = new ArrayList<>();
        for (int h : b.map().featureHexes("fortified-box")) {
            if (b.fromCentre(h) != 2) out.add("fortified box " + b.id(h) + " is " + b.fromCentre(h) + " from " + CENTRE + ", not on the distance-2 ring");
        }
        return out;
    }

    static List<String> perimeterZone(Board b) {
        if (!b.map().hasZone("tobruk-perimeter")) return List.of();
        TreeSet<Integer> inside = b.all(h -> b.land(h) && b.fromCentre(h) <= 2), zone = b.zone("tobruk-perimeter");
        if (zone.equals(inside)) return List.of();
        return List.of("zone tobruk-perimeter must be the land hexes within 2 of " + CENTRE + ": " + b.diff(inside, zone));
    }

    static List<String> scenarioHexesOnLand(Board b, List<Unit> units) {
        List<String> out = new ArrayList<>();
        for (Unit u : units) {
            int h = u.hex() == null ? -1 : b.at(u.hex());
            if (h < 0) out.add(u.where() + ": hex " + u.hex() + " is not on the map");
            else if (!b.land(h)) out.add(u.where() + ": hex " + u.hex() + " is " + b.map().terrain(h));
        }
        return out;
    }

    static List<String> entryHexesOnEdge(Board b, List<Unit> units) {
        Set<Integer> routes = b.hexesOf(b.sides("road"));
        routes.addAll(b.hexesOf(b.sides("trail")));
        List<String> out = new ArrayList<>();
        for (Unit u : units) {
            int h = u.hex() == null ? -1 : b.at(u.hex());
            if (u.kind().equals("entry") && h >= 0 && routes.contains(h) && !b.onEdge(h)) {
                out.add(u.where() + ": entry hex " + u.hex() + " is on a road/trail but not on a map edge (13.11)");
            }
        }
        return out;
    }

    static List<String> axisOutsidePerimeter(Board b, List<Unit> units) {
        List<String> out = new ArrayList<>();
        for (Unit u : units) {
            int h = u.hex() == null ? -1 : b.at(u.hex());
            if (u.kind().equals("piece") && h >= 0 && u.side().equals("axis") && b.fromCentre(h) <= 2) {
                out.add(u.scenario() + ": Axis " + u.id() + " at " + u.hex() + " is inside the Tobruk perimeter (" + b.fromCentre(h) + " from " + CENTRE + ")");
            }
        }
        return out;
    }

    static List<String> garrisonInside(Board b, List<Unit> units) {
        List<String> out = new ArrayList<>();
        for (Unit u : units) {
            int h = u.hex() == null ? -1 : b.at(u.hex());
            if (u.turn() == 1 && u.kind().equals("piece") && h >= 0 && u.side().equals("british") && b.fromCentre(h) >= 3 && b.fromCentre(h) <= 5) {
                out.add(u.scenario() + ": British " + u.id() + " at " + u.hex() + " is just outside the Tobruk perimeter at the start (" + b.fromCentre(h) + " from " + CENTRE + ")");
            }
        }
        return out;
    }

    /** Every check above, in order. */
    static List<String> everyCheck(Board b, List<Unit> units) {
        List<String> out = new ArrayList<>();
        for (Function<Board, List<String>> c : List.<Function<Board, List<String>>>of(CrusaderMapTest::shape, CrusaderMapTest::repeats,
                CrusaderMapTest::terrainTypes, CrusaderMapTest::featuresOnLand, CrusaderMapTest::hexsidesOnLand, CrusaderMapTest::roadNetwork,
                CrusaderMapTest::trails, CrusaderMapTest::reachableFromTobruk, CrusaderMapTest::rulebookPlaces, CrusaderMapTest::perimeterCentre,
                CrusaderMapTest::placesOnLand, CrusaderMapTest::edgeZones, CrusaderMapTest::britishSupplySouth, CrusaderMapTest::perimeterRing,
                CrusaderMapTest::perimeterOffEscarpments, CrusaderMapTest::fortifiedBoxes, CrusaderMapTest::perimeterZone,
                x -> scenarioHexesOnLand(x, units), x -> entryHexesOnEdge(x, units), x -> axisOutsidePerimeter(x, units),
                x -> garrisonInside(x, units))) {
            out.addAll(c.apply(b));
        }
        return out;
    }

    // ---- the board as it is -------------------------------------------------------------------------

    @Test
    @DisplayName("Crusader map: map.yaml follows the map schema of docs/formats.md (keys, status, flat-top layout, quoted ids) and its first row is 0 or 1")
    void shape() { assertNone(shape(board)); }

    @Test
    @DisplayName("Crusader map: no hex is listed twice under a terrain type and no hexside twice under one feature")
    void noRepeats() { assertNone(repeats(board)); }

    @Test
    @DisplayName("NA 5.26 Terrain Key every terrain type is one the movement table prices or closes; there is no Clear")
    void terrainTypes() { assertNone(terrainTypes(board)); }

    @Test
    @DisplayName("NA Terrain Key hex features (the Allied Fortified Boxes) stand on land hexes, not sea or prohibited")
    void featuresOnLand() { assertNone(featuresOnLand(board)); }

    @Test
    @DisplayName("NA Terrain Key no hexside feature touches a sea hex and no road or trail enters a closed hex")
    void hexsidesOnLand() { assertNone(hexsidesOnLand(board)); }

    @Test
    @DisplayName("NA 5.22 the roads form one connected network")
    void roadNetwork() { assertNone(roadNetwork(board)); }

    @Test
    @DisplayName("NA 5.23 every trail meets a road or leaves the map")
    void trails() { assertNone(trails(board)); }

    @Test
    @DisplayName("NA 5.25 every land hex is reachable from Tobruk without crossing a bare escarpment")
    void reachableFromTobruk() { assertNone(reachableFromTobruk(board)); }

    @Test
    @DisplayName("Crusader 16.0 Tobruk, El Adem, Bardia and Sollum stand where the rules put them")
    void rulebookPlaces() { assertNone(rulebookPlaces(board)); }

    @Test
    @DisplayName("Crusader 17.1 the place \"Tobruk perimeter centre\", when named, is hex 1003")
    void perimeterCentre() { assertNone(perimeterCentre(board)); }

    @Test
    @DisplayName("Crusader map: every named place is a land hex")
    void placesOnLand() { assertNone(placesOnLand(board)); }

    @Test
    @DisplayName("Crusader 16.0 18.3 the zones north-edge, south-edge, east-edge and west-edge are the four whole map edges")
    void edgeZones() { assertNone(edgeZones(board)); }

    @Test
    @DisplayName("Crusader 16.0 british-supply-south is the south-edge hexes within 11 of the nearest east-edge hex, all land")
    void britishSupplySouth() { assertNone(britishSupplySouth(board)); }

    @Test
    @DisplayName("Crusader 17.1 the perimeter minefield ring lies between distance 2 and 3 of 1003 and is closed on the landward side")
    void perimeterRing() { assertNone(perimeterRing(board)); }

    @Test
    @DisplayName("Crusader 17.1 7.46 no perimeter minefield hexside is also an escarpment")
    void perimeterOffEscarpments() { assertNone(perimeterOffEscarpments(board)); }

    @Test
    @DisplayName("Crusader 17.1 19.12 the Allied Fortified Boxes stand on the distance-2 ring of 1003")
    void fortifiedBoxes() { assertNone(fortifiedBoxes(board)); }

    @Test
    @DisplayName("Crusader 17.1 zone tobruk-perimeter, when present, is the land hexes within 2 of 1003")
    void perimeterZone() { assertNone(perimeterZone(board)); }

    @Test
    @DisplayName("Crusader 19.11 19.12 19.14 19.31 19.32 every deployment and entry hex of the scenarios is on the map and land")
    void scenarioHexesOnLand() {
        assertTrue(scenarioUnits.size() > 200, "the three scenarios' pieces and entries are read: " + scenarioUnits.size());
        assertNone(scenarioHexesOnLand(board, scenarioUnits));
    }

    @Test
    @DisplayName("NA 13.11 a reinforcement entry hex on a road or trail lies on a map edge")
    void entryHexesOnEdge() { assertNone(entryHexesOnEdge(board, scenarioUnits)); }

    @Test
    @DisplayName("Crusader 17.1 in every scenario no Axis unit starts inside the Tobruk perimeter (within 2 of 1003)")
    void axisOutsidePerimeter() { assertNone(axisOutsidePerimeter(board, scenarioUnits)); }

    @Test
    @DisplayName("Crusader 17.1 19.12 19.22 in the turn-1 scenarios no British unit starts just outside the perimeter (3 to 5 from 1003)")
    void garrisonInside() { assertNone(garrisonInside(board, scenarioUnits)); }

    // ---- broken copies of the board: the checks above can fail, and say where ------------------------

    @Nested
    @DisplayName("Crusader map checks on a broken copy of map.yaml")
    class BrokenCopies {
        @TempDir
        Path dir;

        /** A copy of map.yaml with {@code change} applied to its document; the hexes to break are chosen on the board, so any board will do. */
        Board edited(Consumer<Map<String, Object>> change) throws IOException {
            Map<String, Object> tree = YamlDoc.load(SYSTEM.maps().get("main")).map();
            change.accept(tree);
            Path f = dir.resolve("map.yaml");
            Files.writeString(f, new Yaml().dump(tree));
            return Board.load(f);
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> part(Map<String, Object> tree, String key) {
            return (Map<String, Object>) tree.computeIfAbsent(key, k -> new LinkedHashMap<>());
        }

        static String first(Map<String, Object> m, String key) { return tokens(m.get(key))[0]; }

        static void add(Map<String, Object> m, String key, String token) {
            m.put(key, (token + " " + (m.get(key) == null ? "" : m.get(key))).trim());
        }

        static void drop(Map<String, Object> m, String key, String token) {
            List<String> kept = new ArrayList<>(List.of(tokens(m.get(key))));
            assertTrue(kept.remove(token), token + " is under " + key);
            m.put(key, String.join(" ", kept));
        }

        static void assertReported(List<String> problems, String... parts) {
            assertTrue(problems.stream().anyMatch(p -> List.of(parts).stream().allMatch(p::contains)), "a problem naming " + List.of(parts) + " in " + problems);
        }

        String key(String side) {
            String[] ab = side.split("/");
            return Hexside.of(board.at(ab[0]), board.at(ab[1])).key(board.map());
        }

        @Test
        @DisplayName("an unchanged copy reports as many problems as map.yaml itself, so each test below sees only its own break")
        void unchangedCopy() throws IOException {
            assertEquals(everyCheck(board, scenarioUnits).size(), everyCheck(edited(t -> {}), scenarioUnits).size());
        }

        @Test
        @DisplayName("a perimeter hexside left out opens the 17.1 ring at that hexside")
        void perimeterGap() throws IOException {
            String side = first(mapOf(board.doc().map().get("hexsides")), "minefield-british");
            Board b = edited(t -> drop(part(t, "hexsides"), "minefield-british", side));
            assertReported(perimeterRing(b), "perimeter is open", key(side));
        }

        @Test
        @DisplayName("Tobruk moved one hex breaks 16.0")
        void tobrukMoved() throws IOException {
            String moved = board.id(board.map().neighbors(board.at("1103"))[0]);
            Board b = edited(t -> part(t, "places").put("Tobruk", moved));
            assertReported(rulebookPlaces(b), "Tobruk must be hex 1103", "found " + moved);
        }

        @Test
        @DisplayName("a hex ringed by bare escarpments is a pocket 5.25 cannot reach")
        void pocket() throws IOException {
            Set<Integer> drawn = board.hexesOf(board.sides("road"));
            drawn.addAll(board.hexesOf(board.sides("trail")));
            drawn.addAll(board.hexesOf(board.sides("escarpment")));
            int h = board.all(i -> board.land(i) && !board.onEdge(i) && !drawn.contains(i) && !board.id(i).equals("1103")
                    && Arrays.stream(board.map().neighbors(i)).allMatch(board::land)).first();
            StringBuilder ring = new StringBuilder();
            for (int n : board.map().neighbors(h)) ring.append(board.id(h)).append('/').append(board.id(n)).append(' ');
            Board b = edited(t -> add(part(t, "hexsides"), "escarpment", ring.toString().trim()));
            assertReported(reachableFromTobruk(b), "cannot be reached from Tobruk", board.id(h));
        }

        @Test
        @DisplayName("a stray piece of road away from the network is a second road network (5.22)")
        void strayRoad() throws IOException {
            Set<Integer> roads = board.hexesOf(board.sides("road"));
            int a = board.all(i -> board.land(i) && !roads.contains(i)
                    && Arrays.stream(board.map().neighbors(i)).anyMatch(n -> board.land(n) && !roads.contains(n))
                    && Arrays.stream(board.map().neighbors(i)).noneMatch(roads::contains)).first();
            int n = Arrays.stream(board.map().neighbors(a)).filter(x -> board.land(x) && !roads.contains(x)).findFirst().orElseThrow();
            Board b = edited(t -> add(part(t, "hexsides"), "road", board.id(a) + "/" + board.id(n)));
            assertEquals(components(board.sides("road")).size() + 1, components(b.sides("road")).size());
            assertReported(roadNetwork(b), "roads are not connected", board.id(Math.min(a, n)));
        }

        @Test
        @DisplayName("a road drawn in the sea is reported with its hexside")
        void roadAtSea() throws IOException {
            int s = board.all(i -> board.sea(i) && Arrays.stream(board.map().neighbors(i)).anyMatch(board::sea)).first();
            int t2 = Arrays.stream(board.map().neighbors(s)).filter(board::sea).findFirst().orElseThrow();
            String side = Hexside.of(s, t2).key(board.map());
            Board b = edited(t -> add(part(t, "hexsides"), "road", side));
            List<String> p = hexsidesOnLand(b);
            assertReported(p, "hexside road " + side + " touches a sea hex");
            assertReported(p, "road hexside " + side + " enters a closed hex");
        }

        @Test
        @DisplayName("a perimeter hexside written twice, in either order, is a repeat")
        void repeatedHexside() throws IOException {
            String side = first(mapOf(board.doc().map().get("hexsides")), "minefield-british");
            String[] ab = side.split("/");
            Board b = edited(t -> add(part(t, "hexsides"), "minefield-british", ab[1] + "/" + ab[0]));
            // the reversed copy goes first, so the file's own entry is the one read twice
            assertReported(repeats(b), "minefield-british", side, "twice");
        }

        @Test
        @DisplayName("a deployment hex turned to sea is named with its scenario and unit (19.11)")
        void deploymentAtSea() throws IOException {
            Unit u = scenarioUnits.get(0);
            Board b = edited(t -> {
                Map<String, Object> terrain = part(t, "terrain");
                for (String type : terrain.keySet()) if (List.of(tokens(terrain.get(type))).contains(u.hex())) drop(terrain, type, u.hex());
                add(terrain, "sea", u.hex());
            });
            assertReported(scenarioHexesOnLand(b, scenarioUnits), u.where() + ": hex " + u.hex() + " is sea");
        }

        @Test
        @DisplayName("british-supply-south one hex short is reported with the missing hex (16.0)")
        void supplyZoneShort() throws IOException {
            String h = first(mapOf(board.doc().map().get("zones")), "british-supply-south");
            Board b = edited(t -> drop(part(t, "zones"), "british-supply-south", h));
            assertReported(britishSupplySouth(b), "british-supply-south", "missing " + h);
        }

        @Test
        @DisplayName("a layout without orientation passes the loader but not the map schema")
        void schema() throws IOException {
            Board b = edited(t -> part(t, "layout").remove("orientation"));
            assertReported(shape(b), "orientation");
        }

        @Test
        @DisplayName("the kernel's loader refuses a hexside between hexes that are not adjacent, an unquoted id and a hex of two terrains")
        void loaderRefuses() {
            InputException e = assertThrows(InputException.class, () -> edited(t -> add(part(t, "hexsides"), "minefield-british", "1003/1005")));
            assertTrue(e.getMessage().contains("hexside \"1003/1005\": hexes are not adjacent"), e.describe());
            Map<String, Object> terrain = mapOf(board.doc().map().get("terrain"));
            String type = terrain.keySet().iterator().next(), hex = first(terrain, type), other = type.equals("rough") ? "broken" : "rough";
            e = assertThrows(InputException.class, () -> edited(t -> part(t, "terrain").put(type, Integer.parseInt(hex))));
            assertTrue(e.getMessage().contains("quote the ids"), e.describe());
            e = assertThrows(InputException.class, () -> edited(t -> add(part(t, "terrain"), other, hex)));
            assertTrue(e.getMessage().contains("\"" + hex + "\" listed under terrain \"" + type + "\" and \"" + other + "\""), e.describe());
        }
    }

    @Nested
    @DisplayName("Crusader scenario checks on made-up units")
    class MadeUpUnits {
        static Unit piece(String side, String id, String hex, int turn) { return new Unit("fixture.yaml", "piece", side, id, hex, turn); }

        static Unit entry(String id, String hex) { return new Unit("fixture.yaml", "entry", "british", id, hex, 2); }

        @Test
        @DisplayName("an Axis unit 1 from 1003 is inside the perimeter; one 3 away is not (17.1)")
        void axisInside() {
            List<String> p = axisOutsidePerimeter(board, List.of(piece("axis", "de-in", "1004", 1), piece("axis", "de-out", "1106", 1)));
            assertEquals(List.of("fixture.yaml: Axis de-in at 1004 is inside the Tobruk perimeter (1 from 1003)"), p);
        }

        @Test
        @DisplayName("a British unit 3 from 1003 at the start of turn 1 is reported; on turn 7 (a break-out) it is not (17.1, 19.12)")
        void britishOutside() {
            List<String> p = garrisonInside(board, List.of(piece("british", "br-t1", "1106", 1), piece("british", "br-t7", "1106", 7),
                    piece("british", "br-in", "1005", 1), piece("british", "br-far", "1610", 1)));
            assertEquals(List.of("fixture.yaml: British br-t1 at 1106 is just outside the Tobruk perimeter at the start (3 from 1003)"), p);
        }

        @Test
        @DisplayName("an entry hex on a road inside the map breaks 13.11; an edge hex and an inland hex off the roads do not")
        void entryOffTheEdge() {
            Set<Integer> routes = board.hexesOf(board.sides("road"));
            routes.addAll(board.hexesOf(board.sides("trail")));
            String road = board.id(board.all(i -> routes.contains(i) && !board.onEdge(i)).first());
            String open = board.id(board.all(i -> board.land(i) && !routes.contains(i) && !board.onEdge(i)).first());
            List<String> p = entryHexesOnEdge(board, List.of(entry("br-road", road), entry("br-edge", "0103"), entry("br-open", open)));
            assertEquals(List.of("fixture.yaml entry br-road: entry hex " + road + " is on a road/trail but not on a map edge (13.11)"), p);
        }

        @Test
        @DisplayName("a piece without a hex or off the map is reported (19.11)")
        void offTheMap() {
            List<String> p = scenarioHexesOnLand(board, List.of(piece("axis", "de-none", null, 1), piece("axis", "de-off", "4030", 1)));
            assertEquals(List.of("fixture.yaml piece de-none: hex null is not on the map", "fixture.yaml piece de-off: hex 4030 is not on the map"), p);
        }
    }
}
