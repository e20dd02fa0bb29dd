package hexlab.kernel.util;

import hexlab.kernel.error.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Saves and CSVs are written whole or not at all, and read like any other new file. */
class AtomicFileTest {
    @TempDir Path dir;

    @Test
    void aNewFileIsReadableByOthersAndAnOldOneKeepsItsPermissions() throws Exception {
        Path f = dir.resolve("batch.csv");
        AtomicFile.write(f, "a,b\n");
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw----"));
        AtomicFile.write(f, "a,b\n1,2\n");
        assertEquals("rw-rw----", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertEquals("a,b\n1,2\n", Files.readString(f));
    }

    @Test
    void aFailedWriteLeavesNothingBehind() throws Exception {
        Path notADir = dir.resolve("file");
        Files.writeString(notADir, "x");
        assertThrows(InputException.class, () -> AtomicFile.write(notADir.resolve("out.csv"), "a\n"));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count());
        }
    }
}
