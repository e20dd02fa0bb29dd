package hexlab.kernel.check;

import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Boards;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.ErratumDef;
import hexlab.kernel.rules.Ref;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.ManifestLines;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.seq.Node;
import hexlab.kernel.yaml.SchemaValidator;
import hexlab.kernel.yaml.YamlDoc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks a system the way a modder needs before playing it: every YAML file against its schema,
 * the manifest and tables as the kernel reads them, every script compiled, every reference from
 * the sequence to a script export resolved, every erratum applied, every scenario set up.
 */
public final class Validator {
    /** One problem, as {@code file:line:col: message}. */
    public record Problem(String where, String message) {
        public String describe() { return (where == null || where.isEmpty() ? "" : where + ": ") + message; }
    }

    private final Catalog catalog;
    private final SchemaValidator schemas;

    public Validator(Catalog catalog) {
        this.catalog = catalog;
        Path dir = catalog.root().resolve("tables").resolve("schema");
        this.schemas = Files.isDirectory(dir) ? new SchemaValidator(dir) : null;
    }

    /** Validates the systems a path points at: the project root (all), a system folder or id, or one YAML file. */
    public List<Problem> validate(String target) {
        List<Problem> out = new ArrayList<>();
        List<String> systems = new ArrayList<>();
        if (target == null || target.isBlank() || Path.of(target).toAbsolutePath().normalize().equals(catalog.root())) {
            systems.addAll(catalog.systemIds());
        } else {
            Path p = Path.of(target);
            if (Files.isRegularFile(p)) {
                schemaCheck(p, out);
                return out;
            }
            String id = p.getFileName().toString();
            if (!catalog.systemIds().contains(id)) {
                out.add(new Problem(target, "not a system id, a system folder or a YAML file (systems: " + String.join(", ", catalog.systemIds()) + ")"));
                return out;
            }
            systems.add(id);
        }
        for (String id : systems) validateSystem(id, out);
        return out;
    }

