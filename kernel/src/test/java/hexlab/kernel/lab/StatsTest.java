package hexlab.kernel.lab;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatsTest {
    @Test
    void wilsonIntervalMatchesTheTextbookValue() {
        // 81 of 263: Wilson 95% interval 0.2553 to 0.3662 (Newcombe 1998, example)
        Stats.Rate r = Stats.rate(81, 263);
        assertEquals(0.3080, r.rate(), 1e-4);
        assertEquals(0.2553, r.low(), 5e-4);
        assertEquals(0.3662, r.high(), 5e-4);
    }

    @Test
    void wilsonIntervalStaysInsideZeroAndOneAtTheEdges() {
        Stats.Rate none = Stats.rate(0, 20), all = Stats.rate(20, 20);
        assertEquals(0.0, none.low(), 1e-12);
        assertTrue(none.high() > 0.1 && none.high() < 0.2, "0 of 20 still leaves room: " + none.high());
        assertEquals(1.0, all.high(), 1e-12);
    }

    @Test
    void newcombeHybridIntervalForADifferenceOfRates() {
        // Newcombe 1998 example: 56/70 vs 48/80, difference 0.2 with interval 0.0524 to 0.3339
        Stats.Difference d = Stats.difference(Stats.rate(48, 80), Stats.rate(56, 70));
        assertEquals(0.2, d.diff(), 1e-9);
        assertEquals(0.0524, d.low(), 5e-4);
        assertEquals(0.3339, d.high(), 5e-4);
        assertTrue(d.p() < 0.01, "a 20-point gap on 150 games is significant: p=" + d.p());
        assertEquals(1.0, Stats.difference(Stats.rate(0, 50), Stats.rate(0, 50)).p(), 1e-12);
    }

    @Test
    void aMeansBootstrapIntervalIsNearTheTIntervalOnASymmetricSample() {
        // 200 values spread evenly around 50: the t interval is 50 +- 1.96 * sd / sqrt(200)
        double[] xs = new double[200];
        for (int i = 0; i < xs.length; i++) xs[i] = 50 + ((i * 37) % 41 - 20);
        org.apache.commons.math3.stat.descriptive.SummaryStatistics s = new org.apache.commons.math3.stat.descriptive.SummaryStatistics();
        for (double x : xs) s.addValue(x);
        double half = 1.96 * s.getStandardDeviation() / Math.sqrt(xs.length);
        Stats.Mean m = Stats.mean(xs);
        assertEquals(s.getMean(), m.mean(), 1e-12);
        assertEquals(s.getMean() - half, m.low(), 0.15 * half);
        assertEquals(s.getMean() + half, m.high(), 0.15 * half);
    }

    @Test
    void aSkewedCountsIntervalNeverGoesBelowTheLeastValueAGameGave() {
        // 0 in four games of five and 10 in one: mean 2, and a t interval of -3.55 to 7.55
        Stats.Mean k = Stats.mean(new double[] {0, 0, 0, 0, 10});
        assertEquals(2.0, k.mean(), 1e-12);
        assertEquals(0.0, k.low(), 1e-12, "a count's interval starts at its least value");
        assertTrue(k.high() > 2 && k.high() <= 10, "and ends within the values seen: " + k.high());
        assertEquals(k, Stats.mean(new double[] {0, 0, 0, 0, 10}), "the same games, the same interval");
    }

    @Property(tries = 200)
    void aMeansIntervalHoldsTheMeanWithinTheValuesSeen(@ForAll @Size(min = 1, max = 60) List<@IntRange(min = 0, max = 40) Integer> counts) {
        double[] xs = counts.stream().mapToDouble(Integer::doubleValue).toArray();
        Stats.Mean m = Stats.mean(xs);
        double min = java.util.Arrays.stream(xs).min().orElseThrow(), max = java.util.Arrays.stream(xs).max().orElseThrow();
        assertTrue(min <= m.low() && m.low() <= m.mean() + 1e-9 && m.mean() <= m.high() + 1e-9 && m.high() <= max, m + " within [" + min + ", " + max + "]");
    }
}
