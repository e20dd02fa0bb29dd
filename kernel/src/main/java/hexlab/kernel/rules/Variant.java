package hexlab.kernel.rules;

import hexlab.kernel.error.InputException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A variant: a system, the options chosen and the errata applied. Its id is stable (options and
 * errata sorted, defaults left out), so two runs of the same variant are recognised as such.
 */
public final class Variant {
    private final RuleSystem system;
    private final Map<String, Object> options;      // every declared option, with its value
    private final List<String> errata;              // sorted
    private final List<DraftErratum> drafts;        // errata being written, applied after the files
    private final Overlay overlay;

    private Variant(RuleSystem system, Map<String, Object> options, List<String> errata, List<DraftErratum> drafts, Overlay overlay) {
        this.system = system;
        this.options = options;
        this.errata = errata;
        this.drafts = drafts;
        this.overlay = overlay;
    }

    public static Variant base(RuleSystem system) { return of(system, Map.of(), List.of()); }

    /**
     * @param chosen option id to value (true or false); unknown ids and other values refused
     * @param errataIds errata to apply; unknown ids refused
     */
    public static Variant of(RuleSystem system, Map<String, Object> chosen, List<String> errataIds) { return of(system, chosen, errataIds, List.of()); }

    /** @param drafts errata being written (not files of the tree), applied after the declared ones, each change checked against the table's shape */
    public static Variant of(RuleSystem system, Map<String, Object> chosen, List<String> errataIds, List<DraftErratum> drafts) {
        Map<String, Object> opts = new TreeMap<>();
        for (OptionDef o : system.options()) opts.put(o.id(), o.defaultValue());
        for (Map.Entry<String, Object> e : chosen.entrySet()) {
            if (system.option(e.getKey()).isEmpty()) {
                throw new InputException(null, 0, 0, "unknown option \"" + e.getKey() + "\" for system " + system.id()
                        + " (options: " + String.join(", ", system.options().stream().map(OptionDef::id).toList()) + ")");
            }
            // every option is a switch (its declared default is true or false): a misspelt value is not "on"
            if (!(e.getValue() instanceof Boolean)) {
                throw new InputException(null, 0, 0, "option \"" + e.getKey() + "\" is on or off: give true or false, found "
                        + (e.getValue() instanceof String t ? "\"" + t + "\"" : String.valueOf(e.getValue())));
            }
            opts.put(e.getKey(), e.getValue());
        }
        TreeSet<String> er = new TreeSet<>();
        for (String id : errataIds) {
            if (system.erratum(id).isEmpty()) {
                throw new InputException(null, 0, 0, "unknown erratum \"" + id + "\" for system " + system.id()
                        + " (errata: " + String.join(", ", system.errata().stream().map(ErratumDef::id).toList()) + ")");
            }
            er.add(id);
        }
        List<ErratumDef> defs = er.stream().map(id -> system.erratum(id).orElseThrow()).toList();
        java.util.Set<String> draftIds = new java.util.HashSet<>();
        for (DraftErratum d : drafts) {
            if (system.erratum(d.id()).isPresent() || !draftIds.add(d.id())) {
                throw new InputException(null, 0, 0, "draft erratum \"" + d.id() + "\": the id is taken (by " + (draftIds.contains(d.id()) && system.erratum(d.id()).isEmpty()
                        ? "another draft" : "an erratum of " + system.id()) + "); name it otherwise");
            }
        }
        return new Variant(system, opts, List.copyOf(er), List.copyOf(drafts), Overlay.apply(system, defs, drafts));
    }

    /**
     * Parses "preset:p,option:a,option:b=3,errata:x" (the form the command line and saves use). A preset
     * expands to its options and errata; options and errata named beside it win over it.
     */
    public static Variant parse(RuleSystem system, String spec) { return parse(system, spec, List.of()); }

