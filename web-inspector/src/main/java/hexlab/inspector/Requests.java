package hexlab.inspector;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.javalin.http.Context;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Every JSON request body, read strictly into the record its route declares: one JSON object and
 * nothing after it, no key twice, no field the route does not know, and each value of its type with
 * no coercion (a number is not a boolean, "5" is not a number, 1.5 is not a whole number, 2^32 does
 * not fit an int). A mistake is a 400 naming the field and what was expected. A route reads its body
 * with {@code Requests.body(ctx, Type.class)} and checks ranges with {@link #range}.
 */
final class Requests {
    private Requests() {}

    private static final JsonMapper STRICT = strict();

    private static JsonMapper strict() {
        JsonMapper m = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        for (LogicalType t : List.of(LogicalType.Integer, LogicalType.Float, LogicalType.Boolean, LogicalType.Textual, LogicalType.Collection, LogicalType.Map, LogicalType.POJO)) {
            var c = m.coercionConfigFor(t);
            for (CoercionInputShape s : CoercionInputShape.values()) c.setCoercion(s, CoercionAction.Fail);
        }
        return m;
    }

    // ---- the bodies of the routes ----------------------------------------------------------------

    /** A variant: by options and errata, or by a spec ("preset:p,option:x,errata:y"). */
    record VariantChoice(Map<String, Boolean> options, List<String> errata, String variant, JsonNode drafts) {}

    /** POST /api/games. {@code seed}: a whole number, or its digits as a string (a page cannot hold 64 bits in a number). */
    record NewGame(String system, String scenario, JsonNode seed, Map<String, Boolean> options, List<String> errata, String variant,
                   JsonNode drafts, Boolean undoMayNotCrossRoll) {
        VariantChoice choice() { return new VariantChoice(options, errata, variant, drafts); }
    }

    /** POST /api/games/{id}/act: an action, or its index in the list of legal actions; {@code side}, if given, must be the side to act. */
    record Act(JsonNode action, Integer index, String side) {}

    /** POST /api/games/{id}/bots. */
    record Bots(String until, Map<String, String> bots, Integer turn, String at, Boolean resume) {}

    /** POST /api/games/{id}/jump. */
    record Jump(Integer n) {}

    /** POST /api/games/{id}/line. */
    record LineChoice(String line) {}

    /** PUT /api/games/{id}/settings. */
    record Settings(Boolean undoMayNotCrossRoll) {}

    /** POST /api/games/{id}/compare: {@code a} defaults to the game's variant. */
    record Compare(VariantChoice a, VariantChoice b) {}

    /** POST /api/games/{id}/draft: one change of the game's draft erratum ({@code value}: any JSON, checked against the table's shape). */
    record DraftEdit(String op, String path, JsonNode value) {}

    /** PUT /api/games/{id}/draft: the draft's name and where it comes from. */
    record DraftName(String id, String label, String source, String rule) {}

    /** POST /api/games/{id}/eval. */
    record Eval(String expr) {}

    /** POST /api/lab. */
    record LabRun(String system, String scenario, Integer games, JsonNode seed, String bots, Integer threads, List<LabVariant> variants, Integer timeLimit,
                  String sweep, String outcome, LabDecide untilDecided) {}

    /** The lab's stop once decided: the outcome compared, the margin in points, the most seeds per variant. */
    record LabDecide(String outcome, JsonNode margin, Integer maxGames) {}

    /** A variant of a batch: its spec, and draft errata beside it (as GET /api/games/{id}/draft gives them). */
    record LabVariant(String name, String variant, JsonNode drafts) {}

    // ---- reading ------------------------------------------------------------------------------

    /** The request's body as {@code type} (an empty body: every field absent). */
    static <T> T body(Context ctx, Class<T> type) { return read(ctx.body(), type); }

    static <T> T read(String text, Class<T> type) {
        String body = text == null || text.isBlank() ? "{}" : text;
        try {
            return STRICT.readValue(body, type);
        } catch (UnrecognizedPropertyException e) {
            List<String> known = e.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
            throw ApiError.bad("unknown field " + quote(path(e)) + " (this request takes " + String.join(", ", known) + ")");
        } catch (InputCoercionException e) {
            JsonParser p = e.getProcessor() instanceof JsonParser jp ? jp : null;
            throw ApiError.bad(field(p == null ? null : p.getParsingContext().getCurrentName()) + "must be " + expected(e.getTargetType()) + ", found " + text(p));
        } catch (MismatchedInputException e) {
            if (e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Trailing token")) {
                var loc = e.getLocation();
                throw ApiError.bad("the request body is not valid JSON: text after the JSON object" + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")"));
            }
            if (e.getPath().isEmpty()) throw ApiError.bad("the request body must be a JSON object" + found(e));
            throw ApiError.bad(field(path(e)) + "must be " + expected(e.getTargetType()) + found(e));
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof InputCoercionException ic) {
                throw ApiError.bad(field(path(e)) + "must be " + expected(ic.getTargetType()) + found(ic.getOriginalMessage()));
            }
            throw ApiError.bad(field(path(e)) + clean(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw ApiError.bad("the request body is not valid JSON" + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")")
                    + ": " + clean(e.getOriginalMessage()));
        }
    }

    private static String text(JsonParser p) {
        try {
            return p == null ? "?" : p.getText();
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    private static String field(String path) {
        if (path == null || path.isEmpty()) return "";
        return quote(path.startsWith("/") ? path.substring(1).replace('/', '.') : path) + " ";
    }

    private static String quote(String s) { return "\"" + s + "\""; }

    private static String expected(Class<?> t) {
        if (t == null) return "of another type";
        if (t == Integer.class || t == int.class) return "a whole number from -2147483648 to 2147483647";
        if (t == Long.class || t == long.class) return "a whole number";
        if (t == Boolean.class || t == boolean.class) return "true or false";
        if (t == String.class) return "a string";
        if (List.class.isAssignableFrom(t)) return "a list";
        if (Map.class.isAssignableFrom(t) || t.isRecord()) return "an object";
        return "a " + t.getSimpleName();
    }

    // the value as Jackson's message quotes it: "Numeric value (4294967296) out of range", "Cannot coerce String value ("maybe")"
    private static final Pattern QUOTED = Pattern.compile("(?:[Vv]alue|token) \\((.{1,80}?)\\)");

    private static String found(String jacksonMessage) {
        var m = jacksonMessage == null ? null : QUOTED.matcher(jacksonMessage);
        return m != null && m.find() ? ", found " + m.group(1) : "";
    }

    private static String found(MismatchedInputException e) {
        if (e instanceof InvalidFormatException f) return ", found " + f.getValue();
        String quoted = found(e.getOriginalMessage());
        if (!quoted.isEmpty()) return quoted;
        if (e.getProcessor() instanceof JsonParser parser && parser.currentToken() != null) {
            try {
                return switch (parser.currentToken()) {
                    case VALUE_STRING -> ", found the string " + quote(parser.getText());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> ", found " + parser.getText();
                    case VALUE_TRUE, VALUE_FALSE -> ", found " + parser.getText();
                    case START_OBJECT -> ", found an object";
                    case START_ARRAY -> ", found a list";
                    case VALUE_NULL -> ", found null";
                    default -> "";
                };
            } catch (java.io.IOException ignored) {
                return "";
            }
        }
        return "";
    }

    // Jackson names its own classes and the request's record in some messages; a client knows neither
    private static String clean(String m) {
        if (m == null) return "malformed";
        return m.replaceAll("\\(class [^)]*\\)", "").replaceAll("`[a-z.]+\\.[A-Z][A-Za-z$.]*`", "the value").replaceAll("\\s+", " ").trim();
    }

    // ---- values and ranges ------------------------------------------------------------------------

    private static final Pattern WHOLE = Pattern.compile("-?\\d{1,19}");

    /** A seed: a whole number, or the digits of one as a string; {@code fallback} if absent. */
    static long seed(JsonNode v, String field, long fallback) {
        if (v == null || v.isNull()) return fallback;
        if (v.isIntegralNumber() && v.canConvertToLong()) return v.asLong();
        if (v.isTextual() && WHOLE.matcher(v.asText()).matches()) {
            try {
                return Long.parseLong(v.asText());
            } catch (NumberFormatException tooBig) {
                // refused below
            }
        }
        throw ApiError.bad(quote(field) + " must be a whole number from -9223372036854775808 to 9223372036854775807 (or its digits as a string), found " + v);
    }

    /** {@code v} if it lies in {@code min..max}, else a 400 naming {@code field} and the range. */
    static int range(String field, int v, int min, int max) {
        if (v < min || v > max) throw ApiError.bad(quote(field) + " must be from " + min + " to " + max + ", found " + v);
        return v;
    }

    /** A whole number in a path or query parameter: digits only, in {@code min..max}. */
    static int wholeParam(String text, String field, int min, int max) {
        if (text == null || !text.matches("-?\\d{1,10}")) throw ApiError.bad(quote(field) + " must be a whole number, found \"" + text + "\"");
        long v = Long.parseLong(text);
        if (v < min || v > max) throw ApiError.bad(quote(field) + " must be from " + min + " to " + max + ", found " + text);
        return (int) v;
    }

    /** A true/false query parameter: absent is {@code fallback}; anything but "true" or "false" is refused. */
    static boolean flagParam(Context ctx, String name, boolean fallback) {
        String v = ctx.queryParam(name);
        if (v == null) return fallback;
        if (v.equals("true")) return true;
        if (v.equals("false")) return false;
        throw ApiError.bad("query parameter " + quote(name) + " must be true or false, found \"" + v + "\"");
    }

    /**
     * Refuses query parameters this route does not take ({@code token}, the access token, is always
     * allowed; an empty one, as "?&as=red" has, says nothing and is let pass).
     */
    static void onlyQuery(Context ctx, String... allowed) {
        List<String> ok = List.of(allowed);
        for (String k : ctx.queryParamMap().keySet()) {
            if (!k.isEmpty() && !ok.contains(k) && !k.equals(Guard.TOKEN_PARAM)) {
                throw ApiError.bad("unknown query parameter " + quote(k) + (ok.isEmpty() ? " (this request takes none)" : " (this request takes " + String.join(", ", ok) + ")"));
            }
        }
    }
}
