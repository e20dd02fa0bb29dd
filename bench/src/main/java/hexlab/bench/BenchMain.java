package hexlab.bench;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Runs the boundary benchmarks twice, with the optimizing Truffle runtime and with the interpreter
 * it falls back to, and prints one table. Each fork checks which runtime it really got.
 * Usage: bench/run [extra JMH options]
 */
public final class BenchMain {
    private static Double score(List<String[]> rows, String mode, String bench) {
        for (String[] r : rows) if (r[0].equals(mode) && r[1].equals(bench)) return Double.parseDouble(r[2]);
        return null;
    }

    public static void main(String[] args) throws RunnerException {
        String jvmci = System.getProperty("hexlab.jvmci.dir");
        if (jvmci == null) throw new IllegalStateException("run through bench/run, which passes -Dhexlab.jvmci.dir");
        String upgrade = String.join(":", jvmci + "/compiler.jar", jvmci + "/collections.jar", jvmci + "/word.jar", jvmci + "/truffle-compiler.jar");
        String cache = "-Dpolyglot.engine.userResourceCache=" + System.getProperty("hexlab.cache", "target/polyglot-cache");
        String[][] modes = {
                {"compiled", "-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--upgrade-module-path=" + upgrade},
                {"interpreted"}};
        List<String[]> rows = new ArrayList<>();
        // -Dhexlab.modes=compiled (or interpreted): one runtime only
        List<String> only = List.of(System.getProperty("hexlab.modes", "compiled,interpreted").split(","));
        for (String[] mode : modes) {
            if (!only.contains(mode[0])) continue;
            List<String> jvm = new ArrayList<>(List.of("-Dhexlab.expect=" + mode[0], cache, "-Dhexlab.statementLimit=" + System.getProperty("hexlab.statementLimit", "200000000"), "--enable-native-access=ALL-UNNAMED",
                    "--sun-misc-unsafe-memory-access=allow", "-Dpolyglot.engine.WarnInterpreterOnly=false"));
            jvm.addAll(List.of(mode).subList(1, mode.length));
            Options opt = new OptionsBuilder()
                    .include(args.length > 0 ? args[0] : "hexlab.bench.*")
                    .forks(1)          // warm-up and measurement: each benchmark class's @Warmup and @Measurement
                    .jvmArgsAppend(jvm.toArray(String[]::new))
                    .build();
            Collection<RunResult> results = new Runner(opt).run();
            for (RunResult r : results) {
                var s = r.getPrimaryResult();
                var p = r.getParams();
                String name = p.getBenchmark().replaceAll(".*\\.", "");
                for (String key : p.getParamsKeys()) name += " " + key + "=" + p.getParam(key);
                rows.add(new String[] {mode[0], name,
                        String.format("%.1f", s.getScore()), String.format("%.1f", s.getScoreError()), s.getScoreUnit()});
            }
        }
        System.out.println();
        System.out.printf("%-12s %-28s %12s %10s %s%n", "runtime", "benchmark", "score", "error", "unit");
        for (String[] r : rows) System.out.printf("%-12s %-28s %12s %10s %s%n", (Object[]) r);
        for (String mode : new String[] {"compiled", "interpreted"}) {
            Double js = score(rows, mode, "scripted"), idx = score(rows, mode, "scriptedIndexed"), java = score(rows, mode, "java");
            if (js != null && java != null) System.out.printf("%s: scripted movement workload / Java = %.2fx%n", mode, js / java);
            if (idx != null && java != null) System.out.printf("%s: scripted movement workload, zones and cost arrays / Java = %.2fx%n", mode, idx / java);
        }
    }
}
