package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One decision of a real game, asked again and again: the Crusader Campaign (seed 7, heuristic
 * players) is played to its Nth movement or attack decision and kept; each operation goes back to
 * that position, lists the legal actions and asks the heuristic player for its choice. Whole games
 * vary with the machine by more than an engine change of 5-10% moves them; one position does not
 * as much. Going back drops what the rules kept beside the state, so this is a decision that works
 * out its phase's reaches and scores afresh. The scripts compile slowly on 2 cores: two minutes of
 * warm-up. Run from the project root (bench/run DecisionBench).
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 60, time = 2)
@Measurement(iterations = 10, time = 2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class DecisionBench {
    /** Which decision: "movement:N" or "combat:N", the Nth such decision of the game. */
    @Param({"movement:120", "combat:150"})
    public String at;

    RulesContext rules;
    Game game;
    Game.Snapshot position;
    Map<String, Bot> bots;

    @Setup(Level.Trial)
    public void setup() {
        Path root = Path.of("").toAbsolutePath();
        if (!Files.isDirectory(root.resolve("tables/crusader"))) throw new IllegalStateException("run from the project root (no tables/crusader in " + root + ")");
        Kernel k = new Kernel(root);
        Variant v = k.variant("crusader", "");
        Scenario sc = k.scenario(v, "campaign");
        rules = k.context(v, sc);
        game = Game.start(rules, sc, 7, false);
        bots = Bots.forSides(v.system(), "heuristic,heuristic", 7);
        String kind = at.substring(0, at.indexOf(':'));
        int wanted = Integer.parseInt(at.substring(at.indexOf(':') + 1)), seen = 0;
        while (!game.over()) {
            String where = String.join(" > ", game.breadcrumb());
            if (where.contains(kind) && ++seen == wanted) break;
            String side = game.toAct();
            game.applyIndex(bots.get(side).choose(game, side));
        }
        if (game.over()) throw new IllegalStateException("the game ended before its " + at + " decision");
        position = game.snapshot();
        System.out.println("\nposition: " + game.position() + ", " + game.choiceCount() + " legal actions");
    }

    @TearDown(Level.Trial)
    public void close() { rules.close(); }

    /** The legal actions and the heuristic player's choice among them, from the kept position. */
    @Benchmark
    public int decide() {
        game.restore(position);
        String side = game.toAct();
        return bots.get(side).choose(game, side) * 100_000 + game.choiceCount();
    }
}
