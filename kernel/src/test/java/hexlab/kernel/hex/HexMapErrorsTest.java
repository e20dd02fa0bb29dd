package hexlab.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hexlab.kernel.error.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every mistake in a map file is an InputException naming the key and the bad token. */
class HexMapErrorsTest {

    static final String HEAD = """
            map: big
            status: placeholder
            source: "test"
            layout: {orientation: flat-top, columns: [1, 40], rows: [1, 26], lowered: even}
            default-terrain: clear
            """;

    private static InputException error(String body) {
        return assertThrows(InputException.class, () -> MapFixtures.map(HEAD + body));
    }

    private static void assertError(String pointer, String message, String body) {
        InputException e = error(body);
        assertEquals(message, e.getMessage());
        assertEquals(pointer, e.pointer());
        assertEquals("test.yaml", e.file());
    }

    @Test
    void offMapHexIsNamedWithTheMapBounds() {
        assertError("/terrain/rough", "hex \"4199\" is off the map (columns 1-40, rows 1-26)",
                "terrain: {rough: \"0101 4199\"}");
    }

    @Test
    void malformedHexIdIsNamed() {
        assertError("/features/town", "hex \"11O3\" is not a four-digit id XXYY (column then row)",
                "features: {town: \"11O3\"}");
    }

    @Test
    void hexsideBetweenHexesThatAreNotAdjacentIsRefused() {
        assertError("/hexsides/road", "hexside \"1103/1305\": hexes are not adjacent",
                "hexsides: {road: \"1103/1104 1103/1305\"}");
        assertError("/hexsides/road", "hexside \"1103/1103\": hexes are not adjacent",
                "hexsides: {road: \"1103/1103\"}");
    }

    @Test
    void hexsideWithAnOffMapHexNamesBoth() {
        assertError("/hexsides/wall", "hexside \"4026/4126\": hex \"4126\" is off the map (columns 1-40, rows 1-26)",
                "hexsides: {wall: \"4026/4126\"}");
    }

    @Test
    void hexsideThatIsNotAPairIsRefused() {
        assertError("/hexsides/road", "hexside \"1103\" is not a pair of hex ids AAAA/BBBB",
                "hexsides: {road: \"1103\"}");
        assertError("/hexsides/road", "hexside \"1103/1104/1105\" is not a pair of hex ids AAAA/BBBB",
                "hexsides: {road: \"1103/1104/1105\"}");
    }

    @Test
    void hexListedUnderTwoTerrainsIsRefused() {
        assertError("/terrain/broken", "hex \"0908\" listed under terrain \"rough\" and \"broken\"", """
                terrain:
                  rough: "0907 0908"
                  broken: "0908"
                """);
    }

    @Test
    void unquotedHexIdReadAsANumberGetsAHint() {
        assertError("/terrain/rough",
                "expected a string of space-separated hex ids, found a number (quote the ids: YAML reads 0101 as a number)",
                "terrain: {rough: 0101}");
        assertError("/zones/start",
                "expected a string of space-separated hex ids, found a number (quote the ids: YAML reads 0101 as a number)",
                "zones: {start: 1103}");
        assertError("/places/Port", "expected a hex id string, found a number (quote the ids: YAML reads 0101 as a number)",
                "places: {Port: 1103}");
    }

    @Test
    void listInsteadOfStringIsNamed() {
        assertError("/features/town", "expected a string of space-separated hex ids, found a list",
                "features: {town: [\"0101\"]}");
    }

    @Test
    void placeNamesExactlyOneHex() {
        assertError("/places/Port", "expected one hex id, found \"1103 1104\"", "places: {Port: \"1103 1104\"}");
    }

    @Test
    void unknownEdgeWordIsNamed() {
        assertError("/zones/start", "unknown edge \"edge:up\" (expected edge:north, edge:south, edge:east or edge:west)",
                "zones: {start: \"edge:up\"}");
    }

    @Test
    void edgeWordsBelongToZonesOnly() {
        assertError("/terrain/sea", "hex \"edge:north\" is not a four-digit id XXYY (column then row)",
                "terrain: {sea: \"edge:north\"}");
    }

    @Test
    void unknownTopLevelKeyIsNamed() {
        InputException e = error("hexside: {road: \"0101/0102\"}");
        assertEquals("/hexside", e.pointer());
        assertTrue(e.getMessage().startsWith("unknown key \"hexside\" (expected one of map, status"), e.getMessage());
    }

