package hexlab.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static hexlab.cli.CliTest.TOY;
import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Nothing lost: a killed batch keeps every finished game and --resume completes it to the CSV an uninterrupted run writes. */
// simulate processes of its own, waited on: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
class SimulateResumeTest {
    static final int GAMES = 30;

    static String[] batch(Path csv, String... more) { return batch(csv, GAMES, more); }

    static String[] batch(Path csv, int games, String... more) {
        String[] base = {"simulate", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--games", String.valueOf(games), "--bots", "random",
            "--variant", "base=", "--variant", "bloody=option:bloody", "--threads", "2", "--json", "--csv", csv.toString()};
        return CliTest.with(base, more);
    }

    @Test
    void aBatchKilledAfterSomeGamesKeepsThemAndResumedGivesTheSameCsvAsAnUninterruptedRun(@TempDir Path dir) throws Exception {
        CliTest.Run whole = run(batch(dir.resolve("whole.csv")));
        assertEquals(0, whole.code(), whole.err());

        Path cut = dir.resolve("cut.csv");
        Process p = CliProcess.start(dir.resolve("out.txt"), dir.resolve("err.txt"), batch(cut));
        // the CSV, not the journal: its rows come in seed order, so it can lag the journal by the games still in progress
        CliProcess.awaitWhileAlive(p, Duration.ofMinutes(3), () -> CliProcess.lines(cut) > 12, dir.resolve("err.txt"));
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertFalse(Files.readString(cut).isEmpty());
        List<String> rows = Files.readAllLines(cut);
        assertTrue(rows.size() > 12, "the CSV holds the games that ended before the kill: " + rows.size() + " lines");
        String header = rows.getFirst();
        assertTrue(header.startsWith("variant,game,seed,winner"), header);
        for (String row : rows.subList(1, rows.size())) {
            assertTrue(Files.readString(dir.resolve("whole.csv")).contains(row + "\n"), "each row kept is the uninterrupted run's: " + row);
        }
        assertTrue(rows.size() - 1 < 2 * GAMES, "killed mid-batch");

        CliTest.Run resumed = run("simulate", "--root", TOY.toString(), "--resume", cut.toString(), "--json");
        assertEquals(0, resumed.code(), resumed.err());
        assertEquals(Files.readString(dir.resolve("whole.csv")), Files.readString(cut), "the same CSV as the uninterrupted run, byte for byte");
        JsonNode r = resumed.json().get("resumed");
        assertTrue(r.get("earlier").asInt() >= rows.size() - 1, "every finished game was kept: " + r);
        assertEquals(2 * GAMES, r.get("earlier").asInt() + r.get("played").asInt(), "no game played twice: " + r);
        assertEquals(whole.json().get("variants"), resumed.json().get("variants"), "the same summary, rule usage included");
        assertEquals(whole.json().get("comparisons"), resumed.json().get("comparisons"));

        CliTest.Run again = run("simulate", "--root", TOY.toString(), "--resume", cut.toString(), "--json");
        assertEquals(0, again.code(), again.err());
        assertEquals(0, again.json().get("resumed").get("played").asInt(), "a whole batch has nothing left to play");
        assertEquals(Files.readString(dir.resolve("whole.csv")), Files.readString(cut));
    }

    @Test
    void aSignalStopsTheBatchAfterTheGamesInProgressWithTheSummaryOfTheWholeSeeds(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("stopped.csv"), out = dir.resolve("out.txt");
        Process p = CliProcess.start(out, dir.resolve("err.txt"), batch(csv));
        CliProcess.awaitWhileAlive(p, Duration.ofMinutes(3), () -> CliProcess.lines(Path.of(csv + ".journal")) > 12, dir.resolve("err.txt"));
        p.destroy();      // SIGTERM, as Ctrl-C's SIGINT
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        JsonNode j = Json.read(Files.readString(out));
        int seeds = j.get("gamesPerVariant").asInt();
        assertTrue(seeds >= 6 && seeds < GAMES, j.toString());
        assertTrue(j.get("interrupted").get("note").asText().contains("--resume " + csv), j.get("interrupted").toString());
        assertTrue(Files.readString(dir.resolve("err.txt")).contains("stopping after the games in progress"));
        CliTest.Run asMany = run(batch(dir.resolve("as-many.csv"), seeds));
        assertEquals(0, asMany.code(), asMany.err());
        assertEquals(Files.readString(dir.resolve("as-many.csv")), Files.readString(csv), "the whole seeds, as a batch of that many writes them");
    }

    @Test
    void resumingAnotherBatchOrUnderOtherRulesIsRefused(@TempDir Path dir) throws Exception {
        Path root = SimulateServerTest.copyOfToy(dir);
        Path csv = dir.resolve("b.csv");
        CliTest.Run first = run("simulate", "--root", root.toString(), "--system", "toy", "--scenario", "meeting", "--games", "2", "--bots", "random", "--csv", csv.toString());
        assertEquals(0, first.code(), first.err());
        CliTest.Run other = run("simulate", "--root", root.toString(), "--resume", csv.toString(), "--seed", "9");
        assertEquals(2, other.code());
        assertTrue(other.err().contains("leave out --seed 9"), other.err());
        Path script = root.resolve("rules-scripts/toy/combat.js");
        Files.writeString(script, Files.readString(script) + "\n// edited\n");
        CliTest.Run edited = run("simulate", "--root", root.toString(), "--resume", csv.toString());
        assertEquals(2, edited.code());
        assertTrue(edited.err().contains("the rule files changed since this batch started (combat "), edited.err());
        CliTest.noStackTrace(edited);
        CliTest.Run none = run("simulate", "--root", root.toString(), "--resume", dir.resolve("none.csv").toString());
        assertEquals(2, none.code());
        assertTrue(none.err().contains("no batch journal beside"), none.err());
    }
}
