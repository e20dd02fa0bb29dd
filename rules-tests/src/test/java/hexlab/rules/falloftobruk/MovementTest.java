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
 * FoT 10.0 movement: 10.11 costs by mobility type (placeholder TEC), 10.12 ZOC costs and stops,
 * 10.2 no minimum move, 4.3 towed guns, 3.4 one move a phase, 8.2, 13.1, 4.21, 15.2, 16.42.
 */
class MovementTest {
    static final String INF = "br-50xx-5-ey";          // leg
    static final String CAR = "br-8xxxx-1-rd";         // wheeled armored car
    static final String AT = "br-50xx-65-at";          // light AT, wheeled
    static final String ART = "br-50xx-124-fd";        // towed artillery, wheeled
    static final String TANK = "de-15xx-1-8";          // tracked
    static final String FLAK = "de-dak-i-18-flak";     // heavy AT (the 88), wheeled
    static final String SEMOVENTE = "it-132xx-551";    // semovente, tracked

    /** June 1 AM, clear; 50th Division active with unlimited APs, its HQ in 2731. */
    static Game allied() { return allied(FOT); }

    static Game allied(Variant v) {
        Game g = bare(v, 7);
        run(g, "state.date = 'June 1'; state.half = 'AM'; state.weather = 'clear';");
        place(g, "br-50xx-hq", "2731");
        activation(g, "50xx", null, null);
        return g;
    }

    /** June 1 AM, clear; 15th Panzer active with unlimited APs, its HQ in 2731. */
    static Game axis(String special) { return axis(FOT, special); }

    static Game axis(Variant v, String special) {
        Game g = bare(v, 7);
        run(g, "state.date = 'June 1'; state.half = 'AM'; state.weather = 'clear';");
        place(g, "de-15xx-hq", "2731");
        activation(g, "15xx", null, special);
        return g;
    }

    /** Moves the active formation's HQ, to bring a test's units within its command range (7.12). */
    static void hq(Game g, String hex) {
        run(g, "for (const id of state.activation.hqs) state.pieces[id].hex = '" + hex + "';");
    }

    static void ally(Game g, String unit, String id, String hex, String fields) {
        placeAs(g, unit, id, hex, "Object.assign({formation: '50xx', brigade: null, attached: null}, " + (fields == null ? "{}" : fields) + ")");
    }

    static void german(Game g, String unit, String id, String hex, String fields) {
        placeAs(g, unit, id, hex, "Object.assign({formation: '15xx', brigade: null, attached: null}, " + (fields == null ? "{}" : fields) + ")");
    }

    static JsonNode reach(Game g, String id) { return js(g, "rules.movement.reachable('" + id + "')"); }

    static JsonNode step(Game g, String id, String a, String b) { return js(g, "rules.movement.stepCost('" + id + "', '" + a + "', '" + b + "').mp"); }

    static JsonNode move(Game g, String ids, String to) { return js(g, "rules.movement.move([" + ids + "], '" + to + "')"); }

    @Test
    @DisplayName("FoT 10.11 each mobility type pays its own TEC column (placeholder): hummocks, a bare escarpment, a track up it, the paved road")
    void costsByMobility() {
        Game g = allied();
        ally(g, INF, "leg", "2818", null);
        ally(g, "br-1atx-a-8rtr", "trk", "2818", null);
        ally(g, CAR, "whl", "2818", null);
        assertEquals("hummocks", js(g, "map.terrain('2918')").asText());
        assertEquals(List.of(1.0, 2.0, 2.0), List.of(step(g, "leg", "2818", "2918").asDouble(), step(g, "trk", "2818", "2918").asDouble(), step(g, "whl", "2818", "2918").asDouble()));
        assertEquals("high-ground", js(g, "map.terrain('1506')").asText());
        assertEquals(2.0, step(g, "leg", "1505", "1506").asDouble(), "high ground 1 + escarpment 1");
        assertEquals(3.0, step(g, "trk", "1505", "1506").asDouble(), "high ground 1 + escarpment 2");
        assertTrue(step(g, "whl", "1505", "1506").isNull(), "wheeled: escarpment prohibited");
        for (String u : new String[] {"leg", "trk", "whl"}) {
            assertEquals(1.0, step(g, u, "3110", "3111").asDouble(), u + ": the track's cost, which cancels the escarpment's");
            assertEquals(0.5, step(g, u, "0102", "0202").asDouble(), u + ": along the paved road");
        }
    }

