package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.script.RulesContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.ObjIntConsumer;

/**
 * Plays N games per variant with bots, in parallel. Game i of every variant uses the same seed
 * (derived from the master seed), so the variants differ by their rules, not by their dice.
 * Games are started seed by seed (game 0 of every variant, then game 1, ...), so a batch stopped
 * early has played whole seeds: it keeps the seeds every variant finished, which are the same
 * games as a batch of that many. Each worker thread keeps one rules context per variant; results
 * come back in (variant, game) order whatever the thread count, so the output is the same byte
 * for byte.
 *
 * <p>Until the first die is rolled the seed decides nothing, so with bots that choose from the
 * position alone every game of a variant plays the same opening (in a Crusader Campaign with
 * heuristic players, the set-up and the first movement phase). Each worker plays it once per
 * variant and starts its later games from there, each on its own seed: the same games, with the
 * same usage counts, as if each had played it.
 */
public final class Batch {
    /** A named variant of the comparison. */
    public record Entry(String name, Variant variant) {}

    /**
     * @param failures where saves of broken games are written (null: not written)
     */
    public record Settings(String scenario, int games, long seed, String bots, int threads, Path failures) {}

    private Batch() {}

    /** A variant's opening as one worker played it: the position before the first die, and the usage counts up to it. */
    private record Opening(Game.Snapshot position, String usage) {
        /** The actions a game started from {@code op} took from it (0: none, it played its own). */
        static int taken(Opening op) { return op == null ? 0 : op.position().actions().size(); }
    }

    public static List<GameRecord> run(Kernel kernel, List<Entry> variants, Settings s, IntConsumer progress) {
        return run(kernel, variants, s, progress, () -> false);
    }

    /**
     * As {@link #run(Kernel, List, Settings, IntConsumer)}, stopping before the next game once
     * {@code stop} says so; a stopped batch returns only the seeds every variant finished, in
     * (variant, game) order: the games of a batch of that many.
     */
    public static List<GameRecord> run(Kernel kernel, List<Entry> variants, Settings s, IntConsumer progress, BooleanSupplier stop) {
        return run(kernel, variants, s, progress, stop, null);
    }

    /**
     * As {@link #run(Kernel, List, Settings, IntConsumer, BooleanSupplier)}; {@code each}, if
     * given, hears of every game as it ends, on the worker's thread, with its place in (variant,
     * game) order (variant * games + game), so a caller can summarise the whole seeds so far.
     */
    public static List<GameRecord> run(Kernel kernel, List<Entry> variants, Settings s, IntConsumer progress, BooleanSupplier stop,
            ObjIntConsumer<GameRecord> each) {
        return play(kernel, variants, s, new Control().progress(progress).stop(stop).each(each));
    }

    /**
     * How a run is steered beyond its settings: who hears of its progress and of each game, what
     * stops it, the games it has already (an earlier run of the same batch, or the answer so far
     * it shares with its caller) with the decision that may end it early, and who plays it.
     */
    public static final class Control {
        private IntConsumer progress;
        private BooleanSupplier stop = () -> false;
        private ObjIntConsumer<GameRecord> each;
        private Finished finished;
        private Players players;

        /** Hears the count of finished games (those an earlier run played included). */
        public Control progress(IntConsumer p) { progress = p; return this; }

        /** Asked before each game: true starts no more. */
        public Control stop(BooleanSupplier s) { stop = s == null ? () -> false : s; return this; }

        /** Hears each game this run plays as it ends, on the thread that heard of it, with its place in (variant, game) order. */
        public Control each(ObjIntConsumer<GameRecord> e) { each = e; return this; }

        /**
         * Where the games are kept as they end: give one that already holds an earlier run's games
         * to play only the rest, or one with a {@link Sequential.Decision} to stop once it is in.
         */
        public Control finished(Finished f) { finished = f; return this; }

        /** Who plays the games (default: as many threads here as the settings say). */
        public Control players(Players p) { players = p; return this; }
    }

    /**
     * Who plays a batch's games: threads of this process ({@link #threads()}), or the members of a
     * cluster. It asks {@code work} for places until there are none, plays each (a
     * {@link Worker} per thread) and tells {@code work} of each game as it ends.
     */
    public interface Players {
        void play(Prepared batch, Work work);
    }

