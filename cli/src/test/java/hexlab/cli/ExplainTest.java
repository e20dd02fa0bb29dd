package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static hexlab.cli.CliTest.TOY;
import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** log, diff and audit: a game explained from the command line. */
class ExplainTest {
    @TempDir Path dir;

    private Path save(String... variant) { return save(7, variant); }

    private Path save(int seed, String... variant) {
        Path save = dir.resolve("g" + seed + ".json");
        String[] base = {"play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--seed", String.valueOf(seed), "--bots", "aggressive", "--save", save.toString()};
        CliTest.Run r = run(CliTest.with(base, variant));
        assertEquals(0, r.code(), r.err());
        return save;
    }

    @Test
    void logPrintsEachActionWithItsEntries() {
        Path save = save();
        CliTest.Run all = run("log", "--root", TOY.toString(), save.toString());
        assertEquals(0, all.code(), all.err());
        assertTrue(all.out().contains("set-up\n  [1] set up 6 pieces for meeting"), all.out());
        assertTrue(all.out().contains("table combat/crt cell row "), "the CRT cell of each combat: " + all.out());
        assertTrue(all.out().contains("WARNING placeholder combat/terrain"), "the placeholder that decided a combat is named: " + all.out());
        JsonNode j = run("log", "--root", TOY.toString(), save.toString(), "--json", "--grep", "4.2", "--from", "1").json();
        assertTrue(j.get("steps").size() > 0, j.toString());
        for (JsonNode s : j.get("steps")) {
            assertTrue(s.get("n").asInt() >= 1);
            for (JsonNode e : s.get("events")) assertTrue(e.toString().contains("4.2"), e.toString());
        }
        JsonNode one = run("log", "--root", TOY.toString(), save.toString(), "--json", "--from", "3", "--to", "3").json();
        assertEquals(1, one.get("steps").size());
        assertEquals(3, one.get("steps").get(0).get("n").asInt());
    }

    @Test
    void diffFindsTheFirstActionAnotherVariantDecidesDifferently() {
        Path save = save();
        JsonNode same = run("diff", "--root", TOY.toString(), save.toString(), "--variant", "", "--json").json();
        assertFalse(same.get("diverged").asBoolean(), same.toString());
        // bloody exchanges (4.3) eliminate the attacker too: the first game with an exchange diverges there
        JsonNode d = null;
        Path diverging = null;
        for (int seed = 1; seed <= 12 && d == null; seed++) {
            Path s = save(seed);
            CliTest.Run r = run("diff", "--root", TOY.toString(), s.toString(), "--variant", "option:bloody", "--json");
            assertEquals(0, r.code(), r.err());
            if (r.json().get("diverged").asBoolean()) { d = r.json(); diverging = s; }
        }
        assertTrue(d != null, "some game of 12 has an exchange");
        assertEquals("toy+option:bloody", d.get("other").asText());
        assertTrue(d.get("differing").toString().contains("4.3"), "the other side's entry names the bloody rule: " + d);
        CliTest.Run text = run("diff", "--root", TOY.toString(), diverging.toString(), "--variant", "option:bloody");
        assertTrue(text.out().contains("toy against toy+option:bloody") && text.out().contains("action " + d.get("at").asInt()), text.out());
    }

    @Test
    void logAndDiffRefuseBadInputPlainly() {
        CliTest.Run missing = run("log", "--root", TOY.toString(), dir.resolve("nope.json").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("nope.json") && missing.err().contains("file not found"), missing.err());
        CliTest.noStackTrace(missing);
        CliTest.Run badVariant = run("diff", "--root", TOY.toString(), save().toString(), "--variant", "errata:nope");
        assertEquals(2, badVariant.code());
        assertTrue(badVariant.err().contains("unknown erratum \"nope\""), badVariant.err());
    }

    @Test
    void simulateTextShowsRuleUsageAndTheDataThatIsNotPrinted() {
        CliTest.Run r = run("simulate", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--games", "4", "--bots", "aggressive",
                "--variant", "base=", "--variant", "gentle=preset:gentle");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("  rules most used: 3.1 ("), r.out());
        assertTrue(r.out().contains("  reconstructed data decided something in 100.0% of games"), r.out());
        assertTrue(r.out().contains("placeholder data decided something in "), r.out());
    }

    @Test
    void auditReportsTheToyCleanAndAsJson() {
        CliTest.Run r = run("audit", "toy", "--root", TOY.toString(), "--games", "4");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("dead data: none") && r.out().contains("values stated twice: none"), r.out());
        assertTrue(r.out().contains("reconstructed  map"), r.out());
        assertTrue(r.out().contains("played by random, aggressive, hasty, stray"), r.out());
        assertTrue(r.out().contains("(12 games play every scenario under every variant and with every player)"), r.out());
        CliTest.Run two = run("audit", "toy", "--root", TOY.toString(), "--games", "6", "--bots", "hasty,random");
        assertEquals(0, two.code(), two.out() + two.err());
        assertTrue(two.out().contains("played by hasty, random"), two.out());
        CliTest.Run bad = run("audit", "toy", "--root", TOY.toString(), "--games", "2", "--bots", "nobody");
        assertEquals(2, bad.code(), bad.out() + bad.err());
        assertTrue(bad.err().contains("unknown bot \"nobody\" for toy"), bad.err());
        JsonNode j = run("audit", "toy", "--root", TOY.toString(), "--games", "3", "--json").json();      // each of the toy's scenarios once
        assertTrue(j.get("clean").asBoolean());
        assertEquals("reconstructed", j.get("nonPrinted").get("map").get("status").asText());
    }
}
