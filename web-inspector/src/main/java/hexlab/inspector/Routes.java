package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import io.javalin.Javalin;
import io.javalin.http.Context;

import java.util.List;
import java.util.Map;

/** The HTTP API under /api: the engine surface (view, act, bots), time travel, rules swaps, saves, tables, overlays, the console. */
final class Routes {
    private final Kernel kernel;
    private final Catalogue catalogue;
    private final Sessions sessions;

    Routes(Kernel kernel, Catalogue catalogue, Sessions sessions, int labMaxGames) {
        this.kernel = kernel;
        this.catalogue = catalogue;
        this.sessions = sessions;
        this.lab = new Lab(kernel, labMaxGames);
    }

    private final Lab lab;

    Lab lab() { return lab; }

    /**
     * The routes. Every request has passed {@link Guard#check} (host, origin, token, content type);
     * a route reads its JSON body with {@code Requests.body(ctx, Type.class)} (a record: strict types,
     * unknown fields refused), its query with {@link Requests#onlyQuery} and {@link Requests#flagParam},
     * and a route whose body is not JSON says so to the guard ({@code guard.takes(path, type)}).
     */
    void install(Javalin app, Guard guard) {
        guard.takes("/api/lab/csv", "text/csv");
        // the games a request held are released once it has answered, whatever the answer
        app.after("/api/*", Routes::releaseHeld);
        app.get("/api/systems", ctx -> {
            Requests.onlyQuery(ctx, "reload");
            if (Requests.flagParam(ctx, "reload", false)) reread();
            json(ctx, catalogue.list(false));
        });
        app.get("/api/systems/{system}", ctx -> {
            Requests.onlyQuery(ctx);
            String id = ctx.pathParam("system");
            rereadIfEdited(id);      // what a batch would play: the files as they are now
            json(ctx, catalogue.describe(kernel.system(id)));
        });
        app.get("/api/systems/{system}/display", ctx -> {
            Requests.onlyQuery(ctx);
            json(ctx, Display.of(kernel.system(ctx.pathParam("system")), kernel.catalog()));
        });
        app.get("/api/default", ctx -> json(ctx, catalogue.defaultChoice()));

        app.post("/api/games", this::create);
        app.get("/api/games/{id}", ctx -> {
            Session s = session(ctx);
            json(ctx, Payload.full(s, as(ctx, s)));
        });
        app.delete("/api/games/{id}", ctx -> {
            sessions.remove(ctx.pathParam("id"));
            json(ctx, Json.object().put("closed", ctx.pathParam("id")));
        });
        app.get("/api/games/{id}/map", this::map);
        app.post("/api/games/{id}/act", this::act);
        app.post("/api/games/{id}/bots", this::bots);
        app.post("/api/games/{id}/undo", ctx -> {
            Requests.body(ctx, Requests.Settings.class);   // no fields: an empty body or {}
            update(ctx, session(ctx), Session::undo);
        });
        app.post("/api/games/{id}/jump", ctx -> {
            Requests.Jump b = Requests.body(ctx, Requests.Jump.class);
            if (b.n() == null) throw ApiError.bad("give \"n\": the entry to go to (0 is the start)");
            update(ctx, session(ctx), s -> s.jump(b.n()));
        });
        app.post("/api/games/{id}/line", ctx -> {
            Requests.LineChoice b = Requests.body(ctx, Requests.LineChoice.class);
            if (b.line() == null || b.line().isBlank()) throw ApiError.bad("\"line\" is required");
            update(ctx, session(ctx), s -> s.switchLine(b.line()));
        });
        app.put("/api/games/{id}/settings", ctx -> {
            Requests.Settings b = Requests.body(ctx, Requests.Settings.class);
            Session s = session(ctx);
            synchronized (s) {
                if (b.undoMayNotCrossRoll() != null) s.undoMayNotCrossRoll(b.undoMayNotCrossRoll());
                json(ctx, Payload.meta(s));
            }
        });
        app.post("/api/games/{id}/variant", ctx -> {
            Requests.VariantChoice b = Requests.body(ctx, Requests.VariantChoice.class);
            Session s = session(ctx);
            Variant v = variant(s.system, b);
            update(ctx, s, x -> x.revariant(v));
        });
        // the erratum being written in the Tables tab: each edit replays the line under the variant with it
        app.get("/api/games/{id}/draft", ctx -> json(ctx, Drafting.describe(session(ctx).variant())));
        app.get("/api/games/{id}/draft.yaml", ctx -> {
            var d = Drafting.current(session(ctx).variant());
            if (d == null) throw ApiError.notFound("this game has no draft erratum");
            ctx.header("Content-Disposition", "attachment; filename=\"" + d.id() + ".yaml\"").contentType("application/yaml").result(d.yaml());
        });
        app.post("/api/games/{id}/draft", ctx -> {
            Session s = session(ctx);
            Variant v = Drafting.edit(s.variant(), Requests.body(ctx, Requests.DraftEdit.class));
            update(ctx, s, x -> x.revariant(v));
        });
        app.put("/api/games/{id}/draft", ctx -> {
            Session s = session(ctx);
            Variant v = Drafting.name(s.variant(), Requests.body(ctx, Requests.DraftName.class));
            update(ctx, s, x -> x.revariant(v));
        });
        app.delete("/api/games/{id}/draft", ctx -> {
            Session s = session(ctx);
            Variant v = Drafting.drop(s.variant());
            update(ctx, s, x -> x.revariant(v));
        });
        app.post("/api/games/{id}/compare", this::compare);
        app.get("/api/games/{id}/compare/{n}", ctx -> {
            Session s = session(ctx);
            int n = Requests.wholeParam(ctx.pathParam("n"), "n", 0, Integer.MAX_VALUE);
            json(ctx, s.compareAt(n, s.viewer(as(ctx, s))));
        });
        app.get("/api/games/{id}/overlays/{name}", this::overlay);
        app.get("/api/games/{id}/displays", this::displays);
        app.get("/api/games/{id}/preview", this::preview);
        app.get("/api/games/{id}/tables", ctx -> {
            Requests.onlyQuery(ctx, "q", AS);
            Session s = session(ctx);
            json(ctx, TablesJson.list(s.variant(), kernel.catalog(), ctx.queryParam("q")));
        });
        app.get("/api/games/{id}/tables/{section}/{table}", ctx -> {
            Session s = session(ctx);
            json(ctx, TablesJson.one(s.variant(), kernel.catalog(), ctx.pathParam("section"), ctx.pathParam("table")));
        });
        app.post("/api/games/{id}/eval", ctx -> {
            Requests.Eval b = Requests.body(ctx, Requests.Eval.class);
            if (b.expr() == null || b.expr().isBlank()) throw ApiError.bad("\"expr\" is required: a JavaScript expression");
            Session s = session(ctx);
            json(ctx, s.eval(b.expr(), s.viewer(as(ctx, s))));
        });
        app.get("/api/games/{id}/save", this::save);
        app.post("/api/saves", this::load);

        app.post("/api/lab", ctx -> {
            Requests.LabRun b = Requests.body(ctx, Requests.LabRun.class);
            lab.refuseWhileRunning();
            // a batch plays the rule files as they are now: after an edit they are read again first
            Lab.Job j = lab.start(b, rereadIfEdited(b.system()));
            ctx.status(202);
            json(ctx, Lab.json(j));
        });
        app.post("/api/lab/csv", this::labCsv);
        app.get("/api/lab/{id}", ctx -> json(ctx, Lab.json(lab.get(ctx.pathParam("id")))));
        app.delete("/api/lab/{id}", ctx -> json(ctx, Lab.json(lab.stop(ctx.pathParam("id")))));
    }

