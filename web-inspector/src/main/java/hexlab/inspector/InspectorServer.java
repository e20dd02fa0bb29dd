package hexlab.inspector;

import hexlab.kernel.Kernel;
import io.javalin.Javalin;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;

import java.nio.file.Path;
import java.util.Map;

/**
 * The web inspector: a Javalin server with the API under /api and the browser front end (plain
 * ES modules and CSS from the classpath). Binds where told; {@code ./tobruk serve} says loopback.
 */
public final class InspectorServer {
    private final Javalin app;
    private final Sessions sessions;
    private final Routes routes;
    private final String host;

    private InspectorServer(Javalin app, Sessions sessions, Routes routes, String host) {
        this.app = app;
        this.sessions = sessions;
        this.routes = routes;
        this.host = host;
    }

    /** Starts serving the systems under {@code root}; port 0 picks a free port. */
    public static InspectorServer start(Path root, String host, int port) {
        Kernel kernel = new Kernel(root);
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
            });
        });
        Routes routes = new Routes(kernel, catalogue, sessions);
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
        InspectorServer server = new InspectorServer(app, sessions, routes, host);
        // load the systems and start the default game, so the first page finds it ready
        Thread warm = new Thread(() -> {
            try {
                catalogue.list(false);
                routes.prepareSpare();
            } catch (RuntimeException ignored) {
                // the listing reports its own failures when asked
            }
        }, "inspector-warm-up");
        warm.setDaemon(true);
        warm.start();
        return server;
    }

    public int port() { return app.port(); }

    /** The address to open in a browser. */
    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        if (h.equals("0.0.0.0") || h.equals("[::]")) h = "127.0.0.1";
        return "http://" + h + ":" + port() + "/";
    }

    public void stop() {
        app.stop();
        routes.shutdown();
        sessions.close();
    }
}
