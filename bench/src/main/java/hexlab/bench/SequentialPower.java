package hexlab.bench;

import hexlab.kernel.lab.Sequential;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How many seeds simulate --until-decided needs before it calls a difference of a given size, on
 * synthetic Bernoulli games (no rules): for each pair of rates, the median and 90th percentile
 * over RUNS comparisons, at the lab's 95% level. With a batch's games per second this says whether
 * an answer can come within a minute. Usage: SequentialPower [RUNS] [BASE:VARIANT ...]
 */
public final class SequentialPower {
    public static void main(String[] a) {
        int runs = a.length > 0 ? Integer.parseInt(a[0]) : 1000;
        String[] pairs = a.length > 1 ? Arrays.copyOfRange(a, 1, a.length) : new String[] {"0.5:0.65", "0.8:0.95", "0.85:1.0", "0.02:0.17", "0.3:0.6", "0.98:0.5"};
        for (String pair : pairs) {
            double p = Double.parseDouble(pair.split(":")[0]), q = Double.parseDouble(pair.split(":")[1]);
            SplittableRandom r = new SplittableRandom(7);
            int[] seeds = new int[runs];
            for (int k = 0; k < runs; k++) {
                Sequential.Comparison c = new Sequential.Comparison(0.05);
                int n = 0;
                do {
                    n++;
                    c.add(r.nextDouble() < p, r.nextDouble() < q);
                } while (c.verdict(0) == Sequential.Verdict.OPEN && n < 100_000);
                seeds[k] = n;
            }
            Arrays.sort(seeds);
            System.out.printf(Locale.ROOT, "%.2f against %.2f (%+.0f points): seeds to decide, median %d, 90%% %d (%d comparisons)%n",
                    p, q, 100 * (q - p), seeds[runs / 2], seeds[runs * 9 / 10], runs);
        }
    }
}
