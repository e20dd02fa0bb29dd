package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Fuzzer;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "fuzz", description = "Play seeded random-bot games, checking the system's invariants after every action, information leaks (in a system that declares secrets), dead ends, and replay equality.")
final class FuzzCommand implements Callable<Integer> {
    @Mixin Common common;
    @Mixin VariantOptions variantOptions;

    @Option(names = "--system", required = true) String system;

    @Option(names = "--scenario", description = "Scenario ids (default: all), comma-separated.", split = ",") List<String> scenarios;

    @Option(names = "--games", defaultValue = "100") int games;

    @Option(names = "--seed", defaultValue = "1") long seed;

    @Option(names = "--threads", defaultValue = "1", description = "Worker threads; the games and the report are the same whatever the count.") int threads;

    @Option(names = "--from", defaultValue = "0", paramLabel = "N",
            description = "Play games N to --games minus 1 of the batch, with the seeds a whole run gives them: a long batch in parts.") int from;

    @Option(names = "--bots", defaultValue = "random", description = "One bot per side in the system's side order, or one for all (default random); in a system with a view each plays on its side's view.")
    String bots;

    @Option(names = "--leak-every", defaultValue = "1", paramLabel = "N",
            description = "In a system that declares secrets, work out the leak check in one position of N (default 1: every position), the positions drawn from each game's seed so a run repeats; every action's log is checked whatever N. The check costs several times an action.")
    int leakEvery;

    @Option(names = "--log", paramLabel = "FILE", description = "Append a line to FILE as each game finishes (index, scenario, seed, actions, failures).") java.nio.file.Path log;

    @Override
    public Integer call() {
        Kernel k = common.kernel();
        RuleSystem sys = k.system(system);
        Variant v = variantOptions.variant(sys);
        List<String> ids = scenarios != null ? scenarios : sys.scenarios().stream().map(ScenarioDef::id).toList();
        Progress bar = new Progress(common.json || System.console() == null || !System.console().isTerminal() ? null : System.err, "fuzz " + sys.id(), games);
        if (ids.isEmpty()) throw new hexlab.kernel.error.InputException(null, 0, 0, "system " + sys.id() + " has no scenario to fuzz" + playedBy(k, sys.id()));
        if (games < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--games must be at least 1, found " + games);
        if (threads < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--threads must be at least 1, found " + threads);
        if (leakEvery < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--leak-every must be at least 1 (1: every position), found " + leakEvery);
        if (from < 0 || from >= games) throw new hexlab.kernel.error.InputException(null, 0, 0, "--from " + from + ": give a game from 0 to " + (games - 1) + " (--games " + games + ")");
        Fuzzer.Report r;
        try (GameLog lines = GameLog.open(log)) {
            r = Fuzzer.run(k, v, ids, from, games, seed, threads, bots, leakEvery, bar::update, lines::add);
        }
        bar.finish();
        ObjectNode o = Json.object();
        o.put("system", sys.id()).put("variant", v.id()).put("games", r.games()).put("actions", r.actions())
                .put("deadEnds", r.deadEnds()).put("invariantFailures", r.invariantFailures())
                .put("replayMismatches", r.replayMismatches()).put("ruleErrors", r.ruleErrors()).put("leaks", r.leaks())
                .put("leakEvery", leakEvery).put("leakCheckedPositions", r.leakChecked());
        var f = o.putArray("failures");
        r.failures().forEach(x -> f.add(x.describe()));
        if (common.json) common.printJson(o);
        else {
            var out = common.out();
            out.printf("%d games, %d actions: %d dead ends, %d invariant failures, %d replay mismatches, %d rule errors%s%n",
                    r.games(), r.actions(), r.deadEnds(), r.invariantFailures(), r.replayMismatches(), r.ruleErrors(),
                    sys.secrets() == null ? "" : ", " + r.leaks() + " games with leaks (" + r.leakChecked() + " positions checked"
                            + (leakEvery > 1 ? ", one in " + leakEvery : "") + "; every action's log)");
            r.failures().stream().limit(20).forEach(x -> out.println("  " + x.describe()));
            out.flush();
        }
        return r.clean() ? ExitCode.OK : ExitCode.DIFFERS;
    }

    // a base system (North Africa) ships no scenario of its own: the systems that extend it play its rules
    private static String playedBy(Kernel k, String id) {
        List<String> children = new java.util.ArrayList<>();
        for (String x : k.catalog().systemIds()) {
            try {
                if (!x.equals(id) && k.system(x).lineage().contains(id) && !k.system(x).scenarios().isEmpty()) children.add(x);
            } catch (hexlab.kernel.error.InputException e) {
                // a system that does not load plays nothing; validate reports it
            }
        }
        return children.isEmpty() ? "" : "; its rules are played by " + String.join(", ", children) + " (fuzz that system)";
    }
}
