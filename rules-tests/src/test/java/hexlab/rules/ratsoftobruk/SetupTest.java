package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.util.Json;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 17.13-17.14 Set-up")
class SetupTest {

    @Test
    @DisplayName("RoT 17.14: the Allied player sets up his units one by one, anywhere inside the ditch/wire perimeter, within the stacking limit")
    void alliedSetUp() {
        Game g = Positions.scenario(RATS, "battle-of-the-salient", 1);
        assertEquals("allied", g.toAct());
        JsonNode first = g.legalActions().get(0);
        String unit = first.path("unit").asText();
        int places = g.legalActions().size();
        assertEquals(js(g, "map.zone('perimeter').length").asInt(), places, "every hex inside the perimeter");
        Outcome out = g.apply(Json.read("{\"do\":\"place\",\"unit\":\"" + unit + "\",\"hex\":\"0125\"}"));
        assertFalse(out.accepted());
        assertEquals("17.14", out.refusal().rule());
        assertTrue(out.refusal().reason().contains("outside the ditch/wire perimeter"), out.refusal().reason());
        for (int i = 0; i < 4; i++) {
            String u = g.legalActions().get(0).path("unit").asText();
            act(g, "{\"do\":\"place\",\"unit\":\"" + u + "\",\"hex\":\"3024\"}");
        }
        assertEquals(-1, find(g, "\"hex\":\"3024\""), "four full-strength units fill a hex (7.1)");
        assertEquals(places - 1, g.legalActions().size());
    }

    @Test
    @DisplayName("RoT 17.13: no German or Italian unit is set up; every one waits off the map; 17.9: the German player then chooses the first chit")
    void germanSetUp() {
        Game g = Positions.scenario(RATS, "battle-of-the-salient", 1);
        assertEquals(0, js(g, "Object.values(state.pieces).filter((p) => p.side === 'axis' && p.at !== 'off').length").asInt());
        while ("allied".equals(g.toAct()) && g.view(null).prompt().startsWith("set up")) g.applyIndex(0);
        assertEquals("axis", g.toAct());
        assertTrue(g.view(null).prompt().contains("first axis HQ activation chit"), g.view(null).prompt());
        assertEquals(0, js(g, "Object.values(state.pieces).filter((p) => p.side === 'allied' && p.at !== 'map').length").asInt());
    }

    @Test
    @DisplayName("RoT 11.3, 5.1: the 88 of the 33rd battalion is the printed 2-9-8 Flak, its reverse side's defense 5")
    void flak88() {
        Game g = game("33", "de-flak33-1@3024");
        assertEquals("[2,9,8,5,\"33\"]", js(g, "(() => { const p = state.pieces['de-flak33-1']; return [p.fa, p.fd, p.fm, p.dd, p.battalion]; })()").toString());
    }
}
