package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Console;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One game in the inspector: a system, scenario and seed, its lines of play (the current one and
 * the branches kept), the cursor on the current line, and a rules context per variant in use.
 * A rules context may be used by one thread at a time, so every public method is synchronized.
 */
final class Session implements AutoCloseable {
    /** Rules contexts kept per session (one per variant); the least recently used beyond this is closed. */
    static final int MAX_VARIANTS = 3;

    final String id;
    final Kernel kernel;
    final RuleSystem system;
    final Scenario scenario;
    final long seed;
    private final LinkedHashMap<String, VariantGame> games = new LinkedHashMap<>(8, 0.75f, true);
    private final List<Line> lines = new ArrayList<>();
    private final Map<String, Bot> bots = new HashMap<>();
    private Line line;
    private int cursor;
    private int lineCount;
    private boolean undoMayNotCrossRoll = true;
    private Comparison comparison;
    private HexMap map;
    private volatile long lastUsed = System.nanoTime();
    private boolean closed;
    private final java.util.concurrent.atomic.AtomicInteger held = new java.util.concurrent.atomic.AtomicInteger();
    private Journal journal;                                 // where each step is kept as it is taken (null: not kept)
    private final List<String> pending = new ArrayList<>();  // warnings for the next answer (a rebuild that lost steps)
    private Sent sent;

    /** Seen as "auto": as the side to act (a hot-seat game), or the designer once the game is over. */
    static final String AUTO = "auto";

    /** The side {@code as} stands for now: {@link #AUTO} is the side to act; a side or null (the designer) stand for themselves. */
    synchronized String viewer(String as) { return AUTO.equals(as) ? current(null).game.toAct() : as; }

    /** The state last sent to a client, by the hash of its position and the side it was seen as: the base of the next patch. */
    record Sent(String hash, String as, JsonNode state) {}

    Sent sent() { return sent; }

    void sent(Sent s) { sent = s; }

    private Session(String id, Kernel kernel, RuleSystem system, Scenario scenario, long seed) {
        this.id = id;
        this.kernel = kernel;
        this.system = system;
        this.scenario = scenario;
        this.seed = seed;
    }

    static Session start(String id, Kernel kernel, Variant variant, String scenarioId, long seed) {
        Scenario sc = kernel.scenario(variant, scenarioId);
        Session s = new Session(id, kernel, variant.system(), sc, seed);
        VariantGame vg = s.gameFor(variant);
        s.map = vg.rules.map();
        Line main = s.newLine("main", variant, null, 0, vg);
        s.line = main;
        s.cursor = 0;
        vg.standAt(main, 0);
        return s;
    }

    // ---- where the session stands ---------------------------------------------------------------

    synchronized Line line() { return line; }

    synchronized int cursor() { return cursor; }

    synchronized List<Line> lines() { return List.copyOf(lines); }

    synchronized Variant variant() { return line.variant; }

    synchronized boolean undoMayNotCrossRoll() { return undoMayNotCrossRoll; }

    synchronized void undoMayNotCrossRoll(boolean on) {
        if (on == undoMayNotCrossRoll) return;
        undoMayNotCrossRoll = on;
        keep(Json.object().put("op", "settings").put("undoMayNotCrossRoll", on));
    }

    HexMap map() { return map; }

    long lastUsed() { return lastUsed; }

    /** A request uses the game: it is not set aside until released. */
    void hold() {
        held.incrementAndGet();
        lastUsed = System.nanoTime();
    }

    void release() { held.decrementAndGet(); }

    /** Whether no request uses the game now. */
    boolean idle() { return held.get() <= 0; }

    // ---- the journal: each step kept as it is taken -----------------------------------------------

    synchronized void journal(Journal j) { journal = j; }

    synchronized void deleteJournal() {
        if (journal != null) journal.delete();
        journal = null;
    }

    private void keep(ObjectNode step) { if (journal != null) journal.append(step); }

