package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import hexlab.rules.EditedRules;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The standard rules' numbers, thresholds and lists are read from their tables: each test changes
 * one value the way a designer would (an erratum on a copy of the rule files) and shows the
 * outcome change. Positions are small fixtures on the Crusader map and units.
 */
@DisplayName("NA every number is data")
class TableValuesTest {
    static final EditedRules R = new EditedRules("crusader")
            .erratum("mixed-3", "- {op: replace, path: movement/hex-costs/mp/mixed, value: 3}")
            .erratum("road-1", "- {op: replace, path: movement/road-and-trail/road/mp, value: 1}")
            .erratum("mines-6", "- {op: replace, path: movement/hexsides/friendly-minefield/extra-mp/mechanized, value: 6}")
            .erratum("zoc-costs-1", "- {op: replace, path: zoc/effects/extra-mp-to-enter, value: 1}")
            .erratum("zoc-no-stop", "- {op: replace, path: zoc/effects/stop-on-entering-enemy-zone, value: false}")
            .erratum("stack-2", "- {op: replace, path: stacking/stacking/units-per-hex-at-end-of-movement-phase, value: 2}")
            .erratum("third-allowance", "- {op: replace, path: supply/effects/movement-allowance/unsupplied-multiplier, value: 0.25}")
            .erratum("unsupplied-attack-half", "- {op: replace, path: supply/effects/attack/unsupplied-multiplier, value: 0.5}")
            .erratum("range-counts-firer", "- {op: replace, path: artillery/range/count-firer-hex, value: true}")
            .erratum("gs-double", "- {op: replace, path: ground-support/rules/strength-per-point, value: 2}")
            .erratum("gs-carry", "- {op: replace, path: ground-support/rules/carry-over, value: true}")
            .erratum("crt-d4-at-plus6", "- {op: replace, path: crt/results/rows/2/9, value: D4}")
            .erratum("least-favourable", "- {op: replace, path: combat-terrain/precedence/choose, value: least-favourable-to-defender}")
            .erratum("search-0", "- {op: replace, path: mandatory-combat/readings/search-bound, value: 0}")
            .erratum("conflict-radius-0", "- {op: replace, path: setup/hex-conflict/search-radius, value: 0}")
            .erratum("anti-tank-on-foot", "- {op: replace, path: anti-tank/units/anti-tank-units-are, value: non-mechanized}");

    static Game start(String errata, String side, String phase, String pieces) {
        Variant v = R.variant(errata.isEmpty() ? "" : "errata:" + errata);
        String yaml = "id: fixture\nname: fixture\nstatus: printed\nsource: test\nmap: main\nturns: {first: 1, last: 3}\nfirst-side: british\n"
                + "start: {turn: 1, side: " + side + ", phase: " + phase + "}\nground-support: {per-turn: {axis: 3, british: 3}}\n"
                + "units: units.by-id\nvictory: {table: campaign}\nspecial: {diversion: {in-effect: false}}\nreinforcements: []\npieces:\n" + pieces;
        return R.start(v, yaml, 1);
    }

    static String at(String unit, String hex) { return "  - {id: " + unit + ", unit: " + unit + ", hex: \"" + hex + "\"}\n"; }

    static JsonNode eval(Game g, String js) { return EditedRules.eval(g, js); }

    static double num(Game g, String js) { return eval(g, js).asDouble(); }

    static double step(Game g, String unit, String a, String b) {
        return num(g, "rules.movement.stepCost(ctx.piece('" + unit + "'), '" + a + "', '" + b + "').mp");
    }

    static double reach(Game g, String unit, String hex) {
        return num(g, "(() => { const p = ctx.piece('" + unit + "'); const r = map.reach(p.hex, 100, rules.movement.costSpec(p));"
                + " return r['" + hex + "'] === undefined ? -1 : r['" + hex + "']; })()");
    }

    private static final String FAR_AXIS = at("de-1-8-pz", "0220");

    @Test
    @DisplayName("NA 11.0 an anti-tank unit is mechanized as anti-tank units says, whatever its type flag; not when changed")
    void antiTankMechanized() {
        String pieces = at("de-33-at", "0220") + at("br-7hus", "2020");
        String js = "ctx.piece('de-33-at').mechanized";
        assertTrue(eval(start("", "british", "movement", pieces), js).asBoolean());
        assertFalse(eval(start("anti-tank-on-foot", "british", "movement", pieces), js).asBoolean());
        // a unit that is no anti-tank unit keeps its own flag
        assertTrue(eval(start("anti-tank-on-foot", "british", "movement", pieces), "ctx.piece('br-7hus').mechanized").asBoolean());
    }

