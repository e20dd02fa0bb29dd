package hexlab.kernel.hex;

/**
 * What it costs to move across a {@link HexMap}, asked by {@link PathSearch}. Costs must not be
 * negative; {@code Double.POSITIVE_INFINITY} means the move is prohibited.
 */
public interface MoveCost {

    /** The cost to move from {@code from} into adjacent {@code to}, across the side in direction {@code dir}. */
    double enter(int from, int to, int dir);

    /**
     * False if a unit in this hex may move no further: one that enters it must stop there.
     * {@code isStart} is true for the hex the move begins in, where rules often differ.
     */
    default boolean mayLeave(int hex, boolean isStart) { return true; }

    /** False if a unit may pass through this hex but not end its move there. */
    default boolean mayEnd(int hex) { return true; }
}
