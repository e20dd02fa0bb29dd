package hexlab.kernel.rules;

import hexlab.kernel.error.InputException;
import hexlab.kernel.seq.Node;
import hexlab.kernel.seq.SequenceParser;
import hexlab.kernel.util.Json;
import hexlab.kernel.yaml.YamlDoc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Reads a system manifest and its section files, resolving {@code extends} child-wins by name. */
final class SystemLoader {
    private static final Pattern SEMVER = Pattern.compile("\\d+\\.\\d+\\.\\d+");
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Set<String> STATUSES = Set.of("printed", "reconstructed", "placeholder");

    private final Catalog catalog;

    SystemLoader(Catalog catalog) { this.catalog = catalog; }

    RuleSystem load(String id) { return load(id, new LinkedHashSet<>()); }

    private RuleSystem load(String id, Set<String> seen) {
        if (!ID.matcher(id).matches()) throw new InputException(null, 0, 0, "unknown system \"" + id + "\" (known: " + String.join(", ", catalog.systemIds()) + ")");
        Path manifest = catalog.tablesDir(id).resolve("system.yaml");
        if (!Files.isRegularFile(manifest)) {
            throw new InputException(null, 0, 0, "unknown system \"" + id + "\" (known: " + String.join(", ", catalog.systemIds()) + ")");
        }
        if (!seen.add(id)) throw new InputException(catalog.display(manifest), "/extends", "systems extend each other in a circle: " + String.join(" -> ", seen) + " -> " + id);
        YamlDoc doc = YamlDoc.load(manifest, catalog.display(manifest));
        try {
            return build(id, doc, manifest, seen);
        } catch (InputException e) {
            throw doc.locate(e);
        }
    }

