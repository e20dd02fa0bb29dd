package hexlab.kernel.script;

import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Source;

import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one GraalJS engine of the process: compiled code and parsed sources are shared by every
 * context made from it (a second context costs ~10 ms, the first ~1.5 s).
 */
public final class ScriptHost {
    private static volatile Engine engine;
    private static final Map<String, Source> SOURCES = new ConcurrentHashMap<>();

    /**
     * The sandbox. {@code -Dhexlab.diagnostics=true} relaxes it to TRUSTED so Truffle's tracing
     * options (engine.TraceCompilation, ...) can be given for a profiling run; never for play.
     */
    static final SandboxPolicy POLICY = Boolean.getBoolean("hexlab.diagnostics") ? SandboxPolicy.TRUSTED : SandboxPolicy.CONSTRAINED;

    /**
     * Truffle's compilation mode. Rule scripts are large and each function is hot only for a while,
     * so the single compiler thread of a 2-core machine never catches up with the default mode:
     * "latency" (quicker, lighter compilations) played the shipped systems 15-45% faster once warm
     * when it was chosen. {@code -Dhexlab.engineMode=default} or {@code throughput} to compare.
     */
    static final String MODE = System.getProperty("hexlab.engineMode", "latency");

    private ScriptHost() {}

    public static Engine engine() {
        Engine e = engine;
        if (e == null) {
            synchronized (ScriptHost.class) {
                if (engine == null) engine = newEngine();
                e = engine;
            }
        }
        return e;
    }

    /** An engine of its own, as the shared one is made, for one use (the caller closes it). */
    static Engine newEngine() {
        try {
            return builder().option("engine.Mode", MODE).build();
        } catch (IllegalArgumentException noModes) {
            return builder().build();    // the interpreter-only runtime has no compilation modes
        }
    }

    private static Engine.Builder builder() {
        return Engine.newBuilder("js")
                .sandbox(POLICY)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .option("engine.WarnInterpreterOnly", "false");
    }

    /** "compiled" when the optimizing Truffle runtime is active, "interpreted" when it fell back. */
    public static String runtime() {
        String name = engine().getImplementationName();
        return name.toLowerCase().contains("interpreted") ? "interpreted" : "compiled";
    }

    /** A human line for --version and benchmarks: which runtime, on which JVM. */
    public static String describeRuntime() {
        String name = engine().getImplementationName();
        return runtime() + " (" + name + ", GraalJS " + engine().getVersion() + ", Java " + Runtime.version() + ")";
    }

    /** Sources are cached by name and content, so every context shares their parsed form. */
    static Source module(String name, String text) {
        return SOURCES.computeIfAbsent(name + "\u0000" + text, k -> Source.newBuilder("js", text, name)
                .mimeType("application/javascript+module").cached(true).buildLiteral());
    }

    static Source script(String name, String text) {
        return SOURCES.computeIfAbsent(name + "\u0000" + text, k -> Source.newBuilder("js", text, name).cached(true).buildLiteral());
    }

    /** With {@code -Dhexlab.profile=true}: start collecting the rules calls of one step on this thread. */
    public static void profileStepBegin() { Profile.stepBegin(); }

    /** The rules calls since {@link #profileStepBegin()}, nanoseconds by call. */
    public static java.util.Map<String, Long> profileStepEnd() { return Profile.stepEnd(); }

    /** Forgets the profile so far, so that what prints at exit is the warm runtime only. */
    public static void profileReset() { Profile.reset(); }
}
