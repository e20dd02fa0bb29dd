package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * NA 11.0 Anti-tank units. The Axis anti-tank battalions (de-33-at) are the only anti-tank units of
 * Crusader; the British attack (British Combat Phase): br-8rtr and br-1rtr are mechanized,
 * br-14-bde and br-1krrc are not.
 */
@DisplayName("NA 11.0 Anti-tank units")
class AntiTankTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    private static String line(Game g, String attackers, String defenders) {
        return Fx.eval(g, "rules[\"combat-terrain\"].line([" + attackers + "], [" + defenders + "])").asText();
    }

    @Test
    @DisplayName("NA 11.11: a unit next to a friendly anti-tank unit, attacked with a mechanized unit, uses the Anti-Tank line")
    void adjacentToAntiTank() {
        Game g = Fx.start("british", 1, 0, 0,
            p("m", "br-8rtr", "british", "2220"), p("x", "it-19-inf", "axis", "2221"), p("at", "de-33-at", "axis", "2222"));
        assertEquals("anti-tank", line(g, "'m'", "'x'"));
        JsonNode c = Fx.eval(g, "rules['anti-tank'].check(['m'], ['x'])");
        assertEquals("11.11", c.path("rule").asText());
        assertEquals("at", c.path("protector").asText());
        List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a("m"), Fx.a(), 0);
        JsonNode crt = null;
        for (JsonNode e : ev) if ("crt/results".equals(e.path("table").asText())) crt = e;
        assertEquals("anti-tank", crt.path("cell").path("line").asText());
    }

    @Test
    @DisplayName("NA 11.12: never without a mechanized attacker, nor for barraging artillery alone")
    void needsMechanized() {
        Game g = Fx.start("british", 1, 0, 0,
            p("i", "br-14-bde", "british", "2220"), p("r", "br-70-arty", "british", "2218"),
            p("x", "it-19-inf", "axis", "2221"), p("at", "de-33-at", "axis", "2222"));
        assertEquals("mixed", line(g, "'i'", "'x'"));
        assertEquals("no mechanized unit takes part in the attack", Fx.eval(g, "rules['anti-tank'].check(['i'], ['x']).text").asText());
        assertEquals("mixed", Fx.eval(g, "rules[\"combat-terrain\"].line([], ['x'], ['r'])").asText());
        assertEquals("11.12", Fx.eval(g, "rules['anti-tank'].check([], ['x'], ['r']).rule").asText());
    }

    @Test
    @DisplayName("NA 11.13: an anti-tank unit of the non-phasing side that was displaced or retreated gives no Anti-Tank line for the rest of the phase")
    void forfeited() {
        Game g = Fx.start("british", 1, 0, 0,
            p("m", "br-8rtr", "british", "2220"), p("x", "it-19-inf", "axis", "2221"), p("at", "de-33-at", "axis", "2222"));
        Fx.eval(g, "(state.pieces.at.retreated = true, 0)");
        assertEquals("mixed", line(g, "'m'", "'x'"));
        assertEquals("11.13", Fx.eval(g, "rules['anti-tank'].check(['m'], ['x']).rule").asText());
        Fx.eval(g, "(state.pieces.at.retreated = false, state.pieces.at.displaced = true, 0)");
        assertEquals("mixed", line(g, "'m'", "'x'"));
        Fx.eval(g, "(state.pieces.at.displaced = false, 0)");
        assertEquals("anti-tank", line(g, "'m'", "'x'"));
    }

    @Test
    @DisplayName("NA 11.13: after the anti-tank unit retreats in one combat, the next attack on its neighbour is on the terrain line")
    void forfeitedInPlay() {
        // m attacks the anti-tank unit itself: 5 + 6 ground support against 4 on the Anti-Tank line, +7, D1 on a 4;
        // it falls back to 2122, still next to x
        Fx.Fought f = Fx.seedFor("D1", s -> Fx.start("british", s, 0, 6,
            p("m", "br-8rtr", "british", "2322"), p("m2", "br-1rtr", "british", "2220"),
            p("x", "it-19-inf", "axis", "2221"), p("at", "de-33-at", "axis", "2222")),
            g -> Fx.attack(g, Fx.a("2222"), Fx.a("m"), Fx.a(), 6));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'at','path':['2122']}");
        if ("british".equals(g.toAct()) && Fx.legal(g, "{'do':'stop'}")) Fx.act(g, "{'do':'stop'}");
        assertEquals("2122", Fx.hex(g, "at"));
        assertEquals(true, Fx.flag(g, "at", "retreated"));
        assertEquals("mixed", line(g, "'m2'", "'x'"));
    }

    @Test
    @DisplayName("NA 11.14 example: X (next to anti-tank Y) attacked by A (mechanized) and B: Anti-Tank line; Y attacked by C (not mechanized): not; Z by a mechanized unit: Anti-Tank line")
    void example1114() {
        // Y (anti-tank) 2221; X 2121 and Z 2321 next to it. A 2020 and B 2120 face X; C 2222 faces Y; D 2421 faces Z
        Game g = Fx.start("british", 1, 0, 0,
            p("Y", "de-33-at", "axis", "2221"), p("X", "it-19-inf", "axis", "2121"), p("Z", "it-20-inf", "axis", "2321"),
            p("A", "br-8rtr", "british", "2020"), p("B", "br-14-bde", "british", "2120"),
            p("C", "br-1krrc", "british", "2222"), p("D", "br-1rtr", "british", "2421"));
        assertEquals("anti-tank", line(g, "'A', 'B'", "'X'"));
        assertEquals("mixed", line(g, "'C'", "'Y'"));
        assertEquals("anti-tank", line(g, "'D'", "'Z'"));
        assertEquals("11.12", Fx.eval(g, "rules['anti-tank'].check(['C'], ['Y']).rule").asText());
        assertEquals("no mechanized unit takes part in the attack", Fx.eval(g, "rules['anti-tank'].check(['C'], ['Y']).text").asText());
        assertEquals("Y", Fx.eval(g, "rules['anti-tank'].protector(state.pieces.Y).id").asText());
    }

    @Test
    @DisplayName("NA 11.15: a unit in Rough always uses the Rough line, whatever its anti-tank defense")
    void roughWins() {
        // the anti-tank unit in 3511 (Rough), attacked by a tank regiment from 3410
        Game g = Fx.start("british", 1, 0, 0,
            p("m", "br-8rtr", "british", "3410"), p("at", "de-33-at", "axis", "3511"));
        assertEquals("rough", line(g, "'m'", "'at'"));
        assertEquals("11.15", Fx.eval(g, "rules['anti-tank'].check(['m'], ['at']).rule").asText());
    }
}
