package hexlab.kernel.lab;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
