package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.hex.PathSearch;
import hexlab.kernel.hex.TableCost;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.ScriptHost;
import hexlab.kernel.yaml.YamlDoc;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What crossing the Java/JavaScript boundary costs, measured on the kernel's own paths: a call into
 * the rules, a script calling back into Java (a die roll), a table lookup inside JavaScript, and a
 * path search over a 40x26 board started from a script and from Java.
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class BoundaryBench {
    static final int LOOP = 1000;
    static final String CENTRE = "2013";

    Game game;
    HexMap map;
    TableCost cost;
    int centre;

    @Setup(Level.Trial)
    public void setup() {
        String expect = System.getProperty("hexlab.expect");
        String runtime = ScriptHost.runtime();
        System.out.println("script runtime: " + ScriptHost.describeRuntime());
        if (expect != null && !expect.equals(runtime)) throw new IllegalStateException("expected the " + expect + " runtime, got " + runtime);
        Kernel k = new Kernel(BenchSystem.write());
        Variant v = k.variant("bench", "");
        game = k.start(v, "s", 1);
        game.keepTrace(false);
        map = HexMap.parse(YamlDoc.parse(BenchSystem.map(), "bench map").map(), "bench map");
        @SuppressWarnings("unchecked") Map<String, Object> spec = (Map<String, Object>) v.tables("bench").get("costs");
        Map<String, Object> s = new java.util.LinkedHashMap<>(spec);
        s.remove("status");
        s.remove("note");
        cost = TableCost.fromSpec(map, s);
        centre = map.index(CENTRE);
    }

    @TearDown(Level.Trial)
    public void close() { game.rules().close(); }

    /** Java calls a rule export (the walker does this for every automatic step and condition). */
    @Benchmark
    public boolean javaToJsCall() { return game.rules().callBoolean("test", "bench", "noop", "null"); }

    /** A script rolls a die: one call from JavaScript into Java plus the roll's trace entry. */
    @Benchmark
    @OperationsPerInvocation(LOOP)
    public String jsToJavaRoll() {
        String r = game.rules().callString("call", "bench", "rolls", String.valueOf(LOOP));
        game.rules().call("clearTrace");
        return r;
    }

    /** A script reads a CRT cell: a property lookup inside JavaScript, no boundary. */
    @Benchmark
    @OperationsPerInvocation(LOOP)
    public String tableLookupInJs() { return game.rules().callString("call", "bench", "lookups", String.valueOf(LOOP)); }

    /** A script asks for every hex a unit with 12 MP reaches: one call into Java's Dijkstra. */
    @Benchmark
    public String pathSearchFromJs() { return game.rules().callString("call", "bench", "reach", "{\"from\":\"" + CENTRE + "\",\"budget\":12}"); }

    /** The same search from Java with the same table-driven costs: the floor for the line above. */
    @Benchmark
    public int pathSearchInJava() { return PathSearch.reach(map, centre, 12, cost).reachable().length; }
}
