package hexlab.inspector;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input corpus of the API (hardening/api-corpus.tsv): each case answers with its status and
 * message, shows no stack trace, and changes nothing: every fixture game stands where it stood and
 * the data folder holds the same files, byte for byte in size.
 */
// servers and data folders of its own, a runaway script waited out: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
class ApiCorpusTest {
    @TempDir static Path dir;
    static final Map<String, InspectorServer> servers = new LinkedHashMap<>();
    static final TreeMap<String, String> values = new TreeMap<>();
    static final Map<String, Path> data = new LinkedHashMap<>();
    static Http http;

    record Case(String what, String server, String method, String path, String headers, String body, int status, String expect) {}

    @BeforeAll
    static void start() throws IOException {
        data.put("main", dir.resolve("main-data"));
        servers.put("main", InspectorServer.start(InspectorOptions.of(Roots.toy(), "127.0.0.1", 0).data(data.get("main")).labMaxGames(50)));
        data.put("token", dir.resolve("token-data"));
        servers.put("token", InspectorServer.start(InspectorOptions.of(Roots.toy(), "127.0.0.1", 0).data(data.get("token")).token("corpus-token")));
        Path loopy = Roots.toyCopy(dir.resolve("loopy"));
        Path chits = loopy.resolve("rules-scripts/toy/chits.js");
        String text = Files.readString(chits);
        int nl = text.indexOf('\n');
        Files.writeString(chits, text.substring(0, nl + 1) + "let spin = 0;\nwhile (true) { spin++; }\n" + text.substring(nl + 1));
        data.put("loopy", dir.resolve("loopy-data"));
        servers.put("loopy", InspectorServer.start(InspectorOptions.of(loopy, "127.0.0.1", 0).data(data.get("loopy"))));

        http = new Http(servers.get("main").port());
        String id = game(3, "{\"until\":\"step\"}", 3);
        values.put("id", id);
        JsonNode p = http.ok(http.get("/api/games/" + id)).path("position");
        String toAct = p.path("toAct").asText();
        values.put("toAct", toAct);
        values.put("notToAct", toAct.equals("red") ? "blue" : "red");
        values.put("over", game(11, "{\"until\":\"end\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"}}", 1));
        values.put("fresh", game(5, null, 0));
        values.put("rolled", game(7, "{\"until\":\"turn\"}", 1));
        values.put("missing", "zzzzzzzzzzzz");
        String save = http.ok(http.get("/api/games/" + values.get("over") + "/save")).toString();
        values.put("save", save);
        saves(save);
    }

