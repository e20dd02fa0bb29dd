package hexlab.kernel.persist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.play.Boards;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A save replayed with its trace kept, to explain it from the command line: every action with the
 * entries it caused ({@link #log}), or the same seed and actions under another variant, up to the
 * first action whose outcome differs ({@link #diff}).
 */
public final class Retrace {
    private Retrace() {}

    /** Action {@code n} (0: the set-up and the steps before the first decision) and the entries it caused. */
    public record Step(int n, String side, JsonNode action, List<JsonNode> events, String hash) {}

    /** A replay's steps in the range asked; {@code refused} names the action the rules refuse now, if any. */
    public record Log(Variant variant, List<String> changed, List<Step> steps, int actions, Refused refused) {}

    public record Refused(int n, JsonNode action, String reason, String rule) {}

    /**
     * The first action at which the other variant's game differs: in its state, in what its
     * entries decided, or because it refuses the action. {@code at} is -1 when the games never differ;
     * {@code broken} when the save's own variant refuses an action (its rules changed since).
     */
    public record Diff(Variant base, Variant other, int at, Step baseStep, Step otherStep, List<JsonNode[]> differing, Refused refused,
                       String reason, boolean broken) {}

    /** Fields of an entry that say where and how it was recorded, not what it decided: left out when comparing. */
    static final Set<String> BOOKKEEPING = Set.of("section", "status", "errata", "decidedBy", "provenance", "placeholder");

    public static Variant variantOf(Catalog catalog, SaveFile save) {
        return save.variant(catalog.system(save.system()));
    }

    /** Replays {@code save}, keeping the entries of actions {@code from} to {@code to} (inclusive; 0 is the set-up). */
    public static Log log(Catalog catalog, SaveFile save, int from, int to) {
        RuleSystem system = catalog.system(save.system());
        Variant v = variantOf(catalog, save);
        try (Run run = new Run(catalog, v, save)) {
            List<Step> steps = new ArrayList<>();
            Game g = run.game;
            if (from <= 0) steps.add(new Step(0, null, null, g.startEvents(), g.stateHash()));
            else g.startEvents();
            List<JsonNode> actions = save.actions();
            for (int i = 0; i < actions.size() && i + 1 <= to; i++) {
                int n = i + 1;
                g.keepTrace(n >= from);
                String side = g.over() ? null : g.toAct();
                Outcome o = g.apply(actions.get(i));
                if (!o.accepted()) {
                    return new Log(v, Replay.changedSections(system, save), steps, actions.size(),
                            new Refused(n, actions.get(i), o.refusal().reason(), o.refusal().rule()));
                }
                if (n >= from) steps.add(new Step(n, side, actions.get(i), o.events(), g.stateHash()));
            }
            return new Log(v, Replay.changedSections(system, save), steps, actions.size(), null);
        }
    }

    /** The save's seed and actions under {@code other}: the first action whose outcome differs from the save's variant. */
    public static Diff diff(Catalog catalog, SaveFile save, Variant other) {
        Variant base = variantOf(catalog, save);
        try (Run a = new Run(catalog, base, save); Run b = new Run(catalog, other, save)) {
            Step sa = new Step(0, null, null, a.game.startEvents(), a.game.stateHash());
            Step sb = new Step(0, null, null, b.game.startEvents(), b.game.stateHash());
            Diff d = compare(base, other, sa, sb);
            if (d != null) return d;
            List<JsonNode> actions = save.actions();
            for (int i = 0; i < actions.size(); i++) {
                int n = i + 1;
                if (a.game.over() || b.game.over()) break;
                String side = a.game.toAct();
                Outcome oa = a.game.apply(actions.get(i));
                if (!oa.accepted()) {
                    return new Diff(base, other, n, null, null, List.of(), null, "the save's own variant refuses action " + n + " now: " + oa.refusal().describe()
                            + " (its rules changed since the save: see replay)", true);
                }
                Outcome ob = b.game.apply(actions.get(i));
                Step stepA = new Step(n, side, actions.get(i), oa.events(), a.game.stateHash());
                if (!ob.accepted()) {
                    return new Diff(base, other, n, stepA, null, List.of(), new Refused(n, actions.get(i), ob.refusal().reason(), ob.refusal().rule()),
                            other.id() + " refuses action " + n, false);
                }
                d = compare(base, other, stepA, new Step(n, side, actions.get(i), ob.events(), b.game.stateHash()));
                if (d != null) return d;
            }
            if (a.game.over() != b.game.over()) {
                return new Diff(base, other, actions.size(), null, null, List.of(), null, (a.game.over() ? base.id() : other.id()) + " ends the game and the other does not", false);
            }
            return new Diff(base, other, -1, null, null, List.of(), null, "the same " + actions.size() + " actions decide the same under both variants", false);
        }
    }

    private static Diff compare(Variant base, Variant other, Step a, Step b) {
        List<JsonNode[]> differing = differing(a.events(), b.events());
        boolean stateDiffers = !a.hash().equals(b.hash());
        if (differing.isEmpty() && !stateDiffers) return null;
        String what = a.n() == 0 ? "the set-up" : "action " + a.n();
        String reason = stateDiffers ? what + " leaves a different position" + (differing.isEmpty() ? " (its entries read the same)" : "")
                : what + " decides differently (the position is the same)";
        return new Diff(base, other, a.n(), a, b, differing, null, reason, false);
    }

    /** The entries that decided differently, paired by their place (null where one side has no entry). */
    static List<JsonNode[]> differing(List<JsonNode> a, List<JsonNode> b) {
        List<JsonNode[]> out = new ArrayList<>();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            JsonNode x = i < a.size() ? a.get(i) : null, y = i < b.size() ? b.get(i) : null;
            if (x == null || y == null || !decided(x).equals(decided(y))) out.add(new JsonNode[] {x, y});
        }
        return out;
    }

    private static JsonNode decided(JsonNode e) {
        ObjectNode o = e.deepCopy();
        o.remove(BOOKKEEPING);
        return o;
    }

    /** A game of the save's scenario and seed under a variant, in a rules context of its own. */
    private static final class Run implements AutoCloseable {
        final RulesContext rc;
        final Game game;

        Run(Catalog catalog, Variant v, SaveFile save) {
            Scenario sc = Scenario.load(catalog, v.system(), save.scenario());
            rc = new RulesContext(catalog, v, Boards.load(catalog, v.system(), sc.map()));
            try {
                game = Game.start(rc, sc, save.seed(), true);
            } catch (RuntimeException e) {
                rc.close();
                throw e;
            }
        }

        @Override
        public void close() { rc.close(); }
    }

    /** An entry in one short line: rule, text, table and cell, result, dice, and what was not printed. */
    public static String line(JsonNode e) {
        StringBuilder sb = new StringBuilder();
        if (e.has("rule")) sb.append('[').append(e.get("rule").asText()).append("] ");
        if (e.path("kind").asText().equals("roll")) {
            sb.append("roll ").append(e.path("dice").asText()).append(' ').append(e.path("faces"));
            for (JsonNode m : e.path("mods")) sb.append(' ').append(m.path("value").asInt() >= 0 ? "+" : "").append(m.path("value").asInt())
                    .append(m.has("why") ? " (" + m.get("why").asText() + ")" : "");
            sb.append(" = ").append(e.path("total").asText()).append(" for ").append(e.path("purpose").asText());
        } else if (e.has("text")) {
            sb.append(e.get("text").asText());
        }
        if (e.has("table")) {
            sb.append(sb.isEmpty() ? "" : "  ").append("table ").append(e.get("table").asText());
            if (e.has("cell")) sb.append(" cell ").append(cell(e.get("cell")));
            if (e.has("result")) sb.append(" -> ").append(e.get("result").isTextual() ? e.get("result").asText() : Json.write(e.get("result")));
        } else if (e.has("result") && !e.path("kind").asText().equals("roll") && !e.has("text")) {
            sb.append("-> ").append(Json.write(e.get("result")));
        }
        if (e.has("option")) sb.append("  option ").append(e.get("option").asText());
        if (e.has("decidedBy")) sb.append("  erratum ").append(String.join(", ", Json.MAPPER.convertValue(e.get("decidedBy"), String[].class)));
        for (JsonNode p : e.path("provenance")) {
            sb.append(p.path("status").asText().equals("placeholder") ? "  WARNING placeholder " : "  reconstructed ").append(p.path("source").asText());
        }
        return sb.toString();
    }

    private static String cell(JsonNode c) {
        if (!c.isObject()) return c.isTextual() ? c.asText() : Json.write(c);
        List<String> parts = new ArrayList<>();
        c.fields().forEachRemaining(f -> parts.add(f.getKey() + " " + (f.getValue().isTextual() ? f.getValue().asText() : Json.write(f.getValue()))));
        return String.join(" · ", parts);
    }
}
