package hexlab.inspector;

import hexlab.kernel.Kernel;
import io.javalin.Javalin;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The web inspector: a Javalin server with the API under /api and the browser front end (plain
 * ES modules and CSS from the classpath). Binds where told; {@code ./tobruk serve} says loopback.
 */
public final class InspectorServer {
    private final Javalin app;
    private final Sessions sessions;
    private final Routes routes;
    private final String host;
    private final Practice practice;
    private final Guard guard;

    private InspectorServer(Javalin app, Sessions sessions, Routes routes, String host, Practice practice, Guard guard) {
        this.app = app;
        this.sessions = sessions;
        this.routes = routes;
        this.host = host;
        this.practice = practice;
        this.guard = guard;
    }

    /** Bot decisions per system that {@code ./tobruk serve} practises: past this, steps hardly get faster. */
    public static final int DEFAULT_PRACTICE = 5000;

    /** Starts serving the systems under {@code root} on loopback defaults; port 0 picks a free port. */
    public static InspectorServer start(Path root, String host, int port) { return start(InspectorOptions.of(root, host, port)); }

    /**
     * As {@link #start(Path, String, int)}, then plays {@code practiceActions} bot decisions of each
     * system in the background while no request is served, so the rules run compiled when a designer steps.
     */
    public static InspectorServer start(Path root, String host, int port, int practiceActions) {
        return start(InspectorOptions.of(root, host, port).practice(practiceActions));
    }

    /** Starts serving as {@code o} says. */
    public static InspectorServer start(InspectorOptions o) {
        Kernel kernel = new Kernel(o.root());
        AtomicInteger inFlight = new AtomicInteger();
        Catalogue catalogue = new Catalogue(kernel);
        Sessions sessions = new Sessions(kernel, o.data(), o.memoryBudget());
        Guard guard = Guard.of(o.host(), o.allowHosts(), o.token());
        Javalin app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.startupWatcherEnabled = false;
            config.router.ignoreTrailingSlashes = true;
            // saves with thousands of actions are uploaded whole
            config.http.maxRequestSize = 32L * 1024 * 1024;
            // loopback by default: compressing costs more time than it saves
            config.http.disableCompression();
            config.staticFiles.add(sf -> {
                sf.hostedPath = "/";
                sf.directory = "/public";
                sf.location = Location.CLASSPATH;
                sf.headers = Map.of("Cache-Control", "no-cache");
                // browsers run a module only if it is served as JavaScript; Jetty does not know .mjs
                sf.mimeTypes.add("text/javascript", "mjs");
            });
        });
        Routes routes = new Routes(kernel, catalogue, sessions, o.labMaxGames());
        app.before(guard::check);
        app.before("/api/*", ctx -> inFlight.incrementAndGet());
        app.after("/api/*", ctx -> inFlight.decrementAndGet());
        routes.install(app, guard);
        app.exception(HttpResponseException.class, (e, ctx) -> {
            ctx.status(e.getStatus());
            Routes.json(ctx, hexlab.kernel.util.Json.object().put("error", e.getMessage()).put("kind", e.getStatus() == 404 ? "not-found" : "request"));
        });
        app.exception(Exception.class, (e, ctx) -> {
            Failure f = Failure.of(e);
            if (f.status() == 500) System.err.println("inspector: " + ctx.method() + " " + ctx.path() + ": " + e);
            ctx.status(f.status());
            if (ctx.path().startsWith("/api/")) Routes.json(ctx, f.body());
            else ctx.contentType("text/plain; charset=utf-8").result(f.body().path("error").asText());
        });
        app.error(404, ctx -> {
            if (ctx.path().startsWith("/api/") && !"application/json".equals(ctx.res().getContentType())) {
                Routes.json(ctx, hexlab.kernel.util.Json.object().put("error", "no route " + ctx.method() + " " + ctx.path()).put("kind", "not-found"));
            }
        });
        app.start(o.host(), o.port());
        guard.port(app.port());
        Practice practice = o.practice() > 0 ? new Practice(kernel, catalogue, inFlight, o.practice()) : null;
        InspectorServer server = new InspectorServer(app, sessions, routes, o.host(), practice, guard);
        // load the systems and start the default game, so the first page finds it ready; then practise
        Thread warm = new Thread(() -> {
            try {
                catalogue.list(false);
                routes.prepareSpare();
            } catch (RuntimeException ignored) {
                // the listing reports its own failures when asked
            }
            if (practice != null) practice.run();
        }, "inspector-warm-up");
        warm.setPriority(Thread.MIN_PRIORITY);
        warm.setDaemon(true);
        warm.start();
        return server;
    }

    public int port() { return app.port(); }

    /** Plays the lab's batches on the members of a lab cluster from now on (serve --cluster), not on this server's threads. */
    public void useCluster(hexlab.kernel.lab.cluster.ClusterPlayers cluster) { routes.lab().cluster = cluster; }

    /** The address to open in a browser, with the access token if one is asked for. */
    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        if (h.equals("0.0.0.0") || h.equals("[::]")) h = "127.0.0.1";
        return "http://" + h + ":" + port() + "/" + (guard.token() == null ? "" : "?" + Guard.TOKEN_PARAM + "=" + guard.token());
    }

    /** The games (for tests in this package). */
    Sessions sessions() { return sessions; }

    /** The access token requests must carry, null if none is asked for. */
    public String token() { return guard.token(); }

    /** Waits for the practice games to end; false if they are still playing after {@code seconds}. */
    public boolean awaitPractice(long seconds) throws InterruptedException { return practice == null || practice.await(seconds); }

    /** Bot decisions played in practice so far. */
    public int practised() { return practice == null ? 0 : practice.played(); }

    public void stop() {
        if (practice != null) practice.stop();
        app.stop();
        routes.shutdown();
        sessions.close();
    }
}
