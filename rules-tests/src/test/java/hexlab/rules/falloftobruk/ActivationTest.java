package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 7.0 formations, headquarters and activations; 16.42-16.44 the special rules of the first turns. */
class ActivationTest {
    /** The CCT columns as printed (7.2), rows 0 .. >=9. */
    static final int[] GER_DIV = {6, 6, 6, 6, 6, 5, 5, 5, 4, 4};
    static final int[] ALD_BDE = {3, 3, 3, 2, 2, 2, 1, 1, 1, 0};

    /** Makes `marker` the activation under way with `ap` Activation Points (as drawn and rolled). */
    static void activate(Game g, String marker, int ap) {
        run(g, "const m = rules.activation.marker('" + marker + "');"
                + "const hqs = Object.values(state.pieces).filter((p) => p.hq && m.formations.indexOf(p.formation) >= 0).map((p) => p.id).sort();"
                + "state.activation = {marker: m.am, side: m.side, formations: m.formations, column: m.cct, ap: " + ap
                + ", apSpent: 0, rolled: true, stacks: {}, hqs, special: null}; state.active = m.side;");
    }

    static JsonNode eligible(Game g, String id) { return js(g, "rules.activation.eligible(state.pieces['" + id + "'])"); }

    @Test
    @DisplayName("FoT 7.13 B.121 the cup holds the marker of every formation in play or arriving this turn, attached units with their formation's")
    void cup() {
        Game g = bare(7);                                                     // June 1
        place(g, "de-15xx-hq", "3030");
        place(g, "it-20xxx-hq", "3130");                                      // Ital Corps
        place(g, "br-1atx-a-42rtr", "2117");                                  // 1ATx, attached to 50xx
        place(g, "br-5inxx-br-2-wy", "2010");                                 // In9x, attached to 2SAxx
        place(g, "br-5inxx-br-2-hli", null);                                  // In10x, arrives June 1
        place(g, "it-133xx-hq", null);                                        // Littorio, arrives June 20
        run(g, "state.half = 'AM'; rules.activation.fillCup();");
        List<String> cup = new ArrayList<>();
        js(g, "state.cup").forEach(x -> cup.add(x.asText()));
        assertEquals(List.of("15xx", "2SAxx", "50xx", "5Inxx(+)", "Ital Corps"), cup);
        assertEquals(0, js(g, "state.activations.length").asInt());
    }

    @Test
    @DisplayName("FoT 7.2 the Command Control Table: the marker's column, the d10, +1 in Haze, +2 in Khamsin, 9 and more on the last row")
    void commandControlTable() {
        Game g = bare(3);
        trace(g);
        String[][] cases = {{"15xx", "clear", "0"}, {"15xx", "haze", "1"}, {"1FFx", "khamsin", "2"}};
        for (String[] c : cases) {
            run(g, "state.weather = '" + c[1] + "'; for (let i = 0; i < 40; i++) {"
                    + "const m = rules.activation.marker('" + c[0] + "');"
                    + "state.activation = {marker: m.am, side: m.side, formations: m.formations, column: m.cct, ap: null, apSpent: 0, rolled: false, stacks: {}, hqs: [], special: null};"
                    + "rules.activation.commandControl(); }");
            List<JsonNode> events = trace(g);
            List<JsonNode> rolls = rolls(events), cells = withRule(events, "7.2");
            assertEquals(40, cells.size());
            int drm = Integer.parseInt(c[2]);
            int[] column = c[0].equals("15xx") ? GER_DIV : ALD_BDE;
            for (int i = 0; i < 40; i++) {
                int face = rolls.get(i).path("faces").get(0).asInt();
                int total = cells.get(i).path("cell").path("roll").asInt();
                assertEquals(face + drm, total, c[1] + " modifies the roll by " + drm);
                assertEquals(column[Math.min(total, 9)], cells.get(i).path("result").asInt(), "roll " + total + " on " + cells.get(i).path("cell").path("column").asText());
                assertEquals(c[0].equals("15xx") ? "Ger Div" : "Ald Bde", cells.get(i).path("cell").path("column").asText());
            }
        }
    }

