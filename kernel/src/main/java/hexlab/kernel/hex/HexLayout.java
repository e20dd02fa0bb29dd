package hexlab.kernel.hex;

/**
 * A flat-top board of printed ids XXYY (column then row, each two digits), covering columns
 * [firstColumn, lastColumn] and rows [firstRow, lastRow]. {@code lowered} says which printed columns
 * sit half a hex lower than their neighbours: a hex of a lowered column touches rows r and r+1 of
 * the columns beside it, a hex of a raised column rows r-1 and r.
 *
 * <p>Offset to axial uses Red Blob's even-q / odd-q formulas on the printed column number, so a
 * hex's axial coordinates do not depend on where the map starts.
 */
public record HexLayout(int firstColumn, int lastColumn, int firstRow, int lastRow, Lowered lowered) {

    /** Which printed columns sit half a hex lower. */
    public enum Lowered {
        EVEN, ODD;

        /** "even" or "odd"; anything else is an IllegalArgumentException. */
        public static Lowered parse(String word) {
            if ("even".equals(word)) return EVEN;
            if ("odd".equals(word)) return ODD;
            throw new IllegalArgumentException("lowered must be even or odd, found \"" + word + "\"");
        }

        public String word() { return this == EVEN ? "even" : "odd"; }
    }

    public HexLayout {
        if (lowered == null) throw new IllegalArgumentException("lowered must be even or odd");
        checkRange("column", firstColumn, lastColumn);
        checkRange("row", firstRow, lastRow);
    }

    private static void checkRange(String what, int first, int last) {
        if (first < 0 || last > 99 || first > last) {
            throw new IllegalArgumentException(what + "s must run from a first to a last number within 0-99, found "
                    + first + "-" + last);
        }
    }

    public int columns() { return lastColumn - firstColumn + 1; }

    public int rows() { return lastRow - firstRow + 1; }

    public boolean isLowered(int col) {
        boolean even = (col & 1) == 0;
        return even == (lowered == Lowered.EVEN);
    }

    public Hex toAxial(int col, int row) {
        // the shift counts the lowered columns passed; (col & 1) works for negative col in two's complement
        int shift = lowered == Lowered.EVEN ? (col + (col & 1)) / 2 : (col - (col & 1)) / 2;
        return new Hex(col, row - shift);
    }

    public Hex toAxial(Offset offset) { return toAxial(offset.col(), offset.row()); }

    public Offset toOffset(Hex hex) {
        int q = hex.q();
        int shift = lowered == Lowered.EVEN ? (q + (q & 1)) / 2 : (q - (q & 1)) / 2;
        return new Offset(q, hex.r() + shift);
    }

    public boolean contains(int col, int row) {
        return col >= firstColumn && col <= lastColumn && row >= firstRow && row <= lastRow;
    }

    public boolean contains(Hex hex) {
        Offset o = toOffset(hex);
        return contains(o.col(), o.row());
    }

    /** The on-map hex of a printed id; IllegalArgumentException if the id is malformed or off the map. */
    public Hex parse(String id) {
        Offset o = parseOffset(id);
        if (o == null) {
            throw new IllegalArgumentException("hex \"" + id + "\" is not a four-digit id XXYY (column then row)");
        }
        if (!contains(o.col(), o.row())) {
            throw new IllegalArgumentException("hex \"" + id + "\" is off the map (" + bounds() + ")");
        }
        return toAxial(o);
    }

    /** The printed id XXYY of a hex, on the map or not, as long as its column and row fit two digits. */
    public String id(Hex hex) {
        Offset o = toOffset(hex);
        if (o.col() < 0 || o.col() > 99 || o.row() < 0 || o.row() > 99) {
            throw new IllegalArgumentException(hex + " has no four-digit id (column " + o.col() + ", row " + o.row() + ")");
        }
        return format(o.col(), o.row());
    }

    /** "columns 1-40, rows 1-26", for messages. */
    public String bounds() {
        return "columns " + firstColumn + "-" + lastColumn + ", rows " + firstRow + "-" + lastRow;
    }

    /** Column and row of a four-digit id, or null if it is not four ASCII digits. */
    static Offset parseOffset(String id) {
        if (id == null || id.length() != 4) return null;
        for (int i = 0; i < 4; i++) {
            char c = id.charAt(i);
            if (c < '0' || c > '9') return null;
        }
        int col = (id.charAt(0) - '0') * 10 + (id.charAt(1) - '0');
        int row = (id.charAt(2) - '0') * 10 + (id.charAt(3) - '0');
        return new Offset(col, row);
    }

    static String format(int col, int row) {
        return new String(new char[] {
            (char) ('0' + col / 10), (char) ('0' + col % 10), (char) ('0' + row / 10), (char) ('0' + row % 10)});
    }
}
