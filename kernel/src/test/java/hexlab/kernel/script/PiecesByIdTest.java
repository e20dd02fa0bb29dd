package hexlab.kernel.script;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** ctx.piecesById: the pieces in id order, whatever order the state keeps them in, as the set of pieces changes. */
class PiecesByIdTest {
    final Kernel k = Fixtures.toy();

    private static String eval(Game g, String js) { return g.rules().callString("evaluate", js); }

    private static final String IDS = "JSON.stringify(ctx.piecesById().map((p) => p.id))";
    private static final String SORTED = "JSON.stringify(Object.keys(state.pieces).sort())";

    @Test
    void idOrderFollowsPiecesAddedRemovedAndSwapped() {
        Game g = k.start(k.variant("toy", ""), "meeting", 7);
        assertEquals(eval(g, SORTED), eval(g, IDS));
        // a piece whose id sorts first, added last: the state's order is no longer id order
        eval(g, "(() => { state.pieces['0-first'] = Object.assign({}, Object.values(state.pieces)[0], {id: '0-first'}); return 0; })()");
        assertEquals(eval(g, SORTED), eval(g, IDS));
        assertEquals("\"0-first\"", eval(g, "ctx.piecesById()[0].id"));
        // as many pieces as before, but another set: the kept order must not be trusted
        eval(g, "(() => { delete state.pieces['0-first']; state.pieces['zz-last'] = Object.assign({}, Object.values(state.pieces)[0], {id: 'zz-last'}); return 0; })()");
        assertEquals(eval(g, SORTED), eval(g, IDS));
        eval(g, "delete state.pieces['zz-last']");
        assertEquals(eval(g, SORTED), eval(g, IDS));
    }

    @Test
    void aFilterKeepsIdOrderAndGivesAFreshArray() {
        Game g = k.start(k.variant("toy", ""), "meeting", 7);
        String side = eval(g, "Object.values(state.pieces)[0].side");
        assertEquals(eval(g, "JSON.stringify(Object.keys(state.pieces).sort().filter((id) => state.pieces[id].side === '" + side + "'))"),
                eval(g, "JSON.stringify(ctx.piecesById((p) => p.side === '" + side + "').map((p) => p.id))"));
        assertEquals("false", eval(g, "ctx.piecesById() === ctx.piecesById()"));
    }
}
