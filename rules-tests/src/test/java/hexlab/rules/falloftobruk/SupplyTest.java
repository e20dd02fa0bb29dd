package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT 14.0 supply. Most positions lie in the open high ground of rows 24-26 south-west of the Gazala
 * line (1 Wheeled MP a hex on the stand-in TEC; the Trigh el Abd runs along row 24 from the Axis
 * source 0124), the 14.23 box test around the Retma box 3527.
 */
class SupplyTest {
    static String p(String id) { return "state.pieces['" + id + "']"; }

    static Game game() {
        Game g = bare(3);                                              // May 28: no 16.41
        run(g, "state.weather = 'clear'; state.half = 'AM';");
        trace(g);
        return g;
    }

    static JsonNode unit(Game g, String id) { return js(g, "rules.supply.units(" + p(id) + ".side, ['" + id + "'])['" + id + "']"); }

    @Test
    @DisplayName("FoT 14.1 sources: Axis road/track hexes of the west and north-west edges; Allied ones of the east edge, Tobruk and the railhead 4307")
    void sources() {
        Game g = game();
        assertEquals(List.of("0102", "0114", "0118", "0124"), strings(js(g, "rules.supply.sources('axis')")));
        assertEquals(List.of("3902", "4002", "4307", "4903", "4909", "4924"), strings(js(g, "rules.supply.sources('allied')")));
        // the map's zones agree with the rule read on the map's edges, roads and tracks
        assertEquals(strings(js(g, "rules.supply.sources('axis')")), strings(js(g, "rules.supply.edgeSources('axis')")));
        assertEquals(List.of("4903", "4909", "4924"), strings(js(g, "rules.supply.edgeSources('allied')")));
        assertEquals(List.of("3902", "4002"), strings(js(g, "map.ids.filter((h) => map.terrain(h) === 'tobruk')")), "either hex of Tobruk");
        assertEquals("4307", js(g, "tables.supply.sources.railhead").asText());
    }

    @Test
    @DisplayName("FoT 14.21 an HQ is supplied within 20 Wheeled MPs of a source, out of supply beyond")
    void hqTwenty() {
        Game g = game();
        place(g, "de-15sx-hq", "2124");
        place(g, "de-15xx-hq", "2224");
        assertEquals(20, js(g, "Math.min(...rules.supply.sources('axis').map((s) => map.distance(s, '2124')))").asInt());
        JsonNode near = js(g, "rules.supply.trace(" + p("de-15sx-hq") + ")");
        assertTrue(near.path("supplied").asBoolean(), near.toString());
        assertEquals(20.0, near.path("cost").asDouble());
        assertEquals("source", near.path("via").asText());
        JsonNode far = js(g, "rules.supply.trace(" + p("de-15xx-hq") + ")");
        assertFalse(far.path("supplied").asBoolean(), far.toString());
    }

    @Test
    @DisplayName("FoT 14.1 the DAK supply head serves the DAK formations' HQs only, and both heads go once the DAK HQ reaches a road edge source")
    void supplyHeads() {
        Game g = game();
        place(g, "de-15xx-hq", "2224");
        place(g, "it-27xx-hq", "2225");
        place(g, "de-dak-hq", "2626");
        run(g, "state.supplyHeads = {DAK: '2626', '20xxx': '2532'}; delete state.supply; rules.supply.start();");
        assertEquals(List.of("2626"), strings(js(g, "rules.supply.headsFor('15xx')")));
        assertEquals(List.of(), strings(js(g, "rules.supply.headsFor('27xx')")));
        JsonNode pz = js(g, "rules.supply.trace(" + p("de-15xx-hq") + ")");
        assertTrue(pz.path("supplied").asBoolean());
        assertEquals("head", pz.path("via").asText());
        assertFalse(js(g, "rules.supply.trace(" + p("it-27xx-hq") + ").supplied").asBoolean(), "27xx is not served by a head");
        // the DAK HQ comes within reach of a road edge source: both markers go (judged in a DAK activation)
        run(g, p("de-dak-hq") + ".hex = '0524'; state.activation = {marker: 'DAK', side: 'axis', formations: ['DAK'], ap: 3, apSpent: 0, stacks: {}, hqs: ['de-dak-hq']};");
        trace(g);
        run(g, "rules.supply.judge();");
        List<JsonNode> ev = withRule(trace(g), "14.1");
        assertEquals(1, ev.size());
        assertEquals("removed", ev.get(0).path("result").asText());
        assertEquals(0, js(g, "Object.keys(rules.supply.heads()).length").asInt());
        assertFalse(js(g, "rules.supply.trace(" + p("de-15xx-hq") + ").supplied").asBoolean());
    }

