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

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FoT 16.1: both scenarios set up from the order of battle (units.yaml) on the reconstructed map.
 * The setup section runs alone here (no sequence), so these tests hold whatever the other sections do.
 */
class SetupTest {
    static final Variant V = Positions.variant("fall-of-tobruk", "");
    static RulesContext may26, may27, scratch;

    /** A rules context with `scenario` set up and nothing else run. */
    static RulesContext setUp(Scenario sc) {
        RulesContext rc = Positions.KERNEL.context(V, sc);
        rc.call("setup", "setup", "setup", Json.write(sc.doc()));
        return rc;
    }

    static RulesContext scenario(String id) { return setUp(Positions.KERNEL.scenario(V, id)); }

    /** Sets up an inline fixture in the shared scratch context (setup starts the state afresh). */
    static RulesContext inline(String yaml) {
        Scenario sc = Scenario.parse(V.system(), yaml, "fixture");
        if (scratch == null) scratch = Positions.KERNEL.context(V, sc);
        scratch.call("setup", "setup", "setup", Json.write(sc.doc()));
        return scratch;
    }

    static String fixture(String extra, String... pieces) {
        StringBuilder sb = new StringBuilder("id: fixture\nname: fixture\nsource: test\nstatus: reconstructed\nnote: \"a test's position\"\nmap: main\nturns: {first: 1, last: 2}\n");
        sb.append(extra).append("pieces:\n");
        for (String p : pieces) {
            String[] a = p.split("@");
            sb.append("  - {id: ").append(a[0]).append(", hex: \"").append(a[1]).append("\"}\n");
        }
        return sb.toString();
    }

    static JsonNode js(RulesContext rc, String expr) { return Json.read(rc.callString("evaluate", expr)); }

    static JsonNode onMap(RulesContext rc) { return js(rc, "Object.values(state.pieces).filter((p) => p.at === 'map')"); }

    @BeforeAll
    static void both() {
        may26 = scenario("may-26");
        may27 = scenario("may-27");
    }

    @AfterAll
    static void close() {
        may26.close();
        may27.close();
        if (scratch != null) scratch.close();
    }

    @Test
    @DisplayName("FoT 16.2 16.3 both scenarios set up every unit of the order of battle: on the map, arriving (5.11) or aside (16.14)")
    void everyUnit() {
        int units = js(may26, "tables.units.units.list.length").asInt();
        for (RulesContext rc : List.of(may26, may27)) {
            assertEquals(units, js(rc, "Object.keys(state.pieces).filter((k) => !k.startsWith('air-')).length").asInt());
            assertEquals(js(rc, "tables.air['order-of-battle'].units.length").asInt(), js(rc, "Object.keys(state.pieces).filter((k) => k.startsWith('air-')).length").asInt(), "and the air units (16.15)");
            assertEquals(2, js(rc, "Object.values(state.pieces).filter((p) => p.at === 'aside').length").asInt());
            assertEquals(js(rc, "tables.units.units.list.filter((u) => u.arrives).length").asInt(),
                    js(rc, "Object.values(state.pieces).filter((p) => p.at === 'arriving').length").asInt());
            assertTrue(onMap(rc).size() > 300);
        }
        assertEquals("May 26", js(may26, "state.date").asText());
        assertEquals("May 27", js(may27, "state.date").asText());
    }

    @Test
    @DisplayName("FoT 16.1 no unit stands on sea or on the wrong side of the 16.11 front line (Allied units may use Hill 171)")
    void sidesAndTerrain() {
        for (RulesContext rc : List.of(may26, may27)) {
            JsonNode bad = js(rc, "Object.values(state.pieces).filter((p) => p.at === 'map' && (map.terrain(p.hex) === 'sea' ||"
                    + " !(map.zone(p.side + '-side').includes(p.hex) || (p.side === 'allied' && p.hex === '2928')))).map((p) => p.id + '@' + p.hex)");
            assertEquals(0, bad.size(), bad.toString());
        }
    }

