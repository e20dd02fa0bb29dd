package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Crusader 16.0: the supply sources each side traces to. */
class SupplySourcesTest {
    static Game game;

    @BeforeAll
    static void position() {
        game = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(3, 4, "british", "campaign", false, null,
                "de-1-8-pz@1605", "br-8rtr@3419"), 1);
    }

    static List<String> sources(String side) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : Fixtures.eval(game, "rules['supply-sources'].supplySources('" + side + "')")) out.add(n.asText());
        return out;
    }

    @Test
    @DisplayName("Crusader 16.0 Axis sources are El Adem 0908, Bardia 3409, Sollum 3513 and every land hex of the west edge")
    void axisSources() {
        List<String> expected = new ArrayList<>();
        for (int row = 2; row <= 26; row++) expected.add(String.format("01%02d", row));   // 0101 is sea
        expected.add("0908");
        expected.add("3409");
        expected.add("3513");
        assertEquals(expected, sources("axis"));
    }

    @Test
    @DisplayName("Crusader 16.0 British sources are Tobruk 1103, the east edge and the south-edge hexes within eleven hexes of it")
    void britishSources() {
        List<String> expected = new ArrayList<>();
        expected.add("1103");
        for (int col = 28; col <= 39; col++) expected.add(String.format("%02d26", col));        // south edge, columns 28-39
        for (int row = 14; row <= 25; row++) expected.add(String.format("39%02d", row));        // east edge: 3901-3913 are sea
        java.util.Collections.sort(expected);
        assertEquals(25, expected.size());
        assertEquals(expected, sources("british"));
    }

    @Test
    @DisplayName("Crusader 16.0 south-edge hex 2826 is eleven hexes from the east edge and a source; 2726, twelve away, is not")
    void elevenHexes() {
        assertEquals(11, Fixtures.eval(game, "map.distance('2826', '3926')").asInt());
        assertEquals(12, Fixtures.eval(game, "map.distance('2726', '3926')").asInt());
        List<String> br = sources("british");
        assertEquals(true, br.contains("2826"));
        assertEquals(false, br.contains("2726"));
    }
}
