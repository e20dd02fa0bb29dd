package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crusader 19.0, the heuristic player, with North Africa 5.0's legal moves: the player scores each
 * move by the map index of its end hex that the movement listing hands it (movement.listedHexes)
 * and must choose as it would reading the hex ids. The console keeps no listing, so the same player
 * asked there reads the ids.
 */
class HeuristicListedHexesTest {
    private static final String BY_IDS = "((a) => a[rules.bots.heuristic(a, ctx.active)])(rules.movement.moveActions(ctx.active))";

    @Test
    @DisplayName("Crusader 19.0 with NA 5.0: the heuristic player chooses a move by the listed map indexes as by the hex ids")
    void listedIndexesChooseAsHexIdsWould() {
        Variant v = Fixtures.crusader();
        Game g = Positions.KERNEL.start(v, "campaign", 5);
        Bot bot = Bots.named(v.system(), "heuristic", 5);
        int compared = 0;
        for (int n = 0; n < 400 && !g.over(); n++) {
            List<JsonNode> legal = g.legalActions();
            boolean movement = legal.stream().anyMatch(a -> a.path("do").asText().equals("move"))
                    && legal.stream().anyMatch(a -> a.path("do").asText().equals("done"));
            int i = bot.choose(g, g.toAct());
            if (movement) {
                JsonNode byIds = Json.read(g.rules().callString("evaluate", BY_IDS));
                assertEquals(byIds, legal.get(i), "decision " + (n + 1) + ": the listed indexes chose otherwise");
                compared++;
            }
            g.applyIndex(i);
        }
        assertTrue(compared > 100, "the players made movement decisions: " + compared);
    }
}