    @Test
    @DisplayName("FoT 7.21 1 AP for a stack at least half the Active Formation's SPs, 2 AP otherwise; HQs count no SPs; a stack pays once")
    void activationPoints() {
        Game g = bare(3);
        place(g, "de-15xx-hq", "3030");
        place(g, "de-15xx-1-8", "3031");      // 2 SPs of 15xx
        place(g, "de-21xx-3-5", "3031");      // 2 SPs of 21xx: half -> 1 AP
        place(g, "de-15xx-4-8", "3032");      // 2 SPs of 15xx
        place(g, "de-21xx-iii-104", "3032");  // 3 SPs of 21xx: less than half -> 2 AP
        place(g, "de-15xx-7-8", "3033");      // 2 SPs of 15xx
        place(g, "de-21xx-hq", "3033");       // an HQ counts no SPs -> 1 AP
        place(g, "de-90xx-hq", "3034");       // another formation's HQ alone -> 2 AP
        activate(g, "15xx", 6);
        assertEquals(1, eligible(g, "de-21xx-3-5").path("cost").asInt());
        assertEquals(2, eligible(g, "de-15xx-4-8").path("cost").asInt());
        assertEquals(1, eligible(g, "de-21xx-hq").path("cost").asInt());
        assertEquals(2, eligible(g, "de-90xx-hq").path("cost").asInt());
        assertEquals(1, eligible(g, "de-15xx-hq").path("cost").asInt());
        assertTrue(eligible(g, "de-15xx-1-8").path("belongs").asBoolean());
        assertFalse(eligible(g, "de-21xx-3-5").path("belongs").asBoolean());

        JsonNode paid = js(g, "rules.activation.spend(['de-15xx-1-8'])");
        assertTrue(paid.path("ok").asBoolean());
        assertEquals(1, paid.path("cost").asInt());
        assertEquals(0, eligible(g, "de-21xx-3-5").path("cost").asInt(), "its stack has paid");
        assertEquals(0, js(g, "rules.activation.spend(['de-21xx-3-5', 'de-15xx-1-8']).cost").asInt());
        assertEquals(2, js(g, "rules.activation.spend(['de-15xx-4-8', 'de-21xx-iii-104']).cost").asInt(), "one stack, paid once");
        assertEquals(3, js(g, "rules.activation.apLeft()").asInt());

        run(g, "state.activation.apSpent = 5;");
        JsonNode no = eligible(g, "de-90xx-hq");
        assertFalse(no.path("ok").asBoolean());
        assertEquals("7.21", no.path("rule").asText());
        JsonNode refused = js(g, "rules.activation.spend(['de-15xx-7-8', 'de-90xx-hq'])");
        assertFalse(refused.path("ok").asBoolean());
        assertEquals(5, js(g, "state.activation.apSpent").asInt(), "a refused activation pays nothing");
        assertTrue(js(g, "rules.activation.eligible(state.pieces['de-90xx-hq'], {free: true})").path("ok").asBoolean(), "7.22: artillery and air impulses cost no AP");
    }

    @Test
    @DisplayName("FoT 7.21 a stack activated by one formation pays again in another formation's activation")
    void payOncePerActivation() {
        Game g = bare(3);
        place(g, "de-15xx-hq", "3030");
        place(g, "de-21xx-hq", "3030");
        place(g, "de-15xx-1-8", "3031");
        activate(g, "15xx", 6);
        assertEquals(1, js(g, "rules.activation.spend(['de-15xx-1-8']).cost").asInt());
        run(g, "rules.activation.end();");
        assertFalse(js(g, "state.pieces['de-15xx-1-8'].activated").asBoolean());
        activate(g, "21xx", 6);
        assertEquals(2, eligible(g, "de-15xx-1-8").path("cost").asInt());
    }

    @Test
    @DisplayName("FoT 7.12 4.44 a stack must be within the HQ's command range: 10 hexes, 5 in Khamsin")
    void commandRange() {
        Game g = bare(3);
        place(g, "de-15xx-hq", "3010");
        place(g, "de-15xx-1-8", "3020");      // 10 hexes
        place(g, "de-15xx-4-8", "3021");      // 11 hexes
        place(g, "de-15xx-7-8", "3015");      // 5 hexes
        place(g, "de-15xx-i-115", "3016");    // 6 hexes
        activate(g, "15xx", 6);
        run(g, "state.weather = 'clear';");
        assertTrue(eligible(g, "de-15xx-1-8").path("ok").asBoolean());
        JsonNode far = eligible(g, "de-15xx-4-8");
        assertFalse(far.path("ok").asBoolean());
        assertEquals("7.12", far.path("rule").asText());
        run(g, "state.weather = 'haze';");
        assertTrue(eligible(g, "de-15xx-1-8").path("ok").asBoolean(), "Haze: still 10 hexes");
        run(g, "state.weather = 'khamsin';");
        assertFalse(eligible(g, "de-15xx-1-8").path("ok").asBoolean());
        assertTrue(eligible(g, "de-15xx-7-8").path("ok").asBoolean());
        assertEquals("7.12", eligible(g, "de-15xx-i-115").path("rule").asText());
    }