    @Test
    @DisplayName("FoT 16.2 16.3 the reconstructed deployments leave no Axis unit adjacent to an Allied one")
    void noContactAtStart() {
        for (RulesContext rc : List.of(may26, may27)) {
            JsonNode touching = js(rc, "Object.values(state.pieces).filter((p) => p.at === 'map' && p.side === 'axis' &&"
                    + " map.neighbors(p.hex).some((n) => ctx.piecesAt(n).some((q) => q.side === 'allied'))).map((p) => p.id + '@' + p.hex)");
            assertEquals(0, touching.size(), touching.toString());
        }
    }

    @Test
    @DisplayName("FoT 7.11 every formation on the map has its HQ on the map (or the HQ of the formation it is attached to); one HQ a hex")
    void headquarters() {
        for (RulesContext rc : List.of(may26, may27)) {
            TreeSet<String> hqs = new TreeSet<>();
            TreeMap<String, String> hqHex = new TreeMap<>();
            for (JsonNode p : onMap(rc)) {
                if (!p.path("hq").asBoolean()) continue;
                hqs.add(p.path("formation").asText());
                String was = hqHex.put(p.path("hex").asText(), p.path("id").asText());
                assertNull(was, "two HQs in " + p.path("hex").asText());
            }
            for (JsonNode p : onMap(rc)) {
                String f = p.path("formation").asText(), att = p.path("attached").asText(null);
                assertTrue(hqs.contains(f) || (att != null && hqs.contains(att)), p.path("id").asText() + " of " + f + " has an HQ in play");
            }
            assertTrue(hqs.size() >= 26, "HQs: " + hqs);
        }
    }

    @Test
    @DisplayName("FoT 4.21 no hex holds more than 16 SPs except a white-rectangle group alone; 4.22 all of 1FFx (20 SPs) alone in 2625")
    void stackingAtStart() {
        for (RulesContext rc : List.of(may26, may27)) {
            Map<String, Integer> sp = new TreeMap<>();
            Map<String, TreeSet<String>> groups = new TreeMap<>();
            for (JsonNode p : onMap(rc)) {
                String h = p.path("hex").asText();
                if (!p.path("hq").asBoolean()) sp.merge(h, p.path("sp").asInt(), Integer::sum);
                groups.computeIfAbsent(h, k -> new TreeSet<>()).add(p.path("whiteRectangle").isNull() ? "-" : p.path("whiteRectangle").asText());
            }
            for (var e : sp.entrySet()) {
                boolean white = groups.get(e.getKey()).size() == 1 && !groups.get(e.getKey()).contains("-");
                assertTrue(e.getValue() <= 16 || (white && e.getValue() <= 24), e.getKey() + " holds " + e.getValue() + " SPs");
            }
            assertEquals(20, sp.get("2625"));
            assertEquals(new TreeSet<>(List.of("1FFx")), groups.get("2625"));
            assertEquals(js(rc, "Object.values(state.pieces).filter((p) => p.formation === '1FFx').length").asInt(),
                    js(rc, "ctx.piecesAt('2625').length").asInt(), "every 1FFx unit and nothing else");
        }
    }

    @Test
    @DisplayName("FoT 16.12 XIII Corps HQ, 7Md and the three AAA units of 4AAx set up in 3614")
    void xiiiCorps() {
        JsonNode at = js(may26, "ctx.piecesAt('3614').map((p) => p.name).sort()");
        List<String> names = new ArrayList<>();
        at.forEach((n) -> names.add(n.asText()));
        assertTrue(names.contains("13th Corps HQ") && names.contains("7Md"), names.toString());
        assertEquals(3, js(may26, "ctx.piecesAt('3614').filter((p) => p.brigade === '4AAx').length").asInt());
    }

