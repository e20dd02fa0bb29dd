package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.support.ui.Select;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Switching systems in the header starts a game of the new system whose bots are asked about its
 * own sides: every system the server lists with a scenario is chosen in turn (and the first again),
 * and bots step a few decisions in each without an error. Takes the screenshots of each system at
 * 1440x900 and 1024x768.
 */
@ExtendWith(FailureShots.class)
class SystemSwitchBrowserTest {
    @Test
    void switchingSystemsStepsTheBotsOfTheNewSystemsSides() {
        InspectorServer server = InspectorServer.start(Roots.project(), "127.0.0.1", 0);
        try (Browser b = new Browser()) {
            FailureShots.browser = () -> b;
            Http http = new Http(server.port());
            List<String> playable = new ArrayList<>();
            for (JsonNode s : http.ok(http.get("/api/systems")).path("systems")) if (!s.path("scenarios").isEmpty()) playable.add(s.path("id").asText());
            assertTrue(playable.size() >= 2, "at least two systems to switch between: " + playable);
            playable.add(playable.getFirst());
            b.driver.get("http://127.0.0.1:" + server.port() + "/");
            b.until(d -> "true".equals(b.body("boardReady")) && b.body("busy") == null, "the default game");
            List<String> shot = new ArrayList<>();
            for (String system : playable) {
                String before = b.body("gameId");
                b.js("const s = document.querySelector('#system'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))", system);
                b.until(d -> !String.valueOf(before).equals(b.body("gameId")) && b.body("busy") == null, "a new game of " + system);
                assertEquals(system, new Select(b.find("#system")).getFirstSelectedOption().getAttribute("value"));
                JsonNode sides = http.ok(http.get("/api/games/" + b.body("gameId"))).path("game").path("system").path("sides");
                List<String> picks = new ArrayList<>();
                b.all("#bot-picks select").forEach(e -> picks.add(e.getAttribute("data-side")));
                assertEquals(sides.size(), picks.size(), system + ": one bot per side, " + picks);
                for (JsonNode side : sides) assertTrue(picks.contains(side.asText()), system + ": a bot for " + side.asText());
                for (int i = 0; i < 3; i++) {
                    String rev = b.body("rev");
                    b.find("#step").click();
                    b.until(d -> (!String.valueOf(rev).equals(b.body("rev")) || b.find("#banner").getAttribute("class").contains("error")) && b.body("busy") == null,
                            system + ": a bot step answered");
                    String banner = b.find("#banner").getAttribute("class");
                    assertFalse(banner.contains("error") || banner.contains("warn"), system + ": a bot step failed: " + b.find("#banner").getText());
                }
                assertTrue(Integer.parseInt(b.body("cursor")) >= 1, system + ": the bots stepped");
                // the screenshots of docs/: each system as it opens, on a laptop's screen and a small one
                if (!shot.contains(system)) {
                    shot.add(system);
                    for (int[] size : new int[][] {{1440, 900}, {1024, 768}}) {
                        b.viewport(size[0], size[1]);
                        b.js("document.querySelector('#zoom-read').click()");
                        InspectorBrowserTest.keepOf(b, system + "-" + size[0] + "x" + size[1] + ".png");
                    }
                    b.viewport(1280, 800);
                }
            }
        } finally {
            FailureShots.browser = () -> null;
            server.stop();
        }
    }
}
