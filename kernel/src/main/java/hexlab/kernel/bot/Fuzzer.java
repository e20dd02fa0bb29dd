package hexlab.kernel.bot;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Plays seeded games with random bots (or the bots named) and checks, after every action, the
 * invariants the system declares and, in a system that declares secrets, information leaks
 * ({@link LeakCheck}: in every position and every action's log); then writes each game's save,
 * reads it back and replays it through every checkpoint hash. Finds dead ends, broken invariants,
 * leaks, rule errors and hidden state in scripts.
 */
public final class Fuzzer {
    private Fuzzer() {}

    public record Failure(String scenario, long seed, int action, String what) {
        public String describe() { return scenario + " seed " + seed + (action >= 0 ? " action " + action : "") + ": " + what; }
    }

    /**
     * The counts are of games: a game counts once for each kind of failure it had; {@code leakChecked}
     * counts the positions the leak check worked out (all of them, or one in {@code --leak-every}).
     */
    public record Report(int games, long actions, int deadEnds, int invariantFailures, int replayMismatches,
                         int ruleErrors, int leaks, long leakChecked, List<Failure> failures) {
        public boolean clean() { return failures.isEmpty(); }
    }

    public static Report run(Kernel kernel, Variant variant, List<String> scenarioIds, int games, long masterSeed, IntConsumer progress) {
        return run(kernel, variant, scenarioIds, games, masterSeed, 1, progress);
    }

    public static Report run(Kernel kernel, Variant variant, List<String> scenarioIds, int games, long masterSeed, int threads,
                             IntConsumer progress) {
        return run(kernel, variant, scenarioIds, 0, games, masterSeed, threads, progress, null);
    }

    /** One finished game, as it finishes (games end out of order on several threads): for a running log. */
    public record GameLine(int index, String scenario, long seed, long actions, List<Failure> failures) {
        public String describe() {
            return "game " + index + " " + scenario + " seed " + seed + ": " + actions + " actions, "
                    + (failures.isEmpty() ? "clean" : failures.size() + " failure(s): " + failures.get(0).describe());
        }
    }

    /** What one game found: its actions and the failures, by kind; the positions checked for leaks. */
    private record Played(String scenario, long actions, int dead, int inv, int mismatch, int rule, int leak, long checked, List<Failure> failures) {}

    /**
     * Plays games {@code first} to {@code games - 1} of the batch on {@code threads} worker threads,
     * each with its own rules contexts; game i always has the same seed and scenario, so a long
     * batch may be played in parts. The report lists the games in order, whatever the threads;
     * {@code each}, if given, hears of every game as it finishes.
     */
    public static Report run(Kernel kernel, Variant variant, List<String> scenarioIds, int first, int games, long masterSeed, int threads,
                             IntConsumer progress, java.util.function.Consumer<GameLine> each) {
        return run(kernel, variant, scenarioIds, first, games, masterSeed, threads, "random", progress, each);
    }

    /**
     * As above, with {@code bots} playing ("random", a bot of the system, or one per side in the
     * system's side order: "random,aggressive"); each side's bot is seeded from the game's seed.
     */
    public static Report run(Kernel kernel, Variant variant, List<String> scenarioIds, int first, int games, long masterSeed, int threads,
                             String bots, IntConsumer progress, java.util.function.Consumer<GameLine> each) {
        return run(kernel, variant, scenarioIds, first, games, masterSeed, threads, bots, 1, progress, each);
    }

    /**
     * As above, the leak check working out one position in {@code leakEvery} (1: every position), drawn
     * from the game's seed ({@link #leakChecked}), so a run repeats; every action's log is still checked.
     */
    public static Report run(Kernel kernel, Variant variant, List<String> scenarioIds, int first, int games, long masterSeed, int threads,
                             String bots, int leakEvery, IntConsumer progress, java.util.function.Consumer<GameLine> each) {
        if (leakEvery < 1) throw new IllegalArgumentException("the leak check's one position in N needs N of 1 or more, found " + leakEvery);
        Bots.forSides(variant.system(), bots, 0);            // a misspelt bot is an error before any game
        if (first < 0 || first > games) throw new IllegalArgumentException("the first game, " + first + ", must lie between 0 and the number of games, " + games);
        Map<String, Scenario> scenarios = new LinkedHashMap<>();
        for (String id : scenarioIds) scenarios.put(id, kernel.scenario(variant, id));
        Played[] out = new Played[games - first];
        AtomicInteger next = new AtomicInteger(first), done = new AtomicInteger();
        List<Throwable> crashed = new CopyOnWriteArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < Math.max(1, Math.min(threads, games - first)); w++) {
            Thread t = Thread.ofPlatform().name("fuzz-" + w).unstarted(() -> {
                Map<String, RulesContext[]> contexts = new LinkedHashMap<>();
                try {
                    for (int i; (i = next.getAndIncrement()) < games; ) {
                        String id = scenarioIds.get(i % scenarioIds.size());
                        RulesContext[] rc = contexts.get(id);
                        if (rc == null) {
                            Scenario sc = scenarios.get(id);
                            rc = new RulesContext[] {kernel.context(variant, sc), kernel.context(variant, sc)};
                            contexts.put(id, rc);
                        }
                        long seed = Dice.derive(masterSeed, i);
                        Played p = out[i - first] = playOne(kernel, variant, scenarios.get(id), id, rc, seed, i % 2 == 0, bots, leakEvery);
                        if (each != null) each.accept(new GameLine(i, id, seed, p.actions(), p.failures()));
                        if (progress != null) progress.accept(done.incrementAndGet());
                    }
                } catch (Throwable x) {
                    crashed.add(x);
                } finally {
                    for (RulesContext[] rc : contexts.values()) for (RulesContext c : rc) c.close();
                }
            });
            workers.add(t);
            t.start();
        }
        hexlab.kernel.util.Threads.joinAll(workers);
        if (!crashed.isEmpty()) {
            if (crashed.get(0) instanceof RuntimeException r) throw r;
            throw new IllegalStateException(crashed.get(0));
        }
        List<Failure> failures = new ArrayList<>();
        long actions = 0;
        int dead = 0, inv = 0, mismatch = 0, rule = 0, leak = 0;
        long checked = 0;
        for (Played p : out) {
            checked += p.checked();
            actions += p.actions();
            dead += p.dead();
            inv += p.inv();
            mismatch += p.mismatch();
            rule += p.rule();
            leak += p.leak();
            failures.addAll(p.failures());
        }
        return new Report(games - first, actions, dead, inv, mismatch, rule, leak, checked, failures);
    }

    private static Played playOne(Kernel kernel, Variant variant, Scenario sc, String id, RulesContext[] rc, long seed, boolean replayElsewhere,
                                  String botSpec, int leakEvery) {
        List<Failure> failures = new ArrayList<>();
        long actions = 0;
        int dead = 0, inv = 0, mismatch = 0, rule = 0;
        // leaks are looked for where the system says what each side may not know, in the log too
        boolean leaks = variant.system().secrets() != null;
        final int[] leaked = {0};
        final long[] checked = {0};
        try {
            Game g = Game.start(rc[0], sc, seed, leaks);
            Map<String, Bot> bots = new LinkedHashMap<>();
            String[] names = botSpec.split(",");
            for (int i = 0; i < variant.system().sides().size(); i++) {
                String side = variant.system().sides().get(i), name = names[names.length == 1 ? 0 : i].trim();
                bots.put(side, Bots.named(variant.system(), name, Dice.derive(seed, side.hashCode())));
            }
            Map<String, JsonNode> start = leaks ? LeakCheck.secrets(g) : null;
            if (leaks) leaked(failures, id, seed, 0, LeakCheck.events(g.startEvents(), start, start), leaked);
            final int[] broken = {0};
            Match.Played played = Match.playWatching(g, bots, true, new Match.Watch() {
                Map<String, JsonNode> secrets = start;          // what each side may not know in the position in front

                @Override
                public void before(Game game) {
                    if (leaks && leaked[0] == 0 && leakChecked(seed, game.actionCount(), leakEvery)) {
                        checked[0]++;
                        leaked(failures, id, seed, game.actionCount(), LeakCheck.position(game, secrets), leaked);
                    }
                }

                @Override
                public void after(Game game, Outcome o) {
                    if (leaks && leaked[0] == 0) {
                        Map<String, JsonNode> now = LeakCheck.secrets(game);
                        leaked(failures, id, seed, game.actionCount() - 1, LeakCheck.events(o.events(), secrets, now), leaked);
                        secrets = now;
                    }
                    if (broken[0] > 0) return;
                    List<String> v = game.invariantViolations();
                    if (!v.isEmpty()) {
                        broken[0]++;
                        failures.add(new Failure(id, seed, game.actionCount(), "invariant broken: " + String.join("; ", v) + " at " + game.position()));
                    }
                }
            });
            if (broken[0] > 0) inv++;
            actions += g.actionCount();
            // the save, written and read back as text, must replay through every checkpoint: in the other
            // context for even games, in the one that just played it for odd games, so that state a script
            // carries from game to game shows (the two contexts' histories then differ)
            SaveFile save = SaveFile.parse("save of fuzz game " + id, Json.pretty(played.save().toJson()));
            Replay.Report again = Replay.verify(rc[replayElsewhere ? 1 : 0], sc, save, List.of());
            if (!again.identical()) {
                mismatch++;
                failures.add(new Failure(id, seed, again.divergedAt(), "its save does not replay: " + again.reason()
                        + " (a script keeps state outside ctx.state, or reads unordered data)"));
            }
        } catch (EngineError e) {
            dead++;
            failures.add(new Failure(id, seed, -1, e.describe()));
        } catch (RuleError e) {
            rule++;
            failures.add(new Failure(id, seed, -1, e.describe()));
            if (rc[0].isDead() || rc[1].isDead()) {
                rc[0].close();
                rc[1].close();
                rc[0] = kernel.context(variant, sc);
                rc[1] = kernel.context(variant, sc);
            }
        }
        return new Played(id, actions, dead, inv, mismatch, rule, leaked[0] > 0 ? 1 : 0, checked[0], failures);
    }

    /**
     * Whether the leak check works out the position after {@code actions} actions of the game of
     * {@code seed}, when it looks at one position in {@code every}: drawn from the seed and the
     * position's number (not every N-th, which could fall in step with a game's cycle of phases).
     */
    public static boolean leakChecked(long seed, int actions, int every) {
        return every <= 1 || Math.floorMod(Dice.derive(seed ^ LEAK_SAMPLE, actions), every) == 0;
    }

    /** Keeps the leak check's draw apart from the dice and bots, which derive their seeds from the same game seed. */
    private static final long LEAK_SAMPLE = 0x6C65616B5F636B4CL;

    /** The first leaks of a game (it is not looked at for more after them: one leak tends to repeat at every action). */
    private static void leaked(List<Failure> failures, String id, long seed, int action, List<LeakCheck.Leak> found, int[] leaked) {
        if (found.isEmpty()) return;
        leaked[0]++;
        for (LeakCheck.Leak l : found.subList(0, Math.min(3, found.size()))) failures.add(new Failure(id, seed, action, "leak " + l.describe()));
    }
}
