package hexlab.kernel.hex;

import static hexlab.kernel.hex.MapFixtures.idx;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class LineOfSightTest {
    final HexMap map = MapFixtures.board(9, 9);

    int at(String id) { return map.index(id); }

    IntPredicate blocking(String ids) {
        Set<Integer> set = new java.util.HashSet<>();
        for (int i : idx(map, ids)) set.add(i);
        return set::contains;
    }

    int at(Hex h) {
        int i = map.index(h);
        if (i < 0) throw new IllegalArgumentException(h + " is off the test map");
        return i;
    }

    @Test
    void lineRunsFromFirerToTargetThroughAdjacentHexes() {
        assertArrayEquals(idx(map, "0101 0102 0103 0104"), LineOfSight.line(map, at("0101"), at("0104")));
        assertArrayEquals(idx(map, "0505"), LineOfSight.line(map, at("0505"), at("0505")));
        int[] line = LineOfSight.line(map, at("0102"), at("0806"));
        assertEquals(map.distance(at("0102"), at("0806")) + 1, line.length);
        for (int i = 1; i < line.length; i++) assertEquals(1, map.distance(line[i - 1], line[i]));
    }

    @Test
    void visibleIsEveryHexInRangeWhoseLineIsClear() {
        IntPredicate wall = blocking("0504 0505 0506");
        int from = at("0305");
        int[] seen = LineOfSight.visible(map, from, 4, wall);
        java.util.List<Integer> expected = new java.util.ArrayList<>();
        for (int i = 0; i < map.size(); i++) {
            if (i != from && map.distance(from, i) <= 4 && LineOfSight.clear(map, from, i, wall)) expected.add(i);
        }
        assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), seen);
        java.util.Set<Integer> set = new java.util.HashSet<>();
        for (int i : seen) set.add(i);
        assertTrue(set.contains(at("0505")), "a blocking hex itself is seen");
        assertFalse(set.contains(at("0705")), "the hex behind the wall is not");
        assertFalse(set.contains(from), "the observer's own hex is left out");
        assertFalse(set.contains(at("0805")), "nor a hex beyond the range");
    }

    @Test
    void aBlockingHexInBetweenBlocks() {
        assertFalse(LineOfSight.clear(map, at("0101"), at("0105"), blocking("0103")));
        assertTrue(LineOfSight.clear(map, at("0101"), at("0105"), blocking("0203")));
    }

    @Test
    void firerAndTargetHexesDoNotBlock() {
        assertTrue(LineOfSight.clear(map, at("0101"), at("0105"), blocking("0101 0105")));
        assertTrue(LineOfSight.clear(map, at("0505"), at("0506"), i -> true));
        assertTrue(LineOfSight.clear(map, at("0505"), at("0505"), i -> true));
    }

    @Test
    void lineAlongASpineIsBlockedOnlyWhenBothSidesBlock() {
        // 0202 (a lowered column) and 0304 are two apart but not in a row: the line runs between 0203 and 0303
        int a = at("0202"), b = at("0304");
        assertEquals(2, map.distance(a, b));
        assertTrue(LineOfSight.clear(map, a, b, blocking("0203")));
        assertTrue(LineOfSight.clear(map, a, b, blocking("0303")));
        assertFalse(LineOfSight.clear(map, a, b, blocking("0203 0303")));
        assertFalse(LineOfSight.clear(map, b, a, blocking("0203 0303")));
        int middle = LineOfSight.line(map, a, b)[1];
        assertTrue(middle == at("0203") || middle == at("0303"));
    }

    @Test
    void spinesRunningEveryWayAreSeen() {
        Hex c = map.hex(at("0505"));
        // the three spine directions, each both ways: target offset and the two hexes either side
        Hex[][] cases = {
            {new Hex(1, 1), new Hex(1, 0), new Hex(0, 1)},
            {new Hex(2, -1), new Hex(1, 0), new Hex(1, -1)},
            {new Hex(1, -2), new Hex(0, -1), new Hex(1, -1)},
            {new Hex(-1, -1), new Hex(-1, 0), new Hex(0, -1)},
            {new Hex(-2, 1), new Hex(-1, 0), new Hex(-1, 1)},
            {new Hex(-1, 2), new Hex(0, 1), new Hex(-1, 1)},
        };
        for (Hex[] k : cases) {
            int a = at(c), b = at(c.add(k[0])), s1 = at(c.add(k[1])), s2 = at(c.add(k[2]));
            assertTrue(LineOfSight.clear(map, a, b, i -> i == s1), "one side " + k[0]);
            assertTrue(LineOfSight.clear(map, a, b, i -> i == s2), "other side " + k[0]);
            assertFalse(LineOfSight.clear(map, a, b, i -> i == s1 || i == s2), "both sides " + k[0]);
        }
    }

    @Test
    void aLongSpineLineAlternatesSpinesAndHexes() {
        Hex c = map.hex(at("0303"));
        int a = at(c), b = at(c.add(new Hex(2, 2)));
        int mid = at(c.add(new Hex(1, 1)));
        int s1 = at(c.add(new Hex(1, 0))), s2 = at(c.add(new Hex(0, 1)));
        int t1 = at(c.add(new Hex(2, 1))), t2 = at(c.add(new Hex(1, 2)));
        assertFalse(LineOfSight.clear(map, a, b, i -> i == mid));
        assertTrue(LineOfSight.clear(map, a, b, i -> i == s1 || i == t2));
        assertFalse(LineOfSight.clear(map, a, b, i -> i == t1 || i == t2));
    }

    @Test
    void hexOffTheMapBlocksNothing() {
        // along the top edge, 0101 to 0301 passes between 0201 and the off-map 0200
        HexMap edge = MapFixtures.board(3, 2);
        int a = edge.index("0101"), b = edge.index("0301");
        assertTrue(LineOfSight.clear(edge, a, b, i -> i == edge.index("0201")));
        assertArrayEquals(idx(edge, "0101 0201 0301"), LineOfSight.line(edge, a, b));
    }

    @Test
    void rangeCountsTheTargetButNotTheFirer() {
        assertEquals(1, LineOfSight.range(map, at("0505"), at("0506")));
        assertEquals(0, LineOfSight.range(map, at("0505"), at("0505")));
        assertEquals(4, LineOfSight.range(map, at("0101"), at("0105")));
    }
}
