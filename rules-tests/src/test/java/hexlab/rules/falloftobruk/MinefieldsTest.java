package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT 13.0 minefields and boxes on the map's Gazala line: 1005/1106 is a minefield hexside of the 3 SA
 * Brigade box 1106; the track of 1916/2016 crosses the minefield west of the 150 Brigade boxes.
 */
class MinefieldsTest {
    /** A unit's piece in the rules context. */
    static String p(String id) { return "state.pieces['" + id + "']"; }

    /** A cost spec of 1 MP a hex on every land terrain (sea prohibited), for reach tests. */
    static final String FLAT = "(() => { const t = {}; for (const k of Object.keys(tables.terrain['movement-costs'].hex)) t[k] = 1; t.sea = 'prohibited'; return {terrain: t}; })()";

    static Game game() {
        Game g = bare(3);
        run(g, "state.weather = 'clear'; state.half = 'AM';");
        trace(g);
        return g;
    }

    @Test
    @DisplayName("FoT 13.1 crossing an unbreached minefield costs half the available MPs, whatever the nationality; a breach costs nothing (13.3)")
    void halfTheMps() {
        Game g = game();
        place(g, "de-15xx-1-8", "1005");
        place(g, "br-50xx-4-ey", "1005");
        assertTrue(js(g, "map.hexsideHas('1005', '1106', 'minefield')").asBoolean());
        assertEquals(5.0, js(g, "rules.minefields.moveCost(" + p("de-15xx-1-8") + ", '1005', '1106', 10)").asDouble());
        assertEquals(2.0, js(g, "rules.minefields.moveCost(" + p("br-50xx-4-ey") + ", '1005', '1106', 4)").asDouble());
        assertEquals(0.0, js(g, "rules.minefields.moveCost(" + p("de-15xx-1-8") + ", '1005', '1004', 10)").asDouble(), "no minefield there");
        assertEquals(4.0, js(g, "rules.minefields.movementSides(" + p("de-15xx-1-8") + ", 8).minefield.add").asDouble());
        run(g, "state.minefields = {breached: {'1005/1106': {by: 'x', turn: 3, half: 'AM'}}, impulse: null, used: []};");
        assertEquals(0.0, js(g, "rules.minefields.moveCost(" + p("de-15xx-1-8") + ", '1005', '1106', 10)").asDouble());
        assertTrue(js(g, "rules.minefields.crossing('1005', '1106', 'axis') === null").asBoolean(), "a breached minefield binds nobody");
        assertTrue(js(g, "rules.minefields.minefieldAt('1005', '1106').breached").asBoolean());
    }

    @Test
    @DisplayName("FoT 13.1 Allied units cross free along a road or track, and out of a box next to the minefield; Axis units pay")
    void alliedExceptions() {
        Game g = game();
        place(g, "br-50xx-4-ey", "1916");
        place(g, "de-15xx-1-8", "1916");
        List<String> sides = strings(js(g, "map.hexside('1916', '2016')"));
        assertTrue(sides.contains("minefield"), sides.toString());
        assertTrue(sides.contains("track") || sides.contains("unpaved-road") || sides.contains("paved-road"), sides.toString());
        assertEquals(0.0, js(g, "rules.minefields.moveCost(" + p("br-50xx-4-ey") + ", '1916', '2016', 4)").asDouble());
        assertEquals(5.0, js(g, "rules.minefields.moveCost(" + p("de-15xx-1-8") + ", '1916', '2016', 10)").asDouble());
        // out of the box 1106 across its own minefield: free; into it: not
        assertTrue(js(g, "rules.minefields.isBox('1106')").asBoolean());
        assertEquals(0.0, js(g, "rules.minefields.moveCost(" + p("br-50xx-4-ey") + ", '1106', '1005', 4)").asDouble());
        assertEquals(2.0, js(g, "rules.minefields.moveCost(" + p("br-50xx-4-ey") + ", '1005', '1106', 4)").asDouble());
        // reach() puts the free crossing right where the plain cost model over-charges it
        String spec = FLAT;
        assertEquals(1.0, js(g, "rules.minefields.reach(" + p("br-50xx-4-ey") + ", '1916', 4, " + spec + ", 4)['2016']").asDouble());
        assertEquals(3.0, js(g, "map.reach('1916', 4, Object.assign(" + spec + ", {hexsides: rules.minefields.movementSides(" + p("br-50xx-4-ey") + ", 4)}))['2016']").asDouble());
        assertEquals(6.0, js(g, "rules.minefields.reach(" + p("de-15xx-1-8") + ", '1916', 10, " + spec + ", 10)['2016']").asDouble());
        assertEquals(List.of("1916", "2016"), strings(js(g, "rules.minefields.path(" + p("br-50xx-4-ey") + ", '1916', '2016', 4, " + spec + ", 4)")));
        // a breach opens the crossing to the Axis too
        run(g, "state.minefields = {breached: {'1916/2016': {by: 'x', turn: 3, half: 'AM'}}, impulse: null, used: []};");
        assertEquals(1.0, js(g, "rules.minefields.reach(" + p("de-15xx-1-8") + ", '1916', 10, " + spec + ", 10)['2016']").asDouble());
    }

