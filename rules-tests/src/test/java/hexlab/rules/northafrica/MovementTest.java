package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 5.0-5.2 (movement), with 6.1, 10.1, 12.23 and 12.32 as they bear on it. */
class MovementTest {

    // A German tank battalion far to the west, so the British have an enemy on the map.
    private static final String FAR_AXIS = at("de-1-8-pz", "0220");

    @Test
    @DisplayName("NA 5.21 a Mixed hex costs 2 MP, two Mixed hexes 4")
    void mixedCostsTwo() {
        Game g = start("british", 1, at("br-7hus", "2020") + FAR_AXIS);
        assertEquals(2.0, cost(g, "br-7hus", "2021"));
        assertEquals(4.0, cost(g, "br-7hus", "2022"));
        assertEquals(2.0, num(g, "rules.movement.stepCost(ctx.piece('br-7hus'), '2020', '2021').mp"));
    }

    @Test
    @DisplayName("NA 5.22 road hex to road hex across road hexsides costs 1/2 MP each (Via Balbia 1503-1803: 1 1/2)")
    void roadHalf() {
        Game g = start("british", 1, at("br-7hus", "1503") + FAR_AXIS);
        assertEquals(0.5, cost(g, "br-7hus", "1603"));
        assertEquals(1.5, cost(g, "br-7hus", "1803"));
        // off the road, the Mixed cost: 1503 to 1504 is a road hexside, 1603 to 1704 is not
        assertEquals(2.0, num(g, "rules.movement.stepCost(ctx.piece('br-7hus'), '1603', '1704').mp"));
    }

    @Test
    @DisplayName("NA 5.23 trail hex to trail hex across trail hexsides costs 1 MP each (Trigh el Abd 0412-0613: 2)")
    void trailOne() {
        Game g = start("axis", 1, at("de-1-8-pz", "0412") + at("br-7hus", "3020"));
        assertEquals(1.0, cost(g, "de-1-8-pz", "0513"));
        assertEquals(2.0, cost(g, "de-1-8-pz", "0613"));
    }

    @Test
    @DisplayName("NA 5.24 example: mechanized, Mixed to Mixed across a road hexside that is a friendly minefield: 4 1/2 MP")
    void example524() {
        // 0803/0703: the Via Balbia crossing the Tobruk perimeter (road and British minefield)
        Game g = start("british", 1, at("br-7hus", "0803") + at("br-14-bde", "0903") + FAR_AXIS);
        assertEquals("mixed", text(g, "map.terrain('0803')"));
        assertEquals("mixed", text(g, "map.terrain('0703')"));
        assertEquals(4.5, num(g, "rules.movement.stepCost(ctx.piece('br-7hus'), '0803', '0703').mp"));
        assertEquals(4.5, cost(g, "br-7hus", "0703"));
        Outcome o = ok(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"0703\"}");
        List<JsonNode> t = traces(o, "5.21");
        assertEquals(1, t.size());
        assertEquals(4.5, t.get(0).path("result").asDouble());
        assertTrue(t.get(0).path("text").asText().contains("road \u00bd, friendly minefield +4"), t.get(0).toString());
    }

    @Test
    @DisplayName("NA 5.24 example where no trace is kept (a batch): the same 4 1/2 MP spent, the cost table and rule still counted")
    void example524Untraced() {
        Game g = start("british", 1, at("br-7hus", "0803") + at("br-14-bde", "0903") + FAR_AXIS);
        g.keepTrace(false);
        Outcome o = ok(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"0703\"}");
        assertTrue(o.events().isEmpty(), o.events().toString());
        assertEquals(4.5, num(g, "state.movement.spent['br-7hus']"));
        assertEquals(1, g.usage().path("table:movement/hex-costs").asInt(), g.usage().toString());
        assertEquals(1, g.usage().path("rule:5.21").asInt(), g.usage().toString());
    }

    @Test
    @DisplayName("NA 10.11 a non-mechanized unit pays 2 more MP for a friendly minefield, on a road too (10.13): 2 1/2")
    void friendlyMinefieldNonMechanized() {
        Game g = start("british", 1, at("br-14-bde", "0803") + FAR_AXIS);
        assertEquals(2.5, num(g, "rules.movement.stepCost(ctx.piece('br-14-bde'), '0803', '0703').mp"));
        assertEquals(2.5, cost(g, "br-14-bde", "0703"));
        // off the road: 0803/0704 is a bare British minefield hexside: Mixed 2 + 2
        assertEquals(4.0, num(g, "rules.movement.stepCost(ctx.piece('br-14-bde'), '0803', '0704').mp"));
    }

