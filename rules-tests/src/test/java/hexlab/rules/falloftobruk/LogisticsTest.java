package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT 5.2-5.423: refitting, reserve tanks and wreck repair in the Reinforcement/Replacement Phase.
 * Each test stops a game at the Dawn of June 2 (turn 8), where the 5.11 "Tobruk or East Edge"
 * choice waits, builds the boxes and the map around it, then lets the phase go on.
 */
@DisplayName("FoT 5.2-5.4 Refit, reserve tanks and wrecks")
class LogisticsTest {
    static final ObjectMapper M = new ObjectMapper();
    static final String EY5 = "br-50xx-5-ey", GH6 = "br-50xx-6-gh", GH7 = "br-50xx-7-gh";   // British infantry, DF 5, HAF 1, SAF 3
    static final String HQ50 = "br-50xx-hq", HQ2A = "br-2axx-hq", HQ15 = "de-15xx-hq";
    static final String BAYS_B = "br-2axx-b-bays", BAYS_C = "br-2axx-c-bays", L9_B = "br-2axx-b-9l";   // Crusaders
    static final String PZ1 = "de-15xx-1-8", PZ2 = "de-15xx-2-8", PZ3 = "de-15xx-3-8";             // PzKw IIIj, IIIj/1, IIIj
    static final String M13 = "it-132xx-i-8";                                                        // M13/40
    static final String DCLI = "br-10th-indian-elements-br-1-dcli";                                  // arrives June 2, Tobruk or East Edge

    /** The game at the Dawn of June 2, the 5.11 choice pending; nothing else on the map. */
    static Game atDawn() {
        Game g = start(scenario(7, 8, DCLI + "@arriving"), 1);
        assertTrue(g.view(null).prompt().contains("where do they arrive"), g.view(null).prompt());
        return g;
    }

    /** Lets the 5.11 choice go: the refit steps come next. Its trace entries. */
    static List<JsonNode> arrive(Game g) { return takeEv(g, "\"at\":\"east-edge\""); }

    /** Takes the first legal action containing {@code fragment}: the trace entries it wrote. */
    static List<JsonNode> takeEv(Game g, String fragment) {
        int i = find(g, fragment);
        assertTrue(i >= 0, "no action with " + fragment + " among " + g.legalActions() + " (" + g.view(null).prompt() + ")");
        return g.applyIndex(i).events();
    }

    /** Puts a unit of the order of battle in a box (lost in `hex`, or never on the map: null), with some fields. */
    static void boxed(Game g, String unit, String box, String lostIn, String fields) {
        run(g, "const u = tables.units.units.list.find((x) => x.id === '" + unit + "');"
                + "const p = Object.assign(rules.setup.makePiece(u), " + (fields == null ? "{}" : fields) + ");"
                + "p.hex = null; p.at = 'eliminated'; p.box = '" + box + "'; p.lostIn = " + (lostIn == null ? "null" : "'" + lostIn + "'") + "; state.pieces[p.id] = p;");
    }

    static JsonNode piece(Game g, String id) { return js(g, "state.pieces['" + id + "']"); }

    static JsonNode act(String json) {
        try { return M.readTree(json); } catch (Exception e) { throw new IllegalArgumentException(e); }
    }

    static boolean offered(Game g, String fragment) { return find(g, fragment) >= 0; }

    @Test
    @DisplayName("FoT 5.22 EXAMPLE three units that lost 1, 2 and 3 morale letters: the one that lost 1 returns with 2 lost, the others are gone for good")
    void refitExample() {
        Game g = atDawn();
        JsonNode ex = js(g, "tables.refit.examples.morale");
        place(g, HQ50, "4533");
        boxed(g, EY5, "units-to-be-refitted", "4531", "{moraleLoss: " + ex.path("letters-lost").get(0).asInt() + "}");
        boxed(g, GH6, "units-to-be-refitted", "4531", "{moraleLoss: " + ex.path("letters-lost").get(1).asInt() + "}");
        boxed(g, GH7, "units-to-be-refitted", "4531", "{moraleLoss: " + ex.path("letters-lost").get(2).asInt() + "}");
        arrive(g);
        assertTrue(g.view(null).prompt().contains("allied: refit a unit"), g.view(null).prompt());
        assertEquals(ex.path("returned-unit-lost").asInt(), piece(g, EY5).path("moraleLoss").asInt());
        take(g, "\"do\":\"refit\",\"unit\":\"" + EY5 + "\"");
        take(g, "\"do\":\"with\",\"unit\":\"" + GH6 + "\"");
        take(g, "\"do\":\"with\",\"unit\":\"" + GH7 + "\"");
        assertTrue(g.view(null).prompt().contains("5.22"), g.view(null).prompt());
        List<JsonNode> ev = takeEv(g, "\"do\":\"place\",\"unit\":\"" + EY5 + "\",\"hex\":\"4533\"");
        assertEquals("4533", piece(g, EY5).path("hex").asText());
        assertEquals("map", piece(g, EY5).path("at").asText());
        assertEquals(ex.path("returns-with-lost").asInt(), piece(g, EY5).path("moraleLoss").asInt());
        assertEquals("units-destroyed", piece(g, GH6).path("box").asText());
        assertEquals("units-destroyed", piece(g, GH7).path("box").asText());
        JsonNode t = withRule(ev, "5.21, 5.22").get(0);
        assertTrue(t.path("text").asText().contains("2 morale letters lost"), t.toString());
        // 5.2: one refit a phase: the refit stage is over
        assertFalse(g.view(null).prompt().contains("refit a unit"), g.view(null).prompt());
    }

