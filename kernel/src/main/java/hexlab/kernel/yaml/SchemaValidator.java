package hexlab.kernel.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import hexlab.kernel.error.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks a {@link YamlDoc} against the JSON Schema of its kind (tables/schema/&lt;kind&gt;.schema.json,
 * draft 2020-12): the same schemas an editor uses while the modder types. Each problem comes back
 * as an {@link InputException} at the offending line, worded for a modder:
 * {@code tables/crusader/system.yaml:12:5: sections/2: required property 'version' is missing}.
 * Safe to share between threads; each schema is read once.
 */
public final class SchemaValidator {
    /** The file kinds of docs/formats.md, each with a schema named &lt;kind&gt;.schema.json. */
    public static final List<String> KINDS = List.of("system", "table", "map", "scenario", "erratum");

    /** The schemas' $id prefix. It is mapped to the schema folder, so nothing is ever fetched from the network. */
    static final String ID_PREFIX = "https://hexlab.org/schema/";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaValidatorsConfig CONFIG =
            SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build();

    private final Path schemaDir;
    private final JsonSchemaFactory factory;
    private final Map<String, Loaded> cache = new ConcurrentHashMap<>();

    /** A compiled schema and its JSON, which messages consult for titles and property names. */
    record Loaded(JsonSchema schema, JsonNode json) {}

    public SchemaValidator(Path schemaDir) {
        this.schemaDir = schemaDir.toAbsolutePath().normalize();
        String folder = this.schemaDir.toUri().toString();
        String folderUri = folder.endsWith("/") ? folder : folder + "/";
        this.factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
                builder -> builder.schemaMappers(mappers -> mappers.mapPrefix(ID_PREFIX, folderUri)));
    }

    /** The kind of a hexlab YAML file, from where it lives and its name (docs/formats.md). */
    public static String kindOf(Path file) {
        Path parent = file.getParent();
        Path grandparent = parent == null ? null : parent.getParent();
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (named(parent, "errata")) return "erratum";
        if (named(parent, "scenarios") || named(grandparent, "scenarios")) return "scenario";
        if (name.equals("system.yaml") || name.equals("system.yml")) return "system";
        if (name.startsWith("map") && (name.endsWith(".yaml") || name.endsWith(".yml"))) return "map";
        return "table";
    }

    private static boolean named(Path dir, String name) {
        return dir != null && dir.getFileName() != null && dir.getFileName().toString().equals(name);
    }

    /** Loads a file and checks it against the schema of its kind; a YAML error is the one problem returned. */
    public List<InputException> validate(Path file) {
        try {
            return validate(YamlDoc.load(file), kindOf(file));
        } catch (InputException e) {
            return List.of(e);
        }
    }

    /** Problems of {@code doc} against the schema of {@code kind}, in file order; empty when it conforms. */
    public List<InputException> validate(YamlDoc doc, String kind) {
        Loaded loaded = schema(kind);
        return SchemaMessages.of(doc, loaded.json(), loaded.schema().validate(doc.json())).stream()
                .sorted(Comparator.comparingInt(InputException::line)
                        .thenComparingInt(InputException::column)
                        .thenComparing(InputException::getMessage))
                .toList();
    }

    private Loaded schema(String kind) {
        if (!KINDS.contains(kind)) throw new IllegalArgumentException("unknown file kind " + kind + ", expected one of " + KINDS);
        return cache.computeIfAbsent(kind, this::read);
    }

    private Loaded read(String kind) {
        Path file = schemaDir.resolve(kind + ".schema.json");
        JsonNode json;
        try {
            json = JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, 0, null, "cannot read the schema: " + e.getMessage(), e);
        }
        JsonSchema schema = factory.getSchema(SchemaLocation.of(ID_PREFIX + kind + ".schema.json"), json, CONFIG);
        return new Loaded(schema, json);
    }
}
