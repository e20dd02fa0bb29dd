package hexlab.cli;

import hexlab.kernel.error.InputException;
import hexlab.kernel.persist.SaveFile;

import java.nio.file.Path;

/** Where a save that reproduces a failure goes: the file asked for, else the project's target/failures (else the temporary folder). */
final class Failures {
    private Failures() {}

    /** Writes {@code save}; returns where it went, or null if it could not be written anywhere. */
    static String write(Path root, Path asked, SaveFile save, String name) {
        Path[] places = asked != null ? new Path[] {asked}
                : new Path[] {root.resolve("target/failures").resolve(name + ".json"), Path.of(System.getProperty("java.io.tmpdir")).resolve("hexlab-failures").resolve(name + ".json")};
        for (Path p : places) {
            try {
                save.write(p);
                return p.toString();
            } catch (InputException cannotWrite) {
                // try the next place
            }
        }
        return null;
    }
}
