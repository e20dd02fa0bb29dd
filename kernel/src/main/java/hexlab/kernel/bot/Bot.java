package hexlab.kernel.bot;

import hexlab.kernel.play.Game;

/** A player that picks one of the legal actions, by index into {@code game.legalActions()}. */
public interface Bot {
    int choose(Game game, String side);

    String name();
}
