package hexlab.kernel.bot;

import hexlab.kernel.rules.Ref;

/**
 * A bot the rule system writes itself (system.yaml {@code bots:}), run inside the rules context; in
 * a system with a view it runs on its side's view (docs/scripting.md).
 */
public record ScriptBot(String name, Ref ref) implements Bot {
    @Override
    public int choose(Seat seat, String side) { return seat.scriptBotChoice(ref, side); }

    // the bot contract: a script bot keeps nothing between calls and leaves the state as it found it
    @Override
    public boolean choosesFromPositionAlone() { return true; }
}