    /** The steps that rebuild this game as it stands: how it started, then the actions of a game opened from a save. */
    synchronized List<ObjectNode> history() {
        List<ObjectNode> out = new ArrayList<>();
        out.add(Json.object().put("op", "start").put("system", system.id()).put("scenario", scenario.id()).put("seed", seed)
                .put("variant", lines.get(0).variant.spec()).put("undoMayNotCrossRoll", undoMayNotCrossRoll));
        Line first = lines.get(0);
        for (int i = 1; i <= first.length(); i++) out.add(actStep(first.action(i)));
        if (line != first || cursor != line.length()) throw new IllegalStateException("a game's history is kept from its start, not from a later line or cursor");
        return out;
    }

    private static ObjectNode actStep(JsonNode action) {
        ObjectNode o = Json.object().put("op", "act");
        o.set("action", action);
        return o;
    }

    /**
     * A game rebuilt from its journal's steps, each taken again as it was, the journal kept on after
     * them. A step the rules now refuse (a rule file edited since) or that fails ends the rebuild
     * there, with a warning; the game stands where it got to, and its journal is cut back to match.
     */
    static Session rebuild(String id, Kernel kernel, Journal.Read read) {
        List<JsonNode> steps = read.steps();
        if (steps.isEmpty() || !"start".equals(steps.get(0).path("op").asText())) {
            throw new ApiError(422, "game " + id + " cannot be rebuilt: its journal does not say how it started");
        }
        JsonNode st = steps.get(0);
        RuleSystem sys = kernel.system(st.path("system").asText());
        Session s = start(id, kernel, Variant.parse(sys, st.path("variant").asText("")), st.path("scenario").asText(), st.path("seed").asLong());
        synchronized (s) {
            s.undoMayNotCrossRoll = st.path("undoMayNotCrossRoll").asBoolean(true);
            List<String> said = new ArrayList<>();    // for the first answer: the steps taken again would consume them as pending
            if (read.damage() != null) said.add("game " + id + " was rebuilt from its journal, but " + read.damage() + ": the steps after it are lost");
            int taken = steps.size();
            for (int i = 1; i < steps.size() && taken == steps.size(); i++) {
                String stopped;
                try {
                    stopped = s.retake(sys, steps.get(i));
                } catch (RuntimeException e) {
                    stopped = Failure.describe(e);
                }
                if (stopped != null) {
                    said.add("game " + id + " was rebuilt from its journal up to step " + i + " of " + (steps.size() - 1) + ": " + stopped
                            + "; the later steps are dropped");
                    taken = i;
                }
            }
            read.journal().keepSteps(taken);
            s.journal = read.journal();
            s.pending.addAll(said);
        }
        return s;
    }

    // one journal step taken again; what stopped it, or null
    private String retake(RuleSystem sys, JsonNode step) {
        switch (step.path("op").asText()) {
            case "act" -> {
                Change c = act(null, step.path("action"));
                return c.refusal == null ? null : "the action " + Json.write(step.path("action")) + " is refused now (" + c.refusal.describe() + ")";
            }
            case "jump" -> moveTo(step.path("n").asInt());
            case "line" -> switchLine(step.path("line").asText());
            case "variant" -> revariant(Variant.parse(sys, step.path("variant").asText("")));
            case "settings" -> undoMayNotCrossRoll(step.path("undoMayNotCrossRoll").asBoolean(true));
            default -> {
                return "a step of an unknown kind, " + Json.write(step);
            }
        }
        return null;
    }

    /** The game of the current line, standing at the cursor. */
    synchronized VariantGame current(Change c) {
        if (closed) throw ApiError.notFound("game " + id + " was closed");
        if (c != null && !pending.isEmpty()) {
            pending.forEach(c::warn);
            pending.clear();
        }
        VariantGame vg = gameFor(line.variant);
        String w = vg.goTo(line, cursor);
        if (c != null) c.warn(w);
        return vg;
    }

    private VariantGame gameFor(Variant v) {
        VariantGame vg = games.get(v.id());
        if (vg != null && vg.dead()) {
            games.remove(v.id());
            vg.close();
            vg = null;
        }
        if (vg == null) {
            vg = new VariantGame(kernel, v, scenario, seed);
            games.put(v.id(), vg);
            Iterator<Map.Entry<String, VariantGame>> it = games.entrySet().iterator();
            while (games.size() > MAX_VARIANTS && it.hasNext()) {
                Map.Entry<String, VariantGame> e = it.next();
                if (e.getValue() == vg || (line != null && e.getKey().equals(line.variant.id()))) continue;
                e.getValue().close();
                it.remove();
            }
        }
        return vg;
    }