    /** A batch read back from `simulate --csv`; the query may say which system and scenario it came from. */
    private void labCsv(Context ctx) {
        Requests.onlyQuery(ctx, "name", "system", "scenario");
        String name = ctx.queryParam("name");
        String display = name == null || name.isBlank() ? "uploaded CSV" : name.replaceAll("[^A-Za-z0-9._ -]", "_");
        if (ctx.body().isBlank()) throw ApiError.bad("the request body must be the per-game CSV that `simulate --csv` wrote");
        String system = ctx.queryParam("system"), scenario = ctx.queryParam("scenario");
        if (system != null && !system.isBlank()) kernel.system(system);
        ctx.status(201);
        json(ctx, Lab.json(lab.load(ctx.body(), display, system == null || system.isBlank() ? null : system, scenario == null || scenario.isBlank() ? null : scenario)));
    }

    // ---- handlers ---------------------------------------------------------------------------------

    /**
     * Starts the default game before anyone asks, so the first page opened draws its board at once.
     * Taken by the first request for the default game with nothing else chosen.
     */
    void prepareSpare() {
        ObjectNode d = catalogue.defaultChoice();
        if (!d.path("system").isTextual()) return;
        try {
            RuleSystem sys = kernel.system(d.path("system").asText());
            spare.set(Session.start(sessions.newId(), kernel, Variant.base(sys), d.path("scenario").asText(), d.path("seed").asLong(1)));
        } catch (RuntimeException e) {
            // the default is started again, with its error, when asked for
        }
    }