    @Test
    @DisplayName("NA 5.25 an escarpment hexside is crossed only where a road or trail crosses it")
    void escarpment() {
        Game g = start("british", 1, at("br-7hus", "1304") + at("br-2rtr", "0504") + FAR_AXIS);
        assertTrue(eval(g, "rules.movement.stepCost(ctx.piece('br-7hus'), '1304', '1305').mp").isNull());
        assertTrue(cost(g, "br-7hus", "1305") > 2.0);           // only the long way round
        // 0504/0505: the bypass road climbs the Acroma escarpment
        assertEquals(0.5, num(g, "rules.movement.stepCost(ctx.piece('br-2rtr'), '0504', '0505').mp"));
        assertEquals(0.5, cost(g, "br-2rtr", "0505"));
    }

    @Test
    @DisplayName("NA 5.26 a unit may not enter a hex it cannot pay for: 3 MP do not buy Rough (4)")
    void cannotPay() {
        Game g = start("axis", 1, at("it-39-inf", "3510") + at("br-7hus", "2020"));
        assertEquals(4.0, num(g, "rules.movement.stepCost(ctx.piece('it-39-inf'), '3510', '3511').mp"));
        TreeSet<String> t = targets(g, "it-39-inf", "move");
        assertTrue(t.contains("3410"), t.toString());                    // Mixed, 2 MP
        assertFalse(t.contains("3511"), t.toString());
        String why = refused(g, "{\"do\":\"move\",\"unit\":\"it-39-inf\",\"to\":\"3511\"}", "5.26");
        assertTrue(why.contains("costs at least 4 MP"), why);
    }

