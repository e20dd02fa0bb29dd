package hexlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** new-system: what it scaffolds validates and plays at once, alone or as a child of another system. */
class NewSystemTest {
    static final Path SCHEMA = Path.of("../tables/schema").toAbsolutePath().normalize();

    /** A project root in {@code dir}: the toy systems and the project's schemas. */
    static Path root(Path dir) throws IOException {
        Path root = dir.resolve("root");
        copy(CliTest.TOY, root);
        copy(SCHEMA, root.resolve("tables/schema"));
        return root;
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Test
    void aNewSystemValidatesAndPlaysToAResult(@TempDir Path dir) throws IOException {
        Path root = root(dir);
        CliTest.Run made = run("new-system", "desert-fox", "--root", root.toString());
        assertEquals(0, made.code(), made.err());
        for (String f : new String[] {"tables/desert-fox/system.yaml", "tables/desert-fox/map.yaml", "tables/desert-fox/movement.yaml",
                "rules-scripts/desert-fox/movement.js", "scenarios/desert-fox/first-scenario.yaml", "rules-tests/src/test/java/hexlab/rules/desertfox/MovementTest.java"}) {
            assertTrue(Files.isRegularFile(root.resolve(f)), f + " scaffolded: " + made.out());
        }
        CliTest.Run v = run("validate", "desert-fox", "--root", root.toString());
        assertEquals(0, v.code(), v.out() + v.err());
        CliTest.Run p = run("play", "--root", root.toString(), "--system", "desert-fox", "--scenario", "first-scenario", "--json");
        assertEquals(0, p.code(), p.err());
        assertTrue(p.json().get("result").has("winner"), p.out());
        assertTrue(p.json().get("provenance").get("placeholder").has("movement/costs"), "the scaffold's stand-in costs are named as placeholders: " + p.out());
    }

    @Test
    void aChildSystemInheritsItsParentAndValidatesAndPlays(@TempDir Path dir) throws IOException {
        Path root = root(dir);
        CliTest.Run made = run("new-system", "toy-house", "--extends", "toy", "--root", root.toString());
        assertEquals(0, made.code(), made.err());
        assertEquals(0, run("validate", "toy-house", "--root", root.toString()).code());
        CliTest.Run p = run("play", "--root", root.toString(), "--system", "toy-house", "--scenario", "meeting", "--json");
        assertEquals(0, p.code(), p.err());
        assertTrue(p.json().get("result").has("winner"), p.out());
        CliTest.Run systems = run("systems", "--json", "--root", root.toString());
        assertTrue(systems.out().contains("house-rules"), systems.out());
    }

    @Test
    void anExistingSystemOrABadIdIsRefusedAndNothingIsWritten(@TempDir Path dir) throws IOException {
        Path root = root(dir);
        CliTest.Run taken = run("new-system", "toy", "--root", root.toString());
        assertEquals(2, taken.code());
        assertTrue(taken.err().contains("tables/toy already exists"), taken.err());
        CliTest.Run bad = run("new-system", "Desert Fox", "--root", root.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("lower case"), bad.err());
        CliTest.Run noParent = run("new-system", "orphan", "--extends", "nope", "--root", root.toString());
        assertEquals(2, noParent.code());
        assertTrue(noParent.err().contains("unknown system \"nope\""), noParent.err());
        assertTrue(!Files.exists(root.resolve("tables/orphan")), "nothing written for a refused scaffold");
        CliTest.noStackTrace(bad);
    }
}