    @Test
    @DisplayName("FoT 10.11 10.2 a unit spends up to its MA and no more: no minimum move; 14.3 out of supply 3 MPs")
    void allowance() {
        Game g = allied();
        ally(g, INF, "a", "3030", null);
        JsonNode r = reach(g, "a");
        assertEquals(4.0, r.path("3430").asDouble(), "four hexes of high ground for MA 4");
        assertTrue(r.path("3530").isMissingNode(), "the fifth is beyond its MA");
        final double[] max = {0};
        r.fields().forEachRemaining((e) -> max[0] = Math.max(max[0], e.getValue().asDouble()));
        assertEquals(4.0, max[0]);

        hq(g, "2822");
        ally(g, "br-1atx-a-8rtr", "t", "2818", "{ma: 1}");
        JsonNode rt = reach(g, "t");
        assertEquals(1.0, rt.path("2817").asDouble());
        assertTrue(rt.path("2918").isMissingNode(), "hummocks cost a tracked unit 2: out of reach with 1 MP");
        JsonNode no = move(g, "'t'", "2918");
        assertFalse(no.path("ok").asBoolean());
        assertEquals("10.2", no.path("rule").asText());

        hq(g, "2731");
        ally(g, CAR, "c", "3130", "{oos: true}");
        assertEquals(3.0, js(g, "rules.movement.allowance(state.pieces.c).mp").asDouble());
        assertEquals(3.0, reach(g, "c").path("3430").asDouble());
        assertTrue(reach(g, "c").path("3530").isMissingNode());
    }

    @Test
    @DisplayName("FoT 12.2 a Disrupted unit moves with its reverse side's MA; not in the seed, half its MA (disrupted-allowance, a placeholder) decides the move and is named in its trace")
    void disruptedAllowance() {
        Game g = allied();
        ally(g, INF, "d", "3030", "{disrupted: true}");
        assertEquals(2.0, js(g, "rules.movement.allowance(state.pieces.d).mp").asDouble(), "MA 4 x 0.5");
        JsonNode r = reach(g, "d");
        assertEquals(2.0, r.path("3230").asDouble());
        assertTrue(r.path("3330").isMissingNode(), "the third hex of high ground is beyond 2 MPs");
        trace(g);
        assertTrue(move(g, "'d'", "3230").path("ok").asBoolean());
        List<JsonNode> ev = trace(g);
        JsonNode stand = withRule(ev, "12.2").getFirst();
        assertEquals("movement/disrupted-allowance", stand.path("table").asText(), stand.toString());
        assertEquals("placeholder", stand.path("status").asText(), "the stand-in is flagged where it decides");
        assertEquals(2.0, stand.path("result").asDouble());
        JsonNode moved = withRule(ev, "10.11").getFirst();
        assertTrue(moved.path("uses").toString().contains("movement/disrupted-allowance"), "the move names the stand-in that priced it: " + moved);
        // once the order of battle gives the reverse side's MA, it is read instead of the stand-in
        ally(g, INF, "e", "3030", "{disrupted: true, maDisrupted: 3}");
        assertEquals(3.0, js(g, "rules.movement.allowance(state.pieces.e).mp").asDouble());
        assertFalse(js(g, "rules.movement.allowance(state.pieces.e).placeholder").asBoolean());
    }

    @Test
    @DisplayName("FoT 4.12 10.12 +1 MP to enter an enemy ZOC, +2 to leave it; LZOC to LZOC allowed")
    void zocCosts() {
        Game g = allied();
        german(g, TANK, "e", "3033", "{sp: 4}");                  // LZOC around 3033
        ally(g, INF, "a", "3031", "{ma: 10}");
        JsonNode r = reach(g, "a");
        assertEquals(2.0, r.path("3032").asDouble(), "1 + 1 to enter the LZOC");
        assertEquals(3.0, r.path("3133").asDouble(), "by 3132, then 1 + 1 into the LZOC");
        ally(g, INF, "b", "3032", "{ma: 10}");                    // begins in the LZOC
        JsonNode rb = reach(g, "b");
        assertEquals(3.0, rb.path("3031").asDouble(), "1 + 2 to leave");
        assertEquals(4.0, rb.path("3133").asDouble(), "LZOC to LZOC: 1 + 2 to leave + 1 to enter");
    }

