package hexlab.rules.ratsoftobruk;

import hexlab.kernel.Kernel;
import hexlab.kernel.check.Validator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A child of Rats of Tobruk that replaces a section: with a table only, the parent's other scripts
 * would call a section without a script (a TypeError in play); validate names each such call. With
 * the parent's script kept beside the new table it validates clean.
 */
@DisplayName("RoT as a parent: a child system replacing a section")
class ChildSystemTest {
    static final Path PROJECT = Path.of(System.getProperty("hexlab.root", "..")).toAbsolutePath().normalize();

    static Kernel root(Path dir, String terrainSection) throws IOException {
        for (String d : List.of("tables/rats-of-tobruk", "rules-scripts/rats-of-tobruk", "scenarios/rats-of-tobruk", "tables/schema")) copy(PROJECT.resolve(d), dir.resolve(d));
        Files.createDirectories(dir.resolve("tables/rats-house"));
        Files.copy(PROJECT.resolve("tables/rats-of-tobruk/terrain.yaml"), dir.resolve("tables/rats-house/terrain.yaml"));
        Files.writeString(dir.resolve("tables/rats-house/system.yaml"), """
                id: rats-house
                name: "Rats of Tobruk, house terrain"
                version: 0.1.0
                extends: rats-of-tobruk
                source: "a house rule's Terrain Key"
                sections:
                  - %s
                scenarios:
                  - {id: battle-of-the-salient, file: ../rats-of-tobruk/battle-of-the-salient.yaml}
                """.formatted(terrainSection));
        return new Kernel(dir);
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
    @DisplayName("a section replaced with only a table: validate names every parent script's call into it")
    void tableOnly(@TempDir Path dir) throws IOException {
        Kernel k = root(dir, "{name: terrain, version: 0.2.0, rule: \"2.2\", table: terrain.yaml}");
        List<Validator.Problem> p = new Validator(k.catalog()).validate("rats-house");
        assertTrue(p.size() >= 4, p.toString());
        Validator.Problem first = p.stream().filter(x -> x.where().startsWith("rules-scripts/rats-of-tobruk/movement.js:")).findFirst().orElseThrow(() -> new AssertionError(p.toString()));
        assertTrue(first.message().contains("calls rules.terrain.") && first.message().contains("section terrain has no script in rats-house")
                && first.message().contains("rats-house declares it with only a table"), first.describe());
    }

    @Test
    @DisplayName("the same table with the parent's script kept: clean")
    void tableAndParentScript(@TempDir Path dir) throws IOException {
        Kernel k = root(dir, "{name: terrain, version: 0.2.0, rule: \"2.2\", table: terrain.yaml, script: ../rats-of-tobruk/terrain.js}");
        assertEquals(List.of(), new Validator(k.catalog()).validate("rats-house"));
    }
}
