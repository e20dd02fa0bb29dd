package hexlab.kernel.util;

import hexlab.kernel.error.InputException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a whole file or nothing: a temporary file beside the target, written and synced to disk,
 * then renamed over the target, and the folder synced so the rename itself survives a crash. The
 * writer holds a lock on its temporary file; a temporary file of the same target whose lock can
 * be taken was left by a writer that died (killed before the rename) and is removed.
 */
public final class AtomicFile {
    private AtomicFile() {}

    // a temporary file is created owner-only; the result should read as any new file would
    private static void readableAsANewFile(Path tmp, Path file) throws IOException {
        if (!tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) return;
        Set<PosixFilePermission> perms = Files.exists(file) ? Files.getPosixFilePermissions(file) : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(tmp, perms);
    }

    public static void write(Path file, String text) {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            removeStale(dir, file.getFileName().toString());
            tmp = Files.createTempFile(dir, prefix(file.getFileName().toString()), ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE); FileLock ignored = ch.lock()) {
                ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (b.hasRemaining()) ch.write(b);
                ch.force(true);
                readableAsANewFile(tmp, file);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            syncFolder(dir);
        } catch (IOException e) {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the temporary file is beside the target and named as such
                }
            }
            throw new InputException(file.toString(), 0, 0, "cannot write: " + e.getMessage());
        }
    }

    /** The temporary files of target {@code name} start with this. */
    static String prefix(String name) { return "." + name + "."; }

    /** Removes the temporary files of target {@code name} in {@code dir} whose writer is gone (unlocked, and not just made). */
    static void removeStale(Path dir, String name) {
        String prefix = prefix(name);
        try (DirectoryStream<Path> tmps = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".tmp");
        })) {
            long recent = System.currentTimeMillis() - 2000;
            for (Path t : tmps) {
                try {
                    // a file just made may not be locked yet by its writer
                    if (Files.getLastModifiedTime(t).toMillis() > recent) continue;
                    try (FileChannel ch = FileChannel.open(t, StandardOpenOption.WRITE); FileLock lock = ch.tryLock()) {
                        if (lock != null) Files.deleteIfExists(t);
                    }
                } catch (OverlappingFileLockException inUse) {
                    // another writer in this process holds it
                } catch (IOException gone) {
                    // removed meanwhile, or not ours to remove
                }
            }
        } catch (IOException e) {
            // nothing to clean, or the folder cannot be listed: the write itself reports a real problem
        }
    }

    // a rename is an entry in the folder: syncing the folder makes it last (not every file system can)
    private static void syncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the data itself is on disk; only the rename's durability is left to the file system
        }
    }
}
