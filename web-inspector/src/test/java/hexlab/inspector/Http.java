package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.flipkart.zjsonpatch.JsonPatch;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A small JSON client for the inspector's API, as the browser uses it: it says which state it holds
 * and applies the patches that answer, so a reply's position always has its whole state.
 */
final class Http {
    /**
     * {@code timing}: the answer's Server-Timing header ("" if none); {@code ms}: from sending the
     * request to the whole answer received, before this client reads its JSON or applies its patch
     * (as a load tool such as wrk counts a request).
     */
    record Reply(int status, JsonNode json, String text, String timing, double ms) {
        /** The sum of the Server-Timing durations, 0 if there are none. */
        double serverMs() { return Http.serverMs(timing); }
    }

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    // the states lately held, by position hash: threads sharing one client may cross answers
    private final java.util.Map<String, JsonNode> held = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(java.util.Map.Entry<String, JsonNode> e) { return size() > 32; }
    });
    private volatile String heldHash;
    final java.util.concurrent.atomic.AtomicInteger patches = new java.util.concurrent.atomic.AtomicInteger();

    Http(int port) { this.base = "http://127.0.0.1:" + port; }

    Reply get(String path) { return send(HttpRequest.newBuilder(URI.create(base + path)).GET()); }

    Reply post(String path, String body) { return send(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body))); }

    /** A POST of a body of another type than JSON (a batch's CSV). */
    Reply post(String path, String body, String contentType) {
        return exchange(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", contentType), false);
    }

    /** A POST saying it holds the state of position {@code have}, its answer left as sent. */
    Reply postHaving(String path, String body, String have) {
        return exchange(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body)).header(Routes.HAVE, have), false);
    }

    Reply put(String path, String body) { return send(HttpRequest.newBuilder(URI.create(base + path)).PUT(HttpRequest.BodyPublishers.ofString(body))); }

    Reply delete(String path) { return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE()); }

    /** The answer's JSON, failing with the server's message unless the status is 2xx. */
    JsonNode ok(Reply r) {
        if (r.status() / 100 != 2) throw new AssertionError("HTTP " + r.status() + ": " + r.text());
        return r.json();
    }

    private void hold(ObjectNode p) {
        if (p.has("statePatch")) {
            JsonNode patch = p.remove("statePatch");
            JsonNode base = held.get(patch.path("base").asText());
            if (base == null) throw new AssertionError("a patch against " + patch.path("base") + ", a state this client never held");
            p.set("state", JsonPatch.apply(patch.path("ops"), base));
            patches.incrementAndGet();
        }
        if (p.has("state") && p.has("hash")) {
            // as the page says it: the position and whose view of it
            String key = p.path("hash").asText() + (p.path("as").isTextual() ? " as " + p.path("as").asText() : "");
            held.put(key, p.path("state"));
            heldHash = key;
        }
    }

    private Reply send(HttpRequest.Builder b) {
        if (heldHash != null) b.header(Routes.HAVE, heldHash);
        return exchange(b, true);
    }

    private Reply exchange(HttpRequest.Builder b, boolean hold) { return exchange(b, hold, true); }

    private Reply exchange(HttpRequest.Builder b, boolean hold, boolean json) {
        try {
            if (json && b.build().headers().firstValue("Content-Type").isEmpty()) b.header("Content-Type", "application/json");
            HttpRequest request = b.timeout(Duration.ofSeconds(180)).build();   // beyond the server's 2-minute stop
            long t0 = System.nanoTime();
            HttpResponse<String> res = client.send(request, HttpResponse.BodyHandlers.ofString());
            double ms = (System.nanoTime() - t0) / 1e6;
            JsonNode j = null;
            try {
                j = res.body().isEmpty() ? null : Json.read(res.body());
            } catch (IllegalArgumentException notJson) {
                // the static pages are not JSON
            }
            if (hold && j != null && j.path("position").isObject()) hold((ObjectNode) j.path("position"));
            return new Reply(res.statusCode(), j, res.body(), res.headers().firstValue("Server-Timing").orElse(""), ms);
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Each Server-Timing entry's duration by name, in the header's order. */
    static java.util.Map<String, Double> phases(String header) {
        java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (var m : java.util.regex.Pattern.compile("([a-z]+);dur=([0-9.]+)").matcher(header).results().toList()) out.put(m.group(1), Double.parseDouble(m.group(2)));
        return out;
    }

    static double serverMs(String header) { return phases(header).values().stream().mapToDouble(Double::doubleValue).sum(); }
}
