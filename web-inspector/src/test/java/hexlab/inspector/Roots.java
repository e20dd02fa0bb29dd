package hexlab.inspector;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the tests find rule systems: the kernel's toy fixture, and the project root with the real systems. */
final class Roots {
    private Roots() {}

    static Path project() {
        String p = System.getProperty("hexlab.root");
        Path root = p != null && !p.isBlank() ? Path.of(p) : Path.of("..");
        return root.toAbsolutePath().normalize();
    }

    /** A copy of the toy fixture under {@code dir}, for a test that edits rule files. */
    static Path toyCopy(Path dir) throws java.io.IOException {
        Path from = toy(), to = dir.resolve("root");
        try (var files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else Files.copy(f, t);
            }
        }
        return to;
    }

    static Path toy() {
        Path t = project().resolve("kernel/src/test/resources/toy-root");
        if (!Files.isDirectory(t)) throw new IllegalStateException("the toy fixture is missing at " + t);
        return t;
    }
}
