package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Stopping a batch as soon as its answer is clear (simulate --until-decided). After every seed
 * that each variant has finished, each variant's difference from the baseline in one outcome's
 * rate gets an interval that holds at every look at once: an anytime-valid confidence sequence,
 * so looking after each seed and stopping when it suits costs no more than the error rate asked
 * for. The batch stops when, for every variant, the interval leaves out zero (a difference) or
 * lies within the margin (no difference that matters).
 *
 * <p>The games of one seed are paired: seed i gives the difference of two outcomes, -1, 0 or +1,
 * independent from seed to seed. Its mean is the difference of the two rates. The interval is
 * the predictable plug-in empirical Bernstein confidence sequence of Waudby-Smith and Ramdas
 * ("Estimating means of bounded random variables by betting", JRSS B 2023, Theorem 2), for values
 * in [0, 1] (the difference shifted and halved), kept as the running intersection of the
 * intervals so far. It adapts to the variance: two variants that mostly agree narrow it fast. No
 * library on Maven Central offers confidence sequences; the formulas are a few lines, and the lab's
 * tests check the error rate by simulation. With several variants, each comparison gets alpha
 * divided by their number, so the chance that any of them is called wrongly stays within alpha.
 */
public final class Sequential {
    private Sequential() {}

    /**
     * @param outcome the outcome whose rate is compared (a winner: a side, {@code draw}, {@code error})
     * @param alpha   the error rate: the chance that a difference is called where there is none, over every look
     * @param margin  a difference smaller than this (as a fraction, 0.05 for 5 points) does not matter; 0: none
     */
    public record Settings(String outcome, double alpha, double margin) {
        public Settings {
            if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha must be between 0 and 1, found " + alpha);
            if (!(margin >= 0 && margin < 1)) throw new IllegalArgumentException("the margin must be 0 to 100 points, found " + 100 * margin);
        }
    }

    /** Where a comparison stands. */
    public enum Verdict {
        /** the interval leaves out zero */
        DIFFERS("differs"),
        /** the interval lies within the margin: whatever the difference, it does not matter */
        WITHIN_MARGIN("within margin"),
        /** neither yet */
        OPEN("undecided");

        public final String word;

        Verdict(String word) { this.word = word; }
    }

    // the largest bet: the paper suggests 1/2 or 3/4; 1/2 loses little and is steadier on the first seeds
    private static final double MAX_BET = 0.5;

    /** The running confidence sequence for the mean of values in [0, 1], at level 1 - alpha. */
    static final class MeanSequence {
        private final double log2OverAlpha;
        private int n;
        private double sumBets, sumBetValues, sumPenalty;   // sum lambda_i, sum lambda_i x_i, sum v_i psi(lambda_i)
        private double sumValues, sumSquares;               // for the predictable mean and variance estimates
        private double meanBefore = 0.5, varianceBefore = 0.25;
        private double low = 0, high = 1;

        MeanSequence(double alpha) { this.log2OverAlpha = Math.log(2 / alpha); }

        void add(double x) {
            n++;
            double bet = Math.min(Math.sqrt(2 * log2OverAlpha / (varianceBefore * n * Math.log(1 + n))), MAX_BET);
            sumBets += bet;
            sumBetValues += bet * x;
            double v = 4 * (x - meanBefore) * (x - meanBefore);
            sumPenalty += v * (-Math.log(1 - bet) - bet) / 4;
            double centre = sumBetValues / sumBets, half = (log2OverAlpha + sumPenalty) / sumBets;
            low = Math.max(low, centre - half);
            high = Math.min(high, centre + half);
            sumValues += x;
            double mean = (0.5 + sumValues) / (n + 1);
            sumSquares += (x - mean) * (x - mean);
            meanBefore = mean;
            varianceBefore = (0.25 + sumSquares) / (n + 1);
        }

        double low() { return low; }

        double high() { return high; }

        int n() { return n; }
    }

    /** One variant against the baseline, seed by seed. */
    public static final class Comparison {
        private final MeanSequence cs;
        private int seeds;
        private double sumDiff;

        /** @param alpha the error rate over every look */
        public Comparison(double alpha) { this.cs = new MeanSequence(alpha); }

        /** A seed's pair of games: whether each ended in the outcome compared. */
        public void add(boolean baseline, boolean variant) {
            int d = (variant ? 1 : 0) - (baseline ? 1 : 0);
            seeds++;
            sumDiff += d;
            cs.add((d + 1) / 2.0);
        }