    private Line newLine(String name, Variant v, String forkedFrom, int forkAt, VariantGame vg) {
        Line l = new Line("l" + (++lineCount), name, v, forkedFrom, forkAt);
        l.entries.add(vg.startEntry());
        l.snapshots.put(0, vg.startSnapshot());
        lines.add(l);
        return l;
    }

    // ---- acting -------------------------------------------------------------------------------

    /** Takes an action for {@code side} (null: whoever is to act); a refusal changes nothing. */
    synchronized Change act(String side, JsonNode action) {
        Change c = new Change();
        VariantGame vg = current(c);
        take(vg, c, () -> vg.game.apply(side, action));
        return c;
    }

    /** Takes the {@code index}-th legal action, for {@code side} (null: whoever is to act; another side is refused as acting out of turn). */
    synchronized Change actIndex(String side, int index) {
        Change c = new Change();
        VariantGame vg = current(c);
        if (vg.game.over()) throw ApiError.conflict("the game is over");
        if (side != null && !side.equals(vg.game.toAct())) {
            // refused before the index is looked at: the range would tell another side how many choices the decision has
            c.refusal = vg.game.check(side, Json.object());
            return c;
        }
        int n = vg.game.choiceCount();
        if (index < 0 || index >= n) throw ApiError.bad("\"index\" " + index + " is outside the legal actions 0.." + (n - 1));
        take(vg, c, () -> vg.game.applyIndex(side, index));
        return c;
    }

    /**
     * Takes an action in the rules and records it in {@code c}: the log from its entry and one more
     * action taken, or the refusal. An error leaves the game's position unknown, restored at its next use.
     */
    private void take(VariantGame vg, Change c, java.util.function.Supplier<Outcome> apply) {
        Game g = vg.game;
        String toAct = g.toAct();
        int turn = g.turn();
        List<String> crumbs = g.breadcrumb();
        Outcome o = taking(vg, apply);
        if (!o.accepted()) {
            c.refusal = o.refusal();
            return;
        }
        List<JsonNode> acts = g.actions();
        c.logFrom(record(vg, acts.get(acts.size() - 1), toAct, turn, crumbs, o.events()));
        c.taken++;
    }

    private static Outcome taking(VariantGame vg, java.util.function.Supplier<Outcome> take) {
        try {
            return take.get();
        } catch (RuntimeException e) {
            vg.lost();
            throw e;
        }
    }

    /** Records an action just taken; returns the first log entry that changed, -1 if none did. */
    private int record(VariantGame vg, JsonNode action, String side, int turn, List<String> crumbs, List<JsonNode> events) {
        keep(actStep(action));
        int n = cursor + 1;
        if (cursor < line.length()) {
            if (Json.canonical(line.action(n)).equals(Json.canonical(action))) {
                // the same step as recorded: walk along the line instead of branching
                cursor = n;
                vg.standAt(line, n);
                return -1;
            }
            Line b = line.fork("l" + (++lineCount), "branch of " + line.name + " at " + cursor, cursor);
            lines.add(b);
            line = b;
        }
        line.append(new Entry(n, side, action, events, vg.game.stateHash(), turn, crumbs), vg.game);
        cursor = n;
        vg.standAt(line, n);
        comparison = null;
        return n;
    }

    /**
     * Bots take decisions until the point {@code until} of the sequence of play (or the game's end),
     * for one time slice; {@code resume} goes on with the run the last slice left, if the game has
     * not moved since.
     */
    synchronized Change runBots(Map<String, String> names, Runner.Until until, Runner.Point point, boolean resume) {
        Change c = new Change();
        VariantGame vg = current(c);
        if (vg.game.over()) throw ApiError.conflict("the game is over");
        Runner.Resume from = resume && pendingRun != null && pendingLine == line && pendingCursor == cursor ? pendingRun : null;
        pendingRun = null;
        Runner.Resume next = Runner.run(vg.game, system, until, point, from, side -> bot(side, names), i -> take(vg, c, () -> vg.game.applyIndex(i)), c);
        if (next != null) {
            pendingRun = next;
            pendingLine = line;
            pendingCursor = cursor;
        }
        return c;
    }