    private RuleSystem build(String id, YamlDoc doc, Path manifest, Set<String> seen) {
        String file = catalog.display(manifest);
        Map<String, Object> m = doc.map();
        String declared = req(m, "id", file);
        if (!declared.equals(id)) throw new InputException(file, "/id", "id \"" + declared + "\" must match the folder name \"" + id + "\"");
        String version = req(m, "version", file);
        if (!SEMVER.matcher(version).matches()) throw new InputException(file, "/version", "expected a semantic version like 1.0.0, found \"" + version + "\"");

        RuleSystem parent = null;
        if (m.get("extends") != null) parent = load(String.valueOf(m.get("extends")), seen);

        List<String> lineage = new ArrayList<>();
        if (parent != null) lineage.addAll(parent.lineage());
        lineage.add(id);

        Map<String, Section> sections = new LinkedHashMap<>(parent == null ? Map.of() : parent.sections());
        for (Section s : sections(m, id, file)) sections.put(s.name(), s);

        Map<String, Path> maps = new LinkedHashMap<>(parent == null ? Map.of() : parent.maps());
        for (Map.Entry<String, Object> e : mapping(m, "maps", file).entrySet()) {
            maps.put(e.getKey(), catalog.tablesDir(id).resolve(String.valueOf(e.getValue())));
        }

        List<Node> sequence = m.containsKey("sequence")
                ? new SequenceParser(file).parse(m.get("sequence"), "/sequence")
                : parent != null ? parent.sequence() : null;
        if (sequence == null || sequence.isEmpty()) throw new InputException(file, "/sequence", "a system needs a sequence of play (or extends one that has it)");

        List<String> sides = m.containsKey("sides") ? strings(m.get("sides"), file, "/sides") : parent != null ? parent.sides() : null;
        if (sides == null || sides.isEmpty()) throw new InputException(file, "/sides", "expected the list of sides, e.g. [red, blue]");

        Ref setup = m.containsKey("setup") ? ref(m.get("setup"), file, "/setup") : parent != null ? parent.setup() : null;
        if (setup == null) throw new InputException(file, "/setup", "expected setup: <section>.<export>, the procedure that builds a scenario's start position");
        List<String> fixed = m.containsKey("fixed-piece-fields") ? strings(m.get("fixed-piece-fields"), file, "/fixed-piece-fields")
                : parent != null ? parent.fixedPieceFields() : List.of();
        Map<String, Object> defaults = m.containsKey("piece-field-defaults") ? pieceFieldDefaults(m, fixed, file)
                : parent != null ? parent.pieceFieldDefaults() : Map.of();
        Ref invariants = m.containsKey("invariants") ? ref(m.get("invariants"), file, "/invariants") : parent != null ? parent.invariants() : null;
        Ref metrics = m.containsKey("metrics") ? ref(m.get("metrics"), file, "/metrics") : parent != null ? parent.metrics() : null;
        Ref view = m.containsKey("view") ? ref(m.get("view"), file, "/view") : parent != null ? parent.view() : null;
        Ref secrets = m.containsKey("secrets") ? ref(m.get("secrets"), file, "/secrets") : parent != null ? parent.secrets() : null;
        Ref preview = m.containsKey("preview") ? ref(m.get("preview"), file, "/preview") : parent != null ? parent.preview() : null;
        // the secrets say what a view must keep from a side: without a view every side sees the whole state
        if (secrets != null && view == null) throw new InputException(file, "/secrets", "secrets: names what each side may not know, so the system needs a view: <section>.<export> that hides it");

        Map<String, Ref> bots = new LinkedHashMap<>(parent == null ? Map.of() : parent.bots());
        for (Map.Entry<String, Object> e : mapping(m, "bots", file).entrySet()) bots.put(e.getKey(), ref(e.getValue(), file, "/bots/" + e.getKey()));

        Map<String, Ref> overlays = new LinkedHashMap<>(parent == null ? Map.of() : parent.overlays());
        for (Map.Entry<String, Object> e : mapping(m, "overlays", file).entrySet()) overlays.put(e.getKey(), ref(e.getValue(), file, "/overlays/" + e.getKey()));
        // off-map displays (boxes, tracks, pools) drawn beside the board
        Map<String, Ref> displays = new LinkedHashMap<>(parent == null ? Map.of() : parent.displays());
        for (Map.Entry<String, Object> e : mapping(m, "displays", file).entrySet()) displays.put(e.getKey(), ref(e.getValue(), file, "/displays/" + e.getKey()));

        List<OptionDef> options = merge(parent == null ? List.of() : parent.options(), options(m, id, file), OptionDef::id);
        List<ErratumDef> errata = merge(parent == null ? List.of() : parent.errata(), errata(m, id, file), ErratumDef::id);
        List<ScenarioDef> scenarios = merge(parent == null ? List.of() : parent.scenarios(), scenarios(m, id, file), ScenarioDef::id);
        List<PresetDef> own = presets(m, id, file);
        checkPresets(own, options, errata, file);
        List<PresetDef> presets = merge(parent == null ? List.of() : parent.presets(), own, PresetDef::id);

        Map<String, Ref> hooks = new LinkedHashMap<>(overlays);
        displays.forEach((k, v) -> hooks.put("display " + k, v));
        if (metrics != null) hooks.put("metrics", metrics);
        if (view != null) hooks.put("view", view);
        if (secrets != null) hooks.put("secrets", secrets);
        if (preview != null) hooks.put("preview", preview);
        checkRefs(sections, setup, invariants, bots, sequence, hooks, file);
        return new RuleSystem(id, req(m, "name", file), version, str(m.get("source")), List.copyOf(lineage), List.copyOf(sides), setup,
                sections, maps, sequence, options, errata, presets, scenarios, bots, invariants, metrics, overlays, displays, List.copyOf(fixed), defaults, view, secrets, preview, manifest);
    }

    private void checkRefs(Map<String, Section> sections, Ref setup, Ref invariants, Map<String, Ref> bots, List<Node> sequence,
                           Map<String, Ref> overlays, String file) {
        List<Ref> refs = new ArrayList<>();
        refs.add(setup);
        if (invariants != null) refs.add(invariants);
        refs.addAll(bots.values());
        collectRefs(sequence, refs);
        refs.addAll(overlays.values());
        for (Ref r : refs) {
            Section s = sections.get(r.section());
            if (s == null) throw new InputException(file, "/sequence", "\"" + r + "\" names section \"" + r.section() + "\", which is not declared under sections:");
            if (s.scriptFile() == null) throw new InputException(file, "/sequence", "\"" + r + "\" names section \"" + r.section() + "\", which has no script");
        }
    }

