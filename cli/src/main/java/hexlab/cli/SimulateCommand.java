package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.Csv;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.lab.Summary;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.ScriptHost;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

@Command(name = "simulate", description = "Play N seeded games per variant with bots and compare the variants: outcome rates with 95%% "
        + "intervals, differences with a significance test, game length, scenario metrics, rule usage.")
final class SimulateCommand implements Runnable {
    @Mixin Common common;

    @Option(names = "--system", required = true) String system;

    @Option(names = "--scenario", required = true) String scenario;

    @Option(names = "--games", defaultValue = "100", description = "Games per variant (default ${DEFAULT-VALUE}).") int games;

    @Option(names = "--seed", defaultValue = "1", description = "Master seed; game i of every variant uses the same seed derived from it.") long seed;

    @Option(names = "--bots", defaultValue = "random", description = "One bot per side, or one for all (default ${DEFAULT-VALUE}).") String bots;

    @Option(names = "--variant", paramLabel = "NAME=SPEC", description = "A variant to compare: NAME=preset:P,option:X,errata:Y (NAME= is the base rules). Repeatable; the first is the baseline.")
    List<String> variants = new ArrayList<>();

    @Option(names = "--threads", description = "Worker threads (default: the number of cores).") Integer threads;

    @Option(names = "--csv", description = "Write one row per game to this file.") Path csv;

    @Option(names = "--time-limit", paramLabel = "SECONDS", description = "Start no game after this many seconds and report the seeds every "
            + "variant finished: an early answer with wider intervals; --games with that number gives the same games.") Integer timeLimit;

    @Option(names = "--failures", description = "Folder for saves of games that hit an engine error (default target/failures).") Path failures;

    @Option(names = "--server", paramLabel = "URL", description = "Play the batch in a running inspector (./tobruk serve) at this address (as it printed it, with ?token= if it asks for one), "
            + "e.g. http://127.0.0.1:7070: its rules stay compiled from one batch to the next, so only the first pays for compiling. "
            + "The same games; at most 5,000 per variant; saves of broken games go to the server's target/failures.")
    java.net.URI server;

    @Override
    public void run() {
        if (games < 1) throw new InputException(null, 0, 0, "--games must be at least 1, found " + games);
        if (threads != null && threads < 1) throw new InputException(null, 0, 0, "--threads must be at least 1, found " + threads);
        if (timeLimit != null && timeLimit < 1) throw new InputException(null, 0, 0, "--time-limit must be at least 1 second, found " + timeLimit);
        Kernel k = common.kernel();
        RuleSystem sys = k.system(system);
        List<Batch.Entry> entries = new ArrayList<>();
        if (variants.isEmpty()) variants.add("base=");
        for (String v : variants) {
            int eq = v.indexOf('=');
            if (eq <= 0) throw new InputException(null, 0, 0, "--variant \"" + v + "\": expected NAME=SPEC, e.g. base= or nogs=option:no-ground-support");
            String name = v.substring(0, eq);
            if (entries.stream().anyMatch(e -> e.name().equals(name))) throw new InputException(null, 0, 0, "--variant name \"" + name + "\" is used twice");
            entries.add(new Batch.Entry(name, Variant.parse(sys, v.substring(eq + 1))));
        }
        int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        Path fails = failures != null ? failures : k.catalog().root().resolve("target/failures");
        Progress bar = new Progress(common.json || System.console() == null || !System.console().isTerminal() ? null : System.err,
                "simulate " + sys.id() + " " + scenario, games * entries.size());
        long t0 = System.nanoTime();
        List<GameRecord> records;
        String runtime;
        JsonNode summary = null;
        if (server != null) {
            ObjectNode request = Json.object().put("system", sys.id()).put("scenario", scenario).put("games", games).put("seed", seed)
                    .put("bots", bots);
            if (threads != null) request.put("threads", threads);     // else the server's cores
            if (timeLimit != null) request.put("timeLimit", timeLimit);
            var vs = request.putArray("variants");
            for (Batch.Entry e : entries) vs.addObject().put("name", e.name()).put("variant", e.variant().spec());
            RemoteBatch remote = new RemoteBatch(server);
            remote.checkSameRules(sys);
            RemoteBatch.Result r = remote.run(request, (job, done) -> bar.update(done, () -> soFarLine(job.path("interim").path("seeds").asInt(), job.path("interim").path("variants"))));
            records = r.records();
            summary = r.job();      // the server's summary holds the rule usage, which the rows do not carry
            runtime = "the inspector at " + server;
        } else {
            Batch.Finished finished = new Batch.Finished(entries.size(), games);
            records = Batch.run(k, entries, new Batch.Settings(scenario, games, seed, bots, t, fails), done -> bar.update(done, () -> soFar(entries, finished)),
                    Batch.timeLimit(timeLimit == null ? 0 : timeLimit), finished::add);
            runtime = ScriptHost.runtime();
        }
        bar.finish();
        double secs = (System.nanoTime() - t0) / 1e9;
        int played = records.size() / entries.size();   // fewer when the time limit stopped the batch: the seeds every variant finished
        if (played == 0) {
            throw new InputException(null, 0, 0, "--time-limit " + timeLimit + ": no seed was finished by every variant in " + timeLimit
                    + " s (the first games of a fresh process run while the rules compile); allow more time");
        }
        if (csv != null) hexlab.kernel.util.AtomicFile.write(csv, Csv.of(records));
        ObjectNode out = Json.object();
        out.put("system", sys.id()).put("scenario", scenario).put("gamesPerVariant", played).put("seed", seed).put("bots", bots);
        out.put("note", "every variant played the same " + played + " seeds derived from master seed " + seed
                + ": differences come from the rules, not the dice");
        if (summary == null) Summary.of(entries, records).fields().forEachRemaining(f -> out.set(f.getKey(), f.getValue()));
        else for (String f : List.of("variants", "comparisons")) out.set(f, summary.get(f));
        ObjectNode perf = out.putObject("performance");
        perf.put("seconds", Math.round(secs * 100) / 100.0).put("gamesPerSecond", threeFigures(records.size() / secs))
                .put("threads", t).put("runtime", runtime);
        // per variant, the opening before any die that each worker played once (Batch): how long, and how many games it started
        ObjectNode shared = perf.putObject("sharedOpening");
        for (Batch.Entry e : entries) {
            List<GameRecord> from = records.stream().filter(r -> r.variant().equals(e.name()) && r.opening() > 0).toList();
            shared.putObject(e.name()).put("actions", from.stream().mapToInt(GameRecord::opening).max().orElse(0)).put("games", from.size());
        }
        if (timeLimit != null) out.set("timeLimit", Summary.timeLimit(timeLimit, games, played));
        if (csv != null) out.put("csv", csv.toString());
        if (common.json) {
            common.printJson(out);
            return;
        }
        print(out);
    }

