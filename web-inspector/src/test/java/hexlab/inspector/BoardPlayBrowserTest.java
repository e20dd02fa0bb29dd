package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Playing the real systems by clicks on the board only (no button of the Actions tab): Crusader's
 * movement phase (unit and hex in one action) and an attack, a whole Fall of Tobruk impulse (the
 * unit picked up by one action, its hex chosen by the next decision), a stack opened and a unit
 * chosen out of it. Choices that name no piece and no hex (end the phase, resolve) are the buttons
 * under the prompt.
 */
@ExtendWith(FailureShots.class)
class BoardPlayBrowserTest {
    static InspectorServer server;
    static Http http;
    static Browser b;
    static String base;

    @BeforeAll
    static void start() {
        server = InspectorServer.start(Roots.project(), "127.0.0.1", 0);
        http = new Http(server.port());
        base = "http://127.0.0.1:" + server.port() + "/";
        b = new Browser();
        FailureShots.browser = () -> b;
    }

    @AfterAll
    static void stop() {
        FailureShots.browser = () -> null;
        if (b != null) b.close();
        if (server != null) server.stop();
    }

    static String open(String system, String scenario) {
        String id = http.ok(http.post("/api/games", "{\"system\":\"" + system + "\",\"scenario\":\"" + scenario + "\",\"seed\":1}")).path("id").asText();
        b.driver.get("about:blank");
        b.driver.get(base + "#game=" + id);
        b.until(d -> "true".equals(b.body("boardReady")) && b.body("rev") != null && b.body("busy") == null, "the " + system + " board");
        return id;
    }

    static JsonNode game(String id) { return http.ok(http.get("/api/games/" + id)); }

    static String hexOf(String id, String piece) {
        return game(id).path("position").path("state").path("pieces").path(piece).path("hex").asText(null);
    }

    /** Clicks a counter (the top one of its hex); when its stack opens, the unit in the stack's list. */
    static void clickPiece(String piece, String hex) {
        b.js("hexlab.board.reveal(arguments[0])", hex);
        List<WebElement> here = b.all("#board svg.board g.counter[data-hex='" + hex + "']");
        String rev = b.body("rev");
        here.get(here.size() - 1).click();
        if (here.size() == 1) return;
        assertTrue(stackOpenWith(piece), "the stack in " + hex + " opens on a click, listing " + piece);
        assertEquals(here.size(), b.all("#chooser button.stack-unit").size(), "every unit of the stack listed");
        b.find("#chooser button.stack-unit[data-piece='" + piece + "']").click();
    }

    static boolean stackOpenWith(String piece) {
        return b.all("#chooser button.stack-unit[data-piece='" + piece + "']").stream().anyMatch(WebElement::isDisplayed);
    }

    /** Clicks a hex the board lights for the selection (or for the decision), one without counters. */
    static String clickLitHex() {
        @SuppressWarnings("unchecked")
        List<String> lit = (List<String>) b.js("const taken = new Set([...document.querySelectorAll('#board svg.board g.counter')].map(g => g.dataset.hex));"
                + "return [...document.querySelectorAll('svg.board polygon.dest')].map(p => p.dataset.hex).filter(h => !taken.has(h))");
        assertFalse(lit.isEmpty(), "the board lights a free hex");
        String hex = lit.get(lit.size() / 2);
        b.js("hexlab.board.reveal(arguments[0])", hex);
        b.andWait(() -> b.find("svg.board polygon.dest[data-hex='" + hex + "']").click());
        return hex;
    }

    static void choice(String verb) {
        b.andWait(() -> b.find("#choices button[data-choice*='\"do\":\"" + verb + "\"']").click());
    }

    /** A stack opens on a click, lists its units as counters (one is chosen), and says its totals on hover. */
    static void opensAStack(String totalsWord) {
        String stackHex = (String) b.js("const n = {}; for (const g of document.querySelectorAll('#board svg.board g.counter')) n[g.dataset.hex] = (n[g.dataset.hex] || 0) + 1;"
                + "return Object.keys(n).find(h => n[h] > 2) || null");
        assertTrue(stackHex != null, "a stack on the map");
        String top = b.js("hexlab.board.reveal(arguments[0]); const g = [...document.querySelectorAll(\"#board svg.board g.counter[data-hex='\" + arguments[0] + \"']\")]; return g[g.length - 1].dataset.piece", stackHex).toString();
        clickPiece(top, stackHex);
        assertTrue(b.all("#chooser button.stack-unit").isEmpty() || !b.find("#chooser").isDisplayed(), "the stack's list closes on a choice");
        assertTrue(b.body("selected") != null, "a unit chosen out of the stack is selected");
        int drawn = b.all("#board svg.board g.counter[data-hex='" + stackHex + "']").size();
        // the tooltip of each of its counters (on hover) says the stack's totals
        String tip = (String) b.js("return document.querySelector(\"#board svg.board g.counter[data-hex='\" + arguments[0] + \"'] title\").textContent", stackHex);
        assertTrue(tip.contains("stack: " + drawn + " units, ") && tip.contains(totalsWord), tip);
        InspectorBrowserTest.keepOf(b, "fall-of-tobruk-stack-opened.png");
        b.find("body").sendKeys(org.openqa.selenium.Keys.ESCAPE);
    }