    /** A batch ready to play: its variants with their scenarios loaded once. */
    public record Prepared(Kernel kernel, List<Entry> variants, Settings settings, Map<String, Scenario> scenarios) {
        public static Prepared of(Kernel kernel, List<Entry> variants, Settings s) {
            Map<String, Scenario> scenarios = new HashMap<>();
            for (Entry e : variants) scenarios.put(e.name(), kernel.scenario(e.variant(), s.scenario()));
            return new Prepared(kernel, List.copyOf(variants), s, Map.copyOf(scenarios));
        }

        /** A player of this batch's games for one thread: a rules context it keeps per variant. */
        public Worker worker() { return new Worker(this); }
    }

    /** Plays the batch under {@code c}: the seeds every variant finished, in (variant, game) order (see {@link Finished#wholeSeeds}); the {@code run} overloads are this with fewer controls. */
    public static List<GameRecord> play(Kernel kernel, List<Entry> variants, Settings s, Control c) {
        Finished finished = c.finished != null ? c.finished : new Finished(variants.size(), s.games());
        if (finished.kinds != variants.size() || finished.games != s.games()) throw new IllegalArgumentException("the finished games are of another batch's shape");
        Work work = new Work(variants.size(), s.games(), finished, c);
        (c.players != null ? c.players : threads()).play(Prepared.of(kernel, variants, s), work);
        return finished.wholeSeeds();
    }

    /** Plays on as many threads of this process as the settings say, each with its own rules contexts. */
    public static Players threads() {
        return (batch, work) -> {
            List<Thread> workers = new ArrayList<>();
            List<Throwable> crashed = new java.util.concurrent.CopyOnWriteArrayList<>();
            for (int w = 0; w < Math.max(1, batch.settings().threads()); w++) {
                Thread t = Thread.ofPlatform().name("batch-" + w).unstarted(() -> {
                    try (Worker player = batch.worker()) {
                        for (int place; (place = work.next()) >= 0; ) work.done(player.play(place), place);
                    } catch (Throwable x) {
                        crashed.add(x);
                    }
                });
                workers.add(t);
                t.start();
            }
            hexlab.kernel.util.Threads.joinAll(workers);
            if (!crashed.isEmpty()) throw new IllegalStateException("a batch worker failed: " + crashed.getFirst(), crashed.getFirst());
        };
    }

    /**
     * A running batch's places, handed out seed by seed (every variant's game g, then g + 1) to
     * whoever plays them, and its games as they come back. A place handed out may be handed out
     * again (its player was lost); a game that comes back for a place already finished is the
     * same game (seeded) and counts once.
     */
    public static final class Work {
        private final int kinds, games, total;
        private final Finished finished;
        private final Control c;
        private final java.util.ArrayDeque<Integer> again = new java.util.ArrayDeque<>();
        private final AtomicInteger done;
        private int next;       // in seed order: variant = next % kinds, game = next / kinds

        Work(int kinds, int games, Finished finished, Control c) {
            this.kinds = kinds;
            this.games = games;
            this.total = kinds * games;
            this.finished = finished;
            this.c = c;
            this.done = new AtomicInteger(finished.count());
        }

        /** The next place to play, or -1: stopped, the answer in, or every place handed out (one may come back to play again). */
        public synchronized int next() {
            if (c.stop.getAsBoolean()) return -1;
            while (!again.isEmpty()) {
                int place = again.poll();
                if (!finished.has(place) && place % games < finished.limit()) return place;
            }
            while (next < total) {
                int v = next % kinds, g = next / kinds;
                if (g >= finished.limit()) return -1;      // the answer came in before this seed
                next++;
                int place = v * games + g;
                if (!finished.has(place)) return place;    // else an earlier run played it
            }
            return -1;
        }

        /** A place handed out whose game will not come back (its player left): it is handed out again before the next new one. */
        public synchronized void again(int place) { again.add(place); }

        /** A game has ended; false if its place had already finished (played twice: kept once). */
        public boolean done(GameRecord r, int place) {
            if (!finished.add(r, place)) return false;
            if (c.each != null) c.each.accept(r, place);
            if (c.progress != null) c.progress.accept(done.incrementAndGet());
            return true;
        }

