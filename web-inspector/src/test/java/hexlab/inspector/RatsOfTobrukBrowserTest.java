package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rats of Tobruk in the inspector, on a small position of its own (the project's rules copied, the
 * scenario's pieces replaced): the fog of war per side (1.1: view as the Axis shows an Allied company in a far
 * bunker as a counter's back, the Allies see it whole), the line of sight and observation range of a
 * selected unit (overlay line-of-sight), the bunkers and the ditch/wire sides they face by (overlay
 * facing, hexsides drawn as bars) and an opportunity fire (11.4) in the log.
 */
@ExtendWith(FailureShots.class)
class RatsOfTobrukBrowserTest {
    static final String MG = "de-mg2-1", AT = "au-2-3-a", FAR = "au-2-24-a";

    /**
     * The project's rule files, the Battle of the Salient's scenario file replaced by a small position
     * (its turn record kept): an MG company of 2 MG Btl east of the 2/3 anti-tank guns; no sandstorm.
     */
    static Path root(Path dir) throws IOException {
        Path from = Roots.project(), to = dir.resolve("root");
        for (String d : new String[] {"tables", "rules-scripts", "scenarios"}) {
            try (var files = Files.walk(from.resolve(d))) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Path t = to.resolve(from.relativize(f).toString());
                    if (Files.isDirectory(f)) Files.createDirectories(t);
                    else Files.copy(f, t);
                }
            }
        }
        Files.writeString(to.resolve("scenarios/rats-of-tobruk/battle-of-the-salient.yaml"), """
                id: battle-of-the-salient
                name: "opportunity fire (a test position)"
                source: test
                status: placeholder
                note: "a test position"
                map: main
                turns: {first: 1, last: 20}
                special:
                  first-chit: {side: axis, rule: "17.9"}
                  entry:
                    axis: {zones: [west-edge, south-edge]}
                pieces:
                  - {id: de-mg2-1, side: axis, hex: "3029"}
                  - {id: de-mg2-hq, side: axis, hex: "3030"}
                  - {id: au-2-3-a, side: allied, hex: "3023"}
                  - {id: au-2-3-hq, side: allied, hex: "3022"}
                  - {id: au-2-24-a, side: allied, hex: "1020"}
                  - {id: au-2-24-hq, side: allied, hex: "1120"}
                """);
        // every turn clear: no direct fire in a sandstorm (14.1)
        Path weather = to.resolve("tables/rats-of-tobruk/weather.yaml");
        Files.writeString(weather, Files.readString(weather).replace("6: sandstorm}", "6: clear}"));
        return to;
    }

    static JsonNode action(JsonNode position, String fragment) {
        for (JsonNode a : position.path("actions")) if (Json.write(a).contains(fragment)) return a;
        throw new AssertionError("no action with " + fragment + " among " + position.path("actions"));
    }

    static List<String> backs(Browser b) {
        return b.all("svg.board g.counter[data-back]").stream().map(e -> e.getAttribute("data-piece")).sorted().toList();
    }

    static void viewAs(Browser b, String side) {
        b.andWait(() -> new Select(b.find("#view-as")).selectByValue(side));
        b.until(d -> side.equals(b.body("viewAs")), "the page to show the game as " + side);
    }

    @Test
    void fogPerSideLineOfSightBunkerFacingsAndOpportunityFireInTheLog(@TempDir Path dir) throws IOException {
        InspectorServer server = InspectorServer.start(root(dir), "127.0.0.1", 0);
        try (Browser b = new Browser()) {
            FailureShots.browser = () -> b;
            Http http = new Http(server.port());
            String id = http.ok(http.post("/api/games", "{\"system\":\"rats-of-tobruk\",\"scenario\":\"battle-of-the-salient\",\"seed\":1}")).path("id").asText();
            JsonNode p = http.ok(http.get("/api/games/" + id)).path("position");
            assertEquals("clear", p.path("state").path("weather").asText());
            // 17.9: the German player picks the MG battalion's chit; its company moves to 3026, three hexes from the guns
            for (int guard = 0; guard < 10 && !Json.write(p.path("actions")).contains("\"MG2\""); guard++) {
                p = http.ok(http.post("/api/games/" + id + "/act", "{\"index\":0}")).path("position");
            }
            p = http.ok(http.post("/api/games/" + id + "/act", "{\"action\":" + Json.write(action(p, "\"MG2\"")) + "}")).path("position");
            p = http.ok(http.post("/api/games/" + id + "/act", "{\"action\":{\"do\":\"move\",\"units\":[\"" + MG + "\"],\"to\":\"3026\"}}")).path("position");
            assertEquals("allied", p.path("toAct").asText(), "11.4: the Allied guns may fire as the company enters 3026: " + p);
            p = http.ok(http.post("/api/games/" + id + "/act", "{\"action\":" + Json.write(action(p, "\"unit\":\"" + AT + "\"")) + "}")).path("position");

            b.driver.get("http://127.0.0.1:" + server.port() + "/?g=" + id + "#game=" + id);
            b.until(d -> "true".equals(b.body("boardReady")) && b.body("busy") == null, "the board of the test position");

            // 1.1 fog of war, per side: the company in the bunker 1020 is far beyond the Axis units' sight
            viewAs(b, "axis");
            assertTrue(backs(b).contains("hidden allied 1020"), "as the Axis: the far company is a counter's back: " + backs(b));
            assertFalse(b.all("svg.board g.counter[data-piece='" + AT + "']").isEmpty(), "the guns that fired, three hexes off, it sees");
            assertTrue(b.all("svg.board g.counter[data-piece='" + FAR + "']").isEmpty(), "and is not named");
            viewAs(b, "allied");
            assertTrue(backs(b).stream().noneMatch(x -> x.contains("allied")), "the Allies see their own: " + backs(b));
            assertFalse(b.all("svg.board g.counter[data-piece='" + FAR + "']").isEmpty());
            viewAs(b, "designer");
            assertEquals("axis", b.find("svg.board g.counter[data-piece='" + FAR + "']").getAttribute("data-hidden-from"), "the designer sees it, marked");
            InspectorBrowserTest.keepOf(b, "rats-view-as-designer.png");

            // line of sight and observation range of a selected unit: each hex within 10 of the guns, in sight or hidden
            b.find("input[data-overlay=line-of-sight]").click();
            b.find("svg.board g.counter[data-piece='" + AT + "']").click();
            b.until(d -> b.all("svg.board polygon.ov[data-overlay=line-of-sight]").size() > 0, "the line of sight of the selected guns");
            assertEquals("in sight", b.find("svg.board polygon.ov[data-overlay=line-of-sight][data-hex='3026']").getAttribute("data-value"));
            assertTrue(b.all("svg.board polygon.ov[data-overlay=line-of-sight][data-value='hidden']").size() > 0, "hexes behind the hills 3322 and 2526");
            assertTrue(b.all("svg.board polygon.ov[data-overlay=line-of-sight][data-hex='3034']").isEmpty(), "11 hexes off: beyond observation");

            // bunkers (any direction) and the ditch/wire sides, drawn on their hexsides
            b.find("input[data-overlay=facing]").click();
            b.until(d -> b.all("svg.board line.ov-side[data-overlay=facing]").size() > 0, "the ditch/wire sides drawn");
            assertEquals("bunker (any direction)", b.find("svg.board polygon.ov[data-overlay=facing][data-hex='1020']").getAttribute("data-value"));
            for (WebElement side : b.all("svg.board line.ov-side[data-overlay=facing]")) assertEquals("ditch/wire side", side.getAttribute("data-value"));
            assertTrue(b.all("#overlay-legend .ov-key[data-overlay=facing] .swatch").size() >= 2, "a legend for the bunkers and the sides");
            InspectorBrowserTest.keepOf(b, "rats-overlays.png");

            // the opportunity fire in the log, its trace under 11.4
            b.find("nav#tabs button[data-tab=log]").click();
            List<WebElement> rows = b.all("#log-list .log-entry");
            WebElement row = rows.get(rows.size() - 1);
            assertTrue(row.getText().contains("allied") && row.getText().contains("fire 2/3 A-Tk A Bty on MG-Btl 2 1. Kp"), "the last action, the guns' fire: " + row.getText());
            row.findElement(By.cssSelector(".row")).click();
            b.until(d -> b.all("#log-list .log-entry.open .trace").size() > 0, "its trace opened");
            String trace = b.find("#log-list .log-entry.open .trace").getText();
            assertTrue(trace.contains("opportunity-fires (11.4) at") && trace.contains("11.4"), trace);
            InspectorBrowserTest.keepOf(b, "rats-opportunity-fire.png");
        } finally {
            FailureShots.browser = () -> null;
            server.stop();
        }
    }
}
