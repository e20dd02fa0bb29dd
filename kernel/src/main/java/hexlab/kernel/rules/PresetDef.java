package hexlab.kernel.rules;

import java.util.List;
import java.util.Map;

/**
 * A preset: a named bundle of options and errata (an edition, a house rule set) a designer picks in
 * one go. It only expands: a variant made from it has the same id as one naming its options and errata.
 *
 * @param options option id to value, in the manifest's order
 */
public record PresetDef(String id, String label, String source, String rule, Map<String, Object> options,
                        List<String> errata, String definedBy) {}
