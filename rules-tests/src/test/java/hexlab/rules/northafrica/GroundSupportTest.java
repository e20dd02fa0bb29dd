package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Refusal;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** NA 9.0 Ground Support (9.11-9.14): the fixture gives the Axis 4 points and the British 2 per Game-Turn. */
@DisplayName("NA 9.0 Ground support")
class GroundSupportTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    private static Game game() {
        return Fx.start("axis", 1, 4, 2,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
            p("far", "br-1kdg", "british", "3125"), p("far2", "br-2rb", "british", "3325"));
    }

    @Test
    @DisplayName("NA 9.0: each side gets the scenario's points every Game-Turn: barrage when phasing, FPF otherwise")
    void allotment() {
        Game g = game();
        assertEquals(4, Fx.eval(g, "rules['ground-support'].available('axis')").asInt());
        assertEquals(2, Fx.eval(g, "rules['ground-support'].available('british')").asInt());
        assertEquals("barrage", Fx.eval(g, "rules['ground-support'].use('axis')").asText());
        assertEquals("fpf", Fx.eval(g, "rules['ground-support'].use('british')").asText());
        // the campaign scenario's 19.15 allotment reaches the game state
        Game c = hexlab.rules.Positions.scenario(Fx.V, "campaign", 1);
        assertEquals(4, Fx.eval(c, "rules['ground-support'].available('axis')").asInt());
        assertEquals(6, Fx.eval(c, "rules['ground-support'].available('british')").asInt());
    }

    @Test
    @DisplayName("NA 9.13: ground support reaches any enemy unit on the map")
    void unlimitedRange() {
        Game g = game();
        assertTrue(Fx.legal(g, "{'do':'attack','hex':'3125'}"));
        Fx.act(g, "{'do':'attack','hex':'3125'}");
        assertEquals(List.of(Fx.j("{'do':'add-ground-support','points':1}"), Fx.j("{'do':'add-ground-support','points':2}"),
            Fx.j("{'do':'add-ground-support','points':3}"), Fx.j("{'do':'add-ground-support','points':4}"), Fx.j("{'do':'cancel'}")), Fx.legal(g));
    }

    @Test
    @DisplayName("NA 9.11: one point is one strength point; 8.15: ground support alone affects the defender only on a D4")
    void onePointOneStrength() {
        Game g = game();
        List<JsonNode> ev = Fx.attack(g, Fx.a("3125"), Fx.a(), Fx.a(), 3);
        assertEquals(3 - 1, Fx.traced(ev, "7.0").path("result").asInt());
        assertTrue(Fx.traced(ev, "7.0").path("text").asText().contains("3 ground support (9.11)"));
        // +2 on Mixed: column 8, never D4: no effect on the defender
        assertNotNull(Fx.traced(ev, "8.15"));
        assertEquals("3125", Fx.hex(g, "far"));
    }

    @Test
    @DisplayName("NA 9.12: the points may be split among as many targets as wished")
    void split() {
        Game g = game();
        Fx.attack(g, Fx.a("3125"), Fx.a(), Fx.a(), 1);
        assertEquals(3, Fx.eval(g, "rules['ground-support'].available('axis')").asInt());
        Fx.act(g, "{'do':'attack','hex':'3325'}");
        assertTrue(Fx.legal(g, "{'do':'add-ground-support','points':3}"));
        Refusal r = Fx.refuse(g, "{'do':'add-ground-support','points':4}");
        assertEquals("9.0", r.rule());
        Fx.act(g, "{'do':'add-ground-support','points':2}");
        Fx.act(g, "{'do':'resolve'}");
        assertEquals(1, Fx.eval(g, "rules['ground-support'].available('axis')").asInt());
    }

    @Test
    @DisplayName("NA 9.0: the non-phasing player's points serve as final protective fire")
    void asFpf() {
        Game g = game();
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        Fx.act(g, "{'do':'resolve'}");
        assertEquals("british", g.toAct());
        assertEquals(List.of(Fx.j("{'do':'fpf-ground-support','points':1}"), Fx.j("{'do':'fpf-ground-support','points':2}"), Fx.j("{'do':'fpf-done'}")), Fx.legal(g));
        Fx.act(g, "{'do':'fpf-ground-support','points':2}");
        List<JsonNode> ev = Fx.act(g, "{'do':'fpf-done'}");
        assertEquals(5 - (4 + 2), Fx.traced(ev, "7.0").path("result").asInt());
        assertEquals(0, Fx.eval(g, "rules['ground-support'].available('british')").asInt());
    }

    @Test
    @DisplayName("NA 9.14: points not used in their Game-Turn are lost")
    void lostAtTurnEnd() {
        Game g = game();
        // a Game-Turn 0 record with 1 point left: on Game-Turn 1 the allotment is fresh, the point gone
        Fx.eval(g, "(state.gs = {turn: 0, axis: 1, british: 0}, 0)");
        assertEquals(4, Fx.eval(g, "rules['ground-support'].available('axis')").asInt());
        List<JsonNode> ev = Fx.attack(g, Fx.a("3125"), Fx.a(), Fx.a(), 1);
        assertNotNull(Fx.traced(ev, "9.14"));
        assertEquals(1, Fx.eval(g, "state.gs.turn").asInt());
        assertEquals(3, Fx.eval(g, "state.gs.axis").asInt());
        assertEquals(2, Fx.eval(g, "state.gs.british").asInt());
    }

    @Test
    @DisplayName("NA 9.0, 8.13: an attack of ground support alone hits a single hex; cancelling spends nothing")
    void cancelSpendsNothing() {
        Game g = game();
        Fx.act(g, "{'do':'attack','hex':'3125'}");
        Fx.act(g, "{'do':'add-ground-support','points':4}");
        Fx.act(g, "{'do':'cancel'}");
        assertEquals(4, Fx.eval(g, "rules['ground-support'].available('axis')").asInt());
        assertFalse(Fx.flag(g, "far", "defended"));
    }
}