    /** Reads every system's files again (the spare game was made from the files as they were). */
    private void reread() {
        close();
        catalogue.list(true);
    }

    /** Reads the files again if any rule file changed since system {@code id} was read; whether it did. */
    private boolean rereadIfEdited(String id) {
        if (id == null || !kernel.catalog().changedOnDisk(id)) return false;
        reread();
        return true;
    }

    /** Closes the default game made beforehand, if no one took it. */
    void close() {
        Session s = spare.getAndSet(null);
        if (s != null) s.close();
    }

    /** The server stops: running batches stop after their games in progress. */
    void shutdown() {
        lab.close();
        close();
    }

    private final java.util.concurrent.atomic.AtomicReference<Session> spare = new java.util.concurrent.atomic.AtomicReference<>();

    private void create(Context ctx) {
        Requests.NewGame b = Requests.body(ctx, Requests.NewGame.class);
        boolean nothingChosen = b.equals(new Requests.NewGame(null, null, null, null, null, null, null, null));
        if (nothingChosen) {
            Session ready = spare.getAndSet(null);
            if (ready != null) {
                held(ctx, sessions.adopt(ready));
                ctx.status(201);
                json(ctx, Payload.full(ready, as(ctx, ready)));
                return;
            }
        }
        String systemId = b.system();
        String scenario = b.scenario();
        long seed = Requests.seed(b.seed(), "seed", 1);
        if (systemId == null) {
            // no system named: the game the inspector opens on
            ObjectNode d = catalogue.defaultChoice();
            if (!d.path("system").isTextual()) throw ApiError.bad("give \"system\": " + d.path("reason").asText());
            systemId = d.path("system").asText();
            if (scenario == null) scenario = d.path("scenario").asText();
            if (b.seed() == null) seed = d.path("seed").asLong(1);
        }
        RuleSystem sys = kernel.system(systemId);
        Variant v = variant(sys, b.choice());
        if (scenario == null) {
            if (sys.scenarios().isEmpty()) throw ApiError.bad("system " + sys.id() + " has no scenario to start");
            scenario = sys.scenarios().get(0).id();
        }
        long gameSeed = seed;
        boolean undoRule = b.undoMayNotCrossRoll() == null || b.undoMayNotCrossRoll();
        String sc = scenario;
        Session s;
        try {
            s = held(ctx, sessions.add(id -> Session.start(id, kernel, v, sc, gameSeed)));
        } catch (InputException e) {
            throw e;
        } catch (RuntimeException e) {
            // the rules did not load or walk to the first decision: the system is listed as failing to start
            catalogue.startFailed(sys.id(), e);
            throw e;
        }
        catalogue.started(sys.id());
        s.undoMayNotCrossRoll(undoRule);
        ctx.status(201);
        json(ctx, Payload.full(s, as(ctx, s)));
    }

    private void map(Context ctx) {
        Session s = session(ctx);
        if (s.map() == null) throw ApiError.notFound("system " + s.system.id() + " has no map");
        ctx.header("Cache-Control", "max-age=3600");
        json(ctx, MapJson.of(s.map()));
    }

