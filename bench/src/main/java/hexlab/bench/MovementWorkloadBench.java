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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The same movement rules twice: movement costs from a YAML table, a zone of control that stops
 * movement, and a path search for every unit of a side. Once as a rule section (JavaScript
 * reading the table, calling the kernel's search), once hand-written in Java for this benchmark
 * only. The ratio of the two is what a rule written as data costs.
 */
// the scripted workloads are still being compiled after 10 s on 2 cores: 40 s of warm-up
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 20, time = 2)
@Measurement(iterations = 10, time = 2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class MovementWorkloadBench {
    Game game;
    HexMap map;
    Map<String, Object> costs;
    int[] ownHex;
    int[] ownMa;
    int[] enemyHex;

    @Setup(Level.Trial)
    public void setup() {
        String expect = System.getProperty("hexlab.expect");
        if (expect != null && !expect.equals(ScriptHost.runtime())) throw new IllegalStateException("expected the " + expect + " runtime, got " + ScriptHost.runtime());
        Kernel k = new Kernel(BenchSystem.write());
        Variant v = k.variant("bench", "");
        game = k.start(v, "s", 1);
        game.keepTrace(false);
        map = HexMap.parse(YamlDoc.parse(BenchSystem.map(), "bench map").map(), "bench map");
        @SuppressWarnings("unchecked") Map<String, Object> c = (Map<String, Object>) v.tables("bench").get("costs");
        costs = c;
        List<Integer> own = new ArrayList<>(), ma = new ArrayList<>(), enemy = new ArrayList<>();
        for (String line : BenchSystem.pieces().split("\n")) {
            String hex = line.replaceAll(".*hex: \"(\\d{4})\".*", "$1");
            int m = Integer.parseInt(line.replaceAll(".*ma: (\\d+).*", "$1"));
            if (line.contains("side: a")) {
                own.add(map.index(hex));
                ma.add(m);
            } else enemy.add(map.index(hex));
        }
        ownHex = own.stream().mapToInt(Integer::intValue).toArray();
        ownMa = ma.stream().mapToInt(Integer::intValue).toArray();
        enemyHex = enemy.stream().mapToInt(Integer::intValue).toArray();
        // the versions must do the same work: the same total of every reachable hex's cost
        double j = java(), a = Double.parseDouble(scripted()), b = Double.parseDouble(scriptedIndexed());
        if (Math.abs(j - a) > 1e-6 || Math.abs(j - b) > 1e-6) throw new IllegalStateException("the workload's versions disagree: java " + j + ", scripted " + a + ", indexed " + b);
    }

    @TearDown(Level.Trial)
    public void close() { game.rules().close(); }

    /** The rule section: ZOC and unit loop in JavaScript, the table read in JavaScript, one search call per unit. */
    @Benchmark
    public String scripted() { return game.rules().callString("call", "bench", "movement", "\"a\""); }

    /** The rule section written as the scripting guide advises: zones over a base spec, results by hex index. */
    @Benchmark
    public String scriptedIndexed() { return game.rules().callString("call", "bench", "movementIndexed", "\"a\""); }

    /** The same rules hand-written in Java against the kernel's geometry and search. */
    @Benchmark
    @SuppressWarnings("unchecked")
    public double java() {
        TableCost cost = new TableCost(map, toDoubles((Map<String, Object>) costs.get("terrain")), true);
        Map<String, Object> sides = (Map<String, Object>) costs.get("hexsides");
        for (Map.Entry<String, Object> e : sides.entrySet()) {
            Map<String, Object> r = (Map<String, Object>) e.getValue();
            if (r.containsKey("replace")) cost.replace(e.getKey(), ((Number) r.get("replace")).doubleValue());
            if (r.containsKey("add")) cost.add(e.getKey(), ((Number) r.get("add")).doubleValue());
            if (Boolean.TRUE.equals(r.get("block"))) cost.block(e.getKey(), ((List<String>) r.get("unless")).toArray(String[]::new));
        }
        for (int e : enemyHex) {
            cost.blocked(e);
            for (int n : map.neighbors(e)) cost.stop(n);
        }
        double total = 0;
        for (int u = 0; u < ownHex.length; u++) {
            PathSearch.Reach r = PathSearch.reach(map, ownHex[u], ownMa[u], cost);
            for (int h : r.reachable()) total += r.cost(h);
        }
        return total;
    }

    private static Map<String, Double> toDoubles(Map<String, Object> m) {
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        m.forEach((k, v) -> { if (v instanceof Number n) out.put(k, n.doubleValue()); });
        return out;
    }
}
