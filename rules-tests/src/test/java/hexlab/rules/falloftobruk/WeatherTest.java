package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 4.4 weather. */
class WeatherTest {
    /** The Weather Table (4.41) as printed: <=0 to 3 Clear, 4-6 Haze, 7 to >=9 Khamsin. */
    static String wxt(int roll) { return roll <= 3 ? "Clear" : roll <= 6 ? "Haze" : "Khamsin"; }

    @Test
    @DisplayName("FoT 4.41 4.45 the Weather Table, -1 after a Clear half, +1 after Haze or Khamsin")
    void weatherTable() {
        Game g = start(scenario(3, 4), 1);                                   // ends on turn 4, not the first
        trace(g);
        int seen = 0;
        for (String prior : List.of("clear", "haze", "khamsin")) {
            run(g, "for (let i = 0; i < 50; i++) { state.weather = '" + prior + "'; rules.weather.determine(); }");
            List<JsonNode> events = trace(g);
            List<JsonNode> rolls = rolls(events), results = withRule(events, "4.41");
            assertEquals(50, results.size());
            int drm = prior.equals("clear") ? -1 : 1;
            for (int i = 0; i < 50; i++) {
                int face = rolls.get(i).path("faces").get(0).asInt();
                int total = results.get(i).path("cell").path("roll").asInt();
                assertEquals(face + drm, total);
                assertEquals(wxt(total), results.get(i).path("result").asText(), "roll " + total);
                if (total <= 0 || total >= 9) seen++;
            }
            assertEquals(prior, js(g, "state.lastWeather").asText());
        }
        assertTrue(seen > 0, "the end rows were reached");
    }

    @Test
    @DisplayName("FoT 4.45 no modifier on the first turn")
    void firstTurnNoModifier() {
        Game g = start(scenario(3, 4), 1);
        trace(g);
        run(g, "state.turn = 3; state.weather = 'khamsin'; rules.weather.determine();");
        List<JsonNode> rolls = rolls(trace(g));
        assertEquals(1, rolls.size());
        assertEquals(0, rolls.get(0).path("mods").size());
    }

    @Test
    @DisplayName("FoT 16.2 16.3 the first turn's weather is Clear, AM and PM, in both scenarios: no roll")
    void firstTurnClear() {
        for (int first : new int[] {1, 2}) {
            List<JsonNode> events = playThrough(start(scenario(first, first), 1));
            List<JsonNode> fixed = withRule(events, first == 1 ? "16.2" : "16.3").stream()
                    .filter(e -> e.path("section").asText().startsWith("weather@")).toList();
            assertEquals(2, fixed.size());
            for (JsonNode e : fixed) assertEquals("Clear", e.path("result").asText());
            assertTrue(withRule(events, "4.41").isEmpty());
            for (JsonNode r : rolls(events)) assertFalse(r.path("purpose").asText().startsWith("weather"));
        }
    }

    @Test
    @DisplayName("FoT 4.42 4.43 4.44 the effects: command range 10/10/5, bombardment and combat support 0/1L/2L, contact +0/+1/+2, ZOCs one level lower in Khamsin")
    void effects() {
        Game g = bare(3);
        String[] w = {"clear", "haze", "khamsin"};
        int[] range = {10, 10, 5}, shift = {0, -1, -2}, drm = {0, 1, 2}, zoc = {0, 0, 1};
        for (int i = 0; i < 3; i++) {
            run(g, "state.weather = '" + w[i] + "';");
            assertEquals(w[i], js(g, "rules.weather.current()").asText());
            assertEquals(range[i], js(g, "rules.weather.commandRange()").asInt(), w[i]);
            assertEquals(shift[i], js(g, "rules.weather.shifts('bombardment')").asInt(), w[i]);
            assertEquals(shift[i], js(g, "rules.weather.shifts()['combat-support']").asInt(), w[i]);
            assertEquals(drm[i], js(g, "rules.weather.drm('air-contact')").asInt(), w[i]);
            assertEquals(drm[i], js(g, "rules.weather.drm()").asInt(), "7.2 CCT drm in " + w[i]);
            assertEquals(zoc[i], js(g, "rules.weather.zocReduction()").asInt(), w[i]);
        }
    }
}
