package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Refusal;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static hexlab.rules.northafrica.CombatTest.Fx.p;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NA 7.0: an attack stated whole in one action ({do: "resolve", defenders, attackers, barrage,
 * gs}) is checked as its steps would be (7.15, 7.21, 7.23, 8.11, 8.13, 9.0) and plays as they do.
 */
@DisplayName("NA 7.0 a whole attack in one action")
class WholeAttackTest {

    /** NA 8.22 fixture: a in 2220 touches b1 (2221) and b2 (2321); r4 in 2621 reaches 2321 only. */
    private static Game combined(long seed, int gs) {
        return Fx.start("axis", seed, gs, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r4", "de-104-arty", "axis", "2621"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2321"));
    }

    @Test
    @DisplayName("NA 7.0, 7.23, 8.22, 9.0: a whole attack gives the events and the state its steps give")
    void playsAsItsSteps() {
        for (int gs : new int[] {0, 1}) {
            for (long seed = 1; seed <= 4; seed++) {
                Game steps = combined(seed, gs);
                List<JsonNode> byStep = Fx.attack(steps, Fx.a("2221", "2321"), Fx.a("a"), Fx.a("r4"), gs);
                Game whole = combined(seed, gs);
                String action = "{'do':'resolve','defenders':['2221','2321'],'attackers':['a'],'barrage':['r4'],'gs':" + gs + "}";
                assertFalse(Fx.legal(whole).contains(Fx.j(action)), "a whole attack is not listed: the steps are");
                List<JsonNode> inOne = Fx.act(whole, action);
                assertEquals(byStep, inOne, "seed " + seed + ", " + gs + " ground support");
                assertEquals(steps.stateHash(), whole.stateHash(), "seed " + seed + ", " + gs + " ground support");
                assertTrue(inOne.stream().anyMatch(e -> e.path("text").asText().contains("axis attacks b1, b2 in 2221, 2321 with a; barrage r4")), inOne.toString());
            }
        }
    }

    @Test
    @DisplayName("NA 7.23: a whole attack with an attacker not adjacent to every defender is refused")
    void attackerNotAdjacent() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2218"),
            p("b", "br-14-bde", "british", "2221"));
        String hash = g.stateHash();
        Refusal r = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a','c']}");
        assertEquals("7.23", r.rule());
        assertTrue(r.reason().startsWith("c is not adjacent to 2221"), r.reason());
        assertEquals(hash, g.stateHash(), "a refused attack changes nothing");
    }

    @Test
    @DisplayName("NA 7.21: a whole attack that leaves a neighbour of its attacker unattackable is refused; with both hexes it is made")
    void mustAttackEveryNeighbour() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        Refusal r = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a']}");
        assertEquals("7.21", r.rule());
        assertTrue(r.reason().startsWith("b2 is next to an attacking unit"), r.reason());
        List<JsonNode> ev = Fx.act(g, "{'do':'resolve','defenders':['2221','2219'],'attackers':['a']}");
        assertTrue(ev.stream().anyMatch(e -> e.path("text").asText().startsWith("axis attacks b1, b2 in 2221, 2219 with a:")), ev.toString());
        assertTrue(Fx.result(ev) != null, "the attack was resolved on the CRT: " + ev);
    }

    @Test
    @DisplayName("NA 7.12: a whole attack that strands a unit that must attack is refused")
    void mayNotStrand() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2222"),
            p("b", "br-14-bde", "british", "2221"));
        Refusal r = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a']}");
        assertEquals("7.12", r.rule());
        assertTrue(r.reason().startsWith("c must attack"), r.reason());
    }

    @Test
    @DisplayName("NA 8.11, 8.13: barrage out of range, or alone on two hexes, is refused in a whole attack")
    void barrageChecks() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r2", "de-33-arty", "axis", "2219"),
            p("r3", "de-155-arty", "axis", "2218"), p("b", "br-14-bde", "british", "2221"));
        Refusal r = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a'],'barrage':['r3']}");
        assertEquals("8.11", r.rule());
        assertTrue(r.reason().startsWith("r3 (range 2) cannot reach 2221"), r.reason());

        Game h = Fx.start("axis", 1, 0, 0,
            p("r4", "de-104-arty", "axis", "2218"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2220"));
        Refusal r2 = Fx.refuse(h, "{'do':'resolve','defenders':['2221','2220'],'barrage':['r4']}");
        assertEquals("8.13", r2.rule());
    }

    @Test
    @DisplayName("NA 9.0: a whole attack with more ground support than is left this Game-Turn is refused")
    void groundSupportLeft() {
        Game g = Fx.start("axis", 1, 1, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("b", "br-14-bde", "british", "2221"));
        Refusal r = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a'],'gs':2}");
        assertEquals("9.0", r.rule());
        assertTrue(r.reason().contains("1 ground support point left"), r.reason());
        Refusal r2 = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a'],'gs':1.5}");
        assertEquals("9.0", r2.rule());
    }

    @Test
    @DisplayName("NA 7.0, 7.15: a whole attack needs a target, its shape, and no attack being built")
    void shapeAndTarget() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2218"),
            p("b", "br-14-bde", "british", "2221"));
        assertEquals("7.0", Fx.refuse(g, "{'do':'resolve','defenders':'2221','attackers':['a']}").rule());
        assertEquals("7.0", Fx.refuse(g, "{'do':'resolve','defenders':[],'attackers':['a']}").rule());
        assertEquals("7.0", Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['nobody']}").rule());
        assertEquals("7.0", Fx.refuse(g, "{'do':'resolve','defenders':['2222'],'attackers':['a']}").rule(), "no enemy unit in 2222");
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Refusal r = Fx.refuse(g, "{'do':'resolve','defenders':['2221'],'attackers':['a']}");
        assertEquals("7.0", r.rule());
        assertTrue(r.reason().contains("is being built"), r.reason());
    }
}
