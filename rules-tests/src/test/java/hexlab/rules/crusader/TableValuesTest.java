package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.rules.EditedRules;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crusader's numbers, thresholds and lists are read from its tables: each test changes one value
 * the way a designer would (an erratum on a copy of the rule files) and shows the outcome change;
 * then the errata Crusader ships, each changing play when applied.
 */
@DisplayName("Crusader every number is data, and its errata")
class TableValuesTest {
    static final EditedRules R = new EditedRules("crusader")
            .erratum("losses-12", "- {op: replace, path: victory/campaign/axis-losses/any-of/0/axis-units-destroyed-at-least, value: 12}")
            .erratum("route-10", "- {op: replace, path: victory/victory-points/route-to-tobruk/points, value: 10}")
            .erratum("diversion-six", "- {op: replace, path: diversion/success/results/5, value: fail}")
            .erratum("ring-2", "- {op: replace, path: tobruk/perimeter-exemption/distance/exactly, value: 2}")
            .erratum("south-5", "- {op: replace, path: supply-sources/sources/british/edges/1/distance, value: 5}")
            .erratum("route-ends-free", "- {op: replace, path: victory/campaign/route-to-tobruk/terminal-hexes-included, value: false}");

    static Game game(String spec, String table, int turn, String... pieces) {
        return R.start(R.variant(spec), Fixtures.scenario(turn, turn, "british", table, false, null, pieces), 1);
    }

    static JsonNode eval(Game g, String js) { return EditedRules.eval(g, js); }

    static void eliminate(Game g, String... ids) {
        for (String id : ids) eval(g, "(function(p){ p.hex = null; p.at = 'eliminated'; state.eliminated.push(p.id); return 1; })(ctx.piece('" + id + "'))");
    }

    // eleven Axis units to destroy, five of them German, and twelve more left on the map
    static final String[] AXIS = {"de-1-8-pz@0614", "de-2-8-pz@0616", "de-1-5-pz@0618", "de-2-5-pz@0620", "de-33-at@0622",
        "it-19-inf@0703", "it-20-inf@0704", "it-27-inf@0908", "it-28-inf@1007", "it-61-inf@0805", "it-62-inf@0906",
        "it-15-inf@0510", "it-16-inf@0610", "it-39-inf@0710", "it-40-inf@0810", "de-33-recce@0910", "de-3-recce@1010",
        "de-580-recce@1110", "de-2-200-bn@1210", "de-33-bn@1310", "de-900-bn@1410", "de-15-200-bn@1510", "de-1-115-bn@1610",
        "br-8rtr@3419"};

    @Test
    @DisplayName("Crusader 19.17 nr. 2 the Axis losses the British need are read from victory campaign: eleven destroyed, or twelve")
    void campaignLosses() {
        for (String[] c : new String[][] {{"", "true"}, {"errata:losses-12", "false"}}) {
            Game g = game(c[0], "campaign", 18, AXIS);
            eliminate(g, "de-1-8-pz", "de-2-8-pz", "de-1-5-pz", "de-2-5-pz", "de-33-at", "it-19-inf", "it-20-inf", "it-27-inf", "it-28-inf", "it-61-inf", "it-62-inf");
            assertEquals(Boolean.parseBoolean(c[1]), eval(g, "rules.victory.campaign(false).lossesMet").asBoolean(), c[0]);
        }
    }

    @Test
    @DisplayName("Crusader 19.27 the route to Tobruk's points are read from victory victory-points: 60, or 10 when changed")
    void routePoints() {
        String js = "rules.victory.points(false).british";
        assertEquals(60.0, eval(game("", "victory-points", 6, "de-1-8-pz@0614", "br-8rtr@3419"), js).asDouble());
        assertEquals(10.0, eval(game("errata:route-10", "victory-points", 6, "de-1-8-pz@0614", "br-8rtr@3419"), js).asDouble());
    }

    @Test
    @DisplayName("Crusader 19.17 nr. 1 whether the route's end hexes must be free is read from victory campaign: Tobruk in an Axis zone closes it, or not")
    void routeEnds() {
        String[] pieces = {"it-40-inf@1203", "br-8rtr@3419"};
        assertEquals(false, eval(game("", "campaign", 18, pieces), "rules.victory.route().open").asBoolean());
        assertEquals(true, eval(game("errata:route-ends-free", "campaign", 18, pieces), "rules.victory.route().open").asBoolean());
    }

    @Test
    @DisplayName("Crusader 18.1 the diversion's success roll is read from diversion success, and the prompt says which rolls succeed")
    void diversionSuccess() {
        for (String[] c : new String[][] {{"", "5 or 6"}, {"errata:diversion-six", "6"}}) {
            Game g = R.start(R.variant(c[0]), Fixtures.scenario(6, 8, "british", "campaign", true, null, "de-1-8-pz@1605", "br-8rtr@3419"), 1);
            assertEquals("british", g.toAct());
            assertTrue(g.view(null).prompt().contains("(" + c[1] + " succeeds)"), g.view(null).prompt());
        }
    }

