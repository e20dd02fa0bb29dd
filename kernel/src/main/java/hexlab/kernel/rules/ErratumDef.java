package hexlab.kernel.rules;

import java.nio.file.Path;

/**
 * An erratum: an overlay file of changes to tables or script exports, never an edit of the base.
 *
 * @param status printed (a published correction) or reconstructed (our own reading of the rules):
 *               a table such an erratum patches counts as reconstructed wherever it decides an outcome
 */
public record ErratumDef(String id, String label, String source, String rule, Path file, String definedBy, String status) {}