    @Test
    @DisplayName("FoT 14.22 a unit is supplied within 10 Wheeled MPs of its supplied formation HQ; an attached unit traces to the HQ it is attached to")
    void unitTen() {
        Game g = game();
        place(g, "de-15xx-hq", "0525");
        place(g, "de-15xx-i-115", "1525");
        place(g, "de-15xx-ii-115", "1625");
        assertEquals(10, js(g, "map.distance('0525', '1525')").asInt());
        assertEquals(11, js(g, "map.distance('0525', '1625')").asInt());
        assertTrue(unit(g, "de-15xx-i-115").path("supplied").asBoolean());
        assertEquals(10.0, unit(g, "de-15xx-i-115").path("cost").asDouble());
        assertFalse(unit(g, "de-15xx-ii-115").path("supplied").asBoolean());
        // an out-of-supply HQ supplies nobody
        run(g, p("de-15xx-hq") + ".oos = true;");
        assertFalse(unit(g, "de-15xx-i-115").path("supplied").asBoolean());
        assertTrue(unit(g, "de-15xx-i-115").path("reason").asText().contains("out of supply"));
        // A/8RTR (1ATx) is attached to 2SAxx: it traces to the 2SAxx HQ
        place(g, "sa-2saxx-hq", "4020");
        place(g, "br-1atx-hq", "1020");
        place(g, "br-1atx-a-8rtr", "4120");
        assertEquals("sa-2saxx-hq", unit(g, "br-1atx-a-8rtr").path("hq").asText());
        assertTrue(unit(g, "br-1atx-a-8rtr").path("supplied").asBoolean());
    }

    @Test
    @DisplayName("FoT 4.14 a line may not pass through enemy units or enemy ZOC, unless a friendly stack there projects at least an LZOC")
    void zoc() {
        // the only way from 2123 to the HQ in 2121 is the breach 2121/2122 of the Gazala minefield
        Game g = game();
        place(g, "de-15xx-hq", "2121");
        place(g, "de-15xx-i-115", "2123");
        run(g, "state.minefields = {breached: {'2121/2122': {by: 'x', turn: 3, half: 'AM'}}, impulse: null, used: []};");
        assertTrue(unit(g, "de-15xx-i-115").path("supplied").asBoolean());
        assertEquals(2.0, unit(g, "de-15xx-i-115").path("cost").asDouble());
        // a 4-SP Allied battalion next to 2122 puts it in an Allied LZOC: the line is cut
        place(g, "br-50xx-5-ey", "2022");
        assertTrue(js(g, "rules.zoc.level('2122', 'allied') > 0").asBoolean());
        JsonNode cut = unit(g, "de-15xx-i-115");
        assertFalse(cut.path("supplied").asBoolean(), cut.toString());
        // one 3-SP unit in 2122 projects no ZOC: still cut; 6 SPs project an LZOC: open again
        place(g, "de-15xx-ii-115", "2122");
        assertFalse(unit(g, "de-15xx-i-115").path("supplied").asBoolean());
        place(g, "de-15xx-iii-115", "2122");
        assertTrue(js(g, "rules.zoc.stackLevel('2122') >= 1").asBoolean());
        JsonNode open = unit(g, "de-15xx-i-115");
        assertTrue(open.path("supplied").asBoolean(), open.toString());
        // 2123 -> 2122 (1, +1 entering the enemy ZOC) -> 2121 (1, +2 leaving it); leaving 2123 is free (14.22)
        assertEquals(5.0, open.path("cost").asDouble());
        // an enemy unit in the hex closes it whatever stands next to it
        run(g, "state.pieces['br-50xx-5-ey'].hex = '2122'; state.pieces['de-15xx-ii-115'].hex = '2123'; state.pieces['de-15xx-iii-115'].hex = '2123';");
        assertFalse(unit(g, "de-15xx-i-115").path("supplied").asBoolean());
    }