    @Test
    @DisplayName("FoT 5.21 the unit with the lowest Defense Factor returns: a stronger one is not offered, and units of another nationality or type never join")
    void lowestDefenseReturns() {
        Game g = atDawn();
        place(g, HQ50, "4533");
        boxed(g, EY5, "units-to-be-refitted", "4531", null);
        boxed(g, GH6, "units-to-be-refitted", "4531", "{df: 4}");
        boxed(g, GH7, "units-to-be-refitted", "4531", null);
        boxed(g, "br-50xx-65-at", "units-to-be-refitted", "4531", "{df: 1}");           // light AT: another type
        arrive(g);
        assertTrue(offered(g, "\"do\":\"refit\",\"unit\":\"" + GH6 + "\""));
        assertFalse(offered(g, "\"do\":\"refit\",\"unit\":\"" + EY5 + "\""));
        assertFalse(offered(g, "\"do\":\"refit\",\"unit\":\"br-50xx-65-at\""));
        Outcome o = g.apply(act("{\"do\":\"refit\",\"unit\":\"" + EY5 + "\"}"));
        assertFalse(o.accepted());
        assertEquals("5.21", o.refusal().rule(), o.refusal().toString());
        take(g, "\"do\":\"refit\",\"unit\":\"" + GH6 + "\"");
        assertFalse(offered(g, "br-50xx-65-at"), g.legalActions().toString());
        // equal Defense, equal attack: the owner's choice (both offered)
        assertTrue(offered(g, "\"do\":\"with\",\"unit\":\"" + EY5 + "\"") && offered(g, "\"do\":\"with\",\"unit\":\"" + GH7 + "\""));
    }

    @Test
    @DisplayName("FoT 5.21 on equal Defense Factors the lowest Hard + Soft Attack returns")
    void lowestAttackOnTie() {
        Game g = atDawn();
        place(g, HQ50, "4533");
        boxed(g, EY5, "units-to-be-refitted", "4531", "{saf: 2}");
        boxed(g, GH6, "units-to-be-refitted", "4531", null);
        boxed(g, GH7, "units-to-be-refitted", "4531", null);
        arrive(g);
        assertTrue(offered(g, "\"do\":\"refit\",\"unit\":\"" + EY5 + "\""));
        assertFalse(offered(g, "\"do\":\"refit\",\"unit\":\"" + GH6 + "\""));
    }

    @Test
    @DisplayName("FoT 5.22 a refitted unit returns only in a hex that traces supply to its formation HQ; without the HQ on the map there is no refit")
    void placementTracesToHq() {
        Game g = atDawn();
        boxed(g, EY5, "units-to-be-refitted", "4531", null);
        boxed(g, GH6, "units-to-be-refitted", "4531", null);
        boxed(g, GH7, "units-to-be-refitted", "4531", null);
        arrive(g);
        assertFalse(offered(g, "\"do\":\"refit\""), g.view(null).prompt());

        g = atDawn();
        place(g, HQ50, "4533");
        boxed(g, EY5, "units-to-be-refitted", "4531", null);
        boxed(g, GH6, "units-to-be-refitted", "4531", null);
        boxed(g, GH7, "units-to-be-refitted", "4531", null);
        arrive(g);
        take(g, "\"do\":\"refit\",\"unit\":\"" + EY5 + "\"");
        take(g, "\"do\":\"with\"");
        take(g, "\"do\":\"with\"");
        List<JsonNode> acts = g.legalActions();
        assertTrue(acts.size() > 1);
        JsonNode limit = js(g, "tables.supply.trace['unit-to-hq']['max-mp']");
        for (JsonNode a : acts) {
            String h = a.path("hex").asText();
            assertTrue(js(g, "map.distance('4533', '" + h + "')").asInt() <= limit.asInt(), a.toString());
        }
        Outcome o = g.apply(act("{\"do\":\"place\",\"unit\":\"" + EY5 + "\",\"hex\":\"0103\"}"));
        assertFalse(o.accepted());
        assertEquals("5.22", o.refusal().rule());
    }