        /** Whether the game at this place is still worth playing: not stopped, not finished, not past the answer. */
        public synchronized boolean wanted(int place) { return !c.stop.getAsBoolean() && !finished.has(place) && place % games < finished.limit(); }

        /** Places in the batch: variants x games, variant-major. */
        public int places() { return total; }

        /** Whether no place is left to play: every one finished, or none worth starting past the answer. */
        public boolean over() {
            for (int g = 0; g < Math.min(games, finished.limit()); g++) for (int v = 0; v < kinds; v++) if (!finished.has(v * games + g)) return false;
            return true;
        }
    }

    /** Plays games of one batch on one thread, keeping a rules context per variant, and the opening each variant shares. */
    public static final class Worker implements AutoCloseable {
        private final Prepared batch;
        private final Map<String, RulesContext> contexts = new HashMap<>();
        private final Map<String, Opening> openings = new HashMap<>();     // by variant, for the context beside it

        private Worker(Prepared batch) { this.batch = batch; }

        /** The game at {@code place} (variant * games + game), from its seed. */
        public GameRecord play(int place) {
            Settings s = batch.settings();
            Entry e = batch.variants().get(place / s.games());
            int g = place % s.games();
            Scenario sc = batch.scenarios().get(e.name());
            RulesContext rc = contexts.get(e.name());
            if (rc == null || rc.isDead()) {
                rc = batch.kernel().context(e.variant(), sc);
                contexts.put(e.name(), rc);
                openings.remove(e.name());
            }
            return game(rc, e, sc, g, Dice.derive(s.seed(), g), s, openings);
        }

        @Override
        public void close() { contexts.values().forEach(RulesContext::close); }
    }

    /**
     * The games of a batch by place as they end, and at any moment its answer so far: the seeds
     * every variant has finished. With a {@link Sequential.Decision} it feeds the decision seed by
     * seed, in seed order, and once the answer is in, the batch is the seeds up to that one: games
     * of later seeds (started before it came in) are left out, so the same games give the same
     * batch however many threads or machines played them, and in what order they ended.
     */
    public static final class Finished {
        private final GameRecord[] byPlace;
        private final int kinds, games;
        private final Sequential.Decision decision;
        private int count, whole;       // games held; seeds every variant finished, counted from seed 0

        public Finished(int variants, int games) { this(variants, games, null); }

        /** @param decision fed each seed as every variant finishes it, in seed order (null: play every seed) */
        public Finished(int variants, int games, Sequential.Decision decision) {
            this.byPlace = new GameRecord[variants * games];
            this.kinds = variants;
            this.games = games;
            this.decision = decision;
        }

        /** Keeps the game at its place; false (and the first kept) if that place had already finished. */
        public synchronized boolean add(GameRecord r, int place) {
            if (byPlace[place] != null) return false;
            count++;
            byPlace[place] = r;
            while (whole < limit() && seedDone(whole)) {
                if (decision != null) {
                    List<GameRecord> seed = new ArrayList<>(kinds);
                    for (int v = 0; v < kinds; v++) seed.add(byPlace[v * games + whole]);
                    decision.addSeed(seed);
                }
                whole++;
            }
            return true;
        }

        private boolean seedDone(int g) {
            for (int v = 0; v < kinds; v++) if (byPlace[v * games + g] == null) return false;
            return true;
        }

        /** Whether the game at this place has ended. */
        public synchronized boolean has(int place) { return byPlace[place] != null; }

        /** Games held, whole seeds or not. */
        public synchronized int count() { return count; }

        /** The seeds worth playing: all of them, or as many as the decision took once it is in. */
        public synchronized int limit() { return decision != null && decision.decided() ? decision.decidedAt() : games; }

        /** The seeds every variant has finished so far (up to the decision), in (variant, game) order. */
        public synchronized List<GameRecord> wholeSeeds() {
            List<GameRecord> played = new ArrayList<>(kinds * whole);
            for (int v = 0; v < kinds; v++) for (int g = 0; g < whole; g++) played.add(byPlace[v * games + g]);
            return played;
        }

