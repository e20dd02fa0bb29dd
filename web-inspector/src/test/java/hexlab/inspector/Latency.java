package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A small load script: steps (a bot takes one decision) and overlay requests against a running
 * inspector, timed at the client over loopback from sending a request to its whole answer received
 * (this client's own reading of the answer aside). Games that end are replaced, untimed.
 */
final class Latency {
    private final Http http;
    private final String startBody;
    private String id;
    private String unit;

    Latency(Http http, String startBody) {
        this.http = http;
        this.startBody = startBody;
    }

    /**
     * Milliseconds per request, sorted; {@code server}: the server's own share (Server-Timing), sorted;
     * {@code phases}: each Server-Timing entry's durations, sorted, in the header's order.
     */
    record Sample(String what, List<Double> ms, List<Double> server, java.util.Map<String, List<Double>> phases) {
        Sample(String what, List<Double> ms) { this(what, ms, List.of(), java.util.Map.of()); }

        double at(double q) { return at(ms, q); }

        static double at(List<Double> l, double q) { return l.get(Math.max(0, (int) Math.ceil(q * l.size()) - 1)); }

        String line() {
            String s = String.format(Locale.ROOT, "%-28s n=%d  p50 %.1f ms  p95 %.1f ms  max %.1f ms", what, ms.size(), at(0.5), at(0.95), ms.get(ms.size() - 1));
            if (!server.isEmpty()) s += String.format(Locale.ROOT, "  (server p50 %.1f p95 %.1f", at(server, 0.5), at(server, 0.95));
            for (var p : phases.entrySet()) s += String.format(Locale.ROOT, "; %s %.1f / %.1f", p.getKey(), at(p.getValue(), 0.5), at(p.getValue(), 0.95));
            if (!server.isEmpty()) s += ")";
            return s;
        }
    }

    private void fresh() {
        JsonNode g = http.ok(http.post("/api/games", startBody));
        id = g.path("id").asText();
        unit = null;
        var it = g.path("position").path("state").path("pieces").fieldNames();
        if (it.hasNext()) unit = it.next();
    }

    /** The timed replies of one measurement, gathered into a {@link Sample}. */
    private static final class Timings {
        final List<Double> ms = new ArrayList<>(), server = new ArrayList<>();
        final java.util.Map<String, List<Double>> phases = new java.util.LinkedHashMap<>();

        void add(Http.Reply reply) {
            ms.add(reply.ms());
            server.add(reply.serverMs());
            Http.phases(reply.timing()).forEach((k, v) -> phases.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }

        Sample sample(String what) {
            Collections.sort(ms);
            Collections.sort(server);
            phases.values().forEach(Collections::sort);
            return new Sample(what, ms, server, phases);
        }
    }

    Sample steps(int n, int warmUp) {
        fresh();
        Timings t = new Timings();
        for (int i = 0; i < n + warmUp; i++) {
            Http.Reply reply = http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}");
            JsonNode r = http.ok(reply);
            if (i >= warmUp) t.add(reply);
            if (r.path("position").path("over").asBoolean()) fresh();
        }
        return t.sample("step (one bot decision)");
    }

    Sample overlays(String overlay, boolean withUnit, int n, int warmUp) {
        fresh();
        Timings t = new Timings();
        for (int i = 0; i < n + warmUp; i++) {
            String q = withUnit && unit != null ? "?unit=" + unit : "";
            Http.Reply reply = http.get("/api/games/" + id + "/overlays/" + overlay + q);
            http.ok(reply);
            if (i >= warmUp) t.add(reply);
            // move the position on now and then, so the overlay is not asked of one position only
            if (i % 10 == 9) {
                JsonNode r = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}"));
                if (r.path("position").path("over").asBoolean()) fresh();
            }
        }
        return t.sample("overlay " + overlay + (withUnit ? " (unit)" : ""));
    }

    Sample starts(int n, int warmUp) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < n + warmUp; i++) {
            long t0 = System.nanoTime();
            fresh();
            if (i >= warmUp) ms.add((System.nanoTime() - t0) / 1e6);
            http.delete("/api/games/" + id);
        }
        Collections.sort(ms);
        return new Sample("new game", ms);
    }
}