    @Test
    @DisplayName("FoT 4.12 10.12 a unit entering an enemy HZOC stops there; an LZOC does not stop it")
    void hzocStops() {
        // The coastal corridor 2102-2503 between the sea and an escarpment wheeled units cannot climb.
        Game g = allied();
        hq(g, "2102");
        german(g, TANK, "e", "2303", "{sp: 4}");
        ally(g, CAR, "c", "2103", null);
        assertFalse(reach(g, "c").path("2503").isMissingNode(), "through the LZOC, at its costs");
        run(g, "state.pieces.e.sp = 12;");
        JsonNode r = reach(g, "c");
        assertFalse(r.path("2202").isMissingNode(), "the HZOC hex itself may be entered");
        assertTrue(r.path("2503").isMissingNode(), "nothing beyond it");
        JsonNode no = move(g, "'c'", "2503");
        assertEquals("4.12", no.path("rule").asText());
        trace(g);
        assertTrue(move(g, "'c'", "2202").path("ok").asBoolean());
        assertTrue(withRule(trace(g), "10.11").get(0).path("text").asText().contains("must attack"));
    }

    @Test
    @DisplayName("FoT 3.4 a unit moves in one Movement Impulse per Operations Phase; CARDINAL RULE 2: its move is made whole")
    void oncePerPhase() {
        Game g = allied();
        ally(g, INF, "a", "3030", null);
        ally(g, INF, "b", "3030", null);
        assertTrue(js(g, "rules.movement.choicesNow()").toString().contains("\"unit\":\"a\""));
        assertTrue(js(g, "rules.movement.choicesNow()").toString().contains("\"stack\":\"3030\""));
        assertTrue(move(g, "'a'", "3032").path("ok").asBoolean());
        assertEquals("3032", js(g, "state.pieces.a.hex").asText());
        assertTrue(js(g, "state.pieces.a.moved").asBoolean());
        assertFalse(js(g, "rules.movement.choicesNow()").toString().contains("\"unit\":\"a\""));
        JsonNode again = move(g, "'a'", "3033");
        assertFalse(again.path("ok").asBoolean());
        assertEquals("3.4", again.path("rule").asText());
        assertEquals(0, reach(g, "a").size());
    }

    @Test
    @DisplayName("FoT 4.3 10.3 towed guns: half their MPs or less Half Move/Half Fire, more Full Move/No Fire; Axis 88s and Semovente exempt")
    void towedGuns() {
        Game g = allied();
        ally(g, AT, "h", "2431", "{ma: 10}");
        ally(g, AT, "f", "2429", "{ma: 10}");
        ally(g, ART, "r", "2433", "{ma: 10}");
        ally(g, INF, "i", "2434", "{ma: 10}");
        assertEquals(5.0, reach(g, "h").path("2931").asDouble());
        assertTrue(move(g, "'h'", "2931").path("ok").asBoolean());
        assertEquals("half-move-half-fire", js(g, "state.pieces.h.moveMarker").asText(), "5 of 10 MPs");
        assertTrue(move(g, "'f'", "3029").path("ok").asBoolean());
        assertEquals("full-move-no-fire", js(g, "state.pieces.f.moveMarker").asText(), "6 of 10 MPs");
        assertTrue(move(g, "'r'", "3133").path("ok").asBoolean());
        assertEquals("full-move-no-fire", js(g, "state.pieces.r.moveMarker").asText(), "artillery too");
        assertTrue(move(g, "'i'", "3434").path("ok").asBoolean());
        assertTrue(js(g, "state.pieces.i.moveMarker === null").asBoolean(), "infantry: Movement Complete only");
        assertEquals("50xx", js(g, "state.pieces.h.movedWith").asText(), "the activation the move reductions hold for (4.3 NOTE)");

        Game x = axis(null);
        german(x, FLAK, "flak", "2431", "{ma: 8}");
        german(x, SEMOVENTE, "sem", "2429", "{ma: 8}");
        german(x, "de-15xx-33-pzjg", "pzjg", "2433", "{ma: 8}");
        assertTrue(move(x, "'flak'", "3231").path("ok").asBoolean());
        assertTrue(move(x, "'sem'", "3229").path("ok").asBoolean());
        assertTrue(move(x, "'pzjg'", "3233").path("ok").asBoolean());
        assertTrue(js(x, "state.pieces.flak.moveMarker === null && state.pieces.sem.moveMarker === null").asBoolean(), "4.3: no reduction for the 88 or the Semovente");
        assertEquals("full-move-no-fire", js(x, "state.pieces.pzjg.moveMarker").asText(), "a German light AT unit is not exempt");
    }

