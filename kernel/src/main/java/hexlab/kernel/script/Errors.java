package hexlab.kernel.script;

import hexlab.kernel.error.InputException;
import hexlab.kernel.error.LoadError;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/** Turns what GraalJS throws into errors that name the script, the line and what went wrong. */
final class Errors {
    private Errors() {}

    // what a call of the kernel's prelude does, in a designer's words (others are named as they are)
    private static final java.util.Map<String, String> DOING = java.util.Map.ofEntries(
            java.util.Map.entry("setup", "setting up the scenario"), java.util.Map.entry("run", "running a step of the sequence of play"),
            java.util.Map.entry("decide", "working out the actions of a decision"), java.util.Map.entry("activation", "working out the impulses still open"),
            java.util.Map.entry("apply", "applying an action"), java.util.Map.entry("applyProposed", "applying an action"),
            java.util.Map.entry("find", "checking an action"), java.util.Map.entry("why", "explaining why an action is refused"),
            java.util.Map.entry("test", "testing a condition of the sequence of play"), java.util.Map.entry("call", "calling a rule"),
            java.util.Map.entry("query", "answering a question about the position"), java.util.Map.entry("botChoice", "a bot choosing an action"),
            java.util.Map.entry("evaluateCut", "evaluating the console's expression"), java.util.Map.entry("snapshot", "writing the state"),
            java.util.Map.entry("restore", "restoring a position"), java.util.Map.entry("currentPrompt", "asking a decision's prompt"));

    /** The words for what call {@code fn} of the prelude was doing. */
    static String doing(String fn) { return DOING.getOrDefault(fn, fn); }

    /** A call into the rules failed; {@code stop} says whether the watchdog stopped it, and why. */
    static RuntimeException stopped(PolyglotException e, RulesContext.Stop stop, String doing) {
        boolean runaway = stop == RulesContext.Stop.TIME || stop == RulesContext.Stop.WAIT || (stop == null && e.isInterrupted());
        RuntimeException r = runaway ? runaway(e, stop, doing) : stop == RulesContext.Stop.MEMORY ? outOfMemory(e, doing) : rule(e, doing);
        // an error in a rule the expression called keeps that rule's line
        if (!doing.equals(DOING.get("evaluateCut")) || !(r instanceof RuleError re) || ruleScript(re.location())) return r;
        // a runaway surfaces in whatever the prelude does next (a finally clause), never in the expression's loop
        String at = consoleLocation(e);
        return at != null ? new RuleError(at, re.getMessage()) : runaway ? new RuleError("console", re.getMessage()) : r;
    }

    // The console's expression runs as the body of a Function whose third line reads "return (EXPR);".
    private static final String CONSOLE_SOURCE = "<function>", CONSOLE_PREFIX = "return (";

    /** Where in the console's expression the error is, as "console:LINE:COLUMN" of what the user typed; null if in none of it. */
    static String consoleLocation(PolyglotException e) {
        for (PolyglotException.StackFrame f : e.getPolyglotStackTrace()) {
            SourceSection s = f.isGuestFrame() ? f.getSourceLocation() : null;
            if (s == null || !CONSOLE_SOURCE.equals(s.getSource().getName())) continue;
            // a section that opens on the parenthesis around the expression starts at its first character
            int line = s.getStartLine() - 2, column = Math.max(1, s.getStartColumn() - (line == 1 ? CONSOLE_PREFIX.length() : 0));
            return line >= 1 ? "console:" + line + ":" + column : "console";
        }
        return null;
    }

    /**
     * A runaway stopped by the watchdog surfaces in whatever the prelude runs next (a finally clause),
     * so its location names a kernel line, not the loop: it is named by the rule function the call ran
     * ({@code calling}, "section.export") and that section's script instead.
     */
    static RuntimeException named(RuntimeException r, String calling, java.util.Map<String, String> scripts) {
        if (calling == null || !(r instanceof RuleError re) || ruleScript(re.location()) || !re.getMessage().startsWith(RUNAWAY)) return r;
        String file = scripts.get(calling.substring(0, calling.indexOf('.')));
        return file == null ? r : new RuleError(file, re.getMessage() + " (in " + calling + ")");
    }

