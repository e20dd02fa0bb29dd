package hexlab.kernel.hidden;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Refusal;
import hexlab.kernel.play.View;
import hexlab.kernel.play.Visibility;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Toy rule 6, hidden units, through the kernel's view per side, visibleTo and bots on views. */
class HiddenInformationTest {
    final Kernel k = Fixtures.toy();
    final Variant toy = k.variant("toy", "");

    static List<String> ids(JsonNode state) {
        List<String> out = new ArrayList<>();
        state.path("pieces").fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void toy61ASideSeesAFaceDownEnemyUnitAsACountersBackInItsHexAndItsOwnUnitsWhole() {
        Game g = k.start(toy, "ambush", 1);
        JsonNode red = Json.read(g.stateJsonFor("red")), blue = Json.read(g.stateJsonFor("blue")), all = Json.read(g.stateJsonFor(null));
        assertEquals(List.of("b1", "r1", "r2", "r3", "r4", "face-down blue 0503", "face-down blue 0504", "face-down blue 0604"), ids(red),
                "red's own units and face-up b1 by id, then the backs by hex");
        assertEquals(Json.read("{\"id\":\"face-down blue 0503\",\"side\":\"blue\",\"hex\":\"0503\",\"hidden\":true}"), red.path("pieces").path("face-down blue 0503"));
        assertTrue(red.path("pieces").path("r4").path("faceDown").asBoolean(), "red sees its own face-down unit whole: " + red.path("pieces").path("r4"));
        int r4 = red.path("pieces").path("r4").path("strength").asInt();
        assertTrue(r4 == 2 || r4 == 3, "r4's strength is 2, or 3 once dug in: " + r4);
        assertTrue(ids(blue).containsAll(List.of("b1", "b2", "b3", "b4", "face-down red 0105")), ids(blue).toString());
        assertFalse(ids(blue).contains("r4"));
        assertEquals(ids(all), List.of("r1", "r2", "r3", "r4", "b1", "b2", "b3", "b4"), "the designer sees the state itself");
        assertEquals(Json.read(g.stateJsonFor(g.toAct())), Json.read(g.viewJson()), "a Java bot's seat gives the view of the side to act");
        assertEquals(all.path("turn"), red.path("turn"));
        assertEquals(all.path("active"), red.path("active"), "the game-turn and the side to act are public");
        assertEquals(Json.read("{\"b2\":[\"id\",\"strength\",\"ma\"],\"b3\":[\"id\",\"strength\",\"ma\"],\"b4\":[\"id\",\"strength\",\"ma\"]}"), g.secrets("red"));
        assertEquals(Json.read("{\"r4\":[\"id\",\"strength\",\"ma\"]}"), g.secrets("blue"));
    }

    @Test
    void toy64TheDigInRollsAreSecretTheOtherSidesLogSaysOnlyThatSomeoneRolled() {
        Game g = k.start(toy, "ambush", 1);
        List<JsonNode> events = g.startEvents();
        List<JsonNode> rolls = events.stream().filter(e -> e.path("purpose").asText().startsWith("does ")).toList();
        assertEquals(4, rolls.size(), "one secret roll for each face-down unit: " + events);
        JsonNode b2 = rolls.stream().filter(e -> e.path("purpose").asText().contains("b2")).findFirst().orElseThrow();
        assertEquals(Json.read("[\"blue\"]"), b2.path("visibleTo"));
        assertTrue(b2.path("faces").isArray(), "the designer's log keeps the roll whole");
        assertEquals(b2, Visibility.forSide(b2, "blue"), "and so does its owner's");
        JsonNode seen = Visibility.forSide(b2, "red");
        assertEquals("roll", seen.path("kind").asText());
        assertEquals("blue rolled in secret", seen.path("text").asText());
        assertFalse(seen.has("faces") || seen.has("total") || seen.has("purpose") || seen.has("section"), seen.toString());
        for (JsonNode e : Visibility.forSide(events, "red")) assertFalse(Json.write(e).matches(".*\\bb[234]\\b.*"), "red's log names no face-down unit: " + e);
    }

    @Test
    void toy63AFaceDownUnitsMoveIsLoggedToItsOwnerAndTheOtherSideSeesOnlyThatSomethingHappened() {
        Game g = k.start(toy, "ambush", 3);
        JsonNode move = null;
        String[] seenMove = {null};
        for (int i = 0; i < 400 && move == null && !g.over(); i++) {
            View v = g.view(null);
            int pick = 0;
            for (int j = 0; j < v.actions().size(); j++) {
                JsonNode a = v.actions().get(j);
                if (a.path("do").asText().equals("impulse") && a.path("impulse").asText().equals("movement")) pick = j;
                if (a.path("do").asText().equals("move") && a.path("unit").asText().equals("b3")) { pick = j; break; }
            }
            boolean b3 = v.actions().get(pick).path("unit").asText().equals("b3");
            Outcome o = g.applyIndex(pick);
            if (b3) {
                move = o.events().stream().filter(e -> e.path("text").asText().startsWith("b3 moves")).findFirst().orElseThrow();
                seenMove[0] = o.events().stream().filter(e -> e.path("rule").asText().equals("6.3")).findFirst().orElseThrow().path("text").asText();
            }
        }
        assertNotNull(move, "b3 moved within 400 actions");
        assertTrue(seenMove[0].startsWith("a face-down blue counter moves 0604 -> "), "the public entry says the counter moved: " + seenMove[0]);
        assertEquals(Json.read("[\"blue\"]"), move.path("visibleTo"));
        JsonNode red = Visibility.forSide(move, "red");
        assertEquals("hidden", red.path("kind").asText());
        assertTrue(red.path("text").asText().contains("something happened that only blue may see"), red.toString());
        assertFalse(Json.write(red).contains("b3"), red.toString());
    }

    @Test
    void toy62AFaceDownUnitIsTurnedFaceUpWhenAnEnemyUnitStandsNextToIt() {
        Game g = k.start(toy, "ambush", 2);
        Game.Snapshot s = g.snapshot();
        // r3 set down next to b4 (0503): the next move of anyone turns b4 face up
        JsonNode state = Json.read(s.state());
        ((com.fasterxml.jackson.databind.node.ObjectNode) state.path("pieces").path("r3")).put("hex", "0402");
        assertEquals("true", g.rules().callString("evaluate", "ctx.map.adjacent('0402', '0503')"));
        g.restore(new Game.Snapshot(Json.write(state), s.frames(), s.diceState(), s.diceRolls(), s.result(), s.actions(), s.seeking(), s.seekSide(), s.turn()));
        assertTrue(g.secrets("red").has("b4"));
        g.rules().call("evaluate", "ctx.rules.fog.revealContacts()");
        assertFalse(g.secrets("red").has("b4"), "b4 is face up: " + g.secrets("red"));
        JsonNode red = Json.read(g.stateJsonFor("red"));
        int b4 = red.path("pieces").path("b4").path("strength").asInt();
        assertTrue(b4 == 5 || b4 == 6, "red now sees b4's strength, 5 or 6 once dug in: " + red.path("pieces").path("b4"));
        assertFalse(ids(red).contains("face-down blue 0503"), ids(red).toString());
    }

    @Test
    void anotherSidesDecisionReadsAsWhatItWaitsForAndARefusalSaysNoMore() {
        Game g = k.start(toy, "ambush", 4);
        for (int i = 0; i < 400 && !(g.view(null).prompt() != null && g.view(null).prompt().startsWith("blue: move")); i++) {
            View v = g.view(null);
            int pick = 0;
            for (int j = 0; j < v.actions().size(); j++) if (v.actions().get(j).path("impulse").asText().equals("movement")) pick = j;
            g.applyIndex(pick);
        }
        View red = g.view("red"), blue = g.view("blue");
        assertEquals("blue: move a unit, or end the movement impulse", blue.prompt());
        assertEquals("waiting for blue to move", red.prompt());
        assertEquals(List.of(), red.actions());
        assertEquals("blue: move a unit, or end the movement impulse", g.view(null).prompt(), "the designer reads the prompt");
        Refusal r = g.check("red", Json.read("{\"do\":\"done\"}"));
        assertEquals("it is blue's decision now (waiting for blue to move), not red's", r.reason());
        assertNull(g.check("blue", Json.read("{\"do\":\"done\"}")), "blue may end its impulse");
    }

    @Test
    void aSystemWithoutAViewShowsEverySideTheWholeStateAndThePrompt(@TempDir Path dir) {
        Path root = Fixtures.copyToy(dir);
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml").replace("view: fog.view\nsecrets: fog.secrets\n", ""));
        Kernel open = new Kernel(root);
        Game g = open.start(open.variant("toy", ""), "ambush", 1);
        assertEquals(g.stateJson(), g.stateJsonFor("red"));
        assertEquals(Json.object(), g.secrets("red"));
        assertEquals(g.view(null).prompt(), g.view("blue").prompt());
    }

    @Test
    void secretsWithoutAViewIsRefusedAtLoad(@TempDir Path dir) {
        Path root = Fixtures.copyToy(dir);
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml").replace("view: fog.view\n", ""));
        var e = assertThrows(hexlab.kernel.error.InputException.class, () -> new Kernel(root).system("toy"));
        assertTrue(e.describe().contains("system.yaml") && e.describe().contains("needs a view"), e.describe());
    }

    @Test
    void anOverlayAskedAsASideIsWorkedOutOnItsView() {
        Game g = k.start(toy, "ambush", 1);
        JsonNode asBlue = g.overlay("reach", Json.read("{\"unit\":\"b4\"}"), "blue"), asRed = g.overlay("reach", Json.read("{\"unit\":\"b4\"}"), "red");
        assertTrue(asBlue.size() > 0, "blue sees where its b4 may go: " + asBlue);
        assertEquals(Json.object(), asRed, "red has no b4 to ask about");
        assertEquals(asBlue, g.overlay("reach", Json.read("{\"unit\":\"b4\"}"), null));
    }

    /**
     * A bot of the toy that reads whatever it can of blue's face-down units and proposes what it saw
     * as an action, which no decision accepts: the error names it.
     */
    static JsonNode peek(Path dir, String scenario) {
        Path root = Fixtures.copyToy(dir);
        Fixtures.write(root, "rules-scripts/toy/fog.js", Fixtures.read(root, "rules-scripts/toy/fog.js") + """
                export function peekBot(ctx, actions, side) {
                  const b4 = ctx.piece("b4"), pieces = ctx.pieces();
                  return { do: "peek", as: side,
                    b4: b4 === undefined ? "nothing" : b4, state: ctx.state.pieces.b4 === undefined ? "nothing" : ctx.state.pieces.b4,
                    blueStrength: ctx.pieces((p) => p.side === "blue" && p.strength !== undefined).reduce((n, p) => n + p.strength, 0),
                    secretsAsTheRulesSeeThem: Object.keys(ctx.rules.fog.secrets(side)),
                    backs: pieces.filter((p) => p.hidden && p.side !== side).map((p) => p),
                    attacks: ctx.rules.combat.attacks(side).length };
                }
                """);
        Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml").replace("  stray: combat.strayBot\n", "  stray: combat.strayBot\n  peek: fog.peekBot\n"));
        Kernel peeking = new Kernel(root);
        Variant v = peeking.variant("toy", "");
        Game g = peeking.start(v, scenario, 1);
        RuleError e = assertThrows(RuleError.class, () -> Match.play(g, Bots.forSides(v.system(), "peek", 1), false, null));
        String m = e.getMessage();
        return Json.read(m.substring(m.indexOf('{'), m.lastIndexOf('}') + 1));
    }

    @Test
    void aBotThatReadsAFaceDownUnitGetsNothingItsRuleQueriesAnswerFromItsView(@TempDir Path dir) {
        JsonNode saw = peek(dir, "ambush");
        assertEquals("red", saw.path("as").asText(), "red decides first: " + saw);
        assertEquals("nothing", saw.path("b4").asText(), saw.toString());
        assertEquals("nothing", saw.path("state").asText(), saw.toString());
        assertEquals(4, saw.path("blueStrength").asInt(), "red knows face-up b1's strength alone: " + saw);
        assertEquals(Json.read("[]"), saw.path("secretsAsTheRulesSeeThem"),
                "a rule query asked by the bot answers from red's view, where no unit is known to be face down (on the state: b2, b3, b4): " + saw);
        assertEquals(3, saw.path("backs").size(), saw.toString());
        for (JsonNode b : saw.path("backs")) assertEquals(List.of("id", "side", "hex", "hidden"), fields(b), b.toString());
    }

    @Test
    void aViewReadsAsItsJsonWouldAndABotWritingToItChangesNoState(@TempDir Path dir) {
        Path root = Fixtures.copyToy(dir);
        // the view carries values JSON writes otherwise, and a live piece whose fixed field (ma) is on its template
        Fixtures.write(root, "rules-scripts/toy/fog.js", Fixtures.read(root, "rules-scripts/toy/fog.js") + """
                export function oddView(ctx, side) {
                  const v = view(ctx, side);
                  v.odd = { u: undefined, n: NaN, i: Infinity, list: [undefined, 1, () => 2], f: () => 1, nested: { a: [1, { b: undefined }] } };
                  v.live = ctx.piece("r1");
                  return v;
                }
                export function writerBot(ctx, actions, side) {
                  const live = ctx.state.live, odd = ctx.state.odd;
                  const seen = { do: "peek", keys: Object.keys(odd), list: odd.list, n: odd.n, ma: live.ma, whole: ctx.whole(live) };
                  live.strength = 99; live.ma = 98; ctx.state.pieces.r1.strength = 97;
                  return seen;
                }
                """);
        String yaml = Fixtures.read(root, "tables/toy/system.yaml").replace("view: fog.view\n", "view: fog.oddView\nfixed-piece-fields: [ma]\n")
                .replace("  stray: combat.strayBot\n", "  stray: combat.strayBot\n  writer: fog.writerBot\n");
        Fixtures.write(root, "tables/toy/system.yaml", yaml);
        Kernel odd = new Kernel(root);
        Variant v = odd.variant("toy", "");
        Game g = odd.start(v, "ambush", 1);
        JsonNode red = Json.read(g.stateJsonFor("red"));
        assertEquals(Json.read("{\"n\":null,\"i\":null,\"list\":[null,1,null],\"nested\":{\"a\":[1,{}]}}"), red.path("odd"), "undefined and functions dropped, in a list null; NaN and Infinity null");
        assertEquals(List.of("id", "ma", "side", "hex", "strength", "moved", "attacked"), fields(red.path("live")), "a templated piece written whole, its fixed fields after its id: " + red.path("live"));
        String before = g.stateJsonFor(null);
        RuleError e = assertThrows(RuleError.class, () -> Match.play(g, Bots.forSides(v.system(), "writer", 1), false, null));
        String m = e.getMessage();
        JsonNode saw = Json.read(m.substring(m.indexOf('{'), m.lastIndexOf('}') + 1));
        assertEquals(Json.read("[\"n\",\"i\",\"list\",\"nested\"]"), saw.path("keys"), saw.toString());
        assertEquals(Json.read("[null,1,null]"), saw.path("list"));
        assertTrue(saw.path("n").isNull(), saw.toString());
        assertEquals(4, saw.path("ma").asInt(), "the fixed field reads through the copy's template: " + saw);
        assertEquals(4, saw.path("whole").path("ma").asInt(), saw.toString());
        assertEquals(before, g.stateJsonFor(null), "what the bot wrote to its view reached no object of the state");
    }

    static List<String> fields(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
