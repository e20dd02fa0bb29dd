package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 3.0 setting up, with the scenario data of Crusader 19.x. */
class SetupTest {

    @Test
    @DisplayName("NA 3.0 unit values from the units table: attack-defense-movement, artillery barrage-fpf-range/defense-movement")
    void unitValues() {
        Game g = Positions.scenario(CRUSADER, "campaign", 1);
        JsonNode pz = eval(g, "ctx.piece('de-1-8-pz')");
        assertEquals("axis", pz.path("side").asText());
        assertEquals("1605", pz.path("hex").asText());
        assertEquals("map", pz.path("at").asText());
        assertEquals(5, pz.path("attack").asInt());
        assertEquals(4, pz.path("defense").asInt());
        assertEquals(11, pz.path("movement").asInt());
        assertTrue(pz.path("mechanized").asBoolean());
        assertFalse(pz.path("artillery").asBoolean());
        assertTrue(pz.path("range").isMissingNode());
        JsonNode art = eval(g, "ctx.piece('de-104-arty')");
        assertEquals(5, art.path("barrage").asInt());
        assertEquals(2, art.path("fpf").asInt());
        assertEquals(3, art.path("range").asInt());
        assertEquals(1, art.path("defense").asInt());
        assertEquals(11, art.path("movement").asInt());
        assertTrue(art.path("artillery").asBoolean());
        assertTrue(eval(g, "ctx.piece('de-33-at').antiTank").asBoolean());
        assertEquals(99, (int) num(g, "Object.keys(state.pieces).length"));
        assertEquals(93, (int) num(g, "ctx.pieces((p) => p.at === 'map').length"));
    }

    @Test
    @DisplayName("NA 13.0 scheduled reinforcements wait off the map with their game-turn and entry hex")
    void reinforcementsPending() {
        Game g = Positions.scenario(CRUSADER, "campaign", 1);
        JsonNode p = eval(g, "ctx.piece('br-6sa-bde')");
        assertEquals("pending", p.path("at").asText());
        assertTrue(p.path("hex").isNull());
        assertEquals(6, p.path("arrives").path("turn").asInt());
        assertEquals("3921", p.path("arrives").path("hex").asText());
        assertEquals(6, (int) num(g, "ctx.pieces((p) => p.at === 'pending').length"));
    }

    @Test
    @DisplayName("NA 3.0 Crusader 19.36: units destroyed or exited before the scenario are off the map, not eliminated in play")
    void beforeTheStart() {
        Game g = Positions.scenario(CRUSADER, "dash-to-the-wire", 1);
        assertEquals("eliminated", text(g, "ctx.piece('de-580-recce').at"));
        assertTrue(bool(g, "ctx.piece('de-580-recce').beforeStart"));
        assertEquals("exited", text(g, "ctx.piece('br-7sa-recce').at"));
        assertEquals(16, (int) num(g, "ctx.pieces((p) => p.at === 'eliminated').length"));
        assertEquals(0, eval(g, "state.eliminated").size());
        assertEquals(0, eval(g, "state.exited").size());
    }

    @Test
    @DisplayName("NA 5.31 3.0 two units printed in one hex (19.31, 1406): the later one is set up in the nearest empty hex, traced")
    void hexConflict() {
        Game g = Positions.scenario(CRUSADER, "dash-to-the-wire", 1);
        assertEquals("1406", text(g, "ctx.piece('de-15-200-bn').hex"));
        String moved = text(g, "ctx.piece('it-205-arty').hex");
        assertNotEquals("1406", moved);
        assertEquals(1, (int) num(g, "map.distance('1406', '" + moved + "')"));
        assertEquals(1, (int) num(g, "ctx.piecesAt('" + moved + "').length"));
        assertEquals(0, eval(g, "rules.stacking.stacked()").size());
        boolean traced = false;
        for (JsonNode e : g.startEvents()) traced |= e.path("rule").asText().equals("5.31") && e.path("result").asText().equals(moved);
        assertTrue(traced);
    }

    @Test
    @DisplayName("NA 9.0 3.0 the ground support allocation is copied for the ground-support section")
    void groundSupport() {
        Game g = Positions.scenario(CRUSADER, "campaign", 1);
        assertEquals(4, (int) num(g, "state.gsPerTurn.axis"));
        assertEquals(6, (int) num(g, "state.gsPerTurn.british"));
    }
}
