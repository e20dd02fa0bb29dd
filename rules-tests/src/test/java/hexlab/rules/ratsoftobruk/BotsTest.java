package hexlab.rules.ratsoftobruk;

import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT heuristic player")
class BotsTest {

    @Test
    @DisplayName("RoT 17.14: the heuristic Allied set-up puts infantry in bunkers on the wire and the other units within their HQ's range")
    void alliedSetUp() {
        Game g = Positions.scenario(RATS, "battle-of-the-salient", 1);
        Bot bot = Bots.named(RATS.system(), "heuristic", 1);
        while (g.view(null).prompt().startsWith("set up")) g.applyIndex(bot.choose(g, "allied"));
        assertEquals(0, js(g, "Object.values(state.pieces).filter((p) => p.side === 'allied' && p.type === 'inf' && p.battalion !== '2/17' && !map.hasFeature(p.hex, 'bunker')).length").asInt());
        // 10.0: an Australian unit in a bunker fights out of its HQ's range; the gap guards of 2/17 stand alone
        assertEquals(0, js(g, "Object.values(state.pieces).filter((p) => p.side === 'allied' && p.hex && !rules.activation.inRange(p))"
                + ".filter((p) => p.battalion !== '2/17' && !(p.nation === 'australian' && map.hasFeature(p.hex, 'bunker'))).length").asInt());
    }

    @Test
    @DisplayName("RoT 17.11: two heuristic players play the Battle of the Salient to a victory level")
    void wholeGame() {
        Game g = Positions.scenario(RATS, "battle-of-the-salient", 1);
        g.keepTrace(false);
        Map<String, Bot> bots = new LinkedHashMap<>();
        for (String side : RATS.system().sides()) bots.put(side, Bots.named(RATS.system(), "heuristic", 1));
        Match.play(g, bots, false, null);
        assertTrue(g.over());
        assertTrue(Set.of("Strategic Victory", "Axis Minor Victory", "Historical Draw", "Allied Minor Victory", "Allied Major Victory")
                .contains(g.result().path("level").asText()), g.result().toString());
    }
}