    @Test
    @DisplayName("FoT 5.31 5.33 a tank in Units to be Refit returns with a reserve step of its model, two a side a phase; the track loses one each")
    void reserveTanks() {
        Game g = atDawn();
        place(g, HQ2A, "4533");
        for (String t : new String[] {BAYS_B, BAYS_C, L9_B}) boxed(g, t, "units-to-be-refitted", "4531", null);
        int before = js(g, "state.reserveTankTypes.allied.Crusader").asInt();
        int total = js(g, "state.reserveTanks.allied").asInt();
        arrive(g);
        assertFalse(offered(g, "\"do\":\"refit\",\"unit\":\"" + BAYS_B + "\""), "tanks are not refitted (5.31)");
        assertTrue(g.view(null).prompt().contains("5.33"), g.view(null).prompt());
        take(g, "\"do\":\"return\",\"unit\":\"" + BAYS_B + "\"");
        List<JsonNode> ev = new java.util.ArrayList<>(takeEv(g, "\"do\":\"place\""));
        take(g, "\"do\":\"return\",\"unit\":\"" + BAYS_C + "\"");
        ev.addAll(takeEv(g, "\"do\":\"place\""));
        assertFalse(offered(g, "\"do\":\"return\""), "two a side a phase");
        assertEquals(before - 2, js(g, "state.reserveTankTypes.allied.Crusader").asInt());
        assertEquals(total - 2, js(g, "state.reserveTanks.allied").asInt());
        assertEquals("map", piece(g, BAYS_B).path("at").asText());
        assertEquals("units-to-be-refitted", piece(g, L9_B).path("box").asText());
        assertEquals(2, withRule(ev, "5.33").stream().filter((e) -> e.path("text").asText().contains("reserve step replaces")).count());
    }

    @Test
    @DisplayName("FoT 5.33 an empty reserve track returns no tank")
    void emptyTrack() {
        Game g = atDawn();
        place(g, HQ2A, "4533");
        boxed(g, BAYS_B, "units-to-be-refitted", "4531", null);
        run(g, "state.reserveTanks.allied -= state.reserveTankTypes.allied.Crusader; state.reserveTankTypes.allied.Crusader = 0;");
        arrive(g);
        assertFalse(offered(g, "\"do\":\"return\""), g.legalActions().toString());
    }

    @Test
    @DisplayName("FoT 5.421 German wrecks next to an Axis unit: one automatic repair, back in its hex at once; a roll of 7-9 is Unrecoverable, 0-6 repairs to Units to be Refit and the reserve")
    void germanRepair() {
        Game g = atDawn();
        place(g, HQ15, "4430");
        for (String t : new String[] {PZ1, PZ2, PZ3}) boxed(g, t, "wreck", "4431", null);
        int iiij = js(g, "state.reserveTankTypes.axis['PzKw IIIj']").asInt();
        arrive(g);
        assertTrue(g.view(null).prompt().contains("german wreck repair (5.421)"), g.view(null).prompt());
        take(g, "\"do\":\"repair\",\"unit\":\"" + PZ2 + "\"");
        assertEquals("4431", piece(g, PZ2).path("hex").asText());
        assertEquals("map", piece(g, PZ2).path("at").asText());
        assertFalse(offered(g, "\"do\":\"repair\""), "one automatic repair a turn");
        dealNext(g, "7");
        List<JsonNode> ev = takeEv(g, "\"do\":\"attempt\",\"unit\":\"" + PZ1 + "\"");
        assertEquals("units-destroyed", piece(g, PZ1).path("box").asText());
        dealNext(g, "6");
        take(g, "\"do\":\"attempt\",\"unit\":\"" + PZ3 + "\"");
        assertEquals("units-to-be-refitted", piece(g, PZ3).path("box").asText());
        assertEquals(iiij + 1, js(g, "state.reserveTankTypes.axis['PzKw IIIj']").asInt());
        assertFalse(withRule(ev, "5.421, 5.423").isEmpty(), ev.toString());
    }

    @Test
    @DisplayName("FoT 5.421 a German wreck with an Allied unit in its hex, or no Axis unit in or next to it, is not repaired")
    void germanNotEligible() {
        Game g = atDawn();
        place(g, HQ15, "4330");
        boxed(g, PZ1, "wreck", "4431", null);             // 4330 is two hexes off
        arrive(g);
        assertFalse(offered(g, "\"unit\":\"" + PZ1 + "\""), g.view(null).prompt());
    }