    @Test
    @DisplayName("FoT 16.13 50xx HQ in 2210, 69x in 1812, 151x in every hex of 1513 1612 1613, every 150x zone hex occupied or in a 150x ZOC")
    void fiftiethDivision() {
        assertEquals("2210", js(may26, "state.pieces['br-50xx-hq'].hex").asText());
        JsonNode b69 = js(may26, "Object.values(state.pieces).filter((p) => p.brigade === '69x')");
        assertEquals(4, b69.size());
        b69.forEach((p) -> assertEquals("1812", p.path("hex").asText()));
        assertEquals(4, js(may26, "Object.values(state.pieces).filter((p) => p.brigade === '151x').length").asInt());
        for (String h : List.of("1513", "1612", "1613")) {
            assertTrue(js(may26, "ctx.piecesAt('" + h + "').some((p) => p.brigade === '151x')").asBoolean(), h);
        }
        JsonNode uncovered = js(may26, "map.zone('setup-150x').filter((h) => !Object.values(state.pieces).some((p) => p.brigade === '150x' &&"
                + " (p.hex === h || map.adjacent(p.hex, h))))");
        assertEquals(0, uncovered.size(), uncovered.toString());
        assertEquals(4, js(may26, "Object.values(state.pieces).filter((p) => p.brigade === '150x' && map.zone('setup-150x').includes(p.hex)).length").asInt());
        assertEquals(4, js(may26, "Object.values(state.pieces).filter((p) => p.formation === '1ATx' && p.attached === '50xx' && p.at === 'map').length").asInt());
    }

    @Test
    @DisplayName("FoT 16.2 16.3 airfield control: Tmimi #2 and Gadd el Ahmar Axis on May 26; with Baltat el Qaz'ah and Baltat el 'Atash on May 27")
    void airfieldControl() {
        assertEquals("[\"0103\",\"0122\"]", js(may26, "Object.keys(state.control).filter((h) => map.hasFeature(h, 'airfield') && state.control[h] === 'axis').sort()").toString());
        assertEquals("[\"0103\",\"0122\",\"2432\",\"2730\"]", js(may27, "Object.keys(state.control).filter((h) => map.hasFeature(h, 'airfield') && state.control[h] === 'axis').sort()").toString());
        assertEquals(12, js(may27, "Object.keys(state.control).filter((h) => map.hasFeature(h, 'airfield') && state.control[h] === 'allied').length").asInt());
        for (String h : List.of("3902", "4002", "4307", "3910")) assertEquals("allied", js(may26, "state.control['" + h + "']").asText(), h);
        assertEquals("axis", js(may26, "state.control['0203']").asText(), "Tmimi, behind the Axis line");
    }

    @Test
    @DisplayName("FoT 16.3 the striking force (DAK, 15xx, 21xx, 90xx, Ariete) stands south of Bir Hakim on May 27, west of the line on May 26")
    void strikingForce() {
        String force = "['DAK', '15xx', '21xx', '90xx', '132xx'].includes(p.formation)";
        JsonNode r27 = js(may27, "Object.values(state.pieces).filter((p) => p.at === 'map' && " + force + ").map((p) => +p.hex.slice(2))");
        r27.forEach((r) -> assertTrue(r.asInt() >= 27, "south of Bir Hakim (row 25): row " + r.asInt()));
        JsonNode c26 = js(may26, "Object.values(state.pieces).filter((p) => p.at === 'map' && (" + force + " || p.formation === '101xx')).map((p) => +p.hex.slice(0, 2))");
        c26.forEach((c) -> assertTrue(c.asInt() <= 20, "west of the Gazala line: column " + c.asInt()));
        assertEquals(js(may27, "state.supplyHeads.DAK").asText().length(), 4);
        assertTrue(js(may27, "map.zone('axis-side').includes(state.supplyHeads.DAK) && map.zone('axis-side').includes(state.supplyHeads['20xxx'])").asBoolean());
    }

    @Test
    @DisplayName("FoT 16.16 initial reserve tanks, by type and in total")
    void reserveTanks() {
        assertEquals("{\"Crusader\":6,\"Grant\":4,\"Matilda\":0,\"Stuart\":4,\"Valentine\":0}", js(may26, "state.reserveTankTypes.allied").toString());
        assertEquals(14, js(may26, "state.reserveTanks.allied").asInt());
        assertEquals(6, js(may27, "state.reserveTanks.axis").asInt());
        assertEquals(0, js(may26, "state.losses.axis.armor + state.losses.allied.infantry + state.exited.allied.artillery").asInt());
    }