    private Runner.Resume pendingRun;    // an unfinished bot run, valid while the game stands where it stopped
    private Line pendingLine;
    private int pendingCursor;

    private Bot bot(String side, Map<String, String> names) {
        String name = names.getOrDefault(side == null ? "" : side, "random");
        String key = side + ":" + name;
        return bots.computeIfAbsent(key, k -> Bots.named(system, name, Dice.derive(seed, 1000 + Math.max(0, system.sides().indexOf(side)))));
    }

    // ---- going back -------------------------------------------------------------------------------

    synchronized Change undo() {
        if (cursor == 0) throw ApiError.conflict("nothing to undo: this is the start of the game");
        return jump(cursor - 1);
    }

    /** Moves to the position after action {@code k} of the current line; acting from there branches. */
    synchronized Change jump(int k) {
        if (k < 0 || k > line.length()) throw ApiError.bad("entry " + k + " is not on line " + line.name + " (0.." + line.length() + ")");
        if (k < cursor && undoMayNotCrossRoll) {
            for (int i = cursor; i > k; i--) {
                Entry e = line.entry(i);
                if (e.firstRoll() != null) {
                    throw ApiError.conflict("undo may not cross a die roll: action " + i + " rolled " + e.rollText()
                            + "; turn off \"undo may not cross a die roll\" to go back past it");
                }
            }
        }
        return moveTo(k);
    }

    // to entry k of the current line, whatever a die roll on the way (a journal's jump was allowed when it was made)
    private Change moveTo(int k) {
        if (k < 0 || k > line.length()) throw ApiError.bad("entry " + k + " is not on line " + line.name + " (0.." + line.length() + ")");
        Change c = new Change();
        VariantGame vg = gameFor(line.variant);
        c.warn(vg.goTo(line, k));
        cursor = k;
        keep(Json.object().put("op", "jump").put("n", k));
        return c;
    }

    synchronized Change switchLine(String lineId) {
        Line l = lines.stream().filter(x -> x.id.equals(lineId)).findFirst()
                .orElseThrow(() -> ApiError.notFound("no line \"" + lineId + "\" in game " + id));
        Change c = new Change();
        if (l == line) return c;
        line = l;
        cursor = l.length();
        c.logFrom(0);
        current(c);
        keep(Json.object().put("op", "line").put("line", lineId));
        return c;
    }

    // ---- swapping rules ----------------------------------------------------------------------------

    /**
     * Replays the current line up to the cursor under another variant, as a new line that becomes
     * current (the old one is kept); reports the first action refused or whose state differs.
     */
    synchronized Change revariant(Variant v) {
        Change c = new Change();
        if (v.id().equals(line.variant.id())) {
            c.report = Json.object().put("variant", v.id()).put("same", true);
            return c;
        }
        Line old = line;
        int upTo = cursor;
        VariantGame vg = gameFor(v);
        Line nl = newLine(old.name + " under " + v.id(), v, old.id, 0, vg);
        Replayed r = replay(vg, nl, old, upTo);
        line = nl;
        cursor = nl.length();
        vg.standAt(nl, cursor);
        comparison = null;
        keep(Json.object().put("op", "variant").put("variant", v.spec()));
        ObjectNode rep = Json.object();
        rep.put("variant", v.id()).put("from", old.variant.id()).put("replayed", nl.length()).put("of", upTo).put("line", nl.id);
        r.describe(rep);
        c.report = rep;
        c.logFrom(0);
        return c;
    }

    /** What replaying one line's actions under another variant found. */
    record Replayed(int divergedAt, int refusedAt, String refusal, String refusalRule, JsonNode refusedAction) {
        void describe(ObjectNode rep) {
            if (divergedAt >= 0) rep.put("firstDivergence", divergedAt);
            else rep.putNull("firstDivergence");
            if (refusedAt > 0) {
                rep.putObject("refused").put("n", refusedAt).put("reason", refusal).put("rule", refusalRule).set("action", refusedAction);
            } else rep.putNull("refused");
            String text;
            if (refusedAt > 0) text = "action " + refusedAt + " is refused under the new rules: " + refusal + (refusalRule == null ? "" : " (rule " + refusalRule + ")");
            else if (divergedAt == 0) text = "the start position differs";
            else if (divergedAt > 0) text = "the games first diverge at action " + divergedAt;
            else text = "every action gives the same position";
            rep.put("summary", text);
        }
    }

