package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 6.0 Activation")
class ActivationTest {

    @Test
    @DisplayName("RoT 6.0, 17.13, 17.14: every battalion with a unit left has its chit in the cup; an eliminated battalion's is not")
    void cup() {
        Game g = game("2/24", "au-2-24-a@3024", "au-2-24-hq@3025", "de-mg2-1@3030");
        set(g, "state.pieces['de-mg2-1'].at = 'eliminated'; state.pieces['de-mg2-1'].hex = null;");
        assertEquals("[\"2/24\"]", js(g, "(() => { rules.activation.fillCup(); return state.cup; })()").toString());
    }

    @Test
    @DisplayName("RoT 17.9: the German player chooses the first German chit, which is activated first; the rest are drawn")
    void firstChit() {
        Game g = Positions.scenario(RATS, "battle-of-the-salient", 1);
        while (g.view(null).prompt().startsWith("set up")) g.applyIndex(0);
        List<JsonNode> acts = g.legalActions();
        assertEquals(js(g, "state.cup.filter((b) => rules.setup.battalion(b).side === 'axis').length").asInt(), acts.size());
        List<JsonNode> ev = take(g, "\"battalion\":\"I/Pz5\"");
        assertEquals("I/Pz5", js(g, "state.activation.battalion").asText());
        assertEquals("axis", g.toAct());
        assertFalse(js(g, "state.cup.includes('I/Pz5')").asBoolean());
        assertTrue(rolls(ev).stream().noneMatch((r) -> r.path("purpose").asText().contains("draw")), "taken, not drawn");
        assertFalse(withRule(ev, "17.9").isEmpty());
    }

    @Test
    @DisplayName("RoT 6.0: a player may pass: the chit is discarded and the battalion does nothing this turn")
    void pass() {
        Game g = game("2/24", "au-2-24-a@3024", "au-2-24-hq@3025");
        List<JsonNode> ev = take(g, "pass");
        assertTrue(ev.stream().anyMatch((e) -> e.path("text").asText().contains("pass, the chit is discarded")));
        assertEquals("3024", hex(g, "au-2-24-a"));
        assertEquals(2, js(g, "state.turn").asInt(), "its only chit passed, the turn is over: the next one's activation is asked");
    }

    @Test
    @DisplayName("RoT 2.4, 6.0: a battalion whose HQ is eliminated activates one stack only, the one it first moves")
    void headlessBattalion() {
        Game g = game("2/24", "au-2-24-a@3024", "au-2-24-b@3024", "au-2-24-c@3030");
        act(g, "{\"do\":\"move\",\"units\":[\"au-2-24-a\"],\"to\":\"3022\"}");
        take(g, "stop");
        assertTrue(find(g, "\"units\":[\"au-2-24-b\"]") >= 0, "the rest of the stack that started in 3024");
        assertEquals(-1, find(g, "au-2-24-c"), "the other stack may not be activated");
        assertEquals("[\"au-2-24-a\",\"au-2-24-b\"]", js(g, "state.activation.stackUnits").toString());
    }

    @Test
    @DisplayName("RoT 6.0: the activation range counts from the hex beside the HQ, whatever lies between")
    void range() {
        Game g = game("2/24", "au-2-24-a@3028", "au-2-24-hq@3024");
        assertTrue(js(g, "rules.activation.inRange(state.pieces['au-2-24-a'])").asBoolean(), "4 hexes: within the range of 4");
        set(g, "state.pieces['au-2-24-a'].hex = '3029';");
        assertFalse(js(g, "rules.activation.inRange(state.pieces['au-2-24-a'])").asBoolean());
        set(g, "state.pieces['au-2-24-a'].hex = null; state.pieces['au-2-24-a'].at = 'off';");
        assertTrue(js(g, "rules.activation.inRange(state.pieces['au-2-24-a'])").asBoolean(), "off the map on its turn of entry");
    }
}
