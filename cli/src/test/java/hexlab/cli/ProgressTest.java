package hexlab.cli;

import hexlab.kernel.Kernel;
import hexlab.kernel.lab.Batch;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** simulate's progress bar on a terminal: the bar, and after it the answer so far from the whole seeds. */
class ProgressTest {
    @Test
    void theBarCarriesItsNoteAndALongerLineIsClearedByTheNext() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "simulate toy", 4);
        p.update(1, () -> " · 1 seed: base red 100.0%");
        p.update(2, () -> "");
        String text = bytes.toString(StandardCharsets.UTF_8);
        String[] lines = text.split("\r");
        assertTrue(lines[1].endsWith("1/4 · 1 seed: base red 100.0%"), lines[1]);
        assertEquals(lines[1].length(), lines[2].length(), "the shorter line is padded over the longer one: " + text);
    }

    @Test
    void theAnswerSoFarNamesTheBaselinesCommonestOutcomeInEveryVariant() {
        Kernel k = new Kernel(CliTest.TOY);
        var entries = List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody")));
        Batch.Finished finished = new Batch.Finished(2, 6);
        assertEquals("", SimulateCommand.soFar(entries, finished), "no whole seed yet");
        Batch.run(k, entries, new Batch.Settings("meeting", 6, 5, "aggressive", 1, null), null, () -> false, finished::add);
        String line = SimulateCommand.soFar(entries, finished);
        assertTrue(line.matches(" · 6 seeds: base \\w+ \\d+\\.\\d% · bloody \\w+ \\d+\\.\\d%"), line);
    }

    @Test
    void theAnswerSoFarReadsAServersInterimSummaryTheSameWay() {
        var vs = hexlab.kernel.util.Json.read("[{\"name\":\"base\",\"outcomes\":{\"axis\":{\"count\":1,\"rate\":0.25},\"british\":{\"count\":3,\"rate\":0.75}}},"
                + "{\"name\":\"dg\",\"outcomes\":{\"british\":{\"count\":4,\"rate\":1.0}}}]");
        assertEquals(" · 4 seeds: base british 75.0% · dg british 100.0%", SimulateCommand.soFarLine(4, vs));
        assertEquals("", SimulateCommand.soFarLine(0, hexlab.kernel.util.Json.read("null")), "a batch with no whole seed yet has no interim");
    }
}
