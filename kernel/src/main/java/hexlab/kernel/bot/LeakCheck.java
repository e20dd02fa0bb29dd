package hexlab.kernel.bot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Refusal;
import hexlab.kernel.play.View;
import hexlab.kernel.play.Visibility;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Information leaks, for a system that declares what each side may not know (system.yaml
 * {@code secrets}). What a side is shown in a position, its view of the state, the prompt, the
 * breadcrumb, its legal actions and the refusals of actions that name pieces, must name no piece
 * whose identity is secret from it; must stay the same, key order included, when every secret
 * field is given another value and when the secret pieces' identities are exchanged (so nothing
 * shown depends on a secret); must answer an action naming a secret piece as one naming no piece;
 * and working it out must not change the state. What is shown includes the off-map displays and the system's combat preview
 * ({@code preview:}), of the attack being composed and of candidate attacks on the hexes of secret
 * pieces, so a preview may not tell what the side cannot see either. In the log of an action, no entry the side may
 * read names a piece whose identity is secret from it both before and after the action.
 */
public final class LeakCheck {
    private LeakCheck() {}

    /** A piece id no rule knows: a refusal must not tell it from a piece the side cannot see. */
    static final String NO_SUCH_PIECE = "no-such-piece";
    private static final String PROBED = "<probed piece>";
    private static final int PROBED_ACTIONS = 12, PROBED_SECRETS = 3, PREVIEWED_HEXES = 3, PREVIEW_ATTACKERS = 2;

    public record Leak(String side, String what) {
        public String describe() { return "as " + side + ": " + what; }
    }

