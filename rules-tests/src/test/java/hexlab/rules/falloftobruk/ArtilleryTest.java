package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT 8.0 artillery: 8.1 who may bombard what, 8.11 the procedure (its worked example), 8.12 markers,
 * 8.13 range and the minimum factor, 3.4 one Artillery Impulse per unit, 7.22 no Activation Points,
 * 12.2 and 13.4. The target hex 2620 is high ground in open desert; the German artillery stands in
 * 2220 (4 hexes, counting the target hex) or 2120 (5), the spotter in 2520.
 */
class ArtilleryTest {
    static final String TARGET = "2620";

    /** The 8.11 example position: three Allied units (morale d, e, e; one armor, one artillery) and 14 German factors. */
    static Game example() { return example(FOT); }

    static Game example(Variant v) {
        Game g = bare(v, 3);
        run(g, "state.weather = 'clear'; state.half = 'AM';");
        place(g, "br-1atx-a-8rtr", TARGET);       // tank, morale e, 2 SPs
        place(g, "br-50xx-5-ey", TARGET);         // infantry, morale e, 4 SPs
        place(g, "sa-1saxx-1-fd", TARGET);        // artillery, morale d, 3 SPs: 9 SPs, no SDC shift
        place(g, "de-paa-408", "2220");           // BF 7, BR 8
        place(g, "de-paa-528", "2220");           // BF 7, BR 8
        place(g, "de-paa-kpfst-kiehl", "2520");   // the German unit adjacent to the target (8.1)
        trace(g);
        return g;
    }

    static JsonNode bombardFull(Game g, String... ids) {
        StringBuilder sb = new StringBuilder("rules.artillery.bombard('" + TARGET + "', [");
        for (int i = 0; i < ids.length; i++) sb.append(i == 0 ? "" : ", ").append("{id: '").append(ids[i]).append("', fire: 'full'}");
        return js(g, sb.append("])").toString());
    }

    static boolean flag(Game g, String id, String f) { return js(g, "!!state.pieces['" + id + "']." + f).asBoolean(); }

    @Test
    @DisplayName("FoT 8.11 EXAMPLE: 14 German factors on 13-16, d10 4 reads d-g/b-c/a, three L units roll 2, 5, 1 (armor +1): only the artillery is Disrupted")
    void workedExample() {
        Game g = example();
        dealNext(g, "4251");
        JsonNode r = bombardFull(g, "de-paa-408", "de-paa-528");
        List<JsonNode> ev = trace(g);
        assertEquals(14.0, r.path("total").asDouble());
        assertEquals("5:1", r.path("column").asText(), "13-16 factors: the column the example names (crt.yaml artillery-row anchor)");
        assertEquals(4, r.path("roll").asInt());
        assertEquals("d-g", r.path("cell").path("L").asText());
        assertEquals("b-c", r.path("cell").path("M").asText());
        assertEquals("a", r.path("cell").path("H").asText());
        JsonNode res = r.path("results");
        assertEquals(3, res.size());
        assertEquals("br-1atx-a-8rtr", res.get(0).path("id").asText());
        assertEquals("L", res.get(0).path("band").asText());
        assertEquals(3, res.get(0).path("roll").asInt(), "the armor unit's 2 gets +1 (8.11)");
        assertEquals("-", res.get(0).path("result").asText());
        assertEquals(5, res.get(1).path("roll").asInt());
        assertEquals("-", res.get(1).path("result").asText());
        assertEquals("sa-1saxx-1-fd", res.get(2).path("id").asText());
        assertEquals(1, res.get(2).path("roll").asInt());
        assertEquals("Dis", res.get(2).path("result").asText());
        assertTrue(flag(g, "sa-1saxx-1-fd", "disrupted"));
        assertFalse(flag(g, "br-1atx-a-8rtr", "disrupted"));
        assertFalse(flag(g, "br-50xx-5-ey", "disrupted"));
        // one CRT d10 for the hex, one Disruption d10 per unit (8.11); the armor roll carries its +1
        List<JsonNode> rolls = rolls(ev);
        assertEquals(4, rolls.size());
        assertEquals(1, rolls.get(1).path("mods").get(0).path("value").asInt());
        // the artillery row is a stand-in: its trace says so; the range is the counter's own (the
        // reconstructed order of battle), not the Artillery Range Chart's stand-in
        boolean row = false, range = false;
        for (JsonNode e : ev) {
            if (e.path("table").asText().equals("crt/artillery-row")) row = e.path("placeholder").asBoolean();
            if (e.path("rule").asText().equals("8.13") && e.path("table").asText().equals("artillery/range-and-halving") && e.path("cell").asText().startsWith("range ")) {
                range = e.path("provenance").toString().contains("units/units") && !e.path("uses").toString().contains("arc");
            }
        }
        assertTrue(row, "the artillery-row trace is flagged placeholder");
        assertTrue(range, "the range trace names the order of battle, not the range chart");
    }

