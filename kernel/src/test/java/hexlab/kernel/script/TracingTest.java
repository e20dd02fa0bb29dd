package hexlab.kernel.script;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A game that keeps no trace (a batch, a replay) skips the entries but counts the same usage. */
class TracingTest {
    final Kernel k = Fixtures.toy();

    // the aggressive bot plays a game to the end: the usage counts, the hash and the length
    private List<Object> play(boolean keepTrace) {
        var v = k.variant("toy", "option:bloody,errata:gentler-crt");
        var sc = k.scenario(v, "meeting");
        Game g = Game.start(k.context(v, sc), sc, 11, keepTrace);
        Match.play(g, Bots.forSides(v.system(), "aggressive", 11), false, null);
        assertTrue(g.over(), "the game ends");
        return List.of(g.usage(), g.stateHash(), g.actionCount());
    }

    @Test
    @DisplayName("a game without a kept trace counts each table, option, erratum and rule as one with it")
    void theUsageIsCountedWhetherOrNotTheEntriesAreKept() {
        List<Object> kept = play(true), skipped = play(false);
        assertEquals(kept, skipped);
        String usage = kept.get(0).toString();
        for (String key : List.of("table:combat/crt", "reconstructed:combat/crt", "rule:4.2", "rule:3.1"))
            assertTrue(usage.contains("\"" + key + "\""), key + " counted: " + usage);
    }

    @Test
    @DisplayName("ctx.tracing tells a script whether its entries are kept, and follows the game that calls")
    void scriptsSeeWhetherTheTraceIsKept() {
        var v = k.variant("toy", "");
        var sc = k.scenario(v, "meeting");
        RulesContext rc = k.context(v, sc);
        Game quiet = Game.start(rc, sc, 3, false);
        assertEquals("false", rc.callString("evaluate", "ctx.tracing"));
        Game told = Game.start(rc, sc, 4, true);
        assertEquals("true", rc.callString("evaluate", "ctx.tracing"), "the game that calls decides");
        quiet.legalActions();
        assertEquals("false", rc.callString("evaluate", "ctx.tracing"));
        rc.callString("evaluate", "ctx.trace({rule: 'x', text: 'not kept'})");
        quiet.keepTrace(true);
        quiet.legalActions();
        assertEquals("true", rc.callString("evaluate", "ctx.tracing"), "a game that keeps its trace again turns it on");
        rc.callString("evaluate", "ctx.trace({rule: 'x', text: 'kept'})");
        String events = told.startEvents().toString();
        assertTrue(events.contains("\"kept\"") && !events.contains("not kept"), events);
    }
}
