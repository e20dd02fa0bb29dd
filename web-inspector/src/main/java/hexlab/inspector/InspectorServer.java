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

    private InspectorServer(Javalin app, Sessions sessions, Routes routes, String host, Practice practice) {
        this.app = app;
        this.sessions = sessions;
        this.routes = routes;
        this.host = host;
        this.practice = practice;
    }

    /** Bot decisions per system that {@code ./tobruk serve} practises: past this, steps hardly get faster. */
    public static final int DEFAULT_PRACTICE = 5000;

    /** Starts serving the systems under {@code root}; port 0 picks a free port. */
    public static InspectorServer start(Path root, String host, int port) { return start(root, host, port, 0); }

    /**
     * As {@link #start(Path, String, int)}, then plays {@code practiceActions} bot decisions of each
     * system in the background while no request is served, so the rules run compiled when a designer steps.
     */
    public static InspectorServer start(Path root, String host, int port, int practiceActions) {
        Kernel kernel = new Kernel(root);
        AtomicInteger inFlight = new AtomicInteger();
        Catalogue catalogue = new Catalogue(kernel);
        Sessions sessions = new Sessions();
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
        Routes routes = new Routes(kernel, catalogue, sessions);
        app.before("/api/*", ctx -> inFlight.incrementAndGet());
        app.after("/api/*", ctx -> inFlight.decrementAndGet());
        routes.install(app);
        app.exception(HttpResponseException.class, (e, ctx) -> {
            ctx.status(e.getStatus());
            Routes.json(ctx, hexlab.kernel.util.Json.object().put("error", e.getMessage()).put("kind", e.getStatus() == 404 ? "not-found" : "request"));
        });
        app.exception(Exception.class, (e, ctx) -> {
            Failure f = Failure.of(e);
            if (f.status() == 500) System.err.println("inspector: " + ctx.method() + " " + ctx.path() + ": " + e);
            ctx.status(f.status());
            Routes.json(ctx, f.body());
        });
        app.error(404, ctx -> {
            if (ctx.path().startsWith("/api/") && !"application/json".equals(ctx.res().getContentType())) {
                Routes.json(ctx, hexlab.kernel.util.Json.object().put("error", "no route " + ctx.method() + " " + ctx.path()).put("kind", "not-found"));
            }
        });
        app.start(host, port);
        Practice practice = practiceActions > 0 ? new Practice(kernel, catalogue, inFlight, practiceActions) : null;
        InspectorServer server = new InspectorServer(app, sessions, routes, host, practice);
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

    /** The address to open in a browser. */
    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        if (h.equals("0.0.0.0") || h.equals("[::]")) h = "127.0.0.1";
        return "http://" + h + ":" + port() + "/";
    }

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
