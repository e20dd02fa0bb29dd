package hexlab.inspector;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loopback safety: the Host names served, no cross-site API calls, JSON bodies only as JSON, and the access token beyond loopback. */
class GuardTest {
    static final String JSON = "application/json";

    @Test
    void onLoopbackTheHostMustNameTheInspector() {
        InspectorServer s = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        try {
            int port = s.port();
            assertEquals(200, RawHttp.send(port, "GET", "/api/systems", Map.of(), null).status());
            assertEquals(200, RawHttp.send(port, "GET", "/api/systems", Map.of("Host", "localhost:" + port), null).status());
            assertEquals(200, RawHttp.send(port, "GET", "/api/systems", Map.of("Host", "[::1]:" + port), null).status());
            RawHttp.Reply rebound = RawHttp.send(port, "GET", "/api/systems", Map.of("Host", "attacker.example:" + port), null);
            assertEquals(403, rebound.status());
            assertTrue(rebound.body().contains("attacker.example"), rebound.body());
            assertEquals(403, RawHttp.send(port, "GET", "/", Map.of("Host", "attacker.example"), null).status(), "pages too");
            assertNull(s.token(), "no token on loopback");
        } finally {
            s.stop();
        }
    }

    @Test
    void anotherSitesPageCannotCallTheApi() {
        InspectorServer s = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        try {
            int port = s.port();
            String body = "{\"system\":\"toy\"}";
            assertEquals(201, RawHttp.send(port, "POST", "/api/games", Map.of("Content-Type", JSON, "Origin", "http://127.0.0.1:" + port), body).status());
            assertEquals(403, RawHttp.send(port, "POST", "/api/games", Map.of("Content-Type", JSON, "Origin", "http://evil.example"), body).status());
            assertEquals(403, RawHttp.send(port, "POST", "/api/games", Map.of("Content-Type", JSON, "Origin", "http://127.0.0.1:1"), body).status(), "another port is another origin");
            assertEquals(403, RawHttp.send(port, "POST", "/api/games", Map.of("Content-Type", JSON, "Origin", "null"), body).status());
            assertEquals(403, RawHttp.send(port, "GET", "/api/systems", Map.of("Sec-Fetch-Site", "cross-site"), null).status());
            assertEquals(200, RawHttp.send(port, "GET", "/api/systems", Map.of("Sec-Fetch-Site", "same-origin"), null).status());
            for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"}) {
                RawHttp.Reply r = RawHttp.send(port, "POST", "/api/games", Map.of("Content-Type", type), body);
                assertEquals(415, r.status(), type);
                assertTrue(r.body().contains("a type any page may send"), r.body());
            }
            assertEquals(415, RawHttp.send(port, "POST", "/api/games", Map.of(), body).status(), "a body without a type");
            assertEquals(201, RawHttp.send(port, "POST", "/api/games", Map.of("Content-Type", "application/json; charset=utf-8"), body).status());
        } finally {
            s.stop();
        }
    }

    @Test
    void beyondLoopbackATokenIsAskedForAndPrintedInTheAddress() {
        InspectorServer wide = InspectorServer.start(InspectorOptions.of(Roots.toy(), "0.0.0.0", 0));
        try {
            assertNotNull(wide.token());
            assertTrue(wide.url().endsWith("/?token=" + wide.token()), wide.url());
            assertEquals(401, RawHttp.send(wide.port(), "GET", "/api/systems", Map.of(), null).status());
        } finally {
            wide.stop();
        }
        InspectorServer open = InspectorServer.start(InspectorOptions.of(Roots.toy(), "0.0.0.0", 0).token(InspectorOptions.NONE));
        try {
            assertNull(open.token(), "--no-token");
            assertEquals(200, RawHttp.send(open.port(), "GET", "/api/systems", Map.of(), null).status());
        } finally {
            open.stop();
        }
    }

    @Test
    void theTokenComesInTheAddressOnceThenInACookieOrInAHeader() {
        InspectorServer s = InspectorServer.start(InspectorOptions.of(Roots.toy(), "127.0.0.1", 0).token("s3cret-token"));
        try {
            int port = s.port();
            RawHttp.Reply none = RawHttp.send(port, "GET", "/", Map.of(), null);
            assertEquals(401, none.status());
            assertTrue(none.body().contains("access token"), none.body());
            assertEquals(401, RawHttp.send(port, "GET", "/api/systems", Map.of(Guard.TOKEN_HEADER, "wrong"), null).status());
            RawHttp.Reply first = RawHttp.send(port, "GET", "/?token=s3cret-token", Map.of(), null);
            assertEquals(200, first.status());
            String cookie = first.headers().get("set-cookie");
            assertTrue(cookie != null && cookie.startsWith("hexlab-token-" + port + "=s3cret-token") && cookie.contains("HttpOnly"), String.valueOf(cookie));
            String sent = cookie.split(";")[0];
            assertEquals(200, RawHttp.send(port, "GET", "/api/systems", Map.of("Cookie", sent), null).status());
            assertEquals(201, RawHttp.send(port, "POST", "/api/games", Map.of("Cookie", sent, "Content-Type", JSON), "{\"system\":\"toy\"}").status());
            assertEquals(200, RawHttp.send(port, "GET", "/api/systems", Map.of(Guard.TOKEN_HEADER, "s3cret-token"), null).status());
        } finally {
            s.stop();
        }
    }
}
