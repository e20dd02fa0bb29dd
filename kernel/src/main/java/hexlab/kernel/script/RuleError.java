package hexlab.kernel.script;

/**
 * A rule script failed: it threw, ran away, or returned what the kernel cannot use. Names the
 * script and line, and where in the game it happened (turn, action, seed); it is the rules' fault,
 * not the user's (exit code 1).
 */
public class RuleError extends RuntimeException {
    private final String location;
    private final String game;
    private final String save;

    public RuleError(String location, String message) { this(location, message, null, null); }

    private RuleError(String location, String message, String game, String save) {
        super(message);
        this.location = location;
        this.game = game;
        this.save = save;
    }

    public String location() { return location; }

    /** Where in the game the rules failed ("turn 3, action 57, seed 1"), null if no game was running. */
    public String game() { return game; }

    /** The save written to reproduce the error, null if none was. */
    public String save() { return save; }

    /** The same error placed in a game. */
    public RuleError in(String where) { return copy(where, save); }

    /** The same error with the save that reproduces it. */
    public RuleError savedIn(String file) { return copy(game, file); }

    private RuleError copy(String where, String file) {
        RuleError e = new RuleError(location, getMessage(), where, file);
        e.setStackTrace(getStackTrace());
        return e;
    }

    public String describe() {
        return (location == null ? "" : location + ": ") + getMessage() + (game == null ? "" : " (" + game + ")")
                + (save == null ? "" : "; to reproduce it: replay " + save);
    }

    @Override
    public String toString() { return describe(); }
}
