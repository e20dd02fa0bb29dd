package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
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

/**
 * Plays N games per variant with bots, in parallel. Game i of every variant uses the same seed
 * (derived from the master seed), so the variants differ by their rules, not by their dice.
 * Each worker thread keeps one rules context per variant; results come back in (variant, game)
 * order whatever the thread count, so the output is the same byte for byte.
 */
public final class Batch {
    /** A named variant of the comparison. */
    public record Entry(String name, Variant variant) {}

    /**
     * @param failures where saves of broken games are written (null: not written)
     */
    public record Settings(String scenario, int games, long seed, String bots, int threads, Path failures) {}

    private Batch() {}

    public static List<GameRecord> run(Kernel kernel, List<Entry> variants, Settings s, IntConsumer progress) {
        return run(kernel, variants, s, progress, () -> false);
    }

    /**
     * As {@link #run(Kernel, List, Settings, IntConsumer)}, stopping before the next game once
     * {@code stop} says so; a stopped batch returns only the games it finished, in order.
     */
    public static List<GameRecord> run(Kernel kernel, List<Entry> variants, Settings s, IntConsumer progress, BooleanSupplier stop) {
        int total = variants.size() * s.games();
        GameRecord[] out = new GameRecord[total];
        Map<String, Scenario> scenarios = new HashMap<>();
        for (Entry e : variants) scenarios.put(e.name(), kernel.scenario(e.variant(), s.scenario()));
        AtomicInteger next = new AtomicInteger(), done = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        List<Throwable> crashed = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int w = 0; w < Math.max(1, s.threads()); w++) {
            Thread t = Thread.ofPlatform().name("batch-" + w).unstarted(() -> {
                Map<String, RulesContext> contexts = new HashMap<>();
                try {
                    for (int i; !stop.getAsBoolean() && (i = next.getAndIncrement()) < total; ) {
                        Entry e = variants.get(i / s.games());
                        int g = i % s.games();
                        RulesContext rc = contexts.get(e.name());
                        if (rc == null || rc.isDead()) {
                            rc = kernel.context(e.variant(), scenarios.get(e.name()));
                            contexts.put(e.name(), rc);
                        }
                        out[i] = play(rc, e, scenarios.get(e.name()), g, Dice.derive(s.seed(), g), s);
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
        List<GameRecord> played = new ArrayList<>(total);
        for (GameRecord r : out) if (r != null) played.add(r);
        return played;
    }

    private static GameRecord play(RulesContext rc, Entry e, Scenario sc, int index, long seed, Settings s) {
        Game g = null;
        try {
            rc.call("resetUsage");
            g = Game.start(rc, sc, seed, false);
            Match.play(g, Bots.forSides(e.variant().system(), s.bots(), seed), false, null);
            JsonNode r = g.result();
            String winner = r.hasNonNull("winner") ? r.get("winner").asText() : "draw";
            String level = r.hasNonNull("level") ? r.get("level").asText() : null;
            return new GameRecord(e.name(), index, seed, winner, level, g.turn(), g.actionCount(), g.stateHash(), numbers(g.metrics()), usage(g.usage()), null, null);
        } catch (EngineError | RuleError x) {
            String what = x instanceof EngineError ee ? "engine error: " + ee.describe() : "rule error: " + ((RuleError) x).describe();
            String save = null;
            if (g != null && s.failures() != null && !rc.isDead()) {
                try {
                    Files.createDirectories(s.failures());
                    Path f = s.failures().resolve(e.name() + "-game" + index + "-seed" + seed + ".json");
                    hexlab.kernel.persist.SaveFile.of(g, List.of()).write(f);
                    save = f.toString();
                } catch (java.io.IOException | RuntimeException ignored) {
                    // the record still names the variant and seed, which reproduce the game
                }
            }
            return new GameRecord(e.name(), index, seed, "error", null, g == null ? 0 : g.turn(), g == null ? 0 : g.actionCount(), hashOf(g),
                    Map.of(), Map.of(), what, save);
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
