package hexlab.kernel.play;

import hexlab.kernel.bot.Bot;
import hexlab.kernel.persist.SaveFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Plays a started game to its end with one bot per side, recording state-hash checkpoints. */
public final class Match {
    /** A game that would take more actions than this is stopped as an engine error (a loop no rule ends). */
    public static final int MAX_ACTIONS = 2_000_000;

    private Match() {}

    public record Played(Game game, List<SaveFile.Checkpoint> checkpoints) {
        public SaveFile save() { return SaveFile.of(game, checkpoints); }
    }

    public static Played play(Game game, Map<String, Bot> bots, boolean checkpoints, Consumer<Game> afterEach) {
        List<SaveFile.Checkpoint> cps = new ArrayList<>();
        if (checkpoints) cps.add(new SaveFile.Checkpoint(0, game.stateHash()));
        while (!game.over()) {
            if (game.actionCount() >= MAX_ACTIONS) throw new EngineError("the game did not end after " + MAX_ACTIONS + " actions", game.position());
            String side = game.toAct();
            Bot bot = bots.get(side);
            if (bot == null) throw new EngineError("no bot plays side \"" + side + "\"", game.position());
            Outcome o = game.applyIndex(bot.choose(game, side));
            if (!o.accepted()) throw new EngineError("bot " + bot.name() + " chose a refused action: " + o.refusal().describe(), game.position());
            if (checkpoints && game.actionCount() % SaveFile.CHECKPOINT_EVERY == 0) cps.add(new SaveFile.Checkpoint(game.actionCount(), game.stateHash()));
            if (afterEach != null) afterEach.accept(game);
        }
        return new Played(game, cps);
    }
}
