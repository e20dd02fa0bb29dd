package hexlab.inspector;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.error.InputException;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.Csv;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.lab.Plan;
import hexlab.kernel.lab.Sequential;
import hexlab.kernel.lab.Sweep;
import hexlab.kernel.lab.Summary;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The variant lab behind the page: batches of seeded bot games per variant, run on the server one
 * at a time (they use every core), or read back from a CSV that {@code simulate --csv} wrote. A
 * batch keeps its per-game rows and the same summary {@code simulate --json} prints.
 */
final class Lab implements AutoCloseable {
    /** Games per variant a batch may ask for unless the server is told otherwise ({@code serve --lab-max-games}). */
    static final int MAX_GAMES = 5000;
    static final int MAX_VARIANTS = 6, MAX_BATCHES = 8, MAX_TIME_LIMIT = 86_400;

    private final Kernel kernel;
    private final int maxGames;
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private final SecureRandom random = new SecureRandom();
    volatile hexlab.kernel.lab.cluster.ClusterPlayers cluster;     // serve --cluster: batches play on its members

    Lab(Kernel kernel, int maxGames) {
        this.kernel = kernel;
        this.maxGames = maxGames;
    }

    /** One batch: running (with its progress), done (with its results), stopped or failed. */
    static final class Job {
        final String id, system, scenario, bots, source;
        final long seed;
        final int games, total;
        final List<Summary.Label> labels;
        final AtomicInteger done = new AtomicInteger();
        final AtomicBoolean stop = new AtomicBoolean();
        volatile String state = "running", error;
        volatile List<GameRecord> records;
        volatile double seconds;
        volatile boolean reread;     // the rule files had changed since the server read them: read again first
        volatile int timeLimit;      // seconds after which no game starts (0: none); the batch keeps the seeds every variant finished
        volatile Batch.Finished finished;   // while it runs: its games as they end
        volatile hexlab.kernel.lab.cluster.ClusterPlayers cluster;     // the cluster that plays it, or null
        Sweep sweep;                         // the table entry whose values the variants are, or null
        String outcome;                      // the outcome the sweep plots (null: the baseline's commonest)
        Sequential.Decision decision;        // what stops the batch once its answer is clear, or null

        Job(String id, String system, String scenario, String bots, long seed, int games, List<Summary.Label> labels, String source) {
            this.id = id;
            this.system = system;
            this.scenario = scenario;
            this.bots = bots;
            this.seed = seed;
            this.games = games;
            this.labels = labels;
            this.source = source;
            this.total = games * labels.size();
        }
    }

