package hexlab.inspector;

import hexlab.kernel.bot.Bot;
import hexlab.kernel.play.Frame;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.seq.Node;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Bots take decisions until a point of the sequence of play: one decision, the end of the impulse,
 * phase or turn, a chosen point (a game-turn, and a name the breadcrumb must show), or the game's
 * end. A run answers after a time slice even if it has not got there, so the page can show the
 * board on the way; the next request resumes it.
 */
final class Runner {
    /** One request runs bots at most this long; the page asks again to go on. */
    static final long SLICE_NANOS = 2_500_000_000L;

    enum Until {
        STEP, IMPULSE, PHASE, TURN, POINT, END;

        static Until parse(String s) {
            if (s == null || s.isBlank()) return STEP;
            return switch (s) {
                case "step", "decision" -> STEP;
                case "impulse" -> IMPULSE;
                case "phase" -> PHASE;
                case "turn" -> TURN;
                case "point" -> POINT;
                case "end" -> END;
                default -> throw ApiError.bad("\"until\" must be step, impulse, phase, turn, point or end, found \"" + s + "\"");
            };
        }

        String word() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    /**
     * A chosen point: the first decision at game-turn {@code turn} or later (null: any) whose
     * breadcrumb shows {@code at} (case aside; null: any), e.g. turn 3 at "PM > operations".
     */
    record Point(Integer turn, String at) {
        static Point of(Integer turn, String at) {
            String a = at == null || at.isBlank() ? null : at.trim();
            if (turn == null && a == null) throw ApiError.bad("running to a point needs \"turn\" (a game-turn), \"at\" (a name the breadcrumb shows, such as a phase or an activation), or both");
            return new Point(turn, a);
        }

        boolean reached(Game g) {
            if (turn != null && g.turn() < turn) return false;
            return at == null || String.join(" > ", g.breadcrumb()).toLowerCase(java.util.Locale.ROOT).contains(at.toLowerCase(java.util.Locale.ROOT));
        }

        String word() { return (turn == null ? "" : "game-turn " + turn) + (turn != null && at != null ? " at " : "") + (at == null ? "" : "\"" + at + "\""); }
    }

    /** Where an unfinished run stopped: what it runs to, and the frame it waits to see end. */
    record Resume(Until until, Mark mark, int startTurn, Point point) {}

    private Runner() {}

    /** Runs; returns how to resume if the time slice ended first (also flagged in {@code c.more}), else null. */
    static Resume run(Game g, RuleSystem system, Until until, Point point, Resume from, Function<String, Bot> bots, IntConsumer take, Change c) {
        Map<String, Node> nodes = system.nodesById();
        boolean resuming = from != null && from.until() == until && java.util.Objects.equals(from.point(), point);
        boolean levelled = until == Until.IMPULSE || until == Until.PHASE;
        Mark mark = resuming ? from.mark() : levelled ? Mark.innermost(g, nodes, until) : null;
        int startTurn = resuming ? from.startTurn() : g.turn();
        boolean first = !resuming;
        long t0 = System.nanoTime();
        while (!g.over()) {
            String side = g.toAct();
            take.accept(bots.apply(side).choose(g, side));     // the taker records the action in c
            if (until == Until.STEP || g.over()) return null;
            if (mark == null && levelled && first) {
                // we stood at a choice above the level (an impulse not chosen yet): the level is the one entered now
                mark = Mark.innermost(g, nodes, until);
                if (mark == null || !mark.running(g)) return null;
            } else if (levelled && (mark == null || !mark.running(g))) {
                return null;
            }
            first = false;
            if (until == Until.TURN && g.turn() != startTurn) return null;
            if (until == Until.POINT && point.reached(g)) return null;
            if (System.nanoTime() - t0 > SLICE_NANOS) {
                c.more = true;
                c.stopped = "ran " + c.taken + " decisions toward " + (until == Until.POINT ? point.word() : "the end of the " + until.word()) + "; going on";
                return new Resume(until, mark, startTurn, point);
            }
        }
        return null;
    }

    /**
     * The frame of the level being run through, by identity: the next pass of a repeat enters a
     * new frame for the same node, which only identity tells apart. A player-turn frame stays the
     * same object for each side, so its side index is kept too.
     */
    record Mark(Frame frame, int iter) {
        static Mark innermost(Game g, Map<String, Node> nodes, Until until) {
            List<Frame> frames = g.frames();
            if (until == Until.IMPULSE) return find(frames, nodes, List.of(Node.Kind.STEP_DECIDE));
            Mark m = find(frames, nodes, List.of(Node.Kind.PHASE, Node.Kind.PLAYER_TURNS));
            return m != null ? m : find(frames, nodes, List.of(Node.Kind.ACTIVATION, Node.Kind.REPEAT));
        }

        private static Mark find(List<Frame> frames, Map<String, Node> nodes, List<Node.Kind> kinds) {
            for (int i = frames.size() - 1; i >= 0; i--) {
                Frame f = frames.get(i);
                Node n = f.node == null ? null : nodes.get(f.node);
                if (n != null && kinds.contains(n.kind())) return new Mark(f, f.iter);
            }
            return null;
        }

        boolean running(Game g) {
            for (Frame f : g.frames()) if (f == frame) return f.iter == iter;
            return false;
        }
    }
}
