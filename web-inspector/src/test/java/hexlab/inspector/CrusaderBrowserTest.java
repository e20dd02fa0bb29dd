package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One full turn of Crusader in the browser, once tables/crusader loads and starts; skipped with the reason until then. */
@ExtendWith(FailureShots.class)
class CrusaderBrowserTest {
    @Test
    void stepsThroughOneFullTurnOfCrusader() {
        InspectorServer server = InspectorServer.start(Roots.project(), "127.0.0.1", 0);
        try {
            Http http = new Http(server.port());
            JsonNode systems = http.ok(http.get("/api/systems"));
            boolean loads = false;
            for (JsonNode s : systems.path("systems")) loads |= "crusader".equals(s.path("id").asText());
            if (!loads) {
                String why = "not found";
                for (JsonNode f : systems.path("failed")) if ("crusader".equals(f.path("id").asText())) why = f.path("error").asText();
                skip("crusader does not load yet: " + why);
            }
            Http.Reply created = http.post("/api/games", "{\"system\":\"crusader\",\"scenario\":\"campaign\",\"seed\":1}");
            if (created.status() != 201) skip("crusader does not start yet: " + created.json().path("error").asText());
            String id = created.json().path("id").asText();
            int firstTurn = created.json().path("position").path("turn").asInt();
            try (Browser b = new Browser()) {
                FailureShots.browser = () -> b;
                b.driver.get("http://127.0.0.1:" + server.port() + "/#game=" + id);
                b.until(d -> "true".equals(b.body("boardReady")) && b.body("rev") != null, "the crusader board");
                assertTrue(b.all("svg.board polygon.hex").size() > 100, "the Crusader map is drawn");
                try {
                    // random bots: a turn of a few hundred decisions; the page runs them slice by slice
                    for (WebElement s : b.all("#bot-picks select")) new Select(s).selectByValue("random");
                    b.find("#controls button[data-until=turn]").click();
                    b.until(d -> (!String.valueOf(firstTurn).equals(b.body("turn")) || "true".equals(b.body("over"))) && b.body("busy") == null,
                            "one full turn of Crusader", java.time.Duration.ofMinutes(20));
                    b.find("nav#tabs button[data-tab=log]").click();
                    assertEquals(Integer.parseInt(b.body("cursor")) + 1, b.all("#log-list .log-entry").size());
                    b.screenshot(FailureShots.dir().getParent().resolve("screenshots").resolve("crusader-after-one-turn.png"));
                } catch (RuntimeException | AssertionError e) {
                    // the browser closes with this block: take the failure's picture now
                    b.screenshot(FailureShots.dir().resolve("CrusaderBrowserTest-stepsThroughOneFullTurnOfCrusader.png"));
                    throw e;
                }
            } finally {
                FailureShots.browser = () -> null;
            }
        } finally {
            server.stop();
        }
    }

    private static void skip(String why) {
        System.out.println("CrusaderBrowserTest skipped: " + why);
        Assumptions.abort(why);
    }
}
