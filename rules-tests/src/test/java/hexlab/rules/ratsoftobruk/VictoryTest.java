package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 17.11 Victory")
class VictoryTest {

    static String level(Game g, int axis, int allied) {
        return js(g, "(() => { const r = rules.victory.level(" + axis + ", " + allied + "); return r.level.level + (r.beyond ? ' (beyond)' : ''); })()").asText();
    }

    @Test
    @DisplayName("RoT 17.11: the Axis losses against the Allied ones: 3:1 or less an Axis Minor Victory, 4:1 a Historical Draw, 5:1 an Allied Minor, 6:1 an Allied Major Victory")
    void lossRatio() {
        Game g = game("2/24", "au-2-24-a@3024");
        assertEquals("Axis Minor Victory", level(g, 30, 10));
        assertEquals("Historical Draw", level(g, 31, 10));
        assertEquals("Historical Draw", level(g, 40, 10));
        assertEquals("Allied Minor Victory", level(g, 50, 10));
        assertEquals("Allied Major Victory", level(g, 60, 10));
        assertEquals("Allied Major Victory (beyond)", level(g, 61, 10));
        assertEquals("Axis Minor Victory", level(g, 0, 0), "no losses at all: 0 is within 3 times 0");
    }

    @Test
    @DisplayName("RoT 17.11: two German units with ranged fire and the harbour 4614 in range win at once; artillery needs no line of sight, direct fire does")
    void harbourInRange() {
        Game g = game("Art33", "de-art33-1@3514", "de-flak33-1@4617", "au-2-24-a@4016");
        assertEquals("[\"de-art33-1\"]", js(g, "rules.victory.strategic().inRange").toString(),
                "the 10.5 cm battery's range of 12 reaches 4614 over everything; the 88 three hexes off sees it only across the town hex 4615, which blocks");
        assertFalse(js(g, "rules.victory.strategic().won").asBoolean());
        set(g, "state.pieces['de-art33-2'] = Object.assign({}, rules.setup.makePiece(rules.setup.counter('de-art33-2')), {hex: '3515'});");
        assertTrue(js(g, "rules.victory.strategic().won").asBoolean());
        run(g, "rules.victory.check();");
        assertTrue(g.over(), "the game ends at once");
        assertEquals("Strategic Victory", g.result().path("level").asText());
    }

    @Test
    @DisplayName("RoT 17.11: a German unit adjacent to the harbour wins at once; the game ends with the strategic victory")
    void adjacent() {
        Game g = game("MG2", "de-mg2-1@4515");
        assertEquals("[\"de-mg2-1\"]", js(g, "rules.victory.strategic().adjacent").toString());
        run(g, "rules.victory.check();");
        assertTrue(g.over());
        assertEquals("axis", g.result().path("winner").asText());
    }
}
