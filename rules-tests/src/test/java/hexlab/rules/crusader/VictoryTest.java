package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crusader 19.17, 19.27, 19.36, 19.37: victory conditions and victory points on small positions. */
class VictoryTest {

    // column 20 held from the coast (2001-2003 are sea) to the south edge; 2004 has escarpment
    // hexsides to the south (6.15: no zone of control across them), so 2006 covers 2005
    static final String[] AXIS_LINE = {
        "de-1-8-pz@2004", "de-2-8-pz@2006", "de-1-5-pz@2009", "de-2-5-pz@2012", "de-33-at@2015", "de-39-at@2018",
        "de-605-at@2021", "de-33-recce@2024", "de-3-recce@2026"};

    static Game game(String table, int turn, String extra, String... pieces) {
        return Fixtures.start(Fixtures.crusader(), Fixtures.scenario(turn, turn, "british", table, false, extra, pieces), 1);
    }

    static void eliminate(Game g, String... ids) {
        for (String id : ids) {
            Fixtures.eval(g, "(function(p){ p.hex = null; p.at = 'eliminated'; state.eliminated.push(p.id); return 1; })(ctx.piece('" + id + "'))");
        }
    }

    @Test
    @DisplayName("Crusader 19.17 nr. 1 the route runs from an east-edge hex to Tobruk 1103 when no Axis unit or zone is in the way")
    void routeOpen() {
        Game g = game("campaign", 18, null, "de-1-8-pz@0614", "br-8rtr@3419");
        JsonNode r = Fixtures.eval(g, "rules.victory.route()");
        assertEquals(true, r.path("open").asBoolean());
        JsonNode path = r.path("path");
        assertTrue(path.get(0).asText().startsWith("39"), "starts on the east edge: " + path);
        assertEquals("1103", path.get(path.size() - 1).asText());
        for (int i = 1; i < path.size(); i++) {
            assertEquals(true, Fixtures.eval(g, "map.adjacent('" + path.get(i - 1).asText() + "', '" + path.get(i).asText() + "')").asBoolean());
        }
        // 28 columns from 39 to 11: no shorter chain of hexes exists
        assertEquals(29, path.size());
    }

    @Test
    @DisplayName("Crusader 19.17 nr. 1 an Axis zone of control on Tobruk itself closes the route (terminal hexes included)")
    void tobrukInZoc() {
        Game g = game("campaign", 18, null, "it-40-inf@1203", "br-8rtr@3419");
        JsonNode r = Fixtures.eval(g, "rules.victory.route()");
        assertEquals(false, r.path("open").asBoolean());
        assertEquals("1103", r.path("blockedAt").asText());
    }

    @Test
    @DisplayName("Crusader 19.17 nr. 1 an Axis line from the coast to the south edge closes the route; one gap reopens it")
    void axisLine() {
        Game g = game("campaign", 18, null, withBritish(AXIS_LINE));
        assertEquals(false, Fixtures.eval(g, "rules.victory.route().open").asBoolean());
        eliminate(g, "de-2-5-pz");   // 2012 empty: 2011-2013 free of zones of control
        JsonNode r = Fixtures.eval(g, "rules.victory.route()");
        assertEquals(true, r.path("open").asBoolean());
        String path = r.path("path").toString();
        assertTrue(path.contains("\"2011\"") || path.contains("\"2012\"") || path.contains("\"2013\""), path);
    }

    static String[] withBritish(String[] axis) {
        String[] out = java.util.Arrays.copyOf(axis, axis.length + 1);
        out[axis.length] = "br-8rtr@3419";
        return out;
    }

    @Test
    @DisplayName("Crusader 19.17 British win: route open and fewer than eleven Axis units left on the map")
    void britishWin() {
        Game g = game("campaign", 18, null, "de-1-8-pz@0614", "it-27-inf@0908", "br-8rtr@3419");
        Fixtures.eval(g, "rules.victory.determine()");
        assertTrue(g.over());
        assertEquals("british", g.result().path("winner").asText());
        assertEquals("19.17 British", g.result().path("level").asText());
        assertEquals(2, g.result().path("conditions").path("axisOnMap").asInt());
    }