    /**
     * Starts a batch from {system, scenario, games, seed, bots, threads, variants: [{name, variant}]},
     * and optionally {@code sweep} ("section/table/path=V1,V2" or a range, as {@code simulate --sweep}:
     * one variant per value of the first variant), {@code untilDecided} ({outcome, margin (points),
     * maxGames}: stop once each difference from the baseline is clear) and {@code outcome} (the one a
     * sweep plots); refused while another runs, since both would share the same two cores.
     */
    synchronized Job start(Requests.LabRun b, boolean reread) {
        refuseWhileRunning();
        if (b.system() == null || b.system().isBlank()) throw ApiError.bad("\"system\" is required");
        RuleSystem sys = kernel.system(b.system());
        String scenario = b.scenario();
        if (scenario == null) {
            if (sys.scenarios().isEmpty()) throw ApiError.bad("system " + sys.id() + " has no scenario");
            scenario = sys.scenarios().get(0).id();
        }
        String sc = scenario;
        if (sys.scenarios().stream().noneMatch(s -> s.id().equals(sc))) {
            throw ApiError.bad("no scenario \"" + sc + "\" in " + sys.id() + " (scenarios: " + String.join(", ", sys.scenarios().stream().map(s -> s.id()).toList()) + ")");
        }
        Requests.LabDecide decide = b.untilDecided();
        boolean deciding = decide != null;
        if (deciding && b.games() != null) throw ApiError.bad("\"untilDecided\" plays until the answer is clear: give the most seeds as untilDecided.maxGames, not \"games\"");
        int games = deciding ? (decide.maxGames() == null ? Math.min(1000, maxGames) : decide.maxGames()) : b.games() == null ? Math.min(100, maxGames) : b.games();
        if (games < 1 || games > maxGames) throw ApiError.bad((deciding ? "\"untilDecided.maxGames\"" : "\"games\"") + " must be 1 to " + maxGames
                + " per variant on this server (a `simulate` without --server has no limit), found " + games);
        long seed = Requests.seed(b.seed(), "seed", 1);
        String bots = b.bots() == null ? "random" : b.bots();
        Bots.forSides(sys, bots, 0);   // an unknown bot or a wrong count is refused now, not in the workers
        int limit = b.timeLimit() == null ? 0 : Requests.range("timeLimit", b.timeLimit(), 0, MAX_TIME_LIMIT);
        int cores = Runtime.getRuntime().availableProcessors();
        int threads = b.threads() == null ? cores : Requests.range("threads", b.threads(), 1, cores);
        List<Batch.Entry> entries = entries(sys, b.variants());
        String outcome = b.outcome();
        if (outcome != null && !Summary.outcomes(sys).contains(outcome)) throw ApiError.bad("\"outcome\" " + outcome + ": a game of " + sys.id() + " ends in " + String.join(", ", Summary.outcomes(sys)));
        Sweep sweep = null;
        String sweepArg = b.sweep();
        if (sweepArg != null && !sweepArg.isBlank()) {
            if (entries.size() > 1) throw ApiError.bad("a sweep varies one table entry of one baseline: give one variant, the baseline it edits");
            try {
                sweep = Sweep.parse(entries.getFirst().variant(), sweepArg.trim(), "sweep");
            } catch (InputException e) {
                throw ApiError.bad(e.getMessage());
            }
            entries = sweep.variants(entries.getFirst());
        }
        Sequential.Settings settingsOfDecision = null;
        if (deciding) {
            if (entries.size() < 2) throw ApiError.bad("\"untilDecided\" compares variants with the first: give at least two variants");
            String o = decide.outcome() != null ? decide.outcome() : outcome != null ? outcome : sys.sides().getFirst();
            if (!Summary.outcomes(sys).contains(o)) throw ApiError.bad("\"untilDecided.outcome\" " + o + ": a game of " + sys.id() + " ends in " + String.join(", ", Summary.outcomes(sys)));
            if (decide.margin() != null && !decide.margin().isNull() && !decide.margin().isNumber()) throw ApiError.bad("\"untilDecided.margin\" must be a number of points");
            double m = decide.margin() == null ? 0 : decide.margin().asDouble();     // whole or not: the page sends 2 or 2.5
            if (!(m >= 0 && m < 100)) throw ApiError.bad("\"untilDecided.margin\" is in points, 0 to 100, found " + m);
            settingsOfDecision = new Sequential.Settings(o, 1 - hexlab.kernel.lab.Stats.LEVEL, m / 100);
            outcome = o;
        }
        Plan plan = new Plan(sys, scenario, games, seed, bots, entries, settingsOfDecision, sweep);
        List<Batch.Entry> variants = entries;
        List<Summary.Label> labels = entries.stream().map(e -> Summary.Label.of(e.name(), e.variant())).toList();
        Job job = new Job(newId(), sys.id(), scenario, bots, seed, games, labels, "run");
        job.reread = reread;
        job.timeLimit = limit;
        job.finished = plan.finished();
        job.decision = job.finished.decision();
        job.sweep = sweep;
        job.outcome = outcome;
        job.cluster = cluster;
        remember(job);
        Batch.Settings settings = plan.settings(threads, kernel.catalog().root().resolve("target/failures"));
        Thread t = Thread.ofPlatform().name("lab-" + job.id).daemon(true).unstarted(() -> {
            long t0 = System.nanoTime();
            try {
                var late = Batch.timeLimit(limit);
                List<GameRecord> r = Batch.play(kernel, variants, settings, new Batch.Control().finished(job.finished).progress(job.done::set).players(job.cluster)
                        .stop(() -> job.stop.get() || late.getAsBoolean()));
                job.records = r;
                job.finished = null;
                job.seconds = (System.nanoTime() - t0) / 1e9;
                job.state = job.stop.get() && r.size() < job.total && (job.decision == null || !job.decision.decided()) ? "stopped" : "done";
            } catch (RuntimeException e) {
                job.seconds = (System.nanoTime() - t0) / 1e9;
                job.error = Failure.of(e).body().path("error").asText(String.valueOf(e.getMessage()));
                job.state = "failed";
            }
        });
        t.start();
        return job;
    }

