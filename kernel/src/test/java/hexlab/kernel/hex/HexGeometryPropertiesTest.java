package hexlab.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hexlab.kernel.hex.HexLayout.Lowered;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Geometry laws that hold on every layout: both lowered parities, first row 0 or 1. */
class HexGeometryPropertiesTest {

    record Case(HexLayout layout, Offset a, Offset b, Offset c) {
        Hex ha() { return layout.toAxial(a); }
        Hex hb() { return layout.toAxial(b); }
        Hex hc() { return layout.toAxial(c); }
    }

    @Provide
    Arbitrary<HexLayout> layouts() {
        return Combinators.combine(
                Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 30),
                Arbitraries.of(0, 1),
                Arbitraries.integers().between(0, 30),
                Arbitraries.of(Lowered.EVEN, Lowered.ODD))
                .as((col, width, row, height, lowered) -> new HexLayout(col, col + width, row, row + height, lowered));
    }

    private static Arbitrary<Offset> offsetsIn(HexLayout l) {
        return Combinators.combine(
                Arbitraries.integers().between(l.firstColumn(), l.lastColumn()),
                Arbitraries.integers().between(l.firstRow(), l.lastRow())).as(Offset::new);
    }

    @Provide
    Arbitrary<Case> cases() {
        return layouts().flatMap(l -> Combinators.combine(offsetsIn(l), offsetsIn(l), offsetsIn(l))
                .as((a, b, c) -> new Case(l, a, b, c)));
    }

    @Property
    void distanceIsSymmetric(@ForAll("cases") Case k) {
        assertEquals(k.ha().distance(k.hb()), k.hb().distance(k.ha()));
    }

    @Property
    void distanceObeysTheTriangleInequality(@ForAll("cases") Case k) {
        assertTrue(k.ha().distance(k.hc()) <= k.ha().distance(k.hb()) + k.hb().distance(k.hc()));
    }

    @Property
    void distanceIsZeroOnlyForTheSameHex(@ForAll("cases") Case k) {
        assertEquals(k.a().equals(k.b()), k.ha().distance(k.hb()) == 0);
    }

    @Property
    void neighborThenOppositeComesBack(@ForAll("cases") Case k, @ForAll @IntRange(min = 0, max = 5) int dir) {
        Hex h = k.ha();
        assertEquals(h, h.neighbor(dir).neighbor(Hex.opposite(dir)));
        assertEquals(dir, h.directionTo(h.neighbor(dir)));
    }

    @Property
    void everyNeighborIsAtDistanceOne(@ForAll("cases") Case k, @ForAll @IntRange(min = 0, max = 5) int dir) {
        assertEquals(1, k.ha().distance(k.ha().neighbor(dir)));
    }

    @Property
    void offsetToAxialToOffsetRoundTrips(@ForAll("cases") Case k) {
        assertEquals(k.a(), k.layout().toOffset(k.ha()));
        assertEquals(k.ha(), k.layout().toAxial(k.layout().toOffset(k.ha())));
    }

    @Property
    void idParseAndFormatRoundTrip(@ForAll("cases") Case k) {
        String id = HexLayout.format(k.a().col(), k.a().row());
        assertEquals(k.ha(), k.layout().parse(id));
        assertEquals(id, k.layout().id(k.layout().parse(id)));
    }

    @Property
    void neighbouringColumnsMeetTheRowsTheParitySays(@ForAll("cases") Case k, @ForAll @IntRange(min = 0, max = 5) int dir) {
        // a lowered column's hex touches rows r and r+1 of the columns beside it, a raised one rows r-1 and r
        HexLayout l = k.layout();
        Offset o = k.a(), n = l.toOffset(k.ha().neighbor(dir));
        if (n.col() == o.col()) {
            assertEquals(1, Math.abs(n.row() - o.row()));
        } else {
            assertEquals(1, Math.abs(n.col() - o.col()));
            int low = l.isLowered(o.col()) ? o.row() : o.row() - 1;
            assertTrue(n.row() == low || n.row() == low + 1, "row " + n.row() + " beside " + o);
        }
    }

    @Property(tries = 200)
    void mapIndicesAgreeWithTheLayout(@ForAll("cases") Case k) {
        HexGrid grid = new HexGrid(k.layout());
        int i = grid.index(k.ha());
        assertEquals(HexLayout.format(k.a().col(), k.a().row()), grid.ids[i]);
        assertEquals(i, grid.index(grid.ids[i]));
        for (int d = 0; d < 6; d++) {
            int n = grid.neighbors[i * 6 + d];
            assertEquals(k.layout().contains(k.ha().neighbor(d)), n >= 0);
            if (n >= 0) {
                assertEquals(i, grid.neighbors[n * 6 + Hex.opposite(d)]);
                assertEquals(grid.sideOf[i * 6 + d], grid.sideOf[n * 6 + Hex.opposite(d)]);
            }
        }
    }

    @Property
    void linesRunThroughAdjacentHexesFromEndToEnd(@ForAll("cases") Case k, @ForAll boolean plus) {
        Hex[] line = LineOfSight.line(k.ha(), k.hb(), plus ? 1 : -1);
        int n = k.ha().distance(k.hb());
        assertEquals(n + 1, line.length);
        assertEquals(k.ha(), line[0]);
        assertEquals(k.hb(), line[n]);
        for (int i = 1; i <= n; i++) {
            assertEquals(1, line[i - 1].distance(line[i]));
            assertEquals(i, k.ha().distance(line[i]));
        }
    }

    @Property(tries = 300)
    void linesBetweenHexesOnTheMapStayOnTheMap(@ForAll("cases") Case k) {
        HexMap map = MapFixtures.plain(k.layout());
        int a = map.index(k.ha()), b = map.index(k.hb());
        int[] line = LineOfSight.line(map, a, b);
        assertEquals(a, line[0]);
        assertEquals(b, line[line.length - 1]);
        for (int i = 1; i < line.length; i++) {
            assertTrue(line[i] >= 0, "off the map at step " + i);
            assertEquals(1, map.distance(line[i - 1], line[i]));
        }
    }

    @Property
    void theTwoNudgedLinesDifferOnlyBetweenNeighbours(@ForAll("cases") Case k) {
        Hex[] plus = LineOfSight.line(k.ha(), k.hb(), 1);
        Hex[] minus = LineOfSight.line(k.ha(), k.hb(), -1);
        assertArrayEquals(new Hex[] {plus[0], plus[plus.length - 1]}, new Hex[] {minus[0], minus[minus.length - 1]});
        for (int i = 0; i < plus.length; i++) assertTrue(plus[i].distance(minus[i]) <= 1);
    }
}
