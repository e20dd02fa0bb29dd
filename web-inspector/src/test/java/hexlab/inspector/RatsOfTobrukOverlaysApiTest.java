package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rats of Tobruk's overlays answer through the API, as the inspector will draw them: the fog of war
 * per side (1.1), a unit's line of sight and each side's observation (11.2, 11.3), bunkers and the
 * ditch/wire (15.0), and the others system.yaml declares; asked as a side, they answer from its view.
 */
class RatsOfTobrukOverlaysApiTest {
    static InspectorServer server;
    static Http http;

    @BeforeAll
    static void start() {
        server = InspectorServer.start(Roots.project(), "127.0.0.1", 0);
        http = new Http(server.port());
    }

    @AfterAll
    static void stop() { server.stop(); }

    static JsonNode overlay(String id, String query) { return http.ok(http.get("/api/games/" + id + "/overlays/" + query)).path("values"); }

    @Test
    void theDeclaredOverlaysAnswerOnAGameUnderWay() {
        String id = http.ok(http.post("/api/games", "{\"system\":\"rats-of-tobruk\",\"scenario\":\"battle-of-the-salient\",\"seed\":3}")).path("id").asText();
        // the Allied set-up, then into the first turn
        for (int i = 0; i < 4 && overlay(id, "observation?side=allied").isEmpty(); i++) {
            http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"phase\",\"bots\":{\"axis\":\"random\",\"allied\":\"random\"}}"));
        }
        JsonNode observed = overlay(id, "observation?side=allied");
        assertFalse(observed.isEmpty(), "the Allied units on the map observe hexes");
        String hex = observed.fieldNames().next();
        JsonNode sight = overlay(id, "line-of-sight?hex=" + hex);
        assertFalse(sight.isEmpty(), "line of sight from " + hex);
        for (JsonNode v : sight) assertTrue(List.of("in sight", "hidden").contains(v.asText()), sight.toString());
        JsonNode facing = overlay(id, "facing");
        assertTrue(facing.toString().contains("bunker") && facing.toString().contains("ditch/wire side"), facing.toString());
        for (String name : List.of("fog?side=axis", "activation-range", "zoc?side=allied", "supply", "harbour", "fire-range")) {
            assertEquals(200, http.get("/api/games/" + id + "/overlays/" + name).status(), name);
        }
        // asked as the Axis, the fog answers from the Axis view: no Allied unit it may not inspect is named
        assertEquals(200, http.get("/api/games/" + id + "/overlays/fog?side=axis&as=axis").status());
    }
}
