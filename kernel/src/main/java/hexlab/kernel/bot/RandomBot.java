package hexlab.kernel.bot;

import hexlab.kernel.play.Dice;

/** Picks uniformly among the legal actions, from its own seeded generator (not the game's dice). */
public final class RandomBot implements Bot {
    private final Dice rng;

    public RandomBot(long seed) { this.rng = new Dice(seed); }

    @Override
    public int choose(Seat seat, String side) {
        int n = seat.choiceCount();
        return n == 1 ? 0 : rng.below(n);
    }

    @Override
    public String name() { return "random"; }
}