    /** Applies {@code source}'s actions 1..upTo to {@code target} (standing at its start) with their traces. */
    private static Replayed replay(VariantGame vg, Line target, Line source, int upTo) {
        Game g = vg.game;
        g.restore(target.snapshots.get(0));
        vg.standAt(target, 0);
        int diverged = source.entry(0).hash().equals(target.entry(0).hash()) ? -1 : 0;
        for (int i = 1; i <= upTo; i++) {
            if (g.over()) return new Replayed(diverged < 0 ? i : diverged, i, "the game is already over", null, source.action(i));
            String toAct = g.toAct();
            int turn = g.turn();
            List<String> crumbs = g.breadcrumb();
            JsonNode a = source.action(i);
            Outcome o = taking(vg, () -> g.apply(a));
            if (!o.accepted()) return new Replayed(diverged < 0 ? i : diverged, i, o.refusal().reason(), o.refusal().rule(), source.action(i));
            target.append(new Entry(i, toAct, source.action(i), o.events(), g.stateHash(), turn, crumbs), g);
            vg.standAt(target, i);
            if (diverged < 0 && !target.entry(i).hash().equals(source.entry(i).hash())) diverged = i;
        }
        return new Replayed(diverged, -1, null, null, null);
    }

    /** Replays the current line up to the cursor under two variants side by side. */
    synchronized Comparison compare(Variant a, Variant b) {
        int upTo = cursor;
        Line src = line;
        VariantGame ga = gameFor(a);
        Line la = new Line("A", "A", a, src.id, 0);
        la.entries.add(ga.startEntry());
        la.snapshots.put(0, ga.startSnapshot());
        Replayed ra = replay(ga, la, src, upTo);
        VariantGame gb = gameFor(b);
        Line lb = new Line("B", "B", b, src.id, 0);
        lb.entries.add(gb.startEntry());
        lb.snapshots.put(0, gb.startSnapshot());
        Replayed rb = replay(gb, lb, src, upTo);
        comparison = new Comparison(src.actions(upTo), la, ra, lb, rb);
        return comparison;
    }

    /** Both games of the last comparison after action {@code n}. */
    synchronized ObjectNode compareAt(int n, String as) {
        if (comparison == null) throw ApiError.conflict("no comparison yet (or the game moved on since): compare first");
        if (n < 0 || n > comparison.actions.size()) throw ApiError.bad("step " + n + " is outside 0.." + comparison.actions.size());
        ObjectNode o = Json.object();
        o.put("n", n);
        o.set("a", side(comparison.a, n, as));
        o.set("b", side(comparison.b, n, as));
        return o;
    }

    private ObjectNode side(Line l, int n, String as) {
        VariantGame vg = gameFor(l.variant);
        ObjectNode o = Json.object();
        o.put("variant", l.variant.id());
        if (n > l.length()) {
            o.put("missing", "refused earlier: this variant stops after action " + l.length());
            return o;
        }
        vg.goTo(l, n);
        Game g = vg.game;
        o.put("turn", g.turn());
        o.set("crumbs", Json.MAPPER.valueToTree(g.breadcrumb()));
        o.put("toAct", g.toAct());
        o.put("hash", l.entry(n).hash());
        o.set("events", Json.MAPPER.valueToTree(hexlab.kernel.play.Visibility.forSide(l.entry(n).events(), as)));
        Payload.wholeState(o, g, g.stateJsonFor(as), as);
        return o;
    }

    // ---- looking ------------------------------------------------------------------------------

