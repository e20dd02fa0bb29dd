package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RoT 5.1-5.2 supply. The 88 of the 33rd battalion in 3026, cut off by the Australian companies
 * in 3024, 3028, 2826 and 3226, whose zones of control fill every hex around it.
 */
@DisplayName("RoT 5.0 Supply")
class SupplyTest {
    static final String FLAK = "de-flak33-1";
    static final String[] RING = {"au-2-24-a@3024", "au-2-24-b@3028", "au-2-24-c@2826", "au-2-24-d@3226"};

    static Game ring(String... more) {
        String[] all = new String[RING.length + 2 + more.length];
        all[0] = FLAK + "@3026";
        all[1] = "de-flak33-hq@3033";
        System.arraycopy(RING, 0, all, 2, RING.length);
        System.arraycopy(more, 0, all, 2 + RING.length, more.length);
        return game("33", all);
    }

    static boolean traced(Game g, String id) { return js(g, "rules.supply.traced(state.pieces['" + id + "'])").asBoolean(); }

    @Test
    @DisplayName("RoT 5.1 example: the German 88 of the 33rd battalion traces a path to the 33rd's HQ")
    void example() {
        Game g = game("33", FLAK + "@3026", "de-flak33-hq@3033");
        assertTrue(traced(g, FLAK));
        Game other = game("33", FLAK + "@3026", "de-mg2-hq@3027");
        assertFalse(traced(other, FLAK), "another battalion's HQ next to it does not do");
    }

    @Test
    @DisplayName("RoT 5.1 a, b: no path through enemy units or an EZOC, unless a friendly unit is in that hex")
    void blocked() {
        assertFalse(traced(ring(), FLAK));
        assertTrue(traced(ring("de-mg2-1@3127", "de-mg2-2@3128"), FLAK), "3127 and 3128, in the EZOC, hold German units: the path goes through");
    }

    @Test
    @DisplayName("RoT 5.1: an HQ traces to any other HQ of its side")
    void hqs() {
        Game g = game("33", "de-flak33-hq@3033", "de-mg2-hq@3040");
        assertTrue(traced(g, "de-flak33-hq"));
        Game alone = game("33", "de-flak33-hq@3033");
        assertFalse(traced(alone, "de-flak33-hq"));
    }

    @Test
    @DisplayName("RoT 5.2: low supply after one phase, out after two, a casualty after three; low halves attack up, out attack and defense down")
    void states() {
        Game g = ring("de-mg2-hq@3040");
        run(g, "rules.supply.phase();");
        assertEquals("low", piece(g, FLAK).path("supply").asText());
        assertEquals(1, js(g, "rules.supply.attack(state.pieces['" + FLAK + "']).value").asInt(), "2 halved, rounded up");
        assertEquals(9, js(g, "rules.supply.defense(state.pieces['" + FLAK + "']).value").asInt());
        run(g, "rules.supply.phase();");
        assertEquals("out", piece(g, FLAK).path("supply").asText());
        assertEquals(1, js(g, "rules.supply.attack(state.pieces['" + FLAK + "']).value").asInt(), "2 halved, rounded down");
        assertEquals(4, js(g, "rules.supply.defense(state.pieces['" + FLAK + "']).value").asInt(), "9 halved, rounded down");
        assertFalse(piece(g, FLAK).path("depleted").asBoolean());
        run(g, "rules.supply.phase();");
        assertTrue(piece(g, FLAK).path("depleted").asBoolean(), "the third phase: casualties");
        run(g, "state.pieces['au-2-24-a'].hex = null; state.pieces['au-2-24-a'].at = 'eliminated'; rules.supply.phase();");
        assertEquals("in", piece(g, FLAK).path("supply").asText(), "the ring broken: in supply again");
    }

    @Test
    @DisplayName("RoT 5.2: out-of-supply artillery goes to its Fired side and stays there")
    void artillery() {
        Game g = game("Art33", "de-art33-1@3026", "de-art33-hq@3040", RING[0], RING[1], RING[2], RING[3], "de-mg2-hq@3041");
        run(g, "rules.supply.phase(); rules.supply.phase();");
        assertTrue(piece(g, "de-art33-1").path("fired").asBoolean());
    }

    @Test
    @DisplayName("RoT 5.1: a battalion without an HQ nominates one stack, in supply for the turn; its other units are not")
    void nomination() {
        Game g = hexlab.rules.Positions.start(RATS, scenario(1, 2, "au-2-24-a@3024", "au-2-24-b@3030", "au-2-23-hq@3040"), 1);
        assertTrue(g.view(null).prompt().contains("2/24th Battalion has no HQ"), g.view(null).prompt());
        assertEquals(2, g.legalActions().size());
        take(g, "\"hex\":\"3030\"");
        assertTrue(piece(g, "au-2-24-b").path("nominated").asBoolean());
        assertEquals("in", piece(g, "au-2-24-b").path("supply").asText());
        assertEquals("low", piece(g, "au-2-24-a").path("supply").asText());
    }
}