    @Test
    @DisplayName("NA 5.21 the Terrain Key's Mixed cost is read from movement hex-costs: 2 MP, or 3 when changed")
    void mixedCost() {
        String pieces = at("br-7hus", "2020") + FAR_AXIS;
        assertEquals(2.0, step(start("", "british", "movement", pieces), "br-7hus", "2020", "2021"));
        assertEquals(3.0, step(start("mixed-3", "british", "movement", pieces), "br-7hus", "2020", "2021"));
    }

    @Test
    @DisplayName("NA 5.22 the road rate is read from movement road-and-trail: 1/2 MP a hex, 1 when changed (Via Balbia 1503-1803)")
    void roadRate() {
        String pieces = at("br-7hus", "1503") + FAR_AXIS;
        assertEquals(1.5, reach(start("", "british", "movement", pieces), "br-7hus", "1803"));
        assertEquals(3.0, reach(start("road-1", "british", "movement", pieces), "br-7hus", "1803"));
    }

    @Test
    @DisplayName("NA 10.11 the friendly minefield price by class is read from movement hexsides: 5.24's 4 1/2 MP becomes 6 1/2")
    void friendlyMinefield() {
        String pieces = at("br-7hus", "0803") + at("br-14-bde", "0903") + FAR_AXIS;
        assertEquals(4.5, step(start("", "british", "movement", pieces), "br-7hus", "0803", "0703"));
        Game g = start("mines-6", "british", "movement", pieces);
        assertEquals(6.5, step(g, "br-7hus", "0803", "0703"));
        assertEquals(2.5, step(g, "br-14-bde", "0803", "0703"), "non-mechanized: unchanged");
        // the move's trace names the reconstructed unit types, which decided the class
        Outcome o = g.apply(Json.read("{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"0703\"}"));
        assertTrue(o.accepted(), () -> o.refusal().describe());
        JsonNode t = o.events().stream().filter(e -> "5.21".equals(e.path("rule").asText())).findFirst().orElseThrow();
        assertTrue(t.path("uses").toString().contains("units/types"), t.toString());
    }

    @Test
    @DisplayName("NA 6.0 6.12 what an enemy zone does to a move is read from zoc effects: an extra MP to enter, or no stop")
    void zocEffects() {
        String pieces = at("br-7hus", "2020") + at("de-1-8-pz", "2022");
        Game base = start("", "british", "movement", pieces);
        assertEquals(2.0, reach(base, "br-7hus", "2021"));
        assertEquals(3.0, reach(start("zoc-costs-1", "british", "movement", pieces), "br-7hus", "2021"));
        // 2023, beyond the enemy unit: only round its zone, or through the zone when entering it does not stop a move
        double round = reach(base, "br-7hus", "2023"), through = reach(start("zoc-no-stop", "british", "movement", pieces), "br-7hus", "2023");
        assertTrue(through > 0 && through < round, "through the zone " + through + " against round it " + round);
    }

    @Test
    @DisplayName("NA 5.31 the stacking limit is read from stacking: one unit a hex, two when changed")
    void stackingLimit() {
        String pieces = at("br-7hus", "2020") + at("br-2rtr", "2021") + FAR_AXIS;
        String js = "rules.stacking.mayEnd(ctx.piece('br-7hus'), '2021')";
        assertFalse(eval(start("", "british", "movement", pieces), js).asBoolean());
        assertTrue(eval(start("stack-2", "british", "movement", pieces), js).asBoolean());
    }

    @Test
    @DisplayName("NA 12.32 12.33 what being unsupplied does is read from supply effects: 15 MP halved to 8, or cut to 4; attack 0, or halved")
    void unsuppliedEffects() {
        String pieces = at("br-7hus", "2020") + FAR_AXIS;
        Game base = start("", "british", "movement", pieces);
        assertEquals(8.0, num(base, "rules.supply.halved(15)"));
        assertEquals(0.0, num(base, "rules.supply.strength('attack', 3, false)"));
        assertEquals(4.0, num(start("third-allowance", "british", "movement", pieces), "rules.supply.halved(15)"));
        assertEquals(1.0, num(start("unsupplied-attack-half", "british", "movement", pieces), "rules.supply.strength('attack', 3, false)"));
    }