    /**
     * An overlay's arguments name what the game has: a side of the system, a hex of its map, a
     * piece of the position (state.pieces). Anything else is refused, not answered with nothing;
     * but asked as a side of a system with a view, a piece is not checked: one hidden from that side
     * and one that does not exist are both answered with nothing, so the answer cannot tell them apart.
     */
    synchronized void checkOverlayArgs(JsonNode args, String as) {
        String side = args.path("side").asText(null), hex = args.path("hex").asText(null), unit = args.path("unit").asText(null);
        if (side != null && !system.sides().contains(side)) throw ApiError.bad("\"side\" " + side + " is not a side of " + system.id() + " (sides: " + String.join(", ", system.sides()) + ")");
        if (hex != null && (map == null || map.index(hex) < 0)) throw ApiError.bad("\"hex\" " + hex + " is not a hex of " + (map == null ? "this system (it has no map)" : "the map"));
        if (unit != null && (as == null || !system.hasView())) {
            JsonNode pieces = Json.read(current(null).game.stateJson()).path("pieces");
            if (!pieces.has(unit)) throw ApiError.bad("\"unit\" " + unit + " is not a piece of this position");
        }
    }

    /** An overlay as {@code as} may see it: asked on its view (null: the designer, on the state). */
    /** Every off-map display the system declares, as {@code as} sees it: {name: answer}. */
    synchronized JsonNode displays(String as) {
        VariantGame vg = current(null);
        try {
            com.fasterxml.jackson.databind.node.ObjectNode out = Json.object();
            for (String name : system.displays().keySet()) out.set(name, vg.game.display(name, as));
            return out;
        } finally {
            vg.game.startEvents();   // a display is a look, not an event of the game
        }
    }

    synchronized JsonNode overlay(String name, JsonNode args, String as) {
        VariantGame vg = current(null);
        try {
            return vg.game.overlay(name, args, as);
        } finally {
            vg.game.startEvents();   // an overlay is a look, not an event of the game
        }
    }

    /**
     * The combat preview's arguments name what the game has: a hex of the map, pieces of the
     * position, each once. As a side of a system with a view the pieces are not checked (a hidden one
     * and one that does not exist get the same answer from the rules, which see only the view).
     */
    synchronized void checkPreviewArgs(String hex, List<String> attackers, String as) {
        if (hex != null && (map == null || map.index(hex) < 0)) throw ApiError.bad("\"hex\" " + hex + " is not a hex of " + (map == null ? "this system (it has no map)" : "the map"));
        if (!attackers.isEmpty() && hex == null) throw ApiError.bad("\"attackers\" go with \"hex\", the defender's hex (without both, the attack being composed is previewed)");
        if (new java.util.HashSet<>(attackers).size() < attackers.size()) throw ApiError.bad("\"attackers\" names a unit twice: " + String.join(",", attackers));
        if (as != null && system.hasView()) return;
        JsonNode pieces = Json.read(current(null).game.stateJson()).path("pieces");
        for (String a : attackers) if (!pieces.has(a)) throw ApiError.bad("\"attackers\": " + a + " is not a piece of this position");
    }

    /** The combat preview as {@code as} may see it (null: the designer); null when nothing is being composed. */
    synchronized JsonNode preview(JsonNode args, String as) {
        VariantGame vg = current(null);
        try {
            return vg.game.preview(args, as);
        } finally {
            vg.game.startEvents();   // a preview is a look, not an event of the game
        }
    }

    /**
     * Evaluates an expression against a copy of the position (the rules console), or against
     * {@code as}'s view of the copy (what that side's bot would see): nothing it does reaches the game.
     */
    synchronized ObjectNode eval(String expr, String as) {
        Console.Answer a = Console.eval(current(null).game, expr, as);
        ObjectNode o = Json.object();
        o.put("result", a.result());
        if (a.note() != null) o.put("note", a.note());
        return o;
    }

    synchronized SaveFile save() {
        VariantGame vg = current(null);
        List<SaveFile.Checkpoint> cps = new ArrayList<>();
        for (int n = 0; n <= cursor; n += SaveFile.CHECKPOINT_EVERY) cps.add(new SaveFile.Checkpoint(n, line.entry(n).hash()));
        return SaveFile.of(vg.game, cps);
    }