    @Test
    void layoutMistakesAreNamed() {
        InputException cols = assertThrows(InputException.class, () -> MapFixtures.map("""
                map: m
                status: placeholder
                layout: {columns: [1], rows: [1, 26], lowered: even}
                default-terrain: clear
                """));
        assertEquals("/layout/columns", cols.pointer());
        assertEquals("expected [first, last] column numbers within 0-99, found [1]", cols.getMessage());

        InputException lowered = assertThrows(InputException.class, () -> MapFixtures.map("""
                map: m
                status: placeholder
                layout: {columns: [1, 4], rows: [1, 26], lowered: both}
                default-terrain: clear
                """));
        assertEquals("/layout/lowered", lowered.pointer());
        assertEquals("expected even or odd, found \"both\"", lowered.getMessage());

        InputException orientation = assertThrows(InputException.class, () -> MapFixtures.map("""
                map: m
                status: placeholder
                layout: {orientation: pointy-top, columns: [1, 4], rows: [1, 26], lowered: even}
                default-terrain: clear
                """));
        assertEquals("orientation \"pointy-top\" is not supported (expected flat-top)", orientation.getMessage());

        InputException missing = assertThrows(InputException.class, () -> MapFixtures.map("""
                map: m
                status: placeholder
                default-terrain: clear
                """));
        assertEquals("/layout", missing.pointer());
        assertEquals("expected a mapping with orientation, columns, rows, lowered, found nothing", missing.getMessage());
    }

    @Test
    void statusMustBeOneOfTheThree() {
        InputException e = assertThrows(InputException.class, () -> MapFixtures.map(
                HEAD.replace("status: placeholder", "status: draft")));
        assertEquals("/status", e.pointer());
        assertEquals("status \"draft\" is not one of printed, reconstructed, placeholder", e.getMessage());
    }

    @Test
    void hexWithoutTerrainNeedsADefault() {
        InputException e = assertThrows(InputException.class, () -> MapFixtures.map(
                HEAD.replace("default-terrain: clear\n", "") + "terrain: {rough: \"0102\"}"));
        assertEquals("/default-terrain", e.pointer());
        assertEquals("hex \"0101\" has no terrain and no default-terrain is given", e.getMessage());
    }

    @Test
    void keysWithSlashesAreEscapedInThePointer() {
        InputException e = error("features: {\"a/b\": \"9999\"}");
        assertEquals("/features/a~1b", e.pointer());
    }

    @Test
    void loadPutsTheLineOfTheMistakeOnTheError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("map.yaml");
        Files.writeString(file, HEAD + """
                terrain:
                  rough: "0101"
                  sea: "0102 4199"
                """);
        InputException e = assertThrows(InputException.class, () -> HexMap.load(file));
        assertEquals(8, e.line());
        assertEquals(8, e.column());
        assertEquals(file + ":8:8: hex \"4199\" is off the map (columns 1-40, rows 1-26)", e.describe());
    }

    @Test
    void loadReportsYamlSyntaxErrorsWithLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("map.yaml");
        Files.writeString(file, HEAD + "terrain:\n  rough: \"0101\n  sea: x\n");
        InputException e = assertThrows(InputException.class, () -> HexMap.load(file));
        assertTrue(e.line() >= 7, e.describe());
        assertTrue(e.getMessage().startsWith("YAML syntax: "), e.getMessage());

        Files.writeString(file, HEAD + "terrain: {rough: \"0101\"}\nterrain: {sea: \"0102\"}\n");
        InputException dup = assertThrows(InputException.class, () -> HexMap.load(file));
        assertEquals(7, dup.line());
        assertTrue(dup.getMessage().contains("duplicate key terrain"), dup.getMessage());
    }

    @Test
    void loadReadsAGoodFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("map.yaml");
        Files.writeString(file, HEAD + "terrain: {rough: \"0101\"}\n");
        HexMap map = HexMap.load(file);
        assertEquals(40 * 26, map.size());
        assertEquals("rough", map.terrain(0));
    }

    @Test
    void topLevelListIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("map.yaml");
        Files.writeString(file, "- 1\n- 2\n");
        InputException e = assertThrows(InputException.class, () -> HexMap.load(file));
        assertTrue(e.getMessage().startsWith("expected a mapping with map, status, layout"), e.getMessage());
        assertThrows(InputException.class, () -> HexMap.load(dir.resolve("missing.yaml")));
    }
}
