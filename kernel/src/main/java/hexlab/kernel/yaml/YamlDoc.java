package hexlab.kernel.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hexlab.kernel.error.InputException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * One YAML file, loaded safely, as a plain Java tree and as a Jackson tree, with the line and
 * column of every value under its JSON pointer so any later check can point at the right line.
 *
 * <p>The Java tree holds {@code LinkedHashMap<String,Object>} (file order), {@code List}, String,
 * Integer, Long, Double, Boolean and null; it is the caller's to read, copy before changing it.
 * Every problem is an {@link InputException} naming the file, line and column: never a stack trace.
 */
public final class YamlDoc {
    /** Far above any rule file or board; refuses a wrong file before it fills memory. */
    static final int MAX_CODE_POINTS = 8 * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String file;
    private final String text;
    private final Object tree;
    private final JsonNode json;
    private final Map<String, Span> spans;

    private YamlDoc(String file, String text, Object tree, Map<String, Span> spans) {
        this.file = file;
        this.text = text;
        this.tree = tree;
        this.json = JSON.valueToTree(tree);
        this.spans = spans;
    }

    /** Loads a file; messages name it as the path is written. */
    public static YamlDoc load(Path file) {
        return load(file, file.toString());
    }

    /** Loads a file; messages name it {@code displayName} (e.g. relative to the project root). */
    public static YamlDoc load(Path file, String displayName) {
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) throw new InputException(displayName, 0, 0, "is a folder, expected a YAML file");
            if (Files.size(file) > 4L * MAX_CODE_POINTS) throw tooLarge(displayName);
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(displayName, 0, 0, "file not found");
        } catch (IOException e) {
            throw new InputException(displayName, 0, 0, null, "cannot read the file: " + e.getMessage(), e);
        }
        return parse(utf8(bytes, displayName), displayName);
    }

    /** Parses text; messages name it {@code displayName}. */
    public static YamlDoc parse(String text, String displayName) {
        // A byte order mark some editors write is not content.
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (body.length() > MAX_CODE_POINTS) throw tooLarge(displayName);
        LoaderOptions options = options();
        Node root;
        try {
            root = new Yaml(new SafeConstructor(options)).compose(new StringReader(body));
        } catch (MarkedYAMLException e) {
            throw YamlProblems.syntax(displayName, e);
        } catch (YAMLException e) {
            throw YamlProblems.other(displayName, body, e);
        }
        if (root == null) return new YamlDoc(displayName, body, null, Map.of("", new Span(1, 1, 0, 0)));
        TreeBuilder builder = new TreeBuilder(displayName, options);
        Object tree = builder.build(root);
        return new YamlDoc(displayName, body, tree, Map.copyOf(builder.spans()));
    }

    /** Safe loading: no Java types, few aliases, bounded nesting and size. */
    private static LoaderOptions options() {
        LoaderOptions o = new LoaderOptions();
        o.setAllowDuplicateKeys(true); // duplicates are found by TreeBuilder, which can name both lines
        o.setMaxAliasesForCollections(50);
        o.setAllowRecursiveKeys(false);
        o.setNestingDepthLimit(50);
        o.setCodePointLimit(MAX_CODE_POINTS);
        o.setMergeOnCompose(true);
        return o;
    }

    private static String utf8(byte[] bytes, String displayName) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputException(displayName, 0, 0, "the file is not UTF-8 text; save it as UTF-8");
        }
    }

    private static InputException tooLarge(String displayName) {
        return new InputException(displayName, 0, 0, "the file is too large for a rule file (over " + MAX_CODE_POINTS + " characters)");
    }

    /** The name messages use for the file. */
    public String file() {
        return file;
    }

    /** The whole document: a Map, List, scalar or null for an empty file. */
    public Object tree() {
        return tree;
    }

    /** The document as a mapping, which every hexlab file kind is. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> map() {
        if (tree instanceof Map<?, ?> m) return (Map<String, Object>) m;
        throw error("", "expected a mapping at the top of the file (key: value lines)");
    }

    /** The same document as a Jackson tree. */
    public JsonNode json() {
        return json;
    }

    /** {line, column} (1-based) of the value at {@code pointer}, or of its nearest ancestor that exists. */
    public int[] position(String pointer) {
        Span span = span(pointer);
        return new int[] {span.line(), span.column()};
    }

    /** Whether a value exists at {@code pointer}. */
    public boolean has(String pointer) {
        return spans.containsKey(Pointers.normalize(pointer));
    }

    /** The value's text as written in the file (e.g. "0101" for what YAML read as 65), or of its nearest ancestor. */
    public String source(String pointer) {
        Span span = span(pointer);
        // Marks count code points, String indexes count chars: they differ after an emoji or similar.
        int length = text.codePointCount(0, text.length());
        int from = text.offsetByCodePoints(0, Math.min(span.start(), length));
        int to = text.offsetByCodePoints(0, Math.min(span.end(), length));
        return text.substring(from, to).strip();
    }

    /** An error at the value {@code pointer} names; the message should say what was expected. */
    public InputException error(String pointer, String message) {
        String p = Pointers.normalize(pointer);
        Span span = span(p);
        return new InputException(file, span.line(), span.column(), p, message, null);
    }

    /**
     * Gives an exception raised with only a pointer (by code that saw the tree, not the file) this
     * file's line and column. Exceptions about another file, or already placed, are returned as they are.
     */
    public InputException locate(InputException e) {
        if (e.line() > 0 || e.pointer() == null) return e;
        if (e.file() != null && !e.file().equals(file)) return e;
        Span span = span(e.pointer());
        return new InputException(file, span.line(), span.column(), e.pointer(), e.getMessage(), e.getCause());
    }

    private Span span(String pointer) {
        String p = Pointers.normalize(pointer);
        while (true) {
            Span span = spans.get(p);
            if (span != null) return span;
            if (p.isEmpty()) return new Span(1, 1, 0, 0);
            p = Pointers.parent(p);
        }
    }
}