    @Test
    @DisplayName("FoT 14.23 an Axis line never crosses an unbreached minefield; a breach lets it through (13.3)")
    void minefields() {
        Game g = game();
        place(g, "de-15xx-hq", "2121");
        place(g, "de-15xx-i-115", "2122");
        assertTrue(js(g, "map.hexsideHas('2121', '2122', 'minefield')").asBoolean());
        assertFalse(unit(g, "de-15xx-i-115").path("supplied").asBoolean());
        run(g, "state.minefields = {breached: {'2121/2122': {by: 'x', turn: 3, half: 'AM'}}, impulse: null, used: []};");
        JsonNode r = unit(g, "de-15xx-i-115");
        assertTrue(r.path("supplied").asBoolean(), r.toString());
        assertEquals(1.0, r.path("cost").asDouble());
        // an Allied line is not held by its own minefields
        place(g, "br-50xx-hq", "2121");
        place(g, "br-50xx-4-ey", "2021");
        run(g, "state.minefields = {breached: {}, impulse: null, used: []};");
        assertTrue(js(g, "map.hexsideHas('2021', '2121', 'minefield')").asBoolean());
        assertTrue(unit(g, "br-50xx-4-ey").path("supplied").asBoolean());
    }

    @Test
    @DisplayName("FoT 14.23 no Axis line within two hexes of a box an Allied unit holds, EXCEPT through Axis units with an Axis unit next to the box")
    void boxes() {
        Game g = game();
        place(g, "de-15xx-hq", "3523");
        place(g, "de-15xx-i-115", "3531");
        JsonNode free = unit(g, "de-15xx-i-115");
        assertTrue(free.path("supplied").asBoolean());
        assertEquals(8.0, free.path("cost").asDouble(), "straight down column 35 through the empty box");
        place(g, "br-7axx-1-rha", "3527");                          // an Allied unit in the Retma box
        assertFalse(unit(g, "de-15xx-i-115").path("supplied").asBoolean(), "around the two-hex zone is 11 MPs");
        // Axis units on the ring two hexes out, west side, and one next to the box
        String[] ring = {"3525", "3425", "3326", "3327", "3328", "3428", "3529"};
        String[] ids = {"de-15xx-1-8", "de-15xx-2-8", "de-15xx-3-8", "de-15xx-4-8", "de-15xx-5-8", "de-15xx-6-8", "de-15xx-7-8"};
        for (int i = 0; i < ring.length; i++) place(g, ids[i], ring[i]);
        assertFalse(unit(g, "de-15xx-i-115").path("supplied").asBoolean(), "no Axis unit is adjacent to the box yet");
        place(g, "de-15xx-8-8", "3426");
        JsonNode through = unit(g, "de-15xx-i-115");
        assertTrue(through.path("supplied").asBoolean(), through.toString());
        assertEquals(10.0, through.path("cost").asDouble());
    }

    @Test
    @DisplayName("FoT 14.3 out of supply: at most 3 MPs, attack and bombardment factors halved; defense untouched")
    void effects() {
        Game g = game();
        place(g, "de-15xx-i-115", "1525");
        run(g, p("de-15xx-i-115") + ".oos = true;");
        assertEquals(3.0, js(g, "rules.supply.movementAllowance(" + p("de-15xx-i-115") + ", 10)").asDouble());
        assertEquals(2.0, js(g, "rules.supply.movementAllowance(" + p("de-15xx-i-115") + ", 2)").asDouble());
        assertEquals(1.5, js(g, "rules.supply.attackFactor(" + p("de-15xx-i-115") + ", 3)").asDouble());
        assertEquals(2.5, js(g, "rules.supply.bombardmentFactor(" + p("de-15xx-i-115") + ", 5)").asDouble());
        JsonNode e = js(g, "rules.supply.effects(" + p("de-15xx-i-115") + ")");
        assertTrue(e.path("oos").asBoolean());
        assertEquals(3, e.path("maxMp").asInt());
        run(g, p("de-15xx-i-115") + ".oos = false;");
        assertEquals(10.0, js(g, "rules.supply.movementAllowance(" + p("de-15xx-i-115") + ", 10)").asDouble());
        assertEquals(3.0, js(g, "rules.supply.attackFactor(" + p("de-15xx-i-115") + ", 3)").asDouble());
    }