    @Test
    @DisplayName("FoT 5.11 every unit the reinforcement schedule names waits off the map as arriving, on its side")
    void reinforcements() {
        JsonNode rows = js(may27, "tables.reinforcements['ground-schedule'].rows");
        int n = 0;
        for (JsonNode r : rows) {
            for (JsonNode name : r.path("units")) {
                String q = "Object.values(state.pieces).filter((p) => p.name === " + Json.write(name.asText()) + " && p.side === '" + r.path("side").asText() + "')";
                JsonNode ps = js(may27, q);
                assertEquals(1, ps.size(), name.asText());
                assertEquals("arriving", ps.get(0).path("at").asText());
                assertEquals(r.path("turn").asText(), ps.get(0).path("arrives").asText());
                assertTrue(ps.get(0).path("hex").isNull());
                n++;
            }
        }
        assertEquals(29, n, "6 + 2 + 4 + 2 + 4 + 11 units in the six rows");
    }

    @Test
    @DisplayName("FoT 16.14 2 TS and 2 SAP set up as components (2 TS in three hexes, setup notes B-D) and wait aside as whole battalions")
    void splitBattalions() {
        assertEquals("aside", js(may26, "state.pieces['sa-2saxx-2-ts'].at").asText());
        assertEquals("aside", js(may26, "state.pieces['sa-2saxx-2-sap'].at").asText());
        assertEquals(3, js(may26, "new Set(['1', '2', '3'].map((k) => state.pieces['sa-2saxx-2-ts-' + k].hex)).size").asInt());
        assertEquals("sa-2saxx-2-ts", js(may26, "state.pieces['sa-2saxx-2-ts-1'].componentOf").asText());
    }

    @Test
    @DisplayName("FoT 16.14 the components of 2 SAP recombine into the battalion once all stand in one hex, with the worst of their marks")
    void recombine() {
        RulesContext rc = inline(fixture("", "sa-2saxx-2-sap-1@4531", "sa-2saxx-2-sap-2@4533"));
        assertEquals("aside", js(rc, "state.pieces['sa-2saxx-2-sap'].at").asText());
        js(rc, "(() => { rules.reinforcements.recombine(); return 0; })()");
        assertEquals("aside", js(rc, "state.pieces['sa-2saxx-2-sap'].at").asText(), "apart, they stay components");
        js(rc, "(() => { const q = state.pieces['sa-2saxx-2-sap-2']; q.hex = '4531'; q.moraleLoss = 1; q.disrupted = true; rules.reinforcements.recombine(); return 0; })()");
        JsonNode b = js(rc, "state.pieces['sa-2saxx-2-sap']");
        assertEquals("map", b.path("at").asText());
        assertEquals("4531", b.path("hex").asText());
        assertEquals(1, b.path("moraleLoss").asInt());
        assertTrue(b.path("disrupted").asBoolean());
        for (String k : List.of("1", "2")) {
            assertEquals("aside", js(rc, "state.pieces['sa-2saxx-2-sap-" + k + "'].at").asText());
            assertTrue(js(rc, "state.pieces['sa-2saxx-2-sap-" + k + "'].hex").isNull());
        }
    }

