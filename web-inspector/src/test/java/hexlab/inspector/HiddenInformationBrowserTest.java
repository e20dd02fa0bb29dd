package hexlab.inspector;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "View as" in real headless Chromium on the toy's ambush (toy rule 6, face-down units): the side
 * to act by default, then each side and the designer, and the hidden pieces change with it.
 */
@ExtendWith(FailureShots.class)
class HiddenInformationBrowserTest {
    static InspectorServer server;
    static Http http;
    static Browser browser;
    static String base;

    @BeforeAll
    static void start() {
        server = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        http = new Http(server.port());
        base = "http://127.0.0.1:" + server.port() + "/";
        browser = new Browser();
        FailureShots.browser = () -> browser;
    }

    @AfterAll
    static void stop() {
        FailureShots.browser = () -> null;
        if (browser != null) browser.close();
        if (server != null) server.stop();
    }

    static List<String> on(String css, String attribute) {
        return browser.all("svg.board g.counter" + css).stream().map(e -> e.getAttribute(attribute)).sorted().toList();
    }

    static void viewAs(String value, String seen) {
        browser.andWait(() -> new Select(browser.find("#view-as")).selectByValue(value));
        browser.until(d -> seen.equals(browser.body("viewAs")), "the page to show the game as " + seen);
    }

    @Test
    void switchingViewAsShowsEachSideItsOwnFaceDownUnitsAndTheOthersAsBacksAndTheDesignerEverythingMarked() {
        String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"ambush\",\"seed\":1}")).path("id").asText();
        String toAct = http.ok(http.get("/api/games/" + id)).path("position").path("toAct").asText();
        browser.driver.get(base + "?g=" + id + "#game=" + id);
        browser.until(d -> "true".equals(browser.body("boardReady")) && toAct.equals(browser.body("viewAs")) && browser.body("busy") == null,
                "the board drawn as the side to act, " + toAct);
        WebElement control = browser.find("#view-as");
        assertTrue(control.isDisplayed(), "a game with hidden pieces offers view as");
        assertEquals("auto", new Select(control).getFirstSelectedOption().getAttribute("value"), "a hot-seat game is seen by the side to act");

        viewAs("red", "red");
        assertEquals(List.of("face-down blue 0503", "face-down blue 0504", "face-down blue 0604"), on("[data-back]", "data-piece"));
        assertEquals(List.of("b1", "r1", "r2", "r3", "r4"), on(":not([data-back])", "data-piece"), "red's own face-down r4 whole, blue's b1 face up");
        assertTrue(browser.find("svg.board g.counter[data-back] text.c-name").getText().equals("?"));
        InspectorBrowserTest.keepOf(browser, "view-as-red.png");

        viewAs("blue", "blue");
        assertEquals(List.of("face-down red 0105"), on("[data-back]", "data-piece"));
        assertEquals(List.of("b1", "b2", "b3", "b4", "r1", "r2", "r3"), on(":not([data-back])", "data-piece"));

        viewAs("designer", "designer");
        assertEquals(List.of(), on("[data-back]", "data-piece"));
        assertEquals(List.of("b2", "b3", "b4", "r4"), on("[data-hidden-from]", "data-piece"), "the designer sees every unit, the hidden ones marked");
        assertEquals("red", browser.find("svg.board g.counter[data-piece=b4]").getAttribute("data-hidden-from"));
        assertTrue(browser.find("svg.board g.counter[data-piece=b4] title").getAttribute("textContent").contains("hidden from red: id, strength, ma"));
        InspectorBrowserTest.keepOf(browser, "view-as-designer.png");
    }
}