    /** One batch at a time: both would share the same cores. */
    synchronized void refuseWhileRunning() {
        for (Job j : jobs.values()) {
            if (j.state.equals("running")) throw ApiError.conflict("batch " + j.id + " is still running (" + j.done.get() + " of " + j.total + " games); stop it or wait");
        }
    }

    /** A batch read back from the per-game CSV of {@code simulate --csv}: variants in their order of appearance. */
    synchronized Job load(String csv, String name, String system, String scenario) {
        List<GameRecord> records = Csv.read(csv, name);
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (GameRecord r : records) names.add(r.variant());
        List<Summary.Label> labels = new ArrayList<>();
        for (String n : names) labels.add(new Summary.Label(n, null, null));
        int most = 0;
        for (String n : names) most = Math.max(most, (int) records.stream().filter(r -> r.variant().equals(n)).count());
        Job job = new Job(newId(), system, scenario, null, 0, most, labels, name);
        job.records = records;
        job.done.set(records.size());
        job.state = "done";
        remember(job);
        return job;
    }

    synchronized Job get(String id) {
        Job j = jobs.get(id);
        if (j == null) throw ApiError.notFound("no batch \"" + id + "\" (batches end when the server stops; the oldest beyond " + MAX_BATCHES + " are dropped)");
        return j;
    }

    /** Asks a running batch to stop after the games in progress. */
    Job stop(String id) {
        Job j = get(id);
        j.stop.set(true);
        return j;
    }

    /** The batch as the page reads it: settings, progress, and when finished the summary and one row per game. */
    static ObjectNode json(Job j) {
        ObjectNode o = Json.object();
        o.put("id", j.id).put("state", j.state).put("source", j.source).put("system", j.system).put("scenario", j.scenario)
                .put("bots", j.bots).put("seed", j.seed).put("gamesPerVariant", j.games).put("done", j.done.get()).put("total", j.total);
        if (j.error != null) o.put("error", j.error);
        if (j.reread) o.put("reread", "the rule files had changed since the inspector read them: this batch read them again");
        if (j.cluster != null) o.set("cluster", j.cluster.report().put("rates", j.cluster.rates()));
        if (j.records == null) {
            interim(j, o);
            return o;
        }
        o.put("seconds", Math.round(j.seconds * 100) / 100.0);
        if (j.source.equals("run")) {
            int seeds = j.records.size() / Math.max(1, j.labels.size());     // whole seeds: fewer when stopped or out of time
            o.put("note", "every variant played the same " + seeds + " seeds derived from master seed " + j.seed + ": differences come from the rules, not the dice");
            if (j.timeLimit > 0) o.set("timeLimit", Summary.timeLimit(j.timeLimit, j.games, seeds));
        }
        List<Summary.Label> played = j.labels.stream().filter(l -> j.records.stream().anyMatch(r -> r.variant().equals(l.name()))).toList();
        ObjectNode summary = Summary.ofLabels(played, j.records);
        o.set("variants", summary.get("variants"));
        o.set("comparisons", summary.get("comparisons"));
        if (j.decision != null) o.set("untilDecided", j.decision.json(j.games));
        if (j.sweep != null) {
            String shown = j.outcome != null ? j.outcome : Summary.commonest(summary.get("variants").get(0));
            o.set("sweep", j.sweep.report(summary.get("variants")).put("outcome", shown));
        }
        ArrayNode rows = o.putArray("games");
        for (GameRecord r : j.records) {
            ObjectNode g = rows.addObject();
            g.put("variant", r.variant()).put("game", r.game()).put("seed", String.valueOf(r.seed())).put("winner", r.winner())
                    .put("level", r.level()).put("turn", r.turn()).put("actions", r.actions()).put("hash", r.hash()).put("opening", r.opening());
            ObjectNode m = g.putObject("metrics");
            r.metrics().forEach(m::put);
            if (r.error() != null) g.put("error", r.error()).put("save", r.save());
        }
        return o;
    }

