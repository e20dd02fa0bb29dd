package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 14.0 Weather, 3.0 Game Turns")
class WeatherTest {

    @Test
    @DisplayName("RoT 3.2, 14.0: a weather roll on the (placeholder) weather table each turn, named in the trace")
    void weatherRoll() {
        Game g = game("2/24", "au-2-24-a@3024");
        trace(g);
        dealNext(g, "6");
        run(g, "rules.weather.roll();");
        assertEquals("sandstorm", js(g, "state.weather").asText());
        List<JsonNode> ev = trace(g);
        JsonNode e = withRule(ev, "14.0").get(0);
        assertEquals("weather/weather-table", e.path("table").asText());
        assertTrue(e.path("placeholder").asBoolean());
        dealNext(g, "5");
        run(g, "rules.weather.roll();");
        assertEquals("clear", js(g, "state.weather").asText());
    }

    @Test
    @DisplayName("RoT 14.1: a sandstorm halves every movement allowance, fractions rounded up")
    void sandstormMovement() {
        Game g = game("2/24", "au-2-24-a@3024", "br-7rtr-1@3026");
        set(g, "state.weather = 'sandstorm';");
        assertEquals(2, js(g, "rules.movement.allowance(state.pieces['au-2-24-a']).value").asInt());
        assertEquals(3, js(g, "rules.movement.allowance(state.pieces['br-7rtr-1']).value").asInt(), "5 halved, rounded up");
    }

    @Test
    @DisplayName("RoT 1.0, 17.12: four turns a day, Morning, Day, Evening, Night, from May 1 (placeholder turn record)")
    void turnRecord() {
        Game first = hexlab.rules.Positions.start(RATS, scenario(1, 1, "au-2-24-a@3024"), 1);
        assertEquals("[\"May 1\",\"morning\"]", js(first, "[state.date, state.turnKind]").toString());
        Game seventh = hexlab.rules.Positions.start(RATS, scenario(7, 7, "au-2-24-a@3024"), 1);
        assertEquals("[\"May 2\",\"evening\"]", js(seventh, "[state.date, state.turnKind]").toString());
    }
}