    @Test
    @DisplayName("NA 8.12 how range is counted is read from artillery range: the firer's hex counted too, a gun reaches one hex less")
    void rangeCount() {
        String pieces = at("br-70-arty", "2020") + FAR_AXIS;
        String js = "rules.artillery.range('2020', '2023')";
        assertEquals(3.0, num(start("", "british", "combat", pieces), js));
        assertEquals(4.0, num(start("range-counts-firer", "british", "combat", pieces), js));
    }

    @Test
    @DisplayName("NA 9.11 9.14 ground support is read from its table: a point's strength, and whether unused points carry over")
    void groundSupport() {
        String pieces = at("br-7hus", "2020") + FAR_AXIS;
        assertEquals(3.0, num(start("", "british", "combat", pieces), "rules['ground-support'].strength(3)"));
        assertEquals(6.0, num(start("gs-double", "british", "combat", pieces), "rules['ground-support'].strength(3)"));
        // 9.14: 3 points a Game-Turn; 2 left at the end of turn 1 are lost on turn 2, or kept (3 + 2)
        String js = "(() => { state.gs = {turn: 1, axis: 3, british: 2}; return rules['ground-support'].available('british'); })()";
        assertEquals(3.0, num(startTurn2(""), js));
        assertEquals(5.0, num(startTurn2("gs-carry"), js));
    }

    static Game startTurn2(String errata) {
        Variant v = R.variant(errata.isEmpty() ? "" : "errata:" + errata);
        String yaml = "id: fixture\nname: fixture\nstatus: printed\nsource: test\nmap: main\nturns: {first: 1, last: 3}\nfirst-side: british\n"
                + "start: {turn: 2, side: british, phase: combat}\nground-support: {per-turn: {axis: 3, british: 3}}\n"
                + "units: units.by-id\nvictory: {table: campaign}\nspecial: {diversion: {in-effect: false}}\nreinforcements: []\npieces:\n"
                + at("br-7hus", "2020") + FAR_AXIS;
        return R.start(v, yaml, 1);
    }

    @Test
    @DisplayName("NA 7.61 a result of the CRT is read from crt results: +6 on Mixed with a 2 is D3, or D4 when changed")
    void crtCell() {
        String pieces = at("br-7hus", "2020") + FAR_AXIS;
        String js = "rules.crt.result('mixed', 6, 2)";
        assertEquals("D3", eval(start("", "british", "combat", pieces), js).asText());
        assertEquals("D4", eval(start("crt-d4-at-plus6", "british", "combat", pieces), js).asText());
    }

    @Test
    @DisplayName("NA 7.44 which line the defender gets is read from combat-terrain precedence: the most favourable, or the least when changed")
    void precedence() {
        String pieces = at("br-8rtr", "2220") + at("it-19-inf", "2221") + at("de-33-at", "2222");
        String js = "rules['combat-terrain'].line(['br-8rtr'], ['it-19-inf'])";
        assertEquals("anti-tank", eval(start("", "british", "combat", pieces), js).asText());
        assertEquals("mixed", eval(start("least-favourable", "british", "combat", pieces), js).asText());
    }

    @Test
    @DisplayName("NA 7.11 the search that keeps every mandatory attack possible is bounded by mandatory-combat readings search-bound")
    void searchBound() {
        String pieces = at("br-8rtr", "2220") + at("it-19-inf", "2221") + FAR_AXIS;
        String js = "rules['mandatory-combat'].obligationsFeasible()";
        assertTrue(eval(start("", "british", "combat", pieces), js).asBoolean());
        assertTrue(eval(start("search-0", "british", "combat", pieces), js).isNull(), "out of budget: unknown");
    }

    @Test
    @DisplayName("NA 5.31 a doubly printed deployment hex is settled within setup hex-conflict search-radius")
    void conflictRadius() {
        String pieces = at("br-7hus", "2020") + "  - {id: br-2rtr, unit: br-2rtr, hex: \"2020\", hex-conflict: true}\n" + FAR_AXIS;
        Game g = start("", "british", "movement", pieces);
        assertEquals(1.0, num(g, "map.distance('2020', ctx.piece('br-2rtr').hex)"));
        RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> start("conflict-radius-0", "british", "movement", pieces));
        assertTrue(String.valueOf(e.getMessage()).contains("no empty hex near 2020"), e.getMessage());
    }
}