    private void act(Context ctx) {
        Requests.Act b = Requests.body(ctx, Requests.Act.class);
        Session s = session(ctx);
        // seen as a side, the page acts as that side; a "side" beside it must be the same
        String as = as(ctx, s), asSide = as != null && !as.equals(Session.AUTO) ? as : null;
        String side = b.side();
        if (side != null && !s.system.sides().contains(side)) {
            throw ApiError.bad("\"side\" " + side + " is not a side of " + s.system.id() + " (sides: " + String.join(", ", s.system.sides()) + ")");
        }
        if (asSide != null && side != null && !side.equals(asSide)) throw ApiError.bad("\"side\" " + side + " is not the side the game is seen as (?as=" + asSide + ")");
        String actor = asSide != null ? asSide : side;
        if (b.index() != null) {
            if (b.action() != null) throw ApiError.bad("give \"action\" or \"index\", not both");
            update(ctx, s, x -> x.actIndex(actor, b.index()));
            return;
        }
        JsonNode action = b.action();
        if (action == null || action.isNull()) throw ApiError.bad("give \"action\" (a JSON object, one of the legal actions) or \"index\" (its place in the list)");
        if (!action.isObject()) throw ApiError.bad("\"action\" must be a JSON object such as {\"do\": \"done\"}");
        update(ctx, s, x -> x.act(actor, action));
    }

