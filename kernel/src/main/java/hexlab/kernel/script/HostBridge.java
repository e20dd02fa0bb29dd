package hexlab.kernel.script;

import org.graalvm.polyglot.HostAccess;

/**
 * The few calls a script makes into Java, through the prelude's ctx: dice, control flow, and the
 * hot searches that run faster on this side. Nothing else of the JVM is reachable from a script.
 */
public final class HostBridge {
    /** What the game in progress does with the calls; one game uses the bridge at a time. */
    public interface Game {
        int die(int sides);
        void done();
        void push(String section, String state, String argsJson, String label);
        void gameOver(String resultJson);
        /** Where the game stands, for an error message: "turn 3, action 57, seed 1". */
        String where();
    }

    /** Searches over the current map, answered in Java with the cost model given as JSON. */
    public interface Board {
        String reach(String from, double budget, String specJson);
        String path(String from, String to, double budget, String specJson);
        /** Compiles a cost model once; searches then name it by the id returned ({@code "base": id}: on a copy of that model; -1 if it was dropped). */
        int define(String specJson);
        /** Where a script puts a spec's zones before {@link #defineZoned}: one byte per hex, in map order. */
        java.nio.ByteBuffer zoneBuffer();
        /** As {@link #define}, the zones read from {@link #zoneBuffer()}; a model of the same content keeps its id. */
        int defineZoned(String specJson);
        /** As {@link #reach} with a defined model; null if the model was dropped (define it again). */
        String reachWith(String from, double budget, int model);
        String pathWith(String from, String to, double budget, int model);
        /** Where {@link #reachInto} writes: the costs as doubles from byte 8, then the hex indices as ints (native byte order). */
        java.nio.ByteBuffer searchBuffer();
        /** As {@link #reachWith}, the answer written into {@link #searchBuffer()}: the number of hexes reached; -1 if the model was dropped. */
        int reachInto(String from, double budget, int model);
        /** Compiles a set of blocking hexes once (the ids as a JSON list); sight questions then name it by the id returned. */
        int defineSight(String blockingJson);
        /** Line of sight through a defined blocking set; null if it was dropped (define it again). */
        Boolean losWith(String from, String to, int sight);
        /** The hexes within {@code range} of {@code from} in its line of sight, their indices written into {@link #searchBuffer()}'s hex part: how many; -1 if the set was dropped. */
        int visibleInto(String from, int range, int sight);
        String line(String from, String to);
    }

    private Game game;
    private final Board board;
    private final String system;

    HostBridge(Board board, String system) { this.board = board; this.system = system; }

    public void attach(Game g) { this.game = g; }

    /** Where the attached game stands, null if none is attached. */
    String where() {
        Game g = game;
        try {
            return g == null ? null : g.where();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Game game() {
        if (game == null) throw new IllegalStateException("no game in progress: dice and control flow are only available while a game runs");
        return game;
    }

    @HostAccess.Export public int die(int sides) { return game().die(sides); }

    /** The context's first read of a table or entry, for the {@link ReadLedger} (called only when it is on). */
    @HostAccess.Export public void read(String key) { ReadLedger.record(system, key); }

    @HostAccess.Export public void done() { game().done(); }

    @HostAccess.Export public void push(String section, String state, String argsJson, String label) { game().push(section, state, argsJson, label); }

    @HostAccess.Export public void gameOver(String resultJson) { game().gameOver(resultJson); }

    @HostAccess.Export public String reach(String from, double budget, String specJson) { return requireBoard().reach(from, budget, specJson); }

    @HostAccess.Export public String path(String from, String to, double budget, String specJson) { return requireBoard().path(from, to, budget, specJson); }

    @HostAccess.Export public int define(String specJson) { return requireBoard().define(specJson); }

    @HostAccess.Export public java.nio.ByteBuffer zoneBuffer() { return requireBoard().zoneBuffer(); }

    @HostAccess.Export public int defineZoned(String specJson) { return requireBoard().defineZoned(specJson); }

    @HostAccess.Export public String reachWith(String from, double budget, int model) { return requireBoard().reachWith(from, budget, model); }

    @HostAccess.Export public java.nio.ByteBuffer searchBuffer() { return requireBoard().searchBuffer(); }

    @HostAccess.Export public int reachInto(String from, double budget, int model) { return requireBoard().reachInto(from, budget, model); }

    @HostAccess.Export public String pathWith(String from, String to, double budget, int model) { return requireBoard().pathWith(from, to, budget, model); }

    @HostAccess.Export public int defineSight(String blockingJson) { return requireBoard().defineSight(blockingJson); }

    @HostAccess.Export public Boolean losWith(String from, String to, int sight) { return requireBoard().losWith(from, to, sight); }

    @HostAccess.Export public int visibleInto(String from, int range, int sight) { return requireBoard().visibleInto(from, range, sight); }

    @HostAccess.Export public String line(String from, String to) { return requireBoard().line(from, to); }

    private Board requireBoard() {
        if (board == null) throw new IllegalStateException("this system has no map");
        return board;
    }
}
