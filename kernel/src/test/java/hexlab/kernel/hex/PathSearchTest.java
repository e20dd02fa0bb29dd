package hexlab.kernel.hex;

import static hexlab.kernel.hex.MapFixtures.idx;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hexlab.kernel.hex.PathSearch.Reach;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PathSearchTest {
    static final double INF = Double.POSITIVE_INFINITY;

    /** Every terrain costs {@code each}. */
    static TableCost uniform(HexMap map, double each) {
        double[] costs = new double[map.terrainTypes().size()];
        java.util.Arrays.fill(costs, each);
        return new TableCost(map, costs);
    }

    /** One column of hexes: the only moves are north and south. */
    static HexMap column(int rows) {
        return MapFixtures.board(1, rows);
    }

    @Test
    void cheapestPathGoesAroundAnExpensiveHex() {
        HexMap map = MapFixtures.board(4, 5, "even", "terrain: {swamp: \"0103\"}");
        TableCost cost = new TableCost(map, Map.of("clear", 1.0, "swamp", 10.0), false);
        Reach reach = PathSearch.reach(map, map.index("0102"), 20, cost);
        assertEquals(3.0, reach.cost(map.index("0104")));
        assertArrayEquals(idx(map, "0102 0202 0203 0104"), reach.path(map.index("0104")));
        assertEquals(10.0, reach.cost(map.index("0103")));
        assertArrayEquals(idx(map, "0102 0103"), reach.path(map.index("0103")));
    }

    @Test
    void budgetCutsOffTheSearch() {
        HexMap map = MapFixtures.board(9, 9);
        int start = map.index("0505");
        Reach reach = PathSearch.reach(map, start, 2, uniform(map, 1));
        int within = 0;
        for (int i = 0; i < map.size(); i++) {
            int d = map.distance(start, i);
            assertEquals(d <= 2, reach.reached(i), map.id(i));
            if (d <= 2) assertEquals(d, reach.cost(i));
            else assertEquals(INF, reach.cost(i));
            if (d <= 2 && i != start) within++;
        }
        assertEquals(18, within);
        assertEquals(within, reach.reachable().length);
        assertArrayEquals(new int[0], reach.path(map.index("0508")));
        assertArrayEquals(new int[] {start}, reach.path(start));
        assertEquals(0.0, reach.cost(start));
    }

    @Test
    void costsThatAddUpToTheBudgetFitDespiteRounding() {
        HexMap map = column(4);
        Reach reach = PathSearch.reach(map, 0, 0.3, uniform(map, 0.1));
        assertTrue(reach.reached(3)); // 0.1 + 0.1 + 0.1 is a hair over 0.3 in binary
    }

    @Test
    void reachableIsSortedAndExcludesTheStart() {
        HexMap map = MapFixtures.board(5, 5);
        int start = map.index("0303");
        int[] r = PathSearch.reach(map, start, 1, uniform(map, 1)).reachable();
        assertArrayEquals(sorted(map.neighbors(start)), r);
    }

    private static int[] sorted(int[] a) {
        int[] c = a.clone();
        java.util.Arrays.sort(c);
        return c;
    }

    @Test
    void roadHexsideReplacesTerrainCost() {
        HexMap map = MapFixtures.board(3, 6, "even", "hexsides: {road: \"0101/0102 0102/0103 0103/0104\"}");
        TableCost cost = uniform(map, 2).replace("road", 0.5);
        Reach reach = PathSearch.reach(map, map.index("0101"), 2, cost);
        assertEquals(1.5, reach.cost(map.index("0104")));
        assertArrayEquals(idx(map, "0101 0102 0103 0104"), reach.path(map.index("0104")));
        assertFalse(reach.reached(map.index("0105"))); // 1.5 + 2 off the road
    }

    @Test
    void severalReplacingFeaturesTakeTheLowest() {
        HexMap map = MapFixtures.board(1, 2, "even", "hexsides: {trail: \"0101/0102\", road: \"0101/0102\"}");
        TableCost cost = uniform(map, 3).replace("trail", 1).replace("road", 0.5);
        assertEquals(0.5, cost.enter(0, 1, Hex.S));
    }

    @Test
    void additiveHexsideComesOnTopOfARoad() {
        HexMap map = MapFixtures.board(1, 4, "even",
                "hexsides: {road: \"0101/0102 0102/0103 0103/0104\", river: \"0102/0103\"}");
        TableCost cost = uniform(map, 2).replace("road", 0.5).add("river", 2);
        assertEquals(2.5, cost.enter(map.index("0102"), map.index("0103"), Hex.S));
        assertEquals(2.5, cost.enter(map.index("0103"), map.index("0102"), Hex.N));
        Reach reach = PathSearch.reach(map, 0, 10, cost);
        assertEquals(3.5, reach.cost(map.index("0104")));
    }

    @Test
    void blockingHexsideIsCrossedOnlyWhereARoadRunsOverIt() {
        HexMap map = MapFixtures.board(3, 4, "even", """
                hexsides:
                  cliff: "0202/0203 0203/0204"
                  road: "0203/0204"
                """);
        TableCost cost = uniform(map, 1).replace("road", 0.5).block("cliff", "road");
        int a = map.index("0202"), b = map.index("0203"), c = map.index("0204");
        assertEquals(INF, cost.enter(a, b, Hex.S));
        assertEquals(INF, cost.enter(b, a, Hex.N));
        assertEquals(0.5, cost.enter(b, c, Hex.S));
        Reach reach = PathSearch.reach(map, a, 10, cost);
        assertEquals(2.0, reach.cost(b)); // around the cliff, not across it
        assertEquals(2.5, reach.cost(c));
    }

    @Test
    void blockedHexIsNeverEntered() {
        HexMap map = column(3);
        Reach reach = PathSearch.reach(map, 0, 10, uniform(map, 1).blocked(1));
        assertFalse(reach.reached(1));
        assertFalse(reach.reached(2));
        assertArrayEquals(new int[0], reach.reachable());
    }

    @Test
    void prohibitedTerrainIsNeverEntered() {
        HexMap map = MapFixtures.board(1, 3, "even", "terrain: {sea: \"0102\"}");
        TableCost cost = new TableCost(map, Map.of("clear", 1.0), true);
        assertEquals(INF, cost.enter(0, 1, Hex.S));
        assertFalse(PathSearch.reach(map, 0, 99, cost).reached(2));
    }

    @Test
    void stopHexesAreEnteredButNotLeft() {
        HexMap map = column(6);
        Reach reach = PathSearch.reach(map, 0, 10, uniform(map, 1).stop(2));
        assertArrayEquals(new int[] {1, 2}, reach.reachable());
        assertEquals(2.0, reach.cost(2));
        assertFalse(reach.reached(3));
    }

    @Test
    void aUnitStartingInAStopHexMayLeaveIt() {
        HexMap map = column(3);
        Reach reach = PathSearch.reach(map, 0, 10, uniform(map, 1).stop(0));
        assertArrayEquals(new int[] {1, 2}, reach.reachable());
    }

    @Test
    void startThatMayNotBeLeftReachesNothing() {
        HexMap map = column(3);
        MoveCost pinned = new MoveCost() {
            public double enter(int from, int to, int dir) { return 1; }
            public boolean mayLeave(int hex, boolean isStart) { return !isStart; }
        };
        assertArrayEquals(new int[0], PathSearch.reach(map, 1, 10, pinned).reachable());
    }

    @Test
    void noEndHexesArePassedThroughButNotReachable() {
        HexMap map = column(5);
        Reach reach = PathSearch.reach(map, 0, 10, uniform(map, 1).noEnd(2));
        assertArrayEquals(new int[] {1, 3, 4}, reach.reachable());
        assertTrue(reach.reached(2));
        assertArrayEquals(new int[] {0, 1, 2, 3}, reach.path(3));
    }

    @Test
    void leaveAddOnTheStartHexIsPaidOnce() {
        HexMap map = column(4);
        Reach reach = PathSearch.reach(map, 0, 10, uniform(map, 1).leaveAdd(0, 2));
        assertEquals(3.0, reach.cost(1));
        assertEquals(4.0, reach.cost(2));
    }

    @Test
    void enterAddIsPaidOnEntering() {
        HexMap map = column(3);
        TableCost cost = uniform(map, 1).enterAdd(1, 1).enterAdd(1, 0.5);
        assertEquals(2.5, PathSearch.reach(map, 0, 10, cost).cost(1));
        assertEquals(2.5, PathSearch.reach(map, 2, 10, cost).cost(1));
        assertEquals(0.0, PathSearch.reach(map, 1, 10, cost).cost(1)); // the start hex is not entered
    }

    @Test
    void sideAddIsPaidCrossingThatHexsideEitherWayAndNowhereElse() {
        HexMap map = column(3);
        TableCost cost = uniform(map, 1).sideAdd(1, 2, 2);
        assertEquals(1.0, PathSearch.reach(map, 0, 10, cost).cost(1));
        assertEquals(4.0, PathSearch.reach(map, 0, 10, cost).cost(2), "0 -> 1 costs 1, 1 -> 2 crosses the hexside: 1 + 2");
        assertEquals(3.0, PathSearch.reach(map, 2, 10, cost).cost(1), "the other way too");
        assertThrows(IllegalArgumentException.class, () -> uniform(map, 1).sideAdd(0, 2, 1), "not adjacent");
        String why = assertThrows(IllegalArgumentException.class, () -> TableCost.fromSpec(map,
                java.util.Map.of("defaultProhibited", false, "terrain", java.util.Map.of(map.terrain(0), 1), "sideAdd", java.util.Map.of("0101", 1)))).getMessage();
        assertTrue(why.contains("sideAdd \"0101\""), why);
    }

    @Test
    void equalCostPathsAreChosenTheSameWayEveryTime() {
        HexMap map = MapFixtures.board(8, 8);
        int from = map.index("0101"), to = map.index("0606");
        int[] first = PathSearch.reach(map, from, 20, uniform(map, 1)).path(to);
        for (int run = 0; run < 5; run++) {
            assertArrayEquals(first, PathSearch.reach(map, from, 20, uniform(map, 1)).path(to));
        }
        assertEquals(map.distance(from, to) + 1, first.length);
        for (int i = 1; i < first.length; i++) assertEquals(1, map.distance(first[i - 1], first[i]));
    }

    @Test
    void pathCostIsTheSumOfItsSteps() {
        HexMap map = MapFixtures.board(6, 6, "odd", """
                terrain: {rough: "0202 0303 0404 0302", swamp: "0305 0405"}
                hexsides: {road: "0101/0102 0102/0202 0202/0203", river: "0303/0304 0403/0404"}
                """);
        TableCost cost = new TableCost(map, Map.of("clear", 1.0, "rough", 2.0, "swamp", 3.0), false)
                .replace("road", 0.5).add("river", 1);
        Reach reach = PathSearch.reach(map, 0, 9, cost);
        for (int to : reach.reachable()) {
            int[] path = reach.path(to);
            double sum = 0;
            for (int i = 1; i < path.length; i++) {
                sum += cost.enter(path[i - 1], path[i], map.directionTo(path[i - 1], path[i]));
            }
            assertEquals(reach.cost(to), sum, 1e-12, map.id(to));
        }
    }

    @Test
    void negativeCostsAndBadArgumentsAreRefused() {
        HexMap map = column(3);
        assertThrows(IllegalArgumentException.class, () -> PathSearch.reach(map, 0, 5, (f, t, d) -> -1));
        assertThrows(IllegalArgumentException.class, () -> PathSearch.reach(map, 7, 5, (f, t, d) -> 1));
        assertThrows(IllegalArgumentException.class, () -> PathSearch.reach(map, 0, Double.NaN, (f, t, d) -> 1));
        assertThrows(IllegalArgumentException.class, () -> uniform(map, 1).enterAdd(0, -1));
    }

    @Test
    void reachOverAFullSizeMapIsCheap() {
        // a sanity check, not a timing: thousands of searches per game must stay well under a millisecond each
        HexMap map = MapFixtures.board(40, 26);
        TableCost cost = uniform(map, 2);
        int start = map.index("2013");
        int total = 0;
        for (int run = 0; run < 3000; run++) total += PathSearch.reach(map, start, 12, cost).reachable().length;
        assertEquals(3000 * 126, total); // 1 + 3*6*7 hexes within 6 steps, less the start
    }
}
