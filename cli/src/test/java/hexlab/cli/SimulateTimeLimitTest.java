package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static hexlab.cli.CliTest.TOY;
import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** simulate --time-limit: an early answer from the seeds every variant finished, the same games as a batch of that many. */
class SimulateTimeLimitTest {
    static String[] batch(Path csv, String games, String... more) {
        String[] base = {"simulate", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--games", games, "--bots", "random",
            "--variant", "base=", "--variant", "bloody=option:bloody", "--threads", "2", "--json", "--csv", csv.toString()};
        return CliTest.with(base, more);
    }

    @Test
    void aBatchOutOfTimeKeepsWholeSeedsAndSaysHowToPlayTheSameGames(@TempDir Path dir) throws IOException {
        CliTest.Run cut = run(batch(dir.resolve("cut.csv"), "100000", "--time-limit", "2"));
        assertEquals(0, cut.code(), cut.err());
        JsonNode t = cut.json().get("timeLimit");
        int played = t.get("gamesPlayed").asInt();
        assertTrue(t.get("stopped").asBoolean(), t.toString());
        assertTrue(played > 0 && played < 100000, t.toString());
        assertEquals(played, cut.json().get("gamesPerVariant").asInt());
        assertTrue(t.get("note").asText().contains("--games " + played), t.toString());
        for (JsonNode v : cut.json().get("variants")) assertEquals(played, v.get("games").asInt(), "every variant the same seeds");
        assertEquals(2 * played + 1, Files.readAllLines(dir.resolve("cut.csv")).size(), "a row per game and the header");

        CliTest.Run whole = run(batch(dir.resolve("whole.csv"), String.valueOf(played)));
        assertEquals(0, whole.code(), whole.err());
        assertEquals(Files.readString(dir.resolve("whole.csv")), Files.readString(dir.resolve("cut.csv")), "the same games as a batch of that many");
        assertEquals(whole.json().get("comparisons"), cut.json().get("comparisons"));
    }

    @Test
    void aBatchThatEndsInTimeSaysSo(@TempDir Path dir) {
        CliTest.Run r = run(batch(dir.resolve("b.csv"), "4", "--time-limit", "600"));
        assertEquals(0, r.code(), r.err());
        assertFalse(r.json().get("timeLimit").get("stopped").asBoolean());
        assertEquals(4, r.json().get("gamesPerVariant").asInt());
    }

    @Test
    void aTimeLimitBelowOneSecondIsRefusedWithoutAFile(@TempDir Path dir) {
        CliTest.Run r = run(batch(dir.resolve("b.csv"), "4", "--time-limit", "0"));
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("--time-limit must be at least 1 second"), r.err());
        CliTest.noStackTrace(r);
        assertFalse(Files.exists(dir.resolve("b.csv")));
    }
}