    @Test
    @DisplayName("Crusader 19.17 nr. 2 eleven Axis units destroyed are not enough when fewer than five are German")
    void fiveGerman() {
        String[] pieces = {
            "de-1-8-pz@0102", "de-2-8-pz@0104", "de-1-5-pz@0106", "de-2-5-pz@0108", "de-33-at@0110", "de-39-at@0112",
            "de-605-at@0114", "de-33-recce@0116", "de-3-recce@0118", "de-580-recce@0120", "de-2-200-bn@0122",
            "it-19-inf@0302", "it-20-inf@0304", "it-27-inf@0306", "it-28-inf@0308", "it-39-inf@0310", "it-40-inf@0312",
            "it-61-inf@0314", "it-62-inf@0316", "it-15-inf@0318", "it-16-inf@0320", "it-65-inf@0322", "br-8rtr@3419"};
        Game g = game("campaign", 18, null, pieces);
        eliminate(g, "de-1-8-pz", "de-2-8-pz", "de-1-5-pz", "de-2-5-pz",
                "it-19-inf", "it-20-inf", "it-27-inf", "it-28-inf", "it-39-inf", "it-40-inf", "it-61-inf");
        JsonNode c = Fixtures.eval(g, "rules.victory.campaign(false)");
        assertEquals(11, c.path("axisDestroyed").asInt());
        assertEquals(4, c.path("germanDestroyed").asInt());
        assertEquals(11, c.path("axisOnMap").asInt());
        assertEquals(false, c.path("lossesMet").asBoolean());
        eliminate(g, "de-33-at");   // the fifth German unit: 12 destroyed, 10 left
        c = Fixtures.eval(g, "rules.victory.campaign(false)");
        assertEquals(true, c.path("lossesMet").asBoolean());
        Fixtures.eval(g, "rules.victory.determine()");
        assertEquals("british", g.result().path("winner").asText());
    }

    @Test
    @DisplayName("Crusader 19.17 Axis nr. 2: both British conditions met, but more than 28 British units lost for 14 or fewer Axis")
    void costlyVictory() {
        Game g = costly(Fixtures.crusader());
        JsonNode c = Fixtures.eval(g, "rules.victory.campaign(false)");
        assertEquals(29, c.path("britishLost").asInt());
        assertEquals(true, c.path("route").asBoolean());
        assertEquals(true, c.path("lossesMet").asBoolean());
        assertEquals(true, c.path("costly").asBoolean());
        Fixtures.eval(g, "rules.victory.determine()");
        assertEquals("axis", g.result().path("winner").asText());
        assertEquals("19.17 Axis nr. 2", g.result().path("level").asText());
    }

    /** Turn 18 of the campaign: the route open, 29 British units lost and one Axis unit destroyed, the only one on the map. */
    static Game costly(hexlab.kernel.rules.Variant v) {
        String[] british = {"br-4nz-bde", "br-16-bde", "br-pol-bde", "br-5nz-bde", "br-6nz-bde", "br-14-bde", "br-23-bde",
            "br-5i-bde", "br-7i-bde", "br-22gds-bde", "br-11i-bde", "br-1krrc", "br-2rb", "br-2sg", "br-1rtr", "br-4rtr",
            "br-7rtr", "br-8rtr", "br-44rtr", "br-7hus", "br-2rtr", "br-6rtr", "br-3cly", "br-4cly", "br-2rgh", "br-8rih",
            "br-3rtr", "br-5rtr", "br-11hus", "br-1kdg"};
        String[] pieces = new String[british.length + 1];
        for (int i = 0; i < british.length; i++) pieces[i] = british[i] + "@" + String.format("%02d%02d", 30 + i % 8, 14 + (i / 8) * 2);
        pieces[british.length] = "de-1-8-pz@0614";
        Game g = Fixtures.start(v, Fixtures.scenario(18, 18, "british", "campaign", false, null, pieces), 1);
        eliminate(g, java.util.Arrays.copyOf(british, 29));
        eliminate(g, "de-1-8-pz");
        return g;
    }