    @Test
    @DisplayName("FoT 8.12 full factor: Operations Complete; half factor: Half Move/Half Fire; half again with that marker: Operations Complete")
    void markers() {
        Game g = example();
        place(g, "de-paa-ii-115-art", "2220");
        run(g, "state.pieces['de-paa-ii-115-art'].moveMarker = 'half-move-half-fire';");
        js(g, "rules.artillery.bombard('" + TARGET + "', [{id: 'de-paa-408', fire: 'full'}, {id: 'de-paa-528', fire: 'half'}, {id: 'de-paa-ii-115-art', fire: 'half'}])");
        assertTrue(flag(g, "de-paa-408", "opsComplete"));
        assertFalse(flag(g, "de-paa-528", "opsComplete"));
        assertEquals("half-move-half-fire", js(g, "state.pieces['de-paa-528'].moveMarker").asText());
        assertTrue(flag(g, "de-paa-ii-115-art", "opsComplete"));
        assertTrue(js(g, "state.pieces['de-paa-ii-115-art'].moveMarker === null").asBoolean(), "the green marker is replaced by the yellow one");
        for (String id : new String[] {"de-paa-408", "de-paa-528", "de-paa-ii-115-art"}) assertTrue(flag(g, id, "bombarded"), id);
    }

    @Test
    @DisplayName("FoT 8.13 beyond half range halved, with Half Move/Half Fire quartered, out of supply halved after; fractions kept on the artillery row")
    void rangeAndHalving() {
        Game g = example();
        run(g, "state.pieces['de-paa-408'].hex = '2120';");                // 5 hexes: more than half of BR 8
        assertEquals(5, js(g, "map.range('2120', '" + TARGET + "')").asInt());
        assertEquals(7.0, js(g, "rules.artillery.factor(state.pieces['de-paa-528'], '" + TARGET + "', 'full').factor").asDouble());
        assertEquals(3.5, js(g, "rules.artillery.factor(state.pieces['de-paa-408'], '" + TARGET + "', 'full').factor").asDouble());
        run(g, "state.pieces['de-paa-408'].moveMarker = 'half-move-half-fire';");
        assertEquals(1.75, js(g, "rules.artillery.factor(state.pieces['de-paa-408'], '" + TARGET + "', 'half').factor").asDouble());
        run(g, "state.pieces['de-paa-408'].oos = true;");
        assertEquals(0.875, js(g, "rules.artillery.factor(state.pieces['de-paa-408'], '" + TARGET + "', 'half').factor").asDouble());
        // below 1 there is no column: it may not bombard by itself (8.13)
        assertEquals(-1, js(g, "rules.artillery.column(0.875)").asInt());
        assertEquals("1:2", js(g, "tables.crt.crt.columns[rules.artillery.column(1)]").asText());
        assertEquals("1:1", js(g, "tables.crt.crt.columns[rules.artillery.column(2.5)]").asText());
        assertEquals("4:1", js(g, "tables.crt.crt.columns[rules.artillery.column(12.75)]").asText());
        assertEquals("8+:1", js(g, "tables.crt.crt.columns[rules.artillery.column(40)]").asText());
    }

