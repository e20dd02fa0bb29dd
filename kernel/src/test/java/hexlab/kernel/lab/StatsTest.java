package hexlab.kernel.lab;

import org.junit.jupiter.api.Test;

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
    void tIntervalOfAMeanMatchesTheTextbookValueAndStaysWithinTheValuesSeen() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sd 2.138, t(7, 0.975) = 2.3646: 3.2126 to 6.7874
        org.apache.commons.math3.stat.descriptive.SummaryStatistics s = new org.apache.commons.math3.stat.descriptive.SummaryStatistics();
        for (double x : new double[] {2, 4, 4, 4, 5, 5, 7, 9}) s.addValue(x);
        Stats.Mean m = Stats.mean(s);
        assertEquals(5.0, m.mean(), 1e-12);
        assertEquals(3.2126, m.low(), 5e-4);
        assertEquals(6.7874, m.high(), 5e-4);
        // a count that is 0 in four games of five and 10 in one: mean 2, sd 4.472, t(4) = 2.7764: -3.553 to 7.553
        org.apache.commons.math3.stat.descriptive.SummaryStatistics skewed = new org.apache.commons.math3.stat.descriptive.SummaryStatistics();
        for (double x : new double[] {0, 0, 0, 0, 10}) skewed.addValue(x);
        Stats.Mean k = Stats.mean(skewed);
        assertEquals(2.0, k.mean(), 1e-12);
        assertEquals(0.0, k.low(), 1e-12, "never below the least value a game gave");
        assertEquals(7.553, k.high(), 5e-4, "inside the values seen, the t bound stands");
    }
}
