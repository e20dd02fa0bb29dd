package hexlab.inspector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A request's JSON body, read field by field; every mistake is a 400 naming the field and what was expected. */
final class Body {
    private final ObjectNode node;

    private Body(ObjectNode node) { this.node = node; }

    static Body of(String text) {
        if (text == null || text.isBlank()) return new Body(Json.object());
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw ApiError.bad("the request body is not valid JSON" + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")")
                    + ": " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) throw ApiError.bad("the request body must be a JSON object");
        return new Body((ObjectNode) n);
    }

    ObjectNode node() { return node; }

    boolean has(String field) { return node.hasNonNull(field); }

    String text(String field, String fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return fallback;
        if (!v.isTextual()) throw ApiError.bad("\"" + field + "\" must be a string, found " + v.getNodeType().name().toLowerCase());
        return v.asText();
    }

    String requiredText(String field) {
        String s = text(field, null);
        if (s == null || s.isBlank()) throw ApiError.bad("\"" + field + "\" is required");
        return s;
    }

    long whole(String field, long fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return fallback;
        if (v.isTextual()) {
            try {
                return Long.parseLong(v.asText().trim());
            } catch (NumberFormatException e) {
                throw ApiError.bad("\"" + field + "\" must be a whole number, found \"" + v.asText() + "\"");
            }
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber()) throw ApiError.bad("\"" + field + "\" must be a whole number");
        return v.asLong();
    }

    boolean flag(String field, boolean fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return fallback;
        if (!v.isBoolean()) throw ApiError.bad("\"" + field + "\" must be true or false");
        return v.asBoolean();
    }

    JsonNode any(String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v;
    }

    List<String> strings(String field) {
        JsonNode v = node.get(field);
        List<String> out = new ArrayList<>();
        if (v == null || v.isNull()) return out;
        if (!v.isArray()) throw ApiError.bad("\"" + field + "\" must be a list of ids");
        for (JsonNode x : v) {
            if (!x.isTextual()) throw ApiError.bad("\"" + field + "\" must hold strings, found " + x);
            out.add(x.asText());
        }
        return out;
    }

    /** {"id": value}: values true/false, numbers or strings, as a rule option takes them. */
    Map<String, Object> options(String field) {
        JsonNode v = node.get(field);
        Map<String, Object> out = new LinkedHashMap<>();
        if (v == null || v.isNull()) return out;
        if (!v.isObject()) throw ApiError.bad("\"" + field + "\" must be an object of option id to value");
        v.fields().forEachRemaining(e -> {
            JsonNode x = e.getValue();
            if (x.isBoolean()) out.put(e.getKey(), x.asBoolean());
            else if (x.isIntegralNumber()) out.put(e.getKey(), x.asLong());
            else if (x.isTextual()) out.put(e.getKey(), x.asText());
            else throw ApiError.bad("option \"" + e.getKey() + "\" must be true/false, a whole number or a string");
        });
        return out;
    }

    Map<String, String> names(String field) {
        JsonNode v = node.get(field);
        Map<String, String> out = new LinkedHashMap<>();
        if (v == null || v.isNull()) return out;
        if (!v.isObject()) throw ApiError.bad("\"" + field + "\" must be an object of side to name");
        v.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) throw ApiError.bad("\"" + field + "." + e.getKey() + "\" must be a string");
            out.put(e.getKey(), e.getValue().asText());
        });
        return out;
    }
}