    @Test
    @DisplayName("FoT 8.1 range counts the target hex, not the firer's; a spotter of the firer's nationality must be adjacent")
    void rangeAndSpotter() {
        Game g = example();
        run(g, "state.pieces['de-paa-408'].hex = '1820';");
        assertEquals(8, js(g, "map.range('1820', '" + TARGET + "')").asInt());
        assertTrue(js(g, "rules.artillery.mayTarget(state.pieces['de-paa-408'], '" + TARGET + "').ok").asBoolean());
        run(g, "state.pieces['de-paa-408'].hex = '1720';");
        JsonNode far = js(g, "rules.artillery.mayTarget(state.pieces['de-paa-408'], '" + TARGET + "')");
        assertFalse(far.path("ok").asBoolean());
        assertEquals("8.1", far.path("rule").asText());
        // an Italian unit does not spot for German artillery (8.1: Italian, German, Allied)
        run(g, "state.pieces['de-paa-408'].hex = '2220'; state.pieces['de-paa-kpfst-kiehl'].hex = '2420';");
        place(g, "it-paa-sm-tobruk", "2520");
        JsonNode it = js(g, "rules.artillery.mayTarget(state.pieces['de-paa-408'], '" + TARGET + "')");
        assertFalse(it.path("ok").asBoolean());
        assertTrue(it.path("reason").asText().contains("german"), it.toString());
        assertEquals(List.of(), list(js(g, "rules.artillery.targets()")));
        // ... but for Italian artillery it does
        place(g, "it-27xx-i-55", "2320");
        assertTrue(js(g, "rules.artillery.mayTarget(state.pieces['it-27xx-i-55'], '" + TARGET + "').ok").asBoolean());
    }

    @Test
    @DisplayName("FoT 7.22 an Artillery Impulse costs no AP; FoT 3.4 one Artillery Impulse per artillery unit per Operations Phase")
    void freeAndOnce() {
        Game g = example();
        place(g, "de-paa-hq", "2320");
        run(g, "const m = rules.activation.marker('PAA'); state.activation = {marker: m.am, side: m.side, formations: m.formations, column: m.cct,"
                + " ap: 0, apSpent: 0, rolled: true, stacks: {}, hqs: ['de-paa-hq'], special: null}; state.active = 'axis';");
        JsonNode paid = js(g, "rules.activation.eligible(state.pieces['de-paa-408'])");
        assertFalse(paid.path("ok").asBoolean(), "no AP left for a movement or combat activation: " + paid);
        assertTrue(js(g, "rules.artillery.canFire(state.pieces['de-paa-408'], '" + TARGET + "').ok").asBoolean());
        assertEquals(List.of(TARGET), list(js(g, "rules.artillery.targets()")));
        assertTrue(js(g, "rules.artillery.impulseOpen()").asBoolean());
        bombardFull(g, "de-paa-408");
        assertEquals(0, js(g, "state.activation.apSpent").asInt());
        JsonNode again = js(g, "rules.artillery.mayFire(state.pieces['de-paa-408'])");
        assertFalse(again.path("ok").asBoolean());
        assertEquals("3.4", again.path("rule").asText());
        run(g, "state.pieces['de-paa-408'].opsComplete = false;");          // even without the marker
        assertEquals("3.4", js(g, "rules.artillery.mayFire(state.pieces['de-paa-408']).rule").asText());
    }

    @Test
    @DisplayName("FoT 8.2 Full Move/No Fire artillery and FoT 12.2 Disrupted artillery do not bombard; the Semovente ignores its movement marker (4.3)")
    void mayNotFire() {
        Game g = example();
        place(g, "it-132xx-hq", "2420");
        run(g, "const m = rules.activation.marker('132xx'); state.activation = {marker: m.am, side: m.side, formations: m.formations, column: m.cct,"
                + " ap: 1, apSpent: 0, rolled: true, stacks: {}, hqs: ['it-132xx-hq'], special: null}; state.active = 'axis';");
        run(g, "state.pieces['de-paa-408'].moveMarker = 'full-move-no-fire'; state.pieces['de-paa-528'].disrupted = true;");
        assertEquals("8.2", js(g, "rules.artillery.mayFire(state.pieces['de-paa-408']).rule").asText());
        assertEquals("12.2", js(g, "rules.artillery.mayFire(state.pieces['de-paa-528']).rule").asText());
        place(g, "it-132xx-551", "2420");
        run(g, "state.pieces['it-132xx-551'].moveMarker = 'half-move-half-fire';");
        assertTrue(js(g, "rules.artillery.mayFire(state.pieces['it-132xx-551']).ok").asBoolean());
        assertEquals(3.0, js(g, "rules.artillery.factor(state.pieces['it-132xx-551'], '2520', 'full').factor").asDouble());
    }