    @Test
    @DisplayName("FoT 7.21 a stack marked Operations Complete never activates")
    void operationsComplete() {
        Game g = bare(3);
        place(g, "de-15xx-hq", "3030");
        place(g, "de-15xx-1-8", "3031");
        activate(g, "15xx", 6);
        run(g, "state.pieces['de-15xx-1-8'].opsComplete = true;");
        JsonNode e = eligible(g, "de-15xx-1-8");
        assertFalse(e.path("ok").asBoolean());
        assertEquals("7.21", e.path("rule").asText());
        assertFalse(js(g, "rules.activation.spend(['de-15xx-1-8']).ok").asBoolean());
        assertFalse(js(g, "rules.activation.eligible(state.pieces['de-15xx-1-8'], {free: true}).ok").asBoolean());
        assertEquals(0, js(g, "state.activation.apSpent").asInt());
    }

    @Test
    @DisplayName("FoT B.114 7.21 an attached unit answers to the formation it is attached to")
    void attached() {
        Game g = bare(3);
        place(g, "br-50xx-hq", "2210");
        place(g, "br-1atx-hq", "2212");
        place(g, "br-1atx-a-42rtr", "2211");                                  // 1ATx, attached to 50xx
        activate(g, "50xx", 6);
        assertTrue(eligible(g, "br-1atx-a-42rtr").path("belongs").asBoolean());
        assertEquals(1, eligible(g, "br-1atx-a-42rtr").path("cost").asInt());
        activate(g, "1ATx", 3);
        assertFalse(eligible(g, "br-1atx-a-42rtr").path("belongs").asBoolean());
        assertEquals(2, eligible(g, "br-1atx-a-42rtr").path("cost").asInt());
    }

    @Test
    @DisplayName("FoT 7.3 at the end of an activation units that moved and fought, and artillery past half its MA, are Operations Complete")
    void endOfActivation() {
        Game g = bare(3);
        place(g, "de-15xx-hq", "3030");
        place(g, "de-15xx-1-8", "3031");
        place(g, "de-15xx-4-8", "3032");
        place(g, "de-15xx-ii-33", "3033");
        activate(g, "15xx", 6);
        run(g, "const p = state.pieces; p['de-15xx-1-8'].moved = true; p['de-15xx-1-8'].fought = true;"
                + "p['de-15xx-4-8'].moved = true; p['de-15xx-ii-33'].moved = true; p['de-15xx-ii-33'].moveMarker = 'full-move-no-fire';"
                + "rules.activation.end();");
        assertTrue(js(g, "state.pieces['de-15xx-1-8'].opsComplete").asBoolean());
        assertFalse(js(g, "state.pieces['de-15xx-4-8'].opsComplete").asBoolean(), "moved only: it may still fight");
        assertTrue(js(g, "state.pieces['de-15xx-ii-33'].opsComplete").asBoolean());
        assertTrue(js(g, "state.activation").isNull());
    }

    static boolean atActivation(Game g) { return g.view(null).prompt().startsWith("choose the next impulse"); }

    @Test
    @DisplayName("FoT 16.42 16.43 May 26: seven Axis formations first, no command limits, triple MA; then the Allied response")
    void turningMovement() {
        Game g = Positions.scenario(FOT, "may-26", 1);
        planNoAirMissions(g);
        assertEquals("axis", g.toAct());
        assertTrue(g.view(null).prompt().startsWith("Axis turning movement"), g.view(null).prompt());
        assertTrue(find(g, "\"done\"") >= 0);
        assertEquals(0, js(g, "state.cup.filter((am) => rules.activation.marker(am).side === 'allied').length").asInt(),
                "16.43: no Allied marker in the cup before the response");
        take(g, "\"do\":\"activate\",\"marker\":\"15xx\"");
        JsonNode a = js(g, "state.activation");
        assertEquals("turning-movement", a.path("special").asText());
        assertTrue(a.path("ap").isNull(), "no command control limits");
        String own = js(g, "Object.values(state.pieces).filter((p) => p.formation === '15xx' && !p.hq && p.at === 'map').map((p) => p.id).sort()[0]").asText();
        String other = js(g, "Object.values(state.pieces).filter((p) => p.formation === '21xx' && p.at === 'map').map((p) => p.id).sort()[0]").asText();
        JsonNode e = eligible(g, own);
        assertTrue(e.path("ok").asBoolean());
        assertEquals(0, e.path("cost").asInt());
        assertEquals(3, js(g, "rules.activation.turningMovement(state.pieces['" + own + "']).maMultiplier").asInt());
        assertEquals("allied", js(g, "rules.activation.turningMovement(state.pieces['" + own + "']).notAdjacentTo").asText());
        assertEquals("16.42", eligible(g, other).path("rule").asText());
        assertTrue(js(g, "rules.activation.turningMovement(state.pieces['" + other + "'])").isNull());

        int chosen = 1;
        for (int guard = 0; guard < 200 && chosen <= 7; guard++) {
            if (atActivation(g)) { take(g, "\"end\""); continue; }
            if (!g.view(null).prompt().startsWith("Axis turning movement")) break;
            take(g, "\"do\":\"activate\"");
            chosen++;
        }
        assertEquals(7, js(g, "state.surprise.chosen.length").asInt());
        while (atActivation(g)) take(g, "\"end\"");
        assertEquals("allied", g.toAct());
        assertTrue(g.view(null).prompt().startsWith("Allied command paralysis"), g.view(null).prompt());
        String extra = g.legalActions().get(0).path("marker").asText();
        take(g, "\"do\":\"choose\"");
        assertTrue(js(g, "state.paralysis.paused").asBoolean());
        assertTrue(js(g, "state.cup.indexOf('" + extra + "') >= 0 || state.activations.indexOf('" + extra + "') >= 0").asBoolean(),
                "the chosen formation joins the cup");
        JsonNode allied = js(g, "state.cup.concat(state.activations).filter((am) => rules.activation.marker(am).side === 'allied')");
        for (JsonNode am : allied) {
            boolean ok = am.asText().equals(extra) || js(g, "rules.activation.marker('" + am.asText() + "').formations.some((f) => state.paralysis.released.indexOf(f) >= 0)").asBoolean();
            assertTrue(ok, am + " is neither engaged nor chosen");
        }
        // 16.43 (2): an Allied formation attacked later joins the cup at once
        String held = js(g, "tables.activation['activation-markers'].allied.map((m) => String(m.am)).filter((am) => state.cup.indexOf(am) < 0 && state.activations.indexOf(am) < 0"
                + " && (!state.activation || state.activation.marker !== am) && Object.values(state.pieces).some((p) => p.side === 'allied' && p.at === 'map' && rules.activation.marker(am).formations.indexOf(p.attached || p.formation) >= 0))[0]").asText();
        String formation = js(g, "rules.activation.marker('" + held + "').formations[0]").asText();
        assertTrue(js(g, "rules.activation.release('" + formation + "')").asBoolean());
        assertTrue(js(g, "state.cup.indexOf('" + held + "') >= 0").asBoolean(), held + " joins the cup");
    }