        /** The difference of the rates so far (variant - baseline). */
        public double diff() { return seeds == 0 ? Double.NaN : sumDiff / seeds; }

        /** The anytime-valid interval of the difference: within [-1, 1]. */
        public double low() { return 2 * cs.low() - 1; }

        public double high() { return 2 * cs.high() - 1; }

        public Verdict verdict(double margin) {
            if (seeds == 0) return Verdict.OPEN;
            if (low() > 0 || high() < 0) return Verdict.DIFFERS;
            if (margin > 0 && low() >= -margin && high() <= margin) return Verdict.WITHIN_MARGIN;
            return Verdict.OPEN;
        }
    }

    /**
     * A batch's comparisons, fed seed by seed in seed order: decided at the first seed count where
     * every variant's verdict is in. The same games give the same decision at the same seed, whoever
     * played them and however many at a time.
     */
    public static final class Decision {
        private final Settings settings;
        private final List<String> names;
        private final List<Comparison> comparisons = new ArrayList<>();
        private int seeds, decidedAt = -1;

        /** @param names the variants in the batch's order; the first is the baseline */
        public Decision(Settings settings, List<String> names) {
            if (names.size() < 2) throw new IllegalArgumentException("deciding needs a baseline and at least one variant to compare with it");
            this.settings = settings;
            this.names = List.copyOf(names);
            for (int i = 1; i < names.size(); i++) comparisons.add(new Comparison(settings.alpha() / (names.size() - 1)));
        }

        /** The next seed's games, one per variant in the batch's order; true once decided (and from then on). */
        public boolean addSeed(List<GameRecord> seed) {
            if (seed.size() != names.size()) throw new IllegalArgumentException("a seed has one game per variant: " + names.size() + ", found " + seed.size());
            seeds++;
            boolean base = hit(seed.getFirst());
            for (int i = 0; i < comparisons.size(); i++) comparisons.get(i).add(base, hit(seed.get(i + 1)));
            if (decidedAt < 0 && comparisons.stream().allMatch(c -> c.verdict(settings.margin()) != Verdict.OPEN)) decidedAt = seeds;
            return decidedAt >= 0;
        }

        private boolean hit(GameRecord r) { return settings.outcome().equals(r.winner()); }

        public boolean decided() { return decidedAt >= 0; }

        /** The seed count at which the answer was in; -1 while undecided. */
        public int decidedAt() { return decidedAt; }

        public int seeds() { return seeds; }

        public Settings settings() { return settings; }

        /** The decision as the summary reports it. */
        public ObjectNode json(int maxSeeds) {
            ObjectNode o = Json.object().put("outcome", settings.outcome()).put("alpha", settings.alpha()).put("margin", Summary.round(settings.margin()))
                    .put("seeds", seeds).put("maxGames", maxSeeds).put("decided", decided());
            o.put("method", "anytime-valid 95% confidence sequence (empirical Bernstein, Waudby-Smith and Ramdas 2023) of each paired difference, "
                    .replace("95%", percent(1 - settings.alpha())) + "checked after every seed"
                    + (comparisons.size() > 1 ? "; each of the " + comparisons.size() + " comparisons at alpha/" + comparisons.size() : ""));
            var list = o.putArray("comparisons");
            for (int i = 0; i < comparisons.size(); i++) {
                Comparison c = comparisons.get(i);
                list.addObject().put("variant", names.get(i + 1)).put("against", names.getFirst())
                        .put("diff", Summary.round(c.diff())).put("low", Summary.round(c.low())).put("high", Summary.round(c.high()))
                        .put("verdict", c.verdict(settings.margin()).word);
            }
            o.put("note", decided() ? "decided after " + seeds + " seeds per variant" + (seeds < maxSeeds ? "" : " (the last allowed)")
                    : "undecided after " + seeds + " seeds per variant" + (seeds >= maxSeeds ? ", the most allowed (--max-games " + maxSeeds + ")" : "")
                    + (settings.margin() == 0 ? "; a --margin lets a comparison end as no difference that matters" : ""));
            return o;
        }

        private static String percent(double x) {
            String s = String.format(Locale.ROOT, "%.1f", 100 * x);
            return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
        }
    }
}
