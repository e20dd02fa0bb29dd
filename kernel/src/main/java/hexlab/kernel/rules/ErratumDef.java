package hexlab.kernel.rules;

import java.nio.file.Path;

/** An erratum: an overlay file of changes to tables or script exports, never an edit of the base. */
public record ErratumDef(String id, String label, String source, String rule, Path file, String definedBy) {}
