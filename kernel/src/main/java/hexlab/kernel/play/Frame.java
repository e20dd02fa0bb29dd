package hexlab.kernel.play;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One level of the control stack. A frame either walks a node of the declared sequence
 * ({@code node} set) or asks an interrupt decision a script pushed ({@code section}/{@code state}).
 * Mutable on purpose: the walker advances {@code pc} and {@code iter} in place; snapshots copy it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Frame {
    public String node;          // sequence node id, or null for an interrupt
    public String section;       // interrupt: the decision state's section
    public String state;         // interrupt: the decision state's export
    public String args;          // interrupt: JSON arguments given by the script
    public String label;         // what the breadcrumb shows
    public int pc;               // next child to enter
    public int iter;             // turns: the game-turn; player-turns: index of the phasing side
    public java.util.List<String> sides;   // player-turns: the order of sides this game-turn
    public boolean finished;     // the decision ended (ctx.done()) but an interrupt above it still runs

    public Frame() {}

    static Frame of(String node, String label) {
        Frame f = new Frame();
        f.node = node;
        f.label = label;
        return f;
    }

    static Frame interrupt(String section, String state, String args, String label) {
        Frame f = new Frame();
        f.section = section;
        f.state = state;
        f.args = args;
        f.label = label;
        return f;
    }

    Frame copy() {
        Frame f = new Frame();
        f.node = node;
        f.section = section;
        f.state = state;
        f.args = args;
        f.label = label;
        f.pc = pc;
        f.iter = iter;
        f.sides = sides == null ? null : java.util.List.copyOf(sides);
        f.finished = finished;
        return f;
    }
}
