package hexlab.kernel.script;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    private final Variant variant;
    private final HexMap map;
    private final Context context;
    private final HostBridge bridge;
    private final Value k;
    private final Map<String, Value> fns = new java.util.HashMap<>();
    private boolean dead;
    private boolean tracing = true;
    volatile long callStarted;       // System.nanoTime() of the call in progress, 0 when idle
    volatile boolean timedOut;

    public RulesContext(Catalog catalog, Variant variant, HexMap map) { this(catalog, variant, map, true); }

    /** @param checkExports whether a manifest pointer to a missing export stops the load (the validator lists them all instead) */
    public RulesContext(Catalog catalog, Variant variant, HexMap map, boolean checkExports) { this(catalog, variant, map, checkExports, false); }

    /**
     * @param audit whether every read of a table is tracked (the audit: {@code auditJson}); without
     *              it the scripts read the tables directly, and only an erratum's patched paths are watched
     */
    public RulesContext(Catalog catalog, Variant variant, HexMap map, boolean checkExports, boolean audit) {
        this.variant = variant;
        this.map = map;
        this.bridge = new HostBridge(map == null ? null : new MapBoard(map));
        this.context = Context.newBuilder("js")
                .engine(ScriptHost.engine())
                .sandbox(ScriptHost.POLICY)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .allowHostAccess(HOST_ACCESS)
                .allowHostClassLookup(c -> false)
                .allowIO(IOAccess.NONE)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .option("js.esm-eval-returns-exports", "true")
                .resourceLimits(STATEMENT_LIMIT > 0 ? ResourceLimits.newBuilder().statementLimit(STATEMENT_LIMIT, null).build() : null)
                .build();
        try {
            Value factory = context.eval(ScriptHost.script("kernel/prelude.js", PRELUDE));
            this.k = factory.execute(bridge, boot(catalog, variant, map, audit));
            for (Section s : variant.system().sections().values()) {
                if (s.scriptFile() == null) continue;
                Value ns = context.eval(ScriptHost.module(catalog.display(s.scriptFile()), s.scriptText()));
                k.getMember("register").execute(s.name(), ns);
            }
            for (Overlay.ScriptPatch p : variant.overlay().scripts()) {
                Value ns = context.eval(ScriptHost.module(catalog.display(p.file()), p.text()));
                k.getMember("override").execute(p.section(), p.export(), ns, p.export());
            }
            k.getMember("bindAll").execute();
            if (checkExports) requireExports(catalog, variant.system());
            Watchdog.watch(this);
        } catch (PolyglotException e) {
            close();
            throw Errors.rule(e, "loading the rules of " + variant.id());
        }
    }

    /**
     * Every manifest pointer names an export its section has: a misspelt one is a clear error at
     * load (the manifest and the line that names it), not a failure in mid-game.
     */
    private void requireExports(Catalog catalog, hexlab.kernel.rules.RuleSystem sys) {
        for (hexlab.kernel.rules.Ref r : sys.refs()) {
            if (k.getMember("hasExport").execute(r.section(), r.export()).asBoolean()) continue;
            String exports = k.getMember("exportsOf").execute(r.section()).asString();
            int line = lineNaming(sys.manifest(), r.toString());
            close();
            throw new hexlab.kernel.error.InputException(catalog.display(sys.manifest()), line, line > 0 ? 1 : 0, "\"" + r + "\": section " + r.section()
                    + (exports.isEmpty() ? " has no script or no exports" : " has no export \"" + r.export() + "\" (exports: " + exports + ")"));
        }
    }

    // the first line of the manifest that names the pointer (an extending system's may name it in its parent's)
    private static int lineNaming(java.nio.file.Path manifest, String ref) {
        try {
            java.util.List<String> lines = java.nio.file.Files.readAllLines(manifest);
            for (int i = 0; i < lines.size(); i++) if (lines.get(i).matches(".*(^|[^A-Za-z0-9_.-])" + java.util.regex.Pattern.quote(ref) + "([^A-Za-z0-9_]|$).*")) return i + 1;
        } catch (java.io.IOException | RuntimeException e) {
            // the message still names the manifest and the pointer
        }
        return 0;
    }

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
        timedOut = false;
        callStarted = System.nanoTime();
        try {
            if (Profile.ON) {
                long t0 = System.nanoTime();
                try { return f.execute(args); } finally { Profile.add(fn, args, System.nanoTime() - t0); }
            }
            return f.execute(args);
        } catch (PolyglotException e) {
            if (e.isResourceExhausted() || e.isCancelled()) dead = true;
            if (timedOut || e.isInterrupted()) throw Errors.runaway(e, fn, "ran longer than " + Watchdog.limit().toSeconds() + " s");
            throw Errors.rule(e, fn);
        } finally {
            callStarted = 0;
        }
    }

    public String callString(String fn, Object... args) { return call(fn, args).asString(); }

    public int callInt(String fn, Object... args) { return call(fn, args).asInt(); }

    public boolean callBoolean(String fn, Object... args) { return call(fn, args).asBoolean(); }

    public boolean isDead() { return dead; }

    /** Called by the watchdog thread: stops the call in progress, leaving the context usable. */
    void interrupt() {
        try {
            context.interrupt(java.time.Duration.ofSeconds(5));
        } catch (java.util.concurrent.TimeoutException | RuntimeException e) {
            dead = true;
            try {
                context.close(true);
            } catch (RuntimeException ignored) {
                // cancelling a context that will not stop: it is unusable either way
            }
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
        b.put("audit", audit);
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
