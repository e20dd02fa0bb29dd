package hexlab.inspector;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Boards;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.ErratumDef;
import hexlab.kernel.rules.OptionDef;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The systems under the project root: those that load, described for the setup form, and those
 * that do not, with their file:line error. Systems being written may fail; the rest still serve.
 */
final class Catalogue {
    private static final Pattern MAY_27 = Pattern.compile(".*(may-?27|27-?may).*");

    private final Kernel kernel;
    private final Map<String, String> startFailures = new TreeMap<>();   // system id -> why a game of it could not start
    private ObjectNode listing;
    private ObjectNode defaultChoice;

    Catalogue(Kernel kernel) { this.kernel = kernel; }

    /** Every system with a manifest: loaded ones described, failed ones with their error. */
    synchronized ObjectNode list(boolean reload) {
        if (reload) {
            kernel.catalog().reload();
            Boards.clear();
            listing = null;
            defaultChoice = null;
            startFailures.clear();
        }
        if (listing == null) {
            ObjectNode o = Json.object();
            ArrayNode ok = o.putArray("systems");
            ArrayNode failed = o.putArray("failed");
            for (String id : kernel.catalog().systemIds()) {
                try {
                    ok.add(describe(kernel.system(id)));
                } catch (RuntimeException e) {
                    failed.add(failure(id, e));
                }
            }
            listing = o;
        }
        ObjectNode out = listing.deepCopy();
        ArrayNode failed = (ArrayNode) out.get("failed");
        startFailures.forEach((id, why) -> failed.addObject().put("id", id).put("stage", "start").put("error", why));
        out.set("default", defaultChoice());
        return out;
    }

    private static ObjectNode failure(String id, RuntimeException e) {
        ObjectNode f = Json.object().put("id", id).put("stage", "load").put("error", Failure.describe(e));
        if (e instanceof hexlab.kernel.error.InputException ie) {
            if (ie.file() != null) f.put("file", ie.file());
            if (ie.line() > 0) f.put("line", ie.line());
        }
        return f;
    }

    synchronized void startFailed(String systemId, RuntimeException e) {
        startFailures.put(systemId, Failure.describe(e));
    }

    synchronized void started(String systemId) { startFailures.remove(systemId); }

    ObjectNode describe(RuleSystem s) {
        ObjectNode o = Json.object();
        o.put("id", s.id()).put("name", s.name()).put("version", s.version()).put("source", s.source());
        o.set("lineage", Json.MAPPER.valueToTree(s.lineage()));
        o.set("sides", Json.MAPPER.valueToTree(s.sides()));
        ArrayNode opts = o.putArray("options");
        for (OptionDef d : s.options()) {
            opts.addObject().put("id", d.id()).put("label", d.label()).put("rule", d.rule()).put("source", d.source())
                    .put("default", d.defaultValue()).put("definedBy", d.definedBy());
        }
        ArrayNode er = o.putArray("errata");
        for (ErratumDef d : s.errata()) {
            er.addObject().put("id", d.id()).put("label", d.label()).put("rule", d.rule()).put("source", d.source()).put("definedBy", d.definedBy());
        }
        ArrayNode pre = o.putArray("presets");
        for (hexlab.kernel.rules.PresetDef d : s.presets()) {
            ObjectNode x = pre.addObject().put("id", d.id()).put("label", d.label()).put("rule", d.rule()).put("source", d.source()).put("definedBy", d.definedBy());
            x.set("options", Json.MAPPER.valueToTree(d.options()));
            x.set("errata", Json.MAPPER.valueToTree(d.errata()));
        }
        ArrayNode scs = o.putArray("scenarios");
        for (ScenarioDef d : s.scenarios()) {
            ObjectNode x = scs.addObject().put("id", d.id());
            try {
                Scenario sc = Scenario.load(kernel.catalog(), s, d.id());
                x.put("name", sc.name()).put("source", sc.source()).put("firstTurn", sc.firstTurn()).put("lastTurn", sc.lastTurn());
            } catch (RuntimeException e) {
                x.put("error", Failure.describe(e));
            }
        }
        o.set("bots", Json.MAPPER.valueToTree(Bots.names(s)));
        o.set("overlays", Json.MAPPER.valueToTree(new ArrayList<>(s.overlays().keySet())));
        ArrayNode secs = o.putArray("sections");
        for (Section sec : s.sections().values()) {
            secs.addObject().put("name", sec.name()).put("version", sec.version()).put("rule", sec.rule())
                    .put("status", sec.overallStatus()).put("definedBy", sec.definedBy()).put("sha256", sec.sha256());
        }
        return o;
    }

    /**
     * The game the inspector opens on: Fall of Tobruk's May 27 scenario once it exists, else the
     * Crusader campaign, else the first system whose first scenario starts. Each candidate is
     * started once (and closed) to be sure it runs.
     */
    synchronized ObjectNode defaultChoice() {
        if (defaultChoice != null) return defaultChoice;
        List<String[]> candidates = new ArrayList<>();
        List<String> ids = kernel.catalog().systemIds();
        if (ids.contains("fall-of-tobruk")) {
            RuleSystem fot = loadOrNull("fall-of-tobruk");
            if (fot != null) fot.scenarios().stream().filter(d -> MAY_27.matcher(d.id()).matches()).findFirst()
                    .ifPresent(d -> candidates.add(new String[] {"fall-of-tobruk", d.id()}));
        }
        if (ids.contains("crusader")) candidates.add(new String[] {"crusader", "campaign"});
        for (String id : ids) {
            RuleSystem s = loadOrNull(id);
            if (s != null && !s.scenarios().isEmpty()) candidates.add(new String[] {id, s.scenarios().get(0).id()});
        }
        ObjectNode o = Json.object();
        for (String[] c : candidates) {
            if (startFailures.containsKey(c[0])) continue;
            try {
                RuleSystem s = kernel.system(c[0]);
                if (s.scenario(c[1]).isEmpty()) continue;
                Variant v = Variant.base(s);
                Scenario sc = kernel.scenario(v, c[1]);
                try (RulesContext rc = kernel.context(v, sc)) {
                    Game.start(rc, sc, 1);
                }
                o.put("system", c[0]).put("scenario", c[1]).put("seed", 1);
                defaultChoice = o;
                return o;
            } catch (RuntimeException e) {
                startFailures.put(c[0], Failure.describe(e));
            }
        }
        o.putNull("system");
        o.put("reason", "no system under " + kernel.catalog().root() + " loads and starts"
                + (startFailures.isEmpty() ? "" : ": " + String.join("; ", startFailures.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList())));
        defaultChoice = o;
        return o;
    }

    private RuleSystem loadOrNull(String id) {
        try {
            return kernel.system(id);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
