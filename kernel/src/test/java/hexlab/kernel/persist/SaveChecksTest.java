package hexlab.kernel.persist;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A save replays identically only if nothing in it was changed: its result and checkpoints are checked, not trusted. */
class SaveChecksTest {
    static Kernel k;
    static String saved;

    @BeforeAll
    static void play() {
        k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "meeting", 7);
        saved = Json.write(Match.play(g, Bots.forSides(g.rules().variant().system(), "aggressive", 7), true, null).save().toJson());
    }

    static ObjectNode save() { return (ObjectNode) Json.read(saved); }

    static Replay.Report replay(ObjectNode save) { return Replay.run(k.catalog(), SaveFile.parse("g.json", Json.pretty(save))); }

    @Test
    void anUntouchedSaveReplaysIdentically() {
        Replay.Report r = replay(save());
        assertTrue(r.identical(), r.reason());
    }

    @Test
    void aTamperedResultIsNotIdentical() {
        ObjectNode s = save();
        String winner = s.path("result").path("winner").asText();
        ((ObjectNode) s.get("result")).put("winner", winner.equals("red") ? "blue" : "red");
        Replay.Report r = replay(s);
        assertFalse(r.identical());
        assertTrue(r.reason().startsWith("the result differs: the save says"), r.reason());
    }

    @Test
    void aCheckpointAfterAnActionTheSaveDoesNotHaveIsRefusedAtItsLine() {
        ObjectNode s = save();
        int n = s.get("actions").size();
        ((ObjectNode) s.get("checkpoints").get(1)).put("after", n + 25);
        InputException e = assertThrows(InputException.class, () -> SaveFile.parse("g.json", Json.pretty(s)));
        assertTrue(e.getMessage().contains("\"after\" must be an action count from 0 to " + n), e.describe());
        assertTrue(e.line() > 1, e.describe());
        ((ObjectNode) s.get("checkpoints").get(1)).put("after", -1);
        assertThrows(InputException.class, () -> SaveFile.parse("g.json", Json.pretty(s)));
    }

    @Test
    void checkpointsGoInOrderAndHashesAreHashes() {
        ObjectNode s = save();
        ArrayNode cps = (ArrayNode) s.get("checkpoints");
        cps.add(cps.get(0).deepCopy());
        InputException order = assertThrows(InputException.class, () -> SaveFile.parse("g.json", Json.pretty(s)));
        assertTrue(order.getMessage().contains("does not follow"), order.describe());
        ObjectNode t = save();
        ((ObjectNode) t.get("checkpoints").get(0)).put("hash", "abc");
        assertTrue(assertThrows(InputException.class, () -> SaveFile.parse("g.json", Json.pretty(t))).getMessage().contains("sha256"));
    }

    @Test
    void aChangedCheckpointHashIsADivergence() {
        ObjectNode s = save();
        ((ObjectNode) s.get("checkpoints").get(1)).put("hash", "0".repeat(64));
        Replay.Report r = replay(s);
        assertFalse(r.identical());
        assertTrue(r.reason().startsWith("the state differs at the checkpoint after action 25"), r.reason());
    }

    @Test
    void fieldsOfTheWrongTypeAndTrailingTextAreRefused() {
        for (String bad : new String[] {
                saved.replaceFirst("\"seed\":7", "\"seed\":7.5"), saved.replaceFirst("\"seed\":7", "\"seed\":\"7\""),
                saved.replaceFirst("\"format\":1", "\"format\":\"1\""), saved + " {}", saved.replaceFirst("\\{", "{\"seed\":8,"),
                saved.replaceFirst("\"actions\":\\[\\{", "\"actions\":[3,{"), saved.replaceFirst("\"system\":\"toy\"", "\"system\":\"\"")}) {
            assertThrows(InputException.class, () -> SaveFile.parse("g.json", bad), bad.substring(0, Math.min(80, bad.length())));
        }
    }
}
