package hexlab.kernel.lab;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchTest {
    final Kernel k = Fixtures.toy();

    List<GameRecord> run(int threads) {
        return Batch.run(k, List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody"))),
                new Batch.Settings("meeting", 12, 5, "aggressive", threads, null), null);
    }

    @Test
    void csvIsTheSameWhateverTheThreadCount() {
        assertEquals(Csv.of(run(1)), Csv.of(run(2)));
    }

    @Test
    void everyVariantPlaysTheSameSeeds() {
        List<GameRecord> r = run(2);
        assertEquals(24, r.size());
        for (int i = 0; i < 12; i++) {
            assertEquals(r.get(i).seed(), r.get(12 + i).seed());
            assertEquals("base", r.get(i).variant());
            assertEquals("bloody", r.get(12 + i).variant());
        }
    }

    @Test
    void summaryCountsOutcomesUsageAndMetrics() {
        var s = Summary.of(List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody"))), run(1));
        var base = s.get("variants").get(0);
        int total = 0;
        for (var o : base.get("outcomes")) total += o.get("count").asInt();
        assertEquals(12, total);
        assertTrue(base.get("usage").has("table:combat/crt"), base.get("usage").toString());
        assertTrue(base.get("metrics").has("eliminated"));
        var bloody = s.get("variants").get(1);
        assertTrue(bloody.get("usage").path("option:bloody").path("games").asInt() > 0, "the option decided something in some game");
        assertEquals(false, base.get("usage").has("option:bloody"));
        assertEquals("bloody", s.get("comparisons").get(0).get("variant").asText());
    }

    @Test
    void summaryReportsPerVariantTheShareOfGamesNonPrintedDataDecidedAndWhichSources() {
        var s = Summary.of(List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("gentler", k.variant("toy", "errata:gentler-crt"))), 
                Batch.run(k, List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("gentler", k.variant("toy", "errata:gentler-crt"))),
                        new Batch.Settings("meeting", 6, 5, "aggressive", 1, null), null));
        var base = s.get("variants").get(0).get("provenance");
        assertEquals(6, base.get("reconstructed").get("games").get("count").asInt(), "every game moves over the reconstructed map: " + base);
        assertEquals("map", base.get("reconstructed").get("sources").get(0).get("source").asText(), base.toString());
        var gentler = s.get("variants").get(1).get("provenance").get("reconstructed").get("sources").toString();
        assertTrue(gentler.contains("\"combat/crt\""), "the CRT patched by a reconstructed erratum is named: " + gentler);
        assertFalse(base.get("reconstructed").get("sources").toString().contains("combat/crt"));
    }

    @Test
    void aCsvReadBackGivesTheSameOutcomesAndMetrics() {
        List<GameRecord> played = run(1);
        List<GameRecord> back = Csv.read(Csv.of(played), "batch.csv");
        assertEquals(played.size(), back.size());
        for (int i = 0; i < played.size(); i++) {
            GameRecord a = played.get(i), b = back.get(i);
            assertEquals(List.of(a.variant(), a.game(), a.seed(), a.winner(), a.turn(), a.actions(), a.hash(), a.metrics()),
                    List.of(b.variant(), b.game(), b.seed(), b.winner(), b.turn(), b.actions(), b.hash(), b.metrics()));
            assertEquals(64, a.hash().length(), "the final state hash is kept");
        }
        var labels = List.of(new Summary.Label("base", null, null), new Summary.Label("bloody", null, null));
        assertEquals(Summary.ofLabels(labels, played).get("comparisons"), Summary.ofLabels(labels, back).get("comparisons"));
        assertEquals(Csv.of(played), Csv.of(back));
    }

    @Test
    void aMalformedCsvNamesTheFileLineAndWhatWasExpected() {
        var noColumn = assertThrows(hexlab.kernel.error.InputException.class, () -> Csv.read("variant,game\nbase,1\n", "mine.csv"));
        assertTrue(noColumn.describe().startsWith("mine.csv:1"), noColumn.describe());
        assertTrue(noColumn.getMessage().contains("\"seed\""), noColumn.getMessage());
        String csv = Csv.of(run(1));
        String broken = csv.replaceFirst("\nbase,1,", "\nbase,one,");
        var bad = assertThrows(hexlab.kernel.error.InputException.class, () -> Csv.read(broken, "mine.csv"));
        assertTrue(bad.describe().startsWith("mine.csv:3"), bad.describe());
        assertTrue(bad.getMessage().contains("\"game\" must be a whole number"), bad.getMessage());
        assertThrows(hexlab.kernel.error.InputException.class, () -> Csv.read("", "empty.csv"));
    }

    @Test
    void aStoppedBatchKeepsOnlyTheGamesItFinishedInOrder() {
        var entries = List.of(new Batch.Entry("base", k.variant("toy", "")));
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        List<GameRecord> r = Batch.run(k, entries, new Batch.Settings("meeting", 12, 5, "aggressive", 1, null), done::set, () -> done.get() >= 3);
        assertEquals(3, r.size());
        for (int i = 0; i < 3; i++) assertEquals(i, r.get(i).game());
    }

    @Test
    void aStoppedBatchKeepsTheSeedsEveryVariantFinishedTheGamesOfABatchOfThatMany() {
        var entries = List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody")));
        for (int threads : new int[] {1, 2}) {
            java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
            // games start seed by seed (base 0, bloody 0, base 1, ...): five finished games hold two whole seeds, or three
            List<GameRecord> r = Batch.run(k, entries, new Batch.Settings("meeting", 12, 5, "aggressive", threads, null), done::set, () -> done.get() >= 5);
            int seeds = r.size() / 2;
            assertEquals(0, r.size() % 2, "whole seeds only");
            assertTrue(seeds >= 2 && seeds < 12, "seeds kept: " + seeds);
            List<GameRecord> asMany = Batch.run(k, entries, new Batch.Settings("meeting", seeds, 5, "aggressive", threads, null), null);
            assertEquals(Csv.of(asMany), Csv.of(r), threads + " threads");
        }
    }

    @Test
    void aVariantWhoseGamesAllBrokeSummarisesAsJsonWithoutNaN() {
        GameRecord broken = new GameRecord("base", 0, 1, "error", null, 0, 0, "", Map.of(), Map.of(), "engine error: test", null, 0);
        var s = Summary.ofLabels(List.of(new Summary.Label("base", null, null)), List.of(broken));
        String json = hexlab.kernel.util.Json.write(s);
        assertFalse(json.contains("NaN"), json);
        assertTrue(s.get("variants").get(0).get("turns").get("mean").isNull(), json);
        assertEquals(1, s.get("variants").get(0).get("errors").size());
    }

    @Test
    void aBatchGivenTheGamesOfAnEarlierRunPlaysOnlyTheRestAndEndsAsAnUninterruptedOne() {
        var entries = List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody")));
        var settings = new Batch.Settings("meeting", 12, 5, "aggressive", 2, null);
        List<GameRecord> whole = Batch.run(k, entries, settings, null);
        java.util.Map<Integer, GameRecord> earlier = new java.util.concurrent.ConcurrentHashMap<>();
        Batch.play(k, entries, settings, new Batch.Control().each((r, place) -> earlier.put(place, r)).stop(() -> earlier.size() >= 7));
        Batch.Finished finished = new Batch.Finished(2, 12);
        earlier.forEach((place, r) -> finished.add(r, place));
        java.util.concurrent.atomic.AtomicInteger now = new java.util.concurrent.atomic.AtomicInteger();
        List<GameRecord> rest = Batch.play(k, entries, settings, new Batch.Control().finished(finished).each((r, place) -> {
            now.incrementAndGet();
            assertFalse(earlier.containsKey(place), "game " + place + " was played before");
        }));
        assertEquals(Csv.of(whole), Csv.of(rest));
        assertEquals(24, earlier.size() + now.get());
    }

    @Test
    void aBatchDecidedEarlyIsTheSeedsUpToItsDecisionWhateverTheThreadsTheGamesOfABatchOfThatMany() {
        var entries = List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody")));
        var decide = new Sequential.Settings("red", 0.05, 0);
        String one = null;
        int seeds = 0;
        for (int threads : new int[] {1, 2}) {
            Plan plan = new Plan(k.system("toy"), "meeting", 400, 1, "aggressive", entries, decide, null);
            Batch.Finished finished = plan.finished();
            List<GameRecord> r = Batch.play(k, entries, plan.settings(threads, null), new Batch.Control().finished(finished));
            assertTrue(finished.decision().decided(), "bloody exchanges change red's rate by a quarter: decided");
            seeds = finished.decision().decidedAt();
            assertEquals(2 * seeds, r.size(), "the seeds up to the decision, no game after it");
            if (one == null) one = Csv.of(r);
            else assertEquals(one, Csv.of(r), threads + " threads");
        }
        assertTrue(seeds < 400, "stopped early: " + seeds);
        assertEquals(one, Csv.of(Batch.run(k, entries, new Batch.Settings("meeting", seeds, 1, "aggressive", 2, null), null)));
    }

    @Test
    void aJournalKeepsEachGameAsItEndsAndReadsBackWithoutALineCutShortByAKill(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        var entries = List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody")));
        Plan plan = new Plan(k.system("toy"), "meeting", 6, 5, "aggressive", entries, null, null);
        java.nio.file.Path csv = dir.resolve("b.csv");
        List<GameRecord> r;
        try (Journal j = Journal.start(csv, plan.json())) {
            r = Batch.play(k, entries, plan.settings(1, null), new Batch.Control().each((g, place) -> {
                j.add(g, place);
                try {
                    assertEquals(java.nio.file.Files.readAllLines(csv).size() - 1, java.nio.file.Files.readAllLines(Journal.of(csv)).size() - 1, "a row for each game so far");
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
            }));
            j.finish(r);
        }
        assertEquals(Csv.of(r), java.nio.file.Files.readString(csv));
        Journal.Contents back = Journal.read(csv);
        assertEquals(hexlab.kernel.util.Json.write(plan.json()), hexlab.kernel.util.Json.write(back.batch()));
        assertEquals(12, back.games().size());
        for (Journal.Entry e : back.games()) assertEquals(r.get(e.place()), e.game(), "each game whole, usage included");
        assertEquals(hexlab.kernel.util.Json.write(Plan.of(k, back.batch(), "b.csv.journal").json()), hexlab.kernel.util.Json.write(plan.json()));

        String text = java.nio.file.Files.readString(Journal.of(csv));
        java.nio.file.Files.writeString(Journal.of(csv), text.substring(0, text.length() - 40));
        assertEquals(11, Journal.read(csv).games().size(), "the line being written when the batch was killed is left out");
        String[] lines = text.split("\n");
        lines[3] = lines[3].substring(0, 30);
        java.nio.file.Files.writeString(Journal.of(csv), String.join("\n", lines) + "\n");
        var bad = assertThrows(hexlab.kernel.error.InputException.class, () -> Journal.read(csv));
        assertTrue(bad.describe().startsWith(Journal.of(csv) + ":4:"), bad.describe());
    }
}