        /** The decision this batch feeds, or null. */
        public Sequential.Decision decision() { return decision; }
    }

    /** A stop for {@link #run}: true once {@code seconds} have passed from now (never for 0 or less). */
    public static BooleanSupplier timeLimit(int seconds) {
        if (seconds <= 0) return () -> false;
        long t0 = System.nanoTime(), budget = seconds * 1_000_000_000L;
        return () -> System.nanoTime() - t0 >= budget;
    }

    private static GameRecord game(RulesContext rc, Entry e, Scenario sc, int index, long seed, Settings s, Map<String, Opening> openings) {
        Game g = null;
        Opening op = null;
        try {
            Map<String, Bot> bots = Bots.forSides(e.variant().system(), s.bots(), seed);
            boolean shared = bots.values().stream().allMatch(Bot::choosesFromPositionAlone);
            op = shared ? openings.get(e.name()) : null;
            rc.call("resetUsage");
            if (op == null) g = Game.start(rc, sc, seed, false);
            else {
                g = Game.resume(rc, sc, seed, false, op.position());
                rc.call("setUsage", op.usage());
            }
            Match.play(g, bots, false, null);
            JsonNode r = g.result();
            String winner = r.hasNonNull("winner") ? r.get("winner").asText() : "draw";
            String level = r.hasNonNull("level") ? r.get("level").asText() : null;
            GameRecord record = new GameRecord(e.name(), index, seed, winner, level, g.turn(), g.actionCount(), g.stateHash(), numbers(g.metrics()), usage(g.usage()), null, null,
                    Opening.taken(op));
            if (shared && op == null) {
                Opening made = opening(rc, sc, seed, g);     // after the record: it plays in the same rules context
                if (made != null) openings.put(e.name(), made);
            }
            return record;
        } catch (EngineError | RuleError x) {
            String what = x instanceof EngineError ee ? "engine error: " + ee.describe() : "rule error: " + ((RuleError) x).describe();
            String save = null;
            if (g != null && s.failures() != null && (x instanceof RuleError || !rc.isDead())) {
                try {
                    Files.createDirectories(s.failures());
                    Path f = s.failures().resolve(e.name() + "-game" + index + "-seed" + seed + ".json");
                    (x instanceof RuleError re ? SaveFile.failure(g, List.of(), re) : SaveFile.of(g, List.of())).write(f);
                    save = f.toString();
                } catch (java.io.IOException | RuntimeException ignored) {
                    // the record still names the variant and seed, which reproduce the game
                }
            }
            return new GameRecord(e.name(), index, seed, "error", null, g == null ? 0 : g.turn(), g == null ? 0 : g.actionCount(), hashOf(g),
                    Map.of(), Map.of(), what, save, Opening.taken(op));
        }
    }

    /**
     * The opening of {@code played}: its actions before the first die, taken again in a game on the
     * same seed, and the position and usage counts there. Null when there is nothing to share (a die
     * rolled while setting up) or the opening does not play again as it was played: the later games
     * then play it themselves.
     */
    private static Opening opening(RulesContext rc, Scenario sc, long seed, Game played) {
        int n = played.openingLength();
        if (n < 0 || rc.isDead()) return null;
        try {
            rc.call("resetUsage");
            Game g = Game.start(rc, sc, seed, false);
            for (JsonNode a : played.actions().subList(0, n)) if (!g.apply(a).accepted()) return null;
            return g.dice().rolls() == 0 ? new Opening(g.snapshot(), g.usage().toString()) : null;
        } catch (EngineError | RuleError x) {
            return null;
        }
    }

    private static String hashOf(Game g) {
        if (g == null) return "";
        try {
            return g.stateHash();
        } catch (RuntimeException e) {
            return "";   // a state the scripts broke may not serialise
        }
    }

    private static Map<String, Double> numbers(JsonNode j) {
        Map<String, Double> out = new TreeMap<>();
        j.fields().forEachRemaining(f -> { if (f.getValue().isNumber()) out.put(f.getKey(), f.getValue().asDouble()); });
        return out;
    }

    private static Map<String, Integer> usage(JsonNode j) {
        Map<String, Integer> out = new TreeMap<>();
        j.fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().asInt()));
        return out;
    }
}
