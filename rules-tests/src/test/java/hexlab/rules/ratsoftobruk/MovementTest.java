package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RoT 9.0-9.3 movement, 8.0's movement restrictions, 15.2 bunker costs, 17.12 and 17.13, on the
 * placeholder map. Hexes used: the ravines 2115 2116 2217 by 2015 2016 2117 (hamada, inside the
 * perimeter); the Via Balbia 2013-2114-2213-2314; the bunker 1023 behind the ditch/wire, whose
 * hexside with 0923 carries the Medauuar road and with 0924 none; the hill 2118.
 */
@DisplayName("RoT 9.0 Movement")
class MovementTest {
    static final String LEG = "au-2-24-a";       // leg, MA 4
    static final String TRACKED = "br-1rtr-a";   // tracked, MA 8
    static final String WHEELED = "au-2-3-a";    // wheeled, MA 8 (Allied)
    static final String MATILDA = "br-7rtr-1";   // tracked, MA 5
    static final String MG = "de-mg2-1";         // German leg, MA 5
    static final String PANZER = "de-1pz5-1";    // German tracked, MA 10
    static final String PAK = "de-kgk-pak";      // German wheeled, MA 6

    @Test
    @DisplayName("RoT 9.0 example: a ravine costs 2 / H / ALL: 2 MP for a leg unit, half the MA for a tracked one, the whole MA for a wheeled one")
    void ravineExample() {
        Game g = game("2/24", LEG + "@2015");
        assertEquals(2.0, cost(reach(g, LEG), "2115"));
        Game t = game("1-rtr", TRACKED + "@2015");
        assertEquals(4.0, cost(reach(t, TRACKED), "2115"), "H: half of the MA of 8");
        Game w = game("2/3-at", WHEELED + "@2015");
        assertEquals(8.0, cost(reach(w, WHEELED), "2115"), "ALL: the whole MA");
    }

    @Test
    @DisplayName("RoT 9.0: H may follow at most half the MA spent, ALL only a first hex")
    void halfAndAllLimits() {
        // the Matilda's MA of 5: H takes 3, after at most 2 MP
        Game two = game("7-rtr", MATILDA + "@2419");
        assertEquals(5.0, cost(reach(two, MATILDA), "2217"), "2 hexes of hamada then the ravine's 3");
        Game three = game("7-rtr", MATILDA + "@2420");
        JsonNode r3 = reach(three, MATILDA);
        assertEquals(3.0, cost(r3, "2218"));
        assertTrue(Double.isNaN(cost(r3, "2217")), "3 MP spent next to the ravine: more than half, out of reach");
        Game w = game("2/3-at", WHEELED + "@2015");
        assertTrue(Double.isNaN(cost(reach(w, WHEELED), "2217")), "ALL after one hamada hex: not the first hex");
        Game w2 = game("2/3-at", WHEELED + "@2117");
        assertEquals(8.0, cost(reach(w2, WHEELED), "2217"));
    }

    @Test
    @DisplayName("RoT 9.0, 9.1: a unit that has not moved may always move one hex, but not at night")
    void minimumMove() {
        // sandstorm halves the Matilda's 5 to 3 (rounded up, 14.1), out of supply to 1 (rounded down, 5.2)
        Game g = game("7-rtr", MATILDA + "@2117");
        set(g, "state.weather = 'sandstorm'; state.pieces['" + MATILDA + "'].supply = 'out';");
        assertEquals(1, js(g, "rules.movement.allowance(state.pieces['" + MATILDA + "']).value").asInt());
        JsonNode r = reach(g, MATILDA);
        assertEquals(1.0, cost(r, "2118"), "the hill costs 2, more than the 1 MP left: the one-hex minimum");
        assertEquals(1.0, cost(r, "2017"));
        assertTrue(Double.isNaN(cost(r, "2115")), "two hexes away");
        set(g, "state.turnKind = 'night';");
        assertTrue(Double.isNaN(cost(reach(g, MATILDA), "2118")), "no minimum move on a night turn (13.2)");
    }

    @Test
    @DisplayName("RoT 5.2 / 9.1: out of supply halves rounding down, or up with the 9.1 option")
    void outOfSupplyRounding() {
        Game g = game("7-rtr", MATILDA + "@2117");
        set(g, "state.pieces['" + MATILDA + "'].supply = 'out';");
        assertEquals(2, js(g, "rules.movement.allowance(state.pieces['" + MATILDA + "']).value").asInt());
        Game up = game(rats("option:oos-movement-round-up-9-1"), "7-rtr", MATILDA + "@2117");
        set(up, "state.pieces['" + MATILDA + "'].supply = 'out';");
        assertEquals(3, js(up, "rules.movement.allowance(state.pieces['" + MATILDA + "']).value").asInt());
        Game leg = game("2/24", LEG + "@2015");
        set(leg, "state.pieces['" + LEG + "'].supply = 'out';");
        assertEquals(4, js(leg, "rules.movement.allowance(state.pieces['" + LEG + "']).value").asInt(), "leg units keep their MA");
    }

