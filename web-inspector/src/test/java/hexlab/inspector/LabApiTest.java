package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.Csv;
import hexlab.kernel.lab.GameRecord;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Variant lab's API on the toy system: a batch run and compared, read back from a CSV, reopened game by game, and refused when malformed. */
class LabApiTest extends ToyServerTest {

    static final String TWO_VARIANTS = "\"variants\":[{\"name\":\"base\",\"variant\":\"\"},{\"name\":\"gentler\",\"variant\":\"errata:gentler-crt\"}]";

    static JsonNode finished(JsonNode b) { return finished(http, b); }

    /** Polls the batch until it is no longer running (two minutes at most). */
    static JsonNode finished(Http http, JsonNode b) {
        long until = System.nanoTime() + 120_000_000_000L;
        while (b.path("state").asText().equals("running")) {
            if (System.nanoTime() > until) throw new AssertionError("the batch did not finish: " + b);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            b = http.ok(http.get("/api/lab/" + b.path("id").asText()));
        }
        return b;
    }

    static JsonNode batch(String body) {
        Http.Reply r = http.post("/api/lab", body);
        assertEquals(202, r.status(), r.text());
        return finished(r.json());
    }

    @Test
    void aBatchComparesTwoVariantsOnTheSameSeedsWithIntervals() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":12,\"seed\":5,\"bots\":\"aggressive\",\"threads\":2," + TWO_VARIANTS + "}");
        assertEquals("done", b.path("state").asText(), b.toString());
        assertEquals(24, b.path("games").size());
        assertEquals(2, b.path("variants").size());
        for (JsonNode v : b.path("variants")) {
            int total = 0;
            for (JsonNode o : v.path("outcomes")) {
                total += o.path("count").asInt();
                assertTrue(o.path("low").asDouble() <= o.path("rate").asDouble() && o.path("rate").asDouble() <= o.path("high").asDouble(), o.toString());
            }
            assertEquals(12, total);
        }
        JsonNode c = b.path("comparisons").get(0);
        assertEquals("gentler", c.path("variant").asText());
        assertTrue(c.path("outcomes").elements().next().has("p"));
        // game i of each variant has the same seed
        for (int i = 0; i < 12; i++) assertEquals(b.path("games").get(i).path("seed"), b.path("games").get(12 + i).path("seed"));
        assertTrue(b.path("note").asText().contains("same 12 seeds"));
    }

    @Test
    void theLabsSummaryIsTheOneTheCommandLinePrints() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":8,\"seed\":3,\"bots\":\"aggressive\",\"threads\":1," + TWO_VARIANTS + "}");
        Kernel k = new Kernel(Roots.toy());
        List<Batch.Entry> entries = List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("gentler", k.variant("toy", "errata:gentler-crt")));
        List<GameRecord> records = Batch.run(k, entries, new Batch.Settings("meeting", 8, 3, "aggressive", 1, null), null);
        JsonNode cli = hexlab.kernel.lab.Summary.of(entries, records);
        assertEquals(cli.path("variants"), b.path("variants"));
        assertEquals(cli.path("comparisons"), b.path("comparisons"));
    }

    @Test
    void everyGameReopensFromItsSeedAndVariantAndReachesTheSameEndState() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":4,\"seed\":9,\"bots\":\"random,aggressive\",\"threads\":2," + TWO_VARIANTS + "}");
        for (JsonNode g : b.path("games")) {
            String spec = g.path("variant").asText().equals("base") ? "" : "errata:gentler-crt";
            String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":\"" + g.path("seed").asText()
                    + "\",\"variant\":\"" + spec + "\"}")).path("id").asText();
            JsonNode r = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"end\",\"bots\":{\"red\":\"random\",\"blue\":\"aggressive\"}}"));
            while (r.path("more").asBoolean()) {
                r = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"end\",\"bots\":{\"red\":\"random\",\"blue\":\"aggressive\"},\"resume\":true}"));
            }
            assertEquals(g.path("hash").asText(), r.path("position").path("hash").asText(), "game " + g);
            assertEquals(g.path("actions").asInt(), r.path("position").path("cursor").asInt(), "game " + g);
        }
    }

    @Test
    void aCsvFromTheCommandLineLoadsWithTheSameComparison() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":10,\"seed\":4,\"bots\":\"aggressive\"," + TWO_VARIANTS + "}");
        Kernel k = new Kernel(Roots.toy());
        List<GameRecord> records = Batch.run(k, List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("gentler", k.variant("toy", "errata:gentler-crt"))),
                new Batch.Settings("meeting", 10, 4, "aggressive", 2, null), null);
        Http.Reply r = http.post("/api/lab/csv?name=run.csv&system=toy&scenario=meeting", Csv.of(records), "text/csv");
        assertEquals(201, r.status(), r.text());
        JsonNode loaded = r.json();
        assertEquals("run.csv", loaded.path("source").asText());
        assertEquals(20, loaded.path("games").size());
        assertEquals(b.path("comparisons"), loaded.path("comparisons"));
        assertEquals(b.path("variants").get(1).path("outcomes"), loaded.path("variants").get(1).path("outcomes"));
        assertTrue(loaded.path("variants").get(0).path("spec").isNull(), "a CSV does not carry the variant's spec");
    }

    @Test
    void aRunningBatchRefusesASecondAndStopsWhenAsked() throws InterruptedException {
        Http.Reply first = http.post("/api/lab", "{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":5000,\"bots\":\"random\",\"threads\":1," + TWO_VARIANTS + "}");
        assertEquals(202, first.status(), first.text());
        String id = first.json().path("id").asText();
        Http.Reply second = http.post("/api/lab", "{\"system\":\"toy\",\"games\":2}");
        assertEquals(409, second.status(), second.text());
        assertTrue(second.json().path("error").asText().contains(id), second.text());
        // stop once some games are in, so the summary has something to count
        long until = System.nanoTime() + 60_000_000_000L;
        while (http.ok(http.get("/api/lab/" + id)).path("done").asInt() < 6 && System.nanoTime() < until) Thread.sleep(20);
        // while it runs, the answer so far: the seeds both variants finished, compared
        JsonNode running = http.ok(http.get("/api/lab/" + id));
        JsonNode interim = running.path("interim");
        assertTrue(interim.path("seeds").asInt() >= 1, running.toString());
        for (JsonNode v : interim.path("variants")) assertEquals(interim.path("seeds").asInt(), v.path("games").asInt());
        assertEquals("gentler", interim.path("comparisons").get(0).path("variant").asText());
        http.ok(http.delete("/api/lab/" + id));
        JsonNode b = finished(http.ok(http.get("/api/lab/" + id)));
        assertEquals("stopped", b.path("state").asText(), b.path("state").asText() + " after " + b.path("done"));
        assertTrue(b.path("games").size() < 10000);
        assertEquals(b.path("games").size(), 2 * b.path("variants").get(0).path("games").asInt(), "whole seeds of both variants");
        assertFalse(b.has("interim"), "a finished batch has its summary instead");
    }

    @Test
    void aBatchOutOfTimeKeepsTheSeedsEveryVariantFinished() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":5000,\"seed\":5,\"bots\":\"random\",\"threads\":1,\"timeLimit\":1," + TWO_VARIANTS + "}");
        assertEquals("done", b.path("state").asText(), b.toString());
        JsonNode t = b.path("timeLimit");
        int played = t.path("gamesPlayed").asInt();
        assertTrue(t.path("stopped").asBoolean() && played > 0 && played < 5000, t.toString());
        assertEquals(2 * played, b.path("games").size());
        for (JsonNode v : b.path("variants")) assertEquals(played, v.path("games").asInt());
        assertTrue(b.path("note").asText().contains("the same " + played + " seeds"), b.path("note").asText());
    }

    @Test
    void aSweepIsAVariantPerValueWithTheRateOfItsOutcomeByValue() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":4,\"bots\":\"aggressive\",\"threads\":2,"
                + "\"sweep\":\"combat/terrain/shift/rough=-3,1\",\"outcome\":\"red\"}");
        assertEquals("done", b.path("state").asText(), b.toString());
        JsonNode s = b.get("sweep");
        assertEquals("combat/terrain/shift/rough", s.get("path").asText());
        assertEquals("red", s.get("outcome").asText());
        assertEquals(List.of("-3", "-1", "1"), s.get("points").findValues("value").stream().map(JsonNode::asText).toList(), "in the order of the values, the one held now between");
        for (JsonNode p : s.get("points")) assertEquals(4, p.get("games").asInt(), p.toString());
        assertEquals(12, b.get("games").size());
        Http.Reply shape = http.post("/api/lab", "{\"system\":\"toy\",\"games\":2,\"sweep\":\"combat/crt/results/3/1=AR,D2\"}");
        assertEquals(400, shape.status());
        assertTrue(shape.text().contains("the value D2: combat/crt/results/3/1: expected text"), shape.text());
    }

    @Test
    void untilDecidedStopsOnceTheDifferenceIsClearAndSaysAfterHowManySeeds() {
        JsonNode b = batch("{\"system\":\"toy\",\"scenario\":\"meeting\",\"bots\":\"aggressive\",\"threads\":2,"
                + "\"variants\":[{\"name\":\"base\",\"variant\":\"\"},{\"name\":\"bloody\",\"variant\":\"option:bloody\"}],"
                + "\"untilDecided\":{\"outcome\":\"red\",\"maxGames\":300}}");
        assertEquals("done", b.path("state").asText(), b.toString());
        JsonNode d = b.get("untilDecided");
        assertTrue(d.get("decided").asBoolean(), d.toString());
        int seeds = d.get("seeds").asInt();
        assertTrue(seeds < 300, d.toString());
        assertEquals(2 * seeds, b.get("games").size(), "the batch is the seeds up to the deciding one");
        assertTrue(d.get("note").asText().startsWith("decided after " + seeds + " seeds per variant"), d.toString());
        assertEquals("differs", d.get("comparisons").get(0).get("verdict").asText());
        Http.Reply both = http.post("/api/lab", "{\"system\":\"toy\",\"games\":5," + TWO_VARIANTS + ",\"untilDecided\":{}}");
        assertEquals(400, both.status());
        assertTrue(both.text().contains("give the most seeds as untilDecided.maxGames"), both.text());
        Http.Reply one = http.post("/api/lab", "{\"system\":\"toy\",\"untilDecided\":{\"maxGames\":5}}");
        assertEquals(400, one.status());
        assertTrue(one.text().contains("at least two variants"), one.text());
    }

    @Test
    void malformedLabRequestsAre400WithAMessage() {
        for (String body : new String[] {
                "{not json", "{}", "{\"system\":\"nope\"}", "{\"system\":\"toy\",\"scenario\":\"nope\"}", "{\"system\":\"toy\",\"games\":0}",
                "{\"system\":\"toy\",\"games\":100000}", "{\"system\":\"toy\",\"bots\":\"nope\"}", "{\"system\":\"toy\",\"bots\":\"random,random,random\"}",
                "{\"system\":\"toy\",\"variants\":[{\"name\":\"x\",\"variant\":\"option:nope\"}]}", "{\"system\":\"toy\",\"variants\":[{\"name\":\"a\"},{\"name\":\"a\"}]}",
                "{\"system\":\"toy\",\"variants\":\"base\"}", "{\"system\":\"toy\",\"variants\":[{\"name\":\"a b\"}]}", "{\"system\":\"toy\",\"threads\":0}",
                "{\"system\":\"toy\",\"timeLimit\":-1}", "{\"system\":\"toy\",\"timeLimit\":\"soon\"}"}) {
            Http.Reply r = http.post("/api/lab", body);
            assertEquals(400, r.status(), body + " -> " + r.text());
            assertFalse(r.json().path("error").asText().isBlank(), body);
            assertFalse(r.text().contains("\tat "), "no stack trace: " + r.text());
        }
        Http.Reply csv = http.post("/api/lab/csv?name=mine.csv", "variant,game\nbase,1\n", "text/csv");
        assertEquals(400, csv.status(), csv.text());
        assertTrue(csv.json().path("error").asText().startsWith("mine.csv:1"), csv.text());
        assertEquals(400, http.post("/api/lab/csv", "", "text/csv").status());
        assertEquals(404, http.get("/api/lab/nosuchbatch").status());
        assertEquals(404, http.delete("/api/lab/nosuchbatch").status());
    }
}
