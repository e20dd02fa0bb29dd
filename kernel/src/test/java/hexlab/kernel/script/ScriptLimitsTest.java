package hexlab.kernel.script;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.check.Validator;
import hexlab.kernel.error.LoadError;
import hexlab.kernel.play.Console;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runaway rule code is stopped wherever it runs, loading included: by the time limit (processor
 * time, -Dhexlab.timeLimitSeconds, 3 s in the tests) and by the memory limit per call
 * (-Dhexlab.memoryLimitMB, 512 MB in the tests), each with its own message and the script's line.
 */
class ScriptLimitsTest {
    @TempDir Path dir;

    Kernel broken(String file, String from, String to) { return Fixtures.edited(dir, file, from, to); }

    static final String LOOP_AT_LOAD = "// Toy rule 2: each turn both sides' chits go into a cup; each chit drawn activates its side.\n";

    @Test
    void aScriptThatLoopsWhileLoadingIsStoppedWithItsFileAndLine() {
        Kernel k = broken("rules-scripts/toy/chits.js", LOOP_AT_LOAD, LOOP_AT_LOAD + "let spin = 0;\nwhile (true) { spin++; }\n");
        long t0 = System.nanoTime();
        LoadError e = assertThrows(LoadError.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertEquals("rules-scripts/toy/chits.js", e.file(), e.describe());
        assertEquals(3, e.line(), e.describe());
        assertTrue(e.getMessage().startsWith("runaway script stopped while loading"), e.describe());
        // the failure is kept until the files are read again: the next game fails at once
        long t1 = System.nanoTime();
        LoadError again = assertThrows(LoadError.class, () -> k.start(k.variant("toy", ""), "meeting", 2));
        assertEquals(e.describe(), again.describe());
        assertTrue((System.nanoTime() - t1) / 1e9 < 1, "a known load failure costs no second time limit");
        assertTrue((t1 - t0) / 1e9 < 60, "stopped by the limit, not left to hang");
    }

    @Test
    void validateReportsALoadTimeLoopAsAProblemAtItsLine() {
        Kernel k = broken("rules-scripts/toy/chits.js", LOOP_AT_LOAD, LOOP_AT_LOAD + "let n = 0;\nfor (;;) {}\n");
        List<Validator.Problem> p = new Validator(k.catalog()).validate("toy");
        assertFalse(p.isEmpty());
        assertTrue(p.getFirst().where().startsWith("rules-scripts/toy/chits.js:3:"), p.toString());
        assertTrue(p.getFirst().message().contains("runaway script stopped while loading"), p.toString());
    }

    @Test
    void aScriptThatThrowsWhileLoadingIsALoadErrorAtItsLine() {
        Kernel k = broken("rules-scripts/toy/chits.js", LOOP_AT_LOAD, LOOP_AT_LOAD + "throw new Error('not ready');\n");
        LoadError e = assertThrows(LoadError.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertEquals("rules-scripts/toy/chits.js", e.file(), e.describe());
        assertEquals(2, e.line(), e.describe());
        assertTrue(e.getMessage().contains("not ready"), e.describe());
    }

    @Test
    void aMemoryBombWhileLoadingIsStoppedAsOutOfMemory() {
        Kernel k = broken("rules-scripts/toy/chits.js", LOOP_AT_LOAD, LOOP_AT_LOAD + "const hoard = [];\nfor (;;) hoard.push(new Array(100000).fill(7));\n");
        LoadError e = assertThrows(LoadError.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertEquals("rules-scripts/toy/chits.js", e.file(), e.describe());
        assertTrue(e.getMessage().startsWith("out of memory in rule code"), e.describe());
    }

    @Test
    void aMemoryBombInARuleCallIsStoppedAsOutOfMemoryWithItsLineAndTheGameGoesOn() {
        Kernel k = broken("rules-scripts/toy/chits.js", "export function draw(ctx) {",
                "export function draw(ctx) {\n  if (ctx.state.turn === 1 && ctx.state.cup.length === 3) { const hoard = []; for (;;) hoard.push(new Array(100000).fill(hoard.length)); }");
        RuleError e = assertThrows(RuleError.class, () -> playToEnd(k, 1));
        assertTrue(e.getMessage().startsWith("out of memory in rule code: it allocated more than 512 MB in one call and kept much of it"), e.describe());
        assertTrue(e.location().startsWith("rules-scripts/toy/chits.js:14:"), e.describe());
        assertTrue(e.game() != null && e.game().matches("turn 1, action \\d+, seed 1"), e.describe());
    }

    @Test
    void aRuntimeRuleErrorNamesTheTurnTheActionAndTheSeed() {
        Kernel k = broken("rules-scripts/toy/chits.js", "export function draw(ctx) {",
                "export function draw(ctx) {\n  if (ctx.state.cup.length === 3) throw new Error('three chits left');");
        RuleError e = assertThrows(RuleError.class, () -> playToEnd(k, 5));
        assertTrue(e.game().matches("turn 1, action \\d+, seed 5"), e.describe());
        assertTrue(e.describe().startsWith("rules-scripts/toy/chits.js:14:"), e.describe());
    }

    static void playToEnd(Kernel k, long seed) {
        Game g = k.start(k.variant("toy", ""), "meeting", seed);
        hexlab.kernel.play.Match.play(g, hexlab.kernel.bot.Bots.forSides(g.rules().variant().system(), "aggressive", seed), false, null);
        throw new AssertionError("the game ended without the error: " + g.result() + " after " + g.actionCount() + " actions");
    }

    @Test
    void theConsoleNamesTheLineOfItsOwnExpressionNotTheKernels() {
        Kernel k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "meeting", 1);
        RuleError e = assertThrows(RuleError.class, () -> Console.eval(g, "1 +\n  state.nope.y"));
        assertEquals("console:2:3", e.location(), e.describe());
        e = assertThrows(RuleError.class, () -> Console.eval(g, "(() => { throw new Error('mine'); })()"));
        assertEquals("console:1:16", e.location(), e.describe());
        // an error inside a rule the expression calls is that rule's
        e = assertThrows(RuleError.class, () -> Console.eval(g, "rules.combat.resolve(null, null)"));
        assertTrue(e.location().startsWith("rules-scripts/toy/combat.js:"), e.describe());
        // the watchdog's stop surfaces in the prelude's clean-up, not in the loop: the expression is named, not a kernel line
        e = assertThrows(RuleError.class, () -> Console.eval(g, "(() => { for (;;) {} })()"));
        assertEquals("console", e.location(), e.describe());
        assertTrue(e.getMessage().startsWith("runaway script stopped"), e.describe());
    }

    @Test
    void aRuleCallThatLoopsIsStoppedAsARunawayNamingItsScriptAndFunction() {
        Kernel k = broken("rules-scripts/toy/chits.js", "export function draw(ctx) {",
                "export function draw(ctx) {\n  if (ctx.state.cup.length === 3) for (;;) {}");
        RuleError e = assertThrows(RuleError.class, () -> playToEnd(k, 5));
        assertTrue(e.getMessage().startsWith("runaway script stopped") && e.getMessage().contains("running a step of the sequence of play"), e.describe());
        // not the kernel line where the stop surfaced: the script and function that looped
        assertEquals("rules-scripts/toy/chits.js", e.location(), e.describe());
        assertTrue(e.getMessage().endsWith("(in chits.draw)"), e.describe());
        assertTrue(e.game().matches("turn 1, action \\d+, seed 5"), e.describe());
    }

    @Test
    void theConsoleCutsALongAnswerAndSaysSo() {
        Kernel k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "meeting", 1);
        Console.Answer a = Console.eval(g, "'x'.repeat(" + (Console.MAX_CHARS * 3) + ")");
        assertEquals(Console.MAX_CHARS, a.result().length());
        assertTrue(a.note().startsWith("the answer is 300,002 characters long; the first 100,000 are shown"), a.note());
    }
}
