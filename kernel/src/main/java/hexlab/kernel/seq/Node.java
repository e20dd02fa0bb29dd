package hexlab.kernel.seq;

import hexlab.kernel.rules.Ref;

import java.util.List;

/**
 * One node of the sequence of play declared in system.yaml. Its id is its position in the tree
 * ("2/0/1"), stable for a given manifest, so frames and saves can name it.
 */
public record Node(String id, Kind kind, String name, String rule, String label,
                   Ref run, Ref decide, Ref when, Ref whileCond, Ref sides, Ref side, Ref available,
                   Ref describe, List<Node> children) {

    public enum Kind {
        /** a script procedure runs, no one decides */
        STEP_RUN("step"),
        /** a player chooses among the actions a decision state offers */
        STEP_DECIDE("step"),
        /** children in order */
        PHASE("phase"),
        /** children once per game-turn, from the scenario's first turn to its last */
        TURNS("turns"),
        /** children once per side, that side phasing */
        PLAYER_TURNS("player-turns"),
        /** children again and again while a condition holds */
        REPEAT("repeat"),
        /** the children are impulses the acting side runs in any order, each as often as allowed */
        ACTIVATION("activation");

        public final String keyword;

        Kind(String keyword) { this.keyword = keyword; }
    }

    public boolean isDecision() { return kind == Kind.STEP_DECIDE || kind == Kind.ACTIVATION; }
}
