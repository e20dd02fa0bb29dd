package hexlab.rules.falloftobruk;

import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 4.1 zones of control: the ZOC Summary Chart, 4.11 escarpments, 4.44 Khamsin, 16.41. */
class ZocTest {
    static final String INF = "br-50xx-5-ey";          // Allied infantry, leg
    static final String TANK = "de-15xx-1-8";          // German tank, tracked
    static final String ART = "br-50xx-124-fd";        // Allied towed artillery

    /** An empty board on June 1 AM (no 16.41), in clear weather. */
    static Game board() { return board(FOT); }

    static Game board(Variant v) {
        Game g = bare(v, 7);
        run(g, "state.date = 'June 1'; state.half = 'AM'; state.weather = 'clear';");
        return g;
    }

    static int level(Game g, String hex, String side) { return js(g, "rules.zoc.level('" + hex + "', '" + side + "')").asInt(); }

    @Test
    @DisplayName("FoT 4.1 ZOC Summary Chart: 0-3 SPs no ZOC, 4-11 SPs Light, 12 and more Heavy, into all six hexes")
    void chart() {
        int[][] cases = {{3, 0}, {4, 1}, {11, 1}, {12, 2}, {16, 2}};
        for (int[] c : cases) {
            Game g = board();
            placeAs(g, INF, "a", "3030", "{sp: " + c[0] + "}");
            for (String n : new String[] {"3029", "3130", "3131", "3031", "2931", "2930"}) assertEquals(c[1], level(g, n, "allied"), c[0] + " SPs into " + n);
            assertEquals(0, level(g, "3032", "allied"), "two hexes away: no ZOC");
            assertEquals(0, level(g, "3031", "axis"), "the other side projects nothing");
        }
    }

