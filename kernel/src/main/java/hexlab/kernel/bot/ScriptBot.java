package hexlab.kernel.bot;

import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Ref;

/** A bot the rule system writes itself (system.yaml {@code bots:}), run inside the rules context. */
public record ScriptBot(String name, Ref ref) implements Bot {
    @Override
    public int choose(Game game, String side) { return game.scriptBotChoice(ref, side); }

    // the bot contract: a script bot keeps nothing between calls and leaves the state as it found it
    @Override
    public boolean choosesFromPositionAlone() { return true; }
}
