package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import com.flipkart.zjsonpatch.DiffFlags;
import com.flipkart.zjsonpatch.JsonDiff;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.View;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.util.ArrayList;

/**
 * The JSON the browser gets for a game: who and what it is, where it stands, its log and its lines.
 * Built under the session's lock, as one side sees it ({@code as}: a side of the system; null, the
 * designer, sees everything): its view of the state, its log, its decision (docs/scripting.md).
 */
final class Payload {
    private Payload() {}

    /** Everything: for opening a game. */
    static ObjectNode full(Session s, String as) {
        synchronized (s) {
            Change c = new Change();
            c.logFrom(0);
            return update(s, c, null, as);
        }
    }

    /**
     * What changed: the position always, the log from the first changed entry, the lines, any report.
     * {@code have} is the hash of the position whose state the client holds: when it is the one last
     * sent, the state comes as a patch against it.
     */
    static ObjectNode update(Session s, Change c, String have, String as) {
        synchronized (s) {
            ObjectNode o = Json.object();
            o.put("id", s.id);
            o.set("game", meta(s));
            VariantGame vg = s.current(c);
            String seen = s.viewer(as);
            // the page held what another side sees: the whole log again, as this one reads it
            if (s.sent() != null && !java.util.Objects.equals(s.sent().as(), seen)) c.logFrom(0);
            o.set("position", position(s, vg, have, seen));
            Line line = s.line();
            if (c.logFrom >= 0) {
                ObjectNode log = o.putObject("log");
                log.put("line", line.id).put("from", c.logFrom);
                ArrayNode es = log.putArray("entries");
                for (int i = c.logFrom; i <= line.length(); i++) es.add(line.entry(i).toJson(seen, s.system.hasView()));
            }
            ArrayNode lines = o.putArray("lines");
            for (Line l : s.lines()) lines.add(l.summary(l == line, s.cursor()));
            if (c.refusal != null) o.putObject("refusal").put("reason", c.refusal.reason()).put("rule", c.refusal.rule()).put("text", c.refusal.describe());
            if (c.report != null) o.set("report", c.report);
            if (c.stopped != null) o.put("stopped", c.stopped);
            o.put("more", c.more);
            o.put("taken", c.taken);
            if (!c.warnings.isEmpty()) o.set("warnings", Json.MAPPER.valueToTree(c.warnings));
            return o;
        }
    }

    static ObjectNode meta(Session s) {
        ObjectNode o = Json.object();
        o.putObject("system").put("id", s.system.id()).put("name", s.system.name()).put("version", s.system.version())
                .set("sides", Json.MAPPER.valueToTree(s.system.sides()));
        o.putObject("scenario").put("id", s.scenario.id()).put("name", s.scenario.name()).put("source", s.scenario.source())
                .put("firstTurn", s.scenario.firstTurn()).put("lastTurn", s.scenario.lastTurn());
        o.put("seed", String.valueOf(s.seed)); // as text: a 64-bit seed is beyond a browser number's exact range
        o.set("variant", variant(s.variant()));
        o.putObject("settings").put("undoMayNotCrossRoll", s.undoMayNotCrossRoll());
        o.set("overlays", Json.MAPPER.valueToTree(new ArrayList<>(s.system.overlays().keySet())));
        o.set("displays", Json.MAPPER.valueToTree(new ArrayList<>(s.system.displays().keySet())));
        o.set("bots", Json.MAPPER.valueToTree(Bots.names(s.system)));
        o.put("preview", s.system.preview() != null);
        o.put("hasMap", s.map() != null);
        o.put("hasView", s.system.hasView());
        return o;
    }

    static ObjectNode variant(Variant v) {
        ObjectNode o = Json.object();
        o.put("id", v.id()).put("spec", v.spec());
        o.set("options", Json.MAPPER.valueToTree(v.options()));
        o.set("errata", Json.MAPPER.valueToTree(v.errata()));
        o.set("presets", Json.MAPPER.valueToTree(v.presets()));
        if (!v.drafts().isEmpty()) o.set("drafts", hexlab.kernel.rules.DraftErratum.listJson(v.drafts()));
        return o;
    }

    static ObjectNode position(Session s, VariantGame vg, String have, String as) {
        Game g = vg.game;
        View v = g.view(as);
        ObjectNode o = Json.object();
        o.put("as", as);
        o.put("line", s.line().id).put("cursor", s.cursor()).put("length", s.line().length());
        o.put("turn", v.turn());
        o.set("breadcrumb", Json.MAPPER.valueToTree(v.breadcrumb()));
        o.put("toAct", v.toAct());
        o.put("prompt", v.prompt());
        o.put("rule", v.rule());
        ArrayNode acts = o.putArray("actions");
        for (JsonNode a : v.actions()) acts.add(a);
        o.set("result", v.result());
        o.put("over", v.over());
        String hash = s.line().entry(s.cursor()).hash();
        o.put("hash", hash);
        state(s, o, hash, g, have, as);
        if (as == null && s.system.secrets() != null) {
            // the designer sees everything, with what each side may not know marked
            ObjectNode secrets = o.putObject("secrets");
            for (String side : s.system.sides()) secrets.set(side, g.secrets(side));
        }
        return o;
    }

    // the whole state is some hundreds of kilobytes and a step changes a few pieces of it
    // (the pieces' fixed fields and the fields at their defaults are not in it: they come once, with a whole state)
    private static void state(Session s, ObjectNode o, String hash, Game g, String have, String as) {
        String json = g.stateJsonFor(as);
        JsonNode now = Json.read(json);
        Session.Sent sent = s.sent();
        // "HASH" or "HASH as SIDE": the position the page holds and whose view of it; a patch against
        // it turns any view into any other side's (the page held the first), a side's view into the
        // designer's state or back goes whole (a side's view holds no pieces' templates)
        String[] held = have == null ? null : have.split(" as ", 2);
        String heldAs = held == null || held.length < 2 ? null : held[1];
        if (held != null && sent != null && sent.hash().equals(held[0]) && java.util.Objects.equals(sent.as(), heldAs)
                && (java.util.Objects.equals(heldAs, as) || (heldAs != null && as != null))) {
            o.putObject("statePatch").put("base", have).set("ops", JsonDiff.asJson(sent.state(), now, DiffFlags.dontNormalizeOpIntoMoveAndCopy()));
        } else {
            wholeState(o, g, json, as);
        }
        s.sent(new Session.Sent(hash, as, now));
    }

    /**
     * The state {@code json} of {@code g} as a reader makes its pieces whole: with the pieces' templates
     * and field defaults. A side's view has every piece whole already, and templates would name the
     * pieces it may not see: it goes with none.
     */
    static void wholeState(ObjectNode o, Game g, String json, String as) {
        boolean view = as != null && g.system().hasView();
        o.putRawValue("state", new RawValue(json));
        o.putRawValue("pieceTemplates", new RawValue(view ? "{}" : g.pieceTemplatesJson()));
        o.putRawValue("pieceDefaults", new RawValue(view ? "{}" : g.pieceDefaultsJson()));
    }
}