    @Test
    @DisplayName("Crusader 19.27 attack plus defense, barrage plus FPF, and 60 for the route to Tobruk")
    void victoryPoints() {
        Game g = game("victory-points", 6, null, "de-1-8-pz@0614", "it-xxi-arty@0907", "it-26-arty@1008", "br-8rtr@3419", "br-7a-arty@3225");
        eliminate(g, "de-1-8-pz", "it-xxi-arty", "it-26-arty", "br-8rtr", "br-7a-arty");
        JsonNode p = Fixtures.eval(g, "rules.victory.points(false)");
        // British: 1/8 Pz 5+4 = 9, XXI artillery 6+2 = 8, 26 artillery 1+1 = 2, route 60
        assertEquals(79, p.path("british").asInt());
        // Axis: 8 RTR 5+3 = 8, 7th Armoured artillery 5+3 = 8
        assertEquals(16, p.path("axis").asInt());
        Fixtures.eval(g, "rules.victory.determine()");
        assertEquals("british", g.result().path("winner").asText());
        assertEquals(79, g.result().path("points").path("british").asInt());
    }

    @Test
    @DisplayName("Crusader 19.27 (reading) equal totals are a draw; a closed route is worth nothing")
    void draw() {
        Game g = game("victory-points", 6, null, "de-1-8-pz@0614", "br-pol-bde@0802", "it-40-inf@1203", "br-8rtr@3419");
        eliminate(g, "de-1-8-pz", "br-pol-bde");   // 5+4 = 9 against 4+5 = 9
        JsonNode p = Fixtures.eval(g, "rules.victory.points(false)");
        assertEquals(9, p.path("axis").asInt());
        assertEquals(9, p.path("british").asInt());
        assertEquals(false, Fixtures.eval(g, "rules.victory.route().open").asBoolean());
        Fixtures.eval(g, "rules.victory.determine()");
        assertTrue(g.result().path("winner").isNull());
        assertEquals("draw", g.result().path("level").asText());
    }

    @Test
    @DisplayName("Crusader 19.36 units destroyed before the Dash to the Wire are worth no victory points")
    void previouslyDestroyed() {
        String extra = "  previously-destroyed: {units: [it-9-bers, br-6rtr]}\n";
        Game g = game("dash-to-the-wire", 12, extra, "de-1-8-pz@0614", "br-8rtr@3419", "it-40-inf@1203");
        assertEquals("eliminated", Fixtures.eval(g, "ctx.piece('it-9-bers').at").asText());
        assertEquals("eliminated", Fixtures.eval(g, "ctx.piece('br-6rtr').at").asText());
        eliminate(g, "br-8rtr");
        JsonNode p = Fixtures.eval(g, "rules.victory.points(false)");
        assertEquals(8, p.path("axis").asInt());     // 8 RTR only, not 6 RTR
        assertEquals(0, p.path("british").asInt());  // not 9 Bersaglieri; route closed at 1103
    }

    @Test
    @DisplayName("Crusader 19.37 ten points for each of 3516 and 3614 an Axis unit last occupied")
    void victoryHexes() {
        Game g = game("dash-to-the-wire", 12, null, "de-1-104-bn@3614", "br-5i-bde@3517", "it-40-inf@1203");
        JsonNode h = Fixtures.eval(g, "state.victory.hexes");
        assertEquals("axis", h.path("3614").asText());
        assertTrue(h.path("3516").isNull());
        JsonNode p = Fixtures.eval(g, "rules.victory.points(false)");
        int unsupplied = Fixtures.eval(g, "ctx.pieces(q => q.side === 'british' && q.hex && !rules.supply.supplied(q)).length").asInt();
        assertEquals(10 + 2 * unsupplied, p.path("axis").asInt());
    }

