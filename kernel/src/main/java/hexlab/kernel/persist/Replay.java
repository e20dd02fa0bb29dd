package hexlab.kernel.persist;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Boards;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a save under the installed rules and checks every checkpoint. When the rules changed
 * since the save was made, says which sections and at which action the games first diverge.
 */
public final class Replay {
    private Replay() {}

    /**
     * @param changed   sections whose installed version or content differ from the save's pins
     * @param divergedAt index of the first action whose outcome differs (-1: none)
     */
    public record Report(boolean identical, List<String> changed, int divergedAt, String reason,
                         String finalHash, JsonNode result, Game game) {}

    public static Report run(Catalog catalog, SaveFile save) {
        RuleSystem system = catalog.system(save.system());
        Variant variant = save.variant(system);
        List<String> changed = changedSections(system, save);
        Scenario sc = Scenario.load(catalog, system, save.scenario());
        RulesContext rc = new RulesContext(catalog, variant, Boards.load(catalog, system, sc.map()));
        try {
            return verify(rc, sc, save, changed);
        } catch (RuntimeException e) {
            rc.close();
            throw e;
        }
    }

    /** Replays {@code save} in {@code rc} (a context of the save's variant), checking every checkpoint. */
    public static Report verify(RulesContext rc, Scenario sc, SaveFile save, List<String> changed) {
        Game g = Game.start(rc, sc, save.seed(), false);
        Map<Integer, String> expected = new HashMap<>();
        for (SaveFile.Checkpoint c : save.checkpoints()) expected.put(c.after(), c.hash());
        int lastGood = 0;
        if (expected.containsKey(0) && !expected.get(0).equals(g.stateHash())) {
            return new Report(false, changed, 0, "the start position differs (setup or the first steps changed)", g.stateHash(), g.result(), g);
        }
        List<JsonNode> actions = save.actions();
        for (int i = 0; i < actions.size(); i++) {
            if (g.over()) return new Report(false, changed, i, "the game ended after " + i + " actions, the save has " + actions.size(), g.stateHash(), g.result(), g);
            Outcome o = g.apply(actions.get(i));
            if (!o.accepted()) return new Report(false, changed, i, "action " + i + " " + actions.get(i) + " is refused now: " + o.refusal().describe(), g.stateHash(), g.result(), g);
            String want = expected.get(i + 1);
            if (want != null) {
                if (!want.equals(g.stateHash())) {
                    return new Report(false, changed, lastGood, "the state differs at the checkpoint after action " + (i + 1)
                            + " (the games diverge between actions " + lastGood + " and " + i + ")", g.stateHash(), g.result(), g);
                }
                lastGood = i + 1;
            }
        }
        String fin = g.stateHash();
        boolean same = fin.equals(save.finalHash());
        if (same && !save.sameResult(g.result())) {
            return new Report(false, changed, actions.size(), "the result differs: the save says " + Json.write(save.result())
                    + ", the game replays to " + Json.write(g.result()), fin, g.result(), g);
        }
        return new Report(same, changed, same ? -1 : lastGood, same ? "replays identically" : "the final state differs", fin, g.result(), g);
    }

    public static List<String> changedSections(RuleSystem system, SaveFile save) {
        return changedSections(system, save.systemVersion(), save.pins());
    }

    /** What differs between the installed {@code system} and rules pinned elsewhere (a save, another process): empty if nothing. */
    public static List<String> changedSections(RuleSystem system, String systemVersion, List<SaveFile.Pin> pins) {
        List<String> out = new ArrayList<>();
        // the system's own version: what its manifest says beyond the sections (e.g. the state's shape)
        if (systemVersion != null && !systemVersion.equals(system.version())) {
            out.add("system " + system.id() + " " + systemVersion + " -> " + system.version());
        }
        Map<String, SaveFile.Pin> pinned = new HashMap<>();
        for (SaveFile.Pin p : pins) pinned.put(p.section(), p);
        for (Section s : system.sections().values()) {
            SaveFile.Pin p = pinned.remove(s.name());
            if (p == null) out.add(s.name() + " (new)");
            else if (!p.version().equals(s.version())) out.add(s.name() + " " + p.version() + " -> " + s.version());
            else if (!p.sha256().equals(s.sha256())) out.add(s.name() + " " + s.version() + " (same version, content changed)");
        }
        for (String gone : pinned.keySet().stream().sorted().toList()) out.add(gone + " (removed)");
        return out;
    }
}
