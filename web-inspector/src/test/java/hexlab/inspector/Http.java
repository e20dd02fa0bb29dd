package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small JSON client for the inspector's API, as the browser uses it. */
final class Http {
    record Reply(int status, JsonNode json, String text) {}

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;

    Http(int port) { this.base = "http://127.0.0.1:" + port; }

    Reply get(String path) { return send(HttpRequest.newBuilder(URI.create(base + path)).GET()); }

    Reply post(String path, String body) { return send(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body))); }

    Reply put(String path, String body) { return send(HttpRequest.newBuilder(URI.create(base + path)).PUT(HttpRequest.BodyPublishers.ofString(body))); }

    Reply delete(String path) { return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE()); }

    /** The answer's JSON, failing with the server's message unless the status is 2xx. */
    JsonNode ok(Reply r) {
        if (r.status() / 100 != 2) throw new AssertionError("HTTP " + r.status() + ": " + r.text());
        return r.json();
    }

    private Reply send(HttpRequest.Builder b) {
        try {
            HttpResponse<String> res = client.send(b.header("Content-Type", "application/json").timeout(Duration.ofSeconds(120)).build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode j = null;
            try {
                j = res.body().isEmpty() ? null : Json.read(res.body());
            } catch (IllegalArgumentException notJson) {
                // the static pages are not JSON
            }
            return new Reply(res.statusCode(), j, res.body());
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
