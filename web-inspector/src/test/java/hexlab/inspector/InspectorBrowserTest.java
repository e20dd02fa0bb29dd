package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The inspector in real headless Chromium on the toy system: the board, a full turn by clicks,
 * keys and bots, a refusal, an erratum changing an overlay, undo and branches, save and reload,
 * a combat's trace with its table cell, and the compare view. Saves the screenshots of docs/.
 */
@ExtendWith(FailureShots.class)
class InspectorBrowserTest {
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

    /** A game made through the API (seed chosen), opened in the page. */
    static String open(long seed) {
        String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":" + seed + "}")).path("id").asText();
        browser.driver.get(base + "?g=" + id + "#game=" + id);
        ready();
        return id;
    }

    static void ready() {
        browser.until(d -> "true".equals(browser.body("boardReady")) && browser.body("rev") != null && browser.body("busy") == null, "the board to be drawn");
        browser.until(d -> browser.all("svg.board g.counter").size() > 0, "counters on the board");
    }

    static JsonNode game(String id) { return http.ok(http.get("/api/games/" + id)); }

    static int cursor() { return Integer.parseInt(browser.body("cursor")); }

    static void tab(String name) { browser.find("nav#tabs button[data-tab=" + name + "]").click(); }

    static void key(CharSequence k) { new Actions(browser.driver).sendKeys(k).perform(); }

    /** Screenshots of the working inspector go to target/screenshots/, and to docs/ when asked (-Ddocs.screenshots=DIR). */
    static void keep(String name) { keepOf(browser, name); }

    static void keepOf(Browser b, String name) {
        b.screenshot(FailureShots.dir().getParent().resolve("screenshots").resolve(name));
        String d = System.getProperty("inspector.docs");
        if (d != null && !d.isBlank()) b.screenshot(Path.of(d).toAbsolutePath().resolve(name));
    }

    static void setBots(String bot) {
        for (WebElement s : browser.all("#bot-picks select")) new Select(s).selectByValue(bot);
    }

    @Test
    void opensOnTheDefaultGameAndDrawsTheBoardWithinASecond() throws IOException {
        browser.driver.get(base);
        ready();
        String first = paint("first page (the default game started with the server)");
        assertEquals(48, browser.all("svg.board polygon.hex").size());
        assertEquals(6, browser.all("svg.board g.counter").size());
        assertTrue(browser.find("#breadcrumb").getText().contains("turn 1"));
        assertEquals("toy", new Select(browser.find("#system")).getFirstSelectedOption().getAttribute("value"));
        // hex ids show once zoomed in
        for (int i = 0; i < 3; i++) browser.find("#zoom-in").click();
        browser.until(d -> browser.find("svg.board").getAttribute("class").contains("show-ids"), "hex ids once zoomed");
        browser.find("#zoom-fit").click();
        // nothing scrolls sideways at 1280x800
        assertEquals(Boolean.TRUE, browser.js("return document.documentElement.scrollWidth <= window.innerWidth"));
        assertEquals(Boolean.TRUE, browser.js("const c = document.querySelector('#controls'); return c.scrollWidth <= c.clientWidth"));
        assertEquals(Boolean.TRUE, browser.js("const c = document.querySelector('#top'); return c.scrollWidth <= c.clientWidth"));
        // a second page starts a game of its own
        browser.driver.get(base + "?again=1");
        ready();
        String again = paint("a later page (a new game started on load)");
        Path report = FailureShots.dir().getParent().resolve("first-paint.txt");
        Files.createDirectories(report.getParent());
        Files.writeString(report, first + again);
        System.out.print(first + again);
    }

    /** First contentful paint and the board's first drawing, from the page's performance entries. */
    private static String paint(String what) {
        Number fcp = (Number) browser.js("const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null");
        Number board = (Number) browser.js("const e = performance.getEntriesByName('board-drawn')[0]; return e ? e.startTime : null");
        assertTrue(fcp == null || fcp.doubleValue() < 1000, "first paint " + fcp + " ms");
        return String.format(Locale.ROOT, "browser, %s: first contentful paint %s ms, board drawn %s ms%n", what,
                fcp == null ? "n/a" : String.format(Locale.ROOT, "%.0f", fcp.doubleValue()), board == null ? "n/a" : String.format(Locale.ROOT, "%.0f", board.doubleValue()));
    }

    @Test
    void stepsThroughAFullTurnByClicksKeysAndBots() {
        String id = open(7);
        // the first decision: which impulse; take it from the list of actions
        browser.andWait(() -> browser.find("#action-list button[title='{\"do\":\"impulse\",\"impulse\":\"movement\"}']").click());
        assertTrue(browser.find("#breadcrumb").getText().contains("movement"));
        // a move by clicks: the piece, then a highlighted destination
        JsonNode move = null;
        JsonNode p = game(id).path("position");
        for (JsonNode a : p.path("actions")) {
            if (!"move".equals(a.path("do").asText())) continue;
            String to = a.path("to").asText();
            boolean empty = true;
            for (JsonNode piece : p.path("state").path("pieces")) if (to.equals(piece.path("hex").asText())) empty = false;
            if (empty) { move = a; break; }
        }
        assertTrue(move != null, "a move to an empty hex");
        String unit = move.path("unit").asText(), to = move.path("to").asText();
        browser.find("svg.board g.counter[data-piece='" + unit + "']").click();
        WebElement dest = browser.visible("svg.board polygon.dest[data-hex='" + to + "']");
        browser.andWait(dest::click);
        assertEquals(2, cursor());
        assertEquals(to, game(id).path("position").path("state").path("pieces").path(unit).path("hex").asText());
        // the answer sent only what changed (a patch), and the board drew the piece where the server has it
        assertTrue(Integer.parseInt(java.util.Objects.requireNonNullElse(browser.body("statePatches"), "0")) >= 1, "the step came as a patch");
        assertEquals(to, browser.find("svg.board g.counter[data-piece='" + unit + "']").getAttribute("data-hex"));
        // a click on a hex the piece cannot reach is refused with the reason and rule
        JsonNode p2 = game(id).path("position");
        String other = null;
        for (JsonNode a : p2.path("actions")) if ("move".equals(a.path("do").asText())) { other = a.path("unit").asText(); break; }
        assertTrue(other != null, "another unit to move");
        browser.find("svg.board g.counter[data-piece='" + other + "']").click();
        browser.visible("svg.board polygon.dest");
        browser.andWait(() -> browser.find("svg.board polygon.hex[data-hex='0806']").click());
        assertTrue(browser.visible("#refusal").getText().contains("rule 3.1"), browser.find("#refusal").getText());
        assertEquals(2, cursor());
        // keys: u undoes the move (no die was rolled), the right arrow walks forward along the line again
        key(Keys.ESCAPE);
        browser.andWait(() -> key("u"));
        assertEquals(1, cursor());
        browser.andWait(() -> key(Keys.ARROW_RIGHT));
        assertEquals(2, cursor());
        assertEquals(to, game(id).path("position").path("state").path("pieces").path(unit).path("hex").asText());
        // bots finish the turn
        setBots("random");
        browser.andWait(() -> browser.find("#controls button[data-until=turn]").click());
        browser.until(d -> "2".equals(browser.body("turn")) || "true".equals(browser.body("over")), "turn 2");
        // after a turn of patches the board still matches the server's state, piece by piece
        for (var e : game(id).path("position").path("state").path("pieces").properties()) {
            String hex = e.getValue().path("hex").asText("");
            List<WebElement> drawn = browser.driver.findElements(By.cssSelector("svg.board g.counter[data-piece='" + e.getKey() + "']"));
            if (hex.isEmpty()) assertTrue(drawn.isEmpty(), e.getKey() + " is off the map");
            else assertEquals(hex, drawn.get(0).getAttribute("data-hex"), e.getKey());
        }
        tab("log");
        assertEquals(cursor() + 1, browser.all("#log-list .log-entry").size());
        key("?");
        assertTrue(browser.visible("#keys-dialog").getText().contains("undo"));
        key(Keys.ESCAPE);
    }

    @Test
    void anErratumChangesTheReachOverlayOfTheSelectedUnit() throws IOException {
        open(7);
        browser.find("input[data-overlay=zoc]").click();
        new Select(browser.find("#overlay-side")).selectByValue("blue");
        browser.find("input[data-overlay=reach]").click();
        browser.find("svg.board g.counter[data-piece='r1']").click();
        browser.until(d -> browser.all("svg.board polygon.ov[data-overlay=reach]").size() > 0, "the reach of r1");
        int before = browser.all("svg.board polygon.ov[data-overlay=reach]").size();
        assertTrue(browser.all("svg.board text.ov-label").size() > 0, "MP costs printed");
        assertTrue(browser.all("svg.board polygon.ov[data-overlay=zoc]").size() > 0);
        // each overlay shown has its legend: its values in the colours the board gives them
        for (String o : new String[] {"zoc", "reach"}) {
            assertTrue(!browser.all("#overlay-legend .ov-key[data-overlay=" + o + "] .swatch").isEmpty(), "a legend for " + o);
        }
        keep("board-overlay.png");
        tab("rules");
        browser.andWait(() -> browser.find("input[data-erratum=cheap-rough]").click());
        browser.until(d -> browser.find("#variant-id").getText().contains("cheap-rough"), "the new variant");
        browser.until(d -> browser.all("svg.board polygon.ov[data-overlay=reach]").size() > before, "a larger reach under cheap-rough (MA + 1, rough 2)");
        assertTrue(browser.find("#banner").getText().contains("re-evaluated"), browser.find("#banner").getText());
        assertTrue(browser.visible("#variant-report").getText().contains("same position"));
    }

    @Test
    void aClickedHexIsMarkedAndLineOfSightIsDrawnFromIt() {
        open(7);
        browser.find("input[data-overlay=line-of-sight]").click();
        browser.find("svg.board polygon.hex[data-hex='0303']").click();
        browser.until(d -> browser.all("svg.board polygon.marked[data-marked='0303']").size() == 1, "0303 marked");
        browser.until(d -> browser.all("svg.board polygon.ov[data-overlay=line-of-sight]").size() > 0, "line of sight from 0303");
        assertEquals("hidden", browser.find("svg.board polygon.ov[data-overlay=line-of-sight][data-hex='0603']").getAttribute("data-value"));
        assertEquals("in sight", browser.find("svg.board polygon.ov[data-overlay=line-of-sight][data-hex='0403']").getAttribute("data-value"));
        browser.find("svg.board polygon.hex[data-hex='0303']").click();
        browser.until(d -> browser.all("svg.board polygon.marked").isEmpty() && browser.all("svg.board polygon.ov[data-overlay=line-of-sight]").isEmpty(), "unmarked, nothing to see from");
    }

    @Test
    void botsRunToTheTurnAndPhaseTypedIn() {
        open(7);
        setBots("random");
        browser.find("#run-turn").sendKeys("2");
        browser.find("#run-at").sendKeys("movement");
        browser.andWait(() -> browser.find("#run-to button").click());
        browser.until(d -> "2".equals(browser.body("turn")) && browser.find("#breadcrumb").getText().contains("movement"), "turn 2, in a movement impulse");
        assertTrue(browser.find("#banner").getText().contains("game-turn 2 at"), browser.find("#banner").getText());
    }

    @Test
    void undoJumpAndBranchKeepTheOldLine() {
        String id = open(7);
        tab("rules");
        assertTrue(browser.find("#undo-rule").isSelected(), "undo may not cross a die roll: on by default");
        setBots("random");
        browser.andWait(() -> browser.find("#controls button[data-until=turn]").click());
        int length = cursor();
        tab("log");
        // with the rule on, going back past a roll is refused
        browser.find("#log-list .log-entry[data-n='3'] button.jump").click();
        browser.until(d -> browser.find("#banner").getText().contains("undo may not cross a die roll"), "the refusal to go back past a roll");
        browser.settle();
        assertEquals(length, cursor());
        tab("rules");
        browser.find("#undo-rule").click();
        browser.until(d -> !browser.find("#undo-rule").isSelected() && browser.body("busy") == null, "the rule off");
        tab("log");
        browser.andWait(() -> browser.find("#log-list .log-entry[data-n='3'] button.jump").click());
        assertEquals(3, cursor());
        assertEquals(length - 3, browser.all("#log-list .log-entry.future").size());
        JsonNode recorded = game(id).path("log").path("entries").get(4).path("action");
        tab("actions");
        WebElement different = null;
        for (WebElement b : browser.all("#action-list button")) if (!Json.read(b.getAttribute("title")).equals(recorded)) different = b;
        assertTrue(different != null, "another action than the recorded one");
        WebElement d0 = different;
        browser.andWait(d0::click);
        assertEquals(4, cursor());
        tab("lines");
        assertEquals(2, browser.all("#tab-lines .line-item").size());
        browser.andWait(() -> browser.find("#tab-lines .line-item[data-line='l1']").click());
        assertEquals(length, cursor());
    }

    @Test
    void aSaveDownloadsAndLoadsBackIdentically() throws Exception {
        open(7);
        setBots("random");
        browser.andWait(() -> browser.find("#controls button[data-until=turn]").click());
        int at = cursor();
        browser.find("#save").click();
        Path file = browser.until(d -> {
            try (Stream<Path> s = Files.list(browser.downloads)) {
                return s.filter(f -> f.toString().endsWith(".json")).findFirst().orElse(null);
            } catch (IOException e) {
                return null;
            }
        }, "the save to download");
        JsonNode save = Json.read(Files.readString(file));
        assertEquals(at, save.path("actions").size());
        browser.driver.get(base + "?fresh=1");
        ready();
        browser.andWait(() -> browser.find("#load").sendKeys(file.toString()));
        assertTrue(browser.visible("#load-summary").getText().contains("replays identically"), browser.find("#load-summary").getText());
        assertEquals(at, cursor());
        new Actions(browser.driver).sendKeys(Keys.ESCAPE).perform();
    }

    /** The id of the piece drawn on top in the hex of {@code piece} (a stack's last by id). */
    static String topOf(JsonNode position, String piece) {
        JsonNode ps = position.path("state").path("pieces");
        String hex = ps.path(piece).path("hex").asText(), top = null;
        for (var it = ps.fieldNames(); it.hasNext(); ) {
            String id = it.next();
            if (hex.equals(ps.path(id).path("hex").asText()) && (top == null || id.compareTo(top) > 0)) top = id;
        }
        return top;
    }

    /** The counter on top of a hex. */
    static WebElement topAt(String hex) {
        List<WebElement> here = browser.all("svg.board g.counter[data-hex='" + hex + "']");
        return here.get(here.size() - 1);
    }

    /** Clicks a unit: its counter, or when it stands in a stack, the top one and then the unit in the stack's list. */
    static void clickUnit(String piece, String hex) {
        boolean stacked = browser.all("svg.board g.counter[data-hex='" + hex + "']").size() > 1;
        topAt(hex).click();
        if (stacked) browser.visible("#chooser button.stack-unit[data-piece='" + piece + "']").click();
    }

    @Test
    void hoveringAnEnemyTheSelectedUnitMayAttackPreviewsTheAttackTheClickThenResolves() {
        // toy 4.1: an attack is one action, so the click on the enemy resolves it; the preview comes on hover
        // (an attack on the counter on top of its hex, which a click reaches without opening a stack)
        String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":6}")).path("id").asText();
        JsonNode attack = null;
        for (int i = 0; i < 400 && attack == null; i++) {
            JsonNode p = game(id).path("position");
            for (JsonNode a : p.path("actions")) if ("attack".equals(a.path("do").asText()) && a.path("target").asText().equals(topOf(p, a.path("target").asText()))) { attack = a; break; }
            if (attack == null) http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"}}"));
        }
        assertTrue(attack != null, "an attack offered within 400 actions");
        String unit = attack.path("unit").asText(), target = attack.path("target").asText();
        String hex = game(id).path("position").path("state").path("pieces").path(target).path("hex").asText();
        browser.driver.get(base + "?g=" + id + "#game=" + id);
        ready();
        int before = cursor();
        JsonNode pieces = game(id).path("position").path("state").path("pieces");
        clickUnit(unit, pieces.path(unit).path("hex").asText());
        new Actions(browser.driver).moveToElement(topAt(hex)).perform();
        browser.until(d -> hex.equals(browser.body("previewHover")) && "1".equals(browser.body("previewFires")), "the attack previewed on hover");
        JsonNode shown = Json.read((String) browser.js("return JSON.stringify(window.hexlab.preview)"));
        assertTrue(shown.path("fires").get(0).path("label").asText().equals(unit + " attacks " + target), shown.toString());
        assertEquals(6, browser.all("#combat-preview .results-row td[data-die]").size(), "a result for each face of the d6 (4.2)");
        assertEquals(1, browser.all("svg.board line.attack-arrow").size(), "an arrow from the attacker to the enemy");
        // moving off the enemy puts the preview away; back on it, the click attacks
        new Actions(browser.driver).moveToElement(browser.find("#prompt")).perform();
        browser.until(d -> "0".equals(browser.body("previewFires")), "the preview gone off the enemy");
        new Actions(browser.driver).moveToElement(topAt(hex)).perform();
        browser.until(d -> "1".equals(browser.body("previewFires")), "the preview back on the enemy");
        browser.andWait(() -> topAt(hex).click());
        assertEquals(before + 1, cursor(), "the click made the attack");
        String column = shown.path("fires").get(0).path("column").path("label").asText();
        boolean resolved = false;
        for (JsonNode e : game(id).path("log").path("entries")) {
            for (JsonNode t : e.path("events")) if ("combat/crt".equals(t.path("table").asText()) && column.equals(t.path("cell").path("column").asText())) resolved = true;
        }
        assertTrue(resolved, "the attack resolved on the column previewed (" + column + ")");
    }

    @Test
    void aCombatTraceShowsItsTableCellAndOpensTheTable() throws IOException {
        open(6);
        setBots("aggressive");
        browser.andWait(() -> browser.find("#controls button[data-until=end]").click());
        browser.until(d -> "true".equals(browser.body("over")), "the end of the game");
        tab("log");
        WebElement row = null;
        for (WebElement e : browser.all("#log-list .log-entry")) {
            if (!e.findElements(By.cssSelector(".res[data-table='combat/crt']")).isEmpty()) { row = e; break; }
        }
        assertTrue(row != null, "an entry with a combat result");
        row.findElement(By.cssSelector(".row")).click();
        WebElement link = browser.visible("#log-list .log-entry.open a.table-link[data-table='combat/crt']");
        WebElement item = link.findElement(By.xpath("./ancestor::div[contains(@class,'trace-item')]"));
        String cell = item.findElement(By.cssSelector(".cell")).getText();
        String result = item.findElement(By.cssSelector(".res")).getText();
        assertTrue(cell.matches("row \\d · column \\d:\\d"), cell);
        assertTrue(browser.find("#log-list .log-entry.open .trace-item.roll").getText().contains("for combat"), "the die roll with its purpose");
        browser.js("arguments[0].scrollIntoView({block: 'center'})", item);
        keep("event-log-trace.png");
        link.click();
        WebElement dlg = browser.visible("#table-dialog");
        WebElement marked = browser.until(d -> dlg.findElements(By.cssSelector("td.mark")).stream().findFirst().orElse(null), "the marked cell");
        assertEquals(result, marked.getText());
        assertTrue(dlg.getText().contains("rule 4.2"));
        new Actions(browser.driver).sendKeys(Keys.ESCAPE).perform();
    }

    @Test
    void compareShowsTheFirstDivergenceSideBySide() throws IOException {
        open(6);
        setBots("aggressive");
        browser.andWait(() -> browser.find("#controls button[data-until=end]").click());
        tab("compare");
        browser.find("#compare-b input[data-erratum=gentler-crt]").click();
        browser.find("#compare-run").click();
        WebElement summary = browser.visible("#compare-summary");
        assertTrue(summary.getText().contains("first differ after action"), summary.getText());
        assertTrue(browser.all("#compare-steps .step.diff").size() > 0);
        browser.find("#compare-open").click();
        browser.visible("#compare-dialog");
        browser.until(d -> browser.all("#compare-dialog svg.board g.counter").size() > 0, "both boards");
        List<WebElement> halves = browser.all("#compare-dialog .half");
        assertEquals(2, halves.size());
        assertTrue(halves.get(1).getText().contains("gentler-crt"));
        assertTrue(browser.all("#compare-dialog svg.board g.counter.differs").size() > 0, "the pieces that differ are marked");
        assertTrue(!browser.all("#compare-differences li").isEmpty(), "a list says what differs");
        keep("compare.png");
        // at 1024x768 both boards still fit side by side on the screen
        browser.viewport(1024, 768);
        try {
            browser.until(d -> {
                @SuppressWarnings("unchecked")
                List<Number> r = (List<Number>) browser.js("const [a, b] = [...document.querySelectorAll('#compare-dialog .half .mini svg.board')].map(s => s.getBoundingClientRect());"
                        + "return [a.left, a.right, b.left, b.right, a.bottom, b.bottom, innerWidth, innerHeight, a.width, a.height]");
                return r.get(0).doubleValue() >= 0 && r.get(1).doubleValue() <= r.get(2).doubleValue() && r.get(3).doubleValue() <= r.get(6).doubleValue()
                        && r.get(4).doubleValue() <= r.get(7).doubleValue() && r.get(8).doubleValue() > 300 && r.get(9).doubleValue() > 200;
            }, "both compare boards side by side within 1024x768");
            keep("compare-1024x768.png");
        } finally {
            browser.viewport(1280, 800);
        }
        new Actions(browser.driver).sendKeys(Keys.ESCAPE).perform();
    }
}
