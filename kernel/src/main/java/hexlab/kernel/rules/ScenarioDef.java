package hexlab.kernel.rules;

import java.nio.file.Path;

/** A scenario entry of the manifest: its id and the file that holds it. */
public record ScenarioDef(String id, Path file, String definedBy) {}
