package hexlab.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hexlab.kernel.hex.HexLayout.Lowered;
import org.junit.jupiter.api.Test;

class HexLayoutTest {

    /** The ids of the six neighbours of {@code id}, in direction order N, NE, SE, S, SW, NW. */
    private static String neighbours(HexLayout layout, String id) {
        Hex h = layout.parse(id);
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < 6; d++) sb.append(d == 0 ? "" : " ").append(layout.id(h.neighbor(d)));
        return sb.toString();
    }

    @Test
    void loweredEvenColumnTouchesRowsRAndRPlusOneBesideIt() {
        HexLayout even = new HexLayout(1, 9, 1, 9, Lowered.EVEN);
        assertEquals("0201 0302 0303 0203 0103 0102", neighbours(even, "0202"));
    }

    @Test
    void raisedColumnTouchesRowsRMinusOneAndRBesideIt() {
        HexLayout even = new HexLayout(1, 9, 1, 9, Lowered.EVEN);
        assertEquals("0302 0402 0403 0304 0203 0202", neighbours(even, "0303"));
        HexLayout odd = new HexLayout(1, 9, 1, 9, Lowered.ODD);
        assertEquals("0201 0301 0302 0203 0102 0101", neighbours(odd, "0202"));
    }

    @Test
    void loweredOddColumnTouchesRowsRAndRPlusOneBesideIt() {
        HexLayout odd = new HexLayout(1, 9, 1, 9, Lowered.ODD);
        assertEquals("0302 0403 0404 0304 0204 0203", neighbours(odd, "0303"));
    }

    @Test
    void axialCoordinatesFollowRedBlobsEvenQAndOddQ() {
        HexLayout even = new HexLayout(1, 9, 1, 9, Lowered.EVEN);
        HexLayout odd = new HexLayout(1, 9, 1, 9, Lowered.ODD);
        assertEquals(new Hex(2, 1), even.toAxial(2, 2));
        assertEquals(new Hex(3, 0), even.toAxial(3, 2));
        assertEquals(new Hex(2, 1), odd.toAxial(2, 2));
        assertEquals(new Hex(3, 1), odd.toAxial(3, 2));
        assertEquals(new Offset(3, 2), odd.toOffset(new Hex(3, 1)));
        assertTrue(even.isLowered(2));
        assertTrue(odd.isLowered(3));
    }

    @Test
    void firstRowMayBeZero() {
        HexLayout layout = new HexLayout(0, 9, 0, 9, Lowered.EVEN);
        Hex h = layout.parse("0100");
        assertEquals("0100", layout.id(h));
        assertTrue(layout.contains(h));
        assertEquals("0201", layout.id(layout.parse("0200").neighbor(Hex.S)));
    }

    @Test
    void parseRejectsMalformedIds() {
        HexLayout layout = new HexLayout(1, 40, 1, 26, Lowered.EVEN);
        for (String bad : new String[] {"41x9", "101", "01011", "", " 0101"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> layout.parse(bad));
            assertEquals("hex \"" + bad + "\" is not a four-digit id XXYY (column then row)", e.getMessage());
        }
    }

    @Test
    void parseRejectsOffMapIdsNamingTheBounds() {
        HexLayout layout = new HexLayout(1, 40, 1, 26, Lowered.EVEN);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> layout.parse("4199"));
        assertEquals("hex \"4199\" is off the map (columns 1-40, rows 1-26)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> layout.parse("0100"));
        assertFalse(layout.contains(layout.toAxial(1, 0)));
    }

    @Test
    void layoutBoundsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new HexLayout(5, 4, 1, 1, Lowered.EVEN));
        assertThrows(IllegalArgumentException.class, () -> new HexLayout(1, 100, 1, 1, Lowered.EVEN));
        assertThrows(IllegalArgumentException.class, () -> Lowered.parse("both"));
    }
}