    /** Opens a save: replays its actions with their traces, checking its checkpoints, and explains what changed. */
    static Session load(String id, Kernel kernel, SaveFile save, Change c) {
        RuleSystem sys = kernel.system(save.system());
        Variant v = save.variant(sys);
        Session s = start(id, kernel, v, save.scenario(), save.seed());
        synchronized (s) {
            Map<Integer, String> expected = new HashMap<>();
            for (SaveFile.Checkpoint cp : save.checkpoints()) expected.put(cp.after(), cp.hash());
            Line src = new Line("save", "save", v, null, 0);
            src.entries.add(s.line.entry(0));
            for (JsonNode a : save.actions()) src.entries.add(new Entry(src.entries.size(), null, a, List.of(), null, 0, List.of()));
            VariantGame vg = s.gameFor(v);
            int divergedAt = -1, lastGood = 0;
            String divergence = null;
            if (expected.containsKey(0) && !expected.get(0).equals(s.line.entry(0).hash())) {
                divergedAt = 0;
                divergence = "the start position differs (setup or the first steps changed)";
            }
            Replayed r = replayChecked(vg, s.line, src, save.actions().size());
            for (int i = 1; i <= s.line.length() && divergence == null; i++) {
                String want = expected.get(i);
                if (want == null) continue;
                if (!want.equals(s.line.entry(i).hash())) {
                    divergedAt = lastGood;
                    divergence = "the state differs at the checkpoint after action " + i + " (the games diverge between actions " + lastGood + " and " + i + ")";
                } else lastGood = i;
            }
            s.cursor = s.line.length();
            vg.standAt(s.line, s.cursor);
            boolean complete = r.refusedAt() < 0;
            boolean finalSame = complete && save.finalHash().equals(s.line.entry(s.cursor).hash());
            if (divergence == null && complete && !finalSame) {
                divergedAt = lastGood;
                divergence = "the final state differs (the games diverge after action " + lastGood + ")";
            }
            if (divergence == null && finalSame && !save.sameResult(vg.game.result())) {
                divergedAt = s.cursor;
                divergence = "the result differs: the save says " + Json.write(save.result()) + ", the game replays to " + Json.write(vg.game.result());
                finalSame = false;
            }
            List<String> changed = Replay.changedSections(sys, save);
            ObjectNode rep = Json.object();
            rep.put("system", sys.id()).put("variant", v.id()).put("scenario", save.scenario()).put("seed", String.valueOf(save.seed()));
            rep.set("changed", Json.MAPPER.valueToTree(changed));
            rep.put("replayed", s.line.length()).put("of", save.actions().size());
            rep.put("identical", divergence == null && finalSame);
            if (divergedAt >= 0) rep.put("divergedAt", divergedAt);
            if (divergence != null) rep.put("divergence", divergence);
            if (r.refusedAt() > 0) {
                rep.putObject("refused").put("n", r.refusedAt()).put("reason", r.refusal()).put("rule", r.refusalRule()).set("action", r.refusedAction());
            }
            String summary;
            if (divergence == null && finalSame) summary = "replays identically" + (changed.isEmpty() ? "" : ", although sections changed since it was saved");
            else if (r.refusedAt() > 0) summary = "action " + r.refusedAt() + " is refused under the installed rules: " + r.refusal();
            else summary = divergence;
            rep.put("summary", summary);
            c.report = rep;
            c.logFrom(0);
        }
        return s;
    }

    private static Replayed replayChecked(VariantGame vg, Line target, Line source, int upTo) {
        // the target line already holds the start entry; continue it action by action
        Game g = vg.game;
        for (int i = 1; i <= upTo; i++) {
            if (g.over()) return new Replayed(-1, i, "the game ended after " + (i - 1) + " actions, the save has " + upTo, null, source.action(i));
            String toAct = g.toAct();
            int turn = g.turn();
            List<String> crumbs = g.breadcrumb();
            Outcome o = g.apply(source.action(i));
            if (!o.accepted()) return new Replayed(-1, i, o.refusal().reason(), o.refusal().rule(), source.action(i));
            target.append(new Entry(i, toAct, source.action(i), o.events(), g.stateHash(), turn, crumbs), g);
            vg.standAt(target, i);
        }
        return new Replayed(-1, -1, null, null, null);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (journal != null) journal.close();
        for (VariantGame vg : games.values()) vg.close();
        games.clear();
    }
}
