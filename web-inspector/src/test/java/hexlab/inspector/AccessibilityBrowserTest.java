package hexlab.inspector;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * axe-core (vendored, public/vendor/axe-core-4.14.1) on the inspector and the lab pages: no serious
 * or critical violation (WCAG 2 A and AA rules, best practices included). Also the keyboard on the
 * board (a cursor moved by arrows, Enter selects) and the counters' text contrast, which axe does
 * not measure inside SVG.
 */
@ExtendWith(FailureShots.class)
class AccessibilityBrowserTest {
    static InspectorServer server;
    static Browser b;
    static String base;

    @BeforeAll
    static void start() {
        server = InspectorServer.start(Roots.project(), "127.0.0.1", 0);
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

    /** Serious and critical violations on the page as it stands: "rule: target, ..." lines. */
    @SuppressWarnings("unchecked")
    static List<String> violations() {
        Object r = b.driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                + "const run = () => axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations"
                + "  .filter(v => v.impact === 'serious' || v.impact === 'critical')"
                + "  .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(', '))), e => done(['axe failed: ' + e]));"
                + "if (window.axe) run(); else { const s = document.createElement('script'); s.src = 'vendor/axe-core-4.14.1/axe.min.js'; s.onload = run; document.head.append(s); }");
        return (List<String>) r;
    }

    @Test
    void theInspectorHasNoSeriousOrCriticalViolations() {
        b.driver.get(base);
        b.until(d -> "true".equals(b.body("boardReady")) && b.body("busy") == null, "the default game");
        List<String> v = violations();
        assertTrue(v.isEmpty(), "the inspector:\n" + String.join("\n", v));
        for (String tab : new String[] {"log", "rules", "compare"}) {
            b.find("nav#tabs button[data-tab=" + tab + "]").click();
            assertEquals("true", b.find("nav#tabs button[data-tab=" + tab + "]").getAttribute("aria-selected"));
            List<String> t = violations();
            assertTrue(t.isEmpty(), "the " + tab + " tab:\n" + String.join("\n", t));
        }
    }

    @Test
    void theLabHasNoSeriousOrCriticalViolations() {
        b.driver.get(base + "lab.html");
        b.until(d -> !b.all("#lab-system option").isEmpty(), "the lab's systems");
        List<String> v = violations();
        assertTrue(v.isEmpty(), "the lab:\n" + String.join("\n", v));
    }

    @Test
    void theBoardIsPlayedByKeysAndItsCountersRead() {
        b.driver.get(base);
        b.until(d -> "true".equals(b.body("boardReady")) && b.body("busy") == null, "the default game");
        b.js("document.querySelector('#board svg.board').focus()");
        b.until(d -> b.body("cursorHex") != null && !b.body("cursorHex").isEmpty(), "a cursor on focus");
        String first = b.body("cursorHex");
        // the cursor starts on a unit of the side to act: Enter selects it (or opens its stack)
        b.find("#board svg.board").sendKeys(Keys.ENTER);
        b.until(d -> b.body("selected") != null || b.body("stackOpen") != null, "Enter on a hex with a unit selects it or opens the stack");
        b.find("body").sendKeys(Keys.ESCAPE);
        b.js("document.querySelector('#board svg.board').focus()");
        b.find("#board svg.board").sendKeys(Keys.ARROW_RIGHT);
        b.find("#board svg.board").sendKeys(Keys.ARROW_DOWN);
        assertTrue(!first.equals(b.body("cursorHex")), "the arrows move the cursor");
        assertEquals(1, b.all("#board svg.board polygon.cursor").size(), "the cursor drawn");
        // every text on a counter against its fill: at least 4.5:1 (WCAG AA)
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> low = (List<Map<String, Object>>) b.js(
                "const lum = c => { const m = /^#(..)(..)(..)$/.exec(c); if (!m) return null; const [r, g, bl] = m.slice(1).map(x => { const v = parseInt(x, 16) / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * bl; };"
                + "const out = []; for (const g of document.querySelectorAll('#board svg.board g.counter:not(.back)')) { const bg = lum(g.querySelector('rect').getAttribute('fill'));"
                + "  for (const t of g.querySelectorAll('text')) { const fg = lum(t.getAttribute('fill')); if (bg === null || fg === null) { out.push({piece: g.dataset.piece, why: 'not #rrggbb'}); continue; }"
                + "    const c = (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05); if (c < 4.5) out.push({piece: g.dataset.piece, contrast: c}); } } return out;");
        assertTrue(low.isEmpty(), "counter texts under 4.5:1: " + low.subList(0, Math.min(5, low.size())));
    }
}
