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

    static Path toy() {
        Path t = project().resolve("kernel/src/test/resources/toy-root");
        if (!Files.isDirectory(t)) throw new IllegalStateException("the toy fixture is missing at " + t);
        return t;
    }
}