    @Test
    @DisplayName("FoT 13.21 the defender has First Fire against armor attacking across its own unbreached minefield")
    void firstFire() {
        Game g = game();
        assertTrue(js(g, "rules.minefields.firstFire('1005', '1106', 'allied')").asBoolean());
        assertFalse(js(g, "rules.minefields.firstFire('1106', '1005', 'axis')").asBoolean(), "not the Axis defender's minefield");
        assertFalse(js(g, "rules.minefields.firstFire('1005', '1004', 'allied')").asBoolean(), "no minefield there");
        run(g, "state.minefields = {breached: {'1005/1106': {by: 'x', turn: 3, half: 'AM'}}, impulse: null, used: []};");
        assertFalse(js(g, "rules.minefields.firstFire('1005', '1106', 'allied')").asBoolean(), "a breach ends it");
    }

    @Test
    @DisplayName("FoT 13.22 attacking across: Soft Attack halved except engineers; 11.22 Hard Attack halved for all")
    void halving() {
        Game g = game();
        place(g, "de-15xx-1-8", "1005");
        place(g, "de-15xx-33-pi", "1005");
        double saf = js(g, p("de-15xx-1-8") + ".saf").asDouble(), haf = js(g, p("de-15xx-1-8") + ".haf").asDouble();
        assertEquals(saf / 2, js(g, "rules.minefields.attackFactor(" + p("de-15xx-1-8") + ", '1005', '1106', 'soft').value").asDouble());
        assertEquals(haf / 2, js(g, "rules.minefields.attackFactor(" + p("de-15xx-1-8") + ", '1005', '1106', 'hard').value").asDouble());
        double esaf = js(g, p("de-15xx-33-pi") + ".saf").asDouble(), ehaf = js(g, p("de-15xx-33-pi") + ".haf").asDouble();
        assertEquals(esaf, js(g, "rules.minefields.attackFactor(" + p("de-15xx-33-pi") + ", '1005', '1106', 'soft').value").asDouble());
        assertEquals(ehaf / 2, js(g, "rules.minefields.attackFactor(" + p("de-15xx-33-pi") + ", '1005', '1106', 'hard').value").asDouble());
        assertEquals(saf, js(g, "rules.minefields.attackFactor(" + p("de-15xx-1-8") + ", '1005', '1004', 'soft').value").asDouble());
        assertEquals(List.of("de-15xx-1-8"), strings(js(g, "rules.minefields.matRequired(['de-15xx-1-8', 'de-15xx-33-pi'], '1106')")));
    }

    @Test
    @DisplayName("FoT 13.22 the Minefield Attack Table: 0-4 no effect, 5-7 Dis, 8-9 2 Dis and a Stall? roll, 5-9 there stalls")
    void matCells() {
        Game g = game();
        JsonNode all = js(g, "(() => { const out = []; for (let i = 0; i < 80; i++) out.push(rules.minefields.mat(['a'], true)); return out; })()");
        boolean sawStall = false, sawGoOn = false, sawDis = false, sawNone = false;
        for (JsonNode m : all) {
            int r = m.path("roll").asInt();
            String res = m.path("result").asText();
            if (r <= 4) { assertEquals("-", res); assertEquals(0, m.path("count").asInt()); sawNone = true; }
            else if (r <= 7) { assertEquals("Dis", res); assertEquals(1, m.path("count").asInt()); sawDis = true; }
            else { assertEquals("2 Dis *", res); assertEquals(2, m.path("count").asInt()); }
            if (r >= 8) {
                int s = m.path("stallRoll").asInt();
                assertEquals(s >= 5, m.path("stall").asBoolean(), "stall roll " + s);
                if (s >= 5) sawStall = true; else sawGoOn = true;
            } else {
                assertTrue(m.path("stallRoll").isNull(), "no Stall? roll without 2 Dis *");
                assertFalse(m.path("stall").asBoolean());
            }
        }
        assertTrue(sawStall && sawGoOn && sawDis && sawNone, "80 rolls show every kind of result");
    }

