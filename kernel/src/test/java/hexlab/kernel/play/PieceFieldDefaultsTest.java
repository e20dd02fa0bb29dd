package hexlab.kernel.play;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** system.yaml piece-field-defaults: a field at its default is left out of the state's JSON and comes back whole. */
class PieceFieldDefaultsTest {
    @TempDir Path dir;

    Path root(String extra) {
        Path root = Fixtures.copyToy(dir);
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml") + "\n" + extra + "\n");
        return root;
    }

    static final String DEFAULTS = "fixed-piece-fields: [side, strength, ma]\npiece-field-defaults: {moved: false, attacked: false}";

    static String eval(Game g, String expr) { return g.rules().callString("evaluate", expr); }

    Game game(long seed) {
        Kernel k = new Kernel(root(DEFAULTS));
        return k.start(Variant.base(k.system("toy")), "meeting", seed);
    }

    @Test
    void aFieldAtItsDefaultIsLeftOutOfTheStateAndScriptsStillReadIt() {
        Game g = game(3);
        String id = Json.read(eval(g, "Object.keys(state.pieces).sort()")).get(0).asText();
        assertFalse(g.stateJson().contains("\"moved\""), g.stateJson());
        assertTrue(g.stateJson().contains("\"hex\""), "fields without a default stay: " + g.stateJson());
        assertEquals("false", eval(g, "state.pieces['" + id + "'].moved"));
        assertEquals("true", eval(g, "Object.keys(state.pieces['" + id + "']).includes('attacked')"), "a live piece keeps every field");
        eval(g, "(state.pieces['" + id + "'].moved = true, 0)");
        assertTrue(g.stateJson().contains("\"moved\":true"), "a changed field is state");
        assertEquals(Json.read(g.pieceDefaultsJson()).path("attacked").asBoolean(true), false);
    }

    @Test
    void aRestoreBringsTheDefaultsBackInTheSameOrderAndTheSameHash() {
        Game g = game(3);
        String id = Json.read(eval(g, "Object.keys(state.pieces).sort()")).get(0).asText();
        String keys = eval(g, "Object.keys(state.pieces['" + id + "']).join(',')");
        Game.Snapshot start = g.snapshot();
        String startHash = g.stateHash();
        // set in another order than the manifest's, then back to the default
        eval(g, "(state.pieces['" + id + "'].attacked = true, state.pieces['" + id + "'].moved = true, 0)");
        String changedHash = g.stateHash();
        Game.Snapshot changed = g.snapshot();
        g.restore(start);
        assertEquals(startHash, g.stateHash());
        assertEquals(keys, eval(g, "Object.keys(state.pieces['" + id + "']).join(',')"), "a restored piece has the set-up piece's fields, in order");
        assertEquals("false", eval(g, "state.pieces['" + id + "'].moved"));
        g.restore(changed);
        assertEquals(changedHash, g.stateHash(), "the fields a script wrote out of order serialise in the manifest's order");
        eval(g, "(state.pieces['" + id + "'].moved = false, state.pieces['" + id + "'].attacked = false, 0)");
        assertEquals(startHash, g.stateHash(), "a field written back to its default is left out again");
        eval(g, "(delete state.pieces['" + id + "'].moved, 0)");
        assertEquals("false", eval(g, "state.pieces['" + id + "'].moved"), "a deleted field reads its default, as after a restore");
        assertEquals(startHash, g.stateHash());
    }

    @Test
    void defaultsDoNotChangeHowAGamePlays() {
        Kernel plain = Fixtures.toy(), lean = new Kernel(root(DEFAULTS));
        for (long seed : new long[] {5, 11, 21}) {
            Game[] g = Fixtures.playedUnderBoth(plain, lean, seed);
            Game a = g[0], b = g[1];
            assertEquals(Json.write(a.actions()), Json.write(b.actions()), "seed " + seed);
            assertEquals(a.result(), b.result());
            assertTrue(b.stateJson().length() < a.stateJson().length(), "seed " + seed + ": the lean state is smaller");
        }
    }

    @Test
    void aDefaultMustBeAScalarAndNotAFixedField() {
        InputException e = assertThrows(InputException.class, () -> new Kernel(root("piece-field-defaults: {moved: [1]}")).system("toy"));
        assertTrue(e.describe().contains("system.yaml:") && e.getMessage().contains("expected a default that is null, true, false, a number or a string"), e.describe());
        e = assertThrows(InputException.class, () -> new Kernel(root("fixed-piece-fields: [side]\npiece-field-defaults: {side: red}")).system("toy"));
        assertTrue(e.getMessage().contains("fixed piece field"), e.describe());
    }
}
