package hexlab.rules;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.bot.Fuzzer;
import hexlab.kernel.bot.LeakCheck;
import hexlab.kernel.bot.RandomBot;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;
import static hexlab.rules.Positions.KERNEL;

/**
 * Every rule system that declares what each side may know (system.yaml view) is proven by the leak
 * check over positions of each of its scenarios, reached by random play on several seeds: what a
 * side is shown names no piece its secrets hide and does not depend on a secret value, and no log
 * entry a side may read names one. The log of every action is checked; of the positions, one in
 * {@link #EVERY}, drawn from the seed as {@code fuzz --leak-every} draws them (a position costs a
 * Fall of Tobruk game about two actions' worth of play). The full sweep, every position, on demand:
 * {@code -Dhexlab.leakEvery=1} (and {@code -Dhexlab.leakSeeds=N} for more games).
 */
// games of its own on the shared kernel, each in its own rules contexts: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
@org.junit.jupiter.api.parallel.ResourceLock("hexlab.audit.ledger")
class HiddenInformationLeakTest {
    static final int SEEDS = Integer.getInteger("hexlab.leakSeeds", 2), ACTIONS = 300, EVERY = Integer.getInteger("hexlab.leakEvery", 30);

    @TestFactory
    Stream<DynamicTest> everySystemWithAViewKeepsItsSecretsInEveryPositionItReaches() {
        List<RuleSystem> withView = new ArrayList<>();
        for (String id : KERNEL.catalog().systemIds()) {
            try {
                RuleSystem s = KERNEL.system(id);
                if (s.hasView()) withView.add(s);
            } catch (InputException e) {
                // a system that does not load fails its own tests; it has no view to prove here
            }
        }
        if (withView.isEmpty()) return Stream.of(dynamicTest("no system declares a view", () -> Assumptions.abort("no system under tables/ declares a view yet")));
        return withView.stream().flatMap(s -> s.scenarios().stream().map(sc -> dynamicTest(s.id() + " " + sc.id(), () -> check(s, sc))));
    }

    static void check(RuleSystem s, ScenarioDef sc) {
        assertNotNull(s.secrets(), s.id() + " declares a view but no secrets: the leak check cannot tell what its view must hide");
        Variant v = Variant.base(s);
        List<String> leaks = new ArrayList<>();
        for (long seed = 1; seed <= SEEDS && leaks.isEmpty(); seed++) {
            Game g = KERNEL.start(v, sc.id(), seed);
            RandomBot bot = new RandomBot(Dice.derive(seed, 7));
            Map<String, JsonNode> secrets = LeakCheck.secrets(g);
            for (LeakCheck.Leak l : LeakCheck.events(g.startEvents(), secrets, secrets)) leaks.add("seed " + seed + " setup: " + l.describe());
            for (int i = 0; i < ACTIONS && !g.over() && leaks.isEmpty(); i++) {
                if (Fuzzer.leakChecked(seed, i, EVERY)) for (LeakCheck.Leak l : LeakCheck.position(g, secrets)) leaks.add("seed " + seed + " action " + i + ": " + l.describe());
                Outcome o = g.applyIndex(bot.choose(g, g.toAct()));
                Map<String, JsonNode> now = LeakCheck.secrets(g);
                for (LeakCheck.Leak l : LeakCheck.events(o.events(), secrets, now)) leaks.add("seed " + seed + " action " + i + ": " + l.describe());
                secrets = now;
            }
        }
        assertEquals(List.of(), leaks, s.id() + " " + sc.id());
    }
}
