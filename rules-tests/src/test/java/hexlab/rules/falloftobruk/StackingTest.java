package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 4.2 stacking: points, 4.21 limits and the white rectangle, 4.22 the SDC, 4.23 overstacking. */
class StackingTest {
    static final String INF = "br-50xx-5-ey";
    static final String TANK = "de-15xx-1-8";
    static final List<String> FREE_FRENCH = List.of("ff-1ffx-hq", "ff-1ffx-2-13-ble", "ff-1ffx-3-13-ble", "ff-1ffx-bp", "ff-1ffx-bmo",
            "ff-1ffx-fm", "ff-1ffx-1-ff-art", "ff-1ffx-1-ff-at");

    static Game board() { return bare(7); }

    static JsonNode fits(Game g, String ids, String hex) {
        return js(g, "rules.stacking.fits([" + ids + "].map((id) => state.pieces[id]), '" + hex + "')");
    }

    @Test
    @DisplayName("FoT 4.2 7.11 stacking points: the SPs of the units in the hex; HQs count none")
    void points() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 4}");
        placeAs(g, INF, "b", "3030", "{sp: 3}");
        placeAs(g, "br-50xx-hq", "hq", "3030", null);
        assertEquals(7, js(g, "rules.stacking.points('3030')").asInt());
        assertEquals(0, js(g, "rules.stacking.points('3031')").asInt());
    }

    @Test
    @DisplayName("FoT 4.21 16 SPs a hex; one HQ a hex (7.11)")
    void limit() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 13}");
        placeAs(g, INF, "b", "3031", "{sp: 3}");
        placeAs(g, INF, "c", "3031", "{sp: 4}");
        assertTrue(fits(g, "'b'", "3030").path("ok").asBoolean(), "13 + 3 = 16");
        JsonNode no = fits(g, "'c'", "3030");
        assertFalse(no.path("ok").asBoolean(), "13 + 4 = 17");
        assertEquals("4.21", no.path("rule").asText());
        placeAs(g, "br-50xx-hq", "h1", "3032", null);
        placeAs(g, "br-13xxx-hq", "h2", "3033", null);
        assertEquals("7.11", fits(g, "'h2'", "3032").path("rule").asText());
        assertEquals(0, js(g, "rules.stacking.overstacked().length").asInt());
        run(g, "state.pieces.c.hex = '3030';");
        assertEquals("3030", js(g, "rules.stacking.overstacked()[0]").asText());
    }

    @Test
    @DisplayName("FoT 4.21 EXCEPTION 4.22 EXAMPLE the 1st Free French Brigade stacks its 20 SPs in 2625 alone, 2R on the SDC; another unit voids the exception")
    void whiteRectangle() {
        Game g = board();
        for (String id : FREE_FRENCH) place(g, id, "2625");
        assertEquals(20, js(g, "rules.stacking.points('2625')").asInt());
        assertEquals(24, js(g, "rules.stacking.limitFor(Object.values(state.pieces).filter((p) => p.hex === '2625')).sps").asInt());
        assertEquals(0, js(g, "rules.stacking.overstacked().length").asInt());
        JsonNode sdc = js(g, "rules.stacking.density('2625')");
        assertEquals(2, sdc.path("shift").asInt());
        assertEquals("2 R", sdc.path("label").asText());
        placeAs(g, INF, "x", "2626", "{sp: 1}");
        JsonNode no = fits(g, "'x'", "2625");
        assertFalse(no.path("ok").asBoolean(), "any other unit: the normal 16 applies to 21 SPs");
        run(g, "state.pieces.x.hex = '2625';");
        JsonNode pen = js(g, "rules.stacking.penalties('2625')");
        assertEquals(0, pen.path("eliminate").asInt());
        assertEquals(10, pen.path("disrupt").asInt(), "21 SPs: 5 over 16 and 5 more are Disrupted (4.23)");

        Game h = board();
        placeAs(h, "de-15xx-i-115", "p1", "3030", "{sp: 6}");
        placeAs(h, "de-15xx-ii-115", "p2", "3030", "{sp: 6}");
        placeAs(h, "de-15xx-iii-115", "p3", "3031", "{sp: 6}");
        assertTrue(fits(h, "'p3'", "3030").path("ok").asBoolean(), "115th Panzergrenadier units together: 18 SPs allowed");
        run(h, "state.pieces.p3.hex = '3030';");
        assertEquals(0, js(h, "rules.stacking.overstacked().length").asInt());
        placeAs(h, "de-21xx-iii-104", "q", "3032", "{sp: 2}");
        assertFalse(fits(h, "'q'", "3030").path("ok").asBoolean(), "a 104th unit is another group");
    }

    @Test
    @DisplayName("FoT 4.22 the Stacking Density Chart: 1-5 SPs 1L, 6-10 none, 11-15 1R, 16+ 2R")
    void densityChart() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 1}");
        int[][] rows = {{1, -1}, {5, -1}, {6, 0}, {10, 0}, {11, 1}, {15, 1}, {16, 2}};
        for (int[] r : rows) {
            run(g, "state.pieces.a.sp = " + r[0] + ";");
            assertEquals(r[1], js(g, "rules.stacking.density('3030').shift").asInt(), r[0] + " SPs");
        }
    }

    @Test
    @DisplayName("FoT 4.23 EXAMPLE 26 SPs in 2818: the owner eliminates 2 SPs, then Disrupts 16 of the 24 left")
    void overstackingExample() {
        Game g = board();
        for (int i = 1; i <= 13; i++) placeAs(g, TANK, "t" + i, "2818", "{sp: 2}");
        assertEquals(26, js(g, "rules.stacking.points('2818')").asInt());
        JsonNode pen = js(g, "rules.stacking.penalties('2818')");
        assertEquals(2, pen.path("eliminate").asInt());
        assertEquals(16, pen.path("disrupt").asInt());

        trace(g);
        js(g, "rules.stacking.begin('2818')");
        assertFalse(js(g, "rules.stacking.choose('t1')").asBoolean(), "2 SPs eliminated; disruption still owed");
        assertEquals("eliminated", js(g, "state.pieces.t1.at").asText());
        assertEquals(16, js(g, "state.overstack.disrupt").asInt());
        int picks = 0;
        boolean done = false;
        for (int i = 2; i <= 13 && !done; i++) { done = js(g, "rules.stacking.choose('t" + i + "')").asBoolean(); picks++; }
        assertTrue(done);
        assertEquals(8, picks, "eight 2-SP tanks make the 16 SPs");
        assertEquals(16, js(g, "Object.values(state.pieces).filter((p) => p.hex === '2818' && p.disrupted).reduce((n, p) => n + p.sp, 0)").asInt());
        assertEquals(24, js(g, "rules.stacking.points('2818')").asInt());
        assertTrue(js(g, "state.overstack === null").asBoolean());
        assertFalse(withRule(trace(g), "4.23").isEmpty());
    }

    @Test
    @DisplayName("FoT 4.23 12.2 a unit Disrupted already that is Disrupted for overstacking is eliminated")
    void disruptedTwice() {
        Game g = board();
        placeAs(g, INF, "a", "3030", "{sp: 10}");
        placeAs(g, INF, "b", "3030", "{sp: 8, disrupted: true}");
        JsonNode pen = js(g, "rules.stacking.begin('3030')");
        assertEquals(4, pen.path("disrupt").asInt());
        assertTrue(js(g, "rules.stacking.choose('b')").asBoolean());
        assertEquals("eliminated", js(g, "state.pieces.b.at").asText());
    }
}
