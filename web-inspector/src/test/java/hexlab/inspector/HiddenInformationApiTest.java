package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The API's ?as=side on the toy's ambush (toy rule 6, face-down units): every answer as that side sees the game. */
class HiddenInformationApiTest extends ToyServerTest {

    static String ambush(long seed) {
        return http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"ambush\",\"seed\":" + seed + "}")).path("id").asText();
    }

    static List<String> pieces(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.path("position").path("state").path("pieces").fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void asASideTheStateShowsTheOtherSidesFaceDownUnitsAsBacksAndTheDesignerSeesThemMarked() {
        String id = ambush(1);
        JsonNode red = http.ok(http.get("/api/games/" + id + "?as=red")), designer = http.ok(http.get("/api/games/" + id));
        assertEquals("red", red.path("position").path("as").asText());
        assertTrue(red.path("game").path("hasView").asBoolean());
        assertTrue(pieces(red).containsAll(List.of("r4", "b1", "face-down blue 0503", "face-down blue 0504", "face-down blue 0604")), pieces(red).toString());
        assertFalse(pieces(red).contains("b4"), pieces(red).toString());
        assertTrue(red.path("position").path("state").path("pieces").path("face-down blue 0503").path("hidden").asBoolean());
        assertEquals(Json.object(), red.path("position").path("pieceTemplates"), "a side's view sends no templates, which would name every piece");
        assertFalse(red.path("position").has("secrets") && !red.path("position").path("secrets").isNull());
        assertTrue(pieces(designer).containsAll(List.of("b2", "b3", "b4", "r4")), pieces(designer).toString());
        assertEquals(Json.read("[\"id\",\"strength\",\"ma\"]"), designer.path("position").path("secrets").path("red").path("b4"),
                "the designer sees b4 marked as hidden from red: " + designer.path("position").path("secrets"));
        assertTrue(designer.path("position").path("secrets").path("blue").has("r4"));
    }

    @Test
    void asASideTheLogSaysOnlyThatTheOtherSideRolledInSecret() {
        String id = ambush(1);
        JsonNode red = http.ok(http.get("/api/games/" + id + "?as=red")).path("log").path("entries").get(0).path("events");
        JsonNode designer = http.ok(http.get("/api/games/" + id)).path("log").path("entries").get(0).path("events");
        List<JsonNode> secret = new ArrayList<>();
        red.forEach(e -> { if (e.path("hidden").asBoolean() && e.path("kind").asText().equals("roll")) secret.add(e); });
        assertEquals(3, secret.size(), "blue's three dig-in rolls: " + red);
        for (JsonNode e : secret) {
            assertEquals("blue rolled in secret", e.path("text").asText());
            assertFalse(e.has("faces") || e.has("purpose"), e.toString());
        }
        assertFalse(Json.write(red).matches(".*\\bb[234]\\b.*"), "red's log names no face-down blue unit: " + red);
        assertTrue(Json.write(designer).contains("does b4 dig in?"), "the designer's log keeps every roll whole");
    }

    @Test
    void theOffMapDisplaysAreAnsweredAsTheSideAskingSeesThem() {
        String id = ambush(2);
        JsonNode d = http.ok(http.get("/api/games/" + id + "/displays?as=red")).path("displays").path("eliminated");
        assertEquals("4.6", d.path("rule").asText(), d.toString());
        assertEquals(List.of("red", "blue"), List.of(d.path("boxes").get(0).path("label").asText(), d.path("boxes").get(1).path("label").asText()));
        assertEquals(List.of("eliminated"), Json.MAPPER.convertValue(http.ok(http.get("/api/games/" + id)).path("game").path("displays"), List.class));
        assertEquals(400, http.get("/api/games/" + id + "/displays?side=red").status(), "a parameter the route does not take");
        assertEquals(404, http.get("/api/games/no-such-game/displays").status());
    }

    @Test
    void inHotSeatTheNextSidesViewComesAsAPatchAgainstTheViewTheClientHeld() {
        String id = ambush(4);
        Http hot = new Http(server.port());      // a page of its own, viewing as the side to act
        JsonNode p = hot.ok(hot.get("/api/games/" + id + "?as=auto")).path("position");
        String first = p.path("as").asText();
        boolean patched = false;
        for (int i = 0; i < 200 && p.path("as").asText().equals(first); i++) {
            int before = hot.patches.get();
            p = hot.ok(hot.post("/api/games/" + id + "/bots?as=auto", "{\"until\":\"step\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"}}")).path("position");
            patched = hot.patches.get() == before + 1;
        }
        String next = p.path("as").asText();
        assertFalse(next.equals(first), "the side to act changed within 200 steps");
        assertTrue(patched, "the step that gave the move to " + next + " sent its view as a patch against " + first + "'s");
        assertEquals(new Http(server.port()).ok(new Http(server.port()).get("/api/games/" + id + "?as=" + next)).path("position").path("state"), p.path("state"),
                "the patched view is " + next + "'s view, whole");
        // a client that says it holds the designer's state gets a side's view whole, never a patch
        JsonNode d = http.ok(http.get("/api/games/" + id)).path("position");
        JsonNode r = http.ok(http.postHaving("/api/games/" + id + "/bots?as=" + next, "{\"until\":\"step\"}", d.path("hash").asText())).path("position");
        assertFalse(r.has("statePatch"), "from the designer's state to a side's view goes whole");
    }

    /** Bots step the game (as the designer) until blue's movement decision. */
    static void toBluesMove(String id) {
        for (int i = 0; i < 200; i++) {
            JsonNode p = http.ok(http.get("/api/games/" + id)).path("position");
            if (p.path("prompt").asText().startsWith("blue: move")) return;
            http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"}}"));
        }
        throw new AssertionError("no blue movement decision in 200 steps");
    }

    @Test
    void asTheSideNotToActTheDecisionReadsAsWhatItWaitsForAndItsActionsAreRefused() {
        String id = ambush(4);
        toBluesMove(id);
        JsonNode red = http.ok(http.get("/api/games/" + id + "?as=red")).path("position");
        assertEquals("waiting for blue to move", red.path("prompt").asText());
        assertEquals(0, red.path("actions").size());
        JsonNode auto = http.ok(http.get("/api/games/" + id + "?as=auto")).path("position");
        assertEquals("blue", auto.path("as").asText(), "auto is the side to act");
        assertTrue(auto.path("actions").size() > 1);
        JsonNode refused = http.ok(http.post("/api/games/" + id + "/act?as=red", "{\"index\":0}"));
        assertEquals("it is blue's decision now (waiting for blue to move), not red's", refused.path("refusal").path("reason").asText());
        assertEquals(auto.path("cursor"), refused.path("position").path("cursor"), "nothing was taken");
    }

    @Test
    void asASideTheOtherSidesActionsReadOnlyThatItActedItsOwnWhole() {
        String id = ambush(4);
        toBluesMove(id);
        http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"}}"));
        JsonNode red = http.ok(http.get("/api/games/" + id + "?as=red")).path("log").path("entries"), blue = http.ok(http.get("/api/games/" + id + "?as=blue")).path("log").path("entries");
        int blues = 0;
        for (int n = 1; n < red.size(); n++) {
            JsonNode r = red.get(n), b = blue.get(n);
            if (r.path("side").asText().equals("blue")) {
                blues++;
                assertEquals(Json.read("{\"do\":\"hidden\",\"by\":\"blue\"}"), r.path("action"), "red reads that blue acted, not what it did (which unit moved)");
                assertFalse(b.path("action").path("do").asText().equals("hidden"), "blue reads its own action: " + b);
            } else if (r.path("side").asText().equals("red")) {
                assertFalse(r.path("action").path("do").asText().equals("hidden"), "red reads its own action: " + r);
                assertEquals(Json.read("{\"do\":\"hidden\",\"by\":\"red\"}"), b.path("action"));
            }
        }
        assertTrue(blues > 0, "blue acted");
    }

    @Test
    void overlaysAndTheConsoleAskedAsASideWorkOnItsView() {
        String id = ambush(1);
        assertEquals(0, http.ok(http.get("/api/games/" + id + "/overlays/reach?unit=b4&as=red")).path("values").size(), "red has no b4 to ask about");
        assertTrue(http.ok(http.get("/api/games/" + id + "/overlays/reach?unit=b4&as=blue")).path("values").size() > 0);
        assertFalse(http.ok(http.get("/api/games/" + id + "/overlays/reach?unit=b4&as=blue")).path("args").has("as"), "as is not an overlay argument");
        assertEquals("true", http.ok(http.post("/api/games/" + id + "/eval?as=red", "{\"expr\":\"state.pieces.b4 === undefined\"}")).path("result").asText());
        assertEquals("false", http.ok(http.post("/api/games/" + id + "/eval", "{\"expr\":\"state.pieces.b4 === undefined\"}")).path("result").asText());
    }

    @Test
    void aSidesSaveIsRefusedSinceASaveReplaysEverySecretTheDesignersDownloads() {
        String id = ambush(1);
        Http.Reply r = http.get("/api/games/" + id + "/save?as=red");
        assertEquals(403, r.status());
        assertTrue(r.json().path("error").asText().contains("every secret included"), r.text());
        assertEquals(200, http.get("/api/games/" + id + "/save").status());
    }

    @Test
    void anUnknownSideIsABadRequestNamingTheSides() {
        String id = ambush(1);
        Http.Reply r = http.get("/api/games/" + id + "?as=green");
        assertEquals(400, r.status());
        assertTrue(r.json().path("error").asText().contains("red, blue"), r.text());
    }
}
