package hexlab.rules;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The project's rule files copied to a temporary folder, with errata of a test's own declared in one
 * system: a table value changed the way a designer changes it (an erratum file listed in
 * system.yaml), so a test can show that the value decides play. {@code erratum("id", changes)} adds
 * one ({@code changes}: the YAML list of the erratum's {@code changes}); {@link #kernel()} reads the
 * copy once every erratum is added.
 */
public final class EditedRules {
    private final String system;
    private final Map<String, String> errata = new LinkedHashMap<>();
    private final Map<String, java.util.function.UnaryOperator<String>> edits = new LinkedHashMap<>();
    private Kernel kernel;

    public EditedRules(String system) { this.system = system; }

    /** Adds an erratum {@code id} whose changes are {@code changesYaml} (a YAML list, e.g. "- {op: replace, path: a/b/c, value: 3}"). */
    public EditedRules erratum(String id, String changesYaml) {
        if (kernel != null) throw new IllegalStateException("errata are added before the rules are read");
        errata.put(id, changesYaml);
        return this;
    }

    /** Edits a file of the copy (a path under the project root, e.g. "tables/crusader/map.yaml") before it is read. */
    public EditedRules edit(String path, java.util.function.UnaryOperator<String> change) {
        if (kernel != null) throw new IllegalStateException("files are edited before the rules are read");
        edits.put(path, change);
        return this;
    }

    /** The kernel on the copy, made at the first call. */
    public synchronized Kernel kernel() {
        if (kernel == null) kernel = new Kernel(write());
        return kernel;
    }

    public Variant variant(String spec) { return kernel().variant(system, spec); }

    /** Starts {@code scenarioYaml} (the fields of a scenario file) under the variant, as {@link Positions#start} does. */
    public Game start(Variant v, String scenarioYaml, long seed) {
        Scenario sc = Scenario.parse(v.system(), scenarioYaml, "fixture");
        return Game.start(kernel().context(v, sc), sc, seed);
    }

    /** Starts one of the system's own scenarios under the variant. */
    public Game scenario(Variant v, String id, long seed) { return kernel().start(v, id, seed); }

    public static JsonNode eval(Game g, String expr) {
        String r = g.rules().callString("evaluate", expr);
        return r.equals("undefined") ? null : Json.read(r);
    }

    private Path write() {
        try {
            Path from = Path.of(System.getProperty("hexlab.root", "..")).toAbsolutePath().normalize();
            Path to = Files.createTempDirectory("hexlab-edited-");
            for (String dir : new String[] {"tables", "rules-scripts", "scenarios"}) copy(from.resolve(dir), to.resolve(dir));
            for (var e : edits.entrySet()) {
                Path f = to.resolve(e.getKey());
                Files.writeString(f, e.getValue().apply(Files.readString(f)));
            }
            Path sys = to.resolve("tables").resolve(system);
            Files.createDirectories(sys.resolve("errata"));
            StringBuilder decl = new StringBuilder();
            for (var e : errata.entrySet()) {
                Files.writeString(sys.resolve("errata").resolve(e.getKey() + ".yaml"),
                        "erratum: " + e.getKey() + "\nsource: \"a test's own edit\"\nchanges:\n" + e.getValue().stripTrailing() + "\n");
                decl.append("  - {id: ").append(e.getKey()).append(", label: \"").append(e.getKey()).append("\", source: \"test\", file: errata/")
                        .append(e.getKey()).append(".yaml}\n");
            }
            Path manifest = sys.resolve("system.yaml");
            String m = Files.readString(manifest);
            int at = m.indexOf("\nerrata:\n");
            if (at >= 0) m = m.substring(0, at + 9) + decl + m.substring(at + 9);
            else m = m.stripTrailing() + "\nerrata:\n" + decl;
            Files.writeString(manifest, m);
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) return;
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(q);
                else Files.copy(p, q);
            }
        }
    }
}
