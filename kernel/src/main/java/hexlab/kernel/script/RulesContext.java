package hexlab.kernel.script;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.LoadError;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.Overlay;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.ResourceLimits;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The rules of one variant, loaded into one sandboxed JavaScript context. A context may be used by
 * one thread at a time; a batch gives each worker thread its own, all sharing {@link ScriptHost}'s
 * engine. Games run in it one after another: the state lives in the game, not in the context.
 */
public final class RulesContext implements AutoCloseable {
    /**
     * Statements one call into the rules may execute before it is stopped as a runaway; 0 (the
     * default) leaves runaways to the {@link Watchdog}'s time limit, which costs nothing per statement.
     */
    public static final long STATEMENT_LIMIT = Long.getLong("hexlab.statementLimit", 0L);

    // buffer access: the prelude reads a search's answer through a typed array over the board's buffer
    private static final HostAccess HOST_ACCESS = HostAccess.newBuilder(HostAccess.CONSTRAINED).allowBufferAccess(true).build();
    private static final String PRELUDE = readPrelude();

    private final Catalog catalog;
    private final Variant variant;
    private final HexMap map;
    private final Context context;
    private final org.graalvm.polyglot.Engine ownEngine;   // only while locating a runaway at load
    private final HostBridge bridge;
    private final Value k;
    private final Map<String, Value> fns = new java.util.HashMap<>();
    private volatile boolean dead;
    private boolean tracing = true;
    volatile long callStarted;       // System.nanoTime() of the call in progress, 0 when idle
    volatile Thread caller;          // the thread of that call, whose allocations the watchdog counts
    volatile Stop stopped;           // why the watchdog stopped the call in progress, null if it did not
    private final java.util.Map<String, String> scripts = new java.util.HashMap<>();   // section -> its script, as the catalogue names it
    private Object decisionSection, decisionState;   // the decision last worked out: what apply, find and why run

    /** Why the watchdog stopped a call: it computed too long, waited too long, or allocated too much. */
    enum Stop { TIME, WAIT, MEMORY }

    public RulesContext(Catalog catalog, Variant variant, HexMap map) { this(catalog, variant, map, true); }

    /** @param checkExports whether a manifest pointer to a missing export stops the load (the validator lists them all instead) */
    public RulesContext(Catalog catalog, Variant variant, HexMap map, boolean checkExports) { this(catalog, variant, map, checkExports, false); }

    /**
     * @param audit whether every read of a table is tracked (the audit: {@code auditJson}); without
     *              it the scripts read the tables directly, and only an erratum's patched paths are watched
     */
    public RulesContext(Catalog catalog, Variant variant, HexMap map, boolean checkExports, boolean audit) { this(catalog, variant, map, checkExports, audit, null); }

    /**
     * Statements of a script that ran away while loading that a second load runs before stopping it
     * where it is then: the runtime names no line for a stop in a module's top-level code, but a
     * statement limit's error does. A loop whose body holds no statement is not found this way.
     */
    private static final long LOCATE_STATEMENTS = 200_000;

    /** @param locating a script whose top-level code ran away while loading: loaded again with a statement limit on it, to find where */
    private RulesContext(Catalog catalog, Variant variant, HexMap map, boolean checkExports, boolean audit, String locating) {
        this.catalog = catalog;
        this.variant = variant;
        this.map = map;
        this.bridge = new HostBridge(map == null ? null : new MapBoard(map), variant.system().id());
        // a statement limit instruments the engine's code for every context: the search gets an engine of its own
        this.ownEngine = locating == null ? null : ScriptHost.newEngine();
        this.context = Context.newBuilder("js")
                .engine(locating == null ? ScriptHost.engine() : ownEngine)
                .sandbox(ScriptHost.POLICY)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .allowHostAccess(HOST_ACCESS)
                .allowHostClassLookup(c -> false)
                .allowIO(IOAccess.NONE)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .option("js.esm-eval-returns-exports", "true")
                .resourceLimits(locating != null ? ResourceLimits.newBuilder().statementLimit(LOCATE_STATEMENTS, src -> src.getName().equals(locating)).build()
                        : STATEMENT_LIMIT > 0 ? ResourceLimits.newBuilder().statementLimit(STATEMENT_LIMIT, null).build() : null)
                .build();
        // loading runs the scripts' top-level code: it is watched as any call into the rules is
        Watchdog.watch(this);
        String file = "kernel/prelude.js";
        begin();
        try {
            Value factory = context.eval(ScriptHost.script(file, PRELUDE));
            this.k = factory.execute(bridge, boot(catalog, variant, map, audit));
            for (Section s : variant.system().sections().values()) {
                if (s.scriptFile() == null) continue;
                file = catalog.display(s.scriptFile());
                scripts.put(s.name(), file);
                Value ns = context.eval(ScriptHost.module(file, s.scriptText()));
                k.getMember("register").execute(s.name(), ns);
            }
            for (Overlay.ScriptPatch p : variant.overlay().scripts()) {
                file = catalog.display(p.file());
                Value ns = context.eval(ScriptHost.module(file, p.text()));
                if (!ns.hasMember(p.export())) {
                    Path erratum = variant.system().erratum(p.erratum()).orElseThrow().file();
                    throw ManifestLines.naming(catalog, List.of(erratum), p.export(), "erratum " + p.erratum() + " replaces " + p.section() + "." + p.export()
                            + " with export \"" + p.export() + "\" of " + file + ", which has no such export (exports: " + String.join(", ", ns.getMemberKeys()) + ")");
                }
                k.getMember("override").execute(p.section(), p.export(), ns, p.export());
            }
            file = null;
            k.getMember("bindAll").execute();
        } catch (PolyglotException e) {
            Stop why = stopped;
            end();
            close();
            LoadError err = Errors.load(e, why, file, variant.id());
            // a stop in a module's top-level code comes without its line (or at the module's start, when cancelled for memory)
            if (why != null && locating == null && file != null && (err.line() == 0 || why == Stop.MEMORY)) err = located(catalog, variant, map, file, err);
            throw err;
        } catch (RuntimeException e) {
            end();
            close();
            throw e;
        }
        end();
        if (checkExports) requireExports(catalog, variant.system());
    }