    @Test
    @DisplayName("FoT 13.22 a 2 Dis * disrupts two attacking armor units (owner's pick spares the undisrupted) and a stall sends the attack back")
    void stall() {
        Game g = game();
        for (String id : new String[] {"de-15xx-1-8", "de-15xx-2-8", "de-15xx-le-8"}) place(g, id, "1005");
        run(g, p("de-15xx-le-8") + ".disrupted = true;");
        dealNext(g, "97");
        JsonNode r = js(g, "rules.minefields.resolveMat(['de-15xx-1-8', 'de-15xx-2-8', 'de-15xx-le-8'], 'attack on 1106')");
        assertEquals("2 Dis *", r.path("result").asText());
        assertTrue(r.path("stall").asBoolean());
        assertEquals(List.of("de-15xx-1-8", "de-15xx-2-8"), strings(r.path("disrupted")));
        assertEquals(0, r.path("eliminated").size());
        // one armor unit alone takes both: the second disruption eliminates it (12.2, 11.3)
        Game h = game();
        place(h, "de-15xx-1-8", "1005");
        dealNext(h, "82");
        JsonNode s = js(h, "rules.minefields.resolveMat(['de-15xx-1-8'], 'attack on 1106')");
        assertFalse(s.path("stall").asBoolean());
        assertEquals(List.of("de-15xx-1-8"), strings(s.path("eliminated")));
        assertEquals("eliminated", js(h, p("de-15xx-1-8") + ".at").asText());
    }

    @Test
    @DisplayName("FoT 13.23 retreating across disrupts non-armor units; armor rolls the Disrupt column with no stall roll; a breach spares them")
    void retreat() {
        Game g = game();
        place(g, "br-50xx-4-ey", "1106");
        place(g, "br-50xx-4-gh", "1106");
        place(g, "br-1atx-b-8rtr", "1106");
        run(g, p("br-50xx-4-gh") + ".disrupted = true;");
        dealNext(g, "9");
        JsonNode r = js(g, "rules.minefields.retreatAcross(['br-50xx-4-ey', 'br-50xx-4-gh', 'br-1atx-b-8rtr'], '1106', '1005')");
        assertTrue(r.path("crossed").asBoolean());
        assertTrue(js(g, p("br-50xx-4-ey") + ".disrupted").asBoolean());
        assertEquals("eliminated", js(g, p("br-50xx-4-gh") + ".at").asText(), "disrupted a second time");
        assertEquals(9, r.path("mat").path("roll").asInt());
        assertTrue(r.path("mat").path("stallRoll").isNull());
        assertTrue(js(g, p("br-1atx-b-8rtr") + ".disrupted").asBoolean());
        run(g, "state.minefields = {breached: {'1005/1106': {by: 'x', turn: 3, half: 'AM'}}, impulse: null, used: []};");
        assertFalse(js(g, "rules.minefields.retreatAcross(['br-50xx-4-ey'], '1106', '1005').crossed").asBoolean());
    }

    @Test
    @DisplayName("FoT 13.24 advancing armor rolls as if attacking before anyone crosses; a stall halts the advance")
    void advance() {
        Game g = game();
        place(g, "de-15xx-1-8", "1005");
        place(g, "de-15xx-2-8", "1005");
        place(g, "de-15xx-i-115", "1005");
        dealNext(g, "86");
        JsonNode r = js(g, "rules.minefields.advanceAcross(['de-15xx-1-8', 'de-15xx-2-8', 'de-15xx-i-115'], '1005', '1106')");
        assertTrue(r.path("stalled").asBoolean());
        assertEquals(2, r.path("disrupted").size());
        assertFalse(js(g, p("de-15xx-i-115") + ".disrupted").asBoolean(), "only armor rolls");
        Game h = game();
        place(h, "de-15xx-1-8", "1005");
        dealNext(h, "3");
        JsonNode s = js(h, "rules.minefields.advanceAcross(['de-15xx-1-8'], '1005', '1106')");
        assertFalse(s.path("stalled").asBoolean());
        assertEquals(0, s.path("disrupted").size());
    }

