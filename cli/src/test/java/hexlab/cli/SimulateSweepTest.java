package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static hexlab.cli.CliTest.TOY;
import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** simulate --sweep and --until-decided as a designer types them. */
class SimulateSweepTest {
    static final String[] TOY_BATCH = {"simulate", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--bots", "aggressive", "--threads", "2"};

    @Test
    void aSweepPlaysAVariantPerValueAndPlotsTheOutcomeRateAgainstTheValue(@TempDir Path dir) throws Exception {
        CliTest.Run text = run(CliTest.with(TOY_BATCH, "--games", "6", "--sweep", "combat/terrain/shift/rough=-3,1", "--outcome", "red", "--csv", dir.resolve("s.csv").toString()));
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("sweep of combat/terrain/shift/rough: the rate of red by value, with 95% intervals"), text.out());
        assertTrue(text.out().matches("(?s).*\\n\\s+-3 \\|[ \\[\\-*\\]]{41}\\|.*\\n\\s+-1 \\(now\\) \\|.*\\n\\s+1 \\|.*"), text.out());

        CliTest.Run json = run(CliTest.with(TOY_BATCH, "--games", "6", "--sweep", "combat/terrain/shift/rough=-3,1", "--json"));
        JsonNode s = json.json().get("sweep");
        assertEquals("combat/terrain/shift/rough", s.get("path").asText());
        assertEquals(-1, s.get("current").asInt());
        assertEquals(3, s.get("points").size());
        for (JsonNode p : s.get("points")) {
            assertEquals(6, p.get("games").asInt());
            JsonNode o = p.get("outcomes").get(s.get("outcome").asText());
            assertTrue(o.get("low").asDouble() <= o.get("rate").asDouble() && o.get("rate").asDouble() <= o.get("high").asDouble(), p.toString());
        }
        assertEquals(3, json.json().get("variants").size());

        // the batch's journal holds the drafts: resumed, the sweep is the same batch
        CliTest.Run resumed = run("simulate", "--root", TOY.toString(), "--resume", dir.resolve("s.csv").toString(), "--json");
        assertEquals(0, resumed.code(), resumed.err());
        assertEquals(0, resumed.json().get("resumed").get("played").asInt());
        assertEquals(Files.readString(dir.resolve("s.csv")).lines().count(), 19);
    }

    @Test
    void aSweepValueOfAnotherShapeIsOneLineAndExit2() {
        CliTest.Run r = run(CliTest.with(TOY_BATCH, "--games", "2", "--sweep", "combat/crt/results/3/1=AR,D2"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--sweep: the value D2: combat/crt/results/3/1: expected text of the form \"<word>\" like \"AR\""), r.err());
        CliTest.noStackTrace(r);
    }

    @Test
    void untilDecidedSaysHowManySeedsItTookAndEachVerdict() {
        CliTest.Run r = run(CliTest.with(TOY_BATCH, "--variant", "base=", "--variant", "bloody=option:bloody", "--until-decided", "--outcome", "red",
                "--max-games", "300", "--json"));
        assertEquals(0, r.code(), r.err());
        JsonNode d = r.json().get("untilDecided");
        assertTrue(d.get("decided").asBoolean(), d.toString());
        assertEquals(r.json().get("gamesPerVariant").asInt(), d.get("seeds").asInt());
        assertTrue(d.get("note").asText().startsWith("decided after " + d.get("seeds").asInt() + " seeds per variant"), d.toString());
        assertEquals("differs", d.get("comparisons").get(0).get("verdict").asText());
        assertTrue(d.get("comparisons").get(0).get("low").asDouble() > 0, "bloody exchanges help red: " + d);
    }

    @Test
    void decidingOptionsWithoutUntilDecidedOrAnOutcomeNoGameHasAreRefused() {
        CliTest.Run margin = run(CliTest.with(TOY_BATCH, "--games", "2", "--margin", "5"));
        assertEquals(2, margin.code());
        assertTrue(margin.err().contains("go with --until-decided"), margin.err());
        CliTest.Run outcome = run(CliTest.with(TOY_BATCH, "--variant", "a=", "--variant", "b=option:bloody", "--until-decided", "--outcome", "green"));
        assertEquals(2, outcome.code());
        assertTrue(outcome.err().contains("--outcome green: a game of toy ends in red, blue, draw, error"), outcome.err());
        CliTest.Run one = run(CliTest.with(TOY_BATCH, "--until-decided"));
        assertEquals(2, one.code());
        assertTrue(one.err().contains("give at least two --variant"), one.err());
    }
}