    @Test
    @DisplayName("FoT 8.2 artillery moves next to an enemy unit only with a non-artillery unit")
    void artilleryEscort() {
        Game g = allied();
        german(g, TANK, "e", "3034", "{sp: 2}");                  // no ZOC
        ally(g, ART, "r", "3031", null);
        ally(g, INF, "i", "3031", null);
        assertTrue(reach(g, "r").path("3033").isMissingNode());
        assertFalse(reach(g, "r").path("3032").isMissingNode());
        JsonNode no = move(g, "'r'", "3033");
        assertEquals("8.2", no.path("rule").asText());
        assertTrue(move(g, "'r', 'i'", "3033").path("ok").asBoolean());
        assertEquals("3033", js(g, "state.pieces.r.hex").asText());
    }

    @Test
    @DisplayName("FoT 16.42 the May 26 turning movement: triple MA, never next to an Allied unit")
    void turningMovement() {
        Game g = axis("turning-movement");
        german(g, TANK, "t", "2429", "{ma: 10}");
        placeAs(g, INF, "al", "3029", null);
        assertEquals(30.0, js(g, "rules.movement.allowance(state.pieces.t).mp").asDouble());
        JsonNode r = reach(g, "t");
        assertFalse(r.path("2829").isMissingNode(), "two hexes from the Allied unit");
        assertTrue(r.path("2929").isMissingNode(), "next to it");
        assertFalse(r.path("3629").isMissingNode(), "12 hexes away: beyond a normal move, within the triple one");
        assertEquals("16.42", move(g, "'t'", "2929").path("rule").asText());
        run(g, "state.activation.special = null;");
        assertEquals(10.0, js(g, "rules.movement.allowance(state.pieces.t).mp").asDouble());
    }

    @Test
    @DisplayName("FoT 13.1 13.3 a minefield costs half the available MPs; free once breached, and to Allied units leaving their box")
    void minefields() {
        Game g = axis(null);
        hq(g, "1310");
        german(g, TANK, "t", "1311", "{ma: 10}");
        assertTrue(js(g, "map.hexsideHas('1311', '1312', 'minefield')").asBoolean());
        double plain = js(g, "tables.terrain['movement-costs'].hex[map.terrain('1312')].Tracked").asDouble();
        assertEquals(plain + 5, step(g, "t", "1311", "1312").asDouble(), "half of 10 MPs");
        run(g, "state.minefields = state.minefields || {}; state.minefields.breached = {'1311/1312': {by: 'x'}};");
        assertEquals(plain, step(g, "t", "1311", "1312").asDouble(), "breached");

        Game a = allied();
        ally(a, INF, "i", "2625", "{ma: 4}");
        assertTrue(js(a, "map.hexsideHas('2625', '2526', 'minefield') && map.hasFeature('2625', 'box')").asBoolean());
        assertEquals(1.0, step(a, "i", "2625", "2526").asDouble(), "out of the box: free");
        assertEquals(3.0, step(a, "i", "2526", "2625").asDouble(), "into the box: 1 + half of 4");
        assertEquals(1.0, reach(a, "i").path("2526").asDouble(), "the search finds the free crossing the cost model over-charges");
        hq(a, "3012");
        ally(a, INF, "k", "3110", "{ma: 4}");
        assertEquals(1.0, reach(a, "k").path("3111").asDouble(), "and the track up the escarpment");
    }

    @Test
    @DisplayName("FoT 4.21 no move ends over the stacking limit; a unit may pass through a full hex")
    void stackingAtTheEnd() {
        Game g = allied();
        ally(g, INF, "full", "3032", "{sp: 14}");
        ally(g, INF, "a", "3031", "{sp: 3, ma: 4}");
        JsonNode r = reach(g, "a");
        assertTrue(r.path("3032").isMissingNode());
        assertEquals(2.0, r.path("3033").asDouble(), "through 3032");
        assertEquals("4.21", move(g, "'a'", "3032").path("rule").asText());
        run(g, "state.pieces.a.sp = 2;");
        assertTrue(move(g, "'a'", "3032").path("ok").asBoolean());
    }

