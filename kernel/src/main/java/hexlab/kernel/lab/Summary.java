package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Per-variant outcome rates, lengths, metrics and rule usage, and each variant against the first. */
public final class Summary {
    private Summary() {}

    /** How a variant is named in a summary: its name in the batch, and its variant id and spec when known (null when read back from a CSV). */
    public record Label(String name, String id, String spec, List<hexlab.kernel.rules.DraftErratum> drafts) {
        public Label(String name, String id, String spec) { this(name, id, spec, List.of()); }

        public static Label of(String name, hexlab.kernel.rules.Variant v) { return new Label(name, v.id(), v.spec(), v.drafts()); }
    }

    /** What a time limit did to a batch: the seeds asked for, the seeds every variant finished, and how to play the same games again. */
    public static ObjectNode timeLimit(int seconds, int asked, int played) {
        return Json.object().put("seconds", seconds).put("gamesAsked", asked).put("gamesPlayed", played).put("stopped", played < asked)
                .put("note", played < asked ? "stopped by the time limit after " + played + " of " + asked + " seeds per variant; --games " + played
                        + " without --time-limit plays the same games" : "every seed finished within the time limit");
    }

    public static ObjectNode of(List<Batch.Entry> variants, List<GameRecord> records) { return ofLabels(labels(variants), records); }

    /** The batch's variants as a summary names them. */
    public static List<Label> labels(List<Batch.Entry> variants) {
        return variants.stream().map(e -> Label.of(e.name(), e.variant())).toList();
    }

    public static ObjectNode ofLabels(List<Label> variants, List<GameRecord> records) { return build(variants, records, true); }

    /**
     * The answer so far, cheap enough to ask after every game: the outcome rates of each variant and
     * each variant against the baseline, without lengths, metrics, usage or provenance.
     */
    public static ObjectNode soFar(List<Label> variants, List<GameRecord> records) { return build(variants, records, false); }

    private static ObjectNode build(List<Label> variants, List<GameRecord> records, boolean whole) {
        Map<String, List<GameRecord>> by = new LinkedHashMap<>();
        for (Label e : variants) by.put(e.name(), new ArrayList<>());
        for (GameRecord r : records) by.get(r.variant()).add(r);
        TreeSet<String> outcomes = new TreeSet<>(), levels = new TreeSet<>();
        for (GameRecord r : records) {
            outcomes.add(r.winner());
            if (r.level() != null) levels.add(r.winner() + " " + r.level());
        }
        ObjectNode root = Json.object();
        ArrayNode vs = root.putArray("variants");
        Map<String, Map<String, Stats.Rate>> rates = new LinkedHashMap<>();
        for (Label e : variants) {
            List<GameRecord> games = by.get(e.name());
            ObjectNode v = vs.addObject();
            v.put("name", e.name()).put("id", e.id()).put("spec", e.spec()).put("games", games.size());
            if (!e.drafts().isEmpty()) v.set("drafts", hexlab.kernel.rules.DraftErratum.listJson(e.drafts()));
            Map<String, Stats.Rate> rs = new LinkedHashMap<>();
            ObjectNode oc = v.putObject("outcomes");
            for (String o : outcomes) {
                Stats.Rate r = Stats.rate((int) games.stream().filter(g -> g.winner().equals(o)).count(), games.size());
                rs.put(o, r);
                oc.set(o, rate(r));
            }
            rates.put(e.name(), rs);
            if (!whole) continue;
            ObjectNode lv = v.putObject("levels");
            for (String l : levels) {
                lv.set(l, rate(Stats.rate((int) games.stream().filter(g -> g.level() != null && (g.winner() + " " + g.level()).equals(l)).count(), games.size())));
            }
            List<Double> turns = new ArrayList<>(), acts = new ArrayList<>();
            Map<String, List<Double>> metrics = new TreeMap<>();
            Map<String, int[]> usage = new TreeMap<>();
            List<GameRecord> broken = new ArrayList<>();
            for (GameRecord g : games) {
                if (g.error() != null) {
                    broken.add(g);
                    continue;
                }
                turns.add((double) g.turn());
                acts.add((double) g.actions());
                g.metrics().forEach((k, x) -> metrics.computeIfAbsent(k, q -> new ArrayList<>()).add(x));
                g.usage().forEach((k, n) -> {
                    int[] u = usage.computeIfAbsent(k, q -> new int[2]);
                    u[0]++;
                    u[1] += n;
                });
            }
            v.set("turns", mean(turns));
            v.set("actions", mean(acts));
            ObjectNode m = v.putObject("metrics");
            metrics.forEach((k, xs) -> m.set(k, mean(xs)));
            ObjectNode u = v.putObject("usage");
            usage.forEach((k, n) -> u.putObject(k).put("games", n[0]).put("times", n[1]));
            // a batch read back from a CSV has no usage, so nothing to say about provenance either
            if (games.stream().anyMatch(g -> !g.usage().isEmpty())) v.set("provenance", exposure(games, usage));
            ArrayNode errs = v.putArray("errors");
            for (GameRecord g : broken) errs.addObject().put("game", g.game()).put("seed", g.seed()).put("error", g.error()).put("save", g.save());
        }
        ArrayNode cmp = root.putArray("comparisons");
        if (variants.size() > 1) {
            String base = variants.getFirst().name();
            for (Label e : variants.subList(1, variants.size())) {
                ObjectNode c = cmp.addObject().put("variant", e.name()).put("against", base);
                ObjectNode d = c.putObject("outcomes");
                for (String o : outcomes) {
                    Stats.Difference x = Stats.difference(rates.get(base).get(o), rates.get(e.name()).get(o));
                    ObjectNode one = number(number(number(number(d.putObject(o), "diff", x.diff()), "low", x.low()), "high", x.high()), "p", x.p());
                    one.put("significant", x.p() < 0.05);
                }
            }
        }
        return root;
    }

