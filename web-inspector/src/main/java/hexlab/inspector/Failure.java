package hexlab.inspector;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.error.LoadError;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.util.Json;

/** An error as the API reports it: an HTTP status and a JSON body with the message and where, never a stack trace. */
record Failure(int status, ObjectNode body) {

    static Failure of(Throwable t) {
        ObjectNode o = Json.object();
        if (t instanceof ApiError e) {
            o.put("error", e.getMessage()).put("kind", switch (e.status()) {
                case 401 -> "token";
                case 403 -> "forbidden";
                case 404 -> "not-found";
                case 409 -> "conflict";
                case 415 -> "content-type";
                default -> "request";
            });
            return new Failure(e.status(), o);
        }
        if (t instanceof LoadError e) {
            // the request was fine: the rule files it asks for do not load
            o.put("error", e.describe()).put("kind", "load");
            if (e.file() != null) o.put("file", e.file());
            if (e.line() > 0) o.put("line", e.line()).put("column", Math.max(1, e.column()));
            return new Failure(422, o);
        }
        if (t instanceof InputException e) {
            o.put("error", e.describe()).put("kind", "input");
            if (e.file() != null) o.put("file", e.file());
            if (e.line() > 0) o.put("line", e.line()).put("column", Math.max(1, e.column()));
            return new Failure(400, o);
        }
        if (t instanceof RuleError e) {
            o.put("error", e.describe()).put("kind", "rule");
            if (e.location() != null) o.put("location", e.location());
            return new Failure(422, o);
        }
        if (t instanceof EngineError e) {
            o.put("error", e.describe()).put("kind", "engine");
            if (e.position() != null) o.put("position", e.position());
            return new Failure(422, o);
        }
        if (t instanceof IllegalArgumentException e) {
            o.put("error", e.getMessage() == null ? "bad request" : e.getMessage()).put("kind", "request");
            return new Failure(400, o);
        }
        o.put("error", "internal error: " + t).put("kind", "internal");
        return new Failure(500, o);
    }

    /** The one line a designer reads when a system cannot be loaded or started. */
    static String describe(Throwable t) {
        if (t instanceof InputException e) return e.describe();
        if (t instanceof RuleError e) return e.describe();
        if (t instanceof EngineError e) return e.describe();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
