package hexlab.kernel.play;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WholeGameTest {
    final Kernel k = Fixtures.toy();
    final Variant base = k.variant("toy", "");

    Match.Played play(Variant v, long seed, String bots) {
        Game g = k.start(v, "meeting", seed);
        return Match.play(g, Bots.forSides(v.system(), bots, seed), true, null);
    }

    @Test
    void aGamePlaysToAVictoryDetermination() {
        Match.Played p = play(base, 11, "random");
        assertTrue(p.game().over());
        assertTrue(p.game().result().has("winner"), p.game().result().toString());
        assertTrue(p.game().actionCount() > 10);
    }

    @Test
    void sameSeedSameActionsSameHash() {
        assertEquals(play(base, 5, "random").game().stateHash(), play(base, 5, "random").game().stateHash());
        assertNotEquals(play(base, 5, "random").game().stateHash(), play(base, 6, "random").game().stateHash());
    }

    @Test
    void saveReplaysToTheSameHashAndIsWrittenAtomically(@TempDir Path dir) throws Exception {
        Match.Played p = play(base, 21, "aggressive");
        Path f = dir.resolve("g.json");
        p.save().write(f);
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left beside the save");
        }
        SaveFile s = SaveFile.read(f);
        assertEquals(p.game().actionCount(), s.actions().size());
        Replay.Report r = Replay.run(k.catalog(), s);
        assertTrue(r.identical(), r.reason());
        assertTrue(r.changed().isEmpty());
    }

    @Test
    void tamperedSaveReportsWhereTheGamesDiverge(@TempDir Path dir) throws Exception {
        Match.Played p = play(base, 21, "aggressive");
        Path f = dir.resolve("g.json");
        p.save().write(f);
        String text = Files.readString(f);
        // another seed: the dice differ from the first roll on
        Files.writeString(f, text.replace("\"seed\" : 21", "\"seed\" : 22"));
        Replay.Report r = Replay.run(k.catalog(), SaveFile.read(f));
        assertFalse(r.identical());
        assertTrue(r.divergedAt() >= 0, r.reason());
    }

    @Test
    void undoRestoresTheExactPosition() {
        Game g = k.start(base, "meeting", 4);
        Game.Snapshot before = g.snapshot();
        String hash = g.stateHash();
        g.applyIndex(0);
        g.applyIndex(0);
        assertNotEquals(hash, g.stateHash());
        g.restore(before);
        assertEquals(hash, g.stateHash());
    }

    @Test
    void everyRollIsTracedWithItsPurpose() {
        Game g = k.start(base, "meeting", 9);
        var events = g.startEvents();
        var roll = events.stream().filter(e -> e.path("kind").asText().equals("roll")).findFirst().orElseThrow();
        assertTrue(roll.path("purpose").asText().startsWith("draw a chit"), roll.toString());
        assertEquals("chits@1.0.0", roll.path("section").asText());
        assertTrue(roll.path("faces").isArray());
    }

    @Test
    void placeholderTableThatDecidesIsFlaggedInTheTrace() {
        for (long seed = 1; seed < 80; seed++) {
            Game g = k.start(base, "meeting", seed);
            var bots = Bots.forSides(base.system(), "aggressive", seed);
            while (!g.over()) {
                var out = g.applyIndex(bots.get(g.toAct()).choose(g, g.toAct()));
                for (var e : out.events()) {
                    if (e.path("table").asText().equals("combat/terrain")) {
                        assertTrue(e.path("placeholder").asBoolean(), e.toString());
                        assertEquals("4.4", e.path("rule").asText());
                        return;
                    }
                }
            }
        }
        throw new AssertionError("no attack into rough terrain in 80 games");
    }

    @Test
    void overlaysAreAnsweredByTheSystemsScripts() {
        Game g = k.start(base, "meeting", 3);
        var reach = g.overlay("reach", hexlab.kernel.util.Json.read("{\"unit\":\"r1\"}"));
        assertTrue(reach.has("0202"), reach.toString());
        assertEquals(1.0, reach.get("0202").asDouble(), 1e-9, "one clear hex from 0102");
        var zoc = g.overlay("zoc", hexlab.kernel.util.Json.read("{\"side\":\"blue\"}"));
        assertEquals("blue", zoc.get("0602").asText());
        assertThrows(hexlab.kernel.error.InputException.class, () -> g.overlay("nope", null));
    }

    @Test
    void anOffMapDisplayListsWhatTheSystemPutsInItsBoxesAsTheSideAskingSeesIt() {
        Game g = play(base, 21, "aggressive").game();
        var fell = g.stateJson();
        var d = g.display("eliminated", null);
        assertEquals("4.6", d.path("rule").asText());
        assertEquals(2, d.path("boxes").size(), "a box per side");
        int listed = 0;
        for (var box : d.path("boxes")) {
            for (var id : box.path("pieces")) {
                assertTrue(fell.contains("\"" + id.asText() + "\""), id.asText());
                listed++;
            }
        }
        assertEquals(hexlab.kernel.util.Json.read(fell).path("eliminated").size(), listed, "every eliminated unit in its side's box: " + d);
        assertTrue(listed > 0, "an aggressive game eliminates someone");
        assertEquals(d, g.display("eliminated", "red"), "nothing in it is hidden from red in the toy's meeting");
        assertThrows(hexlab.kernel.error.InputException.class, () -> g.display("nope", null));
    }

    // a game of the toy's rules saved under dir, to replay under changed rules
    Path savedGame(Path dir) throws Exception {
        Path f = dir.resolve("g.json");
        play(base, 21, "aggressive").save().write(f);
        return f;
    }

    @Test
    void saveUnderChangedRulesNamesTheSectionsAndTheDivergence(@TempDir Path dir) throws Exception {
        Path f = savedGame(dir);
        Path root = Fixtures.copyToy(dir.resolve("root"));
        // the CRT changes under the save: every combat result from then on may differ
        String crt = Fixtures.read(root, "tables/toy/combat.yaml");
        Fixtures.write(root, "tables/toy/combat.yaml", crt.replace("1: [AR, EX, DR, DE]", "1: [DE, DE, DE, DE]")
                .replace("2: [AR, DR, DR, DE]", "2: [DE, DE, DE, DE]").replace("3: [AE, AR, EX, DR]", "3: [DE, DE, DE, DE]"));
        Replay.Report r = Replay.run(new Kernel(root).catalog(), SaveFile.read(f));
        assertEquals(java.util.List.of("combat 1.1.0 (same version, content changed)"), r.changed());
        assertFalse(r.identical());
        assertTrue(r.divergedAt() >= 0, r.reason());
    }

    @Test
    void saveUnderANewSystemVersionNamesIt(@TempDir Path dir) throws Exception {
        Path f = savedGame(dir);
        Path root = Fixtures.copyToy(dir.resolve("root"));
        // a manifest change beyond the sections (here fixed piece fields, which reshape the state) bumps the system's version
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml").replaceFirst("(?m)^version: 1.1.0$", "version: 1.2.0")
                + "\nfixed-piece-fields: [side, strength, ma]\n");
        Replay.Report r = Replay.run(new Kernel(root).catalog(), SaveFile.read(f));
        assertEquals(java.util.List.of("system toy 1.1.0 -> 1.2.0"), r.changed());
        assertFalse(r.identical(), "the state's shape changed, so its hashes did");
        assertEquals(0, r.divergedAt(), r.reason());
    }

    @Test
    void botsThatGoRoundInALoopAreStoppedWithTheActionsThatRepeat(@TempDir Path dir) {
        // a broken toy: units may move again and again, and a script bot always takes the first move
        Path root = Fixtures.copyToy(dir);
        String move = Fixtures.read(root, "rules-scripts/toy/move.js").replace("    p.moved = true;\n", "");
        Fixtures.write(root, "rules-scripts/toy/move.js", move + "\nexport function firstMoveBot(ctx, actions, side) { return 0; }\n");
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml")
                .replace("  aggressive: combat.aggressiveBot\n", "  aggressive: combat.aggressiveBot\n  first-move: move.firstMoveBot\n"));
        Kernel broken = new Kernel(root);
        Variant v = broken.variant("toy", "");
        Game g = broken.start(v, "meeting", 3);
        EngineError e = assertThrows(EngineError.class, () -> Match.play(g, Bots.forSides(v.system(), "first-move", 3), false, null));
        assertTrue(e.getMessage().contains("loop"), e.getMessage());
        assertTrue(g.actionCount() < 100 * Match.LOOP_CHECK_EVERY, "caught after " + g.actionCount() + " actions");
    }
}