    private void validateSystem(String id, List<Problem> out) {
        int before = out.size();
        for (Path dir : List.of(catalog.tablesDir(id), catalog.scenariosDir(id))) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")).sorted().forEach(f -> schemaCheck(f, out));
            } catch (IOException e) {
                out.add(new Problem(catalog.display(dir), "cannot list: " + e.getMessage()));
            }
        }
        if (out.size() > before) return;    // the kernel's own reading would only repeat these
        RuleSystem sys;
        try {
            catalog.reload();
            sys = catalog.system(id);
        } catch (InputException e) {
            out.add(problem(e));
            return;
        }
        List<Variant> variants = new ArrayList<>();
        try {
            variants.add(Variant.base(sys));
            for (ErratumDef e : sys.errata()) variants.add(Variant.of(sys, java.util.Map.of(), List.of(e.id())));
        } catch (InputException e) {
            out.add(problem(e));
            return;
        }
        for (Variant v : variants) {
            String map = sys.maps().isEmpty() ? null : sys.maps().keySet().iterator().next();
            try (RulesContext rc = new RulesContext(catalog, v, Boards.load(catalog, sys, map), false)) {
                if (v.errata().isEmpty()) {
                    checkRefs(sys, rc, out);
                    checkCalls(sys, rc, out);
                }
            } catch (InputException e) {
                out.add(problem(e));
                // the base rules do not load: each erratum's variant would fail the same way, and as slowly
                if (v.errata().isEmpty()) return;
            } catch (RuleError e) {
                out.add(new Problem(e.location(), e.getMessage() + (v.errata().isEmpty() ? "" : " (with erratum " + v.errata() + ")")));
            }
        }
        if (out.size() > before) return;
        for (ScenarioDef sd : sys.scenarios()) {
            try {
                Variant v = Variant.base(sys);
                Scenario sc = Scenario.load(catalog, sys, sd.id());
                try (RulesContext rc = new RulesContext(catalog, v, Boards.load(catalog, sys, sc.map()))) {
                    Game.start(rc, sc, 1, false);
                }
            } catch (InputException e) {
                out.add(problem(e));
            } catch (RuleError e) {
                out.add(new Problem(e.location(), e.getMessage() + " (setting up scenario " + sd.id() + ")"));
            } catch (EngineError e) {
                out.add(new Problem(catalog.display(sd.file()), e.describe()));
            }
        }
    }

    private void checkRefs(RuleSystem sys, RulesContext rc, List<Problem> out) {
        for (Ref r : sys.refs()) {
            if (!rc.callBoolean("hasExport", r.section(), r.export())) {
                out.add(problem(ManifestLines.naming(catalog, sys, r.toString(), RulesContext.missingExport(r, rc.callString("exportsOf", r.section())))));
            }
        }
    }

    // rules.<section>.<export> (or rules["a-b"].<export>) in a script: a call from one section to another
    private static final Pattern CALL = Pattern.compile(
            "\\brules\\s*(?:\\.\\s*([A-Za-z_$][\\w$]*)|\\[\\s*[\"']([^\"']+)[\"']\\s*\\])\\s*\\.\\s*([A-Za-z_$][\\w$]*)");

    /**
     * Every call a section's script makes to another section (rules.combat.resolve) must find that
     * export. A child system that replaces a parent's section with only a table leaves the parent's
     * other scripts calling a section without a script: found here rather than as a TypeError in play.
     */
    private void checkCalls(RuleSystem sys, RulesContext rc, List<Problem> out) {
        for (Section s : sys.sections().values()) {
            if (s.scriptText() == null) continue;
            String text = s.scriptText();
            Matcher m = CALL.matcher(text);
            Set<String> seen = new HashSet<>();
            while (m.find()) {
                String target = m.group(1) != null ? m.group(1) : m.group(2), export = m.group(3);
                if (!seen.add(target + "." + export) || commentedOut(text, m.start())) continue;
                Section t = sys.sections().get(target);
                String where = catalog.display(s.scriptFile()) + ":" + lineOf(text, m.start()) + ":" + columnOf(text, m.start());
                if (t == null) {
                    out.add(new Problem(where, "calls rules." + target + "." + export + ", but the system declares no section \"" + target + "\""));
                } else if (t.scriptFile() == null) {
                    out.add(new Problem(where, "calls rules." + target + "." + export + ", but section " + target + " has no script"
                            + (t.definedBy().equals(s.definedBy()) ? "" : " in " + sys.id() + " (" + t.definedBy() + " declares it with only a table;"
                            + " to keep the " + s.definedBy() + " script give it script: too, see docs/formats.md, Extending a system)")));
                } else if (!rc.callBoolean("hasExport", target, export)) {
                    out.add(new Problem(where, "calls rules." + target + "." + export + ", but section " + target + " ("
                            + catalog.display(t.scriptFile()) + ") has no export \"" + export + "\" (exports: " + rc.callString("exportsOf", target) + ")"));
                }
            }
        }
    }

    // a match inside a // line comment (rule scripts comment in lines)
    private static boolean commentedOut(String text, int at) {
        int start = text.lastIndexOf('\n', at) + 1, c = text.indexOf("//", start);
        return c >= 0 && c < at;
    }

    private static int lineOf(String text, int at) {
        int n = 1;
        for (int i = 0; i < at; i++) if (text.charAt(i) == '\n') n++;
        return n;
    }

    private static int columnOf(String text, int at) { return at - text.lastIndexOf('\n', at - 1); }

    private void schemaCheck(Path f, List<Problem> out) {
        try {
            YamlDoc doc = YamlDoc.load(f, catalog.display(f));
            if (schemas == null) return;
            for (InputException e : schemas.validate(doc, SchemaValidator.kindOf(f))) out.add(problem(e));
        } catch (InputException e) {
            out.add(problem(e));
        }
    }

    private Problem problem(InputException e) {
        String where = e.file() == null ? "" : e.file();
        if (e.line() > 0) where += ":" + e.line() + ":" + Math.max(1, e.column());
        String msg = e.getMessage();
        if (e.line() <= 0 && e.pointer() != null) msg = "at " + e.pointer() + ": " + msg;
        return new Problem(where, msg);
    }
}
