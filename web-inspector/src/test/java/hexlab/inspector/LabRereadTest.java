package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A batch started from the Variant lab plays the rule files as they are when it starts, edited since the server read them or not. */
class LabRereadTest {
    private static final String BATCH = "{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":4,\"seed\":2,\"bots\":\"aggressive\",\"threads\":1,"
            + "\"variants\":[{\"name\":\"base\",\"variant\":\"\"}]}";

    @Test
    void aBatchAfterAnEditReadsTheFilesAgainAndSaysSo(@TempDir Path dir) throws IOException {
        Path root = Roots.toyCopy(dir);
        InspectorServer server = InspectorServer.start(root, "127.0.0.1", 0, 0);
        try {
            Http http = new Http(server.port());
            JsonNode before = run(http);
            assertFalse(before.has("reread"), before.path("reread").asText());
            boolean past2 = false;
            for (JsonNode g : before.path("games")) past2 |= g.path("turn").asInt() > 2;
            assertTrue(past2, "a game reaches turn 3: " + before.path("games"));
            // the scenario now ends after turn 2: a batch on the files as they were would play on to turn 4
            Path scenario = root.resolve("scenarios/toy/meeting.yaml");
            Files.writeString(scenario, Files.readString(scenario).replace("turns: {first: 1, last: 4}", "turns: {first: 1, last: 2}"));
            JsonNode after = run(http);
            assertTrue(after.path("reread").asText().contains("had changed since the inspector read them"), after.toString());
            for (JsonNode g : after.path("games")) assertTrue(g.path("turn").asInt() <= 2, g.toString());
            JsonNode again = run(http);
            assertFalse(again.has("reread"), "nothing changed since: " + again.path("reread").asText());
            assertEquals(after.path("games"), again.path("games"));
        } finally {
            server.stop();
        }
    }

    private static JsonNode run(Http http) {
        Http.Reply r = http.post("/api/lab", BATCH);
        assertEquals(202, r.status(), r.text());
        JsonNode b = LabApiTest.finished(http, r.json());
        assertEquals("done", b.path("state").asText(), b.toString());
        return b;
    }
}
