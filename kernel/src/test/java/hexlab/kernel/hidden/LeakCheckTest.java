package hexlab.kernel.hidden;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Fuzzer;
import hexlab.kernel.bot.LeakCheck;
import hexlab.kernel.bot.RandomBot;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The information-leak check on the toy's hidden units (toy rule 6): clean on the toy as written,
 * and finding each kind of leak in a toy broken on purpose.
 */
class LeakCheckTest {
    static final Kernel TOY = Fixtures.toy();

    /** The toy's ambush after {@code steps} random actions on {@code seed} (or its end). */
    static Game position(Kernel k, long seed, int steps) {
        Variant v = k.variant("toy", "");
        Game g = k.start(v, "ambush", seed);
        RandomBot bot = new RandomBot(Dice.derive(seed, 99));
        for (int i = 0; i < steps && !g.over(); i++) g.applyIndex(bot.choose(g, g.toAct()));
        return g;
    }

    @Property(tries = 60)
    void toy6InAnyPositionWhatEachSideIsShownNamesNoFaceDownEnemyAndDoesNotDependOnOne(@ForAll @LongRange(min = 1, max = 1_000_000) long seed,
                                                                                         @ForAll @IntRange(min = 0, max = 150) int steps) {
        Game g = position(TOY, seed, steps);
        String hash = g.stateHash();
        List<LeakCheck.Leak> leaks = LeakCheck.position(g);
        assertEquals(List.of(), leaks.stream().map(LeakCheck.Leak::describe).toList());
        assertEquals(hash, g.stateHash(), "the check leaves the game as it found it");
    }

    @Test
    void toy6TwoHundredAmbushGamesWithBotsOnViewsHaveNoLeakAndReplayExactly() {
        Fuzzer.Report r = Fuzzer.run(TOY, TOY.variant("toy", ""), List.of("ambush"), 0, 200, 31, 2, "random,aggressive", null, null);
        assertEquals(List.of(), r.failures().stream().map(Fuzzer.Failure::describe).toList());
        assertEquals(0, r.leaks());
        assertEquals(0, r.replayMismatches());
        assertTrue(r.actions() > 200 * 10, "games are not trivially short: " + r.actions());
    }

    @Test
    void leakEveryNWorksOutAboutOnePositionInNDrawnFromTheSeedSoARunRepeats() {
        Variant v = TOY.variant("toy", "");
        Fuzzer.Report all = Fuzzer.run(TOY, v, List.of("ambush"), 0, 20, 7, 1, "random", 1, null, null);
        Fuzzer.Report some = Fuzzer.run(TOY, v, List.of("ambush"), 0, 20, 7, 2, "random", 4, null, null);
        Fuzzer.Report again = Fuzzer.run(TOY, v, List.of("ambush"), 0, 20, 7, 1, "random", 4, null, null);
        assertEquals(all.actions(), some.actions(), "the same games whatever is checked");
        assertTrue(all.leakChecked() >= all.actions(), "every position when N is 1: " + all.leakChecked() + " of " + all.actions());
        double share = (double) some.leakChecked() / all.leakChecked();
        assertTrue(share > 0.18 && share < 0.32, "about one position in 4: " + some.leakChecked() + " of " + all.leakChecked());
        assertEquals(some.leakChecked(), again.leakChecked(), "the positions drawn from the seeds, whatever the threads");
        assertEquals(List.of(), some.failures().stream().map(Fuzzer.Failure::describe).toList());
        for (int n = 0; n < 50; n++) assertTrue(Fuzzer.leakChecked(7, n, 1), "N = 1 checks every position");
    }