    @Test
    @DisplayName("FoT 16.1 each piece carries the contract's fields, values copied from units.yaml and the B.113 type flags")
    void pieceFields() {
        List<String> fields = List.of("id", "name", "side", "nation", "formation", "brigade", "type", "armor", "artillery", "recon", "hq", "towed",
                "heavyAT", "sp", "haf", "saf", "df", "hard", "ma", "mobility", "morale", "proficiency", "bf", "br", "hex", "at", "disrupted", "moved",
                "fought", "bombarded", "opsComplete", "moveMarker", "moraleLoss", "oos", "model", "whiteRectangle", "attached", "arrives");
        JsonNode p = js(may26, "state.pieces['it-132xx-551']");
        for (String f : fields) assertTrue(p.has(f), "field " + f);
        assertEquals("semovente", p.path("type").asText());
        assertTrue(p.path("armor").asBoolean() && p.path("artillery").asBoolean() && !p.path("towed").asBoolean(), "B.113: the Semovente is armor and artillery");
        assertTrue(js(may26, "state.pieces['de-dak-i-18-flak'].heavyAT").asBoolean());
        assertTrue(js(may26, "state.pieces['br-50xx-hq'].hq").asBoolean());
        assertEquals(5, js(may26, "state.pieces['it-132xx-i-8'].ma").asInt(), "B.113: M13/40 MA 5");
        assertEquals(6, js(may26, "state.pieces['it-132xx-i-10'].ma").asInt(), "B.113: M14/41 MA 6");
        JsonNode fd = js(may26, "state.pieces['br-50xx-72-fd']");
        assertEquals("3 5 2 3 12 5 5", fd.path("sp").asInt() + " " + fd.path("haf").asInt() + " " + fd.path("saf").asInt() + " " + fd.path("df").asInt()
                + " " + fd.path("ma").asInt() + " " + fd.path("bf").asInt() + " " + fd.path("br").asInt(), "B.11 sample counter 72 Fd");
        JsonNode bad = js(may26, "Object.values(state.pieces).filter((p) => p.disrupted || p.moved || p.fought || p.bombarded || p.opsComplete || p.moveMarker !== null || p.moraleLoss !== 0 || p.oos).length");
        assertEquals(0, bad.asInt());
        assertEquals("115", js(may26, "state.pieces['de-15xx-i-115'].whiteRectangle").asText());
        assertEquals("104", js(may26, "state.pieces['de-21xx-ii-104'].whiteRectangle").asText());
    }

    @Test
    @DisplayName("FoT 4.23 example: 26 SPs of 15th Panzer and DAK units can stand in 2818 (setup does not judge stacking)")
    void overstackingExampleStack() {
        String[] ids = {"de-15xx-1-8", "de-15xx-2-8", "de-15xx-3-8", "de-15xx-4-8", "de-15xx-5-8", "de-15xx-6-8", "de-15xx-7-8", "de-15xx-8-8",
                "de-dak-i-18-flak", "de-dak-i-33-flak", "de-dak-i-43-flak", "de-15xx-i-33", "de-15xx-ii-33"};
        String[] pieces = new String[ids.length];
        for (int i = 0; i < ids.length; i++) pieces[i] = ids[i] + "@2818";
        RulesContext rc = inline(fixture("", pieces));
        assertEquals(26, js(rc, "ctx.piecesAt('2818').reduce((n, p) => n + p.sp, 0)").asInt());
        assertEquals("[\"15xx\",\"DAK\"]", js(rc, "[...new Set(ctx.piecesAt('2818').map((p) => p.formation))].sort()").toString());
        assertEquals(0, js(rc, "Object.values(state.pieces).filter((p) => p.at !== 'map').length").asInt(), "a fixture takes no reinforcements");
    }

    @Test
    @DisplayName("FoT 16.1 a unit set up twice is refused, naming the piece and both hexes")
    void twice() {
        Throwable e = assertThrows(RuntimeException.class, () -> inline(fixture("", "de-15xx-1-8@2818", "de-15xx-1-8@2819")));
        assertTrue(e.getMessage().contains("de-15xx-1-8") && e.getMessage().contains("2818") && e.getMessage().contains("2819") && e.getMessage().contains("twice"), e.getMessage());
    }

    @Test
    @DisplayName("FoT 16.1 a unit set up at sea is refused, naming the piece and the hex")
    void atSea() {
        Throwable e = assertThrows(RuntimeException.class, () -> inline(fixture("", "br-50xx-6-dli@0101")));
        assertTrue(e.getMessage().contains("br-50xx-6-dli") && e.getMessage().contains("0101") && e.getMessage().contains("sea"), e.getMessage());
    }