    @Test
    @DisplayName("FoT 5.422 an Allied wreck needs a friendly unit in its hex and no enemy in or next to it; 0-5 repairs, 6-9 is Unrecoverable")
    void alliedRepair() {
        Game g = atDawn();
        place(g, EY5, "4531");
        boxed(g, BAYS_B, "wreck", "4531", null);
        boxed(g, BAYS_C, "wreck", "4531", null);
        arrive(g);
        int before = js(g, "state.reserveTankTypes.allied.Crusader").asInt();
        assertTrue(g.view(null).prompt().contains("allied wreck repair (5.422)"), g.view(null).prompt());
        assertFalse(offered(g, "\"do\":\"repair\""), "no automatic repair for the Allies");
        dealNext(g, "5");
        take(g, "\"do\":\"attempt\",\"unit\":\"" + BAYS_B + "\"");
        assertEquals("units-to-be-refitted", piece(g, BAYS_B).path("box").asText());
        assertEquals(before + 1, js(g, "state.reserveTankTypes.allied.Crusader").asInt());
        dealNext(g, "6");
        take(g, "\"do\":\"attempt\",\"unit\":\"" + BAYS_C + "\"");
        assertEquals("units-destroyed", piece(g, BAYS_C).path("box").asText());
    }

    @Test
    @DisplayName("FoT 5.422 an enemy unit next to the wreck's hex stops an Allied or Italian repair")
    void enemyAdjacentBars() {
        Game g = atDawn();
        place(g, EY5, "4531");
        place(g, "de-21xx-i-104", "4430");
        boxed(g, BAYS_B, "wreck", "4531", null);
        place(g, "it-132xx-ii-8", "4430");
        boxed(g, M13, "wreck", "4430", null);             // Italian wreck: friendly in its hex but an enemy next to it
        arrive(g);
        assertFalse(offered(g, "\"unit\":\"" + BAYS_B + "\""), g.view(null).prompt());
        assertFalse(offered(g, "\"unit\":\"" + M13 + "\""), g.view(null).prompt());
    }

    @Test
    @DisplayName("FoT 5.423 a wreck whose hex the enemy holds with none of its owner's units adjacent is Unrecoverable")
    void capturedWreck() {
        Game g = atDawn();
        place(g, "de-21xx-i-104", "4531");
        boxed(g, BAYS_B, "wreck", "4531", null);
        boxed(g, BAYS_C, "wreck", "4533", null);
        place(g, EY5, "4533");
        List<JsonNode> ev = arrive(g);
        assertEquals("units-destroyed", piece(g, BAYS_B).path("box").asText());
        assertEquals("wreck", piece(g, BAYS_C).path("box").asText());
        assertEquals(1, withRule(ev, "5.423").size(), ev.toString());
    }

    @Test
    @DisplayName("FoT 5.32 a repaired tank never lifts its track above eight")
    void trackMaximum() {
        Game g = atDawn();
        place(g, EY5, "4531");
        boxed(g, BAYS_B, "wreck", "4531", null);
        run(g, "state.reserveTanks.allied += 8 - state.reserveTankTypes.allied.Crusader; state.reserveTankTypes.allied.Crusader = 8;");
        arrive(g);
        dealNext(g, "0");
        take(g, "\"do\":\"attempt\",\"unit\":\"" + BAYS_B + "\"");
        assertEquals(js(g, "tables.refit['reserve-tanks']['max-per-type']").asInt(), js(g, "state.reserveTankTypes.allied.Crusader").asInt());
        assertEquals("units-to-be-refitted", piece(g, BAYS_B).path("box").asText());
    }

    @Test
    @DisplayName("FoT 15.3 a unit back in play no longer counts as lost")
    void returnsUnlose() {
        Game g = atDawn();
        place(g, HQ15, "4430");
        boxed(g, PZ1, "wreck", "4431", null);
        run(g, "state.losses.axis.armor = 10;");
        arrive(g);
        take(g, "\"do\":\"repair\",\"unit\":\"" + PZ1 + "\"");
        assertEquals(8, js(g, "state.losses.axis.armor").asInt());
    }

    /** The Allied Crusader track of 16.16 started above what 5.32 lets a track hold. */
    static final hexlab.rules.EditedRules OVERFULL = new hexlab.rules.EditedRules("fall-of-tobruk").erratum("overfull-track",
            "- {op: replace, path: scenarios/initial-reserve-tanks/allied/Crusader, value: 9}");

    @Test
    @DisplayName("FoT 5.32 16.16: no reserve track starts above the 8 steps it holds: a scenario table with 9 Crusaders is refused at set-up, naming both rules")
    void reserveTrackStartsWithinItsLength() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> OVERFULL.scenario(OVERFULL.variant("errata:overfull-track"), "may-27", 1));
        assertTrue(e.getMessage().contains("the allied Crusader reserve track starts at 9 (16.16), above the 8 steps a track holds (5.32)"), e.getMessage());
    }
}