    /** What each side may not know now, by side: {piece id: [field, ...]}. */
    public static Map<String, JsonNode> secrets(Game g) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (String side : g.system().sides()) out.put(side, g.secrets(side));
        return out;
    }

    /** The leaks in the position in front of {@code g}, for every side; the game is left as it was. */
    public static List<Leak> position(Game g) { return position(g, secrets(g)); }

    /** As {@link #position(Game)}, with the position's {@link #secrets} already known. */
    public static List<Leak> position(Game g, Map<String, JsonNode> secrets) {
        List<Leak> out = new ArrayList<>();
        if (g.over() || g.system().secrets() == null) return out;
        // what every side is shown in the position first, then each side's position with other secrets:
        // the position is worked out once for all sides, and restored once at the end
        Map<String, Asked> probed = new LinkedHashMap<>();
        Map<String, ObjectNode> shownTo = new LinkedHashMap<>();
        for (String side : g.system().sides()) {
            JsonNode secret = secrets.get(side);
            if (secret.isEmpty()) continue;
            String hash = g.stateHash();
            Asked asked = new Asked(probes(g, side, secret), previews(g, side, secret));
            List<Probe> probes = asked.probes();
            ObjectNode shown = shown(g, side, asked);
            probed.put(side, asked);
            shownTo.put(side, shown);
            if (!g.stateHash().equals(hash)) out.add(new Leak(side, "working out what it is shown changed the state (a view, prompt or refusal that writes)"));
            for (String id : ids(secret)) {
                String where = naming(shown, id);
                if (where != null) out.add(new Leak(side, where + " names " + id + ", a piece it may not identify"));
            }
            for (Probe p : probes) {
                if (p.id.equals(NO_SUCH_PIECE)) continue;
                String a = shown.path("refusals").path(p.key()).asText(), b = shown.path("refusals").path(p.unknown().key()).asText();
                if (!a.equals(b)) {
                    out.add(new Leak(side, "the answer to " + Json.write(p.action(p.id)) + " (" + a + ") tells " + p.id + " from a piece that does not exist (" + b + ")"));
                }
            }
        }
        if (shownTo.isEmpty()) return out;
        Game.Snapshot s0 = g.snapshot();
        try {
            for (String side : shownTo.keySet()) out.addAll(perturbed(g, s0, side, secrets.get(side), probed.get(side), shownTo.get(side)));
        } finally {
            g.restore(s0);
        }
        return out;
    }

    /**
     * The leaks in the log entries of one action: an entry a side may read that names a piece whose
     * identity was secret from it before the action and still is after it.
     */
    public static List<Leak> events(List<JsonNode> events, Map<String, JsonNode> before, Map<String, JsonNode> after) {
        List<Leak> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : before.entrySet()) {
            String side = e.getKey();
            Set<String> ids = ids(e.getValue());
            ids.retainAll(ids(after.getOrDefault(side, Json.object())));
            for (JsonNode entry : events) {
                JsonNode seen = Visibility.forSide(entry, side);
                for (String id : ids) {
                    if (naming(seen, id) != null) out.add(new Leak(side, "its log reads " + Json.write(seen) + ", which names " + id + ", a piece it may not identify"));
                }
            }
        }
        return out;
    }

    // ---- what a side is shown ------------------------------------------------------------------

    /**
     * An action of the side's, one piece id in it replaced by {@code id}, the {@code n}-th secret
     * piece (0: {@value #NO_SUCH_PIECE}): {@code path} leads to the replaced value.
     */
    private record Probe(JsonNode template, List<Object> path, String id, int n) {
        Probe unknown() { return new Probe(template, path, NO_SUCH_PIECE, 0); }

        JsonNode action(String with) {
            JsonNode copy = template.deepCopy();
            JsonNode parent = copy;
            for (int i = 0; i < path.size() - 1; i++) parent = step(parent, path.get(i));
            Object last = path.get(path.size() - 1);
            if (last instanceof Integer n) ((ArrayNode) parent).set(n, TextNode.valueOf(with));
            else ((ObjectNode) parent).put((String) last, with);
            return copy;
        }

        /** The probe's name in what the side is shown: the action, and which piece it names, but not its id. */
        String key() { return Json.write(action(PROBED)) + (n == 0 ? " naming no piece" : " naming secret piece " + n); }

        private static JsonNode step(JsonNode n, Object k) { return k instanceof Integer i ? n.get(i) : n.get((String) k); }
    }

    /**
     * Everything {@code side} is shown now, as one document: the view of the state, the decision as it
     * reads it, its legal actions if it decides, and the answers to the probes (the probed id
     * written as {@value #PROBED}, so answers that only repeat it compare equal).
     */
    private static ObjectNode shown(Game g, String side, Asked asked) {
        ObjectNode o = Json.object();
        o.set("view", Json.read(g.stateJsonFor(side)));
        View v = g.view(side);
        o.put("toAct", v.toAct()).put("prompt", v.prompt()).put("rule", v.rule());
        o.set("breadcrumb", Json.MAPPER.valueToTree(v.breadcrumb()));
        o.set("actions", Json.MAPPER.valueToTree(v.actions()));
        ObjectNode refusals = o.putObject("refusals");
        Refusal other = g.check(side, Json.object().put("do", "?"));
        refusals.put("an unknown action", other == null ? "taken" : other.describe());
        for (Probe p : asked.probes()) {
            Refusal r = g.check(side, p.action(p.id));
            refusals.put(p.key(), r == null ? "taken" : replaceWord(r.describe(), p.id, PROBED));
        }
        ObjectNode displays = o.putObject("displays");
        for (String name : g.system().displays().keySet()) displays.set(name, g.display(name, side));
        ObjectNode previews = o.putObject("previews");
        for (JsonNode args : asked.previews()) {
            JsonNode answer;
            try {
                answer = g.preview(args, side);
            } catch (RuntimeException e) {
                answer = TextNode.valueOf("error: " + e.getMessage());
            }
            previews.set(Json.write(args), answer == null ? Json.MAPPER.nullNode() : answer);
        }
        return o;
    }

    /** What is asked of the position for a side: refusals of probed actions, and combat previews. */
    private record Asked(List<Probe> probes, List<JsonNode> previews) {}

    /**
     * The previews asked as {@code side} in a system that declares one: the attack being composed
     * ({}), and for each of the first hexes holding a piece secret from the side, a candidate attack
     * on it ({hex, attackers}) by the side's pieces nearest to it.
     */
    private static List<JsonNode> previews(Game g, String side, JsonNode secret) {
        List<JsonNode> out = new ArrayList<>();
        if (g.system().preview() == null) return out;
        out.add(Json.object());
        var map = g.rules().map();
        if (map == null) return out;
        Map<String, ObjectNode> whole = wholePieces(g, (ObjectNode) Json.read(g.stateJson()));
        Set<String> hexes = new LinkedHashSet<>();
        for (Iterator<String> it = secret.fieldNames(); it.hasNext() && hexes.size() < PREVIEWED_HEXES; ) {
            ObjectNode p = whole.get(it.next());
            String hex = p == null ? null : p.path("hex").asText(null);
            if (hex != null && map.index(hex) >= 0) hexes.add(hex);
        }
        for (String hex : hexes) {
            int at = map.index(hex);
            List<String> own = whole.values().stream()
                    .filter(p -> side.equals(p.path("side").asText()) && map.index(p.path("hex").asText("")) >= 0)
                    .sorted(java.util.Comparator.comparingInt(p -> map.distance(at, map.index(p.path("hex").asText()))))
                    .limit(PREVIEW_ATTACKERS).map(p -> p.path("id").asText()).toList();
            ObjectNode args = Json.object().put("hex", hex);
            own.forEach(args.putArray("attackers")::add);
            out.add(args);
        }
        return out;
    }

    /**
     * The side's legal actions with a piece id in them replaced by a piece secret from it and by one
     * that does not exist: the two answers must read the same.
     */
    private static List<Probe> probes(Game g, String side, JsonNode secret) {
        List<Probe> out = new ArrayList<>();
        if (!side.equals(g.toAct())) return out;
        Set<String> pieces = new LinkedHashSet<>();
        Json.read(g.stateJson()).path("pieces").fieldNames().forEachRemaining(pieces::add);
        List<String> hidden = new ArrayList<>(ids(secret));
        if (hidden.isEmpty()) return out;
        Set<String> seen = new LinkedHashSet<>();
        for (JsonNode a : g.legalActions()) {
            List<List<Object>> paths = new ArrayList<>();
            pieceIds(a, pieces, new ArrayList<>(), paths);
            for (List<Object> path : paths) {
                Probe shape = new Probe(a, path, NO_SUCH_PIECE, 0);
                if (!seen.add(Json.write(shape.action(PROBED)))) continue;
                if (seen.size() > PROBED_ACTIONS) return out;
                out.add(shape);
                for (int i = 0; i < Math.min(PROBED_SECRETS, hidden.size()); i++) out.add(new Probe(a, path, hidden.get(i), i + 1));
            }
        }
        return out;
    }

    private static void pieceIds(JsonNode n, Set<String> pieces, List<Object> path, List<List<Object>> out) {
        if (n.isTextual() && pieces.contains(n.asText()) && !path.isEmpty()) out.add(List.copyOf(path));
        else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                path.add(i);
                pieceIds(n.get(i), pieces, path, out);
                path.remove(path.size() - 1);
            }
        } else if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                path.add(f.getKey());
                pieceIds(f.getValue(), pieces, path, out);
                path.remove(path.size() - 1);
            }
        }
    }

    // ---- the same position with other secret values -----------------------------------------------

    /**
     * The position again with every secret field of the side's secret pieces given another value
     * (one another piece holds, else a neighbouring one) and the secret pieces' identities exchanged
     * in pairs: what the side is shown must not change. Both at once, since a position costs its
     * decision worked out again; when something changes, each alone, and each field alone, name it.
     */
    private static List<Leak> perturbed(Game g, Game.Snapshot s0, String side, JsonNode secret, Asked probes, ObjectNode shown) {
        List<Leak> out = new ArrayList<>();
        ObjectNode state = (ObjectNode) Json.read(s0.state());
        Map<String, ObjectNode> whole = wholePieces(g, state);
        Map<Field, JsonNode> changes = new LinkedHashMap<>();      // a secret field -> another value
        for (Iterator<Map.Entry<String, JsonNode>> it = secret.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode piece = state.path("pieces").get(e.getKey());
            if (piece == null || !piece.isObject()) {
                out.add(new Leak(side, "the secrets name " + e.getKey() + ", which is no piece of state.pieces"));
                continue;
            }
            for (JsonNode f : e.getValue()) {
                JsonNode other = f.asText().equals("id") ? null : otherValue(whole, e.getKey(), f.asText(), secret);
                if (other != null) changes.put(new Field(e.getKey(), f.asText()), other);
            }
        }
        List<String> ids = new ArrayList<>(ids(secret));
        Map<String, String> swap = new LinkedHashMap<>();
        for (int i = 0; i + 1 < ids.size(); i += 2) {
            swap.put(ids.get(i), ids.get(i + 1));
            swap.put(ids.get(i + 1), ids.get(i));
        }
        if (changes.isEmpty() && swap.isEmpty()) return out;
        String values = String.join(", ", changes.keySet().stream().map(Field::toString).toList()) + " take other values";
        String names = "the pieces " + String.join(", ", swap.keySet()) + " exchange their identities (each pair of ids swapped throughout the state)";
        ObjectNode moved = changed(state, changes);
        List<Leak> both = compare(g, s0, renamed(moved, wholePieces(g, moved), swap), side, probes, shown, values + " and " + names);
        if (both.isEmpty()) return out;
        List<Leak> named = new ArrayList<>();
        if (!swap.isEmpty()) named.addAll(compare(g, s0, renamed(state, whole, swap), side, probes, shown, names));
        if (!changes.isEmpty() && !compare(g, s0, moved, side, probes, shown, values).isEmpty()) {
            for (Map.Entry<Field, JsonNode> c : changes.entrySet()) {
                named.addAll(compare(g, s0, changed(state, Map.of(c.getKey(), c.getValue())), side, probes, shown, c.getKey() + " is " + Json.write(c.getValue())));
            }
        }
        out.addAll(named.isEmpty() ? both : named);
        return out;
    }

    /** A field of a piece. */
    private record Field(String piece, String name) {
        @Override
        public String toString() { return piece + "." + name; }
    }

    /** A copy of {@code state} with the changes made. */
    private static ObjectNode changed(ObjectNode state, Map<Field, JsonNode> changes) {
        ObjectNode out = state.deepCopy();
        changes.forEach((f, v) -> ((ObjectNode) out.path("pieces").get(f.piece())).set(f.name(), v));
        return out;
    }

    /**
     * What the side is shown in {@code state} (the position {@code s0} otherwise) against {@code shown};
     * the game is left in that position: the caller restores {@code s0} once it has compared all.
     */
    private static List<Leak> compare(Game g, Game.Snapshot s0, JsonNode state, String side, Asked probes, ObjectNode shown, String what) {
        List<Leak> out = new ArrayList<>();
        g.restore(new Game.Snapshot(Json.write(state), s0.frames(), s0.diceState(), s0.diceRolls(), s0.result(), s0.actions(), s0.seeking(),
                s0.seekSide(), s0.turn()));
        ObjectNode again;
        List<String> parts = List.of("view", "toAct", "prompt", "rule", "breadcrumb", "actions", "refusals", "displays", "previews");
        try {
            again = shown(g, side, probes);
        } catch (EngineError e) {
            // the values of another side's pieces changed may leave that side, to act, with nothing to do:
            // a position play cannot reach, whose decision this side does not read; its view still counts.
            // A side to act that is left with nothing to do sees its actions go.
            if (side.equals(shown.path("toAct").asText(null))) {
                out.add(new Leak(side, "its actions change when " + what + ": " + e.getMessage()));
                return out;
            }
            again = Json.object();
            again.set("view", Json.read(g.stateJsonFor(side)));
            parts = List.of("view");
        }
        for (String part : parts) {
            // as text: the order of an object's keys is shown too (a view's pieces in the units' order tells them apart)
            if (!same(again.path(part), shown.path(part))) {
                out.add(new Leak(side, "its " + part + " changes when " + what + ": " + difference(shown.path(part), again.path(part))));
            }
        }
        return out;
    }

    /**
     * The state with the ids of {@code swap} exchanged wherever they stand: the same position, each
     * unit named as the other. Keys keep their places (an object keyed by both ids keeps its key
     * order, each key now holding the other's value), since an order that follows the units' names
     * is one a view must not show. Pieces go whole (their fixed fields as their own values), so
     * every field travels with its unit and only the names change.
     */
    private static JsonNode renamed(JsonNode n, Map<String, ObjectNode> whole, Map<String, String> swap) {
        if (n.isTextual()) return swap.containsKey(n.asText()) ? TextNode.valueOf(swap.get(n.asText())) : n;
        if (n.isArray()) {
            ArrayNode a = Json.MAPPER.createArrayNode();
            n.forEach(x -> a.add(renamed(x, whole, swap)));
            return a;
        }
        if (!n.isObject()) return n;
        ObjectNode o = Json.object();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next(), other = swap.get(k);
            if (other != null && n.has(other)) o.set(k, renamed(unit(n, other, whole), whole, swap));
            else o.set(other != null ? other : k, renamed(unit(n, k, whole), whole, swap));
        }
        return o;
    }

    /** {@code n.get(key)}, whole if it is the piece of that id. */
    private static JsonNode unit(JsonNode n, String key, Map<String, ObjectNode> whole) {
        JsonNode v = n.get(key);
        return whole.containsKey(key) && v.path("id").asText().equals(key) ? whole.get(key) : v;
    }

    /** Each piece whole: its template's fixed fields, then the defaults, then its own fields. */
    private static Map<String, ObjectNode> wholePieces(Game g, ObjectNode state) {
        JsonNode templates = Json.read(g.pieceTemplatesJson()), defaults = Json.read(g.pieceDefaultsJson());
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = state.path("pieces").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            ObjectNode w = Json.object();
            if (templates.has(e.getKey())) w.setAll((ObjectNode) templates.get(e.getKey()));
            if (defaults.isObject()) w.setAll((ObjectNode) defaults);
            if (e.getValue().isObject()) w.setAll((ObjectNode) e.getValue());
            out.put(e.getKey(), w);
        }
        return out;
    }

    /**
     * Another value for a piece's field: the first different one among the other pieces secret from
     * the side, else among all pieces (in state order), else the number after it, the other boolean,
     * the text with a mark; null if the piece holds nothing there.
     */
    private static JsonNode otherValue(Map<String, ObjectNode> whole, String id, String field, JsonNode secret) {
        JsonNode now = whole.get(id).get(field);
        if (now == null || now.isNull()) return null;
        for (boolean secretOnly : new boolean[] {true, false}) {
            for (Map.Entry<String, ObjectNode> e : whole.entrySet()) {
                if (e.getKey().equals(id) || (secretOnly && !secret.has(e.getKey()))) continue;
                JsonNode v = e.getValue().get(field);
                if (v != null && !v.isNull() && !v.equals(now) && v.getNodeType() == now.getNodeType()) return v;
            }
        }
        if (now.isIntegralNumber()) return Json.MAPPER.getNodeFactory().numberNode(now.asLong() + 1);
        if (now.isNumber()) return Json.MAPPER.getNodeFactory().numberNode(now.asDouble() + 1);
        if (now.isBoolean()) return Json.MAPPER.getNodeFactory().booleanNode(!now.asBoolean());
        if (now.isTextual()) return TextNode.valueOf(now.asText() + "'");
        return null;
    }

    // ---- naming ------------------------------------------------------------------------------------

    /** The ids of the pieces whose identity is secret: those whose fields include "id". */
    private static Set<String> ids(JsonNode secret) {
        Set<String> out = new LinkedHashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = secret.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            for (JsonNode f : e.getValue()) if (f.asText().equals("id")) out.add(e.getKey());
        }
        return out;
    }

    /** Where in {@code n} the id stands as a key, a value or a word of a text ("view/pieces/b4"), or null. */
    static String naming(JsonNode n, String id) { return naming(n, id, ""); }

    private static String naming(JsonNode n, String id, String at) {
        if (n.isTextual()) return word(n.asText(), id) ? (at.isEmpty() ? "the text" : at) : null;
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                String w = naming(n.get(i), id, at + "/" + i);
                if (w != null) return w;
            }
        } else if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (word(f.getKey(), id)) return at + "/" + f.getKey();
                String w = naming(f.getValue(), id, at + "/" + f.getKey());
                if (w != null) return w;
            }
        }
        return null;
    }

    /** Whether {@code id} stands in {@code text} as a word of its own (not inside a longer id). */
    static boolean word(String text, String id) {
        for (int i = text.indexOf(id); i >= 0; i = text.indexOf(id, i + 1)) {
            boolean startOk = i == 0 || !idChar(text.charAt(i - 1));
            int end = i + id.length();
            if (startOk && (end == text.length() || !idChar(text.charAt(end)))) return true;
        }
        return false;
    }

    private static String replaceWord(String text, String id, String with) {
        StringBuilder sb = new StringBuilder();
        int from = 0;
        for (int i = text.indexOf(id); i >= 0; i = text.indexOf(id, i + 1)) {
            int end = i + id.length();
            if (i >= from && (i == 0 || !idChar(text.charAt(i - 1))) && (end == text.length() || !idChar(text.charAt(end)))) {
                sb.append(text, from, i).append(with);
                from = end;
            }
        }
        return sb.append(text.substring(from)).toString();
    }

    private static boolean idChar(char c) { return Character.isLetterOrDigit(c) || c == '_' || c == '-'; }

    /** The first place two documents differ, shortly: "pieces/b2/strength: 3 then 4", or keys listed in another order. */
    private static String difference(JsonNode a, JsonNode b) { return difference(a, b, ""); }

    private static String difference(JsonNode a, JsonNode b, String at) {
        String here = at.isEmpty() ? "" : at.substring(1) + ": ";
        if (a.isObject() && b.isObject()) {
            List<String> ka = new ArrayList<>(), kb = new ArrayList<>();
            a.fieldNames().forEachRemaining(ka::add);
            b.fieldNames().forEachRemaining(kb::add);
            if (new LinkedHashSet<>(ka).equals(new LinkedHashSet<>(kb)) && !ka.equals(kb)) return here + "the keys in the order " + ka + " then " + kb;
            Set<String> keys = new LinkedHashSet<>(ka);
            keys.addAll(kb);
            for (String k : keys) {
                if (!same(a.path(k), b.path(k))) return difference(a.path(k), b.path(k), at + "/" + k);
            }
        } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) if (!same(a.get(i), b.get(i))) return difference(a.get(i), b.get(i), at + "/" + i);
        }
        return here + clip(a) + " then " + clip(b);
    }

    private static boolean same(JsonNode a, JsonNode b) { return Json.write(a).equals(Json.write(b)); }

    private static String clip(JsonNode n) {
        String s = n.isMissingNode() ? "nothing" : Json.write(n);
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }
}