    @Test
    void aViewLeakIsStillCaughtWhenOnePositionInThreeIsChecked(@TempDir Path dir) {
        Path root = Fixtures.copyToy(dir);
        String fog = Fixtures.read(root, "rules-scripts/toy/fog.js");
        Fixtures.write(root, "rules-scripts/toy/fog.js", fog.replace("else if (p.hex) backs.push({ side: p.side, hex: p.hex });",
                "else if (p.hex) backs.push({ side: p.side, hex: p.hex, strength: p.strength });"));
        Kernel broken = new Kernel(root);
        Fuzzer.Report r = Fuzzer.run(broken, broken.variant("toy", ""), List.of("ambush"), 0, 3, 5, 1, "random", 3, null, null);
        assertTrue(r.leaks() > 0 && r.leakChecked() > 0, "expected leaks, got " + r.failures());
        found(r.failures().stream().map(Fuzzer.Failure::describe).toList(), "its view changes when b4.strength is");
    }

    /** The leaks the fuzzer finds in a toy whose {@code file} has {@code from} replaced by {@code to}. */
    static List<String> leaksWith(Path dir, String file, String from, String to) {
        Path root = Fixtures.copyToy(dir);
        String text = Fixtures.read(root, file);
        assertTrue(text.contains(from), "fixture text to break not found: " + from);
        Fixtures.write(root, file, text.replace(from, to));
        Kernel broken = new Kernel(root);
        Fuzzer.Report r = Fuzzer.run(broken, broken.variant("toy", ""), List.of("ambush"), 0, 3, 5, 1, "random", null, null);
        assertTrue(r.leaks() > 0, "expected leaks, got " + r.failures());
        return r.failures().stream().map(Fuzzer.Failure::describe).toList();
    }

    static void found(List<String> leaks, String... words) {
        assertTrue(leaks.stream().anyMatch(l -> java.util.Arrays.stream(words).allMatch(l::contains)), String.join("\n", leaks));
    }

    @Test
    void aViewThatShowsAFaceDownUnitsStrengthIsCaught(@TempDir Path dir) {
        found(leaksWith(dir, "rules-scripts/toy/fog.js", "else if (p.hex) backs.push({ side: p.side, hex: p.hex });",
                "else if (p.hex) backs.push({ side: p.side, hex: p.hex, strength: p.strength });"), "as red: its view changes when b4.strength is", "pieces/face-down blue 0503/strength:");
    }

    @Test
    void aViewThatNamesAFaceDownUnitIsCaught(@TempDir Path dir) {
        found(leaksWith(dir, "rules-scripts/toy/fog.js", "pieces[id] = Object.assign({ id }, b, { hidden: true });",
                "pieces[id] = Object.assign({ id }, b, { hidden: true, was: Object.keys(ctx.state.pieces).find((k) => ctx.state.pieces[k].hex === b.hex && ctx.state.pieces[k].faceDown) });"),
                "view/pieces/face-down", "names b");
    }

    @Test
    void aViewWhoseOrderFollowsTheUnitsIsCaught(@TempDir Path dir) {
        // the backs in the units' order: which back comes first tells which unit it is
        found(leaksWith(dir, "rules-scripts/toy/fog.js", "backs.sort(", "[].sort("), "its view changes when the pieces", "exchange their identities");
    }

    @Test
    void aCombatPreviewThatRemembersAFaceDownUnitsStrengthIsCaught(@TempDir Path dir) {
        // a preview runs on the side's view, but a script may keep what it saw of the whole state in a
        // module variable (here while listing attacks) and let the preview read it
        Path root = Fixtures.copyToy(dir);
        String combat = Fixtures.read(root, "rules-scripts/toy/combat.js");
        String from = "export function attacks(ctx, side) {\n  const out = [];", hidden = "out.hidden.push(\"the strength of the face-down unit in \" + a.hex + \" (6.1)\");";
        assertTrue(combat.contains(from) && combat.contains(hidden), "fixture text to break not found");
        Fixtures.write(root, "rules-scripts/toy/combat.js", combat
                .replace(from, "const peek = {};\nexport function attacks(ctx, side) {\n  for (const e of ctx.pieces((q) => q.hex)) peek[e.hex] = e.strength;\n  const out = [];")
                .replace(hidden, "out.hidden.push(\"the strength of the face-down unit in \" + a.hex + \" (6.1): \" + peek[a.hex]);"));
        Kernel broken = new Kernel(root);
        Fuzzer.Report r = Fuzzer.run(broken, broken.variant("toy", ""), List.of("ambush"), 0, 3, 5, 1, "random", null, null);
        found(r.failures().stream().map(Fuzzer.Failure::describe).toList(), "its previews changes when", ".strength");
    }

