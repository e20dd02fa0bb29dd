package hexlab.kernel.yaml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hexlab.kernel.error.InputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class YamlDocTest {

    private static InputException parseError(String text) {
        return assertThrows(InputException.class, () -> YamlDoc.parse(text, "t.yaml"));
    }

    @Test
    void malformedYamlReportsTheLineAndColumnOfTheProblem() {
        InputException e = parseError("id: demo\nname: x\nsource: Rule 7.61: CRT\n");
        assertEquals(3, e.line());
        assertEquals(18, e.column());
        assertTrue(e.getMessage().startsWith("mapping values are not allowed here"), e.getMessage());
        assertTrue(e.describe().startsWith("t.yaml:3:18: mapping values"), e.describe());
    }

    @Test
    void badIndentationNamesTheLineWhereTheBlockStarts() {
        InputException e = parseError("a:\n  b: 1\n c: 2\n");
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("indentation") && e.getMessage().contains("line 1"), e.getMessage());
        assertFalse(e.getMessage().contains("<block"), "no parser token names: " + e.getMessage());
    }

    @Test
    void unclosedQuoteIsReportedWhereTheQuoteOpens() {
        InputException e = parseError("a: 1\nb: \"abc\nc: 2\n");
        assertEquals(2, e.line());
        assertEquals(4, e.column());
        assertTrue(e.getMessage().contains("never closed"), e.getMessage());
    }

    @Test
    void keyWithoutColonIsReportedOnItsOwnLine() {
        InputException e = parseError("a: 1\nb\nc: 2\n");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("':'"), e.getMessage());
    }

    @Test
    void duplicateKeyNamesTheKeyAndBothLines() {
        InputException e = parseError("section: crt\ntables:\n  crt:\n    status: printed\n  crt:\n    status: placeholder\n");
        assertEquals(5, e.line());
        assertEquals(3, e.column());
        assertTrue(e.getMessage().contains("'crt'"), e.getMessage());
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("line 5"), e.getMessage());
    }

    @Test
    void sameKeyInDifferentMappingsIsNoDuplicate() {
        YamlDoc doc = YamlDoc.parse("a: {status: printed}\nb: {status: printed}\n", "t.yaml");
        assertEquals(2, doc.map().size());
    }

    @Test
    void tabIndentedFileGivesAReadableMessage() throws Exception {
        Path file = Path.of(getClass().getResource("/yaml/bad/tab-indented.yaml").toURI());
        InputException e = assertThrows(InputException.class, () -> YamlDoc.load(file, "tables/demo/zoc.yaml"));
        assertEquals("tables/demo/zoc.yaml", e.file());
        assertEquals(4, e.line());
        assertEquals(1, e.column());
        assertTrue(e.getMessage().contains("tab") && e.getMessage().contains("spaces"), e.getMessage());
        assertFalse(e.getMessage().contains("(TAB)") || e.getMessage().contains("token"), e.getMessage());
    }

    @Test
    void missingFileIsReportedAsFileNotFound() {
        InputException e = assertThrows(InputException.class, () -> YamlDoc.load(Path.of("no/such/file.yaml")));
        assertEquals("no/such/file.yaml", e.file());
        assertEquals("file not found", e.getMessage());
    }

    @Test
    void scalarsFollowYaml11ButQuotedHexIdsStayText() {
        Map<String, Object> m = YamlDoc.parse("""
                octal: 0101
                quoted: "0101"
                single: '0908'
                version: 1.0.0
                big: 3000000000
                ratio: 1.5
                flag: yes
                none: ~
                date: 2024-01-02
                hexes: 0101 0102
                0101: keys stay as written
                """, "t.yaml").map();
        assertEquals(65, m.get("octal"));
        assertEquals("0101", m.get("quoted"));
        assertEquals("0908", m.get("single"));
        assertEquals("1.0.0", m.get("version"));
        assertEquals(3_000_000_000L, m.get("big"));
        assertEquals(1.5, m.get("ratio"));
        assertEquals(Boolean.TRUE, m.get("flag"));
        assertTrue(m.containsKey("none"));
        assertNull(m.get("none"));
        assertEquals("2024-01-02", m.get("date"));
        assertEquals("0101 0102", m.get("hexes"));
        assertEquals("keys stay as written", m.get("0101"));
    }

    @Test
    void treeAndJsonKeepTheFileOrder() {
        YamlDoc doc = YamlDoc.parse("zeta: 1\nalpha: 2\nmid: [3, {b: 1, a: 2}]\n", "t.yaml");
        assertEquals(List.of("zeta", "alpha", "mid"), List.copyOf(doc.map().keySet()));
        assertEquals("{\"zeta\":1,\"alpha\":2,\"mid\":[3,{\"b\":1,\"a\":2}]}", doc.json().toString());
    }

    @Test
    void pointerPositionsOfNestedLists() {
        YamlDoc doc = YamlDoc.parse("""
                sections:
                  - name: zoc
                    cells:
                      - [1, 2]
                      - - a
                        - b
                  - name: crt
                """, "t.yaml");
        assertArrayEquals(new int[] {1, 1}, doc.position(""));
        assertArrayEquals(new int[] {1, 1}, doc.position("/sections"));
        assertArrayEquals(new int[] {2, 5}, doc.position("/sections/0"));
        assertArrayEquals(new int[] {2, 11}, doc.position("/sections/0/name"));
        assertArrayEquals(new int[] {3, 5}, doc.position("/sections/0/cells"));
        assertArrayEquals(new int[] {4, 9}, doc.position("/sections/0/cells/0"));
        assertArrayEquals(new int[] {4, 13}, doc.position("/sections/0/cells/0/1"));
        assertArrayEquals(new int[] {5, 11}, doc.position("/sections/0/cells/1/0"));
        assertArrayEquals(new int[] {6, 11}, doc.position("/sections/0/cells/1/1"));
        assertArrayEquals(new int[] {7, 5}, doc.position("sections/1"), "the leading slash is optional");
    }

    @Test
    void absentPointerFallsBackToTheNearestAncestor() {
        YamlDoc doc = YamlDoc.parse("a: 1\nsections:\n  - name: zoc\n", "t.yaml");
        assertArrayEquals(new int[] {3, 5}, doc.position("/sections/0/version"));
        assertArrayEquals(new int[] {3, 5}, doc.position("/sections/0/version/deeper"));
        assertFalse(doc.has("/sections/0/version"));
        assertTrue(doc.has("/sections/0/name"));
    }

    @Test
    void keysWithSlashesAreEscapedInPointers() {
        YamlDoc doc = YamlDoc.parse("hexsides:\n  road: x\n  1103/1104: river\n", "t.yaml");
        assertArrayEquals(new int[] {3, 14}, doc.position("/hexsides/1103~11104"));
        assertEquals("hexsides/1103/1104", Pointers.display("/hexsides/1103~11104"));
    }

    @Test
    void sourceGivesTheTextAsWrittenEvenAfterWideCharacters() {
        YamlDoc doc = YamlDoc.parse("name: \"Ω \uD83D\uDE00 test\"\nhex: 0101\n", "t.yaml");
        assertEquals(65, doc.map().get("hex"));
        assertEquals("0101", doc.source("/hex"));
    }

    @Test
    void errorCarriesFileLineAndColumn() {
        YamlDoc doc = YamlDoc.parse("sections:\n  - name: zoc\n    version: x\n", "tables/demo/system.yaml");
        InputException e = doc.error("/sections/0/version", "expected a semantic version");
        assertEquals("tables/demo/system.yaml:3:14: expected a semantic version", e.describe());
        assertEquals("/sections/0/version", e.pointer());
    }

    @Test
    void locateFillsInThePositionOfAnExceptionThatHasOnlyAPointer() {
        YamlDoc doc = YamlDoc.parse("sections:\n  - name: zoc\n  - name: crt\n", "tables/demo/system.yaml");
        InputException located = doc.locate(new InputException(null, "/sections/1", "section crt has no script"));
        assertEquals("tables/demo/system.yaml:3:5: section crt has no script", located.describe());

        InputException sameFile = doc.locate(new InputException("tables/demo/system.yaml", "/sections/0/name", "bad"));
        assertEquals(2, sameFile.line());
        assertEquals(11, sameFile.column());

        InputException otherFile = new InputException("tables/demo/zoc.yaml", "/tables", "elsewhere");
        assertSame(otherFile, doc.locate(otherFile));
    }

    @Test
    void listAtTheTopIsNotAMapping() {
        YamlDoc doc = YamlDoc.parse("- a\n- b\n", "t.yaml");
        assertEquals(List.of("a", "b"), doc.tree());
        InputException e = assertThrows(InputException.class, doc::map);
        assertTrue(e.getMessage().startsWith("expected a mapping at the top of the file"), e.getMessage());
        assertEquals(1, e.line());
    }

    @Test
    void emptyFileHasANullTree() {
        YamlDoc doc = YamlDoc.parse("# only a comment\n", "t.yaml");
        assertNull(doc.tree());
        assertThrows(InputException.class, doc::map);
    }

    @Test
    void aliasesAndMergeKeysAreExpanded() {
        Map<String, Object> m = YamlDoc.parse("""
                base: &base {attack: 4, move: 8}
                unit:
                  <<: *base
                  move: 10
                copy: *base
                """, "t.yaml").map();
        assertEquals(Map.of("attack", 4, "move", 10), m.get("unit"));
        assertEquals(Map.of("attack", 4, "move", 8), m.get("copy"));
    }

    @Test
    void javaTypeTagsAreRefusedWithALine() {
        InputException e = parseError("a: 1\nb: !!javax.script.ScriptEngineManager [x]\n");
        assertEquals(2, e.line());
        InputException binary = parseError("a: 1\nb: !!binary aGVsbG8=\n");
        assertEquals(2, binary.line());
        assertTrue(binary.getMessage().contains("!!binary"), binary.getMessage());
    }

    @Test
    void recursiveAliasIsRefused() {
        InputException e = parseError("a: &loop [1, *loop]\n");
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("alias"), e.getMessage());
    }

    @Test
    void aliasBombIsRefusedWithoutFillingMemory() {
        StringBuilder y = new StringBuilder("l0: &l0 [x, x]\n");
        for (int i = 1; i <= 24; i++) // 48 aliases: under SnakeYAML's limit, 2^24 values once expanded
            y.append("l").append(i).append(": &l").append(i).append(" [*l").append(i - 1).append(", *l").append(i - 1).append("]\n");
        InputException e = parseError(y.toString());
        assertTrue(e.getMessage().contains("aliases"), e.getMessage());
    }

    @Test
    void secondDocumentInOneFileIsRefused() {
        InputException e = parseError("a: 1\n---\nb: 2\n");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("one document"), e.getMessage());
    }
}