    @Test
    void crusaderMovementPhaseAndAnAttackByClicks() {
        String id = open("crusader", "campaign");
        JsonNode pos = game(id).path("position");
        // three British units moved by a click on the unit and one on a lit hex
        List<String> movers = new ArrayList<>();
        for (JsonNode a : pos.path("actions")) {
            String u = a.path("unit").asText(null);
            if (u == null || movers.contains(u) || List.of("br-7rtr", "br-pol-bde", "br-14-bde").contains(u)) continue;
            movers.add(u);
            if (movers.size() == 3) break;
        }
        for (String u : movers) {
            String from = hexOf(id, u);
            clickPiece(u, from);
            b.until(d -> u.equals(b.body("selected")), u + " selected");
            assertTrue(Integer.parseInt(b.body("lit")) > 0, "the board lights " + u + "'s destinations");
            assertTrue(b.find("#action-filter").getText().contains("the actions of"), "the action list filters to the selected unit");
            String to = clickLitHex();
            assertEquals(to, hexOf(id, u), u + " moved by two clicks");
        }
        InspectorBrowserTest.keepOf(b, "crusader-moved-by-clicks.png");
        choice("done");
        assertTrue(game(id).path("position").path("breadcrumb").toString().contains("combat"), "the movement phase ended by the prompt's choice");
        // the attack: a click on the enemy hex, one on the attacker, then resolve
        String attacker = "br-7rtr", target = "0703";
        b.js("hexlab.board.reveal(arguments[0])", target);
        b.andWait(() -> b.find("#board svg.board g.counter[data-hex='" + target + "']").click());
        assertTrue(b.find("#prompt").getText().contains("attack on " + target), b.find("#prompt").getText());
        clickPiece(attacker, hexOf(id, attacker));
        b.until(d -> b.find("#prompt").getText().contains("7RTR"), "the attacker added (named as printed)");
        // the preview (7.0, 7.61): an arrow from the attacker to the defender, the differential, the column, the die's row
        JsonNode preview = previewShown(1);
        assertTrue(b.all("svg.board line.attack-arrow[data-to='" + target + "']").size() >= 1, "an arrow to " + target);
        JsonNode fire = preview.path("fires").get(0);
        assertEquals(6, b.all("#combat-preview .results-row td[data-die]").size(), "the results row: one cell for each face of the d6");
        assertTrue(b.find("#combat-preview").getText().contains("differential"), b.find("#combat-preview").getText());
        int before = game(id).path("position").path("cursor").asInt();
        choice("resolve");
        assertNotEquals(before, game(id).path("position").path("cursor").asInt());
        // the defender's final protective fire declined (8.46), by its choice under the prompt: the die is rolled
        choice("fpf-done");
        b.until(d -> "0".equals(b.body("previewFires")), "the preview cleared once the combat is resolved");
        b.find("nav#tabs button[data-tab=log]").click();
        List<WebElement> rows = b.all("#log-list .log-entry");
        String last = rows.get(rows.size() - 1).getAttribute("textContent");
        assertTrue(last.contains("fpf-done") && last.matches("(?s).*⇒.*differential.*die \\d.*"), "the combat's row states its result: " + last);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("column (\\S+), die (\\d): (\\w+)").matcher(last);
        assertTrue(m.find(), last);
        assertEquals(fire.path("column").path("label").asText(), m.group(1), "the column previewed is the one resolved: " + last);
        assertEquals(fire.path("results").get(Integer.parseInt(m.group(2)) - 1).path("result").asText(), m.group(3), "the previewed row's result for die " + m.group(2) + ": " + last);
        InspectorBrowserTest.keepOf(b, "crusader-attack-by-clicks.png");
        for (WebElement row : rows) assertFalse(row.getAttribute("textContent").matches("(?s).*\\bbr-[a-z0-9-]+.*"), "units named by designation in the log: " + row.getAttribute("textContent"));
    }

    /** Waits for the combat preview with at least {@code fires} fires and an arrow, and gives it as the rules answered it. */
    static JsonNode previewShown(int fires) {
        b.until(d -> b.body("previewFires") != null && Integer.parseInt(b.body("previewFires")) >= fires && !b.all("svg.board line.attack-arrow").isEmpty(), "the combat preview and its arrows");
        assertTrue(b.find("#combat-preview").isDisplayed());
        assertFalse(b.all("#combat-preview .rule").isEmpty(), "rule chips");
        return hexlab.kernel.util.Json.read((String) b.js("return JSON.stringify(window.hexlab.preview)"));
    }

