package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTTP API on the toy system: the engine surface, time travel, rules swaps, saves, and errors as 400/404/409/422. */
class InspectorApiTest extends ToyServerTest {

    static JsonNode newGame(long seed) { return newGame("{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":" + seed + "}"); }

    static JsonNode newGame(String body) { return http.ok(http.post("/api/games", body)); }

    /** Bots run to the point asked for, slice after slice as the page does; the last answer, with every slice's actions counted. */
    static JsonNode bots(String id, String until, String bot) {
        String body = "\"until\":\"" + until + "\",\"bots\":{\"red\":\"" + bot + "\",\"blue\":\"" + bot + "\"}";
        JsonNode r = http.ok(http.post("/api/games/" + id + "/bots", "{" + body + "}"));
        int taken = r.path("taken").asInt(), from = r.path("log").path("from").asInt(-1);
        while (r.path("more").asBoolean()) {
            r = http.ok(http.post("/api/games/" + id + "/bots", "{" + body + ",\"resume\":true}"));
            taken += r.path("taken").asInt();
        }
        ObjectNode out = (ObjectNode) r;
        out.put("taken", taken);
        if (from >= 0 && out.has("log")) ((ObjectNode) out.get("log")).put("from", from);
        return out;
    }

    static JsonNode act(String id, String actionJson) { return http.ok(http.post("/api/games/" + id + "/act", "{\"action\":" + actionJson + "}")); }

    static List<JsonNode> log(String id) {
        List<JsonNode> out = new ArrayList<>();
        http.ok(http.get("/api/games/" + id)).path("log").path("entries").forEach(out::add);
        return out;
    }

    @Test
    void listsTheSystemsAndOpensOnTheFirstThatStarts() {
        JsonNode s = http.ok(http.get("/api/systems"));
        List<String> ids = new ArrayList<>();
        s.path("systems").forEach(x -> ids.add(x.path("id").asText()));
        assertEquals(List.of("toy", "toy-plus"), ids);
        JsonNode toy = s.path("systems").get(0);
        assertEquals("reach", toy.path("overlays").get(0).asText());
        assertEquals("4.2", toy.path("errata").get(0).path("rule").asText());
        assertEquals("toy", s.path("default").path("system").asText());
        assertEquals("meeting", s.path("default").path("scenario").asText());
    }

    @Test
    void aGameStartsAtItsFirstDecisionWithTheStartTrace() {
        JsonNode g = newGame(3);
        JsonNode p = g.path("position");
        assertEquals(0, p.path("cursor").asInt());
        assertEquals("turn 1", p.path("breadcrumb").get(0).asText());
        assertTrue(p.path("actions").size() >= 2);
        assertEquals(6, p.path("state").path("pieces").size());
        JsonNode start = g.path("log").path("entries").get(0);
        assertTrue(start.path("events").toString().contains("set up 6 pieces"), start.toString());
        assertEquals(201, http.post("/api/games", "{\"system\":\"toy\"}").status());
        // no system named: the default game
        assertEquals("toy", http.ok(http.post("/api/games", "{}")).path("game").path("system").path("id").asText());
    }

    @Test
    void aSixtyFourBitSeedComesBackDigitForDigit() {
        // beyond 2^53 a browser's number rounds: the game answers its seed as text
        JsonNode g = newGame("{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":\"9223372036854775807\"}");
        assertEquals("9223372036854775807", g.path("game").path("seed").textValue(), g.path("game").toString());
        assertEquals("-9223372036854775808", newGame(Long.MIN_VALUE).path("game").path("seed").textValue());
    }

    @Test
    void botsPlayOneFullTurnAndTheLogFollows() {
        JsonNode g = newGame(7);
        String id = g.path("id").asText();
        JsonNode r = bots(id, "turn", "random");
        JsonNode p = r.path("position");
        assertTrue(p.path("turn").asInt() == 2 || p.path("over").asBoolean(), p.toString());
        assertEquals(p.path("cursor").asInt(), r.path("taken").asInt());
        assertEquals(p.path("cursor").asInt() + 1, log(id).size());
        assertEquals(1, r.path("log").path("from").asInt());
    }

    @Test
    void impulseAndPhaseRunsStopAtTheirEnds() {
        String id = newGame(7).path("id").asText();
        JsonNode r = http.ok(http.post("/api/games/" + id + "/act", "{\"action\":{\"do\":\"impulse\",\"impulse\":\"movement\"}}"));
        assertTrue(r.path("position").path("breadcrumb").toString().contains("movement"));
        r = bots(id, "impulse", "random");
        assertFalse(r.path("position").path("breadcrumb").toString().contains("movement"), "the movement impulse ended: " + r.path("position").path("breadcrumb"));
        assertEquals("activation", last(r.path("position").path("breadcrumb")));
        int before = r.path("position").path("cursor").asInt();
        r = bots(id, "phase", "random");
        // the activation ended: the next one (a new frame for the same node) waits at its first choice
        assertTrue(r.path("taken").asInt() >= 1);
        assertTrue(r.path("position").path("cursor").asInt() > before);
    }

    private static String last(JsonNode arr) { return arr.get(arr.size() - 1).asText(); }

    @Test
    void anActionTheRulesAcceptBeyondTheListIsTakenAndABotMayProposeOne() {
        String id = newGame(7).path("id").asText();
        JsonNode r = act(id, "{\"do\":\"impulse\",\"impulse\":\"movement\"}");
        JsonNode move = null;
        for (JsonNode a : r.path("position").path("actions")) if (move == null && a.path("do").asText().equals("move")) move = a;
        assertTrue(move != null, r.path("position").path("actions").toString());
        // toy rule 3.4: the move and the end of the impulse in one action, not listed but accepted
        String whole = "{\"do\":\"move\",\"unit\":\"" + move.path("unit").asText() + "\",\"to\":\"" + move.path("to").asText() + "\",\"last\":true}";
        r = act(id, whole);
        assertFalse(r.path("position").path("breadcrumb").toString().contains("movement"), "the impulse ended with the move: " + r.path("position").path("breadcrumb"));
        List<JsonNode> entries = log(id);
        assertEquals(hexlab.kernel.util.Json.read(whole), entries.get(entries.size() - 1).path("action"));
        // a bot whose moves end the impulse plays the game to its end through the same path
        JsonNode end = bots(id, "end", "hasty");
        assertTrue(end.path("position").path("over").asBoolean(), end.path("position").toString());
        assertTrue(log(id).stream().filter(e -> e.path("action").path("last").asBoolean()).count() > 1);
    }

    @Test
    void botsRunToAChosenPointATurnAndANameInTheBreadcrumb() {
        String id = newGame(7).path("id").asText();
        JsonNode r = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"point\",\"turn\":2,\"at\":\"MOVEMENT\",\"bots\":{\"red\":\"random\",\"blue\":\"random\"}}"));
        JsonNode p = r.path("position");
        assertEquals(2, p.path("turn").asInt(), p.toString());
        assertTrue(p.path("breadcrumb").toString().contains("movement"), "stopped at the first decision of turn 2 inside a movement impulse: " + p.path("breadcrumb"));
        assertEquals(p.path("cursor").asInt(), log(id).size() - 1);
        Http.Reply none = http.post("/api/games/" + id + "/bots", "{\"until\":\"point\"}");
        assertEquals(400, none.status());
        assertTrue(none.json().path("error").asText().contains("\"turn\""), none.json().toString());
        assertEquals(400, http.post("/api/games/" + id + "/bots", "{\"until\":\"point\",\"turn\":\"two\"}").status());
    }

    @Test
    void anIllegalMoveIsRefusedWithTheRulesReasonAndRuleNumber() {
        JsonNode g = newGame(7);
        String id = g.path("id").asText();
        String side = g.path("position").path("toAct").asText();
        act(id, "{\"do\":\"impulse\",\"impulse\":\"movement\"}");
        String unit = side.equals("red") ? "r1" : "b1";
        JsonNode r = act(id, "{\"do\":\"move\",\"unit\":\"" + unit + "\",\"to\":\"0806\"}");
        assertEquals("3.1", r.path("refusal").path("rule").asText(), r.toString());
        assertTrue(r.path("refusal").path("reason").asText().contains("0806"));
        JsonNode legal = r.path("position").path("actions").get(0);
        JsonNode ok = act(id, Json.write(legal));
        assertTrue(ok.path("refusal").isMissingNode());
        assertEquals(2, ok.path("position").path("cursor").asInt());
    }

    @Test
    void undoMayNotCrossADieRollUnlessTurnedOff() {
        String id = newGame(7).path("id").asText();
        act(id, "{\"do\":\"impulse\",\"impulse\":\"movement\"}");
        JsonNode p = http.ok(http.get("/api/games/" + id)).path("position");
        act(id, Json.write(p.path("actions").get(0)));
        // a move rolls nothing: undo is allowed
        assertEquals(1, http.ok(http.post("/api/games/" + id + "/undo", "")).path("position").path("cursor").asInt());
        JsonNode r = bots(id, "turn", "random");
        int cursor = r.path("position").path("cursor").asInt();
        Http.Reply refused = http.post("/api/games/" + id + "/jump", "{\"n\":1}");
        assertEquals(409, refused.status());
        assertTrue(refused.json().path("error").asText().contains("undo may not cross a die roll"), refused.text());
        http.ok(http.put("/api/games/" + id + "/settings", "{\"undoMayNotCrossRoll\":false}"));
        JsonNode back = http.ok(http.post("/api/games/" + id + "/jump", "{\"n\":1}"));
        assertEquals(1, back.path("position").path("cursor").asInt());
        assertEquals(cursor, back.path("position").path("length").asInt(), "jumping back keeps the line's future");
    }

    @Test
    void actingFromAnEarlierPositionBranchesAndKeepsTheOldLine() {
        String id = newGame(7).path("id").asText();
        http.ok(http.put("/api/games/" + id + "/settings", "{\"undoMayNotCrossRoll\":false}"));
        JsonNode r = bots(id, "turn", "random");
        int length = r.path("position").path("cursor").asInt();
        String hashAt3 = log(id).get(3).path("hash").asText();
        http.ok(http.post("/api/games/" + id + "/jump", "{\"n\":3}"));
        JsonNode p = http.ok(http.get("/api/games/" + id)).path("position");
        assertEquals(hashAt3, p.path("hash").asText());
        // the same action as recorded walks along the line; a different one branches
        JsonNode recorded = log(id).get(4).path("action");
        JsonNode other = null;
        for (JsonNode a : p.path("actions")) if (!a.equals(recorded)) other = a;
        assertNotNull(other);
        JsonNode b = act(id, Json.write(other));
        assertEquals(2, b.path("lines").size());
        assertEquals(4, b.path("log").path("from").asInt());
        assertEquals(4, b.path("position").path("length").asInt());
        String oldLine = b.path("lines").get(0).path("id").asText();
        assertEquals(length, b.path("lines").get(0).path("length").asInt());
        JsonNode back = http.ok(http.post("/api/games/" + id + "/line", "{\"line\":\"" + oldLine + "\"}"));
        assertEquals(length, back.path("position").path("length").asInt());
        assertEquals(0, back.path("log").path("from").asInt());
    }

    @Test
    void anErratumReplaysTheLineAndReportsTheFirstDivergence() {
        // seed 6 with aggressive bots rolls a 6 at 1:1 at once: the erratum turns AE into AR there
        String id = newGame(6).path("id").asText();
        bots(id, "end", "aggressive");
        JsonNode r = http.ok(http.post("/api/games/" + id + "/variant", "{\"errata\":[\"gentler-crt\"]}"));
        JsonNode rep = r.path("report");
        assertEquals("toy+errata:gentler-crt", rep.path("variant").asText());
        assertTrue(rep.path("firstDivergence").asInt() > 0, rep.toString());
        assertEquals("toy+errata:gentler-crt", r.path("game").path("variant").path("id").asText());
        assertEquals(2, r.path("lines").size());
        boolean patched = false;
        for (JsonNode e : r.path("log").path("entries")) for (JsonNode ev : e.path("events")) {
            if ("combat/crt".equals(ev.path("table").asText()) && ev.path("errata").toString().contains("gentler-crt")) patched = true;
        }
        assertTrue(patched, "the crt trace names the erratum that patched it");
    }

    @Test
    void anOptionThatForbidsATakenMoveReportsTheRefusedAction() {
        String id = newGame("{\"system\":\"toy\",\"seed\":1,\"options\":{\"zoc-stops\":false}}").path("id").asText();
        bots(id, "end", "aggressive");
        JsonNode rep = http.ok(http.post("/api/games/" + id + "/variant", "{\"options\":{\"zoc-stops\":true}}")).path("report");
        assertEquals("toy", rep.path("variant").asText());
        assertTrue(rep.path("refused").isObject() || !rep.path("firstDivergence").isNull() || rep.path("summary").asText().contains("same"), rep.toString());
    }

    @Test
    void theReachOverlayChangesWithTheErratum() {
        String id = newGame(7).path("id").asText();
        JsonNode before = http.ok(http.get("/api/games/" + id + "/overlays/reach?unit=r1")).path("values");
        assertTrue(before.size() > 0, "r1 can move: " + before);
        http.ok(http.post("/api/games/" + id + "/variant", "{\"errata\":[\"cheap-rough\"]}"));
        JsonNode after = http.ok(http.get("/api/games/" + id + "/overlays/reach?unit=r1")).path("values");
        assertTrue(after.size() > before.size(), before + " -> " + after);
        JsonNode zoc = http.ok(http.get("/api/games/" + id + "/overlays/zoc?side=blue")).path("values");
        zoc.fields().forEachRemaining(e -> assertEquals("blue", e.getValue().asText()));
        assertEquals(404, http.get("/api/games/" + id + "/overlays/supply").status());
    }

    @Test
    void lineOfSightFromAHexIsHiddenBehindRoughGroundNotInIt() {
        String id = newGame(7).path("id").asText();
        JsonNode v = http.ok(http.get("/api/games/" + id + "/overlays/line-of-sight?hex=0303")).path("values");
        assertEquals("in sight", v.path("0403").asText(), "the rough hex itself is seen: " + v);
        assertEquals("hidden", v.path("0603").asText(), "0603 lies behind the rough 0403 and 0503: " + v);
        assertEquals("in sight", v.path("0301").asText(), v.toString());
        assertFalse(v.has("0303"), "not the hex looked from");
        assertEquals("hidden", v.path("0703").asText(), "4 hexes off, behind the rough ground");
        assertFalse(v.has("0803"), "beyond the 4-hex sight range");
        assertEquals(0, http.ok(http.get("/api/games/" + id + "/overlays/line-of-sight")).path("values").size(), "no hex, nothing to see from");
    }

    @Test
    void compareFindsTheFirstDivergenceAndShowsBothPositions() {
        String id = newGame(6).path("id").asText();
        bots(id, "end", "aggressive");
        JsonNode c = http.ok(http.post("/api/games/" + id + "/compare", "{\"b\":{\"errata\":[\"gentler-crt\"]}}"));
        int d = c.path("firstDivergence").asInt(-1);
        assertTrue(d > 0, c.path("summary").asText());
        assertTrue(c.path("steps").get(d - 1).path("same").asBoolean());
        assertFalse(c.path("steps").get(d).path("same").asBoolean());
        JsonNode at = c.path("at");
        assertEquals(d, at.path("n").asInt());
        assertNotEquals(at.path("a").path("hash").asText(), at.path("b").path("hash").asText());
        assertTrue(at.path("a").path("state").path("pieces").isObject());
        JsonNode start = http.ok(http.get("/api/games/" + id + "/compare/0"));
        assertEquals(start.path("a").path("hash").asText(), start.path("b").path("hash").asText());
        assertEquals(400, http.get("/api/games/" + id + "/compare/99999").status());
    }

    @Test
    void aSaveReopensIdenticallyAndChangedPinsAreExplained() {
        String id = newGame(7).path("id").asText();
        bots(id, "turn", "random");
        Http.Reply save = http.get("/api/games/" + id + "/save");
        assertEquals(200, save.status());
        JsonNode s = save.json();
        JsonNode opened = http.ok(http.post("/api/saves?name=g.json", save.text()));
        assertTrue(opened.path("report").path("identical").asBoolean(), opened.path("report").toString());
        assertEquals(s.path("actions").size(), opened.path("position").path("cursor").asInt());
        assertEquals(s.path("finalHash").asText(), opened.path("position").path("hash").asText());
        // a save pinned to another version of a section: opened, and the difference named
        ObjectNode older = (ObjectNode) s.deepCopy();
        ((ObjectNode) older.path("pins").get(2)).put("version", "0.9.0");
        JsonNode r = http.ok(http.post("/api/saves?name=old.json", Json.write(older))).path("report");
        assertEquals("move 0.9.0 -> 1.1.0", r.path("changed").get(0).asText());
        Http.Reply broken = http.post("/api/saves?name=broken.json", save.text().substring(0, 40));
        assertEquals(400, broken.status());
        assertTrue(broken.json().path("error").asText().startsWith("broken.json:"), broken.text());
    }

    @Test
    void malformedRequestsAre400WithAMessage() {
        String id = newGame(2).path("id").asText();
        for (String[] c : new String[][] {
                {"/api/games", "{not json"}, {"/api/games", "[]"}, {"/api/games", "{\"system\":\"\"}"},
                {"/api/games", "{\"system\":\"nope\"}"}, {"/api/games", "{\"system\":\"toy\",\"seed\":\"x\"}"},
                {"/api/games", "{\"system\":\"toy\",\"options\":{\"fog\":true}}"}, {"/api/games", "{\"system\":\"toy\",\"errata\":[\"nope\"]}"},
                {"/api/games", "{\"system\":\"toy\",\"scenario\":\"nope\"}"},
                {"/api/games/" + id + "/act", "{}"}, {"/api/games/" + id + "/act", "{\"index\":999}"}, {"/api/games/" + id + "/act", "{\"action\":3}"},
                {"/api/games/" + id + "/bots", "{\"until\":\"never\"}"}, {"/api/games/" + id + "/bots", "{\"bots\":{\"green\":\"random\"}}"},
                {"/api/games/" + id + "/jump", "{\"n\":50}"}, {"/api/games/" + id + "/eval", "{}"}}) {
            Http.Reply r = http.post(c[0], c[1]);
            assertEquals(400, r.status(), c[0] + " " + c[1] + " -> " + r.text());
            assertFalse(r.json().path("error").asText().isBlank());
            assertFalse(r.text().contains("\tat "), "no stack trace: " + r.text());
        }
        assertEquals(404, http.get("/api/games/nosuchgame").status());
        assertEquals(404, http.get("/api/no/such/route").status());
        assertEquals(404, http.get("/api/games/" + id + "/tables/combat/nope").status());
    }

    @Test
    void aScriptErrorIs422WithItsLocation() {
        String id = newGame(2).path("id").asText();
        Http.Reply r = http.post("/api/games/" + id + "/eval", "{\"expr\":\"rules.combat.resolve(null, null)\"}");
        assertEquals(422, r.status(), r.text());
        assertEquals("rule", r.json().path("kind").asText());
        assertTrue(r.json().path("location").asText().contains("combat.js"), r.text());
        // the game goes on after the error
        assertEquals(200, http.post("/api/games/" + id + "/bots", "{}").status());
    }

    @Test
    void theConsoleEvaluatesAndPutsBackWhatItChanges() {
        String id = newGame(2).path("id").asText();
        String hash = http.ok(http.get("/api/games/" + id)).path("position").path("hash").asText();
        assertEquals("4", http.ok(http.post("/api/games/" + id + "/eval", "{\"expr\":\"state.pieces.r1.strength\"}")).path("result").asText());
        JsonNode r = http.ok(http.post("/api/games/" + id + "/eval", "{\"expr\":\"(state.pieces.r1.strength = 99, ctx.roll('d6','x'))\"}"));
        assertTrue(r.has("note"));
        assertEquals("4", http.ok(http.post("/api/games/" + id + "/eval", "{\"expr\":\"state.pieces.r1.strength\"}")).path("result").asText());
        JsonNode step = bots(id, "step", "random");
        assertTrue(step.path("log").path("entries").get(0).path("events").toString().indexOf("\"x\"") < 0, "the console's roll is not in the game's trace");
        assertNotEquals(hash, step.path("position").path("hash").asText());
    }

    @Test
    void tablesAreListedSearchedAndShownWithErrataApplied() {
        String id = newGame("{\"system\":\"toy\",\"errata\":[\"gentler-crt\"]}").path("id").asText();
        JsonNode all = http.ok(http.get("/api/games/" + id + "/tables"));
        assertEquals("toy+errata:gentler-crt", all.path("variant").asText());
        JsonNode found = http.ok(http.get("/api/games/" + id + "/tables?q=placeholder"));
        assertEquals(1, found.path("sections").size());
        assertEquals("terrain", found.path("sections").get(0).path("tables").get(0).path("name").asText());
        JsonNode crt = http.ok(http.get("/api/games/" + id + "/tables/combat/crt"));
        assertEquals("AR", crt.path("data").path("results").path("6").get(1).asText());
        assertEquals("gentler-crt", crt.path("errata").get(0).asText());
        assertEquals("printed", crt.path("status").asText());
    }

    @Test
    void theMapIsSentForDrawing() {
        String id = newGame(2).path("id").asText();
        JsonNode m = http.ok(http.get("/api/games/" + id + "/map"));
        assertEquals(48, m.path("ids").size());
        assertEquals("even", m.path("layout").path("lowered").asText());
        assertEquals("0101", m.path("places").path("Redtown").asText());
        assertTrue(m.path("hexsides").toString().contains("river"));
    }

    @Test
    void aStepSendsWhatChangedAsAPatchAgainstTheStateTheClientHolds() {
        JsonNode g = newGame(3);
        String id = g.path("id").asText(), start = g.path("position").path("hash").asText();
        int before = http.patches.get();
        JsonNode stepped = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}"));
        assertEquals(before + 1, http.patches.get(), "the step's state came as a patch");
        // the patched state is the whole state the server holds
        assertEquals(http.ok(http.get("/api/games/" + id)).path("position").path("state"), stepped.path("position").path("state"));
        assertNotEquals(start, stepped.path("position").path("hash").asText());

        // a client holding some other state gets the whole state
        JsonNode r = http.ok(http.postHaving("/api/games/" + id + "/bots", "{\"until\":\"step\"}", "0123456789abcdef"));
        assertTrue(r.path("position").path("state").path("pieces").isObject(), r.path("position").toString());
        assertFalse(r.path("position").has("statePatch"));
        // and the answer's patch holds the ops that turn the last state sent into this one
        String have = r.path("position").path("hash").asText();
        JsonNode p = http.ok(http.postHaving("/api/games/" + id + "/bots", "{\"until\":\"step\"}", have)).path("position");
        assertEquals(have, p.path("statePatch").path("base").asText());
        assertTrue(p.path("statePatch").path("ops").isArray());
        assertEquals(http.ok(http.get("/api/games/" + id)).path("position").path("state"),
                com.flipkart.zjsonpatch.JsonPatch.apply(p.path("statePatch").path("ops"), r.path("position").path("state")));
    }

    @Test
    void stepsAndOverlaysSayWhereTheServerSpentTheirTime() {
        String id = newGame(3).path("id").asText();
        Http.Reply step = http.post("/api/games/" + id + "/bots", "{\"until\":\"step\"}");
        http.ok(step);
        assertTrue(step.timing().matches("rules;dur=[0-9.]+, answer;dur=[0-9.]+, json;dur=[0-9.]+"), step.timing());
        assertTrue(step.serverMs() > 0, step.timing());
        Http.Reply overlay = http.get("/api/games/" + id + "/overlays/zoc");
        http.ok(overlay);
        assertTrue(overlay.timing().matches("rules;dur=[0-9.]+"), overlay.timing());
    }

    @Test
    void aServerPractisesEachSystemInTheBackgroundAndStopsWhenItIsDone() throws InterruptedException {
        InspectorServer practising = InspectorServer.start(Roots.toy(), "127.0.0.1", 0, 120);
        try {
            assertTrue(practising.awaitPractice(120), "practice ends");
            // 120 decisions of each system that loads (games started again as they end)
            Http h = new Http(practising.port());
            int systems = h.ok(h.get("/api/systems")).path("systems").size();
            assertEquals(2, systems, "the toy root: toy and toy-plus");
            assertEquals(120 * systems, practising.practised());
        } finally {
            practising.stop();
        }
    }

    @Test
    void gamesInParallelDoNotDisturbEachOther() throws Exception {
        String solo = newGame(11).path("id").asText();
        String want = bots(solo, "end", "aggressive").path("position").path("hash").asText();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(pool.submit(() -> {
                    String id = newGame(11).path("id").asText();
                    JsonNode r = null;
                    for (int k = 0; k < 200; k++) {
                        r = bots(id, "step", "aggressive");
                        http.ok(http.get("/api/games/" + id + "/overlays/zoc"));
                        if (r.path("position").path("over").asBoolean()) break;
                    }
                    return r.path("position").path("hash").asText();
                }));
            }
            for (Future<String> f : runs) assertEquals(want, f.get());
        } finally {
            pool.shutdownNow();
        }
    }
}