    @Test
    @DisplayName("FoT 16.44 May 27: the Axis sets aside three divisional formations and they activate first, in his order")
    void axisInitiative() {
        Game g = Positions.scenario(FOT, "may-27", 1);
        planNoAirMissions(g);
        assertEquals("axis", g.toAct());
        assertTrue(g.view(null).prompt().startsWith("Axis initiative"), g.view(null).prompt());
        Set<String> divisions = Set.of("15xx", "21xx", "90xx", "132xx", "101xx", "17xx", "27xx", "60xx", "102xx");
        for (JsonNode a : g.legalActions()) if (a.has("marker")) assertTrue(divisions.contains(a.path("marker").asText()), a + " is not divisional");
        assertEquals(-1, find(g, "\"marker\":\"DAK\""));
        take(g, "\"marker\":\"21xx\"");
        take(g, "\"marker\":\"132xx\"");
        assertEquals(-1, find(g, "\"marker\":\"21xx\""), "set aside once");
        take(g, "\"marker\":\"90xx\"");
        for (int guard = 0; guard < 100 && js(g, "state.activations.length").asInt() < 4; guard++) take(g, atActivation(g) ? "\"end\"" : "\"do\"");
        List<String> order = new ArrayList<>();
        js(g, "state.activations").forEach(x -> order.add(x.asText()));
        assertEquals(List.of("21xx", "132xx", "90xx"), order.subList(0, 3));
    }

    @Test
    @DisplayName("FoT 16.42 16.44 the special rules hold only on the first turn of their own scenario")
    void specialsOnlyFirstTurn() {
        Game g = start(scenario(3, 3, "de-15xx-hq@3030", "de-15xx-1-8@3030", "br-50xx-hq@3430", "br-50xx-5-gh@3230"), 1);
        assertTrue(js(g, "state.surprise === null && state.initiative === null && state.paralysis === null").asBoolean());
        assertFalse(g.view(null).prompt().startsWith("Axis"), g.view(null).prompt());
    }

    @Test
    @DisplayName("FoT 7.13 7.2 the breadcrumb names the activation under way: its marker, its CCT column and the AP left")
    void breadcrumbNamesTheActivation() {
        Game g = Positions.KERNEL.start(FOT, "may-27", 3);
        for (int guard = 0; guard < 200 && !g.breadcrumb().stream().anyMatch(b -> b.contains(" activation, ")); guard++) g.applyIndex(0);
        JsonNode a = FotFixtures.js(g, "state.activation");
        String crumb = g.breadcrumb().stream().filter(b -> b.contains(" activation, ")).findFirst().orElseThrow(() -> new AssertionError(g.breadcrumb().toString()));
        int left = a.path("ap").asInt() - a.path("apSpent").asInt();
        assertEquals(a.path("marker").asText() + " activation, " + a.path("column").asText() + ": " + left + " of " + a.path("ap").asInt() + " AP left", crumb);
    }
}