    static RuntimeException rule(PolyglotException e, String doing) {
        if (e.isHostException()) {
            Throwable host = e.asHostException();
            if (host instanceof InputException ie) return ie;
            if (host instanceof RuleError re) return re;
            if (host instanceof OutOfMemoryError) return outOfMemory(e, doing);
            return new RuleError(guestLocation(e), host.getMessage() == null ? host.toString() : host.getMessage());
        }
        if (e.isResourceExhausted()) {
            if (RulesContext.STATEMENT_LIMIT > 0 && e.getMessage() != null && e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("statement")) {
                return new RuleError(guestLocation(e), "runaway script stopped after " + RulesContext.STATEMENT_LIMIT
                        + " statements in one call (an endless loop?) while " + doing);
            }
            return outOfMemory(e, doing);
        }
        if (e.isSyntaxError()) {
            String msg = e.getMessage();
            int nl = msg.indexOf('\n');
            return new RuleError(location(e.getSourceLocation()), "syntax error: " + clean(nl > 0 ? msg.substring(0, nl) : msg));
        }
        return new RuleError(guestLocation(e), clean(e.getMessage()) + " (while " + doing + ")");
    }

    private static final String RUNAWAY = "runaway script stopped";

    static RuleError runaway(PolyglotException e, RulesContext.Stop why, String doing) {
        return new RuleError(guestLocation(e), RUNAWAY + ": " + Watchdog.describe(why) + " in one call (an endless loop?) while " + doing);
    }

    static RuleError outOfMemory(PolyglotException e, String doing) {
        String limit = Watchdog.MEMORY_LIMIT > 0 ? "it allocated more than " + Watchdog.memoryLimitMegabytes() + " MB in one call and kept much of it" : "the memory ran out";
        return new RuleError(guestLocation(e), "out of memory in rule code: " + limit + " while " + doing
                + " (an ever-growing list or string?); the rules context was discarded");
    }

    /**
     * Loading the rules failed: the prelude or a script did not compile, threw, ran away or ran out
     * of memory at its top level. {@code file} is the script being loaded (null: linking them).
     */
    static LoadError load(PolyglotException e, RulesContext.Stop stop, String file, String variant) {
        String doing = "loading the rules of " + variant;
        if (e.isSyntaxError()) {
            RuleError r = (RuleError) rule(e, doing);
            return LoadError.at(r.location(), r.getMessage());
        }
        if (e.isHostException() && e.asHostException() instanceof LoadError le) return le;
        RuntimeException r = stopped(e, stop, doing);
        if (r instanceof RuleError re) {
            String where = ruleScript(re.location()) || file == null ? re.location() : file;
            String message = stop == RulesContext.Stop.TIME || stop == RulesContext.Stop.WAIT || (stop == null && e.isInterrupted())
                    ? "runaway script stopped while loading (an endless loop at the top level of a script?): " + Watchdog.describe(stop)
                    : re.getMessage();
            return LoadError.at(where, message);
        }
        if (r instanceof InputException ie) return LoadError.at(file, ie.getMessage());
        return LoadError.at(file, r.getMessage());
    }

    private static String clean(String msg) {
        if (msg == null) return "error";
        // GraalJS prefixes syntax errors with "SyntaxError: file:line:col "; the location is given separately
        return msg.replaceFirst("^SyntaxError: \\S+:\\d+:\\d+ ", "");
    }

    /** The innermost frame in a rule script, skipping the kernel prelude and the runtime's built-ins when a rule is to blame. */
    private static String guestLocation(PolyglotException e) {
        String own = location(e.getSourceLocation());
        if (ruleScript(own)) return own;
        String fallback = null;
        for (PolyglotException.StackFrame f : e.getPolyglotStackTrace()) {
            if (!f.isGuestFrame() || f.getSourceLocation() == null) continue;
            String loc = location(f.getSourceLocation());
            if (ruleScript(loc)) return loc;
            if (fallback == null) fallback = loc;
        }
        return fallback != null ? fallback : location(e.getSourceLocation());
    }

    /** Whether a location is in a rule script, not the kernel's prelude or a built-in of the script runtime ("<builtin>"). */
    static boolean ruleScript(String location) { return location != null && !location.startsWith("kernel/") && !location.startsWith("<"); }

    private static String location(SourceSection s) {
        if (s == null) return null;
        return s.getSource().getName() + ":" + s.getStartLine() + ":" + s.getStartColumn();
    }
}
