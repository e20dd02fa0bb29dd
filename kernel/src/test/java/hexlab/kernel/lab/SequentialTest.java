package hexlab.kernel.lab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's stopping rule on synthetic games (Bernoulli outcomes, not real games): looked at after
 * every seed, it calls a difference where there is none no more often than alpha, and it finds
 * real differences. The same harness shows the naive rule (a fixed-sample test after every seed)
 * calling far more false differences, so the harness can tell the two apart.
 */
class SequentialTest {
    static final double ALPHA = 0.05;
    static final int COMPARISONS = 2000, MAX_SEEDS = 500;

    static GameRecord game(boolean won) {
        return new GameRecord("v", 0, 0, won ? "blue" : "red", null, 0, 0, "", Map.of(), Map.of(), null, null, 0);
    }

    /** Two arms playing {@code seeds} seeds at most; {@code same} is the chance a seed's two games end alike whatever the rates (paired seeds). */
    record Arms(double base, double variant, double same) {
        boolean[] seed(SplittableRandom r) {
            if (r.nextDouble() < same) {
                boolean x = r.nextDouble() < base;
                return new boolean[] {x, x};
            }
            return new boolean[] {r.nextDouble() < base, r.nextDouble() < variant};
        }
    }

    /** The verdict after playing until decided or {@code max} seeds; and how many seeds that took. */
    record Run(Sequential.Verdict verdict, int seeds) {}

    static Run decide(Arms arms, double margin, int max, SplittableRandom r) {
        var d = new Sequential.Decision(new Sequential.Settings("blue", ALPHA, margin), List.of("base", "variant"));
        int n = 0;
        while (n < max) {
            n++;
            boolean[] s = arms.seed(r);
            if (d.addSeed(List.of(game(s[0]), game(s[1])))) break;
        }
        String word = d.json(max).get("comparisons").get(0).get("verdict").asText();
        for (Sequential.Verdict v : Sequential.Verdict.values()) if (v.word.equals(word)) return new Run(v, n);
        throw new AssertionError(word);
    }

    @Test
    void aaComparisonsLookedAtAfterEverySeedCallADifferenceNoMoreOftenThanAlpha() {
        SplittableRandom r = new SplittableRandom(35);
        double[] rates = {0.05, 0.2, 0.5, 0.8, 0.95};
        int differs = 0;
        for (int i = 0; i < COMPARISONS; i++) {
            double p = rates[i % rates.length];
            // some pairs independent, some mostly alike (variants that rarely change a game)
            Arms aa = new Arms(p, p, i % 2 == 0 ? 0 : 0.7);
            if (decide(aa, 0, MAX_SEEDS, r).verdict() == Sequential.Verdict.DIFFERS) differs++;
        }
        double rate = (double) differs / COMPARISONS;
        assertTrue(rate <= ALPHA, "false differences in " + differs + " of " + COMPARISONS + " A/A comparisons: " + rate);
    }

    @Test
    void theSameHarnessCatchesTheNaiveRuleOfAFixedSampleTestAfterEverySeed() {
        SplittableRandom r = new SplittableRandom(36);
        int differs = 0;
        for (int i = 0; i < COMPARISONS; i++) {
            int a = 0, b = 0;
            for (int n = 1; n <= MAX_SEEDS; n++) {
                if (r.nextDouble() < 0.5) a++;
                if (r.nextDouble() < 0.5) b++;
                // the summary's two-proportion test (its chi-square is this z squared) at 5%
                double pooled = (a + b) / (2.0 * n), se = Math.sqrt(pooled * (1 - pooled) * 2.0 / n);
                if (n >= 10 && se > 0 && Math.abs(a - b) / (n * se) > 1.959964) {
                    differs++;
                    break;
                }
            }
        }
        assertTrue((double) differs / COMPARISONS > 3 * ALPHA, "peeking at a fixed-sample test inflates its error well past alpha: " + differs + " of " + COMPARISONS);
    }

    @Test
    void aDifferenceOfThirtyPointsIsFoundAndOneOfFifteenToo() {
        SplittableRandom r = new SplittableRandom(37);
        for (Arms arms : List.of(new Arms(0.5, 0.8, 0), new Arms(0.85, 1.0, 0), new Arms(0.3, 0.15, 0))) {
            int found = 0;
            for (int i = 0; i < 100; i++) {
                Run run = decide(arms, 0, 2000, r);
                if (run.verdict() == Sequential.Verdict.DIFFERS) found++;
            }
            assertTrue(found >= 99, arms + ": found in " + found + " of 100");
        }
    }

    @Test
    void equalRatesEndWithinTheMarginAndAFarDifferenceIsNotCalledSmall() {
        SplittableRandom r = new SplittableRandom(38);
        int within = 0;
        for (int i = 0; i < 100; i++) if (decide(new Arms(0.95, 0.95, 0.5), 0.05, 2000, r).verdict() == Sequential.Verdict.WITHIN_MARGIN) within++;
        assertTrue(within >= 95, "equal rates within 5 points: " + within + " of 100");
        for (int i = 0; i < 100; i++) assertFalse(decide(new Arms(0.5, 0.7, 0), 0.05, 2000, r).verdict() == Sequential.Verdict.WITHIN_MARGIN);
    }

    @Test
    void theIntervalOnlyNarrowsAndHoldsTheDifferenceSoFar() {
        SplittableRandom r = new SplittableRandom(39);
        Sequential.Comparison c = new Sequential.Comparison(ALPHA);
        double low = -1, high = 1;
        for (int n = 0; n < 400; n++) {
            c.add(r.nextDouble() < 0.4, r.nextDouble() < 0.6);
            assertTrue(c.low() >= low && c.high() <= high, "the running intersection never widens");
            low = c.low();
            high = c.high();
            assertTrue(low >= -1 && high <= 1 && low <= high);
        }
        assertTrue(low > 0.05 && high < 0.4, "400 seeds of 40% against 60%: [" + low + ", " + high + "]");
    }

    @Test
    void aDecisionIsTheSameWhereverItIsComputedAndSaysWhenItCameIn() {
        var settings = new Sequential.Settings("blue", ALPHA, 0);
        var one = new Sequential.Decision(settings, List.of("base", "b", "c"));
        var two = new Sequential.Decision(settings, List.of("base", "b", "c"));
        int at = -1;
        for (int n = 1; n <= 200; n++) {
            var seed = List.of(game(false), game(true), game(n % 2 == 0));
            one.addSeed(seed);
            two.addSeed(seed);
            if (at < 0 && one.decided()) at = n;
        }
        assertEquals(one.json(200), two.json(200));
        assertTrue(at > 0, "0% against 100% and 50% is decided");
        assertEquals(at, one.decidedAt());
        assertTrue(one.json(200).get("method").asText().contains("alpha/2"), "two comparisons share alpha");
    }
}