    @Test
    @DisplayName("FoT 14.21 14.22 judge(): the activated formation's HQ and units are judged and marked; other formations keep their marks")
    void judge() {
        Game g = game();
        place(g, "de-15xx-hq", "0525");
        place(g, "de-15xx-i-115", "1625");           // 11 MPs out
        place(g, "de-21xx-hq", "0526");
        place(g, "de-21xx-i-104", "1626");           // as far, but 21xx is not activated
        run(g, "state.activation = {marker: '15xx', side: 'axis', formations: ['15xx'], ap: 3, apSpent: 0, stacks: {}, hqs: ['de-15xx-hq']};");
        trace(g);
        run(g, "rules.supply.judge();");
        List<JsonNode> ev = trace(g);
        assertTrue(js(g, p("de-15xx-i-115") + ".oos").asBoolean());
        assertFalse(js(g, p("de-15xx-hq") + ".oos").asBoolean());
        assertFalse(js(g, p("de-21xx-i-104") + ".oos").asBoolean(), "not judged in a 15xx activation");
        assertEquals(1, withRule(ev, "14.22").size());
        assertTrue(withRule(ev, "14.22").get(0).path("text").asText().contains("de-15xx-i-115"));
        // 14.22: a unit judged again when an impulse begins with it
        run(g, p("de-15xx-i-115") + ".hex = '1525'; rules.supply.judgeUnits(['de-15xx-i-115']);");
        assertFalse(js(g, p("de-15xx-i-115") + ".oos").asBoolean());
        assertTrue(js(g, "rules.supply.supplied(" + p("de-15xx-i-115") + ")").asBoolean());
    }

    static List<String> strings(JsonNode a) {
        List<String> out = new ArrayList<>();
        for (JsonNode x : a) out.add(x.asText());
        return out;
    }

    @Test
    @DisplayName("FoT 14.21 14.22 the inspector's supply overlay: each unit's status, and the selected unit's lines to its HQ and on to a source")
    void overlay() {
        Game g = game();
        place(g, "de-15xx-hq", "0525");
        place(g, "de-15xx-i-115", "1525");
        place(g, "de-15xx-ii-115", "1625");
        var a = args("side", "axis");
        JsonNode v = g.overlay("supply", a);
        assertEquals("in supply", v.path("1525").asText(), "10 Wheeled MPs from its HQ");
        assertEquals("out of supply (marked in supply until judged)", v.path("1625").asText(), "11 from it; never judged, so no marker yet");
        run(g, p("de-15xx-ii-115") + ".oos = true;");
        assertEquals("out of supply", g.overlay("supply", a).path("1625").asText(), "as traced and as marked");
        assertEquals("in supply", v.path("0525").asText(), "the HQ, 5 MPs from the source 0124");
        JsonNode line = g.overlay("supply", a.put("unit", "de-15xx-i-115"));
        List<String> toHq = new ArrayList<>(), toSource = new ArrayList<>();
        line.fields().forEachRemaining(e -> {
            if (e.getValue().asText().equals("line to HQ")) toHq.add(e.getKey());
            if (e.getValue().asText().equals("line to source")) toSource.add(e.getKey());
        });
        assertEquals(9, toHq.size(), "the hexes between 1525 and its HQ 10 hexes away: " + toHq);
        for (String h : toHq) assertEquals(10, js(g, "map.distance('0525', '" + h + "') + map.distance('" + h + "', '1525')").asInt(), h + " lies on a shortest line");
        assertTrue(toSource.contains("0124"), "the HQ's line ends at the source: " + toSource);
        // the state itself, serialised afresh: the hash would answer from the JSON kept for the position
        JsonNode before = js(g, "state");
        for (String o : new String[] {"zoc", "supply", "reach", "command-range", "victory-hexes"}) g.overlay(o, a);
        assertEquals(before, js(g, "state"), "overlays only read the position");
        assertEquals("out of supply", line.path("1625").asText(), "other units keep their status");
        run(g, p("de-15xx-i-115") + ".oos = true;");
        assertEquals("in supply (marked Out of Supply until judged)", g.overlay("supply", a).path("1525").asText());
    }
}
