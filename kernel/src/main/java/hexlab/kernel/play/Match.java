package hexlab.kernel.play;

import hexlab.kernel.bot.Bot;
import hexlab.kernel.persist.SaveFile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Plays a started game to its end with one bot per side, recording state-hash checkpoints. */
public final class Match {
    /** A game that would take more actions than this is stopped as an engine error (a loop no rule ends). */
    public static final int MAX_ACTIONS = 2_000_000;

    /** With bots that choose from the position alone, the position is fingerprinted this often to catch a cycle. */
    public static final int LOOP_CHECK_EVERY = 256;

    private Match() {}

    public record Played(Game game, List<SaveFile.Checkpoint> checkpoints) {
        public SaveFile save() { return SaveFile.of(game, checkpoints); }
    }

    /** Hears a match action by action: the position before each, and the action's outcome after it. */
    public interface Watch {
        default void before(Game game) {}

        default void after(Game game, Outcome outcome) {}
    }

    public static Played play(Game game, Map<String, Bot> bots, boolean checkpoints, Consumer<Game> afterEach) {
        return play(game, bots, checkpoints ? new ArrayList<>() : null, afterEach);
    }

    /** As above, the checkpoints recorded into {@code cps} as the game goes (null: none), so a caller keeps them if the rules fail. */
    public static Played play(Game game, Map<String, Bot> bots, List<SaveFile.Checkpoint> cps, Consumer<Game> afterEach) {
        return playWatching(game, bots, cps, afterEach == null ? null : new Watch() {
            @Override
            public void after(Game g, Outcome o) { afterEach.accept(g); }
        });
    }

    public static Played playWatching(Game game, Map<String, Bot> bots, boolean checkpoints, Watch watch) {
        return playWatching(game, bots, checkpoints ? new ArrayList<>() : null, watch);
    }

    /** Plays on, {@code watch} hearing each action, the checkpoints recorded into {@code cps} as the game goes (null: none). */
    public static Played playWatching(Game game, Map<String, Bot> bots, List<SaveFile.Checkpoint> cps, Watch watch) {
        boolean checkpoints = cps != null;
        if (checkpoints) cps.add(new SaveFile.Checkpoint(0, game.stateHash()));
        // the same whole state twice, with bots that read only the state, repeats for ever: a
        // sample every LOOP_CHECK_EVERY actions finds any cycle within its length in samples
        boolean loopCheck = !bots.isEmpty() && bots.values().stream().allMatch(Bot::choosesFromPositionAlone);
        Map<String, Integer> seen = new HashMap<>();
        while (!game.over()) {
            if (loopCheck && game.actionCount() % LOOP_CHECK_EVERY == 0) {
                Integer before = seen.putIfAbsent(game.stateHash(), game.actionCount());
                if (before != null) {
                    throw new EngineError("the bots go round in a loop, so the game would never end (the position after action " + game.actionCount()
                            + " is the one after action " + before + ", and they choose from the position alone)", game.position());
                }
            }
            if (game.actionCount() >= MAX_ACTIONS) throw new EngineError("the game did not end after " + MAX_ACTIONS + " actions", game.position());
            if (watch != null) watch.before(game);
            String side = game.toAct();
            Bot bot = bots.get(side);
            if (bot == null) throw new EngineError("no bot plays side \"" + side + "\"", game.position());
            Outcome o = game.applyIndex(bot.choose(game, side));
            if (!o.accepted()) throw new EngineError("bot " + bot.name() + " chose a refused action: " + o.refusal().describe(), game.position());
            if (checkpoints && game.actionCount() % SaveFile.CHECKPOINT_EVERY == 0) cps.add(new SaveFile.Checkpoint(game.actionCount(), game.stateHash()));
            if (watch != null) watch.after(game, o);
        }
        return new Played(game, checkpoints ? cps : List.of());
    }
}
