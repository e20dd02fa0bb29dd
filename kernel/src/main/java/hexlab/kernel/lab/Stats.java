package hexlab.kernel.lab;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/** The few statistics the lab reports, from Commons Math: Wilson intervals, t intervals (within the values seen), a 2x2 test. */
public final class Stats {
    public static final double LEVEL = 0.95;

    private Stats() {}

    /** A rate with its 95% Wilson score interval. */
    public record Rate(int count, int of, double rate, double low, double high) {}

    /** A mean with its 95% t interval, kept within the smallest and largest values seen. */
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

    public static Mean mean(SummaryStatistics s) {
        long n = s.getN();
        if (n == 0) return new Mean(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        if (n == 1) return new Mean(s.getMean(), s.getMean(), s.getMean(), 0, 1);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
        double half = t * s.getStandardDeviation() / Math.sqrt(n);
        // on a few games the t interval of a skewed count (units left on the map) runs below any value
        // a game gave, even below zero; a percentile bootstrap never leaves the values seen either
        double low = Math.max(s.getMin(), s.getMean() - half), high = Math.min(s.getMax(), s.getMean() + half);
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
