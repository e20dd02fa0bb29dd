package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.ErratumDef;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.rules.Positions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Small Fall of Tobruk positions on the real rules and map: a few units of the order of battle. */
final class FotFixtures {
    static final Variant FOT = Positions.variant("fall-of-tobruk", "");

    private FotFixtures() {}

    static Variant fot(String spec) { return Positions.variant("fall-of-tobruk", spec); }

    /**
     * A scenario from game-turn {@code first} (1 = May 26) to {@code last}; {@code pieces} are
     * "unit@hex" (a unit id of units.yaml) or "unit@arriving" for a reinforcement of its 5.11 day.
     */
    static String scenario(int first, int last, String... pieces) {
        StringBuilder sb = new StringBuilder("id: fixture\nname: fixture\nsource: test\n"
                + "status: reconstructed\nnote: \"a test's position, not a printed deployment\"\nmap: main\n");
        sb.append("turns: {first: ").append(first).append(", last: ").append(last).append("}\n");
        sb.append("units: units.list\npieces:");
        if (pieces.length == 0) sb.append(" []");
        sb.append('\n');
        for (String p : pieces) {
            String[] a = p.split("@");
            if (a[1].equals("arriving")) sb.append("  - {id: ").append(a[0]).append(", hex: null, at: arriving}\n");
            else sb.append("  - {id: ").append(a[0]).append(", hex: \"").append(a[1]).append("\"}\n");
        }
        return sb.toString();
    }

    static Game start(String yaml, long seed) { return Positions.start(FOT, yaml, seed); }

    /** A game with no unit from {@code turn} to {@code turn}: nobody decides, so it is played through. */
    static Game bare(int turn) { return bare(FOT, turn); }

    /** The same under another variant (e.g. {@link #patched}). */
    static Game bare(Variant v, int turn) { return Positions.start(v, scenario(turn, turn), 1); }

    /**
     * The Fall of Tobruk with one table value replaced, as a designer's erratum would replace it:
     * {@code path} is "section/table/..." (list entries by index), {@code valueYaml} the new value
     * in YAML. The erratum is written to a temporary file and applied like a shipped one.
     */
    static Variant patched(String path, String valueYaml) {
        return patchedWith("  - op: replace\n    path: " + path + "\n    value: " + valueYaml + "\n");
    }

