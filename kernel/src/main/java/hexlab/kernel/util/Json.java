package hexlab.kernel.util;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** One shared Jackson mapper, canonical JSON and sha256: the kernel's only JSON plumbing. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private static final ObjectMapper PRETTY = MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * What a user's JSON (a request, a save) is read with: one document and nothing after it, no key
     * given twice. Errors as Jackson words them, with the line and column.
     */
    public static final com.fasterxml.jackson.databind.ObjectReader STRICT = MAPPER.reader()
            .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION);

    private Json() {}

    public static String write(Object o) {
        try {
            return MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + o.getClass().getSimpleName(), e);
        }
    }

    public static String pretty(Object o) {
        try {
            return PRETTY.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + o.getClass().getSimpleName(), e);
        }
    }

    public static JsonNode read(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static ObjectNode object() { return MAPPER.createObjectNode(); }

    /**
     * The line and column in {@code text} where the value at JSON pointer {@code pointer} starts
     * ({1, 1} if it is not found): for errors about a document already read into a tree.
     */
    public static int[] locate(String text, String pointer) {
        try (com.fasterxml.jackson.core.JsonParser p = MAPPER.getFactory().createParser(text)) {
            for (com.fasterxml.jackson.core.JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == com.fasterxml.jackson.core.JsonToken.FIELD_NAME || t.isStructEnd()) continue;
                if (p.getParsingContext().pathAsPointer().toString().equals(pointer)) {
                    var loc = p.currentTokenLocation();
                    return new int[] {loc.getLineNr(), loc.getColumnNr()};
                }
            }
        } catch (java.io.IOException e) {
            // a damaged document: the caller's message still says what is wrong
        }
        return new int[] {1, 1};
    }

    /** Canonical form: object keys sorted at every level, so equal trees hash equally. */
    public static String canonical(JsonNode node) {
        try {
            Object plain = MAPPER.treeToValue(node, Object.class);
            return MAPPER.writeValueAsString(plain);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(String text) { return sha256(text.getBytes(StandardCharsets.UTF_8)); }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
