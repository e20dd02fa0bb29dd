package hexlab.kernel.play;

import hexlab.kernel.script.RulesContext;

import java.text.NumberFormat;
import java.util.Locale;

/**
 * The rules console: a JavaScript expression evaluated against a game's position, with {@code ctx},
 * {@code state}, {@code rules}, {@code tables} and {@code map} in scope. It runs on a copy of the
 * position in a rules context of its own, closed afterwards: whatever the expression does (writes
 * to the state, dice, {@code ctx.gameOver}, {@code ctx.interrupt}, changes to the prototypes of
 * built-in objects) never reaches the game. Its answer is cut at {@link #MAX_CHARS} characters.
 */
public final class Console {
    /** The longest answer returned whole ({@code -Dhexlab.consoleMaxChars}). */
    public static final int MAX_CHARS = Integer.getInteger("hexlab.consoleMaxChars", 100_000);

    /** The answer as JSON text (cut if longer than the cap), and a note for the reader, or null. */
    public record Answer(String result, String note) {}

    private Console() {}

    /** Evaluates {@code expr} against a copy of {@code g}'s position; {@code g} is left as it was. */
    public static Answer eval(Game g, String expr) { return eval(g, expr, null); }

    /** The same on {@code side}'s view of the copy (null: the designer's, the whole state), in a system with a view. */
    public static Answer eval(Game g, String expr, String side) {
        try (RulesContext own = g.rules().fresh()) {
            Game copy = g.copyInto(own);
            String before = copy.stateHash();
            Answer a = evaluate(copy, expr, side);
            String changed = copy.stateHash().equals(before) ? null
                    : "the expression changed the position (state, dice or sequence) of the console's copy; the game is as it was";
            return new Answer(a.result(), join(a.note(), changed));
        }
    }

    /** Evaluates {@code expr} in {@code g}'s own context: only for a game thrown away afterwards (the command line's, a test's). */
    public static Answer evalInPlace(Game g, String expr) { return evaluate(g, expr, null); }

    private static Answer evaluate(Game g, String expr, String side) {
        String raw = g.evaluate(expr, MAX_CHARS, side);
        int colon = raw.indexOf(':');
        long length = Long.parseLong(raw.substring(0, colon));
        String text = raw.substring(colon + 1);
        String note = length <= text.length() ? null
                : "the answer is " + NumberFormat.getIntegerInstance(Locale.ROOT).format(length) + " characters long; the first "
                + NumberFormat.getIntegerInstance(Locale.ROOT).format(text.length()) + " are shown";
        return new Answer(text, note);
    }

    private static String join(String a, String b) { return a == null ? b : b == null ? a : a + "; " + b; }
}
