package hexlab.kernel.bot;

/** A player that picks one of the legal actions, by index into {@code seat.legalActions()}. */
public interface Bot {
    int choose(Seat seat, String side);

    String name();

    /**
     * Whether the choice depends on the position alone (a script bot keeps nothing between calls).
     * When every side's bot does, a position met twice means the game loops for ever.
     */
    default boolean choosesFromPositionAlone() { return false; }
}
