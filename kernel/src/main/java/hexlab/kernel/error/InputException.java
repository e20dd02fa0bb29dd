package hexlab.kernel.error;

/**
 * A user's mistake in an input file or request: names the file, where in it, and what was expected.
 * Shown as one line {@code file:line:col: message}; never with a stack trace unless asked for.
 * Where the line is not known yet, {@code pointer} holds the JSON-pointer-like path inside the
 * document ("/terrain/rough") so a loader that kept the YAML marks can fill the line in.
 */
public class InputException extends RuntimeException {
    private final String file;
    private final int line;
    private final int column;
    private final String pointer;

    public InputException(String file, int line, int column, String message) {
        this(file, line, column, null, message, null);
    }

    public InputException(String file, String pointer, String message) {
        this(file, 0, 0, pointer, message, null);
    }

    public InputException(String file, int line, int column, String pointer, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.line = line;
        this.column = column;
        this.pointer = pointer;
    }

    public String file() { return file; }
    public int line() { return line; }
    public int column() { return column; }
    public String pointer() { return pointer; }

    /** The same error with its position resolved. */
    public InputException at(int line, int column) {
        return new InputException(file, line, column, pointer, getMessage(), getCause());
    }

    /** {@code file:line:col: message}, the form editors and CI logs understand. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        if (file != null) sb.append(file);
        if (line > 0) sb.append(':').append(line).append(':').append(Math.max(column, 1));
        if (sb.length() > 0) sb.append(": ");
        if (pointer != null && line <= 0) sb.append("at ").append(pointer).append(": ");
        sb.append(getMessage());
        return sb.toString();
    }

    @Override
    public String toString() { return describe(); }
}