    private void bots(Context ctx) {
        Requests.Bots b = Requests.body(ctx, Requests.Bots.class);
        Session s = session(ctx);
        Runner.Until until = Runner.Until.parse(b.until() == null ? "step" : b.until());
        Map<String, String> names = b.bots() == null ? Map.of() : b.bots();
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (!s.system.sides().contains(e.getKey())) throw ApiError.bad("\"bots\" names side \"" + e.getKey() + "\"; sides: " + String.join(", ", s.system.sides()));
            if (!hexlab.kernel.bot.Bots.names(s.system).contains(e.getValue())) {
                throw ApiError.bad("unknown bot \"" + e.getValue() + "\" (bots: " + String.join(", ", hexlab.kernel.bot.Bots.names(s.system)) + ")");
            }
        }
        if (until != Runner.Until.POINT && (b.turn() != null || b.at() != null)) throw ApiError.bad("\"turn\" and \"at\" go with \"until\": \"point\"");
        Integer turn = b.turn() == null ? null : Requests.range("turn", b.turn(), s.scenario.firstTurn(), s.scenario.lastTurn());
        Runner.Point point = until == Runner.Until.POINT ? Runner.Point.of(turn, b.at()) : null;
        boolean resume = b.resume() != null && b.resume();
        update(ctx, s, x -> x.runBots(names, until, point, resume));
    }

    private void compare(Context ctx) {
        Requests.Compare b = Requests.body(ctx, Requests.Compare.class);
        Session s = session(ctx);
        Variant a = b.a() != null ? variant(s.system, b.a()) : s.variant();
        if (b.b() == null) throw ApiError.bad("give \"b\": {options, errata} (and optionally \"a\"; it defaults to the current variant)");
        Variant bv = variant(s.system, b.b());
        synchronized (s) {
            Comparison c = s.compare(a, bv);
            String as = s.viewer(as(ctx, s));
            ObjectNode o = c.toJson(as, s.system.hasView());
            int d = c.firstDivergence();
            o.set("at", s.compareAt(d >= 0 ? Math.min(d, c.actions.size()) : c.actions.size(), as));
            json(ctx, o);
        }
    }

    /** The system's off-map displays (system.yaml displays:), as the side asked for sees them. */
    private void displays(Context ctx) {
        Session s = session(ctx);
        Requests.onlyQuery(ctx, AS);
        String as = s.viewer(as(ctx, s));
        long t0 = System.nanoTime();
        JsonNode d = s.displays(as);
        ctx.header(SERVER_TIMING, dur("rules", System.nanoTime() - t0));
        json(ctx, Json.object().set("displays", d));
    }

    private void overlay(Context ctx) {
        Session s = session(ctx);
        String name = ctx.pathParam("name");
        if (!s.system.overlays().containsKey(name)) {
            throw ApiError.notFound("no overlay \"" + name + "\" in " + s.system.id() + " (overlays: " + String.join(", ", s.system.overlays().keySet()) + ")");
        }
        Requests.onlyQuery(ctx, "unit", "side", "hex", AS);
        ObjectNode args = Json.object();
        for (String k : List.of("unit", "side", "hex")) {
            String v = ctx.queryParam(k);
            if (v != null && !v.isEmpty()) args.put(k, v);
        }
        String as = s.viewer(as(ctx, s));
        s.checkOverlayArgs(args, as);
        long t0 = System.nanoTime();
        JsonNode values = s.overlay(name, args, as);
        ctx.header(SERVER_TIMING, dur("rules", System.nanoTime() - t0));
        ObjectNode o = Json.object();
        o.put("name", name);
        o.set("args", args);
        o.set("values", values == null || values.isNull() ? Json.object() : values);
        json(ctx, o);
    }

    /**
     * The system's combat preview (system.yaml preview:): the attack being composed, or a candidate
     * one (?hex=H&attackers=a,b); asked as a side, through its view. {preview: null} when there is
     * nothing to preview.
     */
    private void preview(Context ctx) {
        Session s = session(ctx);
        if (s.system.preview() == null) throw ApiError.notFound(s.system.id() + " declares no combat preview (system.yaml preview:)");
        Requests.onlyQuery(ctx, "hex", "attackers", AS);
        String hex = ctx.queryParam("hex");
        if (hex != null && hex.isBlank()) hex = null;
        String list = ctx.queryParam("attackers");
        List<String> attackers = list == null || list.isBlank() ? List.of() : List.of(list.split(",", -1));
        if (attackers.size() > MAX_ATTACKERS) throw ApiError.bad("\"attackers\" names " + attackers.size() + " units; at most " + MAX_ATTACKERS);
        for (String a : attackers) if (a.isBlank()) throw ApiError.bad("\"attackers\" is a comma-separated list of piece ids, with no empty entry: " + list);
        String as = s.viewer(as(ctx, s));
        s.checkPreviewArgs(hex, attackers, as);
        ObjectNode args = Json.object();
        if (hex != null) {
            args.put("hex", hex);
            attackers.forEach(args.putArray("attackers")::add);
        }
        long t0 = System.nanoTime();
        JsonNode p = s.preview(args, as);
        ctx.header(SERVER_TIMING, dur("rules", System.nanoTime() - t0));
        ObjectNode o = Json.object();
        o.set("args", args);
        if (as != null) o.put("as", as);
        o.set("preview", p == null ? Json.MAPPER.nullNode() : p);
        json(ctx, o);
    }

    /** More attackers than any stack of units a map holds next to one hex. */
    static final int MAX_ATTACKERS = 64;

    private void save(Context ctx) {
        Session s = session(ctx);
        // a save replays the whole game from its seed and actions, so it holds every secret: no side's to take
        String as = s.viewer(as(ctx, s));
        if (as != null && s.system.hasView()) {
            throw new ApiError(403, "a save replays the whole game from its seed and actions, every secret included: "
                    + as + " may not have it; download it as the designer (without ?as=)");
        }
        SaveFile f = s.save();
        String name = f.system() + "-" + f.scenario() + "-seed" + f.seed() + "-" + f.actions().size() + ".json";
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
        ctx.contentType("application/json").result(Json.pretty(f.toJson()));
    }

    private void load(Context ctx) {
        Requests.onlyQuery(ctx, "name", AS);
        String name = ctx.queryParam("name");
        String display = name == null || name.isBlank() ? "uploaded save" : name.replaceAll("[^A-Za-z0-9._ -]", "_");
        if (ctx.body().isBlank()) throw ApiError.bad("the request body must be a save (the JSON a download gave)");
        SaveFile save = SaveFile.parse(display, ctx.body());
        Change c = new Change();
        Session s = held(ctx, sessions.add(id -> Session.load(id, kernel, save, c)));
        ctx.status(201);
        json(ctx, Payload.update(s, c, null, as(ctx, s)));
    }

    // ---- helpers ------------------------------------------------------------------------------------

    private Session session(Context ctx) { return held(ctx, sessions.get(ctx.pathParam("id"))); }

    private static final String HELD = "hexlab.held";

    // a game this request uses: not set aside before the answer is sent
    private Session held(Context ctx, Session s) {
        List<Session> list = ctx.attribute(HELD);
        if (list == null) ctx.attribute(HELD, list = new java.util.ArrayList<>());
        list.add(s);
        return s;
    }

    private static void releaseHeld(Context ctx) {
        List<Session> list = ctx.attribute(HELD);
        if (list != null) list.forEach(Session::release);
    }

    /** The query parameter naming who an answer is for: a side, "auto" (the side to act) or "designer" (absent: everything). */
    static final String AS = "as";

    /**
     * Who the request sees the game as ({@code ?as=}): a side, {@link Session#AUTO} (the side to act,
     * a hot-seat game), or null for the designer, who sees everything.
     */
    private static String as(Context ctx, Session s) {
        String as = ctx.queryParam(AS);
        if (as == null || as.isBlank() || as.equals("designer")) return null;
        if (!as.equals(Session.AUTO) && !s.system.sides().contains(as)) {
            throw ApiError.bad("?as=" + as + ": expected a side of " + s.system.id() + " (" + String.join(", ", s.system.sides()) + "), auto (the side to act) or designer");
        }
        return as;
    }

    private interface Op { Change apply(Session s); }

    private static void update(Context ctx, Session s, Op op) {
        synchronized (s) {
            long t0 = System.nanoTime();
            Change c = op.apply(s);
            long t1 = System.nanoTime();
            ObjectNode answer = Payload.update(s, c, ctx.header(HAVE), as(ctx, s));
            long t2 = System.nanoTime();
            String text = Json.write(answer);
            ctx.header(SERVER_TIMING, dur("rules", t1 - t0) + ", " + dur("answer", t2 - t1) + ", " + dur("json", System.nanoTime() - t2));
            json(ctx, text);
        }
    }

    /**
     * Where a request's time went on the server (W3C Server-Timing, shown by the browser's network
     * panel and summed by the latency report): "rules" the game's work, "answer" the position and
     * its patch, "json" writing it. Measuring only: nothing in a game reads the clock.
     */
    static final String SERVER_TIMING = "Server-Timing";

    private static String dur(String name, long nanos) { return String.format(java.util.Locale.ROOT, "%s;dur=%.2f", name, nanos / 1e6); }

    /** The request header naming the position whose state the client holds (its hash). */
    static final String HAVE = "X-State-Have";

    /**
     * A variant from {options: {...}, errata: [...]} or {variant: "preset:p,option:x,errata:y"}, not both,
     * with the draft errata it names ({drafts: [...]}).
     */
    private static Variant variant(RuleSystem sys, Requests.VariantChoice c) {
        List<hexlab.kernel.rules.DraftErratum> drafts = hexlab.kernel.rules.DraftErratum.listFromJson(c.drafts(), "request");
        if (c.variant() != null) {
            if (c.options() != null || c.errata() != null) throw ApiError.bad("give \"variant\" or \"options\" and \"errata\", not both");
            return Variant.parse(sys, c.variant(), drafts);
        }
        Map<String, Object> opts = new java.util.LinkedHashMap<>();
        if (c.options() != null) c.options().forEach((k, v) -> {
            if (v == null) throw ApiError.bad("option \"" + k + "\" must be true or false, found null");
            opts.put(k, v);
        });
        List<String> errata = c.errata() == null ? List.of() : c.errata();
        if (errata.stream().anyMatch(java.util.Objects::isNull)) throw ApiError.bad("\"errata\" must hold erratum ids, found null");
        return Variant.of(sys, opts, errata, drafts);
    }

    static void json(Context ctx, JsonNode node) { json(ctx, Json.write(node)); }

    private static void json(Context ctx, String text) { ctx.contentType("application/json").result(text); }
}