    /** {@code err}, a stop while {@code file} loaded, at the line where the file's code is after {@link #LOCATE_STATEMENTS} statements, if it gets there. */
    private static LoadError located(Catalog catalog, Variant variant, HexMap map, String file, LoadError err) {
        try {
            new RulesContext(catalog, variant, map, false, false, file).close();
        } catch (LoadError at) {
            if (file.equals(at.file()) && at.line() > 0) return new LoadError(file, at.line(), at.column(), err.getMessage());
        } catch (RuntimeException notFound) {
            // the stop is reported without its line
        }
        return err;
    }

    /**
     * Every manifest pointer names an export its section has: a misspelt one is a clear error at
     * load (the manifest and the line that names it), not a failure in mid-game.
     */
    private void requireExports(Catalog catalog, hexlab.kernel.rules.RuleSystem sys) {
        for (hexlab.kernel.rules.Ref r : sys.refs()) {
            if (k.getMember("hasExport").execute(r.section(), r.export()).asBoolean()) continue;
            String exports = k.getMember("exportsOf").execute(r.section()).asString();
            close();
            throw ManifestLines.naming(catalog, sys, r.toString(), missingExport(r, exports));
        }
    }

    /** The message for a manifest pointer {@code r} whose section's exports are {@code exports} (comma-separated). */
    public static String missingExport(hexlab.kernel.rules.Ref r, String exports) {
        return "\"" + r + "\": section " + r.section() + (exports.isEmpty() ? " has no script or no exports" : " has no export \"" + r.export() + "\" (exports: " + exports + ")");
    }

    /** A new context of the same rules, variant and map: for work that must not touch this one's. */
    public RulesContext fresh() { return new RulesContext(catalog, variant, map); }

    public Variant variant() { return variant; }

    public HexMap map() { return map; }

    public HostBridge bridge() { return bridge; }

    /**
     * Whether the scripts keep their trace entries: off, they count the usage only and skip
     * building entries nobody will read. Set by the game about to call; one call when it changes.
     */
    public void tracing(boolean on) {
        if (on == tracing) return;
        call("setTracing", on);
        tracing = on;
    }

    /** Calls one function of the kernel prelude, with the statement budget renewed for this call. */
    public Value call(String fn, Object... args) {
        if (dead) throw new RuleError(null, "the rules context was stopped by an earlier runaway script; start the game again");
        Value f = fns.computeIfAbsent(fn, k::getMember);
        if (STATEMENT_LIMIT > 0) context.resetLimits();
        if ("decide".equals(fn) && args.length >= 2) { decisionSection = args[0]; decisionState = args[1]; }
        begin();
        try {
            if (Profile.ON) {
                long t0 = Profile.now();
                try { return f.execute(args); } finally { Profile.add(fn, args, Profile.now() - t0); }
            }
            return f.execute(args);
        } catch (PolyglotException e) {
            if (e.isResourceExhausted() || e.isCancelled()) dead = true;
            throw where(Errors.named(Errors.stopped(e, stopped, Errors.doing(fn)), calling(fn, args), scripts));
        } finally {
            end();
        }
    }

    // the rule function a call runs, "section.export", when the call names one or applies the decision last worked out
    private String calling(String fn, Object[] args) {
        if (fn.equals("apply") || fn.equals("applyProposed") || fn.equals("find") || fn.equals("why")) {
            return decisionSection instanceof String sec && decisionState instanceof String st ? sec + "." + st : null;
        }
        return args.length >= 2 && args[0] instanceof String sec && args[1] instanceof String export && scripts.containsKey(sec) ? sec + "." + export : null;
    }

    // a call begins: the watchdog times it and counts what its thread allocates
    private void begin() {
        stopped = null;
        caller = Thread.currentThread();
        callStarted = System.nanoTime();
    }

    private void end() { callStarted = 0; }

    /** A rule error as the game in progress places it (turn, action, seed), if one is attached. */
    private RuntimeException where(RuntimeException e) {
        if (e instanceof RuleError re && re.game() == null) {
            String w = bridge.where();
            if (w != null) return re.in(w);
        }
        return e;
    }

