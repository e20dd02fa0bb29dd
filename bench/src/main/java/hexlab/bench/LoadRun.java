package hexlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many designers at one inspector: CLIENTS threads, each starting a game and stepping it (a bot's
 * decision per request, as the page's step button), now and then reading the whole game (as the
 * page does on opening) and starting a new game when its game ends or after GAME_STEPS steps. Each
 * client waits THINK_MS on average between requests (0: as fast as it can). Runs WARMUP seconds
 * unmeasured, then MEASURE seconds, and prints steps per second, the latency of steps, reads and
 * new games (p50, p95, p99, max), the errors (any answer but 2xx, or none) and the games lost (a
 * game that answers 404, or stands elsewhere than where its client left it). Not a test: a number
 * for the README, taken against a running server.
 * Usage: LoadRun URL SYSTEM SCENARIO CLIENTS WARMUP MEASURE THINK_MS [GAME_STEPS]
 */
public final class LoadRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String token;
    private final String system, scenario;
    private final int thinkMs, gameSteps;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private volatile boolean measuring, stop;
    private final ConcurrentLinkedQueue<Long> steps = new ConcurrentLinkedQueue<>(), reads = new ConcurrentLinkedQueue<>(), creates = new ConcurrentLinkedQueue<>();
    private final AtomicInteger errors = new AtomicInteger(), lost = new AtomicInteger(), games = new AtomicInteger();
    private final ConcurrentLinkedQueue<String> errorSamples = new ConcurrentLinkedQueue<>();
    private final AtomicLong stepsTaken = new AtomicLong();

    private LoadRun(URI url, String system, String scenario, int thinkMs, int gameSteps) {
        String q = url.getQuery();
        this.token = q != null && q.startsWith("token=") ? q.substring(6) : null;
        this.base = URI.create(url.getScheme() + "://" + url.getRawAuthority());
        this.system = system;
        this.scenario = scenario;
        this.thinkMs = thinkMs;
        this.gameSteps = gameSteps;
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 7) {
            System.err.println("usage: LoadRun URL SYSTEM SCENARIO CLIENTS WARMUP MEASURE THINK_MS [GAME_STEPS]");
            System.exit(2);
        }
        int clients = Integer.parseInt(a[3]), warmup = Integer.parseInt(a[4]), measure = Integer.parseInt(a[5]);
        LoadRun run = new LoadRun(URI.create(a[0]), a[1], a[2], Integer.parseInt(a[6]), a.length > 7 ? Integer.parseInt(a[7]) : 200);
        run.go(clients, warmup, measure);
    }

    private void go(int clients, int warmup, int measure) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(clients);
        for (int i = 0; i < clients; i++) {
            int n = i;
            Thread t = new Thread(() -> {
                try {
                    client(n);
                } finally {
                    done.countDown();
                }
            }, "client-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.printf(Locale.ROOT, "%d clients on %s %s at %s, think time %d ms; warming up %d s%n", clients, system, scenario, base, thinkMs, warmup);
        Thread.sleep(warmup * 1000L);
        long taken0 = stepsTaken.get();
        errors.set(0);
        errorSamples.clear();
        measuring = true;
        long t0 = System.nanoTime();
        Thread.sleep(measure * 1000L);
        measuring = false;
        double secs = (System.nanoTime() - t0) / 1e9;
        long taken = stepsTaken.get() - taken0;
        stop = true;
        done.await();
        System.out.printf(Locale.ROOT, "measured %.1f s: %d steps, %.1f steps/s; %d games started in all%n", secs, taken, taken / secs, games.get());
        report("step", steps);
        report("read", reads);
        report("new game", creates);
        System.out.printf(Locale.ROOT, "errors %d, games lost %d%n", errors.get(), lost.get());
        errorSamples.stream().limit(5).forEach(e -> System.out.println("  " + e));
    }

    private static void report(String what, ConcurrentLinkedQueue<Long> ns) {
        long[] v = ns.stream().mapToLong(Long::longValue).sorted().toArray();
        if (v.length == 0) {
            System.out.println(what + ": none measured");
            return;
        }
        System.out.printf(Locale.ROOT, "%-8s %6d   p50 %7.1f ms   p95 %7.1f ms   p99 %7.1f ms   max %7.1f ms%n", what, v.length,
                at(v, 0.50), at(v, 0.95), at(v, 0.99), v[v.length - 1] / 1e6);
    }

    private static double at(long[] sorted, double q) { return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6; }

    private void client(int n) {
        Random r = new Random(n);
        String id = null;
        int cursor = 0, stepped = 0;
        long seed = n + 1;
        while (!stop) {
            try {
                if (id == null || stepped >= gameSteps) {
                    JsonNode g = send("POST", "/api/games", "{\"system\":\"" + system + "\",\"scenario\":\"" + scenario + "\",\"seed\":" + seed++ + "}", creates, 201);
                    if (g == null) continue;
                    id = g.path("id").asText();
                    cursor = g.path("position").path("cursor").asInt();
                    stepped = 0;
                    games.incrementAndGet();
                } else if (r.nextInt(10) == 0) {
                    JsonNode g = send("GET", "/api/games/" + id, null, reads, 200);
                    if (g != null && g.path("position").path("cursor").asInt() != cursor) lose(id, "stands at " + g.path("position").path("cursor").asInt() + ", its client left it at " + cursor);
                } else {
                    JsonNode g = send("POST", "/api/games/" + id + "/bots", "{\"until\":\"step\"}", steps, 200);
                    if (g == null) {
                        id = null;
                        continue;
                    }
                    int now = g.path("position").path("cursor").asInt();
                    if (now != cursor + 1) lose(id, "went from " + cursor + " to " + now + " in one step");
                    cursor = now;
                    stepped++;
                    stepsTaken.incrementAndGet();
                    if (g.path("position").path("over").asBoolean()) id = null;
                }
            } catch (RuntimeException e) {
                error(e.toString());
                id = null;
            }
            if (thinkMs > 0) sleep(r.nextInt(2 * thinkMs + 1));
        }
    }

    private void lose(String id, String how) {
        lost.incrementAndGet();
        errorSamples.add("game " + id + " lost: " + how);
    }

    private void error(String what) {
        if (measuring) errors.incrementAndGet();
        if (errorSamples.size() < 20) errorSamples.add(what);
    }

    private JsonNode send(String method, String path, String body, ConcurrentLinkedQueue<Long> times, int expected) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(120));
        if (token != null) b.header("X-Hexlab-Token", token);
        if (body != null) b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        else b.method(method, HttpRequest.BodyPublishers.noBody());
        long t0 = System.nanoTime();
        HttpResponse<String> res;
        try {
            res = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            error(method + " " + path + ": " + e);
            return null;
        }
        long ns = System.nanoTime() - t0;
        if (measuring) times.add(ns);
        if (res.statusCode() == 404 && path.startsWith("/api/games/")) {
            lose(path, "answered 404: " + res.body());
            return null;
        }
        if (res.statusCode() != expected) {
            error(method + " " + path + " answered " + res.statusCode() + ": " + res.body().substring(0, Math.min(200, res.body().length())));
            return null;
        }
        try {
            return JSON.readTree(res.body());
        } catch (Exception e) {
            error(method + " " + path + ": not JSON");
            return null;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
