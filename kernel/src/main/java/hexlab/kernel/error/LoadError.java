package hexlab.kernel.error;

/**
 * A rule system's files could not be loaded into a rules context: a script that does not compile,
 * throws or runs away while it loads, a manifest naming an export no script has. The system's
 * files are at fault, named with file:line:col; every command treats it as bad input (exit 2).
 */
public class LoadError extends InputException {
    public LoadError(String file, int line, int column, String message) {
        super(file, line, column, null, message, null);
    }

    /** From a "file:line:col" location as the script runtime gives it (null: unknown). */
    public static LoadError at(String location, String message) {
        if (location == null) return new LoadError(null, 0, 0, message);
        String[] p = location.split(":");
        if (p.length >= 3) {
            try {
                int col = Integer.parseInt(p[p.length - 1]), line = Integer.parseInt(p[p.length - 2]);
                String file = location.substring(0, location.length() - p[p.length - 1].length() - p[p.length - 2].length() - 2);
                return new LoadError(file, line, col, message);
            } catch (NumberFormatException notALocation) {
                // a name with colons of its own: keep it whole
            }
        }
        return new LoadError(location, 0, 0, message);
    }
}