    private static void collectRefs(List<Node> nodes, List<Ref> out) {
        for (Node n : nodes) {
            for (Ref r : new Ref[] {n.run(), n.decide(), n.when(), n.whileCond(), n.sides(), n.side(), n.available()}) if (r != null) out.add(r);
            collectRefs(n.children(), out);
        }
    }

    private List<Section> sections(Map<String, Object> m, String systemId, String file) {
        Object o = m.get("sections");
        if (o == null) return List.of();
        if (!(o instanceof List<?> list)) throw new InputException(file, "/sections", "expected a list of sections");
        List<Section> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < list.size(); i++) {
            String ptr = "/sections/" + i;
            if (!(list.get(i) instanceof Map<?, ?> raw)) throw new InputException(file, ptr, "expected a mapping with name, version, table and/or script");
            @SuppressWarnings("unchecked") Map<String, Object> s = (Map<String, Object>) raw;
            String name = req(s, "name", file, ptr);
            if (!names.add(name)) throw new InputException(file, ptr + "/name", "section \"" + name + "\" is declared twice");
            String version = req(s, "version", file, ptr);
            if (!SEMVER.matcher(version).matches()) throw new InputException(file, ptr + "/version", "expected a semantic version like 1.0.0, found \"" + version + "\"");
            Path table = s.get("table") == null ? null : catalog.tablesDir(systemId).resolve(String.valueOf(s.get("table"))).normalize();
            Path script = s.get("script") == null ? null : catalog.scriptsDir(systemId).resolve(String.valueOf(s.get("script"))).normalize();
            if (table == null && script == null) throw new InputException(file, ptr, "a section needs a table:, a script:, or both");
            out.add(section(name, version, str(s.get("rule")), systemId, table, script, file, ptr));
        }
        return out;
    }

    private Section section(String name, String version, String rule, String systemId, Path table, Path script, String file, String ptr) {
        Map<String, Object> tables = new LinkedHashMap<>();
        Map<String, String> status = new LinkedHashMap<>();
        String source = null;
        byte[] tableBytes = new byte[0], scriptBytes = new byte[0];
        if (table != null) {
            if (!Files.isRegularFile(table)) throw new InputException(file, ptr + "/table", "table file " + catalog.display(table) + " not found");
            tableBytes = bytes(table);
            YamlDoc t = YamlDoc.load(table, catalog.display(table));
            String tfile = catalog.display(table);
            try {
                Map<String, Object> tm = t.map();
                source = req(tm, "source", tfile);
                Map<String, Object> ts = mapping(tm, "tables", tfile);
                for (Map.Entry<String, Object> e : ts.entrySet()) {
                    String tptr = "/tables/" + e.getKey();
                    if (!(e.getValue() instanceof Map<?, ?> tv)) throw new InputException(tfile, tptr, "expected a mapping with status: and the table's data");
                    Object st = tv.get("status");
                    if (st == null || !STATUSES.contains(String.valueOf(st))) {
                        throw new InputException(tfile, tptr + "/status", "expected status: printed, reconstructed or placeholder" + (st == null ? "" : ", found \"" + st + "\""));
                    }
                    if (!"printed".equals(st) && tv.get("note") == null) {
                        throw new InputException(tfile, tptr, "a " + st + " table needs a note: saying " + ("placeholder".equals(st) ? "which chart it stands in for" : "what it was derived from"));
                    }
                    tables.put(e.getKey(), e.getValue());
                    status.put(e.getKey(), String.valueOf(st));
                }
            } catch (InputException e) {
                throw t.locate(e);
            }
        }
        String scriptText = null;
        if (script != null) {
            if (!Files.isRegularFile(script)) throw new InputException(file, ptr + "/script", "script file " + catalog.display(script) + " not found");
            scriptBytes = bytes(script);
            scriptText = new String(scriptBytes, java.nio.charset.StandardCharsets.UTF_8);
        }
        byte[] both = new byte[tableBytes.length + scriptBytes.length + 1];
        System.arraycopy(tableBytes, 0, both, 0, tableBytes.length);
        both[tableBytes.length] = 0;   // a separator, so moving bytes between the two files changes the hash
        System.arraycopy(scriptBytes, 0, both, tableBytes.length + 1, scriptBytes.length);
        return new Section(name, version, rule, source, systemId, table, script, scriptText, tables, status, Json.sha256(both));
    }

    private List<OptionDef> options(Map<String, Object> m, String systemId, String file) {
        List<OptionDef> out = new ArrayList<>();
        for (Map<String, Object> o : list(m, "options", file)) {
            String ptr = "/options/" + out.size();
            out.add(new OptionDef(req(o, "id", file, ptr), req(o, "label", file, ptr), str(o.get("rule")), str(o.get("source")),
                    Boolean.TRUE.equals(o.get("default")), systemId));
        }
        return out;
    }

    private List<ErratumDef> errata(Map<String, Object> m, String systemId, String file) {
        List<ErratumDef> out = new ArrayList<>();
        for (Map<String, Object> o : list(m, "errata", file)) {
            String ptr = "/errata/" + out.size();
            Path f = catalog.tablesDir(systemId).resolve(req(o, "file", file, ptr));
            if (!Files.isRegularFile(f)) throw new InputException(file, ptr + "/file", "erratum file " + catalog.display(f) + " not found");
            String status = o.get("status") == null ? "printed" : String.valueOf(o.get("status"));
            if (!status.equals("printed") && !status.equals("reconstructed")) {
                throw new InputException(file, ptr + "/status", "expected status: printed (a published correction) or reconstructed (our own reading), found \"" + status + "\"");
            }
            out.add(new ErratumDef(req(o, "id", file, ptr), req(o, "label", file, ptr), req(o, "source", file, ptr), str(o.get("rule")), f, systemId, status));
        }
        return out;
    }

    private static List<PresetDef> presets(Map<String, Object> m, String systemId, String file) {
        List<PresetDef> out = new ArrayList<>();
        for (Map<String, Object> o : list(m, "presets", file)) {
            String ptr = "/presets/" + out.size();
            Map<String, Object> opts = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : mapping(o, "options", file, ptr).entrySet()) {
                Object v = e.getValue();
                if (!(v instanceof Boolean) && !(v instanceof Number) && !(v instanceof String)) {
                    throw new InputException(file, ptr + "/options/" + e.getKey(), "expected true, false, a number or a string as the option's value, found " + v);
                }
                opts.put(e.getKey(), v instanceof Number n && !(v instanceof Double) ? (Object) n.longValue() : v);
            }
            List<String> errata = o.get("errata") == null ? List.of() : strings(o.get("errata"), file, ptr + "/errata");
            out.add(new PresetDef(req(o, "id", file, ptr), req(o, "label", file, ptr), req(o, "source", file, ptr), str(o.get("rule")),
                    java.util.Collections.unmodifiableMap(opts), List.copyOf(errata), systemId));
        }
        return out;
    }

    // a preset names what the system (with its parents) declares: checked here, so a typo fails at load, not at play
    private static void checkPresets(List<PresetDef> own, List<OptionDef> options, List<ErratumDef> errata, String file) {
        Set<String> optionIds = new java.util.HashSet<>(options.stream().map(OptionDef::id).toList());
        Set<String> errataIds = new java.util.HashSet<>(errata.stream().map(ErratumDef::id).toList());
        for (int i = 0; i < own.size(); i++) {
            PresetDef p = own.get(i);
            String ptr = "/presets/" + i;
            for (String o : p.options().keySet()) {
                if (!optionIds.contains(o)) throw new InputException(file, ptr + "/options/" + o, "preset \"" + p.id() + "\" sets option \"" + o
                        + "\", which is not declared under options: (options: " + String.join(", ", options.stream().map(OptionDef::id).toList()) + ")");
            }
            for (int j = 0; j < p.errata().size(); j++) {
                if (!errataIds.contains(p.errata().get(j))) throw new InputException(file, ptr + "/errata/" + j, "preset \"" + p.id() + "\" applies erratum \""
                        + p.errata().get(j) + "\", which is not declared under errata: (errata: " + String.join(", ", errata.stream().map(ErratumDef::id).toList()) + ")");
            }
        }
    }

    private List<ScenarioDef> scenarios(Map<String, Object> m, String systemId, String file) {
        List<ScenarioDef> out = new ArrayList<>();
        for (Map<String, Object> o : list(m, "scenarios", file)) {
            String ptr = "/scenarios/" + out.size();
            out.add(new ScenarioDef(req(o, "id", file, ptr), catalog.scenariosDir(systemId).resolve(req(o, "file", file, ptr)).normalize(), systemId));
        }
        return out;
    }

    private static <T> List<T> merge(List<T> parent, List<T> child, java.util.function.Function<T, String> key) {
        Map<String, T> out = new LinkedHashMap<>();
        for (T t : parent) out.put(key.apply(t), t);
        for (T t : child) out.put(key.apply(t), t);
        return List.copyOf(out.values());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> m, String key, String file) {
        Object o = m.get(key);
        if (o == null) return List.of();
        if (!(o instanceof List<?> l)) throw new InputException(file, "/" + key, "expected a list");
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            if (!(l.get(i) instanceof Map<?, ?> e)) throw new InputException(file, "/" + key + "/" + i, "expected a mapping");
            out.add((Map<String, Object>) e);
        }
        return out;
    }

    private static Map<String, Object> mapping(Map<String, Object> m, String key, String file) { return mapping(m, key, file, ""); }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapping(Map<String, Object> m, String key, String file, String ptr) {
        Object o = m.get(key);
        if (o == null) return Map.of();
        if (!(o instanceof Map<?, ?> mm)) throw new InputException(file, ptr + "/" + key, "expected a mapping");
        return (Map<String, Object>) mm;
    }

    // a field's default is compared with ===, so only a scalar can be one; a fixed field never changes, so it has none
    private static Map<String, Object> pieceFieldDefaults(Map<String, Object> m, List<String> fixed, String file) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : mapping(m, "piece-field-defaults", file).entrySet()) {
            String ptr = "/piece-field-defaults/" + e.getKey();
            Object v = e.getValue();
            if (v != null && !(v instanceof String) && !(v instanceof Boolean) && !(v instanceof Number)) {
                throw new InputException(file, ptr, "expected a default that is null, true, false, a number or a string, found " + v);
            }
            if (v instanceof Number n && !Double.isFinite(n.doubleValue())) throw new InputException(file, ptr, "expected a finite number, found " + v);
            if (fixed.contains(e.getKey())) throw new InputException(file, ptr, "\"" + e.getKey() + "\" is a fixed piece field: it never changes, so it has no default");
            out.put(e.getKey(), v);
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    private static List<String> strings(Object o, String file, String ptr) {
        if (!(o instanceof List<?> l)) throw new InputException(file, ptr, "expected a list of names");
        return l.stream().map(String::valueOf).toList();
    }

    private static Ref ref(Object o, String file, String ptr) {
        try {
            return Ref.parse(o == null ? null : String.valueOf(o));
        } catch (IllegalArgumentException e) {
            throw new InputException(file, ptr, e.getMessage());
        }
    }

    private static String req(Map<String, Object> m, String key, String file) { return req(m, key, file, ""); }

    private static String req(Map<String, Object> m, String key, String file, String ptr) {
        Object v = m.get(key);
        if (v == null || String.valueOf(v).isBlank()) throw new InputException(file, ptr.isEmpty() ? "/" : ptr, "missing required key \"" + key + "\"");
        return String.valueOf(v);
    }

    private static String str(Object o) { return o == null ? null : String.valueOf(o); }

    private byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new InputException(catalog.display(p), 0, 0, "cannot read: " + e.getMessage());
        }
    }
}