    @Test
    void aFallOfTobrukCombatImpulseByClicksIsPreviewedAndResolvedAsPreviewed() {
        // random bots (by the API) to an impulse menu that offers a Combat Impulse (3.44) in which some
        // enemy hex's regular combat rolls with every eligible attacker (the seeds tried in turn; else
        // the last one's first hex, whose preview says it rolls no dice)
        String id = null, target = null;
        for (long seed = 1; seed <= 3; seed++) {
            id = http.ok(http.post("/api/games", "{\"system\":\"fall-of-tobruk\",\"scenario\":\"may-27\",\"seed\":" + seed + "}")).path("id").asText();
            String bots = "{\"until\":\"step\",\"bots\":{\"axis\":\"random\",\"allied\":\"random\"}}";
            for (int i = 0; i < 1500 && !offersCombat(game(id).path("position")); i++) http.ok(http.post("/api/games/" + id + "/bots", bots));
            assertTrue(offersCombat(game(id).path("position")), "a Combat Impulse offered within 1500 decisions");
            target = rollingTarget(id);
            if (target != null) break;
        }
        open(id);
        b.andWait(() -> b.find("#choices button[data-choice*='\"impulse\":\"combat\"']").click());
        if (target == null) for (JsonNode a : game(id).path("position").path("actions")) if (target == null && "attack".equals(a.path("do").asText())) target = a.path("hex").asText();
        JsonNode preview = attackByClicks(id, target);
        assertTrue(offers(id, "resolve"), "the impulse may be resolved");
        assertTrue(b.all("svg.board line.attack-arrow[data-to='" + target + "']").size() >= 1, "an arrow to " + target);
        assertTrue(b.find("#combat-preview").getText().contains("two more d10"), "the dice rolled at resolution are named: " + b.find("#combat-preview").getText());
        InspectorBrowserTest.keepOf(b, "fall-of-tobruk-combat-preview.png");
        int from = game(id).path("position").path("cursor").asInt();
        choice("resolve");
        // the owners' choices of the resolution (fire plans, retreats) by the bots, to the end of the impulse
        for (int i = 0; i < 60 && resolving(id); i++) b.andWait(() -> b.find("#step").click());
        // the first fire of the impulse on the CRT (rolled, or not for odds below 1:2) as previewed
        JsonNode first = null;
        for (JsonNode e : game(id).path("log").path("entries")) {
            if (e.path("n").asInt() <= from) continue;
            for (JsonNode ev : e.path("events")) if (first == null && (ev.path("table").asText().equals("crt/crt") || ev.path("table").asText().equals("crt/shift-rules"))) first = ev;
        }
        assertTrue(first != null, "the impulse's fires are in the log");
        JsonNode same = null;
        for (JsonNode f : preview.path("fires")) if (first.path("text").asText().startsWith(f.path("label").asText() + ":")) same = f;
        assertTrue(same != null, "the first fire was previewed: " + first.path("text") + " in " + preview.path("fires"));
        if (first.path("table").asText().equals("crt/shift-rules")) {
            assertTrue(same.path("column").path("label").isNull() && same.path("results").isEmpty(), "no roll, as previewed: " + same);
            return;
        }
        assertEquals(same.path("column").path("label").asText(), first.path("cell").path("column").asText(), "its column");
        String band = first.path("result").asText(), got = same.path("results").get(first.path("cell").path("d10").asInt()).path("result").asText();
        assertEquals(band, got, "the previewed row's band for d10 " + first.path("cell").path("d10") + ": " + same.path("results"));
    }

    /** An enemy hex the side to act may attack whose regular combat rolls with every eligible attacker, asked of the rules console (on a copy of the game) through the preview. */
    static String rollingTarget(String id) {
        String side = game(id).path("position").path("toAct").asText();
        String all = "(() => { const out = []; for (const a of rules.combat.actionsOf(false)) if (a.do === 'attack') out.push(a.hex); return out.join(','); })()";
        String hexes = http.ok(http.post("/api/games/" + id + "/eval", hexlab.kernel.util.Json.write(hexlab.kernel.util.Json.object().put("expr", all)))).path("result").asText().replace("\"", "");
        for (String hex : hexes.split(",")) {
            if (hex.isBlank()) continue;
            String expr = "(() => { rules.combat.build(false, {do: 'attack', hex: '" + hex + "'});"
                    + " const adds = rules.combat.actionsOf(false).filter((x) => x.do === 'add' && x.hex === '" + hex + "').map((x) => x.unit);"
                    + " const p = rules.combat.preview({hex: '" + hex + "', attackers: adds});"
                    + " return !!p && p.fires.some((f) => f.label.startsWith('regular combat by " + side + "') && f.column.label !== null); })()";
            if ("true".equals(http.ok(http.post("/api/games/" + id + "/eval", hexlab.kernel.util.Json.write(hexlab.kernel.util.Json.object().put("expr", expr)))).path("result").asText())) return hex;
        }
        return null;
    }

