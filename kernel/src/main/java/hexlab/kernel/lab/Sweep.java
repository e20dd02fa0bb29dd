package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.rules.DraftErratum;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sweep: what one table entry does over a range of values ("the rough-terrain attack shift
 * between -2 and +2"). Each value becomes a variant: the baseline with a draft erratum that
 * replaces the entry, checked against the table's shape as any drafted change is (a number stays
 * a number, text keeps its form). The baseline itself stands for the value the tables hold now.
 *
 * @param path    the entry, section/table/key or index/...
 * @param current its value in the baseline
 * @param values  the values swept, in the order given; the current one among them is the baseline's
 * @param names   the variant of each value, in the same order
 */
public record Sweep(String path, Object current, List<Object> values, List<String> names) {
    /** The id of the draft erratum each value's variant carries. */
    static final String DRAFT = "sweep";
    /** Values in one sweep at most: each is a variant playing every seed. */
    public static final int MAX_VALUES = 40;

    private static final Pattern RANGE = Pattern.compile("(-?\\d+(?:\\.\\d+)?)\\.\\.(-?\\d+(?:\\.\\d+)?)(?::(\\d+(?:\\.\\d+)?))?");

    public Sweep {
        values = List.copyOf(values);
        names = List.copyOf(names);
    }

    /**
     * {@code SECTION/TABLE/PATH=V1,V2,...} or {@code SECTION/TABLE/PATH=A..B[:STEP]} (a range, both
     * ends included, step 1 unless given) over the entry as {@code base} holds it; {@code where}
     * names the argument in errors.
     */
    public static Sweep parse(Variant base, String arg, String where) {
        int eq = arg.indexOf('=');
        if (eq <= 0 || eq == arg.length() - 1) {
            throw new InputException(where, 0, 0, "expected SECTION/TABLE/PATH=V1,V2,... or SECTION/TABLE/PATH=A..B[:STEP], found \"" + arg + "\"");
        }
        return of(base, arg.substring(0, eq).trim(), values(arg.substring(eq + 1).trim(), where), where);
    }

    /** The sweep of {@code path} in {@code base} over {@code values}. */
    public static Sweep of(Variant base, String path, List<Object> values, String where) {
        if (values.isEmpty()) throw new InputException(where, 0, 0, "no values to sweep");
        if (values.size() > MAX_VALUES) throw new InputException(where, 0, 0, values.size() + " values: a sweep takes at most " + MAX_VALUES);
        Object current = base.overlay().valueAt(path, where);
        List<String> names = new ArrayList<>();
        String key = label(path);
        for (Object v : values) {
            String name = same(v, current) ? "baseline" : key + "=" + text(v);
            if (names.contains(name)) throw new InputException(where, 0, 0, "the value " + text(v) + " is given twice");
            names.add(name);
        }
        Sweep s = new Sweep(path, current, values, names);
        for (Object v : values) if (!same(v, current)) s.variant(base, v, where);     // each value checked against the table's shape now
        return s;
    }

    /** The variants: the baseline first (the value held now), then one per other value. */
    public List<Batch.Entry> variants(Batch.Entry base) {
        List<Batch.Entry> out = new ArrayList<>(List.of(new Batch.Entry("baseline", base.variant())));
        for (int i = 0; i < values.size(); i++) if (!names.get(i).equals("baseline")) out.add(new Batch.Entry(names.get(i), variant(base.variant(), values.get(i), path)));
        return out;
    }

    private Variant variant(Variant base, Object value, String where) {
        Map<String, Object> change = new LinkedHashMap<>();
        change.put("op", "replace");
        change.put("path", path);
        change.put("value", value);
        DraftErratum d = new DraftErratum(DRAFT, "sweep of " + path + ": " + text(value), "simulate --sweep", null, List.of(change));
        List<DraftErratum> drafts = new ArrayList<>(base.drafts());
        drafts.add(d);
        try {
            return Variant.of(base.system(), base.options(), base.errata(), drafts);
        } catch (InputException e) {
            throw new InputException(where, 0, 0, "the value " + text(value) + ": " + e.getMessage());
        }
    }

