package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 8.0 Zones of Control")
class ZocTest {
    static boolean zoc(Game g, String hex, String side) { return js(g, "rules.zoc.inZoc('" + hex + "', '" + side + "')").asBoolean(); }

    @Test
    @DisplayName("RoT 8.0: every combat unit but an HQ exerts a ZOC into the six hexes around it")
    void sixHexes() {
        Game g = game("2/24", "au-2-24-a@3025", "au-2-24-hq@3030");
        for (String h : new String[] {"3024", "3026", "2925", "2926", "3125", "3126"}) assertTrue(zoc(g, h, "allied"), h);
        assertFalse(zoc(g, "3027", "allied"));
        assertFalse(zoc(g, "3029", "allied"), "the HQ in 3030 has none");
    }

    @Test
    @DisplayName("RoT 8.0 example: no ZOC across a ditch/wire hexside (closed to wheeled units), except along a road or path")
    void ditchWire() {
        Game g = game("2/24", "au-2-24-a@1023");
        assertFalse(zoc(g, "0924", "allied"), "across the wire without a road");
        assertTrue(zoc(g, "0923", "allied"), "across the wire along the Medauuar road");
        assertTrue(zoc(g, "1022", "allied"));
    }

    @Test
    @DisplayName("RoT 8.0: a friendly unit in the hex does not cancel the EZOC: a move into it still ends there")
    void friendlyDoesNotCancel() {
        Game g = game("MG2", "de-mg2-1@3028", "de-mg2-2@3026", "de-mg2-hq@3029", "au-2-24-a@3025");
        act(g, "{\"do\":\"move\",\"units\":[\"de-mg2-1\"],\"to\":\"3026\"}");
        assertEquals("3026", hex(g, "de-mg2-1"));
        assertEquals(-1, find(g, "\"do\":\"move\""), "no further leg: the EZOC ended the move");
        assertTrue(find(g, "stop") >= 0);
    }
}
