package hexlab.kernel.script;

/**
 * A rule script failed: it threw, ran away, or returned what the kernel cannot use. Names the
 * script and line; it is the rules' fault, not the user's (exit code 1).
 */
public class RuleError extends RuntimeException {
    private final String location;

    public RuleError(String location, String message) {
        super(message);
        this.location = location;
    }

    public String location() { return location; }

    public String describe() { return (location == null ? "" : location + ": ") + getMessage(); }

    @Override
    public String toString() { return describe(); }
}