    /** The values of {@code text}: a list, or a range with its step; each read as YAML reads a scalar (a number, true or false, or text). */
    static List<Object> values(String text, String where) {
        Matcher m = RANGE.matcher(text);
        List<Object> out = new ArrayList<>();
        if (m.matches()) {
            BigDecimal from = new BigDecimal(m.group(1)), to = new BigDecimal(m.group(2)), step = m.group(3) == null ? BigDecimal.ONE : new BigDecimal(m.group(3));
            if (step.signum() <= 0) throw new InputException(where, 0, 0, "the step of " + text + " must be more than 0");
            if (to.compareTo(from) < 0) throw new InputException(where, 0, 0, "the range " + text + " runs backwards: write the smaller value first");
            if (to.subtract(from).divide(step, java.math.RoundingMode.FLOOR).compareTo(BigDecimal.valueOf(MAX_VALUES)) >= 0) {
                throw new InputException(where, 0, 0, "the range " + text + " has more than " + MAX_VALUES + " values");
            }
            for (BigDecimal x = from; x.compareTo(to) <= 0; x = x.add(step)) out.add(scalar(x.stripTrailingZeros().toPlainString()));
            return out;
        }
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) throw new InputException(where, 0, 0, "an empty value in \"" + text + "\"");
            out.add(scalar(p));
        }
        return out;
    }

    private static Object scalar(String s) {
        if (s.matches("[-+]?\\d{1,9}")) return Integer.parseInt(s);
        if (s.matches("[-+]?\\d+")) return Long.parseLong(s);
        if (s.matches("[-+]?(\\d+\\.\\d*|\\.\\d+)([eE][-+]?\\d+)?")) return Double.parseDouble(s);
        if (s.equals("true") || s.equals("false")) return Boolean.parseBoolean(s);
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) return s.substring(1, s.length() - 1);
        return s;
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) return decimal(x).compareTo(decimal(y)) == 0;
        return a.equals(b);
    }

    /** A value as the names and the plot print it: 1.5, -2, true, D2. */
    public static String text(Object v) {
        if (v instanceof Double d && d == Math.rint(d) && !d.isInfinite()) return Long.toString(d.longValue());
        return String.valueOf(v);
    }

    // the entry's name in a variant's name: the path after section and table ("shift/rough" for combat/terrain/shift/rough)
    private static String label(String path) {
        String[] parts = path.split("/", 3);
        return parts.length < 3 ? path : parts[2];
    }

    public ObjectNode json() {
        ObjectNode o = Json.object().put("path", path);
        o.set("current", Json.MAPPER.valueToTree(current));
        var vs = o.putArray("values");
        for (int i = 0; i < values.size(); i++) {
            ObjectNode v = vs.addObject().put("variant", names.get(i));
            v.set("value", Json.MAPPER.valueToTree(values.get(i)));
        }
        return o;
    }

    /** A sweep {@link #json()} wrote. */
    public static Sweep of(JsonNode j) {
        List<Object> values = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonNode v : j.path("values")) {
            values.add(Json.MAPPER.convertValue(v.path("value"), Object.class));
            names.add(v.path("variant").asText());
        }
        return new Sweep(j.path("path").asText(), Json.MAPPER.convertValue(j.path("current"), Object.class), values, names);
    }

    /**
     * The sweep's answer: the baseline (the value held now) and each other value, with its
     * variant's games and every outcome's rate and interval, read from a summary's variants; in
     * the order of the values when they are all numbers, else the baseline first. A value whose
     * variant finished no game (a batch stopped early) has no rates.
     */
    public ObjectNode report(JsonNode summaryVariants) {
        ObjectNode o = json();
        o.remove("values");
        List<Integer> order = new ArrayList<>();      // -1 is the baseline
        order.add(-1);
        for (int i = 0; i < values.size(); i++) if (!names.get(i).equals("baseline")) order.add(i);
        boolean numeric = current instanceof Number && values.stream().allMatch(v -> v instanceof Number);
        if (numeric) order.sort((x, y) -> decimal(x < 0 ? current : values.get(x)).compareTo(decimal(y < 0 ? current : values.get(y))));
        o.put("numeric", numeric);
        var points = o.putArray("points");
        for (int i : order) {
            String name = i < 0 ? "baseline" : names.get(i);
            ObjectNode p = points.addObject().put("variant", name).put("current", i < 0);
            p.set("value", Json.MAPPER.valueToTree(i < 0 ? current : values.get(i)));
            for (JsonNode v : summaryVariants) {
                if (!v.path("name").asText().equals(name)) continue;
                p.put("games", v.path("games").asInt());
                p.set("outcomes", v.path("outcomes"));
            }
        }
        return o;
    }

    private static BigDecimal decimal(Object n) { return new BigDecimal(n.toString()); }
}
