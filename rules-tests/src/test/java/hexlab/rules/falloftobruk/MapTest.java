package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;
import hexlab.rules.Positions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reconstructed board (tables/fall-of-tobruk/map.yaml) against every hex the rulebook names
 * (HEXES.txt) and what the rules need of it: 6.12 airfields, 14.1 railhead and Tobruk, 16.11 front
 * line, 16.13 setup zones, the terrain vocabulary of terrain.yaml.
 */
class MapTest {
    static RulesContext rc;

    @BeforeAll
    static void board() {
        Variant v = Positions.variant("fall-of-tobruk", "");
        Scenario sc = Scenario.parse(v.system(), "id: board\nname: board\nsource: test\nmap: main\nturns: {first: 1, last: 1}\npieces: []\n", "board");
        rc = Positions.KERNEL.context(v, sc);
    }

    @AfterAll
    static void close() { rc.close(); }

    static JsonNode js(String expr) { return Json.read(rc.callString("evaluate", expr)); }

    static String terrain(String hex) { return js("map.terrain('" + hex + "')").asText(); }

    static boolean feature(String hex, String f) { return js("map.hasFeature('" + hex + "', '" + f + "')").asBoolean(); }

    static boolean side(String a, String b, String f) { return js("map.hexsideHas('" + a + "', '" + b + "', '" + f + "')").asBoolean(); }

