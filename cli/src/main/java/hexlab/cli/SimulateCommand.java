package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.Csv;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.lab.Journal;
import hexlab.kernel.lab.Plan;
import hexlab.kernel.lab.Sequential;
import hexlab.kernel.lab.Stats;
import hexlab.kernel.lab.Summary;
import hexlab.kernel.lab.Sweep;
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
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

@Command(name = "simulate", description = "Play N seeded games per variant with bots and compare the variants: outcome rates with 95%% "
        + "intervals, differences with a significance test, game length, scenario metrics, rule usage.")
final class SimulateCommand implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--system", description = "The system (not with --resume, whose journal names it).") String system;

    @Option(names = "--scenario") String scenario;

    @Option(names = "--games", description = "Games per variant (default 100).") Integer games;

    @Option(names = "--seed", description = "Master seed; game i of every variant uses the same seed derived from it (default 1).") Long seed;

    @Option(names = "--bots", description = "One bot per side, or one for all (default random).") String bots;

    @Option(names = "--variant", paramLabel = "NAME=SPEC", description = "A variant to compare: NAME=preset:P,option:X,errata:Y (NAME= is the base rules). Repeatable; the first is the baseline.")
    List<String> variants = new ArrayList<>();

    @Option(names = "--threads", description = "Worker threads (default: the number of cores).") Integer threads;

    @Option(names = "--csv", description = "Write one row per game to this file, each as its game ends; beside it FILE.journal keeps the batch for --resume.") Path csv;

    @Option(names = "--resume", paramLabel = "FILE.csv", description = "Go on with the batch that wrote this CSV (killed, stopped or out of time): play only "
            + "its missing seeds, under the same rules, and write the CSV an uninterrupted run gives.") Path resume;

    @Option(names = "--sweep", paramLabel = "SECTION/TABLE/PATH=VALUES", description = "One variant per value of this table entry (V1,V2,... or a range "
            + "A..B[:STEP]), each the baseline with a draft erratum that replaces it, checked against the table's shape; the summary plots the rate of "
            + "--outcome against the value. The baseline is the one --variant, or the base rules.") String sweep;

    @Option(names = "--until-decided", description = "Play seed after seed and stop as soon as each variant's difference from the baseline in the rate of "
            + "--outcome is clear (anytime-valid 95%% intervals, checked after every seed): it leaves out 0, or lies within +/- --margin.") boolean untilDecided;

    @Option(names = "--outcome", description = "With --until-decided: the winner whose rate is compared (a side, draw; default: the system's first side). "
            + "With --sweep: the one plotted (default: the baseline's commonest).") String outcome;

    @Option(names = "--margin", paramLabel = "POINTS", description = "With --until-decided: a difference smaller than this many points does not matter; "
            + "a comparison whose interval lies within +/- POINTS is decided too (default 0: only a difference decides).") Double margin;

    @Option(names = "--max-games", paramLabel = "N", description = "With --until-decided: the most seeds per variant (default 1000).") Integer maxGames;

    @Option(names = "--time-limit", paramLabel = "SECONDS", description = "Start no game after this many seconds and report the seeds every "
            + "variant finished: an early answer with wider intervals; --games with that number gives the same games.") Integer timeLimit;

    @Option(names = "--failures", description = "Folder for saves of games that hit an engine error (default target/failures).") Path failures;

    @Option(names = "--server", paramLabel = "URL", description = "Play the batch in a running inspector (./tobruk serve) at this address (as it printed it, with ?token= if it asks for one), "
            + "e.g. http://127.0.0.1:7070: its rules stay compiled from one batch to the next, so only the first pays for compiling. "
            + "The same games; at most 5,000 per variant; saves of broken games go to the server's target/failures.")
    java.net.URI server;

    @Option(names = "--cluster", paramLabel = "HOST:PORT,...", description = "Play the batch on the members of a lab cluster (./tobruk worker), "
            + "joining it at these addresses: the same CSV and summary as here; each member checks that its rule files are these.") String cluster;

    @Option(names = "--no-daemon", description = "Play in this process. Without it, a simulate started by the launcher sends the batch to the lab service, "
            + "a background process it starts on first use that keeps the rules compiled from one batch to the next (it ends after 30 idle minutes).")
    boolean noDaemon;

    @Option(names = "--terminal", hidden = true, description = "Draw the progress bar on the error stream (the lab service's client has a terminal).") boolean terminal;

    /** Games per variant when neither --games nor the journal says; the most seeds when deciding. */
    static final int DEFAULT_GAMES = 100, DEFAULT_MAX_GAMES = 1000;

    @Override
    public Integer call() {
        if (threads != null && threads < 1) throw new InputException(null, 0, 0, "--threads must be at least 1, found " + threads);
        LabService.Run served = LabService.current();
        boolean console = System.console() != null && System.console().isTerminal();
        if (served == null && !noDaemon && server == null && cluster == null && LabClient.wanted()) {
            List<String> args = new ArrayList<>(common.spec.commandLine().getParseResult().originalArgs());
            args = args.subList(args.indexOf("simulate") + 1, args.size());
            Integer code = new LabClient(common.root != null ? common.root : Kernel.findRoot()).run(args, common.out(), common.spec.commandLine().getErr(), console && !common.json);
            if (code != null) return code;
        }
        if (timeLimit != null && timeLimit < 1) throw new InputException(null, 0, 0, "--time-limit must be at least 1 second, found " + timeLimit);
        Kernel k = common.kernel();
        Journal.Contents earlier = resume == null ? null : Journal.read(resume);
        Plan plan = earlier == null ? plan(k) : resumed(k, earlier);
        if (earlier != null) csv = resume;
        List<Batch.Entry> entries = plan.variants();
        RuleSystem sys = plan.system();
        int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        Path fails = failures != null ? failures : k.catalog().root().resolve("target/failures");
        Batch.Finished finished = plan.finished();
        int before = 0;
        if (earlier != null) {
            for (Journal.Entry e : earlier.games()) {
                if (e.place() >= entries.size() * plan.games()) throw new InputException(Journal.of(resume).toString(), 0, 0, "a game at place " + e.place() + " is outside the batch");
                finished.add(e.game(), e.place());
            }
            before = finished.count();
        }
        Progress bar = new Progress(common.json ? null : served != null ? (terminal ? common.spec.commandLine().getErr() : null) : console ? new PrintWriter(System.err, true) : null,
                "simulate " + sys.id() + " " + plan.scenario(), plan.games() * entries.size());
        long t0 = System.nanoTime();
        List<GameRecord> records;
        String runtime;
        JsonNode summary = null;
        AtomicInteger playedNow = new AtomicInteger();
        ObjectNode clusterReport = null;
        AtomicBoolean interrupted = served != null ? served.stop() : new AtomicBoolean();     // the service's client sends its Ctrl-C
        if (server != null) {
            if (untilDecided || earlier != null || cluster != null) throw new InputException(null, 0, 0, "--server plays a whole batch: leave out --until-decided, --resume and --cluster, or --server");
            ObjectNode request = Json.object().put("system", sys.id()).put("scenario", plan.scenario()).put("games", plan.games()).put("seed", plan.seed())
                    .put("bots", plan.bots());
            if (threads != null) request.put("threads", threads);     // else the server's cores
            if (timeLimit != null) request.put("timeLimit", timeLimit);
            var vs = request.putArray("variants");
            for (Batch.Entry e : entries) vs.addObject().put("name", e.name()).put("variant", e.variant().spec());
            RemoteBatch remote = new RemoteBatch(server);
            remote.checkSameRules(sys);
            RemoteBatch.Result r = remote.run(request, (job, done) -> bar.update(done, () -> soFarLine(job.path("interim").path("seeds").asInt(), job.path("interim").path("variants"))));
            records = r.records();
            playedNow.set(records.size());
            summary = r.job();      // the server's summary holds the rule usage, which the rows do not carry
            runtime = "the inspector at " + server;
            if (csv != null) hexlab.kernel.util.AtomicFile.write(csv, Csv.of(records));
        } else {
            Journal journal = csv == null ? null : earlier != null ? Journal.resume(csv, earlier) : Journal.start(csv, plan.json());
            BooleanSupplier late = Batch.timeLimit(timeLimit == null ? 0 : timeLimit);
            PrintWriter errs = common.spec.commandLine().getErr();
            hexlab.kernel.lab.cluster.ClusterPlayers players = cluster == null ? null
                    : new hexlab.kernel.lab.cluster.ClusterPlayers(hexlab.kernel.lab.cluster.Cluster.addresses(cluster, "--cluster"), line -> {
                        synchronized (errs) {
                            errs.println();
                            errs.println(line);
                            errs.flush();
                        }
                    });
            try (players; Interrupts signals = served != null ? null : new Interrupts(interrupted, common.spec.commandLine().getErr())) {
                records = Batch.play(k, entries, plan.settings(t, fails), new Batch.Control().finished(finished).players(players)
                        .progress(done -> bar.update(done, () -> soFar(entries, finished) + (players == null ? "" : " · " + players.rates())))
                        .stop(() -> interrupted.get() || late.getAsBoolean())
                        .each((r, place) -> {
                            playedNow.incrementAndGet();
                            if (journal != null) journal.add(r, place);
                        }));
            } finally {
                if (journal != null) journal.close();
            }
            if (journal != null) journal.finish(records);
            if (served != null && players == null) {
                try {
                    served.practise(Batch.Prepared.of(k, entries, plan.settings(t, fails)));
                } catch (RuntimeException filesChanged) {
                    // a scenario edited or broken since the batch read it: no practice; the next batch says what is wrong
                }
            }
            runtime = players != null ? "the lab cluster at " + cluster
                    : ScriptHost.runtime() + "; " + (served != null ? "in the " + served.where() : "in this process" + (noDaemon ? " (--no-daemon)" : ""));
            if (players != null) clusterReport = players.report();
        }
        bar.finish();
        double secs = (System.nanoTime() - t0) / 1e9;
        int played = records.size() / entries.size();   // fewer when stopped early: the seeds every variant finished
        if (played == 0) {
            String kept = csv == null ? "" : " (the games that ended are in " + csv + "; --resume " + csv + " goes on)";
            if (interrupted.get()) {
                common.spec.commandLine().getErr().println("stopped before every variant had finished a seed: nothing to summarise" + kept);
                return 130;
            }
            throw new InputException(null, 0, 0, "--time-limit " + timeLimit + ": no seed was finished by every variant in " + timeLimit
                    + " s (the first games of a fresh process run while the rules compile); allow more time" + kept);
        }
        ObjectNode out = Json.object();
        out.put("system", sys.id()).put("scenario", plan.scenario()).put("gamesPerVariant", played).put("seed", plan.seed()).put("bots", plan.bots());
        out.put("note", "every variant played the same " + played + " seeds derived from master seed " + plan.seed()
                + ": differences come from the rules, not the dice");
        if (summary == null) Summary.of(entries, records).fields().forEachRemaining(f -> out.set(f.getKey(), f.getValue()));
        else for (String f : List.of("variants", "comparisons")) out.set(f, summary.get(f));
        if (finished.decision() != null) out.set("untilDecided", finished.decision().json(plan.games()));
        if (plan.sweep() != null) {
            String shown = plan.decide() != null ? plan.decide().outcome() : outcome != null ? outcome : Summary.commonest(out.get("variants").get(0));
            out.set("sweep", plan.sweep().report(out.get("variants")).put("outcome", shown));
        }
        ObjectNode perf = out.putObject("performance");
        perf.put("seconds", Math.round(secs * 100) / 100.0).put("gamesPerSecond", threeFigures(playedNow.get() / secs))
                .put("games", playedNow.get()).put("threads", t).put("runtime", runtime);
        if (clusterReport != null) perf.set("cluster", clusterReport);
        // per variant, the opening before any die that each worker played once (Batch): how long, and how many games it started
        ObjectNode shared = perf.putObject("sharedOpening");
        for (Batch.Entry e : entries) {
            List<GameRecord> from = records.stream().filter(r -> r.variant().equals(e.name()) && r.opening() > 0).toList();
            shared.putObject(e.name()).put("actions", from.stream().mapToInt(GameRecord::opening).max().orElse(0)).put("games", from.size());
        }
        if (timeLimit != null) out.set("timeLimit", Summary.timeLimit(timeLimit, plan.games(), played));
        if (earlier != null) {
            out.putObject("resumed").put("earlier", before).put("played", playedNow.get())
                    .put("note", before + " games from the journal of " + resume + ", " + playedNow.get() + " played now");
        }
        if (interrupted.get()) {
            out.putObject("interrupted").put("seeds", played).put("note", "stopped by a signal after " + played + " whole seeds per variant"
                    + (csv == null ? "" : "; --resume " + csv + " plays the rest"));
        }
        if (csv != null) out.put("csv", csv.toString());
        if (common.json) {
            common.printJson(out);
            return 0;
        }
        print(out);
        return 0;
    }

    /** The batch the options describe. */
    private Plan plan(Kernel k) {
        if (system == null || scenario == null) throw new InputException(null, 0, 0, "give --system and --scenario (or --resume FILE.csv to go on with a batch)");
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
        Sweep sw = null;
        if (sweep != null) {
            if (entries.size() > 1) throw new InputException(null, 0, 0, "--sweep varies one table entry of one baseline: give at most one --variant, the baseline it edits");
            sw = Sweep.parse(entries.getFirst().variant(), sweep, "--sweep");
            entries = sw.variants(entries.getFirst());
        }
        if (outcome != null && !Summary.outcomes(sys).contains(outcome)) {
            throw new InputException(null, 0, 0, "--outcome " + outcome + ": a game of " + sys.id() + " ends in " + String.join(", ", Summary.outcomes(sys)));
        }
        Sequential.Settings decide = null;
        int n = games == null ? DEFAULT_GAMES : games;
        if (untilDecided) {
            if (entries.size() < 2) throw new InputException(null, 0, 0, "--until-decided compares variants with the first: give at least two --variant");
            if (games != null) throw new InputException(null, 0, 0, "--until-decided plays until the answer is clear: give the most seeds as --max-games, not --games");
            n = maxGames == null ? DEFAULT_MAX_GAMES : maxGames;
            String o = outcome != null ? outcome : sys.sides().getFirst();
            double m = margin == null ? 0 : margin;
            if (m < 0 || m >= 100) throw new InputException(null, 0, 0, "--margin is in points, 0 to 100, found " + m);
            decide = new Sequential.Settings(o, 1 - Stats.LEVEL, m / 100);
        } else if ((outcome != null && sw == null) || margin != null || maxGames != null) {
            throw new InputException(null, 0, 0, "--outcome, --margin and --max-games go with --until-decided (--outcome also with --sweep)");
        }
        if (n < 1) throw new InputException(null, 0, 0, (untilDecided ? "--max-games" : "--games") + " must be at least 1, found " + n);
        return new Plan(sys, scenario, n, seed == null ? 1 : seed, bots == null ? "random" : bots, entries, decide, sw);
    }

    /** The batch a journal describes; an option that would change it is refused. */
    private Plan resumed(Kernel k, Journal.Contents earlier) {
        Plan p = Plan.of(k, earlier.batch(), Journal.of(resume).toString());
        List<String> clash = new ArrayList<>();
        if (system != null && !system.equals(p.system().id())) clash.add("--system " + system);
        if (scenario != null && !scenario.equals(p.scenario())) clash.add("--scenario " + scenario);
        if (games != null && games != p.games()) clash.add("--games " + games);
        if (maxGames != null && maxGames != p.games()) clash.add("--max-games " + maxGames);
        if (seed != null && seed != p.seed()) clash.add("--seed " + seed);
        if (bots != null && !bots.equals(p.bots())) clash.add("--bots " + bots);
        if (!variants.isEmpty()) clash.add("--variant");
        if (sweep != null) clash.add("--sweep");
        if ((untilDecided && p.decide() == null) || outcome != null || margin != null) clash.add("--until-decided, --outcome or --margin");
        if (csv != null && !csv.equals(resume)) clash.add("--csv " + csv);
        if (!clash.isEmpty()) {
            throw new InputException(null, 0, 0, "--resume goes on with the batch as " + Journal.of(resume) + " records it: leave out " + String.join(", ", clash));
        }
        return p;
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
        if (out.has("sweep")) sweepPlot(w, out.get("sweep"));
        if (out.has("untilDecided")) {
            JsonNode d = out.get("untilDecided");
            w.printf(Locale.ROOT, "until decided (the rate of %s, %s%s): %s%n", d.get("outcome").asText(), "anytime-valid " + Math.round(100 * (1 - d.get("alpha").asDouble())) + "% intervals",
                    d.get("margin").asDouble() > 0 ? String.format(Locale.ROOT, ", margin %.1f points", 100 * d.get("margin").asDouble()) : "", d.get("note").asText());
            for (JsonNode c : d.get("comparisons")) w.printf(Locale.ROOT, "  %s against %s: %+5.1f points [%+5.1f, %+5.1f]: %s%n", c.get("variant").asText(), c.get("against").asText(),
                    100 * c.get("diff").asDouble(), 100 * c.get("low").asDouble(), 100 * c.get("high").asDouble(), c.get("verdict").asText());
        }
        JsonNode p = out.get("performance");
        if (p.has("cluster")) {
            w.printf("%s s, %s games/s on %s%n", p.get("seconds").asText(), p.get("gamesPerSecond").asText(), p.get("runtime").asText());
            p.get("cluster").get("members").fields().forEachRemaining(m -> w.printf(Locale.ROOT, "  member %s: %d games, %s games/s%s%s%n", m.getKey(), m.getValue().get("games").asInt(),
                    m.getValue().get("gamesPerSecond").asText(), m.getValue().has("left") ? ", left during the batch (its games in progress were played by others)" : "",
                    m.getValue().has("refused") ? ", refused: " + m.getValue().get("refused").asText() : ""));
        } else w.printf("%s s, %s games/s on %d threads (%s)%n", p.get("seconds").asText(), p.get("gamesPerSecond").asText(), p.get("threads").asInt(), p.get("runtime").asText());
        p.get("sharedOpening").fields().forEachRemaining(v -> {
            if (v.getValue().get("games").asInt() > 0) w.printf("%s: %d games started from the opening before the first die (%d actions), played once per worker%n",
                    v.getKey(), v.getValue().get("games").asInt(), v.getValue().get("actions").asInt());
        });
        if (out.has("timeLimit")) w.println(out.get("timeLimit").get("note").asText());
        if (out.has("resumed")) w.println("resumed: " + out.get("resumed").get("note").asText());
        if (out.has("interrupted")) w.println(out.get("interrupted").get("note").asText());
        if (out.has("csv")) w.println("per-game rows in " + out.get("csv").asText());
        w.flush();
    }

    /** Columns of the text plot's track, 0% to 100%. */
    static final int TRACK = 41;

    /**
     * The sweep as a text plot: per value, the rate of one outcome as '*' on a track from 0% to
     * 100%, its 95% interval from '[' to ']', then the numbers.
     */
    static void sweepPlot(PrintWriter w, JsonNode sweep) {
        String outcome = sweep.get("outcome").asText();
        w.printf("sweep of %s: the rate of %s by value, with 95%% intervals%n", sweep.get("path").asText(), outcome);
        List<String> labels = new ArrayList<>();
        for (JsonNode p : sweep.get("points")) labels.add(Sweep.text(hexlab.kernel.util.Json.MAPPER.convertValue(p.get("value"), Object.class)) + (p.get("current").asBoolean() ? " (now)" : ""));
        int width = labels.stream().mapToInt(String::length).max().orElse(5);
        w.printf("  %" + width + "s  0%%%s100%%%n", "", " ".repeat(TRACK - 3));
        int i = 0;
        for (JsonNode p : sweep.get("points")) {
            String label = labels.get(i++);
            JsonNode o = p.path("outcomes").path(outcome);
            if (o.isMissingNode() || o.get("rate").isNull()) {
                w.printf("  %" + width + "s  %s%n", label, p.has("games") ? "no game ended in " + outcome : "no games");
                continue;
            }
            char[] track = " ".repeat(TRACK).toCharArray();
            int lo = spot(o.get("low").asDouble()), hi = spot(o.get("high").asDouble());
            for (int x = lo; x <= hi; x++) track[x] = '-';
            track[lo] = '[';
            track[hi] = ']';
            track[spot(o.get("rate").asDouble())] = '*';
            w.printf(Locale.ROOT, "  %" + width + "s |%s| %5.1f%% [%5.1f, %5.1f]%n", label, new String(track), 100 * o.get("rate").asDouble(),
                    100 * o.get("low").asDouble(), 100 * o.get("high").asDouble());
        }
    }

    private static int spot(double rate) { return (int) Math.round(Math.max(0, Math.min(1, rate)) * (TRACK - 1)); }

    /**
     * The answer so far, for the progress bar: of the seeds every variant has finished, the share
     * of the baseline's most frequent outcome in each variant (" · 12 seeds: base british 97.5% · dg british 96.2%").
     */
    static String soFar(List<Batch.Entry> entries, Batch.Finished finished) {
        List<GameRecord> so = finished.wholeSeeds();
        return so.isEmpty() ? "" : soFarLine(so.size() / entries.size(), Summary.soFar(Summary.labels(entries), so).get("variants"));
    }

    /** The progress bar's answer so far from a summary's variants over that many whole seeds ("" before the first). */
    static String soFarLine(int seeds, JsonNode vs) {
        if (seeds < 1 || !vs.isArray() || vs.isEmpty()) return "";
        String top = Summary.commonest(vs.get(0));
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
