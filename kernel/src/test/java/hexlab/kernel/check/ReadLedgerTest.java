package hexlab.kernel.check;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.script.ReadLedger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The read ledger on the toy: what every rules context read, by system, judged by the audit without games of its own. */
@ResourceLock("hexlab.audit.ledger")
class ReadLedgerTest {
    @TempDir Path dir;

    @Test
    @DisplayName("with the ledger on, a context's first reads are kept by system, and the audit finds the dead data among them without playing")
    void contextsTellTheLedgerWhatTheyRead() {
        Kernel k = Fixtures.edited(dir, "tables/toy/combat.yaml", "  terrain:\n", """
                  retreat:
                    status: printed
                    rule: "4.5"
                    hexes: 1
                  terrain:
                """);
        Set<String> ids = Set.of("toy");
        ReadLedger.set(true);
        Game g;
        try {
            g = k.start(k.variant("toy", ""), "meeting", 1);
        } finally {
            ReadLedger.set(false);
        }
        Match.play(g, Bots.forSides(k.system("toy"), "random", 1), false, null);
        Map<String, Long> reads = ReadLedger.reads(ids);
        assertTrue(reads.containsKey("move/terrain"), reads.toString());
        assertTrue(reads.containsKey("combat/terrain"), reads.toString());
        Audit.Report r = Audit.fromReads(k, "toy", reads, "one game");
        assertTrue(r.dead().stream().anyMatch((f) -> f.table().equals("combat/retreat") && f.entry() == null), r.json().toPrettyString());
        assertFalse(r.clean());
    }
}
