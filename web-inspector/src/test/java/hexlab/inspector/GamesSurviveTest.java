package hexlab.inspector;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No game is lost: each is kept in a journal as it is played, rebuilt when the server starts again
 * or when a game set aside for memory is asked for, and never set aside while a request uses it.
 */
// servers and data folders of its own, restarted: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
class GamesSurviveTest {
    @TempDir Path data;

    static InspectorServer serve(Path data, long budget) {
        return InspectorServer.start(InspectorOptions.of(Roots.toy(), "127.0.0.1", 0).data(data).memoryBudget(budget));
    }

    /** A game with a branch, a jump back, a swapped variant and a changed setting: every kind of step the journal keeps. */
    static String playSome(Http http) {
        String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"seed\":5}")).path("id").asText();
        http.ok(http.put("/api/games/" + id + "/settings", "{\"undoMayNotCrossRoll\":false}"));
        http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"turn\",\"bots\":{\"red\":\"random\",\"blue\":\"random\"}}"));
        http.ok(http.post("/api/games/" + id + "/jump", "{\"n\":3}"));
        JsonNode p = http.ok(http.get("/api/games/" + id)).path("position");
        http.ok(http.post("/api/games/" + id + "/act", "{\"index\":" + (p.path("actions").size() - 1) + "}"));
        http.ok(http.post("/api/games/" + id + "/variant", "{\"errata\":[\"gentler-crt\"]}"));
        http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}"));
        return id;
    }

    static String where(JsonNode game) {
        JsonNode p = game.path("position");
        return p.path("line").asText() + "@" + p.path("cursor").asInt() + "/" + p.path("length").asInt() + " " + p.path("hash").asText()
                + " lines " + game.path("lines").size() + " " + game.path("game").path("variant").path("id").asText()
                + " undo " + game.path("game").path("settings").path("undoMayNotCrossRoll").asBoolean();
    }

    @Test
    void aGameIsRebuiltFromItsJournalWhenTheServerStartsAgain() throws Exception {
        String id, before;
        InspectorServer first = serve(data, 0);
        try {
            Http http = new Http(first.port());
            id = playSome(http);
            before = where(http.ok(http.get("/api/games/" + id)));
        } finally {
            first.stop();
        }
        InspectorServer second = serve(data, 0);
        try {
            Http http = new Http(second.port());
            JsonNode again = http.ok(http.get("/api/games/" + id));
            assertEquals(before, where(again));
            assertFalse(again.has("warnings"), again.path("warnings").toString());
            // and it goes on, kept as before
            http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}"));
            assertTrue(Files.readAllLines(data.resolve("games/" + id + ".jsonl")).size() > 5);
        } finally {
            second.stop();
        }
    }

    @Test
    void aStepCutOffByACrashIsDroppedAndSaid() throws Exception {
        InspectorServer first = serve(data, 0);
        String id, before;
        try {
            Http http = new Http(first.port());
            id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"seed\":2}")).path("id").asText();
            before = where(http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}")));
        } finally {
            first.stop();
        }
        Path journal = data.resolve("games/" + id + ".jsonl");
        Files.writeString(journal, Files.readString(journal) + "{\"op\":\"act\",\"action\":{\"do\":\"mo", java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
        InspectorServer second = serve(data, 0);
        try {
            Http http = new Http(second.port());
            JsonNode g = http.ok(http.get("/api/games/" + id));
            assertEquals(before, where(g));
            assertTrue(g.path("warnings").toString().contains("its last step was cut off"), g.path("warnings").toString());
            http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}"));
            String kept = Files.readString(journal);
            assertTrue(kept.endsWith("}\n") && !kept.contains("\"mo\n") && !kept.contains("\"mo{"), "the cut step is gone and the next one follows whole:\n" + kept);
        } finally {
            second.stop();
        }
    }

    @Test
    void aGameSetAsideForMemoryIsRebuiltWhenAskedForButNeverWhileARequestUsesIt() throws Exception {
        InspectorServer server = serve(data, 0);
        try {
            Http http = new Http(server.port());
            String id = playSome(http);
            String before = where(http.ok(http.get("/api/games/" + id)));
            Sessions sessions = server.sessions();
            Session held = sessions.get(id);
            assertFalse(sessions.setAside(id), "a game a request holds stays");
            sessions.release(held);
            assertTrue(sessions.setAside(id));
            assertEquals(before, where(http.ok(http.get("/api/games/" + id))));
        } finally {
            server.stop();
        }
    }

    @Test
    void aClosedGameIsGoneWithItsJournal() {
        InspectorServer server = serve(data, 0);
        try {
            Http http = new Http(server.port());
            String id = http.ok(http.post("/api/games", "{\"system\":\"toy\"}")).path("id").asText();
            assertTrue(Files.exists(data.resolve("games/" + id + ".jsonl")));
            http.ok(http.delete("/api/games/" + id));
            assertFalse(Files.exists(data.resolve("games/" + id + ".jsonl")));
            assertEquals(404, http.get("/api/games/" + id).status());
            assertEquals(404, http.delete("/api/games/" + id).status());
        } finally {
            server.stop();
        }
    }

    @Test
    void underATinyMemoryBudgetFiftyPlayersAtOnceLoseNoGame() throws Exception {
        // a budget of one byte: after every collection some games are set aside, and rebuilt when asked for
        InspectorServer server = serve(data, 1);
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            Http http = new Http(server.port());
            List<Future<String>> runs = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int seed = i;
                runs.add(pool.submit(() -> {
                    String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"seed\":" + seed + "}")).path("id").asText();
                    String last = null;
                    for (int k = 0; k < 5; k++) {
                        JsonNode r = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}"));
                        if (k == 2) System.gc();
                        last = r.path("position").path("hash").asText();
                        if (r.path("position").path("over").asBoolean()) break;
                    }
                    String now = http.ok(http.get("/api/games/" + id)).path("position").path("hash").asText();
                    return last.equals(now) ? "" : id + " came back at another position";
                }));
            }
            for (Future<String> f : runs) assertEquals("", f.get());
            assertTrue(server.sessions().size() < 50, "some games were set aside: " + server.sessions().size() + " in memory");
        } finally {
            pool.shutdownNow();
            server.stop();
        }
    }
}
