package hexlab.kernel.hex;

import java.util.function.IntPredicate;

/**
 * Hex line drawing and line of sight. A line is drawn by sampling N+1 points evenly between the
 * two hex centres in cube space and rounding each to a hex (Red Blob's cube lerp + round).
 *
 * <p>Where the line runs exactly along a hex spine (the side between two hexes), rounding cannot
 * choose: the line is drawn twice, nudged a little to either side, and where the two drawings
 * differ the line passes between those two hexes.
 */
public final class LineOfSight {
    // the nudge is parallel to no hexside, so it pushes a point lying on any spine off to one side
    private static final double NQ = 1e-6, NR = 2e-6, NS = -3e-6;

    private LineOfSight() {}

    /** The hexes on the line from {@code a} to {@code b}, both included, nudged to one side at spines. */
    public static Hex[] line(Hex a, Hex b) {
        return line(a, b, 1);
    }

    /** The line nudged by {@code sign} (+1 or -1) times the small cube offset. */
    static Hex[] line(Hex a, Hex b, int sign) {
        int n = a.distance(b);
        double aq = a.q() + sign * NQ, ar = a.r() + sign * NR, as = a.s() + sign * NS;
        double bq = b.q() + sign * NQ, br = b.r() + sign * NR, bs = b.s() + sign * NS;
        Hex[] out = new Hex[n + 1];
        for (int i = 0; i <= n; i++) {
            double t = n == 0 ? 0 : (double) i / n;
            out[i] = Hex.round(lerp(aq, bq, t), lerp(ar, br, t), lerp(as, bs, t));
        }
        return out;
    }

    private static double lerp(double a, double b, double t) {
        return a + (b - a) * t;
    }

    /**
     * The hex indices on the line from {@code a} to {@code b}, both included. Where the line runs
     * along a spine on the map's edge, the hex on the map is taken, so every entry is on the map.
     */
    public static int[] line(HexMap map, int a, int b) {
        Hex[] plus = line(map.hex(a), map.hex(b), 1);
        Hex[] minus = line(map.hex(a), map.hex(b), -1);
        int[] out = new int[plus.length];
        for (int i = 0; i < plus.length; i++) {
            int idx = map.index(plus[i]);
            // a segment between two hex centres of a full rectangle never leaves the map, only touches its edge
            out[i] = idx >= 0 ? idx : map.index(minus[i]);
        }
        return out;
    }

    /**
     * True if nothing blocks the view from {@code a} to {@code b}. Only the hexes between them can
     * block; where the line runs along a spine it is blocked only if the hexes on both sides block.
     * A hex off the map blocks nothing.
     */
    public static boolean clear(HexMap map, int a, int b, IntPredicate blocks) {
        Hex ha = map.hex(a), hb = map.hex(b);
        Hex[] plus = line(ha, hb, 1);
        Hex[] minus = line(ha, hb, -1);
        for (int i = 1; i < plus.length - 1; i++) {
            boolean left = blocks(map, plus[i], blocks);
            boolean blocked = plus[i].equals(minus[i]) ? left : left && blocks(map, minus[i], blocks);
            if (blocked) return false;
        }
        return true;
    }

    /**
     * The hexes within {@code range} of {@code from}, {@code from} itself left out, that it sees:
     * each {@linkplain #clear clear} of blocking hexes between the two. In index order.
     */
    public static int[] visible(HexMap map, int from, int range, IntPredicate blocks) {
        int[] out = new int[map.size()];
        int n = 0;
        for (int i = 0; i < map.size(); i++) {
            if (i != from && map.distance(from, i) <= range && clear(map, from, i, blocks)) out[n++] = i;
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static boolean blocks(HexMap map, Hex hex, IntPredicate blocks) {
        int idx = map.index(hex);
        return idx >= 0 && blocks.test(idx);
    }

    /** The range from firer {@code a} to target {@code b}: the target's hex is counted, the firer's is not. */
    public static int range(HexMap map, int a, int b) {
        return map.distance(a, b);
    }
}
