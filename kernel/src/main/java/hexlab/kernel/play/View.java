package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * What one side sees now: where in the sequence of play we are, who must act, the prompt, the
 * legal actions (only for the side to act) and, once over, the result.
 *
 * @param breadcrumb turn, phase, step, activation, impulse: outermost first
 */
public record View(int turn, List<String> breadcrumb, String toAct, String prompt, String rule,
                   List<JsonNode> actions, JsonNode result) {
    public boolean over() { return result != null; }
}
