package hexlab.kernel.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.ValidationMessage;
import hexlab.kernel.error.InputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Words the validator's findings for a modder. The library's own text ("integer found, string
 * expected", "does not match the regex pattern ^\s*(\d{4}...") is exact but reads like a stack
 * trace; here a failed pattern names what was expected (the schema's title), a number where text
 * was expected says how to quote it, and the branches of an anyOf collapse into one line.
 */
final class SchemaMessages {
    private SchemaMessages() {}

    static List<InputException> of(YamlDoc doc, JsonNode schema, Collection<ValidationMessage> messages) {
        Map<String, List<ValidationMessage>> anyOf = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        List<InputException> out = new ArrayList<>();
        for (ValidationMessage m : messages) {
            String eval = m.getEvaluationPath().toString();
            int branch = eval.indexOf("/anyOf/");
            if (branch >= 0) {
                // Each branch of an anyOf reports separately; the modder needs one line for the group.
                anyOf.computeIfAbsent(pointer(m.getInstanceLocation()) + " " + eval.substring(0, branch), k -> new ArrayList<>()).add(m);
                continue;
            }
            add(out, seen, doc, pointerOf(m), describe(doc, schema, m));
        }
        for (List<ValidationMessage> group : anyOf.values()) {
            if (group.stream().allMatch(m -> m.getType().equals("required"))) {
                String names = group.stream().map(ValidationMessage::getProperty).distinct().collect(Collectors.joining(", "));
                String at = pointer(group.get(0).getInstanceLocation());
                add(out, seen, doc, at, prefix(at) + "needs one of the properties " + names);
            } else {
                for (ValidationMessage m : group) add(out, seen, doc, pointerOf(m), describe(doc, schema, m));
            }
        }
        return out;
    }

    private static void add(List<InputException> out, Set<String> seen, YamlDoc doc, String pointer, String message) {
        if (seen.add(pointer + "\n" + message)) out.add(doc.error(pointer, message));
    }

    /** Where to point: an unknown property is shown at the property itself, not at its mapping. */
    private static String pointerOf(ValidationMessage m) {
        String at = pointer(m.getInstanceLocation());
        return m.getType().equals("additionalProperties") && m.getProperty() != null
                ? Pointers.child(at, m.getProperty()) : at;
    }

    private static String describe(YamlDoc doc, JsonNode schema, ValidationMessage m) {
        String at = pointer(m.getInstanceLocation());
        JsonNode value = m.getInstanceNode();
        JsonNode keyword = m.getSchemaNode();
        JsonNode owner = schema.at(Pointers.parent(fragment(m))); // the schema holding the failed keyword
        String text = switch (m.getType()) {
            case "required" -> "required property '" + m.getProperty() + "' is missing" + condition(schema, m, value);
            case "additionalProperties" -> "unknown property '" + m.getProperty() + "'" + suggestion(m.getProperty(), owner.path("properties"));
            case "type" -> "must be " + typeName(keyword) + ", found " + found(doc, at, value) + quoteHint(doc, at, value, keyword);
            case "enum" -> "must be one of " + join(keyword) + ", found " + found(doc, at, value);
            case "const" -> "must be " + keyword.asText();
            case "pattern" -> owner.hasNonNull("title")
                    ? "expected " + owner.get("title").asText() + ", found " + found(doc, at, value)
                    : "does not have the expected form " + keyword.asText() + ", found " + found(doc, at, value);
            case "minItems" -> "needs at least " + keyword.asInt() + " item" + (keyword.asInt() == 1 ? "" : "s") + ", found " + value.size();
            case "maxItems" -> "allows at most " + keyword.asInt() + " item" + (keyword.asInt() == 1 ? "" : "s") + ", found " + value.size();
            case "minLength" -> keyword.asInt() == 1 ? "must not be empty" : "needs at least " + keyword.asInt() + " characters";
            case "minimum" -> "must be at least " + keyword.asText() + ", found " + found(doc, at, value);
            case "maximum" -> "must be at most " + keyword.asText() + ", found " + found(doc, at, value);
            case "uniqueItems" -> "items must all be different";
            default -> m.getError();
        };
        return prefix(at) + text;
    }

    /** "sections/2: " before a message; nothing for the top of the file, the line says it all. */
    private static String prefix(String pointer) {
        return pointer.isEmpty() ? "" : Pointers.display(pointer) + ": ";
    }

    /**
     * For a property required by an if/then, which value made it required: " (needed when status
     * is placeholder)". Read from the if's properties and the instance, so it fits any schema.
     */
    private static String condition(JsonNode schema, ValidationMessage m, JsonNode value) {
        String fragment = fragment(m);
        int then = fragment.lastIndexOf("/then/");
        if (then < 0 || value == null || !value.isObject()) return "";
        JsonNode conditions = schema.at(fragment.substring(0, then) + "/if/properties");
        List<String> parts = new ArrayList<>();
        conditions.fieldNames().forEachRemaining(name -> {
            if (value.has(name)) parts.add(name + " is " + value.get(name).asText());
        });
        return parts.isEmpty() ? "" : " (needed when " + String.join(" and ", parts) + ")";
    }

    /** " (did you mean 'sections'?)" for a misspelt property name, when one allowed name is close. */
    private static String suggestion(String name, JsonNode properties) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (var it = properties.fieldNames(); it.hasNext(); ) {
            String candidate = it.next();
            int d = distance(name.toLowerCase(), candidate.toLowerCase());
            if (d < bestDistance) { best = candidate; bestDistance = d; }
        }
        return best != null && bestDistance <= Math.max(1, name.length() / 3) ? " (did you mean '" + best + "'?)" : "";
    }

    /** Edit distance, to spot typos such as "sectons" for "sections". */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev; prev = cur; cur = t;
        }
        return prev[b.length()];
    }

    /** What the modder wrote, with how to fix a number or true/false where text was wanted. */
    private static String found(YamlDoc doc, String pointer, JsonNode value) {
        if (value == null || value.isMissingNode()) return "nothing";
        if (value.isObject()) return "a mapping";
        if (value.isArray()) return "a list";
        if (value.isNull()) return "nothing (null)";
        if (value.isTextual()) return "'" + value.asText() + "'";
        String written = doc.source(pointer);
        String read = value.isNumber() ? "the number " + value.asText() : value.asText();
        return written.equals(value.asText()) ? read : written + ", which YAML reads as " + read;
    }

    /** Unquoted 0101, 1.0 or yes are read as numbers or true; where text was wanted, quoting is the fix. */
    private static String quoteHint(YamlDoc doc, String pointer, JsonNode value, JsonNode expectedType) {
        boolean textWanted = expectedType.isArray()
                ? expectedType.toString().contains("\"string\"") : expectedType.asText().equals("string");
        if (!textWanted || value == null || !(value.isNumber() || value.isBoolean())) return "";
        return ": write it in quotes, \"" + doc.source(pointer) + "\", to keep it as text";
    }

    private static String typeName(JsonNode type) {
        if (type.isArray()) {
            List<String> names = new ArrayList<>();
            type.forEach(t -> names.add(typeName(t)));
            return String.join(" or ", names);
        }
        return switch (type.asText()) {
            case "string" -> "text";
            case "integer" -> "a whole number";
            case "number" -> "a number";
            case "boolean" -> "true or false";
            case "object" -> "a mapping (key: value lines)";
            case "array" -> "a list";
            case "null" -> "null";
            default -> type.asText();
        };
    }

    private static String join(JsonNode values) {
        List<String> names = new ArrayList<>();
        values.forEach(v -> names.add(v.asText()));
        return String.join(", ", names);
    }

    /** The JSON pointer inside the schema of the failing keyword, e.g. "/$defs/hexList/pattern". */
    private static String fragment(ValidationMessage m) {
        return m.getSchemaLocation() == null ? "" : pointer(m.getSchemaLocation().getFragment());
    }

    private static String pointer(JsonNodePath path) {
        String p = "";
        if (path == null) return p;
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            p = element instanceof Integer index ? Pointers.child(p, index) : Pointers.child(p, String.valueOf(element));
        }
        return p;
    }
}
