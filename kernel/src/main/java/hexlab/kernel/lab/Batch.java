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
import java.util.concurrent.atomic.AtomicReferenceArray;
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
        int total = variants.size() * s.games(), kinds = variants.size();
        GameRecord[] out = new GameRecord[total];
        Map<String, Scenario> scenarios = new HashMap<>();
        for (Entry e : variants) scenarios.put(e.name(), kernel.scenario(e.variant(), s.scenario()));
        AtomicInteger next = new AtomicInteger(), done = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        List<Throwable> crashed = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int w = 0; w < Math.max(1, s.threads()); w++) {
            Thread t = Thread.ofPlatform().name("batch-" + w).unstarted(() -> {
                Map<String, RulesContext> contexts = new HashMap<>();
                Map<String, Opening> openings = new HashMap<>();     // by variant, for the context beside it
                try {
                    for (int i; !stop.getAsBoolean() && (i = next.getAndIncrement()) < total; ) {
                        int v = i % kinds, g = i / kinds;        // seed by seed: every variant's game g, then g + 1
                        Entry e = variants.get(v);
                        RulesContext rc = contexts.get(e.name());
                        if (rc == null || rc.isDead()) {
                            rc = kernel.context(e.variant(), scenarios.get(e.name()));
                            contexts.put(e.name(), rc);
                            openings.remove(e.name());
                        }
                        int place = v * s.games() + g;
                        out[place] = play(rc, e, scenarios.get(e.name()), g, Dice.derive(s.seed(), g), s, openings);
                        if (each != null) each.accept(out[place], place);
                        if (progress != null) progress.accept(done.incrementAndGet());
                    }
                } catch (Throwable x) {
                    crashed.add(x);
                } finally {
                    contexts.values().forEach(RulesContext::close);
                }
            });
            workers.add(t);
            t.start();
        }
        for (Thread t : workers) {
            try {
                t.join();
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", x);
            }
        }
        if (!crashed.isEmpty()) throw new IllegalStateException("a batch worker failed: " + crashed.getFirst(), crashed.getFirst());
        return wholeSeeds(out, kinds, s.games());
    }

    /**
     * The games of a running batch as they end (give {@code add} to {@link #run} as its
     * {@code each}), and at any moment the whole seeds among them: a batch's answer so far.
     */
    public static final class Finished {
        private final AtomicReferenceArray<GameRecord> byPlace;
        private final int kinds, games;

        public Finished(int variants, int games) {
            this.byPlace = new AtomicReferenceArray<>(variants * games);
            this.kinds = variants;
            this.games = games;
        }

        public void add(GameRecord r, int place) { byPlace.set(place, r); }

        /** The seeds every variant has finished so far, in (variant, game) order. */
        public List<GameRecord> wholeSeeds() {
            GameRecord[] now = new GameRecord[byPlace.length()];
            for (int i = 0; i < now.length; i++) now[i] = byPlace.get(i);
            return Batch.wholeSeeds(now, kinds, games);
        }
    }

    /** A stop for {@link #run}: true once {@code seconds} have passed from now (never for 0 or less). */
    public static BooleanSupplier timeLimit(int seconds) {
        if (seconds <= 0) return () -> false;
        long t0 = System.nanoTime(), budget = seconds * 1_000_000_000L;
        return () -> System.nanoTime() - t0 >= budget;
    }

    // The games of the seeds every variant finished (all of them unless the batch stopped early), in
    // (variant, game) order, from the games by place (variant * games + game; null: not yet played).
    private static List<GameRecord> wholeSeeds(GameRecord[] out, int kinds, int games) {
        int whole = 0;
        while (whole < games && allPlayed(out, kinds, games, whole)) whole++;
        List<GameRecord> played = new ArrayList<>(kinds * whole);
        for (int v = 0; v < kinds; v++) for (int g = 0; g < whole; g++) played.add(out[v * games + g]);
        return played;
    }

    private static boolean allPlayed(GameRecord[] out, int kinds, int games, int g) {
        for (int v = 0; v < kinds; v++) if (out[v * games + g] == null) return false;
        return true;
    }

    private static GameRecord play(RulesContext rc, Entry e, Scenario sc, int index, long seed, Settings s, Map<String, Opening> openings) {
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