    @Test
    @DisplayName("FoT 13.3 German engineers, or Axis infantry within 3 hexes of their HQ, breach by crossing; one breach per HQ or engineer per Movement Impulse")
    void breaching() {
        Game g = game();
        place(g, "de-15xx-33-pi", "1005");          // German engineer
        place(g, "it-27xx-hq", "0906");
        place(g, "it-27xx-i-19", "1005");            // 2 hexes from its HQ
        place(g, "it-27xx-ii-19", "1006");
        place(g, "it-27xx-iii-19", "1209");
        place(g, "de-15xx-1-8", "1005");             // a tank
        place(g, "br-50xx-4-ey", "1106");
        assertTrue(js(g, "rules.minefields.mayBreach(" + p("de-15xx-33-pi") + ", '1005', '1106', 'k1').ok").asBoolean());
        assertEquals("it-27xx-hq", js(g, "rules.minefields.mayBreach(" + p("it-27xx-i-19") + ", '1005', '1106', 'k1').by").asText());
        assertFalse(js(g, "rules.minefields.mayBreach(" + p("de-15xx-1-8") + ", '1005', '1106', 'k1').ok").asBoolean());
        assertFalse(js(g, "rules.minefields.mayBreach(" + p("br-50xx-4-ey") + ", '1106', '1005', 'k1').ok").asBoolean());
        assertFalse(js(g, "rules.minefields.mayBreach(" + p("it-27xx-iii-19") + ", '1209', '1309', 'k1').ok").asBoolean(), "more than 3 hexes from its HQ");
        assertTrue(js(g, "map.distance('0906', '1005') <= 3 && map.distance('0906', '1006') <= 3 && map.distance('0906', '1209') > 3").asBoolean(), "fixture distances");
        // one breach for the 27xx HQ in this Movement Impulse
        assertTrue(js(g, "rules.minefields.breach(" + p("it-27xx-i-19") + ", '1005', '1106', 'k1').ok").asBoolean());
        JsonNode second = js(g, "rules.minefields.mayBreach(" + p("it-27xx-ii-19") + ", '1006', '1106', 'k1')");
        assertFalse(second.path("ok").asBoolean());
        assertEquals("13.3", second.path("rule").asText());
        assertTrue(js(g, "rules.minefields.mayBreach(" + p("it-27xx-ii-19") + ", '1006', '1106', 'k2').ok").asBoolean(), "a new Movement Impulse");
        assertTrue(js(g, "rules.minefields.mayBreach(" + p("de-15xx-33-pi") + ", '1006', '1107', 'k1').ok").asBoolean(), "the engineer's own breach");
        assertEquals(List.of("1005/1106"), strings(js(g, "rules.minefields.breaches()")));
        assertTrue(js(g, "rules.minefields.crossing('1005', '1106', 'allied') === null").asBoolean());
        // the movement hook breaches for a unit that may
        run(g, "rules.minefields.afterMove(" + p("de-15xx-33-pi") + ", ['1006', '1107', '1207']);");
        assertEquals(List.of("1005/1106", "1006/1107"), strings(js(g, "rules.minefields.breaches()")));
    }

    @Test
    @DisplayName("FoT 13.4 a Box: 1L on the CRT, R#h results may be ignored, no obligation to attack into an HZOC, infantry immune to bombardment")
    void boxes() {
        Game g = game();
        place(g, "br-50xx-4-ey", "2117");
        place(g, "br-50xx-72-fd", "2117");
        place(g, "br-50xx-4-gh", "2119");
        assertTrue(js(g, "rules.minefields.isBox('2117')").asBoolean());
        assertFalse(js(g, "rules.minefields.isBox('2119')").asBoolean());
        assertEquals(-1, js(g, "rules.minefields.boxShift('2117')").asInt());
        assertEquals(0, js(g, "rules.minefields.boxShift('2119')").asInt());
        assertTrue(js(g, "rules.minefields.ignoresRetreat(" + p("br-50xx-4-ey") + ")").asBoolean());
        assertFalse(js(g, "rules.minefields.ignoresRetreat(" + p("br-50xx-4-gh") + ")").asBoolean());
        assertTrue(js(g, "rules.minefields.mustAttackExempt(" + p("br-50xx-4-ey") + ")").asBoolean());
        assertTrue(js(g, "rules.minefields.bombardImmune(" + p("br-50xx-4-ey") + ")").asBoolean());
        assertFalse(js(g, "rules.minefields.bombardImmune(" + p("br-50xx-72-fd") + ")").asBoolean(), "artillery in a box is a target");
        assertEquals(List.of("2117"), strings(js(g, "rules.minefields.boxesHeldBy('allied')")));
    }

    static List<String> strings(JsonNode a) {
        List<String> out = new java.util.ArrayList<>();
        for (JsonNode x : a) out.add(x.asText());
        return out;
    }
}