    @Test
    @DisplayName("RoT 9.2, 17.12: along the road a wheeled unit pays 0.5, even into a ravine; an Allied one 1 by day")
    void roadMovement() {
        Game night = game("2/3-at", WHEELED + "@2213");
        set(night, "state.turnKind = 'night';");
        JsonNode r = reach(night, WHEELED);
        assertEquals(0.5, cost(r, "2114"), "the road replaces the ravine's ALL");
        assertEquals(1.0, cost(r, "2013"));
        Game day = game("2/3-at", WHEELED + "@2213");
        assertEquals(1.0, cost(reach(day, WHEELED), "2114"), "17.12: 1 on a Morning turn");
        Game german = game("KGK", PAK + "@2213");
        assertEquals(0.5, cost(reach(german, PAK), "2114"), "17.12 is the Allied wheeled units' only");
    }

    @Test
    @DisplayName("RoT 7.1: a stack of three full-strength units does not use road movement")
    void roadStacking() {
        Game g = game("2/3-at", WHEELED + "@2213", "au-2-3-b@2213", "au-2-3-c@2213");
        set(g, "state.turnKind = 'night';");
        assertEquals(8.0, cost(reach(g, WHEELED, "au-2-3-b", "au-2-3-c"), "2114"), "three wheeled units: the ravine's ALL");
        assertEquals(0.5, cost(reach(g, WHEELED, "au-2-3-b"), "2114"), "two may use the road");
        set(g, "state.pieces['au-2-3-b'].depleted = true; state.pieces['au-2-3-c'].depleted = true;");
        assertEquals(0.5, cost(reach(g, WHEELED, "au-2-3-b", "au-2-3-c"), "2114"), "one full and two depleted units count as two");
    }

    @Test
    @DisplayName("RoT 15.2 example: across the ditch/wire a leg unit pays half its MA into a bunker hex, along a road across it only 1")
    void bunkerExample() {
        Game g = game("MG2", MG + "@0924");
        assertEquals(3.0, step(g, MG, "1023"), "MA 5: H takes 3, and the bunker's own cost is not added");
        assertEquals(2.0, cost(reach(g, MG), "1023"), "cheaper still round by 0923 and the road");
        Game road = game("MG2", MG + "@0923");
        assertEquals(1.0, cost(reach(road, MG), "1023"), "the road's rate only");
        Game inside = game("MG2", MG + "@1022");
        assertEquals(2.0, step(inside, MG, "1023"), "from a hexside without ditch/wire: the bunker's cost (placeholder 2)");
        Game tank = game("I/Pz5", PANZER + "@0924");
        assertEquals(10.0, step(tank, PANZER, "1023"), "tracked across ditch/wire: ALL (placeholder)");
    }

    @Test
    @DisplayName("RoT 9.2 example: a wheeled unit crosses a ditch/wire hexside (NA on the Terrain Key) only where a road or path is printed across it")
    void wheeledAcrossDitchWire() {
        Game g = game("KGK", PAK + "@0924");
        assertTrue(Double.isNaN(step(g, PAK, "1023")), "0924-1023: ditch/wire and no road: not allowed");
        Game road = game("KGK", PAK + "@0923");
        assertEquals(0.5, step(road, PAK, "1023"), "0923-1023: the Medauuar road across the wire, at the road's rate");
    }

    /** What entering {@code to} costs {@code unit} as its next hex, whatever its allowance. */
    static double step(Game g, String unit, String to) {
        JsonNode c = js(g, "rules.movement.firstSteps(rules.movement.group([state.pieces['" + unit + "']]), state.pieces['" + unit + "'].hex)['" + to + "']");
        return c == null || c.isNull() ? Double.NaN : c.asDouble();
    }

    @Test
    @DisplayName("RoT 15.2 exception, 8.0 d: no road into a bunker hex in an EZOC, and no ditch/wire crossing into an EZOC")
    void bunkerInEzoc() {
        Game g = game("MG2", MG + "@0923", LEG + "@1123");
        assertTrue(Double.isNaN(cost(reach(g, MG), "1023")), "the road may not be used, and without it the ditch/wire may not be crossed into the EZOC");
        Game from = game("MG2", MG + "@0924", LEG + "@1123");
        assertTrue(Double.isNaN(step(from, MG, "1023")), "across the ditch/wire into the EZOC");
        assertEquals(5.0, cost(reach(from, MG), "1023"), "round by 1024 (H: 3) and in from the side without ditch/wire (2)");
        Game behind = game("2/24", LEG + "@1222", MG + "@1024");
        assertEquals(1.0, cost(reach(behind, LEG), "1123"), "along the road: 1");
        assertEquals(3.0, cost(reach(behind, LEG), "1023"), "along the road from 1123 into the bunker in the EZOC: the bunker's 2, not the road's 1");
    }