    /** As {@link #parse(RuleSystem, String)}, with the drafts the spec names as draft:<id> (a save holds them beside its spec). */
    public static Variant parse(RuleSystem system, String spec, List<DraftErratum> drafts) {
        List<String> named = new ArrayList<>();
        Map<String, Object> presetOpts = new LinkedHashMap<>();
        List<String> presetErrata = new ArrayList<>();
        Map<String, Object> opts = new LinkedHashMap<>();
        List<String> er = new ArrayList<>();
        if (spec != null && !spec.isBlank()) {
            for (String part : spec.split(",")) {
                String p = part.trim();
                if (p.isEmpty()) continue;
                if (p.startsWith("option:")) {
                    String o = p.substring(7);
                    int eq = o.indexOf('=');
                    if (eq < 0) opts.put(o, Boolean.TRUE);
                    else opts.put(o.substring(0, eq), value(o.substring(eq + 1)));
                } else if (p.startsWith("errata:") || p.startsWith("erratum:")) {
                    er.add(p.substring(p.indexOf(':') + 1));
                } else if (p.startsWith("draft:")) {
                    named.add(p.substring(6));
                } else if (p.startsWith("preset:")) {
                    PresetDef preset = preset(system, p.substring(7));
                    presetOpts.putAll(preset.options());
                    presetErrata.addAll(preset.errata());
                } else {
                    throw new InputException(null, 0, 0, "variant part \"" + p + "\": expected option:<id>[=value], errata:<id> or preset:<id>");
                }
            }
        }
        presetOpts.putAll(opts);
        presetErrata.addAll(er);
        List<DraftErratum> used = new ArrayList<>();
        for (String id : named) {
            used.add(drafts.stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow(() -> new InputException(null, 0, 0,
                    "variant part \"draft:" + id + "\": no draft erratum of that id comes with it (a save or request holds its drafts beside the spec)")));
        }
        return of(system, presetOpts, presetErrata, used);
    }

    /** The system's preset of that id; an unknown id is refused with the list of those there are. */
    public static PresetDef preset(RuleSystem system, String id) {
        return system.preset(id).orElseThrow(() -> new InputException(null, 0, 0, "unknown preset \"" + id + "\" for system " + system.id()
                + (system.presets().isEmpty() ? " (it declares no presets)" : " (presets: " + String.join(", ", system.presets().stream().map(PresetDef::id).toList()) + ")")));
    }

    /** The presets whose options and errata are exactly this variant's: what a chooser shows as selected. */
    public List<String> presets() {
        List<String> out = new ArrayList<>();
        for (PresetDef p : system.presets()) {
            Map<String, Object> opts = new TreeMap<>();
            for (OptionDef o : system.options()) opts.put(o.id(), o.defaultValue());
            opts.putAll(p.options());
            if (opts.equals(options) && new TreeSet<>(p.errata()).equals(new TreeSet<>(errata))) out.add(p.id());
        }
        return out;
    }

    // "true" and "false" are the values a switch takes; anything else is kept as written, for of() to name
    private static Object value(String v) {
        return v.equals("true") || v.equals("false") ? (Object) Boolean.parseBoolean(v) : v;
    }

    public RuleSystem system() { return system; }

    public Map<String, Object> options() { return options; }

    public List<String> errata() { return errata; }

    public List<DraftErratum> drafts() { return drafts; }

    /** Options that differ from their defaults, sorted. */
    public Map<String, Object> chosenOptions() {
        Map<String, Object> out = new TreeMap<>();
        for (OptionDef o : system.options()) {
            Object v = options.get(o.id());
            if (!v.equals(o.defaultValue())) out.put(o.id(), v);
        }
        return out;
    }

    /** Effective tables of a section (errata applied). */
    public Map<String, Object> tables(String section) { return overlay.tables(section); }

    public Overlay overlay() { return overlay; }

    /** "crusader", "crusader+option:x+errata:y": what a designer reads and types. */
    public String id() {
        StringBuilder sb = new StringBuilder(system.id());
        for (Map.Entry<String, Object> e : chosenOptions().entrySet()) {
            sb.append("+option:").append(e.getKey());
            if (!(e.getValue() instanceof Boolean b && b)) sb.append('=').append(e.getValue());
        }
        for (String e : errata) sb.append("+errata:").append(e);
        for (DraftErratum d : drafts) sb.append("+draft:").append(d.id()).append('@').append(d.fingerprint());
        return sb.toString();
    }

    /** The same variant in the comma form {@link #parse} reads. */
    public String spec() {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Object> e : chosenOptions().entrySet()) {
            parts.add("option:" + e.getKey() + (e.getValue() instanceof Boolean b && b ? "" : "=" + e.getValue()));
        }
        for (String e : errata) parts.add("errata:" + e);
        for (DraftErratum d : drafts) parts.add("draft:" + d.id());
        return String.join(",", parts);
    }

    @Override
    public String toString() { return id(); }
}
