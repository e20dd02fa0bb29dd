package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.rules.Positions;

/** Small Crusader positions on the real rules and map: a few units, a chosen turn and phase. */
final class Fixtures {
    private Fixtures() {}

    static Variant crusader() { return Positions.variant("crusader", ""); }

    static Variant crusader(String spec) { return Positions.variant("crusader", spec); }

    /**
     * A scenario starting at {@code side}'s Movement Phase of {@code turn}, played to {@code last}.
     * {@code pieces} are "id@hex" (the id is also the unit of units.yaml); {@code victoryTable} one
     * of victory.yaml's tables; {@code diversion} whether 18.1 is in effect.
     */
    static String scenario(int turn, int last, String side, String victoryTable, boolean diversion, String extra, String... pieces) {
        StringBuilder sb = new StringBuilder();
        sb.append("id: fixture\nname: fixture\nstatus: printed\nsource: test\nmap: main\n");
        sb.append("turns: {first: ").append(turn).append(", last: ").append(last).append("}\n");
        sb.append("first-side: british\n");
        sb.append("start: {turn: ").append(turn).append(", side: ").append(side).append(", phase: movement}\n");
        sb.append("units: units.by-id\n");
        sb.append("ground-support: {per-turn: {axis: 0, british: 0}}\n");
        sb.append("victory: {table: ").append(victoryTable).append("}\n");
        sb.append("special:\n  diversion: {in-effect: ").append(diversion).append("}\n");
        if (extra != null) sb.append(extra);
        sb.append("reinforcements: []\npieces:\n");
        for (String p : pieces) {
            String[] a = p.split("@");
            String sideOf = a[0].startsWith("br-") ? "british" : "axis";
            sb.append("  - {id: ").append(a[0]).append(", unit: ").append(a[0]).append(", side: ").append(sideOf)
                    .append(", hex: \"").append(a[1]).append("\"}\n");
        }
        return sb.toString();
    }

    static Game start(Variant v, String yaml, long seed) { return Positions.start(v, yaml, seed); }

    static JsonNode eval(Game g, String expr) { return Positions.eval(g, expr); }

    /** Takes the first legal action equal to {"do": what} (e.g. "done") until the decision changes. */
    static void take(Game g, String what) {
        var acts = g.legalActions();
        for (int i = 0; i < acts.size(); i++) {
            if (acts.get(i).path("do").asText().equals(what)) {
                g.applyIndex(i);
                return;
            }
        }
        throw new AssertionError("no \"" + what + "\" among " + acts + " (" + g.view(null).prompt() + ")");
    }

    /** Ends decisions with "done" until {@code decision}'s prompt or the end of the game. */
    static void doneUntil(Game g, String promptContains) {
        for (int guard = 0; guard < 200 && !g.over(); guard++) {
            if (g.view(null).prompt().contains(promptContains)) return;
            take(g, "done");
        }
        if (!g.over()) throw new AssertionError("never reached \"" + promptContains + "\"");
    }

    /**
     * The actions {@code bot} takes in {@code g}, each with the state hash after it, up to {@code actions};
     * before each action {@code n} where {@code restoreBefore} holds, the game is restored from its own
     * snapshot (whatever the rules or the bot kept beside the state is gone, the state the same).
     */
    static java.util.List<String> played(Game g, hexlab.kernel.bot.Bot bot, int actions, java.util.function.IntPredicate restoreBefore) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int n = 0; n < actions && !g.over(); n++) {
            if (restoreBefore.test(n)) g.restore(g.snapshot());
            g.applyIndex(bot.choose(g, g.toAct()));       // an index, or an action proposed beyond the list
            out.add(g.actions().get(g.actionCount() - 1) + " " + g.stateHash());
        }
        return out;
    }
}
