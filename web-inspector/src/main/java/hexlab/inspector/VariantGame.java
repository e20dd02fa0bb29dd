package hexlab.inspector;

import hexlab.kernel.Kernel;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;

import java.util.Map;

/**
 * The rules of one variant loaded for one session, and the game walking them. The game stands at
 * some action of some line; {@link #goTo} moves it anywhere by a snapshot and a short replay.
 */
final class VariantGame implements AutoCloseable {
    final Variant variant;
    final RulesContext rules;
    final Game game;
    private final Entry start;
    private final Game.Snapshot startSnapshot;
    private Line atLine;           // null: at the start, which every line of this variant shares
    private int atCursor;          // -1: unknown (an error broke off an action), restore before use

    VariantGame(Kernel kernel, Variant variant, Scenario scenario, long seed) {
        this.variant = variant;
        this.rules = kernel.context(variant, scenario);
        try {
            this.game = Game.start(rules, scenario, seed);
            this.start = Entry.start(game.startEvents(), game.stateHash(), game.turn(), game.breadcrumb());
            this.startSnapshot = game.snapshot();
        } catch (RuntimeException e) {
            rules.close();
            throw e;
        }
        this.atLine = null;
        this.atCursor = 0;
    }

    /** The first entry of any line of this variant: the setup and the walk to the first decision. */
    Entry startEntry() { return start; }

    Game.Snapshot startSnapshot() { return startSnapshot; }

    boolean isAt(Line line, int cursor) { return atCursor == cursor && (atLine == line || (atLine == null && cursor == 0)); }

    void standAt(Line line, int cursor) {
        atLine = line;
        atCursor = cursor;
    }

    /** After an error inside the rules the position is unknown: the next use restores it. */
    void lost() { atCursor = -1; }

    boolean dead() { return rules.isDead(); }

    /**
     * Puts the game after action {@code k} of {@code line}: forward from where it stands if that is
     * on the way, else from the nearest snapshot. Returns a warning if the replayed state differs
     * from the one recorded (the rules are not deterministic), else null.
     */
    String goTo(Line line, int k) {
        if (isAt(line, k)) return null;
        boolean onTheWay = atCursor >= 0 && atCursor <= k && (atLine == line || (atLine == null && atCursor == 0));
        Map.Entry<Integer, Game.Snapshot> snap = line.snapshots.floorEntry(k);
        int from;
        if (onTheWay && (snap == null || snap.getKey() <= atCursor)) {
            from = atCursor;
        } else {
            if (snap == null) throw new IllegalStateException("line " + line.id + " has no snapshot at its start");
            game.restore(snap.getValue());
            from = snap.getKey();
        }
        game.keepTrace(false);
        try {
            for (int i = from + 1; i <= k; i++) {
                Outcome o = game.apply(line.action(i));
                if (!o.accepted()) {
                    atCursor = -1;
                    throw new EngineError("replaying line " + line.name + ": action " + i + " " + Json.write(line.action(i))
                            + " is refused now (" + o.refusal().describe() + "); the rules gave a different position than when it was recorded", game.position());
                }
            }
        } catch (RuntimeException e) {
            atCursor = -1;
            throw e;
        } finally {
            game.keepTrace(true);
        }
        game.startEvents();   // a script's trace written while looking (actions, prompt) belongs to no action
        atLine = line;
        atCursor = k;
        String want = line.entry(k).hash();
        if (k != from && want != null) {
            String got = game.stateHash();
            if (!want.equals(got)) return "replaying to action " + k + " gave state " + got.substring(0, 12) + ", recorded " + want.substring(0, 12) + ": the rules are not deterministic";
        }
        return null;
    }

    @Override
    public void close() { rules.close(); }
}
