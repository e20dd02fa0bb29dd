package hexlab.cli;

import hexlab.kernel.Kernel;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab service's practice between batches: it plays the last batch's games and stops at once when asked. */
class LabPracticeTest {
    @Test
    void practicePlaysTheBatchsVariantsUntilTheNextBatchStopsIt() throws Exception {
        Kernel k = new Kernel(CliTest.TOY);
        RuleSystem toy = k.system("toy");
        List<Batch.Entry> variants = List.of(new Batch.Entry("base", Variant.base(toy)), new Batch.Entry("bloody", Variant.parse(toy, "option:bloody")));
        LabPractice p = LabPractice.start(Batch.Prepared.of(k, variants, new Batch.Settings("meeting", 100, 1, "aggressive", 2, null)), 10);
        try {
            long end = System.nanoTime() + 60_000_000_000L;
            while (p.games() < 4 && System.nanoTime() < end) Thread.sleep(20);
            assertTrue(p.running(), "it plays on while the compilers work or no batch comes: " + p.ended());
        } finally {
            int games = p.stopAndWait();
            assertTrue(games >= 4, "practice games played: " + games);
        }
        assertFalse(p.running());
        assertEquals("the next batch", p.ended());
    }

    @Test
    void nothingToPractiseWhenTurnedOffOrNoBatchSaidWhatItPlayed() {
        Kernel k = new Kernel(CliTest.TOY);
        RuleSystem toy = k.system("toy");
        assertNull(LabPractice.start(null, 10));
        assertNull(LabPractice.start(Batch.Prepared.of(k, List.of(new Batch.Entry("base", Variant.base(toy))), new Batch.Settings("meeting", 100, 1, "aggressive", 1, null)), 0));
    }
}
