package hexlab.kernel.bot;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FuzzTest {
    final Kernel k = Fixtures.toy();

    @Test
    void twoHundredRandomGamesBreakNoInvariantAndReplayExactly() {
        Fuzzer.Report r = Fuzzer.run(k, k.variant("toy", ""), List.of("meeting", "midturn"), 200, 42, null);
        assertEquals(List.of(), r.failures().stream().map(Fuzzer.Failure::describe).toList());
        assertEquals(200, r.games());
        assertTrue(r.actions() > 200 * 10, "games are not trivially short: " + r.actions());
    }

    @Test
    void aBatchPlayedInPartsPlaysTheSameGamesAsAWholeRun() {
        List<Fuzzer.GameLine> whole = new java.util.concurrent.CopyOnWriteArrayList<>(), parts = new java.util.concurrent.CopyOnWriteArrayList<>();
        Fuzzer.Report all = Fuzzer.run(k, k.variant("toy", ""), List.of("meeting", "midturn"), 0, 12, 42, 2, null, whole::add);
        Fuzzer.Report a = Fuzzer.run(k, k.variant("toy", ""), List.of("meeting", "midturn"), 0, 5, 42, 1, null, parts::add);
        Fuzzer.Report b = Fuzzer.run(k, k.variant("toy", ""), List.of("meeting", "midturn"), 5, 12, 42, 2, null, parts::add);
        assertEquals(12, all.games());
        assertEquals(5, a.games());
        assertEquals(7, b.games());
        assertEquals(all.actions(), a.actions() + b.actions());
        java.util.Comparator<Fuzzer.GameLine> byIndex = java.util.Comparator.comparingInt(Fuzzer.GameLine::index);
        assertEquals(whole.stream().sorted(byIndex).map(Fuzzer.GameLine::describe).toList(), parts.stream().sorted(byIndex).map(Fuzzer.GameLine::describe).toList());
        assertEquals("midturn", whole.stream().filter(g -> g.index() == 7).findFirst().orElseThrow().scenario(), "game i plays scenario i mod 2");
    }

    @Test
    void errataAndOptionsFuzzCleanToo() {
        Fuzzer.Report r = Fuzzer.run(k, k.variant("toy", "option:bloody,option:zoc-stops=false,errata:gentler-crt,errata:cheap-rough"),
                List.of("meeting"), 40, 7, null);
        assertEquals(List.of(), r.failures().stream().map(Fuzzer.Failure::describe).toList());
    }

    @Test
    void fuzzerCatchesABrokenInvariant(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path root = Fixtures.copyToy(dir);
        // let units move into enemy hexes: the invariant "no enemy units share a hex" must catch it
        String move = Fixtures.read(root, "rules-scripts/toy/move.js");
        Fixtures.write(root, "rules-scripts/toy/move.js", move.replace("blocked: enemies.map((e) => e.hex).sort(),", "blocked: [],")
                .replace("if (ctx.option(\"zoc-stops\"))", "if (false)"));
        Fuzzer.Report r = Fuzzer.run(new Kernel(root), new Kernel(root).variant("toy", ""), List.of("meeting"), 30, 3, null);
        assertTrue(r.invariantFailures() > 0, "expected invariant failures, got " + r.failures());
        assertTrue(r.failures().getFirst().what().contains("enemy units share hex"), r.failures().getFirst().describe());
    }

    @Test
    void fuzzerReportsADeadEndWithItsPosition(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path root = Fixtures.copyToy(dir);
        String combat = Fixtures.read(root, "rules-scripts/toy/combat.js");
        Fixtures.write(root, "rules-scripts/toy/combat.js", combat.replace("return hexes.length ? hexes.map((h) => ({ do: \"retreat\", to: h })) : [{ do: \"eliminate\" }];",
                "return hexes.length > 99 ? [] : [];"));
        Kernel broken = new Kernel(root);
        Fuzzer.Report r = Fuzzer.run(broken, broken.variant("toy", ""), List.of("meeting"), 60, 3, null);
        assertTrue(r.deadEnds() > 0, "expected a dead end at a retreat, got " + r.failures());
        assertTrue(r.failures().stream().anyMatch(f -> f.what().contains("dead end") && f.what().contains("must retreat") && f.what().contains("turn ")),
                r.failures().toString());
    }
    @Test
    void fuzzerCatchesAScriptThatKeepsStateOutsideTheGame(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path root = Fixtures.copyToy(dir);
        // a module-level counter bumped while listing attacks and read by the odds column: the save cannot carry it
        String combat = Fixtures.read(root, "rules-scripts/toy/combat.js");
        Fixtures.write(root, "rules-scripts/toy/combat.js", combat
                .replace("export function attacks(ctx, side) {", "let listed = 0;\nexport function attacks(ctx, side) {\n  listed++;")
                .replace("return Math.max(0, Math.min(3, col + shift));", "return Math.max(0, Math.min(3, col + shift + (listed % 3 === 0 ? 1 : 0)));"));
        Kernel leaky = new Kernel(root);
        Fuzzer.Report r = Fuzzer.run(leaky, leaky.variant("toy", ""), List.of("meeting"), 30, 3, null);
        assertTrue(r.replayMismatches() > 0, "expected a save that does not replay, got " + r.failures());
        assertTrue(r.failures().stream().anyMatch(f -> f.what().contains("its save does not replay")), r.failures().toString());
    }
}
