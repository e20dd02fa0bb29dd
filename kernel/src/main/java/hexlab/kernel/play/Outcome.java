package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** What {@code apply} gives: the events the action caused (trace entries), or a refusal. */
public record Outcome(boolean accepted, List<JsonNode> events, Refusal refusal) {
    public static Outcome refused(Refusal r) { return new Outcome(false, List.of(), r); }
}