    private void print(ObjectNode out) {
        PrintWriter w = common.out();
        w.println(out.get("note").asText());
        for (JsonNode v : out.get("variants")) {
            w.printf("%s (%s): %d games, %s turns, %s actions%n", v.get("name").asText(), v.get("id").asText(), v.get("games").asInt(),
                    mean(v.get("turns")), mean(v.get("actions")));
            v.get("outcomes").fields().forEachRemaining(o -> w.printf(Locale.ROOT, "  %-12s %5.1f%%  [%5.1f, %5.1f]%n", o.getKey(),
                    100 * o.getValue().get("rate").asDouble(), 100 * o.getValue().get("low").asDouble(), 100 * o.getValue().get("high").asDouble()));
            v.get("metrics").fields().forEachRemaining(m -> w.printf("  %-24s %s%n", m.getKey(), mean(m.getValue())));
            provenance(w, v.get("provenance"));
            usage(w, v.get("usage"));
            if (!v.get("errors").isEmpty()) w.printf("  %d games hit an error; first: seed %s: %s%n", v.get("errors").size(),
                    v.get("errors").get(0).get("seed").asText(), v.get("errors").get(0).get("error").asText());
        }
        for (JsonNode c : out.get("comparisons")) {
            w.printf("%s against %s:%n", c.get("variant").asText(), c.get("against").asText());
            c.get("outcomes").fields().forEachRemaining(o -> w.printf(Locale.ROOT, "  %-12s %+5.1f points [%+5.1f, %+5.1f]  p=%.3f%s%n", o.getKey(),
                    100 * o.getValue().get("diff").asDouble(), 100 * o.getValue().get("low").asDouble(), 100 * o.getValue().get("high").asDouble(),
                    o.getValue().get("p").asDouble(), o.getValue().get("significant").asBoolean() ? "  significant" : ""));
        }
        JsonNode p = out.get("performance");
        w.printf("%s s, %s games/s on %d threads (%s)%n", p.get("seconds").asText(), p.get("gamesPerSecond").asText(), p.get("threads").asInt(), p.get("runtime").asText());
        p.get("sharedOpening").fields().forEachRemaining(v -> {
            if (v.getValue().get("games").asInt() > 0) w.printf("%s: %d games started from the opening before the first die (%d actions), played once per worker%n",
                    v.getKey(), v.getValue().get("games").asInt(), v.getValue().get("actions").asInt());
        });
        if (out.has("timeLimit")) w.println(out.get("timeLimit").get("note").asText());
        if (out.has("csv")) w.println("per-game rows in " + out.get("csv").asText());
        w.flush();
    }

