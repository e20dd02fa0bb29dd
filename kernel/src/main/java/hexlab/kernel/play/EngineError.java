package hexlab.kernel.play;

/**
 * The engine reached a position it cannot go on from (no legal action for the side to act, a
 * sequence that cannot advance). Carries where: turn, breadcrumb and state hash.
 */
public class EngineError extends RuntimeException {
    private final String position;

    public EngineError(String message, String position) {
        super(message);
        this.position = position;
    }

    public String position() { return position; }

    public String describe() { return getMessage() + (position == null ? "" : " at " + position); }
}