    @Test
    @DisplayName("Crusader 19.37 a hex goes to the side whose unit last moved into or through it")
    void lastThrough() {
        Game g = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(7, 12, "axis", "dash-to-the-wire", false, null,
                "de-3-recce@3514", "br-5i-bde@3119", "it-40-inf@1203"), 1);
        assertTrue(Fixtures.eval(g, "state.victory.hexes['3614']").isNull());
        g.apply(hexlab.kernel.util.Json.read("{\"do\":\"move\",\"unit\":\"de-3-recce\",\"to\":\"3614\"}"));
        assertEquals("axis", Fixtures.eval(g, "state.victory.hexes['3614']").asText());
        assertTrue(Fixtures.eval(g, "state.victory.hexes['3516']").isNull());
        // a unit that only passes through a hex takes it too (the path the movement rules report)
        Fixtures.eval(g, "rules.victory.afterMove(ctx.piece('br-5i-bde'), ['3119', '3218', '3317', '3417', '3516', '3616'])");
        assertEquals("british", Fixtures.eval(g, "state.victory.hexes['3516']").asText());
        assertEquals("axis", Fixtures.eval(g, "state.victory.hexes['3614']").asText());
    }

    @Test
    @DisplayName("Crusader 19.37 5.0 a move may be routed through 3516 or 3614 to take it, though the cheapest path passes elsewhere")
    void routedThrough() {
        Game g = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(7, 12, "axis", "dash-to-the-wire", false, null,
                "de-3-recce@3514", "br-5i-bde@3119", "it-40-inf@1203"), 1);
        JsonNode via = null;
        for (JsonNode a : g.legalActions()) {
            if ("de-3-recce".equals(a.path("unit").asText()) && "3516".equals(a.path("via").asText()) && !a.path("to").asText().equals("3516")
                    && Fixtures.eval(g, "map.path('3514', '" + a.path("to").asText() + "', 99, rules.movement.costSpec(ctx.piece('de-3-recce'), rules.zoc.controlled('british'), [])).indexOf('3516') < 0").asBoolean()) {
                via = a;
                break;
            }
        }
        assertNotNull(via, "a routed move to a hex whose cheapest path misses 3516");
        var o = g.apply(via);
        assertTrue(o.accepted(), String.valueOf(o.refusal()));
        assertEquals(via.path("to").asText(), Fixtures.eval(g, "ctx.piece('de-3-recce').hex").asText());
        assertEquals("axis", Fixtures.eval(g, "state.victory.hexes['3516']").asText());
        assertTrue(o.events().stream().anyMatch(e -> e.path("text").asText().contains("routed through 3516, which counts under 19.37")), o.events().toString());
        // 3516 is the Axis player's now: no more routes through it for the Axis, one left
        assertEquals("[{\"hex\":\"3614\",\"rule\":\"19.37\",\"points\":10}]", Fixtures.eval(g, "rules.victory.routeHexes('axis')").toString());
        assertEquals(2, Fixtures.eval(g, "rules.victory.routeHexes('british').length").asInt());
    }

    @Test
    @DisplayName("Crusader 19.37 5.0 a move routed through a hex no rule counts is refused, naming the hexes that may be")
    void routedElsewhereRefused() {
        Game g = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(7, 12, "axis", "dash-to-the-wire", false, null,
                "de-3-recce@3514", "br-5i-bde@3119", "it-40-inf@1203"), 1);
        var o = g.apply(hexlab.kernel.util.Json.read("{\"do\":\"move\",\"unit\":\"de-3-recce\",\"to\":\"3517\",\"via\":\"3515\"}"));
        assertFalse(o.accepted());
        assertEquals("5.0", o.refusal().rule());
        assertTrue(o.refusal().reason().contains("3516, 3614"), o.refusal().reason());
        // outside Dash to the Wire no hex counts: no routed moves at all
        Game c = game("campaign", 3, null, "de-3-recce@3514", "br-5i-bde@3119");
        assertEquals(0, Fixtures.eval(c, "rules.victory.routeHexes('axis').length").asInt());
    }
}
