package hexlab.kernel.util;

import hexlab.kernel.error.InputException;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Writes a whole file or nothing: a temporary file beside the target, then a rename. */
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
            tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            Files.writeString(tmp, text);
            readableAsANewFile(tmp, file);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
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
}
