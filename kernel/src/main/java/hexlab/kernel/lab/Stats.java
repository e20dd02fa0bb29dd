package hexlab.kernel.lab;

import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The few statistics the lab reports: Wilson intervals (Commons Math), bootstrap intervals of means, a 2x2 test. */
public final class Stats {
    public static final double LEVEL = 0.95;

    /** Resamples of a bootstrap interval: its bounds move by well under a tenth of the interval between two sets of draws. */
    static final int RESAMPLES = 1000;

    private Stats() {}

    /** A rate with its 95% Wilson score interval. */
    public record Rate(int count, int of, double rate, double low, double high) {}

    /** A mean with its 95% percentile bootstrap interval, which stays within the values the games gave. */
    public record Mean(double mean, double low, double high, double sd, long n) {}

    /**
     * The difference of two rates (b - a) with Newcombe's hybrid score interval built from the two
     * Wilson intervals, and the p-value of the chi-square test of the 2x2 table (the two-proportion test).
     */
    public record Difference(double diff, double low, double high, double p) {}

    public static Rate rate(int count, int of) {
        if (of == 0) return new Rate(0, 0, Double.NaN, Double.NaN, Double.NaN);
        ConfidenceInterval ci = new WilsonScoreInterval().createInterval(of, count, LEVEL);
        return new Rate(count, of, (double) count / of, ci.getLowerBound(), ci.getUpperBound());
    }

    /**
     * The mean of {@code values} (in game order) with a 95% percentile bootstrap interval. A metric
     * that counts something (units left, hexes held) is bounded below, and often skewed: on a few
     * games a t interval runs below any value a game can give, even below zero, while the means of
     * resampled games never leave the values seen. The draws are seeded from the values' count, so
     * the same games give the same interval, byte for byte.
     */
    public static Mean mean(double[] values) {
        int n = values.length;
        if (n == 0) return new Mean(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        SummaryStatistics s = new SummaryStatistics();
        for (double x : values) s.addValue(x);
        if (n == 1 || s.getMin() == s.getMax()) return new Mean(s.getMean(), s.getMean(), s.getMean(), n == 1 ? 0 : s.getStandardDeviation(), n);
        SplittableRandom draws = new SplittableRandom(0x5EEDL * 31 + n);
        double[] means = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) sum += values[draws.nextInt(n)];
            means[b] = sum / n;
        }
        Arrays.sort(means);
        double tail = (1 - LEVEL) / 2;
        double low = means[(int) Math.floor(tail * (RESAMPLES - 1))], high = means[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))];
        return new Mean(s.getMean(), low, high, s.getStandardDeviation(), n);
    }

    public static Difference difference(Rate a, Rate b) {
        double d = b.rate() - a.rate();
        double low = d - Math.sqrt(sq(b.rate() - b.low()) + sq(a.high() - a.rate()));
        double high = d + Math.sqrt(sq(b.high() - b.rate()) + sq(a.rate() - a.low()));
        long[][] table = {{a.count(), a.of() - a.count()}, {b.count(), b.of() - b.count()}};
        double p;
        // a column of zeros (both never or both always) leaves nothing to test: the rates are equal
        if ((table[0][0] == 0 && table[1][0] == 0) || (table[0][1] == 0 && table[1][1] == 0)) p = 1.0;
        else p = new ChiSquareTest().chiSquareTest(table);
        return new Difference(d, low, high, p);
    }

    private static double sq(double x) { return x * x; }
}
