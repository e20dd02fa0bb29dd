package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.rules.Positions;

import java.util.ArrayList;
import java.util.List;

/**
 * Small Rats of Tobruk positions on the real rules and (placeholder) map: a few counters of
 * units.yaml where a test puts them, one battalion's activation under way.
 */
final class RatsFixtures {
    static final Variant RATS = Positions.variant("rats-of-tobruk", "");

    private RatsFixtures() {}

    static Variant rats(String spec) { return Positions.variant("rats-of-tobruk", spec); }

    /**
     * A fixture scenario of game-turns {@code first} to {@code last} (1 = May 1 Morning of the
     * Battle of the Salient); {@code pieces} are "unit@hex", or "unit@off" for a unit waiting to
     * enter along the Axis edges (17.13).
     */
    static String scenario(int first, int last, String... pieces) {
        StringBuilder sb = new StringBuilder("id: battle-of-the-salient\nname: fixture\nsource: test\nstatus: placeholder\nnote: \"a test position\"\nmap: main\n");
        sb.append("turns: {first: ").append(first).append(", last: ").append(last).append("}\n");
        sb.append("special:\n  entry:\n    axis: {zones: [west-edge, south-edge]}\npieces:");
        if (pieces.length == 0) sb.append(" []");
        sb.append('\n');
        for (String p : pieces) {
            String[] a = p.split("@");
            String side = a[0].startsWith("de-") || a[0].startsWith("it-") ? "axis" : "allied";
            sb.append("  - {id: ").append(a[0]).append(", side: ").append(side).append(", hex: ")
                    .append(a[1].equals("off") ? "null" : "\"" + a[1] + "\"").append("}\n");
        }
        return sb.toString();
    }

    /** A game of the pieces, stopped at turn 1's first decision, then set to the activation of {@code battalion}. */
    static Game game(Variant v, String battalion, String... pieces) {
        Game g = Positions.start(v, scenario(1, 20, pieces), 1);
        // a battalion set up without its HQ nominates a stack in the Supply Phase (5.1): any will do
        for (int guard = 0; guard < 50 && g.view(null).prompt().contains("nominate one stack"); guard++) g.applyIndex(0);
        g.startEvents();
        activate(g, battalion);
        return g;
    }

    static Game game(String battalion, String... pieces) { return game(RATS, battalion, pieces); }

    /**
     * Makes {@code battalion}'s activation the one under way, at the start of its movement, in clear
     * weather on a Morning turn, every unit in supply, nothing moving or attacking; the decision in
     * front is asked again.
     */
    static void activate(Game g, String battalion) {
        set(g, "const b = rules.setup.battalion('" + battalion + "'); const hq = rules.activation.hqOf('" + battalion + "');"
                + "state.activation = {battalion: '" + battalion + "', side: b.side, hq: hq ? hq.id : null, stack: null, stackUnits: []};"
                + "state.active = b.side; state.weather = 'clear'; state.turnKind = 'morning'; state.moving = null; state.attack = null;"
                + "for (const p of Object.values(state.pieces)) { p.supply = 'in'; p.unsupplied = 0; }");
    }

    /** Runs statements in the rules context, then lets the game ask its decision again. */
    static JsonNode set(Game g, String statements) {
        JsonNode r = run(g, statements);
        g.restore(g.snapshot());
        return r;
    }

    static JsonNode js(Game g, String expr) { return Positions.eval(g, expr); }

    static JsonNode run(Game g, String statements) { return js(g, "(() => { " + statements + " })()"); }

    static JsonNode piece(Game g, String id) { return js(g, "state.pieces['" + id + "']"); }

    static String hex(Game g, String id) {
        JsonNode h = piece(g, id).path("hex");
        return h.isNull() ? null : h.asText();
    }

    /** The MP cost of each hex a group of units (as one stack) may move to now, {hex: cost}. */
    static JsonNode reach(Game g, String... units) {
        StringBuilder ids = new StringBuilder();
        for (String u : units) ids.append(ids.length() == 0 ? "" : ",").append('\'').append(u).append('\'');
        return js(g, "(() => { const ps = [" + ids + "].map((id) => state.pieces[id]); const gr = rules.movement.group(ps);"
                + " const from = ps[0].at === 'off' ? 'off' : ps[0].hex; const out = {};"
                + " for (const [h, e] of rules.movement.reach(gr, from, gr.allowance, !ps[0].moved)) out[h] = e.cost; return out; })()");
    }

    static double cost(JsonNode reach, String hex) {
        JsonNode c = reach.get(hex);
        return c == null ? Double.NaN : c.asDouble();
    }

    /** The trace entries written since the last call. */
    static List<JsonNode> trace(Game g) { return g.startEvents(); }

    static List<JsonNode> withRule(List<JsonNode> events, String rule) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : events) if (e.path("rule").asText().contains(rule)) out.add(e);
        return out;
    }

    static List<JsonNode> rolls(List<JsonNode> events) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : events) if ("roll".equals(e.path("kind").asText())) out.add(e);
        return out;
    }

    /** Index of the first legal action whose JSON contains {@code fragment}, or -1. */
    static int find(Game g, String fragment) {
        List<JsonNode> acts = g.legalActions();
        for (int i = 0; i < acts.size(); i++) if (acts.get(i).toString().contains(fragment)) return i;
        return -1;
    }

    /** Takes the first legal action containing {@code fragment}; the trace entries it wrote. */
    static List<JsonNode> take(Game g, String fragment) {
        int i = find(g, fragment);
        if (i < 0) throw new AssertionError("no action with " + fragment + " among " + g.legalActions() + " (" + g.view(null).prompt() + ")");
        return g.applyIndex(i).events();
    }

    /** Takes an action given as JSON (listed or accepted); fails if it is refused. */
    static List<JsonNode> act(Game g, String json) {
        var o = g.apply(hexlab.kernel.util.Json.read(json));
        if (!o.accepted()) throw new AssertionError("refused: " + o.refusal() + " (" + g.view(null).prompt() + ")");
        return o.events();
    }

    /** Throws away d6 rolls until the next ones the game rolls read {@code faces} ("3" + "5" + ...). */
    static void dealNext(Game g, String faces) {
        hexlab.kernel.play.Dice copy = new hexlab.kernel.play.Dice(g.dice().state(), g.dice().rolls());
        StringBuilder stream = new StringBuilder();
        int k = -1;
        for (int i = 0; i < 400_000 && k < 0; i++) {
            stream.append(copy.die(6));
            if (stream.length() >= faces.length() && stream.substring(stream.length() - faces.length()).equals(faces)) k = stream.length() - faces.length();
        }
        if (k < 0) throw new AssertionError("the dice never deal " + faces);
        for (int i = 0; i < k; i++) g.dice().die(6);
    }
}