    @Test
    @DisplayName("FoT 4.22 the SDC shifts bombardment by the SPs in the hex; 4.43/4.44 Haze 1L, Khamsin 2L")
    void densityAndWeather() {
        Game g = example();
        assertEquals(0, sum(js(g, "rules.artillery.shifts('" + TARGET + "')")), "9 SPs: the 6-10 row");
        place(g, "br-50xx-6-gh", TARGET);
        place(g, "br-50xx-7-gh", TARGET);
        assertEquals(2, sum(js(g, "rules.artillery.shifts('" + TARGET + "')")), "17 SPs: 16+ is 2R");
        run(g, "state.weather = 'haze';");
        assertEquals(1, sum(js(g, "rules.artillery.shifts('" + TARGET + "')")));
        run(g, "state.weather = 'khamsin';");
        assertEquals(0, sum(js(g, "rules.artillery.shifts('" + TARGET + "')")));
        run(g, "state.weather = 'clear'; for (const id of ['br-50xx-6-gh', 'br-50xx-7-gh', 'br-50xx-5-ey', 'sa-1saxx-1-fd']) state.pieces[id].hex = null;");
        assertEquals(-1, sum(js(g, "rules.artillery.shifts('" + TARGET + "')")), "2 SPs: 1-5 is 1L");
    }

    @Test
    @DisplayName("FoT 8.11 EXCEPTION bombardment never eliminates a Disrupted unit: a hit leaves it Disrupted on the map")
    void neverEliminates() {
        Game g = example();
        run(g, "for (const id of ['br-1atx-a-8rtr', 'br-50xx-5-ey', 'sa-1saxx-1-fd']) state.pieces[id].disrupted = true;");
        Game.Snapshot s = g.snapshot();
        boolean hit = false;
        for (int burn = 0; burn < 300 && !hit; burn++) {
            g.restore(s);
            burn(g, burn);
            JsonNode r = bombardFull(g, "de-paa-408", "de-paa-528");
            for (JsonNode u : r.path("results")) if (u.path("result").asText().equals("no further effect")) hit = true;
        }
        assertTrue(hit, "some seed hits a Disrupted unit");
        for (String id : new String[] {"br-1atx-a-8rtr", "br-50xx-5-ey", "sa-1saxx-1-fd"}) {
            assertEquals("map", js(g, "state.pieces['" + id + "'].at").asText(), id);
            assertTrue(flag(g, id, "disrupted"), id);
        }
    }

    @Test
    @DisplayName("FoT 13.4 infantry-class units in a Box are immune to bombardment; artillery there is not; the Box shifts 1L")
    void box() {
        Game g = bare(3);
        run(g, "state.weather = 'clear';");
        place(g, "br-50xx-6-gh", "3212");          // Knightsbridge box
        place(g, "br-50xx-72-fd", "3212");
        place(g, "de-paa-408", "3012");
        place(g, "de-paa-kpfst-kiehl", "3112");
        assertTrue(js(g, "rules.minefields.isBox('3212')").asBoolean());
        assertEquals("13.4", js(g, "rules.artillery.targetable(state.pieces['br-50xx-6-gh'], '3212').rule").asText());
        assertTrue(js(g, "rules.artillery.targetable(state.pieces['br-50xx-72-fd'], '3212').ok").asBoolean());
        assertTrue(js(g, "rules.artillery.targetable(state.pieces['br-50xx-6-gh'], '3213').ok").asBoolean(), "outside a Box infantry is a target");
        boolean boxShift = false;
        for (JsonNode s : js(g, "rules.artillery.shifts('3212')")) if (s.path("rule").asText().equals("13.4")) boxShift = s.path("shift").asInt() == -1;
        assertTrue(boxShift);
        trace(g);
        JsonNode r = js(g, "rules.artillery.bombard('3212', [{id: 'de-paa-408', fire: 'full'}])");
        for (JsonNode u : r.path("results")) {
            if (u.path("id").asText().equals("br-50xx-6-gh")) assertEquals("immune", u.path("result").asText());
        }
        assertFalse(flag(g, "br-50xx-6-gh", "disrupted"));
    }

