package hexlab.kernel.script;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ctx.keep and ctx.recall: derived data held beside the state, never in it, and gone with a restore. */
class KeepTest {
    final Kernel k = Fixtures.toy();

    // counts how often compute() runs for the owner state.pieces.r1, in a console expression
    private static final String ASK = "ctx.keep(state.pieces.r1, 'k', () => ++globalThis.computed)";

    private static String ask(Game g) { return g.rules().callString("evaluate", ASK); }

    @Test
    void keptAcrossQuestionsOutsideTheStateAndDroppedByARestore() {
        Game g = k.start(k.variant("toy", ""), "meeting", 7);
        g.rules().callString("evaluate", "globalThis.computed = 0");
        Game.Snapshot before = g.snapshot();
        String hash = g.stateHash();
        assertEquals("1", ask(g));
        assertEquals("1", ask(g), "asked again while the owner stands: kept, not computed again");
        assertEquals(hash, g.stateHash(), "what is kept is not in the state's hash");
        assertTrue(g.rules().callString("evaluate", "JSON.stringify(state.pieces.r1)").indexOf("\\\"k\\\"") < 0, "the kept value is not in the piece");
        g.restore(before);
        assertEquals(hash, g.stateHash(), "the restore gives the state as it was");
        assertEquals("2", ask(g), "a restore makes new objects: the value is worked out again");
    }

    @Test
    void anOwnerThatIsNoObjectIsAnError() {
        Game g = k.start(k.variant("toy", ""), "meeting", 7);
        String r;
        try {
            r = g.rules().callString("evaluate", "ctx.keep(null, 'k', () => 1)");
        } catch (RuntimeException e) {
            r = e.getMessage();
        }
        assertTrue(r.contains("ctx.keep: the owner must be an object of the state"), r);
    }

    @Test
    void recallAnswersAKeyMetAgainKeepsTheLast64AndForgetsOnRestore() {
        Game g = k.start(k.variant("toy", ""), "meeting", 7);
        g.rules().callString("evaluate", "globalThis.computed = 0");
        Game.Snapshot before = g.snapshot();
        String hash = g.stateHash();
        assertEquals("1", recall(g, "a"));
        assertEquals("2", recall(g, "b"), "a new key is worked out");
        assertEquals("1", recall(g, "a"), "a key met again is answered as before");
        assertEquals(hash, g.stateHash(), "what is recalled is not in the state's hash");
        for (int i = 0; i < 63; i++) recall(g, "k" + i);          // "a" was asked last of the first two: "b" is the oldest
        assertEquals("1", recall(g, "a"), "still among the last 64");
        assertEquals("66", recall(g, "b"), "the oldest answer went first");
        g.restore(before);
        assertEquals("67", recall(g, "a"), "a restore forgets every answer");
    }

    @Test
    @DisplayName("ctx.memoBefore: an applying action reads what its position's questions worked out, and only that position's")
    void memoBeforeReadsTheQuestionsOfThePositionTheActionWasChosenIn() {
        Game g = k.start(k.variant("toy", ""), "meeting", 3);
        for (int i = 0; i < 20 && !g.legalActions().get(0).path("do").asText().equals("move"); i++) {
            JsonNode impulse = null;
            for (JsonNode a : g.legalActions()) if (a.path("impulse").asText().equals("movement")) impulse = a;
            g.apply(impulse != null ? impulse : g.legalActions().get(0));
        }
        List<JsonNode> moves = g.legalActions();
        long movers = moves.stream().filter(a -> a.path("do").asText().equals("move")).map(a -> a.path("unit").asText()).distinct().count();
        assertTrue(movers >= 2, "the test needs two units free to move");
        assertEquals(movers, moversSeen(g.apply(moves.get(0))), "the listing's movers, as the position stood");
        assertEquals(movers - 1, moversSeen(g.apply(g.legalActions().get(0))), "the next move's: the unit that moved is no longer among them");
    }

    // the toy 3.1 trace of a move records how many movers ctx.memoBefore gave its apply
    private static long moversSeen(Outcome o) {
        assertTrue(o.accepted(), () -> o.refusal().describe());
        for (JsonNode e : o.events()) if (e.path("rule").asText().equals("3.1")) return e.path("cell").path("movers").asLong(-1);
        throw new AssertionError("no 3.1 trace: " + o.events());
    }

    private static String recall(Game g, String key) {
        return g.rules().callString("evaluate", "ctx.recall('" + key + "', () => ++globalThis.computed)");
    }
}
