package hexlab.kernel.play;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** system.yaml fixed-piece-fields: the pieces' fixed values kept once, out of the state. */
class FixedPieceFieldsTest {
    @TempDir Path dir;

    // a copy of the toy, with side, strength and MA declared fixed
    Path templatedRoot() {
        Path root = Fixtures.copyToy(dir);
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml") + "\nfixed-piece-fields: [side, strength, ma]\n");
        return root;
    }

    Game templatedGame(long seed) {
        Kernel k = new Kernel(templatedRoot());
        return k.start(Variant.base(k.system("toy")), "meeting", seed);
    }

    static String eval(Game g, String expr) { return g.rules().callString("evaluate", expr); }

    @Test
    void theStateCarriesWhatAGameChangesAndScriptsStillReadTheFixedFields() {
        Game g = templatedGame(3);
        String state = g.stateJson();
        assertFalse(state.contains("\"strength\""), state);
        assertTrue(state.contains("\"hex\""), state);
        var templates = Json.read(g.pieceTemplatesJson());
        String id = templates.fieldNames().next();
        assertEquals(templates.path(id).path("strength").asText(), eval(g, "state.pieces[\"" + id + "\"].strength"));
        var whole = Json.read(eval(g, "state.pieces[\"" + id + "\"]"));
        assertEquals(id, whole.path("id").asText());
        assertTrue(whole.has("strength") && whole.has("side") && whole.has("hex"), "answers show a piece whole: " + whole);
        assertEquals("4", eval(g, "Object.keys(ctx.whole(state.pieces[\"" + id + "\"])).filter((k) => k === 'strength' || k === 'side' || k === 'ma' || k === 'hex').length"),
                "ctx.whole copies a piece with its fixed fields");
    }

    @Test
    void templatesDoNotChangeHowAGamePlays() {
        Kernel plain = Fixtures.toy(), fixed = new Kernel(templatedRoot());
        for (long seed : new long[] {5, 11, 21}) {
            Game[] g = Fixtures.playedUnderBoth(plain, fixed, seed);
            Game a = g[0], b = g[1];
            assertEquals(Json.write(a.actions()), Json.write(b.actions()), "seed " + seed);
            assertEquals(a.result(), b.result());
        }
    }

    @Test
    void aWriteToAFixedFieldIsThePiecesOwnAndSurvivesARestore() {
        Game g = templatedGame(3);
        var ids = Json.read(eval(g, "Object.keys(state.pieces).sort()"));
        String x = ids.get(0).asText(), y = ids.get(1).asText();
        String yStrength = eval(g, "state.pieces['" + y + "'].strength");
        Game.Snapshot before = g.snapshot();
        eval(g, "(state.pieces['" + x + "'].strength = 77, 0)");
        assertTrue(g.stateJson().contains("\"strength\":77"), "the written value is state");
        Game.Snapshot after = g.snapshot();
        g.restore(before);
        assertFalse(g.stateJson().contains("\"strength\":77"));
        g.restore(after);
        assertEquals("77", eval(g, "state.pieces['" + x + "'].strength"));
        assertEquals(yStrength, eval(g, "state.pieces['" + y + "'].strength"), "the others still read their fixed values");
        assertEquals("true", eval(g, "state.pieces['" + y + "'].side === 'red' || state.pieces['" + y + "'].side === 'blue'"));
    }

    @Test
    void aFixedValueMustNotDependOnTheGame() {
        Path root = templatedRoot();
        Fixtures.write(root, "rules-scripts/toy/setup.js", Fixtures.read(root, "rules-scripts/toy/setup.js")
                .replace("strength: p.strength,", "strength: p.strength + ctx.roll(\"d6\", \"a strength that depends on the dice\"),"));
        Kernel k = new Kernel(root);
        Variant v = Variant.base(k.system("toy"));
        Scenario sc = k.scenario(v, "meeting");
        try (RulesContext rc = k.context(v, sc)) {
            Game.start(rc, sc, 1);
            RuntimeException e = assertThrows(RuntimeException.class, () -> {
                for (long seed = 2; seed < 40; seed++) Game.start(rc, sc, seed);
            });
            assertTrue(e.getMessage().contains("fixed-piece-fields") && e.getMessage().contains("other fixed values"), e.getMessage());
        }
    }
}