    @Test
    @DisplayName("FoT 4.1 12.2 7.11 Disrupted units and HQs do not contribute to ZOC")
    void disruptedAndHq() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 8}");
        placeAs(g, INF, "b", "3030", "{sp: 4, disrupted: true}");
        assertEquals(1, level(g, "3031", "allied"), "8 of 12 SPs count: LZOC");
        run(g, "state.pieces.b.disrupted = false;");
        assertEquals(2, level(g, "3031", "allied"));
        Game h = board();
        placeAs(h, INF, "a", "3030", "{sp: 3}");
        placeAs(h, "br-50xx-hq", "hq", "3030", null);
        assertEquals(0, level(h, "3031", "allied"), "an HQ's SP does not lift 3 SPs to a Light ZOC");
    }

    @Test
    @DisplayName("FoT 4.1 artillery contributes only while no more than half the hex's SPs are artillery")
    void artillery() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 6}");
        placeAs(g, ART, "r", "3030", "{sp: 6}");
        assertEquals(2, level(g, "3031", "allied"), "6 of 12 SPs artillery: all count, HZOC");
        run(g, "state.pieces.a.sp = 5; state.pieces.r.sp = 7;");
        assertEquals(1, level(g, "3031", "allied"), "7 of 12 SPs artillery: only the 5 infantry SPs count");
        run(g, "state.pieces.a.sp = 3;");
        assertEquals(0, level(g, "3031", "allied"), "3 infantry SPs beside 7 of artillery: no ZOC");
    }

    @Test
    @DisplayName("FoT 4.1 a Heavy AT unit or a Box in the hex makes a Heavy ZOC (zoc-level-other, a placeholder)")
    void heavyAtAndBox() {
        Game g = board();
        placeAs(g, "de-dak-i-18-flak", "flak", "3030", "{sp: 2}");
        assertEquals(2, level(g, "3031", "axis"));
        assertTrue(js(g, "rules.zoc.explain('3031', 'axis')").asText().contains("placeholder"));
        run(g, "state.pieces.flak.disrupted = true;");
        assertEquals(0, level(g, "3031", "axis"), "a Disrupted 88 projects nothing");
        Game b = board();
        assertTrue(js(b, "map.hasFeature('2625', 'box')").asBoolean());
        placeAs(b, INF, "a", "2625", "{sp: 2}");
        assertEquals(2, level(b, "2624", "allied"), "2 SPs in a box: HZOC");
    }

    @Test
    @DisplayName("FoT 4.11 only Leg units project a ZOC up an escarpment; others still do across the other hexsides and down")
    void escarpment() {
        Game g = board();
        assertEquals("1506", js(g, "rules.zoc.escarpmentTop('1505', '1506')").asText());
        placeAs(g, TANK, "t", "1505", "{sp: 12}");
        assertEquals(0, level(g, "1506", "axis"), "tanks do not project up the escarpment");
        String otherSide = js(g, "map.neighbors('1505').find((n) => map.hexside('1505', n).length === 0 && map.terrain(n) !== 'sea')").asText();
        assertEquals(2, level(g, otherSide, "axis"), "the tanks' ZOC across an open hexside (4.11 NOTE)");
        placeAs(g, "de-15xx-33-pi", "leg", "1505", "{sp: 12, mobility: 'leg'}");
        run(g, "delete state.pieces.t;");
        assertEquals(2, level(g, "1506", "axis"), "Leg units project up the escarpment");

        Game d = board();
        placeAs(d, TANK, "t", "1506", "{sp: 12}");
        assertEquals(2, level(d, "1505", "axis"), "tracked units project down: they could move down it");
        run(d, "state.pieces.t.mobility = 'wheeled';");
        assertEquals(0, level(d, "1505", "axis"), "wheeled units cannot cross a bare escarpment (TEC P): no ZOC across it");

        Game r = board();
        assertEquals("3111", js(r, "rules.zoc.escarpmentTop('3110', '3111')").asText());
        assertTrue(js(r, "map.hexsideHas('3110', '3111', 'track')").asBoolean());
        placeAs(r, TANK, "t", "3110", "{sp: 12}");
        assertEquals(0, level(r, "3111", "axis"), "not up an escarpment even along a track (4.11)");
    }

    @Test
    @DisplayName("FoT 4.44 Khamsin reduces every ZOC one level")
    void khamsin() {
        Game g = board();
        placeAs(g, TANK, "t", "3030", "{sp: 12}");
        placeAs(g, TANK, "u", "3033", "{sp: 4}");
        run(g, "state.weather = 'khamsin';");
        assertEquals(1, level(g, "3031", "axis"), "HZOC becomes LZOC");
        assertEquals(0, level(g, "3034", "axis"), "LZOC becomes none");
        run(g, "state.weather = 'haze';");
        assertEquals(2, level(g, "3031", "axis"));
    }

    @Test
    @DisplayName("FoT 16.41 Allied ZOCs one level lower in the AM and PM phases of May 26 and 27, Axis ZOCs not; with Khamsin two")
    void limitedAlliedZoc() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 12}");
        placeAs(g, TANK, "t", "3033", "{sp: 12}");
        for (String d : new String[] {"May 26", "May 27"}) {
            run(g, "state.date = '" + d + "'; state.half = 'PM';");
            assertEquals(1, level(g, "3031", "allied"), d);
            assertEquals(2, level(g, "3034", "axis"), d);
        }
        run(g, "state.weather = 'khamsin';");
        assertEquals(0, level(g, "3031", "allied"), "16.41 and 4.44 together: HZOC to none");
        run(g, "state.weather = 'clear'; state.date = 'May 28'; state.half = 'AM';");
        assertEquals(2, level(g, "3031", "allied"));
    }

    @Test
    @DisplayName("FoT 4.1 levels(side) gives every hex at once, the same as level(hex, side)")
    void levelsArray() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 5}");
        placeAs(g, INF, "b", "3032", "{sp: 12}");
        assertEquals(0, js(g, "(() => { const z = rules.zoc.levels('allied'); return map.within('3031', 3).filter((h) => z[map.index(h)] !== rules.zoc.level(h, 'allied')).length; })()").asInt());
        assertEquals(2, js(g, "rules.zoc.levels('allied')[map.index('3031')]").asInt(), "the higher of two ZOCs");
    }

    @Test
    @DisplayName("FoT 4.1 the inspector's zoc overlay names each side's level in every hex, both where both reach")
    void overlay() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 12}");
        placeAs(g, TANK, "t", "3032", "{sp: 4}");
        var all = g.overlay("zoc", args());
        assertEquals("allied HZOC", all.path("3029").asText());
        assertEquals("axis LZOC, allied HZOC", all.path("3031").asText(), "3031 lies between the two stacks (sides in the system's order)");
        assertEquals("axis LZOC", all.path("3033").asText());
        assertFalse(all.has("3030"), "a stack's own hex is not in its ZOC; no axis unit is next to it");
        var axis = g.overlay("zoc", args("side", "axis"));
        assertEquals("axis LZOC", axis.path("3031").asText());
        assertEquals(6, axis.size(), "the axis stack's six hexes only");
    }
}
