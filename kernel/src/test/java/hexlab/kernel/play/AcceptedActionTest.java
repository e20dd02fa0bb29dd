package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A decision state's {@code accepts}: actions taken though not listed (toy rule 3.4, a move that
 * ends the movement impulse with it), whether a player sends them or a bot proposes them.
 */
class AcceptedActionTest {
    final Kernel k = Fixtures.toy();
    final Variant base = k.variant("toy", "");

    /** The meeting scenario at its first movement impulse, and one of its listed moves. */
    private Game atMovement(long seed) {
        Game g = k.start(base, "meeting", seed);
        for (int i = 0; i < 20 && !g.legalActions().get(0).path("do").asText().equals("move"); i++) {
            JsonNode impulse = null;
            for (JsonNode a : g.legalActions()) if (a.path("impulse").asText().equals("movement")) impulse = a;
            g.apply(impulse != null ? impulse : g.legalActions().get(0));
        }
        assertEquals("move", g.legalActions().get(0).path("do").asText(), "the test reaches a movement decision");
        return g;
    }

    @Test
    @DisplayName("toy 3.4: a move that ends the impulse is taken though not listed, and recorded as sent")
    void anAcceptedActionIsTakenAndRecorded() {
        Game g = atMovement(3);
        JsonNode move = g.legalActions().get(0);
        JsonNode last = Json.read("{\"do\":\"move\",\"unit\":\"" + move.path("unit").asText() + "\",\"to\":\"" + move.path("to").asText() + "\",\"last\":true}");
        assertFalse(g.legalActions().contains(last), "not among the listed actions");
        Outcome o = g.apply(last);
        assertTrue(o.accepted(), () -> o.refusal().describe());
        assertTrue(o.events().stream().anyMatch(e -> e.path("rule").asText().equals("3.4")), o.events().toString());
        assertEquals(last, g.actions().get(g.actions().size() - 1));
        assertFalse(g.legalActions().stream().anyMatch(a -> a.path("do").asText().equals("move") && a.path("unit").equals(move.path("unit"))),
                "the decision ended with the move: no more moves are asked of this impulse");
    }

    @Test
    @DisplayName("toy 3.4: an unlisted action the decision does not accept is refused with the decision's reason")
    void anUnacceptedActionIsRefusedWithItsRule() {
        Game g = atMovement(3);
        String hash = g.stateHash();
        JsonNode move = g.legalActions().get(0);
        Outcome o = g.apply(Json.read("{\"do\":\"move\",\"unit\":\"" + move.path("unit").asText() + "\",\"to\":\"9999\",\"last\":true}"));
        assertFalse(o.accepted());
        assertEquals("3.1", o.refusal().rule());
        assertEquals(hash, g.stateHash(), "a refusal changes nothing");
    }

    @Test
    @DisplayName("a bot's proposed actions play a whole game whose save replays to the same hash")
    void proposedActionsReplay(@TempDir Path dir) throws Exception {
        Game g = k.start(base, "meeting", 21);
        Match.Played p = Match.play(g, Bots.forSides(base.system(), "hasty", 21), true, null);
        assertTrue(p.game().over());
        long proposed = p.game().actions().stream().filter(a -> a.path("last").asBoolean()).count();
        assertTrue(proposed > 0, "the bot proposed moves that end the impulse");
        Path f = dir.resolve("g.json");
        p.save().write(f);
        Replay.Report r = Replay.run(k.catalog(), SaveFile.read(f));
        assertTrue(r.identical(), r.reason());
    }

    @Test
    @DisplayName("a bot that proposes an action the decision does not accept stops with an error naming the bot and the action")
    void aStrayProposalIsARuleError() {
        Game g = k.start(base, "meeting", 4);
        RuleError e = assertThrows(RuleError.class, () -> Match.play(g, Bots.forSides(base.system(), "stray", 4), false, null));
        assertTrue(e.describe().contains("strayBot") && e.describe().contains("\"to\":\"9999\""), e.describe());
    }
}
