package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sweep of one table entry: a variant per value, each a draft erratum checked against the table's shape. */
class SweepTest {
    final Kernel k = Fixtures.toy();
    final Batch.Entry base = new Batch.Entry("base", k.variant("toy", ""));

    @Test
    void aRangeListsItsValuesBothEndsIncludedAndAStepMayBeAFraction() {
        assertEquals(List.of(-2, -1, 0, 1, 2), Sweep.values("-2..2", "--sweep"));
        assertEquals(List.of(0, 0.25, 0.5, 0.75, 1), Sweep.values("0..1:0.25", "--sweep"));
        assertEquals(List.of(1, 2.5, "DR", true), Sweep.values("1, 2.5,DR,true", "--sweep"));
        assertThrows(InputException.class, () -> Sweep.values("2..-2", "--sweep"));
        assertThrows(InputException.class, () -> Sweep.values("0..1000", "--sweep"));
        assertThrows(InputException.class, () -> Sweep.values("1,,2", "--sweep"));
    }

    @Test
    void eachValueIsAVariantWhoseDraftReplacesTheEntryAndTheValueHeldNowIsTheBaseline() {
        Sweep s = Sweep.parse(base.variant(), "combat/terrain/shift/rough=-2..0", "--sweep");
        assertEquals(-1, s.current());
        List<Batch.Entry> vs = s.variants(base);
        assertEquals(List.of("baseline", "shift/rough=-2", "shift/rough=0"), vs.stream().map(Batch.Entry::name).toList());
        assertEquals(base.variant().id(), vs.getFirst().variant().id(), "the baseline is the rules as they are");
        for (int i = 1; i < 3; i++) {
            var tables = vs.get(i).variant().tables("combat");
            assertEquals(List.of(-2, 0).get(i - 1), ((java.util.Map<?, ?>) ((java.util.Map<?, ?>) tables.get("terrain")).get("shift")).get("rough"));
            assertTrue(vs.get(i).variant().id().contains("+draft:sweep@"), vs.get(i).variant().id());
        }
        assertNotEquals(vs.get(1).variant().id(), vs.get(2).variant().id());
        Sweep back = Sweep.of(Json.read(Json.write(s.json())));
        assertEquals(s, back, "a sweep reads back from a batch's journal");
    }

    @Test
    void aValueOfAnotherShapeOrAPathThatIsNotThereIsRefusedSayingWhatWasExpected() {
        var word = assertThrows(InputException.class, () -> Sweep.parse(base.variant(), "combat/terrain/shift/rough=-1,x", "--sweep"));
        assertTrue(word.describe().contains("the value x: combat/terrain/shift/rough: expected a number like -1, found text \"x\""), word.describe());
        var form = assertThrows(InputException.class, () -> Sweep.parse(base.variant(), "combat/crt/results/3/1=D2", "--sweep"));
        assertTrue(form.describe().contains("expected text of the form \"<word>\" like \"AR\""), form.describe());
        var none = assertThrows(InputException.class, () -> Sweep.parse(base.variant(), "combat/terrain/shift/swamp=1", "--sweep"));
        assertTrue(none.describe().contains("no entry \"swamp\" at combat/terrain/shift (entries there: clear, rough)"), none.describe());
        var twice = assertThrows(InputException.class, () -> Sweep.parse(base.variant(), "combat/terrain/shift/rough=1,1.0", "--sweep"));
        assertTrue(twice.describe().contains("given twice"), twice.describe());
        assertThrows(InputException.class, () -> Sweep.parse(base.variant(), "combat/terrain/shift/rough", "--sweep"));
    }

    @Test
    void theReportPutsTheValuesInOrderWithTheRatesOfTheirGames() {
        Sweep s = Sweep.parse(base.variant(), "combat/terrain/shift/rough=1,-3", "--sweep");
        List<Batch.Entry> vs = s.variants(base);
        List<GameRecord> games = Batch.run(k, vs, new Batch.Settings("meeting", 3, 1, "aggressive", 1, null), null);
        JsonNode r = s.report(Summary.of(vs, games).get("variants"));
        assertTrue(r.get("numeric").asBoolean());
        List<Object> order = new java.util.ArrayList<>();
        for (JsonNode p : r.get("points")) order.add(p.get("value").asInt());
        assertEquals(List.of(-3, -1, 1), order, "the baseline's -1 between the values swept");
        assertTrue(r.get("points").get(1).get("current").asBoolean());
        for (JsonNode p : r.get("points")) assertEquals(3, p.get("games").asInt(), p.toString());
        assertTrue(r.get("points").get(0).get("outcomes").fields().hasNext());
    }
}