    @Test
    @DisplayName("RoT 8.0 a-c: an EZOC stops the move; leaving one costs +1 and never uses the road")
    void zonesOfControl() {
        Game g = game("2/24", LEG + "@3025", MG + "@3026");
        JsonNode r = reach(g, LEG);
        assertEquals(2.0, cost(r, "3024"), "1 for the hamada, +1 for leaving the EZOC");
        assertEquals(2.0, cost(r, "2926"), "into another EZOC hex: possible, and the move ends there");
        assertEquals(4.0, cost(r, "3022"));
        assertTrue(Double.isNaN(cost(r, "2927")), "2926 is an EZOC: no going on from it");
        Game road = game("2/3-at", WHEELED + "@2213", MG + "@2212");
        set(road, "state.turnKind = 'night';");
        assertEquals(2.0, cost(reach(road, WHEELED), "2314"), "out of the EZOC: hamada 1 + 1, not the road's 0.5");
        Game free = game("2/3-at", WHEELED + "@2213");
        set(free, "state.turnKind = 'night';");
        assertEquals(0.5, cost(reach(free, WHEELED), "2314"));
    }

    @Test
    @DisplayName("RoT 9.3, 9.5: a stack goes as far as its slowest unit; leg units ride along with tracked ones")
    void stacks() {
        Game g = game("2/24", LEG + "@3024", "au-2-24-b@3024");
        assertEquals(4.0, cost(reach(g, LEG, "au-2-24-b"), "3020"));
        Game mixed = game("2/24", LEG + "@2015", "au-2-24-hq@2015");
        assertEquals(4.0, cost(reach(mixed, LEG, "au-2-24-hq"), "2115"), "leg 2 and wheeled ALL: the costlier, ALL priced against the stack's MA of 4");
        Game ride = game("2/24", LEG + "@3024", TRACKED + "@3024");
        JsonNode r = reach(ride, LEG, TRACKED);
        assertEquals(8.0, cost(r, "3016"), "the infantry company rides the cruisers: the tracked MA of 8");
    }

    @Test
    @DisplayName("RoT 9.3: a unit dropped off ends its move; the stack goes on; then the move is over")
    void dropOff() {
        Game g = game("2/24", LEG + "@3024", "au-2-24-b@3024");
        act(g, "{\"do\":\"move\",\"units\":[\"" + LEG + "\",\"au-2-24-b\"],\"to\":\"3022\"}");
        assertEquals("3022", hex(g, LEG));
        act(g, "{\"do\":\"drop\",\"unit\":\"au-2-24-b\"}");
        act(g, "{\"do\":\"move\",\"to\":\"3020\"}");
        assertEquals("3020", hex(g, LEG));
        assertEquals("3022", hex(g, "au-2-24-b"));
        assertEquals(-1, find(g, "\"to\":\"3019\""), "the stack has spent its 4 MP");
        take(g, "stop");
        assertTrue(piece(g, LEG).path("moved").asBoolean());
        assertEquals(-1, find(g, LEG), "a unit moves once in an activation");
    }

    @Test
    @DisplayName("RoT 17.13: units off the map enter at an edge hex of their side, paying its terrain, and move on")
    void entry() {
        Game g = game("MG2", MG + "@off");
        JsonNode r = reach(g, MG);
        assertEquals(1.0, cost(r, "0110"), "west edge");
        assertEquals(1.0, cost(r, "4442"), "south edge");
        assertNull(r.get("2020"), "an inner hex is no entry hex");
        List<JsonNode> ev = act(g, "{\"do\":\"enter\",\"units\":[\"" + MG + "\"],\"to\":\"0125\"}");
        assertEquals("0125", hex(g, MG));
        assertEquals(1, piece(g, MG).path("entered").asInt());
        assertFalse(withRule(ev, "17.13").isEmpty());
        act(g, "{\"do\":\"move\",\"to\":\"0525\"}");
        assertEquals("0525", hex(g, MG), "1 + 4 hexes of hamada: the MA of 5");
    }

    @Test
    @DisplayName("RoT 6.0: only units in the HQ's activation range move; the HQ itself always")
    void activationRange() {
        Game g = game("2/24", LEG + "@3024", "au-2-24-b@3030", "au-2-24-hq@3025");
        assertTrue(find(g, "\"units\":[\"" + LEG + "\"]") >= 0);
        assertEquals(-1, find(g, "\"units\":[\"au-2-24-b\"]"), "five hexes from its HQ, whose range is 4");
        assertTrue(find(g, "\"units\":[\"au-2-24-hq\"]") >= 0);
        act(g, "{\"do\":\"move\",\"units\":[\"au-2-24-hq\"],\"to\":\"3028\"}");
        take(g, "stop");
        assertTrue(find(g, "\"units\":[\"au-2-24-b\"]") >= 0, "the HQ moved closer: now in range");
    }
}
