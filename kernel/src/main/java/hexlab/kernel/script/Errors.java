package hexlab.kernel.script;

import hexlab.kernel.error.InputException;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/** Turns what GraalJS throws into errors that name the script, the line and what went wrong. */
final class Errors {
    private Errors() {}

    static RuntimeException rule(PolyglotException e, String doing) {
        if (e.isHostException()) {
            Throwable host = e.asHostException();
            if (host instanceof InputException ie) return ie;
            if (host instanceof RuleError re) return re;
            return new RuleError(guestLocation(e), host.getMessage() == null ? host.toString() : host.getMessage());
        }
        if (e.isResourceExhausted() || (e.isCancelled() && e.getMessage() != null && e.getMessage().contains("limit"))) {
            return new RuleError(guestLocation(e), "runaway script stopped after " + RulesContext.STATEMENT_LIMIT
                    + " statements in one call (an endless loop?) while " + doing);
        }
        if (e.isSyntaxError()) {
            String msg = e.getMessage();
            int nl = msg.indexOf('\n');
            return new RuleError(location(e.getSourceLocation()), "syntax error: " + clean(nl > 0 ? msg.substring(0, nl) : msg));
        }
        return new RuleError(guestLocation(e), clean(e.getMessage()) + " (while " + doing + ")");
    }

    static RuleError runaway(PolyglotException e, String doing, String how) {
        return new RuleError(guestLocation(e), "runaway script stopped: it " + how + " in one call (an endless loop?) while " + doing);
    }

    private static String clean(String msg) {
        if (msg == null) return "error";
        // GraalJS prefixes syntax errors with "SyntaxError: file:line:col "; the location is given separately
        return msg.replaceFirst("^SyntaxError: \\S+:\\d+:\\d+ ", "");
    }

    /** The innermost frame in a rule script, skipping the kernel prelude when a rule is to blame. */
    private static String guestLocation(PolyglotException e) {
        String own = location(e.getSourceLocation());
        if (own != null && !own.startsWith("kernel/")) return own;
        String fallback = null;
        for (PolyglotException.StackFrame f : e.getPolyglotStackTrace()) {
            if (!f.isGuestFrame() || f.getSourceLocation() == null) continue;
            String loc = location(f.getSourceLocation());
            if (!loc.startsWith("kernel/")) return loc;
            if (fallback == null) fallback = loc;
        }
        return fallback != null ? fallback : location(e.getSourceLocation());
    }

    private static String location(SourceSection s) {
        if (s == null) return null;
        return s.getSource().getName() + ":" + s.getStartLine() + ":" + s.getStartColumn();
    }
}
