package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ObjIntConsumer;

/**
 * A batch played by a running inspector ({@code POST /api/lab}): its engine keeps the rules it has
 * compiled, so a second batch skips the minute and more a new process spends compiling. The games
 * are the same as a local run's (the same batch code and seeds).
 */
final class RemoteBatch {
    /** What came back: the server's summary and one record per finished game. */
    record Result(JsonNode job, List<GameRecord> records) {}

    private final URI server;
    private final String token;     // the access token the address carries (?token=...), sent as a header
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    RemoteBatch(URI server) {
        if (server.getScheme() == null || !server.getScheme().matches("https?") || server.getHost() == null) {
            throw new InputException(null, 0, 0, "--server expects an inspector's address such as http://127.0.0.1:7070, found \"" + server + "\"");
        }
        String t = null;
        if (server.getQuery() != null) {
            for (String kv : server.getQuery().split("&")) if (kv.startsWith("token=")) t = kv.substring(6);
        }
        this.token = t;
        this.server = URI.create(server.getScheme() + "://" + server.getRawAuthority() + "/");
    }

    /**
     * Refuses a server whose rules differ from {@code sys} (the files here), by the pins a save
     * would check: the system's version and each section's version and content hash. The server
     * describes its files as they are now (it reads them again after an edit), so a difference
     * means it runs another project's files.
     */
    void checkSameRules(RuleSystem sys) {
        JsonNode there = send(HttpRequest.newBuilder(at("/api/systems/" + sys.id())).GET(), 200);
        List<SaveFile.Pin> pins = new ArrayList<>();
        for (JsonNode s : there.path("sections")) pins.add(new SaveFile.Pin(s.path("name").asText(), s.path("version").asText(), s.path("sha256").asText()));
        List<String> changed = Replay.changedSections(sys, there.path("version").asText(), pins);
        if (!changed.isEmpty()) {
            throw new InputException(null, 0, 0, "the inspector at " + server + " runs other rules than the files here (" + String.join("; ", changed)
                    + "): start it from this project, or leave out --server");
        }
    }

    /** Plays the batch on the server; {@code progress} hears of each poll: the batch as the server describes it (its answer so far in {@code interim}) and its games done. */
    Result run(ObjectNode request, ObjIntConsumer<JsonNode> progress) {
        JsonNode started = send(HttpRequest.newBuilder(at("/api/lab")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(request))), 202);
        String id = started.path("id").asText();
        JsonNode job;
        while (true) {
            job = send(HttpRequest.newBuilder(at("/api/lab/" + id)).GET(), 200);
            if (progress != null) progress.accept(job, job.path("done").asInt());
            if (!job.path("state").asText().equals("running")) break;
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the inspector at " + server + " plays batch " + id, e);
            }
        }
        if (job.path("state").asText().equals("failed")) {
            throw new IllegalStateException("the batch failed in the inspector at " + server + ": " + job.path("error").asText());
        }
        if (job.path("state").asText().equals("stopped")) {
            throw new InputException(null, 0, 0, "batch " + id + " was stopped in the inspector at " + server + " after " + job.path("done").asInt()
                    + " of " + job.path("total").asInt() + " games; its finished games are on the inspector's Variant lab page");
        }
        List<GameRecord> records = new ArrayList<>();
        for (JsonNode g : job.path("games")) records.add(record(g));
        return new Result(job, records);
    }

    private static GameRecord record(JsonNode g) {
        Map<String, Double> metrics = new TreeMap<>();
        g.path("metrics").fields().forEachRemaining(m -> metrics.put(m.getKey(), m.getValue().asDouble()));
        return new GameRecord(g.path("variant").asText(), g.path("game").asInt(), Long.parseLong(g.path("seed").asText()), g.path("winner").asText(),
                g.hasNonNull("level") ? g.get("level").asText() : null, g.path("turn").asInt(), g.path("actions").asInt(), g.path("hash").asText(),
                metrics, Map.of(), g.hasNonNull("error") ? g.get("error").asText() : null, g.hasNonNull("save") ? g.get("save").asText() : null,
                g.path("opening").asInt(0));
    }

    private URI at(String path) {
        return server.resolve(path);
    }

    // the body of a reply with the expected status; any other status is the server's refusal, said in its own words
    private JsonNode send(HttpRequest.Builder request, int expected) {
        HttpResponse<String> r;
        try {
            if (token != null) request.header("X-Hexlab-Token", token);
            r = http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new InputException(null, 0, 0, "no inspector answers at " + server + ": start one with ./tobruk serve, or leave out --server to play here");
        } catch (IOException e) {
            throw new InputException(null, 0, 0, "the inspector at " + server + " did not answer: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking the inspector at " + server, e);
        }
        JsonNode body;
        try {
            body = Json.read(r.body());
        } catch (RuntimeException e) {
            throw new InputException(null, 0, 0, "the server at " + server + " is not an inspector (HTTP " + r.statusCode() + ", not JSON)");
        }
        if (r.statusCode() != expected) {
            throw new InputException(null, 0, 0, "the inspector at " + server + " refused the batch (HTTP " + r.statusCode() + "): " + body.path("error").asText(r.body()));
        }
        return body;
    }
}
