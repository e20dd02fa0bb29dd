package hexlab.kernel.util;

import hexlab.kernel.error.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
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

    @Test
    void aTemporaryFileLeftByAWriterThatDiedIsRemovedAtTheNextWrite() throws Exception {
        Path f = dir.resolve("g.json");
        Path orphan = dir.resolve(".g.json.123.tmp"), other = dir.resolve(".h.json.456.tmp");
        Files.writeString(orphan, "half a save");
        Files.writeString(other, "another file's");
        Files.setLastModifiedTime(orphan, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.setLastModifiedTime(other, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        AtomicFile.write(f, "{}");
        assertEquals("{}", Files.readString(f));
        assertFalse(Files.exists(orphan), "the orphan of g.json is gone");
        assertTrue(Files.exists(other), "another target's temporary file is not this write's to remove");
    }

    @Test
    void aTemporaryFileAWriterStillHoldsIsKept() throws Exception {
        Path busy = dir.resolve(".g.json.789.tmp");
        Files.writeString(busy, "being written");
        Files.setLastModifiedTime(busy, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        try (var ch = java.nio.channels.FileChannel.open(busy, java.nio.file.StandardOpenOption.WRITE); var lock = ch.lock()) {
            AtomicFile.write(dir.resolve("g.json"), "{}");
            assertTrue(Files.exists(busy), "a locked temporary file belongs to a writer at work");
        }
    }
}
