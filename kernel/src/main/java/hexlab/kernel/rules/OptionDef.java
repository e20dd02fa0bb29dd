package hexlab.kernel.rules;

/** An optional rule a designer can toggle; scripts read it through {@code ctx.option(id)}. */
public record OptionDef(String id, String label, String rule, String source, boolean defaultValue, String definedBy) {}