    /**
     * The answer so far, for the progress bar: of the seeds every variant has finished, the share
     * of the baseline's most frequent outcome in each variant (" · 12 seeds: base british 97.5% · dg british 96.2%").
     */
    static String soFar(List<Batch.Entry> entries, Batch.Finished finished) {
        List<GameRecord> so = finished.wholeSeeds();
        return so.isEmpty() ? "" : soFarLine(so.size() / entries.size(), Summary.of(entries, so).get("variants"));
    }

    /** The progress bar's answer so far from a summary's variants over that many whole seeds ("" before the first). */
    static String soFarLine(int seeds, JsonNode vs) {
        if (seeds < 1 || !vs.isArray() || vs.isEmpty()) return "";
        String top = null;
        int most = -1;
        for (var it = vs.get(0).get("outcomes").fields(); it.hasNext(); ) {
            var o = it.next();
            if (o.getValue().get("count").asInt() > most) { most = o.getValue().get("count").asInt(); top = o.getKey(); }
        }
        if (top == null) return "";
        StringBuilder sb = new StringBuilder(" · ").append(seeds).append(seeds == 1 ? " seed:" : " seeds:");
        for (JsonNode v : vs) {
            JsonNode o = v.get("outcomes").get(top);
            sb.append(v == vs.get(0) ? " " : " · ").append(v.get("name").asText()).append(' ').append(top).append(' ')
                    .append(String.format(Locale.ROOT, "%.1f%%", o == null ? 0.0 : 100 * o.get("rate").asDouble()));
        }
        return sb.toString();
    }

    /** Rules shown per variant in the text output (all of them are in --json). */
    static final int RULES_SHOWN = 12;

    // "rules most used: 5.14 (12 games, 3400 times), ..." and each option and erratum that decided something
    static void usage(PrintWriter w, JsonNode usage) {
        if (usage == null || usage.isEmpty()) return;
        List<java.util.Map.Entry<String, JsonNode>> rules = new ArrayList<>(), others = new ArrayList<>();
        usage.fields().forEachRemaining(f -> {
            if (f.getKey().startsWith("rule:")) rules.add(f);
            else if (f.getKey().startsWith("option:") || f.getKey().startsWith("erratum:")) others.add(f);
        });
        rules.sort((a, b) -> b.getValue().get("times").asInt() != a.getValue().get("times").asInt()
                ? Integer.compare(b.getValue().get("times").asInt(), a.getValue().get("times").asInt()) : a.getKey().compareTo(b.getKey()));
        List<String> shown = new ArrayList<>();
        for (var r : rules.subList(0, Math.min(RULES_SHOWN, rules.size()))) shown.add(r.getKey().substring(5) + " (" + r.getValue().get("games").asInt() + " games, " + r.getValue().get("times").asInt() + " times)");
        if (!shown.isEmpty()) w.printf("  rules most used: %s%s%n", String.join(", ", shown), rules.size() > RULES_SHOWN ? " and " + (rules.size() - RULES_SHOWN) + " more (--json)" : "");
        for (var o : others) w.printf("  %s decided something in %d games, %d times%n", o.getKey().replace(":", " "), o.getValue().get("games").asInt(), o.getValue().get("times").asInt());
    }

    // "placeholder data decided something in 40.0% of games [..]: zoc/zoc-level-other (12 games, 340 times), ..."
    static void provenance(PrintWriter w, JsonNode p) {
        if (p == null) return;
        p.fields().forEachRemaining(f -> {
            JsonNode g = f.getValue().get("games");
            if (g.get("count").asInt() == 0) return;
            List<String> top = new ArrayList<>();
            for (JsonNode s : f.getValue().get("sources")) top.add(s.get("source").asText() + " (" + s.get("games").asInt() + " games, " + s.get("times").asInt() + " times)");
            w.printf(Locale.ROOT, "  %s data decided something in %.1f%% of games [%.1f, %.1f]: %s%n", f.getKey(), 100 * g.get("rate").asDouble(),
                    100 * g.get("low").asDouble(), 100 * g.get("high").asDouble(), String.join(", ", top));
        });
    }

    private static String mean(JsonNode m) {
        if (m.get("mean").isNull()) return "n/a";   // no game of the variant finished
        return String.format(Locale.ROOT, "%.1f [%.1f, %.1f]", m.get("mean").asDouble(), m.get("low").asDouble(), m.get("high").asDouble());
    }



    // a rate to three significant figures: 0.354 games/s, not 0.4 (a heuristic batch is that slow)
    private static double threeFigures(double x) {
        if (x <= 0 || Double.isNaN(x) || Double.isInfinite(x)) return x;
        return new java.math.BigDecimal(x).round(new java.math.MathContext(3)).doubleValue();
    }
}
