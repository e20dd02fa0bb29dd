package hexlab.kernel.hex;

import java.util.Arrays;

/**
 * The geometry of a full rectangular board, index-based: hex i is the i-th id in sorted order,
 * which with zero-padded XXYY ids is column-major. Neighbours and hexsides are precomputed arrays.
 */
final class HexGrid {
    final HexLayout layout;
    final int size;
    final String[] ids;
    final int[] q;
    final int[] r;
    /** neighbour of hex i in direction d at [i * 6 + d], -1 off the map. */
    final int[] neighbors;
    final boolean[] edge;
    /** hexside number of hex i in direction d at [i * 6 + d], -1 where the neighbour is off the map. */
    final int[] sideOf;
    final int sides;

    HexGrid(HexLayout layout) {
        this.layout = layout;
        this.size = layout.columns() * layout.rows();
        ids = new String[size];
        q = new int[size];
        r = new int[size];
        for (int col = layout.firstColumn(); col <= layout.lastColumn(); col++) {
            for (int row = layout.firstRow(); row <= layout.lastRow(); row++) {
                int i = index(col, row);
                Hex h = layout.toAxial(col, row);
                ids[i] = HexLayout.format(col, row);
                q[i] = h.q();
                r[i] = h.r();
            }
        }
        neighbors = new int[size * 6];
        edge = new boolean[size];
        for (int i = 0; i < size; i++) {
            Hex h = new Hex(q[i], r[i]);
            for (int d = 0; d < 6; d++) {
                int n = index(h.neighbor(d));
                neighbors[i * 6 + d] = n;
                if (n < 0) edge[i] = true;
            }
        }
        sideOf = new int[size * 6];
        Arrays.fill(sideOf, -1);
        int count = 0;
        // every hexside has exactly one end from which it lies N, NE or SE: number it there
        for (int i = 0; i < size; i++) {
            for (int d = 0; d < 3; d++) {
                int n = neighbors[i * 6 + d];
                if (n < 0) continue;
                sideOf[i * 6 + d] = count;
                sideOf[n * 6 + Hex.opposite(d)] = count;
                count++;
            }
        }
        sides = count;
    }

    /** Index of a printed position, -1 off the map. */
    int index(int col, int row) {
        if (!layout.contains(col, row)) return -1;
        return (col - layout.firstColumn()) * layout.rows() + (row - layout.firstRow());
    }

    int index(Hex hex) {
        Offset o = layout.toOffset(hex);
        return index(o.col(), o.row());
    }

    /** Index of a printed id, -1 if malformed or off the map. */
    int index(String id) {
        Offset o = HexLayout.parseOffset(id);
        return o == null ? -1 : index(o.col(), o.row());
    }

    int column(int idx) { return layout.firstColumn() + idx / layout.rows(); }

    int row(int idx) { return layout.firstRow() + idx % layout.rows(); }
}
