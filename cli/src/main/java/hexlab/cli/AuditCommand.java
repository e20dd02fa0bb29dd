package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.check.Audit;
import hexlab.kernel.check.Duplicates;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

@Command(name = "audit", description = "Play bot games (the random bot and each bot the system declares, in turn) with every table read tracked and report: data no game read (dead), "
        + "placeholder and reconstructed data that decided outcomes, non-printed data read but named by no trace entry, and values stated twice. "
        + "Exit 3 when there is dead data or a value stated twice, 1 when a game broke.")
final class AuditCommand implements Callable<Integer> {
    @Mixin Common common;

    @Parameters(paramLabel = "SYSTEM", description = "Rule system id (see 'systems').") String system;

    @Option(names = "--games", defaultValue = "20", description = "Games to play, spread over the scenarios, the base rules, each preset and each option turned (default ${DEFAULT-VALUE}).") int games;

    @Option(names = "--seed", defaultValue = "1") long seed;

    @Option(names = "--bots", split = ",", paramLabel = "BOT", description = "The players, taken in turn game after game, one bot for every side (default: random and each bot the system declares).") java.util.List<String> bots;

    @Option(names = "--threads", description = "Games played at once (default: the number of cores); the report is the same whatever the count.") Integer threads;

    @Override
    public Integer call() {
        Kernel k = common.kernel();
        if (games < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--games " + games + ": give at least 1");
        Progress bar = new Progress(common.json || System.console() == null || !System.console().isTerminal() ? null : System.err, "audit " + system, games);
        int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (t < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--threads " + t + ": give at least 1");
        Audit.Report r = Audit.run(k, system, games, seed, t, bots, bar::update, true);
        bar.finish();
        if (common.json) {
            common.printJson(r.json());
            return exit(r);
        }
        PrintWriter out = common.out();
        out.printf("%s: %d games over %d variants and %d scenarios, played by %s%n", r.system(), r.games(), r.variants().size(), r.scenarios().size(), String.join(", ", r.bots()));
        int covering = Audit.coveringGames(k, system, r.bots());
        if (r.games() < covering) out.printf("(%d games play every scenario under every variant and with every player)%n", covering);
        for (String e : r.errors()) out.println("game broke: " + e);
        out.println(r.dead().isEmpty() ? "dead data: none" : "dead data (" + r.dead().size() + "):");
        for (Audit.Finding f : r.dead()) out.println("  " + f.describe());
        out.println(r.duplicates().isEmpty() ? "values stated twice: none" : "values stated twice (" + r.duplicates().size() + "):");
        for (Duplicates.Duplicate d : r.duplicates()) out.println("  " + d.describe());
        out.println(r.decided().isEmpty() ? "non-printed data that decided outcomes: none" : "non-printed data that decided outcomes (games, times):");
        r.decided().forEach((key, n) -> out.printf("  %-14s %-40s %d games, %d times%n", key.substring(0, key.indexOf(':')), key.substring(key.indexOf(':') + 1), n[0], n[1]));
        out.println(r.unnamed().isEmpty() ? "non-printed data read but not named: none"
                : "non-printed data read but named by no trace entry after the read (add it to the entry's uses):");
        r.unnamed().forEach((src, u) -> {
            JsonNode ex = u.get("example");
            out.printf("  %-14s %-40s %d times; e.g. before %s%s%n", u.get("status").asText(), src, u.get("times").asInt(),
                    ex.get("section").asText(), ex.get("rule").isNull() ? "" : " rule " + ex.get("rule").asText());
        });
        if (!r.exempt().isEmpty()) out.println("kept for the reader (reference: true): " + String.join(", ", r.exempt()));
        out.flush();
        return exit(r);
    }

    // a broken game is the rules failing; dead data or a value stated twice is what the check finds
    private static int exit(hexlab.kernel.check.Audit.Report r) {
        return !r.errors().isEmpty() ? ExitCode.RULES : r.clean() ? ExitCode.OK : ExitCode.DIFFERS;
    }
}