    // While a batch runs: the summary of the seeds every variant has finished so far, so the answer
    // can be watched as it firms up (and the batch stopped once it is clear enough).
    private static void interim(Job j, ObjectNode o) {
        Batch.Finished f = j.finished;
        if (f == null) return;
        List<GameRecord> so = f.wholeSeeds();
        if (so.isEmpty()) return;
        ObjectNode summary = Summary.soFar(j.labels, so);
        ObjectNode in = o.putObject("interim");
        in.put("seeds", so.size() / j.labels.size());
        in.set("variants", summary.get("variants"));
        in.set("comparisons", summary.get("comparisons"));
        if (j.decision != null) synchronized (f) { in.set("untilDecided", j.decision.json(j.games)); }     // the batch feeds it under that lock
    }

    private List<Batch.Entry> entries(RuleSystem sys, List<Requests.LabVariant> variants) {
        List<Batch.Entry> out = new ArrayList<>();
        if (variants == null) {
            out.add(new Batch.Entry("base", Variant.base(sys)));
            return out;
        }
        if (variants.isEmpty()) throw ApiError.bad("\"variants\" must be a list of {name, variant}, e.g. [{\"name\":\"base\",\"variant\":\"\"}]");
        if (variants.size() > MAX_VARIANTS) throw ApiError.bad("at most " + MAX_VARIANTS + " variants in one batch, found " + variants.size());
        for (Requests.LabVariant v : variants) {
            if (v == null || v.name() == null || v.name().isBlank()) {
                throw ApiError.bad("each variant needs a \"name\" and a \"variant\" spec such as \"option:x,errata:y\" (\"\" is the base rules)");
            }
            String name = v.name().trim();
            if (!name.matches("[A-Za-z0-9._-]{1,64}")) throw ApiError.bad("variant name \"" + name + "\": use up to 64 letters, digits, '.', '_' or '-'");
            if (out.stream().anyMatch(e -> e.name().equals(name))) throw ApiError.bad("variant name \"" + name + "\" is used twice");
            try {
                out.add(new Batch.Entry(name, Variant.parse(sys, v.variant() == null ? "" : v.variant(), hexlab.kernel.rules.DraftErratum.listFromJson(v.drafts(), "variant " + name))));
            } catch (InputException e) {
                throw ApiError.bad("variant \"" + name + "\": " + e.getMessage());
            }
        }
        return out;
    }

    private void remember(Job job) {
        jobs.put(job.id, job);
        while (jobs.size() > MAX_BATCHES) {
            String oldest = jobs.keySet().stream().filter(k -> !jobs.get(k).state.equals("running")).findFirst().orElse(null);
            if (oldest == null) break;
            jobs.remove(oldest);
        }
    }

    private String newId() { return "b" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36); }

    @Override
    public synchronized void close() {
        for (Job j : jobs.values()) j.stop.set(true);
    }
}
