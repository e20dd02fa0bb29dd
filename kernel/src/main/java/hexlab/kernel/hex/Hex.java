package hexlab.kernel.hex;

/**
 * A hex in axial coordinates on a flat-top grid: q counts columns, r runs down a column, and the
 * third cube coordinate is s = -q - r.
 *
 * <p>Directions are numbered 0..5 clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
 */
public record Hex(int q, int r) {

    public static final int N = 0, NE = 1, SE = 2, S = 3, SW = 4, NW = 5;

    // flat-top: north is r-1; the columns to the east are q+1 and sit half a hex lower, so NE is (q+1, r-1)
    private static final int[] DQ = {0, 1, 1, 0, -1, -1};
    private static final int[] DR = {-1, -1, 0, 1, 1, 0};
    private static final String[] NAMES = {"N", "NE", "SE", "S", "SW", "NW"};
    private static final Hex[] DIRECTIONS = new Hex[6];

    static {
        for (int d = 0; d < 6; d++) DIRECTIONS[d] = new Hex(DQ[d], DR[d]);
    }

    /** The cube coordinate s = -q - r. */
    public int s() { return -q - r; }

    /** The unit vector of direction {@code dir} (0 N .. 5 NW). */
    public static Hex direction(int dir) { return DIRECTIONS[checkDirection(dir)]; }

    /** The direction pointing back: (dir + 3) % 6. */
    public static int opposite(int dir) { return (checkDirection(dir) + 3) % 6; }

    /** "N", "NE", "SE", "S", "SW" or "NW". */
    public static String directionName(int dir) { return NAMES[checkDirection(dir)]; }

    public Hex add(Hex other) { return new Hex(q + other.q, r + other.r); }

    public Hex subtract(Hex other) { return new Hex(q - other.q, r - other.r); }

    public Hex neighbor(int dir) {
        checkDirection(dir);
        return new Hex(q + DQ[dir], r + DR[dir]);
    }

    /** Distance from the origin in hex steps. */
    public int length() { return (Math.abs(q) + Math.abs(r) + Math.abs(s())) / 2; }

    public int distance(Hex other) { return subtract(other).length(); }

    /** The direction in which {@code adjacent} lies, or -1 if it is not adjacent. */
    public int directionTo(Hex adjacent) {
        int dq = adjacent.q - q, dr = adjacent.r - r;
        for (int d = 0; d < 6; d++) {
            if (DQ[d] == dq && DR[d] == dr) return d;
        }
        return -1;
    }

    /** The hex containing the fractional cube point (q, r, s): round each, then fix the one that moved most. */
    public static Hex round(double q, double r, double s) {
        double rq = Math.round(q), rr = Math.round(r), rs = Math.round(s);
        double dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
        // the three rounded values may not sum to zero; recompute the one with the largest error
        if (dq > dr && dq > ds) rq = -rr - rs;
        else if (dr > ds) rr = -rq - rs;
        return new Hex((int) rq, (int) rr);
    }

    static int checkDirection(int dir) {
        if (dir < 0 || dir > 5) throw new IllegalArgumentException("direction must be 0..5, found " + dir);
        return dir;
    }
}