    /** Clicks the enemy hex's counter, then adds every eligible attacker (a click on it, one on the hex); the preview follows each. */
    static JsonNode attackByClicks(String id, String target) {
        b.js("hexlab.board.reveal(arguments[0])", target);
        List<WebElement> there = b.all("#board svg.board g.counter[data-hex='" + target + "']");
        b.andWait(() -> there.get(there.size() - 1).click());
        JsonNode preview = null;
        for (int n = 1; n <= 8 && offers(id, "add"); n++) {
            JsonNode add = null;
            for (JsonNode a : game(id).path("position").path("actions")) if ("add".equals(a.path("do").asText())) { add = a; break; }
            String unit = add.path("unit").asText();
            clickPiece(unit, hexOf(id, unit));
            b.until(d -> unit.equals(b.body("selected")), unit + " selected");
            b.js("hexlab.board.reveal(arguments[0])", target);
            List<WebElement> again = b.all("#board svg.board g.counter[data-hex='" + target + "']");
            b.andWait(() -> again.get(again.size() - 1).click());
            int added = n;
            b.until(d -> Long.valueOf(added).equals(b.js("return window.hexlab.preview ? window.hexlab.preview.attackers.length : -1")), "the preview follows the attackers added (" + n + ")");
            preview = previewShown(1);
        }
        assertEquals(target, preview.path("hexes").get(0).asText());
        return preview;
    }

    static boolean resolving(String id) {
        JsonNode imp = game(id).path("position").path("state").path("combat").path("imp");
        return !imp.isMissingNode() && !imp.isNull();
    }

    static boolean offers(String id, String verb) {
        for (JsonNode a : game(id).path("position").path("actions")) if (verb.equals(a.path("do").asText())) return true;
        return false;
    }

    static boolean offersCombat(JsonNode pos) {
        for (JsonNode a : pos.path("actions")) if ("combat".equals(a.path("impulse").asText())) return true;
        return false;
    }

    static void open(String id) {
        b.driver.get("about:blank");
        b.driver.get(base + "#game=" + id);
        b.until(d -> "true".equals(b.body("boardReady")) && b.body("rev") != null && b.body("busy") == null, "the game " + id);
    }

    @Test
    void aWholeFallOfTobrukImpulseByClicks() {
        String id = open("fall-of-tobruk", "may-27");
        opensAStack("stacking points");
        // random bots to the first impulse menu of an activation (3.4, 7.21)
        for (WebElement s : b.all("#bot-picks select")) new org.openqa.selenium.support.ui.Select(s).selectByValue("random");
        // (run to the first activation by the run-to form, then step: a step a click and a fetch of the game cost 40 s)
        b.find("#run-at").sendKeys("activation");
        b.andWait(() -> b.find("#run-to button").click());
        for (int i = 0; i < 400 && !game(id).path("position").path("prompt").asText().startsWith("choose the next impulse"); i++) b.andWait(() -> b.find("#step").click());
        String side = game(id).path("position").path("toAct").asText();
        b.find("nav#tabs button[data-tab=log]").click();
        // the menu offers the artillery, air, movement and combat impulses (3.4): the movement one
        b.andWait(() -> b.find("#choices button[data-choice*='\"do\":\"impulse\"'][data-choice*='\"impulse\":\"movement\"']").click());
        JsonNode pos = game(id).path("position");
        assertTrue(pos.path("prompt").asText().contains("Movement Impulse"), pos.path("prompt").asText());
        String unit = pos.path("actions").get(0).path("unit").asText();
        String from = hexOf(id, unit);
        clickPiece(unit, from);
        b.until(d -> game(id).path("position").path("prompt").asText().contains("choose the hex to end in"), "the unit picked up by its click");
        assertFalse(b.find("#prompt").getText().contains(unit), "the prompt names the unit by its designation: " + b.find("#prompt").getText());
        assertFalse(b.find("#prompt").getText().startsWith(side + ":"), "the prompt does not repeat the side");
        assertTrue(Integer.parseInt(b.body("lit")) > 0, "the board lights where it may go");
        String to = clickLitHex();
        assertEquals(to, hexOf(id, unit), unit + " moved");
        InspectorBrowserTest.keepOf(b, "fall-of-tobruk-impulse-by-clicks.png");
        assertTrue(game(id).path("position").path("prompt").asText().startsWith("choose the next impulse"), "the impulse is over");
    }
}