    // a game on seed s, with bots run n times as the body says (each time until their slice is done)
    static String game(long seed, String bots, int times) {
        String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"seed\":" + seed + "}")).path("id").asText();
        for (int i = 0; i < times; i++) {
            JsonNode r = http.ok(http.post("/api/games/" + id + "/bots", bots));
            while (r.path("more").asBoolean()) r = http.ok(http.post("/api/games/" + id + "/bots", bots.replaceFirst("\\{", "{\"resume\":true,")));
        }
        return id;
    }

    // saves changed one way each, named as the corpus names them
    static void saves(String text) {
        ObjectNode s = (ObjectNode) Json.read(text);
        int n = s.get("actions").size();
        values.put("save-truncated", text.substring(0, text.length() / 2));
        values.put("save-checkpoint-beyond", with(s, x -> ((ObjectNode) x.get("checkpoints").get(1)).put("after", n + 25)));
        values.put("save-checkpoint-negative", with(s, x -> ((ObjectNode) x.get("checkpoints").get(0)).put("after", -1)));
        values.put("save-checkpoint-order", with(s, x -> ((ArrayNode) x.get("checkpoints")).add(x.get("checkpoints").get(0).deepCopy())));
        values.put("save-hash", with(s, x -> ((ObjectNode) x.get("checkpoints").get(0)).put("hash", "abc")));
        values.put("save-seed-float", with(s, x -> x.put("seed", 1.5)));
        values.put("save-format", with(s, x -> x.put("format", 2)));
        values.put("save-system", with(s, x -> x.put("system", "nope")));
        values.put("save-actions", with(s, x -> x.put("actions", "none")));
        values.put("save-duplicate", text.replaceFirst("\\{", "{\"seed\":99,"));
        values.put("save-trailing", text + " and more");
    }

    static String with(ObjectNode s, java.util.function.Consumer<ObjectNode> change) {
        ObjectNode c = s.deepCopy();
        change.accept(c);
        return Json.write(c);
    }

    @AfterAll
    static void stop() { servers.values().forEach(InspectorServer::stop); }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        try (InputStream in = ApiCorpusTest.class.getResourceAsStream("/hardening/api-corpus.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] c = line.split("\t", -1);
                if (c.length != 8) throw new IllegalStateException("api-corpus.tsv: 8 tab-separated columns expected, " + c.length + " in: " + line);
                out.add(new Case(c[0], c[1], c[2], c[3], c[4], c[5], Integer.parseInt(c[6]), c[7]));
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCaseIsAnsweredAndChangesNothing() throws IOException {
        List<Case> all = cases();
        assertTrue(all.size() >= 150, "the corpus holds " + all.size() + " cases");
        String only = System.getProperty("corpus.only", "");     // -Dcorpus.only=console: the cases whose name has that
        return all.stream().filter(c -> c.what().contains(only)).map(c -> DynamicTest.dynamicTest(c.what(), () -> check(c)));
    }

    static void check(Case c) {
        InspectorServer server = servers.get(c.server());
        int port = server.port();
        String before = state(c.server());
        Map<String, String> headers = new LinkedHashMap<>();
        if (!c.headers().equals("-")) {
            for (String h : c.headers().split(" && ")) {
                if (h.equals("json")) headers.put("Content-Type", "application/json");
                else headers.put(h.substring(0, h.indexOf(':')), fill(h.substring(h.indexOf(':') + 1).trim(), port));
            }
        }
        String body = c.body().equals("-") ? null : fill(c.body(), port);
        RawHttp.Reply r = RawHttp.send(port, c.method(), fill(c.path(), port), headers, body);
        String shown = r.body().length() > 600 ? r.body().substring(0, 600) + "..." : r.body();
        assertEquals(c.status(), r.status(), c.what() + ": " + shown);
        if (!c.expect().equals("-")) {
            String want = fill(c.expect(), port).replace("\\n", "\n");
            String got = r.headers().getOrDefault("content-type", "").startsWith("application/json") ? Json.read(r.body()).toString() + " " + text(r.body()) : r.body();
            assertTrue(got.contains(want) || r.body().contains(want), c.what() + ": expected \"" + want + "\" in " + shown);
        }
        assertFalse(r.body().contains("\tat ") || r.body().contains("Exception"), c.what() + ": no stack trace: " + shown);
        assertEquals(before, state(c.server()), c.what() + ": nothing changed");
    }

    // a JSON answer's text values, unescaped, to look for a message in
    static String text(String json) {
        try {
            StringBuilder sb = new StringBuilder();
            Json.read(json).findValuesAsText("error").forEach(v -> sb.append(v).append(' '));
            Json.read(json).findValuesAsText("result").forEach(v -> sb.append(v).append(' '));
            Json.read(json).findValuesAsText("note").forEach(v -> sb.append(v).append(' '));
            return sb.toString();
        } catch (RuntimeException notJson) {
            return "";
        }
    }

    static String fill(String s, int port) {
        String out = s.replace("{port}", String.valueOf(port)).replace("\\n", "\n");
        var big = java.util.regex.Pattern.compile("\\{big:(\\d+)}").matcher(out);
        if (big.find()) out = out.substring(0, big.start()) + "x".repeat(Integer.parseInt(big.group(1))) + out.substring(big.end());
        for (Map.Entry<String, String> v : values.descendingMap().entrySet()) out = out.replace("{" + v.getKey() + "}", v.getValue());
        return out;
    }

    // where each fixture game stands, and the data folder's files with their sizes
    static String state(String server) {
        StringBuilder sb = new StringBuilder();
        if (server.equals("main")) {
            for (String k : List.of("id", "over", "fresh", "rolled")) {
                JsonNode g = http.ok(http.get("/api/games/" + values.get(k)));
                JsonNode p = g.path("position");
                sb.append(k).append(' ').append(p.path("line").asText()).append('@').append(p.path("cursor").asInt()).append('/').append(p.path("length").asInt())
                        .append(' ').append(p.path("hash").asText()).append(" lines ").append(g.path("lines").size())
                        .append(' ').append(g.path("game").path("variant").path("id").asText()).append(' ').append(g.path("game").path("settings")).append('\n');
            }
        }
        try (var files = Files.walk(data.get(server))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) sb.append(data.get(server).relativize(f)).append(' ').append(Files.size(f)).append('\n');
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return sb.toString();
    }
}
