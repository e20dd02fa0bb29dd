package hexlab.kernel.hex;

/**
 * The side between two adjacent hexes of a {@link HexMap}, named once for both: the lower index
 * first, so "0202/0203" and "0203/0202" are the same hexside.
 */
public record Hexside(int low, int high) implements Comparable<Hexside> {

    public Hexside {
        if (low >= high) throw new IllegalArgumentException("a hexside needs two different hexes, lower index first");
    }

    /** The hexside between hexes {@code a} and {@code b}, in either order. */
    public static Hexside of(int a, int b) {
        return a < b ? new Hexside(a, b) : new Hexside(b, a);
    }

    /** "AAAA/BBBB", the lower id first (ids sort as indices do). */
    public String key(HexMap map) {
        return map.id(low) + "/" + map.id(high);
    }

    @Override
    public int compareTo(Hexside o) {
        return low != o.low ? Integer.compare(low, o.low) : Integer.compare(high, o.high);
    }
}