    /** How many sources of each kind a variant's report lists, most games first. */
    static final int TOP_SOURCES = 5;

    /**
     * Placeholder and reconstructed data that decided something: per status, the share of the
     * variant's finished games in which any did (with its interval), and the sources that did in
     * the most games (the usage keys {@code placeholder:<source>}, {@code reconstructed:<source>}).
     */
    private static ObjectNode exposure(List<GameRecord> games, Map<String, int[]> usage) {
        ObjectNode out = Json.object();
        List<GameRecord> finished = games.stream().filter(g -> g.error() == null).toList();
        for (String status : List.of("placeholder", "reconstructed")) {
            String prefix = status + ":";
            int exposed = (int) finished.stream().filter(g -> g.usage().keySet().stream().anyMatch(k -> k.startsWith(prefix))).count();
            ObjectNode o = out.putObject(status);
            o.set("games", rate(Stats.rate(exposed, finished.size())));
            ArrayNode top = o.putArray("sources");
            usage.entrySet().stream().filter(x -> x.getKey().startsWith(prefix))
                    .sorted((a, b) -> a.getValue()[0] != b.getValue()[0] ? Integer.compare(b.getValue()[0], a.getValue()[0]) : a.getKey().compareTo(b.getKey()))
                    .limit(TOP_SOURCES)
                    .forEach(x -> top.addObject().put("source", x.getKey().substring(prefix.length())).put("games", x.getValue()[0]).put("times", x.getValue()[1]));
        }
        return out;
    }

    private static ObjectNode rate(Stats.Rate r) {
        ObjectNode o = Json.object().put("count", r.count());
        return number(number(number(o, "rate", r.rate()), "low", r.low()), "high", r.high());
    }

    private static ObjectNode mean(List<Double> values) {
        Stats.Mean m = Stats.mean(values.stream().mapToDouble(Double::doubleValue).toArray());
        return number(number(number(number(Json.object(), "mean", m.mean()), "low", m.low()), "high", m.high()), "sd", m.sd());
    }

    // JSON has no NaN: a mean or rate over no games is null
    private static ObjectNode number(ObjectNode o, String field, double x) {
        return Double.isNaN(x) ? o.putNull(field) : o.put(field, round(x));
    }

    /** Four decimals: enough for rates, and stable text for byte-identical output. */
    /** What a game of {@code sys} may end in: a side's win, a draw, or a broken game. */
    public static List<String> outcomes(hexlab.kernel.rules.RuleSystem sys) {
        List<String> out = new ArrayList<>(sys.sides());
        out.addAll(List.of("draw", "error"));
        return out;
    }

    /** A summary variant's most frequent outcome (the first in order on a tie). */
    public static String commonest(com.fasterxml.jackson.databind.JsonNode variant) {
        String top = null;
        int most = -1;
        for (var it = variant.get("outcomes").fields(); it.hasNext(); ) {
            var o = it.next();
            if (o.getValue().get("count").asInt() > most) {
                most = o.getValue().get("count").asInt();
                top = o.getKey();
            }
        }
        return top;
    }

    static double round(double x) { return Double.isNaN(x) ? x : Math.round(x * 10_000) / 10_000.0; }
}