    @Test
    @DisplayName("FoT 15.2 Allied units leave off the east edge once withdrawal is triggered; never before, never Axis units")
    void exitEastEdge() {
        Game g = allied();
        JsonNode edge = js(g, "map.zone('east-edge').filter((h) => map.terrain(h) === 'high-ground').sort()");
        String hex = edge.get(edge.size() / 2).asText();
        String near = js(g, "map.within('" + hex + "', 2).filter((h) => map.distance(h, '" + hex + "') === 2 && map.terrain(h) === 'high-ground').sort()[0]").asText();
        ally(g, CAR, "c", near, null);
        run(g, "const h = Object.values(state.pieces).find((p) => p.id === 'br-50xx-hq'); h.hex = '" + near + "';");
        assertEquals("15.2", move(g, "'c'", "exit").path("rule").asText());
        run(g, "state.withdrawal = true;");
        assertTrue(js(g, "rules.movement.choicesNow()").toString().contains("\"unit\":\"c\""));
        assertTrue(move(g, "'c'", "exit").path("ok").asBoolean());
        assertEquals("exited", js(g, "state.pieces.c.at").asText());
        assertTrue(js(g, "state.pieces.c.hex === null").asBoolean());
    }

    @Test
    @DisplayName("FoT 3.43 a Movement Impulse through the decisions: choose the unit, then its hex, with the move traced")
    void impulseDecisions() {
        Game g = start(scenario(7, 7, "de-15xx-hq@3028", "de-15xx-1-8@3030", "br-50xx-hq@1812"), 5);
        for (int i = 0; i < 300 && !g.over(); i++) {
            if (find(g, "\"impulse\":\"movement\"") >= 0) {
                if (js(g, "state.activation.side").asText().equals("axis")) break;
                take(g, "\"do\":\"end\"");
            } else g.applyIndex(0);
        }
        assertTrue(find(g, "\"impulse\":\"movement\"") >= 0, "a movement impulse is offered");
        take(g, "\"impulse\":\"movement\"");
        assertTrue(g.view(null).prompt().contains("Movement Impulse"));
        take(g, "\"unit\":\"de-15xx-1-8\"");
        assertTrue(find(g, "\"cancel\"") >= 0);
        List<JsonNode> events = g.applyIndex(find(g, "\"hex\":\"3032\"")).events();
        assertEquals("3032", js(g, "state.pieces['de-15xx-1-8'].hex").asText());
        assertFalse(withRule(events, "10.11").isEmpty());
    }
    /** An east-edge high-ground hex in the middle of the edge, and the high-ground hex two columns in from it. */
    static String[] eastEntry(Game g) {
        JsonNode edge = js(g, "map.zone('east-edge').filter((h) => map.terrain(h) === 'high-ground').sort()");
        String hex = edge.get(edge.size() / 2).asText();
        String in = js(g, "map.within('" + hex + "', 2).filter((h) => map.distance(h, '" + hex + "') === 2 && map.terrain(h) === 'high-ground'"
                + " && map.zone('east-edge').indexOf(h) < 0 && !map.neighbors(h).some((n) => map.zone('east-edge').indexOf(n) >= 0)).sort()[0]").asText();
        return new String[] {hex, in};
    }

