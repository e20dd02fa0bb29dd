package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 9.4 Overrun")
class OverrunTest {
    static final String PZ1 = "de-1pz5-1";     // 5-4-10 tracked
    static final String PZ2 = "de-1pz5-2";
    static final String AU = "au-2-24-a";      // 3-5-4

    @Test
    @DisplayName("RoT 9.4: tanks moving next to the enemy may overrun; cleared, they move on with the MP they have left")
    void success() {
        Game g = game("I/Pz5", PZ1 + "@3030", PZ2 + "@3030", "de-1pz5-hq@3031", AU + "@3025");
        act(g, "{\"do\":\"move\",\"units\":[\"" + PZ1 + "\",\"" + PZ2 + "\"],\"to\":\"3026\"}");
        assertTrue(find(g, "\"do\":\"overrun\",\"hex\":\"3025\"") >= 0);
        dealNext(g, "11");
        take(g, "overrun");
        assertEquals("eliminated", piece(g, AU).path("at").asText(), "10 against 5 at 2-1 on a 2: DE (placeholder CRT)");
        assertTrue(piece(g, PZ1).path("overrun").asBoolean());
        assertTrue(piece(g, PZ1).path("attacked").asBoolean());
        assertTrue(find(g, "\"do\":\"move\",\"to\":\"3020\"") >= 0, "4 MP spent of 10: on through the cleared hex");
        assertEquals(-1, find(g, "\"to\":\"3015\""));
    }

    @Test
    @DisplayName("RoT 9.4: an overrun that does not clear the hex ends the tanks' activation; no artillery on either side")
    void failure() {
        Game g = game("I/Pz5", PZ1 + "@3030", "de-1pz5-hq@3031", AU + "@3025", "de-art33-1@3040", "br-1rha-a@3015");
        act(g, "{\"do\":\"move\",\"units\":[\"" + PZ1 + "\"],\"to\":\"3026\"}");
        dealNext(g, "33");
        take(g, "overrun");
        assertEquals("axis", g.toAct(), "no defensive artillery was asked for");
        assertFalse(piece(g, "br-1rha-a").path("fired").asBoolean());
        assertTrue(js(g, "state.moving === null").asBoolean());
        assertEquals("3026", hex(g, PZ1));
        take(g, "\"done\"");
        assertEquals(-1, find(g, "\"do\":\"attack\""), "it has attacked: no second attack");
    }

    @Test
    @DisplayName("RoT 9.4: no overrun with a leg unit riding along (9.5)")
    void riders() {
        Game g = game("KGK", "de-kgk-pz@3030", "de-kgk-1@3030", "de-kgk-hq@3031", AU + "@3025");
        assertEquals(1, js(g, "rules.movement.group([state.pieces['de-kgk-pz'], state.pieces['de-kgk-1']]).riders.length").asInt());
        act(g, "{\"do\":\"move\",\"units\":[\"de-kgk-1\",\"de-kgk-pz\"],\"to\":\"3026\"}");
        assertEquals("3026", hex(g, "de-kgk-1"), "the infantry rode the tanks' 4 hexes");
        assertEquals(-1, find(g, "overrun"));
        Game alone = game("KGK", "de-kgk-pz@3030", "de-kgk-1@3030", "de-kgk-hq@3031", AU + "@3025");
        act(alone, "{\"do\":\"move\",\"units\":[\"de-kgk-pz\"],\"to\":\"3026\"}");
        assertTrue(find(alone, "overrun") >= 0, "alone it may");
    }
}
