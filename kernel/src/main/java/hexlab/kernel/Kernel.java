package hexlab.kernel;

import hexlab.kernel.error.LoadError;
import hexlab.kernel.play.Boards;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The kernel's front door: a project root, and games started from a system, variant, scenario and seed. */
public final class Kernel {
    private final Catalog catalog;

    public Kernel(Path root) { this.catalog = new Catalog(root); }

    public Catalog catalog() { return catalog; }

    public RuleSystem system(String id) { return catalog.system(id); }

    public Variant variant(String systemId, String spec) { return Variant.parse(catalog.system(systemId), spec); }

    public Scenario scenario(Variant v, String scenarioId) { return Scenario.load(catalog, v.system(), scenarioId); }

    /**
     * A rules context for a variant on a scenario's map; reuse it for many games on one thread. A
     * variant whose scripts did not load fails again at once with the same error, until its files
     * are read again: a script that loops at load time costs the time limit once, not per game.
     */
    public RulesContext context(Variant v, Scenario sc) {
        Failed f = failed.get(v.id());
        if (f != null && f.system() == v.system()) throw f.error();
        try {
            return new RulesContext(catalog, v, Boards.load(catalog, v.system(), sc.map()));
        } catch (LoadError e) {
            failed.put(v.id(), new Failed(v.system(), e));
            throw e;
        }
    }

    // a load that failed, for the system as it was read then (a reread system is another object)
    private record Failed(RuleSystem system, LoadError error) {}

    private final Map<String, Failed> failed = new ConcurrentHashMap<>();

    /** A new game in a context of its own. */
    public Game start(Variant v, String scenarioId, long seed) {
        Scenario sc = scenario(v, scenarioId);
        return Game.start(context(v, sc), sc, seed);
    }

    /**
     * The project root: the {@code hexlab.root} property, else the nearest folder upward from the
     * working directory that holds {@code tables/}.
     */
    public static Path findRoot() {
        String prop = System.getProperty("hexlab.root");
        if (prop != null && !prop.isBlank()) return Path.of(prop).toAbsolutePath().normalize();
        Path p = Path.of("").toAbsolutePath();
        for (Path q = p; q != null; q = q.getParent()) if (Files.isDirectory(q.resolve("tables"))) return q;
        return p;
    }
}