    @Test
    @DisplayName("FoT 5.11 a reinforcement enters at its edge during a Movement Impulse")
    void reinforcementEnters() {
        Game g = allied();
        String[] e = eastEntry(g);
        String hex = e[0], in = e[1];
        arriving(g, INF, "r1", "['east-edge']", "{formation: '50xx', brigade: null, attached: null}");
        arriving(g, INF, "r2", "['east-edge']", "{formation: '50xx', brigade: null, attached: null}");
        arriving(g, INF, "late", "['east-edge']", "{formation: '50xx', brigade: null, attached: null, arrives: ctx.turn + 1}");
        String choices = js(g, "rules.movement.choicesNow()").toString();
        assertTrue(choices.contains("\"unit\":\"r1\""), choices);
        assertTrue(choices.contains("\"stack\":\"off-map:allied:east-edge\""), "the units waiting at the edge are one stack: " + choices);
        assertFalse(choices.contains("late"), "a unit whose day has not come does not enter");
        assertEquals("5.11", move(g, "'late'", in).path("rule").asText());
        double ground = js(g, "tables.terrain['movement-costs'].hex['high-ground'].Leg").asDouble();
        JsonNode r = reach(g, "r1");
        assertEquals(ground, r.path(hex).asDouble(), "entering an edge hex costs that hex's terrain");
        assertTrue(r.has(in), "and the unit moves on with the MPs left");
        double ma = js(g, "state.pieces.r1.ma").asDouble();
        r.fields().forEachRemaining((x) -> assertTrue(x.getValue().asDouble() >= ground && x.getValue().asDouble() <= ma, x.toString()));
        double cost = r.path(in).asDouble();
        JsonNode done = move(g, "'r1', 'r2'", in);
        assertTrue(done.path("ok").asBoolean(), done.toString());
        for (String id : new String[] {"r1", "r2"}) {
            assertEquals("map", js(g, "state.pieces." + id + ".at").asText());
            assertEquals(in, js(g, "state.pieces." + id + ".hex").asText());
            assertTrue(js(g, "state.pieces." + id + ".moved").asBoolean());
        }
        assertEquals(1, js(g, "state.activation.apSpent").asInt(), "the group waiting off the edge pays once, as one stack of the formation (7.21)");
        List<JsonNode> entered = withRule(trace(g), "5.11");
        assertFalse(entered.isEmpty());
        assertEquals(cost, entered.get(entered.size() - 1).path("result").asDouble());
        assertTrue(entered.get(entered.size() - 1).path("text").asText().contains("entering the map"));
        assertFalse(js(g, "rules.movement.choicesNow()").toString().contains("\"unit\":\"r1\""), "it has moved (3.4)");
    }

    @Test
    @DisplayName("FoT 5.11 4.12 an entry hex holding enemy units is barred; one in an enemy ZOC costs its ZOC too")
    void blockedEntryHex() {
        Game g = allied();
        String hex = eastEntry(g)[0];
        german(g, TANK, "t", hex, "{sp: 12}");
        arriving(g, INF, "r", "['east-edge']", "{formation: '50xx', brigade: null, attached: null}");
        JsonNode r = reach(g, "r");
        assertFalse(r.has(hex), "enemy units hold it");
        JsonNode refused = move(g, "'r'", hex);
        assertFalse(refused.path("ok").asBoolean());
        assertEquals("10.1", refused.path("rule").asText(), refused.toString());
        String side = js(g, "map.neighbors('" + hex + "').filter((h) => map.zone('east-edge').indexOf(h) >= 0 && map.terrain(h) === 'high-ground').sort()[0]").asText();
        int level = js(g, "rules.zoc.level('" + side + "', 'axis')").asInt();
        assertEquals(2, level, side + " is in the 12 SPs' HZOC (4.1)");
        double expected = js(g, "tables.terrain['movement-costs'].hex['high-ground'].Leg + tables.zoc.movement['enter-cost']['" + (level == 2 ? "HZOC" : "LZOC") + "']").asDouble();
        assertEquals(expected, r.path(side).asDouble(), "the entry hex's terrain and its enemy ZOC (4.12)");
        if (level == 2) {
            JsonNode done = move(g, "'r'", side);
            assertTrue(done.path("ok").asBoolean(), done.toString());
            assertEquals(side, js(g, "state.pieces.r.hex").asText());
        }
    }

    @Test
    @DisplayName("FoT 10.1 3.4 the inspector's reach overlay: the selected unit's hexes with their MPs, or why it may not move, on its hex")
    void reachOverlay() {
        Game g = allied();
        ally(g, INF, "leg", "2731", null);
        var a = args("unit", "leg");
        JsonNode v = g.overlay("reach", a);
        assertEquals(reach(g, "leg"), v, "the same hexes and MPs as the movement rules' reachable()");
        assertTrue(v.size() > 6, v.toString());
        run(g, "state.pieces.leg.moved = true;");
        JsonNode done = g.overlay("reach", a);
        assertEquals(1, done.size(), done.toString());
        assertTrue(done.path("2731").asText().startsWith("cannot move: leg has had its Movement Impulse"), done.toString());
        assertTrue(done.path("2731").asText().endsWith("(3.4)"), done.toString());
    }
}