    static List<String> zone(String name) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : js("map.zone('" + name + "')")) out.add(n.asText());
        return out;
    }

    /** The hex ids HEXES.txt lists (lines starting with four digits). */
    static List<String> namedHexes() throws IOException {
        Path f = Path.of(System.getProperty("hexlab.root", "..")).resolve("tables/fall-of-tobruk/HEXES.txt");
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(f)) if (line.matches("^\\d{4}\\s.*")) out.add(line.substring(0, 4));
        return out;
    }

    @Test
    @DisplayName("FoT map: every hex id the rulebook names (HEXES.txt) is on the board and is land")
    void namedHexesAreLand() throws IOException {
        List<String> ids = namedHexes();
        assertEquals(47, ids.size(), "HEXES.txt lists 47 numbered hexes");
        for (String h : ids) {
            assertTrue(js("map.has('" + h + "')").asBoolean(), h + " is on the map");
            assertFalse(terrain(h).equals("sea"), h + " is land");
        }
    }

    @Test
    @DisplayName("FoT 6.12 the sixteen airfields carry the airfield feature, and only they; capacities are in air.yaml")
    void airfields() {
        JsonNode rows = js("tables.air.airfields.rows");
        assertEquals(16, rows.size());
        TreeSet<String> table = new TreeSet<>();
        for (JsonNode r : rows) {
            String h = r.path("hex").asText();
            table.add(h);
            assertTrue(feature(h, "airfield"), h + " " + r.path("airfield").asText() + " has the airfield feature");
            assertTrue(r.path("capacity").asInt() >= 1, h + " has a capacity");
            assertEquals(h, js("map.place(" + Json.write(r.path("airfield").asText().equals("Acroma") || r.path("airfield").asText().equals("El Adem")
                    || r.path("airfield").asText().equals("Sidi Rezegh") ? r.path("airfield").asText() + " airfield" : r.path("airfield").asText()) + ")").asText(),
                    "the place named after the airfield");
        }
        TreeSet<String> onMap = new TreeSet<>();
        for (JsonNode n : js("map.ids.filter((h) => map.hasFeature(h, 'airfield'))")) onMap.add(n.asText());
        assertEquals(table, onMap);
    }

    @Test
    @DisplayName("FoT 14.1 hex 4307 is the railhead, the only one, and an Allied supply source")
    void railhead() {
        assertTrue(feature("4307", "railhead"));
        assertEquals(1, js("map.ids.filter((h) => map.hasFeature(h, 'railhead')).length").asInt());
        assertTrue(zone("allied-supply-sources").contains("4307"));
    }

    @Test
    @DisplayName("FoT 14.1 Tobruk is two adjacent hexes on the coast, both Allied supply sources")
    void tobruk() {
        List<String> t = new ArrayList<>();
        for (JsonNode n : js("map.ids.filter((h) => map.terrain(h) === 'tobruk')")) t.add(n.asText());
        assertEquals(List.of("3902", "4002"), t);
        assertEquals(t, zone("tobruk"));
        assertTrue(js("map.adjacent('3902', '4002')").asBoolean());
        for (String h : t) {
            assertTrue(js("map.neighbors('" + h + "').some((n) => map.terrain(n) === 'sea')").asBoolean(), h + " is on the coast");
            assertTrue(zone("allied-supply-sources").contains(h));
        }
        assertTrue(js("map.distance('3902', '3804') <= 3 && map.distance('4002', '3904') <= 3").asBoolean(), "the Tobruk airfields are near");
    }

    @Test
    @DisplayName("FoT 16.11 the coastal front-line hexsides 1004/1104 1004/1105 1005/1105 exist, Allied on the east, and are not mined")
    void coastalFrontLine() {
        List<String> allied = zone("allied-side"), axis = zone("axis-side");
        for (String[] s : new String[][] {{"1004", "1104"}, {"1004", "1105"}, {"1005", "1105"}}) {
            assertTrue(js("map.adjacent('" + s[0] + "', '" + s[1] + "')").asBoolean(), s[0] + "/" + s[1] + " is a hexside");
            assertTrue(axis.contains(s[0]) && allied.contains(s[1]), s[0] + " Axis side, " + s[1] + " Allied side");
            assertFalse(side(s[0], s[1], "minefield"), s[0] + "/" + s[1] + " lies between the minefield and the coast");
        }
        assertTrue(js("map.neighbors('1004').some((n) => map.terrain(n) === 'sea')").asBoolean(), "1004 is on the coast");
    }

    @Test
    @DisplayName("FoT 16.11 every hexside between the two sides from 1005/1106 to Abyar al Hakim 2625 is an Allied minefield; none beyond")
    void gazalaMinefield() {
        // every hexside between an Allied-side and an Axis-side hex, Allied hex in rows <= 25 and
        // columns <= 26 (the Gazala line) bar the three coastal ones, is mined; the others are not
        JsonNode sides = js("(() => { const a = {}; for (const h of map.zone('allied-side')) a[h] = true; const out = [];"
                + " for (const h of map.zone('allied-side')) for (const n of map.neighbors(h)) if (!a[n] && map.terrain(n) !== 'sea')"
                + " out.push([h, n, map.hexsideHas(h, n, 'minefield'), map.hexsideHas(h, n, 'minefield-allied')]); return out; })()");
        int mined = 0;
        for (JsonNode s : sides) {
            String a = s.get(0).asText(), n = s.get(1).asText();
            int col = Integer.parseInt(a.substring(0, 2)), row = Integer.parseInt(a.substring(2));
            boolean coastal = a.equals("1104") || a.equals("1105");
            boolean gazala = !coastal && row <= 25 && col <= 26 && !(a.equals("2625") && n.equals("2626"));
            assertEquals(gazala, s.get(2).asBoolean(), a + "/" + n + (gazala ? " is mined" : " is not mined"));
            assertEquals(s.get(2).asBoolean(), s.get(3).asBoolean(), a + "/" + n + ": every minefield is an Allied one");
            if (gazala) mined++;
        }
        assertTrue(mined > 40, "the line is continuous: " + mined + " hexsides");
        assertTrue(side("2625", "2525", "minefield"), "the minefield reaches Abyar al Hakim");
    }

    @Test
    @DisplayName("FoT 16.11 the line 2726-4434 is a straight hex row on the Allied side; Hill 171 (2928) lies beyond it")
    void southEastLine() {
        List<String> line = zone("front-line-southeast");
        assertEquals("2726", line.get(0));
        assertEquals("4434", line.get(line.size() - 1));
        assertEquals(18, line.size());
        for (int i = 1; i < line.size(); i++) assertTrue(js("map.adjacent('" + line.get(i - 1) + "', '" + line.get(i) + "')").asBoolean());
        assertTrue(zone("allied-side").containsAll(line));
        assertTrue(zone("axis-side").contains("2928"));
        assertEquals("hill", terrain("2928"));
        assertTrue(zone("allied-side").contains("2625"));
    }

    @Test
    @DisplayName("FoT 16.12-16.13 the setup hexes and zones of the examples are on the Allied side; the brigades' hexes are boxes")
    void setupZones() {
        List<String> allied = zone("allied-side");
        for (String h : List.of("3614", "4212", "2210", "1812", "1513", "1612", "1613")) assertTrue(allied.contains(h), h);
        assertEquals(14, zone("setup-150x").size());
        assertTrue(allied.containsAll(zone("setup-150x")));
        assertEquals(List.of("1513", "1612", "1613"), zone("setup-151x"));
        for (String h : List.of("1513", "1612", "1613", "1812", "2117", "2625")) assertTrue(feature(h, "box"), h + " is a box");
    }

    @Test
    @DisplayName("FoT map vocabulary: every terrain and hexside feature is a terrain.yaml name (minefield owners and escarpment tops apart)")
    void vocabulary() {
        JsonNode types = js("tables.terrain['terrain-types']");
        TreeSet<String> used = new TreeSet<>();
        for (JsonNode n : js("[...new Set(map.ids.map((h) => map.terrain(h)))]")) used.add(n.asText());
        for (String t : used) assertTrue(types.path("hex").has(t), "terrain " + t);
        for (JsonNode n : js("[...new Set(map.ids.flatMap((h) => map.features(h)))]")) {
            String f = n.asText();
            assertTrue(types.path("hex-features").has(f) || f.equals("escarpment-top"), "feature " + f);
        }
        for (JsonNode n : js("[...new Set(map.ids.flatMap((h) => map.neighbors(h).flatMap((x) => map.hexside(h, x))))]")) {
            String f = n.asText();
            assertTrue(types.path("hexside").has(f) || types.path("routes").has(f) || f.equals("minefield-allied") || f.equals("minefield-axis"), "hexside " + f);
        }
        assertEquals(9, used.size(), "all nine terrain types are drawn: " + used);
    }

    @Test
    @DisplayName("FoT 4.11 11.22 every escarpment hexside has exactly one top hex (feature escarpment-top)")
    void escarpmentTops() {
        JsonNode bad = js("(() => { const out = []; for (const h of map.ids) for (const n of map.neighbors(h))"
                + " if (h < n && map.hexsideHas(h, n, 'escarpment') && map.hasFeature(h, 'escarpment-top') === map.hasFeature(n, 'escarpment-top')) out.push(h + '/' + n);"
                + " return out; })()");
        assertEquals(0, bad.size(), bad.toString());
        assertTrue(js("map.ids.filter((h) => map.hasFeature(h, 'escarpment-top')).length").asInt() > 50);
    }

    @Test
    @DisplayName("FoT 14.1 supply sources: road or track hexes of the west edge (Axis), of the east edge plus Tobruk and 4307 (Allied)")
    void supplySources() {
        List<String> axis = zone("axis-supply-sources");
        assertTrue(axis.size() >= 3);
        for (String h : axis) {
            assertTrue(h.startsWith("01"), h + " on the west edge");
            assertTrue(js("map.neighbors('" + h + "').some((n) => ['paved-road', 'unpaved-road', 'track'].some((r) => map.hexsideHas('" + h + "', n, r)))").asBoolean(), h + " on a road or track");
        }
        assertTrue(axis.contains("0102"), "the Via Balbia leaves the west edge at 0102");
        List<String> allied = zone("allied-supply-sources");
        assertTrue(allied.stream().filter((h) -> h.startsWith("49")).count() >= 3);
        assertTrue(zone("northwest-edge").stream().allMatch((h) -> h.startsWith("01")));
    }
}
