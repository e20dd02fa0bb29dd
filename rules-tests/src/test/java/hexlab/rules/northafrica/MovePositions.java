package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import hexlab.rules.Positions;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Small positions on the Crusader map and units for the standard-rule tests: a scenario written
 * inline (pieces by unit id and hex), started at a side's movement phase.
 */
final class MovePositions {
    static final Variant CRUSADER = Positions.variant("crusader", "");

    private MovePositions() {}

    /** A piece line of a fixture scenario: the unit's id, its hex. */
    static String at(String unit, String hex) { return "  - {id: " + unit + ", unit: " + unit + ", hex: \"" + hex + "\"}\n"; }

    /** A reinforcement line: unit, game-turn, entry hex. */
    static String arrives(String unit, int turn, String hex) {
        return "  - {unit: " + unit + ", turn: " + turn + ", entry: {hex: \"" + hex + "\"}}\n";
    }

    /** Starts the pieces at `side`'s movement phase of game-turn `turn`. */
    static Game start(String side, int turn, String pieces) { return start(side, turn, pieces, ""); }

    static Game start(String side, int turn, String pieces, String extra) { return start(CRUSADER, side, turn, pieces, extra); }

    static Game start(Variant v, String side, int turn, String pieces, String extra) {
        String yaml = "id: fixture\nname: fixture\nstatus: printed\nmap: main\nturns: {first: 1, last: " + Math.max(turn + 2, 3) + "}\n"
                + "first-side: british\nstart: {turn: " + turn + ", side: " + side + ", phase: movement}\n"
                + "pieces:\n" + pieces + extra;
        return Positions.start(v, yaml, 1);
    }

    static JsonNode eval(Game g, String js) { return Positions.eval(g, js); }

    /** Overlay arguments as the inspector sends them: args("side", "axis", "unit", "x"). */
    static com.fasterxml.jackson.databind.node.ObjectNode args(String... keyValues) { return Positions.args(keyValues); }

    static double num(Game g, String js) { return eval(g, js).asDouble(); }

    static String text(Game g, String js) { return eval(g, js).asText(); }

    static boolean bool(Game g, String js) { return eval(g, js).asBoolean(); }

    /** The legal actions naming this unit. */
    static List<JsonNode> actionsOf(Game g, String unit) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode a : g.legalActions()) if (unit.equals(a.path("unit").asText())) out.add(a);
        return out;
    }

    /** The hexes the legal actions let this unit do `what` to ("move", "cross-minefield", "enter"...), sorted. */
    static TreeSet<String> targets(Game g, String unit, String what) {
        TreeSet<String> out = new TreeSet<>();
        for (JsonNode a : actionsOf(g, unit)) if (a.path("do").asText().equals(what)) out.add(a.has("to") ? a.path("to").asText() : a.path("hex").asText());
        return out;
    }

    static Outcome act(Game g, String json) { return g.apply(Json.read(json)); }

    /** Applies an action that must be legal. */
    static Outcome ok(Game g, String json) {
        Outcome o = act(g, json);
        assertTrue(o.accepted(), () -> json + " refused: " + (o.refusal() == null ? "" : o.refusal().describe()));
        return o;
    }

    /** Applies an action that must be refused with this rule; returns the reason. */
    static String refused(Game g, String json, String rule) {
        Outcome o = act(g, json);
        assertTrue(!o.accepted(), () -> json + " was accepted");
        assertEquals(rule, o.refusal().rule(), () -> "refusal: " + o.refusal().describe());
        return o.refusal().reason();
    }

    /** The MP the unit needs to reach hex this phase (its reach, without the end-of-move checks). */
    static double cost(Game g, String unit, String hex) {
        return num(g, "(() => { const p = ctx.piece('" + unit + "'); const spec = rules.movement.costSpec(p);"
                + " const r = map.reach(p.hex, 100, spec); return r['" + hex + "'] === undefined ? -1 : r['" + hex + "']; })()");
    }

    /** The trace entries of an outcome with this rule. */
    static List<JsonNode> traces(Outcome o, String rule) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : o.events()) if (rule.equals(e.path("rule").asText())) out.add(e);
        return out;
    }
}