    public String callString(String fn, Object... args) { return call(fn, args).asString(); }

    public int callInt(String fn, Object... args) { return call(fn, args).asInt(); }

    public boolean callBoolean(String fn, Object... args) { return call(fn, args).asBoolean(); }

    public boolean isDead() { return dead; }

    /**
     * Called by the watchdog thread. Past the time limit the call in progress is interrupted and the
     * context stays usable; past the memory limit the context is cancelled, which lets go of all it
     * holds (a cancelled context is dead: the game starts again in a new one).
     */
    void stop(Stop why) {
        stopped = why;
        if (why != Stop.MEMORY) {
            try {
                context.interrupt(java.time.Duration.ofSeconds(5));
                return;
            } catch (java.util.concurrent.TimeoutException | RuntimeException e) {
                // an execution that does not stop when interrupted is cancelled below
            }
        }
        dead = true;
        try {
            context.close(true);
        } catch (RuntimeException ignored) {
            // cancelling a context that will not stop: it is unusable either way
        }
    }

    @Override
    public void close() {
        Watchdog.forget(this);
        try {
            context.close(true);
        } catch (PolyglotException | IllegalStateException ignored) {
            // a context stopped by its statement limit throws on close; it is gone either way
        }
        if (ownEngine != null) ownEngine.close(true);
    }

    private static String boot(Catalog catalog, Variant variant, HexMap map, boolean audit) {
        ObjectNode b = Json.object();
        b.put("system", variant.system().id());
        ArrayNode sides = b.putArray("sides");
        variant.system().sides().forEach(sides::add);
        b.set("fixedPieceFields", Json.MAPPER.valueToTree(variant.system().fixedPieceFields()));
        b.set("pieceFieldDefaults", Json.MAPPER.valueToTree(variant.system().pieceFieldDefaults()));
        ArrayNode secs = b.putArray("sections");
        for (Section s : variant.system().sections().values()) {
            ObjectNode o = secs.addObject();
            o.put("name", s.name());
            o.put("version", s.version());
            o.set("tables", Json.MAPPER.valueToTree(variant.tables(s.name())));
            o.set("status", Json.MAPPER.valueToTree(s.status()));
        }
        b.set("options", Json.MAPPER.valueToTree(variant.options()));
        b.set("errata", Json.MAPPER.valueToTree(variant.errata()));
        b.set("tableErrata", Json.MAPPER.valueToTree(variant.overlay().touched()));
        hexlab.kernel.rules.RuleSystem sys = variant.system();
        if (sys.view() != null) b.putObject("view").put("section", sys.view().section()).put("export", sys.view().export());
        if (sys.secrets() != null) b.putObject("secrets").put("section", sys.secrets().section()).put("export", sys.secrets().export());
        if (map != null) b.set("map", MapBoard.boot(map));
        b.set("sourceStatus", sourceStatus(catalog, variant, map));
        boolean ledger = ReadLedger.on();
        b.put("audit", audit || ledger);
        b.put("ledger", ledger);
        ArrayNode patches = b.putArray("patches");
        for (Overlay.Patch p : variant.overlay().patches()) patches.addObject().put("erratum", p.erratum()).put("path", p.path());
        ObjectNode scriptErrata = b.putObject("scriptErrata");
        for (Overlay.ScriptPatch p : variant.overlay().scripts()) scriptErrata.put(p.section() + "." + p.export(), p.erratum());
        return Json.write(b);
    }

    /**
     * The provenance of the sources a trace may name besides tables ("map", "map:<id>") and of the
     * tables a reconstructed erratum patches: {source: {status, note}}. The scenario's comes with its setup.
     */
    private static ObjectNode sourceStatus(Catalog catalog, Variant variant, HexMap map) {
        ObjectNode out = Json.object();
        if (map != null) out.putObject("map").put("status", map.status()).put("note", map.note());
        for (String id : variant.system().maps().keySet()) {
            try {
                HexMap m = hexlab.kernel.play.Boards.load(catalog, variant.system(), id);
                out.putObject("map:" + id).put("status", m.status()).put("note", m.note());
            } catch (hexlab.kernel.error.InputException e) {
                // a map that does not load cannot be named; the game's own map loaded already
            }
        }
        for (var e : variant.overlay().touched().entrySet()) {
            String[] st = e.getKey().split("/", 2);
            Section s = variant.system().sections().get(st[0]);
            if (s == null || !"printed".equals(s.status().get(st[1]))) continue;      // a placeholder stays one
            for (String id : e.getValue()) {
                var def = variant.system().erratum(id).orElse(null);
                if (def != null && "reconstructed".equals(def.status())) {
                    out.putObject(e.getKey()).put("status", "reconstructed").put("note", "patched by erratum " + id + ", our own reading: " + def.label());
                    break;
                }
            }
        }
        return out;
    }

    private static String readPrelude() {
        try (InputStream in = RulesContext.class.getResourceAsStream("/hexlab/kernel/script/prelude.js")) {
            if (in == null) throw new IllegalStateException("kernel resource prelude.js is missing from the build");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