    @Test
    @DisplayName("Crusader 17.1 the ring the exemption is measured on is read from tobruk perimeter-exemption: three hexes from 1003, or two")
    void perimeterRing() {
        Game base = game("", "campaign", 18, "de-1-8-pz@0614", "br-8rtr@3419");
        Game two = game("errata:ring-2", "campaign", 18, "de-1-8-pz@0614", "br-8rtr@3419");
        assertEquals(3, eval(base, "map.distance('1003', rules.tobruk.ring()[0])").asInt());
        assertEquals(2, eval(two, "map.distance('1003', rules.tobruk.ring()[0])").asInt());
        assertEquals(2, eval(two, "Object.values(rules.tobruk.ringOverlay())[0]").asInt());
    }

    @Test
    @DisplayName("Crusader 16.0 the British south-edge sources are read from supply-sources: within eleven hexes of the east edge, or five")
    void southSources() {
        String js = "rules['supply-sources'].supplySources('british').filter((h) => map.zone('south-edge').indexOf(h) >= 0 && map.zone('east-edge').indexOf(h) < 0).length";
        int base = eval(game("", "campaign", 18, "de-1-8-pz@0614", "br-8rtr@3419"), js).asInt();
        int five = eval(game("errata:south-5", "campaign", 18, "de-1-8-pz@0614", "br-8rtr@3419"), js).asInt();
        assertTrue(five < base && five > 0, base + " against " + five);
    }

    @Test
    @DisplayName("Crusader 19.17 erratum campaign-overlap-draw: both British conditions met and Axis nr. 2 as well is a draw")
    void campaignOverlapDraw() {
        Game g = VictoryTest.costly(Fixtures.crusader("errata:campaign-overlap-draw"));
        Fixtures.eval(g, "rules.victory.determine()");
        assertTrue(g.result().path("winner").isNull(), g.result().toString());
        assertTrue(g.result().path("level").asText().contains("draw"));
    }

    @Test
    @DisplayName("DG 18.2 erratum dg-withdrawal-axis-units: the program withdraws the strongest Axis units, Italian ones too")
    void withdrawalAxisUnits() {
        String[] pieces = {"de-33-at@1605", "de-2-200-bn@0110", "it-xxi-arty@0907", "br-8rtr@3419"};
        Game base = DiversionTest.turnEight("option:computer-withdrawal", 2, pieces);
        Fixtures.doneUntil(base, "no such prompt, run to the end");
        assertEquals("[\"de-33-at\",\"de-2-200-bn\"]", Fixtures.eval(base, "state.diversion.withdrawn").toString());
        Game axis = DiversionTest.turnEight("option:computer-withdrawal,errata:dg-withdrawal-axis-units", 2, pieces);
        Fixtures.doneUntil(axis, "no such prompt, run to the end");
        // XXI Corps artillery: barrage 6 + FPF 2 = 8 points, the strongest Axis unit left
        assertEquals("[\"it-xxi-arty\",\"de-33-at\"]", Fixtures.eval(axis, "state.diversion.withdrawn").toString());
    }
    @Test
    @DisplayName("DG PC edition preset dg-pc: the edition's options and its 18.2 note, the same play as naming them one by one")
    void dgPcPreset() {
        hexlab.kernel.rules.Variant dg = Fixtures.crusader("preset:dg-pc");
        assertEquals(java.util.Map.of("dg-fortified-box-minefields", true, "dg-computer-diversion-roll", true, "computer-withdrawal", true),
                dg.chosenOptions());
        assertEquals(java.util.List.of("dg-withdrawal-axis-units"), dg.errata());
        assertEquals(Fixtures.crusader("option:dg-fortified-box-minefields,option:dg-computer-diversion-roll,option:computer-withdrawal,"
                + "errata:dg-withdrawal-axis-units").id(), dg.id());
        // an option named beside the preset wins over it: the British player chooses again
        assertEquals(false, Fixtures.crusader("preset:dg-pc,option:computer-withdrawal=false").options().get("computer-withdrawal"));
        String[] pieces = {"de-33-at@1605", "de-2-200-bn@0110", "it-xxi-arty@0907", "br-8rtr@3419"};
        Game g = DiversionTest.turnEight("preset:dg-pc", 2, pieces);
        Fixtures.doneUntil(g, "no such prompt, run to the end");
        assertEquals("[\"it-xxi-arty\",\"de-33-at\"]", Fixtures.eval(g, "state.diversion.withdrawn").toString());
    }
}