    @Test
    void aFaceDownUnitsMoveLoggedForAllIsCaught(@TempDir Path dir) {
        found(leaksWith(dir, "rules-scripts/toy/move.js", "p.faceDown ? { visibleTo: [p.side] } : {}", "{}"), "as red: its log reads", "moves", "a piece it may not identify");
    }

    @Test
    void aSecretRollLoggedForAllIsCaught(@TempDir Path dir) {
        found(leaksWith(dir, "rules-scripts/toy/fog.js", "null, { visibleTo: [p.side] });", "null);"), "its log reads", "dig in?");
    }

    @Test
    void aPromptThatTellsTheWaitingSideWhatIsAfootIsCaught(@TempDir Path dir) {
        found(leaksWith(dir, "rules-scripts/toy/move.js", "inactive: \"move\",",
                "inactive: (ctx) => \"move \" + ctx.pieces((p) => p.faceDown && p.side === ctx.active).map((p) => p.id + \" (\" + p.strength + \")\").join(\", \"),"),
                "prompt");
    }

    @Test
    void aRefusalThatTellsAFaceDownUnitFromNoUnitIsCaught(@TempDir Path dir) {
        found(leaksWith(dir, "rules-scripts/toy/move.js", "if (!p || p.side !== ctx.active) return { reason: \"no unit \" + a.unit + \" of \" + ctx.active + \" to move\", rule: \"3\" };",
                "if (!p) return { reason: \"no unit \" + a.unit, rule: \"3\" };\n    if (p.side !== ctx.active) return { reason: a.unit + \" is not yours\", rule: \"3\" };"),
                "tells b", "from a piece that does not exist");
    }

    @Test
    void aRefusalThatGivesTheHiddenReasonIsCaught(@TempDir Path dir) {
        // an attack on a face-down unit refused as "not next to", where one on no unit is "not allowed":
        // checked in the first position where an attack is offered while a face-down unit stands
        Path root = Fixtures.copyToy(dir);
        String combat = Fixtures.read(root, "rules-scripts/toy/combat.js");
        Fixtures.write(root, "rules-scripts/toy/combat.js", combat.replace("if (!def || def.side === ctx.active || !def.hex || def.faceDown)", "if (!def || def.side === ctx.active || !def.hex)"));
        Kernel broken = new Kernel(root);
        Game g = null;
        for (long seed = 1; seed <= 20 && (g == null || g.over()); seed++) {
            g = broken.start(broken.variant("toy", ""), "ambush", seed);
            RandomBot bot = new RandomBot(seed);
            while (!g.over() && !(g.legalActions().stream().anyMatch(a -> a.path("do").asText().equals("attack")) && !g.secrets(g.toAct()).isEmpty())) {
                g.applyIndex(bot.choose(g, g.toAct()));
            }
        }
        assertTrue(!g.over(), "an attack offered while a face-down unit stands, within 20 seeds");
        found(LeakCheck.position(g).stream().map(LeakCheck.Leak::describe).toList(), "is not next to", "from a piece that does not exist");
    }

    @Test
    void legalActionsThatDependOnAFaceDownUnitsStrengthAreCaught(@TempDir Path dir) {
        // attacks offered against any enemy unit of strength 3 or less, wherever it stands
        found(leaksWith(dir, "rules-scripts/toy/combat.js", "return attacks(ctx, ctx.active).concat([{ do: \"done\" }]);",
                "return attacks(ctx, ctx.active).concat(ctx.pieces((e) => e.side !== ctx.active && e.hex && e.strength <= 3).map((e) => ({ do: \"scout\", hex: e.hex }))).concat([{ do: \"done\" }]);"),
                "its actions changes when");
    }
}
