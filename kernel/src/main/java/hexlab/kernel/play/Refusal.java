package hexlab.kernel.play;

/** Why an action was not taken: the reason in words and the rule that forbids it. */
public record Refusal(String reason, String rule) {
    public String describe() { return rule == null || rule.isBlank() ? reason : reason + " (rule " + rule + ")"; }
}