    @Test
    @DisplayName("FoT 16.11 with the front line enforced, an Allied unit west of the minefield is refused; Hill 171 is allowed")
    void wrongSide() {
        Throwable e = assertThrows(RuntimeException.class, () -> inline(fixture("front-line: enforce\n", "br-50xx-6-dli@0905")));
        assertTrue(e.getMessage().contains("br-50xx-6-dli") && e.getMessage().contains("0905") && e.getMessage().contains("16.11"), e.getMessage());
        RulesContext rc = inline(fixture("front-line: enforce\n", "in-7axx-2-rl@2928"));
        assertEquals("2928", js(rc, "state.pieces['in-7axx-2-rl'].hex").asText());
    }

    @Test
    @DisplayName("FoT 16.12 16.13 the examples' setup hexes are held: the 50xx HQ in 2210, 69x in 1812, every hex of the 151x zone holding a 151x unit or in its ZOC, its units inside it")
    void exampleSetupHexes() {
        Throwable hq = assertThrows(RuntimeException.class, () -> inline(fixture("front-line: enforce\n", "br-50xx-hq@2211")));
        assertTrue(hq.getMessage().contains("br-50xx-hq") && hq.getMessage().contains("2210") && hq.getMessage().contains("16.13"), hq.getMessage());
        Throwable hex = assertThrows(RuntimeException.class, () -> inline(fixture("front-line: enforce\n", "br-50xx-5-ey@1811")));
        assertTrue(hex.getMessage().contains("br-50xx-5-ey") && hex.getMessage().contains("1812"), hex.getMessage());
        // 74 Fd of 151x alone in 1612: artillery alone projects no ZOC, so 1513 and 1613 stay open
        Throwable zone = assertThrows(RuntimeException.class, () -> inline(fixture("front-line: enforce\n", "br-50xx-74-fd@1612")));
        assertTrue(zone.getMessage().contains("151x setup zone") && zone.getMessage().contains("16.13"), zone.getMessage());
        // 6 DLI, 8 DLI and 9 DLI in each hex of the zone hold it; the same unit outside it is refused
        inline(fixture("front-line: enforce\n", "br-50xx-6-dli@1612", "br-50xx-8-dli@1513", "br-50xx-9-dli@1613"));
        Throwable out = assertThrows(RuntimeException.class, () -> inline(fixture("front-line: enforce\n", "br-50xx-6-dli@1712", "br-50xx-8-dli@1513", "br-50xx-9-dli@1613")));
        assertTrue(out.getMessage().contains("outside its setup zone"), out.getMessage());
        // without the setup area enforced (a test's position), nothing is checked
        inline(fixture("", "br-50xx-hq@2211"));
    }

    @Test
    @DisplayName("FoT B.114 units.yaml: every formation of the activation table has units and an HQ; ids are unique")
    void orderOfBattle() {
        JsonNode list = js(may26, "tables.units.units.list");
        TreeSet<String> ids = new TreeSet<>(), withHq = new TreeSet<>(), formations = new TreeSet<>();
        for (Iterator<JsonNode> it = list.elements(); it.hasNext(); ) {
            JsonNode u = it.next();
            assertTrue(ids.add(u.path("id").asText()), "unique id " + u.path("id").asText());
            assertTrue(u.path("reconstructed").asBoolean());
            formations.add(u.path("formation").asText());
            if (u.path("type").asText().equals("hq")) withHq.add(u.path("formation").asText());
        }
        for (JsonNode m : js(may26, "[...tables.activation['activation-markers'].allied, ...tables.activation['activation-markers'].axis].flatMap((m) => m.formations)")) {
            assertTrue(formations.contains(m.asText()), "formation " + m.asText() + " has units");
        }
        TreeSet<String> noHq = new TreeSet<>(formations);
        noHq.removeAll(withHq);
        assertEquals(new TreeSet<>(List.of("10th Indian (elements)", "4th Indian (elements)")), noHq, "only the Indian elements lack an HQ (attached to 5Inxx)");
    }
}
