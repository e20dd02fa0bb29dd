package hexlab.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HexTest {

    @Test
    void directionsRunClockwiseFromNorth() {
        assertEquals(new Hex(0, -1), Hex.direction(Hex.N));
        assertEquals(new Hex(1, -1), Hex.direction(Hex.NE));
        assertEquals(new Hex(1, 0), Hex.direction(Hex.SE));
        assertEquals(new Hex(0, 1), Hex.direction(Hex.S));
        assertEquals(new Hex(-1, 1), Hex.direction(Hex.SW));
        assertEquals(new Hex(-1, 0), Hex.direction(Hex.NW));
        assertEquals("SW", Hex.directionName(4));
    }

    @Test
    void oppositeDirectionIsThreeStepsRound() {
        for (int d = 0; d < 6; d++) {
            assertEquals((d + 3) % 6, Hex.opposite(d));
            assertEquals(new Hex(0, 0), Hex.direction(d).add(Hex.direction(Hex.opposite(d))));
        }
    }

    @Test
    void directionToNamesAdjacentHexesOnly() {
        Hex h = new Hex(3, -2);
        for (int d = 0; d < 6; d++) assertEquals(d, h.directionTo(h.neighbor(d)));
        assertEquals(-1, h.directionTo(h));
        assertEquals(-1, h.directionTo(new Hex(5, -2)));
    }

    @Test
    void cubeCoordinatesSumToZeroAndGiveDistance() {
        Hex h = new Hex(2, -5);
        assertEquals(3, h.s());
        assertEquals(5, h.length());
        assertEquals(5, h.distance(new Hex(0, 0)));
    }

    @Test
    void roundPicksTheHexContainingThePoint() {
        assertEquals(new Hex(1, 0), Hex.round(0.9, 0.05, -0.95));
        assertEquals(new Hex(0, 0), Hex.round(0.3, 0.1, -0.4));
    }

    @Test
    void badDirectionIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Hex.direction(6));
        assertThrows(IllegalArgumentException.class, () -> new Hex(0, 0).neighbor(-1));
    }
}