    /** Plays on (ending every other activation) until an Axis activation not in `seen` may choose an Artillery Impulse. */
    static String toAxisArtillery(Game g, java.util.Set<String> seen) {
        for (int guard = 0; guard < 400 && !g.over(); guard++) {
            String marker = js(g, "state.activation && state.activation.side === 'axis' ? state.activation.marker : ''").asText();
            if (!marker.isEmpty() && !seen.contains(marker) && find(g, "\"impulse\":\"artillery\"") >= 0) return marker;
            int end = find(g, "\"do\":\"end\"");
            g.applyIndex(end >= 0 ? end : 0);
        }
        return null;
    }

    @Test
    @DisplayName("FoT 3.41 the Artillery Impulse: a target in range with a spotter, the units that may fire, full or half; under 1 factor no fire (8.13)")
    void impulse() {
        Game g = start(scenario(3, 3, "de-paa-hq@2320", "de-paa-408@2220", "de-15xx-hq@2321", "de-15xx-13-115@2420",
                "de-paa-kpfst-kiehl@2520", "br-50xx-hq@3020", "br-50xx-4-ey@2620"), 1);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int k = 0; k < 2; k++) {
            String marker = toAxisArtillery(g, seen);
            assertNotNull(marker, "an Axis activation with an Artillery Impulse");
            seen.add(marker);
            take(g, "\"impulse\":\"artillery\"");
            assertTrue(g.legalActions().toString().contains("{\"do\":\"target\",\"hex\":\"2620\"}"), g.legalActions().toString());
            take(g, "\"hex\":\"2620\"");
            String acts = g.legalActions().toString();
            if (marker.equals("PAA")) {
                assertTrue(acts.contains("{\"do\":\"add\",\"unit\":\"de-paa-408\",\"fire\":\"full\"}"), acts);
                take(g, "\"unit\":\"de-paa-408\",\"fire\":\"half\"");
                take(g, "\"do\":\"fire\"");
                assertTrue(flag(g, "de-paa-408", "bombarded"));
                assertEquals("half-move-half-fire", js(g, "state.pieces['de-paa-408'].moveMarker").asText());
                assertFalse(js(g, "!!state.artillery").asBoolean(), "the impulse is over");
            } else {
                assertEquals("15xx", marker);
                // 13/115 (BF 2, BR 2) two hexes off is past half range (1); at half fire it brings 0.5
                take(g, "\"unit\":\"de-15xx-13-115\",\"fire\":\"half\"");
                assertEquals(-1, find(g, "\"do\":\"fire\""), "8.13: under 1 it may not bombard by itself");
                hexlab.kernel.play.Outcome o = g.apply(hexlab.kernel.util.Json.read("{\"do\":\"fire\"}"));
                assertFalse(o.accepted());
                assertEquals("8.13", o.refusal().rule());
                take(g, "\"do\":\"done\"");
                assertFalse(flag(g, "de-15xx-13-115", "bombarded"));
            }
        }
        assertEquals(java.util.Set.of("PAA", "15xx"), seen);
    }

    static int sum(JsonNode shifts) {
        int n = 0;
        for (JsonNode s : shifts) n += s.path("shift").asInt();
        return n;
    }

    static List<String> list(JsonNode a) {
        List<String> out = new java.util.ArrayList<>();
        for (JsonNode x : a) out.add(x.asText());
        return out;
    }
}
