package hexlab.kernel.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hexlab.kernel.error.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SchemaValidatorTest {
    private static final SchemaValidator VALIDATOR = new SchemaValidator(schemaDir());

    /** tables/schema of the project: from the build's hexlab.root, else found above the working folder. */
    static Path schemaDir() {
        String root = System.getProperty("hexlab.root");
        if (root != null && Files.isDirectory(Path.of(root, "tables", "schema"))) return Path.of(root, "tables", "schema");
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("tables/schema"))) return p.resolve("tables/schema");
        }
        throw new IllegalStateException("tables/schema not found");
    }

    private static List<InputException> check(String kind, String file, String text) {
        return VALIDATOR.validate(YamlDoc.parse(text, file), kind);
    }

    private static InputException only(List<InputException> problems) {
        assertEquals(1, problems.size(), () -> "expected one problem, got " + problems);
        return problems.get(0);
    }

    @Test
    void correctExampleOfEachKindPasses() throws Exception {
        Path valid = Path.of(getClass().getResource("/yaml/valid").toURI());
        Set<String> kinds = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(valid)) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            String kind = SchemaValidator.kindOf(file);
            kinds.add(kind);
            assertEquals(List.of(), VALIDATOR.validate(YamlDoc.load(file), kind), file + " as " + kind);
        }
        assertEquals(new TreeSet<>(SchemaValidator.KINDS), kinds, "one fixture of each kind");
    }

    @Test
    void kindOfFollowsTheProjectLayout() {
        assertEquals("system", SchemaValidator.kindOf(Path.of("tables/crusader/system.yaml")));
        assertEquals("map", SchemaValidator.kindOf(Path.of("tables/crusader/map.yaml")));
        assertEquals("map", SchemaValidator.kindOf(Path.of("tables/crusader/map-east.yaml")));
        assertEquals("erratum", SchemaValidator.kindOf(Path.of("tables/crusader/errata/crt-fix.yaml")));
        assertEquals("scenario", SchemaValidator.kindOf(Path.of("scenarios/crusader/campaign.yaml")));
        assertEquals("table", SchemaValidator.kindOf(Path.of("tables/crusader/zoc.yaml")));
    }

    @Test
    void sectionWithoutVersionIsNamedAtItsLine() {
        String system = """
                id: crusader
                name: "Crusader"
                version: 1.0.0
                sections:
                  - name: zoc
                    version: 1.0.0
                    table: zoc.yaml
                  - name: crt
                    version: 1.0.0
                    table: crt.yaml
                  # the third section forgot its version
                  - name: supply
                    script: supply.js
                """;
        InputException e = only(check("system", "tables/crusader/system.yaml", system));
        assertEquals("tables/crusader/system.yaml:12:5: sections/2: required property 'version' is missing", e.describe());
        assertEquals("/sections/2", e.pointer());
    }

    @Test
    void unquotedHexIdUnderAHexListPropertyIsRejectedWithItsLine() {
        String map = """
                map: demo
                status: reconstructed
                source: "test"
                layout: {orientation: flat-top, columns: [1, 40], rows: [1, 26], lowered: even}
                terrain:
                  rough: "0101 0102"
                  sea: 0101
                hexsides:
                  road: [1103/1203]
                """;
        List<InputException> problems = check("map", "tables/demo/map.yaml", map);
        assertEquals(2, problems.size(), problems::toString);
        InputException sea = problems.get(0);
        assertEquals(7, sea.line());
        assertEquals(8, sea.column());
        assertTrue(sea.getMessage().startsWith("terrain/sea: must be text, found 0101, which YAML reads as the number 65"), sea.getMessage());
        assertTrue(sea.getMessage().contains("\"0101\""), "says how to quote it: " + sea.getMessage());
        InputException road = problems.get(1);
        assertEquals(9, road.line());
        assertTrue(road.getMessage().contains("found a list"), road.getMessage());
    }

    @Test
    void malformedHexListNamesTheExpectedForm() {
        String map = """
                map: demo
                status: printed
                source: "test"
                layout: {orientation: flat-top, columns: [1, 40], rows: [1, 26], lowered: even}
                features:
                  town: "1103, 3409"
                zones:
                  west: edge:left
                """;
        List<InputException> problems = check("map", "map.yaml", map);
        assertEquals(2, problems.size(), problems::toString);
        assertTrue(problems.get(0).getMessage().startsWith("features/town: expected a list of hex ids in quotes, such as \"0101 0102 0203\""), problems.get(0).getMessage());
        assertTrue(problems.get(1).getMessage().contains("edge:west"), problems.get(1).getMessage());
        assertEquals(8, problems.get(1).line());
    }

    @Test
    void tableWithoutStatusIsReportedAtTheTablesLine() {
        String table = """
                section: crt
                source: "7.61"
                tables:
                  crt:
                    rule: "7.61"
                    rows: [[1, 2]]
                """;
        InputException e = only(check("table", "tables/demo/crt.yaml", table));
        assertEquals("tables/demo/crt.yaml:4:3: tables/crt: required property 'status' is missing", e.describe());
    }

    @Test
    void placeholderTableWithoutNoteIsRejected() {
        String table = """
                section: air
                source: "12.0"
                tables:
                  printed-one:
                    status: printed
                  stand-in:
                    status: placeholder
                    points: [1, 2, 3]
                """;
        InputException e = only(check("table", "air.yaml", table));
        assertEquals(6, e.line());
        assertEquals("tables/stand-in: required property 'note' is missing (needed when status is placeholder)", e.getMessage());
    }

    @Test
    void statusOutsideTheEnumListsTheAllowedValues() {
        String table = "section: crt\nsource: x\ntables:\n  crt:\n    status: guessed\n    note: n\n";
        InputException e = only(check("table", "crt.yaml", table));
        assertEquals("tables/crt/status: must be one of printed, reconstructed, placeholder, found 'guessed'", e.getMessage());
        assertEquals(5, e.line());
        assertEquals(13, e.column());
    }

    @Test
    void sectionWithNeitherTableNorScriptIsOneMessage() {
        String system = "id: x\nname: x\nversion: 1.0.0\nsections:\n  - name: zoc\n    version: 1.0.0\n";
        InputException e = only(check("system", "system.yaml", system));
        assertEquals("sections/0: needs one of the properties table, script", e.getMessage());
        assertEquals(5, e.line());
    }

    @Test
    void sequenceNodeWithoutAKindKeyIsOneMessage() {
        String system = "id: x\nname: x\nversion: 1.0.0\nsections: []\nsequence:\n  - {step: a, run: s.a}\n  - {stp: b}\n";
        InputException e = only(check("system", "system.yaml", system));
        assertEquals("sequence/1: needs one of the properties step, phase, turns, player-turns, repeat, activation", e.getMessage());
        assertEquals(7, e.line());
    }

    @Test
    void misspeltPropertyIsUnknownWithASuggestion() {
        String system = "id: x\nname: x\nversion: 1.0.0\nsectons: []\n";
        List<InputException> problems = check("system", "system.yaml", system);
        assertEquals(2, problems.size(), problems::toString);
        assertEquals("required property 'sections' is missing", problems.get(0).getMessage());
        assertEquals("unknown property 'sectons' (did you mean 'sections'?)", problems.get(1).getMessage());
        assertEquals(4, problems.get(1).line());
    }

    @Test
    void numericVersionIsToldToBeQuotedText() {
        String system = "id: x\nname: x\nversion: 1.0\nsections: []\n";
        InputException e = only(check("system", "system.yaml", system));
        assertEquals("version: must be text, found the number 1.0: write it in quotes, \"1.0\", to keep it as text", e.getMessage());
    }

    @Test
    void erratumChangeNeedsTheFieldsOfItsOp() {
        String erratum = """
                erratum: crt-fix
                source: "errata sheet"
                changes:
                  - op: replace
                    path: crt/crt/rows/3/2
                  - op: script
                    section: combat
                    export: resolve
                  - op: rename
                """;
        List<InputException> problems = check("erratum", "errata/crt-fix.yaml", erratum);
        List<String> messages = new ArrayList<>();
        problems.forEach(p -> messages.add(p.line() + ": " + p.getMessage()));
        assertEquals(List.of(
                "4: changes/0: required property 'value' is missing (needed when op is replace)",
                "6: changes/1: required property 'file' is missing (needed when op is script)",
                "9: changes/2/op: must be one of replace, add, remove, script, found 'rename'"), messages);
    }

    @Test
    void scenarioPiecesNeedIdSideAndHexButMayStartOffTheMap() {
        String scenario = """
                id: campaign
                name: "Campaign"
                source: "19.1"
                status: printed
                map: main
                turns: {first: 1, last: 18}
                house-rule: anything goes here
                pieces:
                  - {id: a, side: axis, hex: "0101"}
                  - {id: b, side: axis, hex: null, enters: {turn: 3}}
                  - {id: c, side: axis}
                  - {id: d, side: axis, hex: 0101}
                """;
        List<InputException> problems = check("scenario", "scenarios/demo/campaign.yaml", scenario);
        assertEquals(2, problems.size(), problems::toString);
        assertEquals("pieces/2: required property 'hex' is missing", problems.get(0).getMessage());
        assertEquals(11, problems.get(0).line());
        assertTrue(problems.get(1).getMessage().startsWith("pieces/3/hex: must be text or null, found 0101"), problems.get(1).getMessage());
        assertEquals(12, problems.get(1).line());
    }

    @Test
    void problemsComeInFileOrder() {
        String table = "tables:\n  b:\n    status: x\n  a:\n    rule: '1'\nsource: s\n";
        List<InputException> problems = check("table", "t.yaml", table);
        List<Integer> lines = problems.stream().map(InputException::line).toList();
        assertEquals(lines.stream().sorted().toList(), lines);
        assertEquals("required property 'section' is missing", problems.get(0).getMessage());
    }

    @Test
    void validatingAFileReportsItsSyntaxErrorAsTheOneProblem() throws Exception {
        Path file = Path.of(getClass().getResource("/yaml/bad/tab-indented.yaml").toURI());
        InputException e = only(VALIDATOR.validate(file));
        assertEquals(4, e.line());
    }

    @Test
    void everySchemaIsDraft2020WithAnIdAndDescribesEveryProperty() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (String kind : SchemaValidator.KINDS) {
            JsonNode schema = json.readTree(schemaDir().resolve(kind + ".schema.json").toFile());
            assertEquals("https://json-schema.org/draft/2020-12/schema", schema.path("$schema").asText(), kind);
            assertEquals(SchemaValidator.ID_PREFIX + kind + ".schema.json", schema.path("$id").asText(), kind);
            assertTrue(schema.hasNonNull("title"), kind + " has a title");
            assertTrue(schema.path("properties").has("$schema"), kind + " allows a $schema key");
            List<String> undescribed = new ArrayList<>();
            undescribedProperties(schema, "", undescribed);
            assertEquals(List.of(), undescribed, kind + ": properties without a description (editors show them)");
        }
    }

    private static void undescribedProperties(JsonNode node, String at, List<String> out) {
        if (node.isObject()) {
            node.path("properties").properties().forEach(p -> {
                if (!p.getValue().hasNonNull("description")) out.add(at + "/properties/" + p.getKey());
            });
            // An if only tests values; its properties declare nothing an editor would show.
            node.properties().forEach(p -> {
                if (!p.getKey().equals("if")) undescribedProperties(p.getValue(), at + "/" + p.getKey(), out);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) undescribedProperties(node.get(i), at + "/" + i, out);
        }
    }
}