    /** The Fall of Tobruk with an erratum whose {@code changes:} list is {@code changesYaml}. */
    static Variant patchedWith(String changesYaml) {
        try {
            Path f = Files.createTempFile("fot-test-erratum", ".yaml");
            f.toFile().deleteOnExit();
            Files.writeString(f, "erratum: test-erratum\nsource: test\nchanges:\n" + changesYaml);
            RuleSystem s = FOT.system();
            ErratumDef e = new ErratumDef("test-erratum", "a test's change", "test", null, f, s.id(), "reconstructed");
            List<ErratumDef> errata = new ArrayList<>(s.errata());
            errata.add(e);
            return Variant.of(withErrata(s, errata), Map.of(), List.of(e.id()));
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    /** A copy of the system record with another errata list (every other component as it is). */
    private static RuleSystem withErrata(RuleSystem s, List<ErratumDef> errata) {
        try {
            RecordComponent[] rc = RuleSystem.class.getRecordComponents();
            Object[] values = new Object[rc.length];
            Class<?>[] types = new Class<?>[rc.length];
            for (int i = 0; i < rc.length; i++) {
                types[i] = rc[i].getType();
                values[i] = rc[i].getName().equals("errata") ? List.copyOf(errata) : rc[i].getAccessor().invoke(s);
            }
            Constructor<RuleSystem> c = RuleSystem.class.getDeclaredConstructor(types);
            return c.newInstance(values);
        } catch (ReflectiveOperationException x) {
            throw new IllegalStateException(x);
        }
    }

    static JsonNode js(Game g, String expr) { return Positions.eval(g, expr); }

    /** Runs statements in the rules context (ctx, state, rules, tables, map in scope). */
    static JsonNode run(Game g, String statements) { return js(g, "(() => { " + statements + " })()"); }

    /** Puts a unit of the order of battle on the map (or off it with hex null), as setup makes it. */
    static void place(Game g, String unit, String hex) {
        run(g, "const u = tables.units.units.list.find((x) => x.id === '" + unit + "'); if (!u) throw new Error('no unit " + unit + "');"
                + "const p = rules.setup.makePiece(u); p.hex = " + (hex == null ? "null" : "'" + hex + "'") + "; p.at = " + (hex == null ? "'arriving'" : "'map'")
                + "; state.pieces[p.id] = p;");
    }

    /**
     * Puts a copy of a unit of the order of battle on the map as piece {@code id}, with some of its
     * values replaced: {@code fields} is a JavaScript object literal such as "{sp: 6, disrupted: true}"
     * (or null). Lets a test build the exact stack a rule example needs.
     */
    static void placeAs(Game g, String unit, String id, String hex, String fields) {
        run(g, "const u = tables.units.units.list.find((x) => x.id === '" + unit + "'); if (!u) throw new Error('no unit " + unit + "');"
                + "const p = Object.assign(rules.setup.makePiece(u, '" + id + "'), " + (fields == null ? "{}" : fields) + ");"
                + "p.hex = '" + hex + "'; p.at = 'map'; state.pieces[p.id] = p;");
    }

    /**
     * Puts a copy of a unit of the order of battle off the map as a reinforcement whose day has come
     * (5.11): piece {@code id}, {@code at: arriving}, arriving this turn, waiting at the map zones
     * {@code entry} (a JavaScript array literal such as "['east-edge']"); {@code fields} as in placeAs.
     */
    static void arriving(Game g, String unit, String id, String entry, String fields) {
        run(g, "const u = tables.units.units.list.find((x) => x.id === '" + unit + "'); if (!u) throw new Error('no unit " + unit + "');"
                + "const p = Object.assign(rules.setup.makePiece(u, '" + id + "'), {arrives: ctx.turn}, " + (fields == null ? "{}" : fields) + ");"
                + "p.hex = null; p.at = 'arriving'; p.entry = " + entry + "; state.pieces[p.id] = p;");
    }

    /**
     * Makes the formations' {@code marker} the activation under way with {@code ap} Activation Points
     * (null: no limit), its HQs those of the order of battle on the map; {@code special} e.g.
     * "turning-movement" (16.42) or null.
     */
    static void activation(Game g, String marker, Integer ap, String special) {
        run(g, "const m = rules.activation.marker('" + marker + "');"
                + "const hqs = Object.values(state.pieces).filter((p) => p.hq && m.formations.indexOf(p.formation) >= 0).map((p) => p.id).sort();"
                + "state.activation = {marker: m.am, side: m.side, formations: m.formations, column: m.cct, ap: " + ap
                + ", apSpent: 0, rolled: true, stacks: {}, hqs, special: " + (special == null ? "null" : "'" + special + "'") + "}; state.active = m.side;");
    }

    /** Overlay arguments as the inspector sends them: args("side", "axis", "unit", "x"). */
    static com.fasterxml.jackson.databind.node.ObjectNode args(String... keyValues) { return Positions.args(keyValues); }

    /** The trace entries written since the last call. */
    static List<JsonNode> trace(Game g) { return g.startEvents(); }

    /** Plays on with the first legal action until the game ends: every trace entry since the last drain. */
    static List<JsonNode> playThrough(Game g) {
        List<JsonNode> out = new ArrayList<>(g.startEvents());
        for (int guard = 0; guard < 10_000 && !g.over(); guard++) out.addAll(g.applyIndex(0).events());
        if (!g.over()) throw new AssertionError("the game did not end");
        return out;
    }

    static List<JsonNode> withRule(List<JsonNode> events, String rule) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : events) if (rule.equals(e.path("rule").asText())) out.add(e);
        return out;
    }

    /** The rolls among the trace entries, in order. */
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

    /** Takes the first legal action containing {@code fragment}. */
    static void take(Game g, String fragment) {
        int i = find(g, fragment);
        if (i < 0) throw new AssertionError("no action with " + fragment + " among " + g.legalActions() + " (" + g.view(null).prompt() + ")");
        g.applyIndex(i);
    }

    /** 3.3: both sides end their Air Planning with no mission (it comes before the Operations Phase). */
    static void planNoAirMissions(Game g) {
        for (int guard = 0; guard < 4 && g.view(null).prompt().contains("3.3 Air Planning"); guard++) take(g, "\"do\":\"done\"");
    }

    /** Throws away {@code n} rolls of the game's dice (they follow the seed, so the same every run). */
    static void burn(Game g, int n) {
        for (int i = 0; i < n; i++) g.dice().die(10);
    }

    /** Throws away d10 rolls until the next ones the game rolls will read {@code faces} (e.g. "4251"). */
    static void dealNext(Game g, String faces) {
        Dice copy = new Dice(g.dice().state(), g.dice().rolls());
        StringBuilder stream = new StringBuilder();
        int k = -1;
        for (int i = 0; i < 400_000 && k < 0; i++) {
            stream.append(copy.die(10));
            if (stream.length() >= faces.length() && stream.substring(stream.length() - faces.length()).equals(faces)) k = stream.length() - faces.length();
        }
        if (k < 0) throw new AssertionError("the dice never deal " + faces);
        burn(g, k);
    }
}
