package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 7.0 Stacking")
class StackingTest {

    @Test
    @DisplayName("RoT 7.1: four full-strength units, a depleted one counting half, an HQ or single-sided unit a whole one")
    void limits() {
        Game g = game("2/24", "au-2-24-a@3024", "au-2-24-b@3024", "au-2-24-c@3024", "au-2-24-hq@3024", "au-2-24-d@3026");
        assertFalse(js(g, "rules.stacking.fits('3024', [state.pieces['au-2-24-d']], false)").asBoolean());
        set(g, "state.pieces['au-2-24-a'].depleted = true; state.pieces['au-2-24-b'].depleted = true;");
        assertTrue(js(g, "rules.stacking.fits('3024', [state.pieces['au-2-24-d']], false)").asBoolean(), "1 + 1 + 0.5 + 0.5 + 1");
        assertEquals(3.0, js(g, "rules.stacking.total(Object.values(state.pieces).filter((p) => p.hex === '3024'))").asDouble());
    }

    @Test
    @DisplayName("RoT 7.1 example: a hex holds eight depleted units, or three full-strength and two depleted; using the road four depleted, or one full-strength and two depleted")
    void example() {
        Game g = game("2/24", "au-2-24-a@3024");
        // n full-strength and m depleted two-sided companies, and whether they fit an empty hex (3026), off the road and on it
        String fits = "(n, m, road) => rules.stacking.fits('3026', Array.from({length: n + m}, (_, i) => Object.assign({}, state.pieces['au-2-24-a'], {id: 'u' + i, depleted: i >= n})), road)";
        assertEquals("[true,false,true,false]", js(g, "[[0, 8], [0, 9], [3, 2], [3, 3]].map(([n, m]) => (" + fits + ")(n, m, false))").toString(), "8 depleted; 9 no; 3 + 2; 3 + 3 no");
        assertEquals("[true,false,true,false]", js(g, "[[0, 4], [0, 5], [1, 2], [1, 3]].map(([n, m]) => (" + fits + ")(n, m, true))").toString(), "on the road: 4 depleted; 5 no; 1 + 2; 1 + 3 no");
    }

    @Test
    @DisplayName("RoT 7.1: the limit is enforced once the activation has moved: the owner depletes or eliminates until it holds")
    void overstackedAfterMovement() {
        Game g = game("2/24", "au-2-24-a@3024", "au-2-24-b@3024", "au-2-24-c@3024", "au-2-24-d@3024", "au-2-24-hq@3023");
        act(g, "{\"do\":\"move\",\"units\":[\"au-2-24-hq\"],\"to\":\"3024\"}");
        take(g, "stop");
        take(g, "\"done\"");
        assertTrue(g.view(null).prompt().contains("3024 holds more than 4"), g.view(null).prompt());
        take(g, "\"do\":\"deplete\",\"unit\":\"au-2-24-a\"");
        assertTrue(g.view(null).prompt().contains("3024 holds more than 4"), "4.5 units: one more");
        take(g, "\"do\":\"eliminate\",\"unit\":\"au-2-24-b\"");
        assertFalse(js(g, "rules.stacking.complyDue()").asBoolean());
        assertEquals(5, js(g, "state.losses.allied").asInt(), "17.11 counts attack strength: 3 - 1 for the flip, 3 for the full-strength company eliminated");
    }
}