    @Test
    @DisplayName("NA 5.12 a unit never enters a hex holding an enemy unit")
    void noEnemyHex() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "2022"));
        assertFalse(targets(g, "br-7hus", "move").contains("2022"));
        refused(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2022\"}", "5.12");
    }

    @Test
    @DisplayName("NA 6.0 entering an enemy-controlled hex ends the move; 6.12 at no extra cost")
    void zocStops() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "2022"));
        assertEquals(2.0, cost(g, "br-7hus", "2021"));                  // 6.12: 2021 is controlled, still 2 MP
        assertTrue(targets(g, "br-7hus", "move").contains("2021"));
        // 2023 lies beyond the zone: only the way round through free hexes, never through 2021
        double around = cost(g, "br-7hus", "2023");
        assertTrue(around > 6.0, "2023 costs " + around);
        Outcome o = ok(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2021\"}");
        assertTrue(traces(o, "5.21").get(0).path("text").asText().contains("the move ends there (6.0)"));
    }

    @Test
    @DisplayName("NA 5.14 a unit that begins the movement phase in an enemy-controlled hex may not leave it")
    void lockedInZoc() {
        Game g = start("british", 1, at("br-7hus", "2021") + at("de-1-8-pz", "2022") + at("br-2rtr", "2019"));
        assertTrue(actionsOf(g, "br-7hus").isEmpty());
        assertFalse(actionsOf(g, "br-2rtr").isEmpty());
        refused(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2020\"}", "5.14");
        assertEquals("2021", text(g, "state.movement.locked['br-7hus']"));
    }

    @Test
    @DisplayName("NA 5.15 a unit moves once per movement phase")
    void moveOnce() {
        Game g = start("british", 1, at("br-7hus", "2020") + FAR_AXIS);
        ok(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2021\"}");
        assertTrue(actionsOf(g, "br-7hus").isEmpty());
        refused(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2022\"}", "5.15");
    }

    @Test
    @DisplayName("NA 5.31 units pass through friendly units at no cost but may not end stacked")
    void throughFriends() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-2rtr", "2021") + FAR_AXIS);
        assertEquals(4.0, cost(g, "br-7hus", "2022"));                   // straight through 2021
        TreeSet<String> t = targets(g, "br-7hus", "move");
        assertFalse(t.contains("2021"));
        assertTrue(t.contains("2022"));
        refused(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2021\"}", "5.31");
    }

    @Test
    @DisplayName("NA 5.13 the allowance is the budget: a 10 MP unit reaches Mixed hexes five away, not six")
    void allowanceBudget() {
        Game g = start("british", 1, at("br-7hus", "2010") + FAR_AXIS);
        TreeSet<String> t = targets(g, "br-7hus", "move");
        assertTrue(t.contains("2015"));
        assertFalse(t.contains("2016"));
        refused(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2016\"}", "5.26");
    }

    @Test
    @DisplayName("NA 10.12 an enemy minefield is crossed only from a hex held at the start of the phase, for the whole allowance, then the unit stops")
    void enemyMinefield() {
        // 0703/0803 is a British minefield (with the Via Balbia); the Tobruk perimeter is empty
        Game g = start("axis", 1, at("de-1-8-pz", "0703") + at("it-39-inf", "0602") + at("br-7hus", "3020"));
        assertFalse(targets(g, "de-1-8-pz", "move").contains("0803"));
        assertEquals(Set.of("0802", "0803"), targets(g, "de-1-8-pz", "cross-minefield"));
        refused(g, "{\"do\":\"move\",\"unit\":\"de-1-8-pz\",\"to\":\"0803\"}", "10.12");
        refused(g, "{\"do\":\"cross-minefield\",\"unit\":\"it-39-inf\",\"to\":\"0803\"}", "10.12");
        Outcome o = ok(g, "{\"do\":\"cross-minefield\",\"unit\":\"de-1-8-pz\",\"to\":\"0803\"}");
        assertEquals("0803", text(g, "ctx.piece('de-1-8-pz').hex"));
        assertEquals(11.0, num(g, "state.movement.spent['de-1-8-pz']"));
        assertEquals(11.0, traces(o, "10.12").get(0).path("result").asDouble());
        assertTrue(actionsOf(g, "de-1-8-pz").isEmpty());
    }

    @Test
    @DisplayName("NA 10.12 a unit that has moved this phase may not cross an enemy minefield")
    void enemyMinefieldAfterMoving() {
        Game g = start("axis", 1, at("de-1-8-pz", "0602") + at("br-7hus", "3020"));
        assertTrue(targets(g, "de-1-8-pz", "cross-minefield").isEmpty());
        ok(g, "{\"do\":\"move\",\"unit\":\"de-1-8-pz\",\"to\":\"0703\"}");
        assertTrue(actionsOf(g, "de-1-8-pz").isEmpty());
        refused(g, "{\"do\":\"cross-minefield\",\"unit\":\"de-1-8-pz\",\"to\":\"0803\"}", "5.15");
    }

    @Test
    @DisplayName("NA 10.12 with the DG 17.1 option a Fortified Box is ringed by Allied minefields: Axis units only cross into it")
    void ringedBox() {
        // 1005 is a Fortified Box; 1105/1005 has no minefield on the map. 2/8 in 1106 keeps the
        // minefields 1105/1106 and 1005/1106 open for supply (12.22).
        String pieces = at("de-1-8-pz", "1105") + at("de-2-8-pz", "1106") + at("br-7hus", "3020");
        Game plain = start("axis", 1, pieces);
        assertTrue(targets(plain, "de-1-8-pz", "move").contains("1005"));
        assertFalse(targets(plain, "de-1-8-pz", "cross-minefield").contains("1005"));
        Game dg = start(hexlab.rules.Positions.variant("crusader", "option:dg-fortified-box-minefields"), "axis", 1, pieces, "");
        assertEquals("british", text(dg, "rules.minefields.owner('1105', '1005')"));
        assertFalse(targets(dg, "de-1-8-pz", "move").contains("1005"));
        assertTrue(targets(dg, "de-1-8-pz", "cross-minefield").contains("1005"));
    }

    @Test
    @DisplayName("NA 12.32 an unsupplied unit's allowance is halved, fractions up: 15 gives 8")
    void unsuppliedHalved() {
        // 0126: every neighbour (0125 0225 0226) is in an Axis zone: no supply path leaves it
        Game g = start("british", 1, at("br-11hus", "0126") + at("de-1-8-pz", "0224") + at("de-2-8-pz", "0326"));
        assertTrue(bool(g, "ctx.piece('br-11hus').unsupplied"));
        assertEquals(8.0, num(g, "rules.movement.allowance(ctx.piece('br-11hus'))"));
        boolean traced = false;
        for (JsonNode e : g.startEvents()) traced |= e.path("rule").asText().equals("12.32") && e.path("result").asInt() == 8;
        assertTrue(traced);
    }

    @Test
    @DisplayName("NA 12.23 a unit unsupplied at the start of the phase moves only toward the nearest friendly source")
    void unsuppliedTowardSource() {
        Game g = start("british", 1, at("br-11hus", "0126") + at("de-1-8-pz", "0224") + at("de-2-8-pz", "0326"));
        JsonNode toward = eval(g, "state.movement.toward['br-11hus']");
        int d0 = toward.path("distance").asInt();
        TreeSet<String> t = targets(g, "br-11hus", "move");
        assertFalse(t.isEmpty());
        for (String h : t) {
            int d = (int) num(g, "Math.min(...state.movement.toward['br-11hus'].sources.map((s) => map.distance('" + h + "', s)))");
            assertTrue(d < d0, h + " is " + d + " from the nearest source, the start " + d0);
        }
        // 0125 leads away from every British source (they lie east and south)
        assertFalse(t.contains("0125"));
        refused(g, "{\"do\":\"move\",\"unit\":\"br-11hus\",\"to\":\"0125\"}", "12.23");
    }

    @Test
    @DisplayName("NA 12.23 no unit may move into an unsupplied position")
    void noMoveIntoUnsupplied() {
        Game g = start("british", 1, at("br-7hus", "0426") + at("de-1-8-pz", "0224") + at("de-2-8-pz", "0326"));
        assertFalse(bool(g, "ctx.piece('br-7hus').unsupplied"));
        JsonNode p = eval(g, "rules.movement.endProblem(ctx.piece('br-7hus'), '0126', rules.movement.phaseData('british'))");
        assertEquals("12.23", p.path("rule").asText());
        assertTrue(eval(g, "rules.movement.endProblem(ctx.piece('br-7hus'), '0526', rules.movement.phaseData('british'))").isNull());
    }

    @Test
    @DisplayName("NA 5.11 only the phasing side moves; done ends the movement phase")
    void phasingSideOnly() {
        Game g = start("british", 1, at("br-7hus", "2020") + FAR_AXIS);
        assertTrue(actionsOf(g, "de-1-8-pz").isEmpty());
        refused(g, "{\"do\":\"move\",\"unit\":\"de-1-8-pz\",\"to\":\"0221\"}", "5.11");
        ok(g, "{\"do\":\"done\"}");
        assertEquals("combat", g.breadcrumb().get(2));
        assertFalse(bool(g, "state.movement.active"));
    }

    @Test
    @DisplayName("NA 5.0 every move action offered is taken, and a move traces its path and cost")
    void offeredMovesAreLegal() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-2rtr", "2021") + at("de-1-8-pz", "2024"));
        List<JsonNode> acts = actionsOf(g, "br-7hus");
        assertTrue(acts.size() > 20);
        JsonNode last = acts.get(acts.size() - 1);
        Outcome o = g.apply(last);
        assertTrue(o.accepted());
        JsonNode t = traces(o, "5.21").get(0);
        assertEquals(last.path("to").asText(), t.path("cell").path("to").asText());
        JsonNode path = t.path("cell").path("path");
        assertEquals("2020", path.get(0).asText());
        assertEquals(last.path("to").asText(), path.get(path.size() - 1).asText());
    }

    @Test
    @DisplayName("NA 5.0 4.0 the inspector's reach overlay: the selected unit's hexes with their MPs, or why it may not move")
    void reachOverlay() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        var british = args("unit", "br-7hus");
        assertEquals(eval(g, "rules.movement.reachable(ctx.piece('br-7hus'))"), g.overlay("reach", british));
        assertTrue(g.overlay("reach", british).size() > 6);
        var axis = args("unit", "de-1-8-pz");
        assertEquals("cannot move: it is not axis's movement phase (4.0)", g.overlay("reach", axis).path("0220").asText());
        // the state itself, serialised afresh: the hash would answer from the JSON kept for the position
        var before = eval(g, "state");
        for (String o : new String[] {"zoc", "supply", "reach", "route-to-tobruk", "tobruk-ring", "supply-sources"}) g.overlay(o, british);
        assertEquals(before, eval(g, "state"), "overlays only read the position");
    }
}
