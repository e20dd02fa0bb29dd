package hexlab.kernel.bot;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.rules.Ref;

import java.util.List;

/**
 * What a bot is given at its decision: the legal actions of the side to act and that side's view
 * of the state (system.yaml {@code view}; the whole state in a system without one), never the
 * state itself. A game is one.
 */
public interface Seat {
    int choiceCount();

    List<JsonNode> legalActions();

    /** What the side to act may know of the state, as JSON: its view (the state, in a system without one). */
    String viewJson();

    /** The index a script bot of the system chooses, asked on {@code side}'s view. */
    int scriptBotChoice(Ref bot, String side);
}
