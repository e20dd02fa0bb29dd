package hexlab.inspector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An inspector that asks for its access token works in a browser opened once at the address it
 * printed: the page loads, its API calls carry the token (a cookie), a bot step is taken, and the
 * console answers; the same page without the token is refused.
 */
@ExtendWith(FailureShots.class)
class TokenBrowserTest {
    @Test
    void thePageOpenedAtThePrintedAddressPlaysWithTheToken() {
        InspectorServer server = InspectorServer.start(InspectorOptions.of(Roots.toy(), "127.0.0.1", 0).token("page-token-1"));
        try (Browser browser = new Browser()) {
            FailureShots.browser = () -> browser;
            String plain = "http://127.0.0.1:" + server.port() + "/";
            browser.driver.get(plain);
            assertTrue(browser.driver.getPageSource().contains("access token"), "without the token the page is refused");
            browser.driver.get(server.url());
            browser.until(d -> "true".equals(browser.body("boardReady")) && browser.body("rev") != null && browser.body("busy") == null, "the board to be drawn");
            int before = Integer.parseInt(browser.body("cursor"));
            browser.andWait(() -> browser.find("#step").click());
            assertEquals(before + 1, Integer.parseInt(browser.body("cursor")), "a bot step through the API, with the token's cookie");
            // a later visit without ?token= is let in by the cookie
            browser.driver.get(plain);
            browser.until(d -> "true".equals(browser.body("boardReady")) && browser.body("busy") == null, "the board, by the cookie");
        } finally {
            FailureShots.browser = () -> null;
            server.stop();
        }
    }
}
