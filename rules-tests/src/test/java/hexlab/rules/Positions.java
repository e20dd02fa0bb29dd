package hexlab.rules;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.nio.file.Path;

/** Small fixture positions for rule tests: a scenario written inline, started on the real rules. */
public final class Positions {
    public static final Kernel KERNEL = new Kernel(Path.of(System.getProperty("hexlab.root", "..")));

    private Positions() {}

    public static Variant variant(String system, String spec) { return KERNEL.variant(system, spec); }

    /** Starts {@code scenarioYaml} (the same fields as a scenario file) under the variant. */
    public static Game start(Variant v, String scenarioYaml, long seed) {
        Scenario sc = Scenario.parse(v.system(), scenarioYaml, "fixture");
        return Game.start(KERNEL.context(v, sc), sc, seed);
    }

    /** Starts one of the system's own scenarios. */
    public static Game scenario(Variant v, String id, long seed) { return KERNEL.start(v, id, seed); }

    /** Evaluates an expression in the rules context (ctx, state, rules, tables, map in scope). */
    public static JsonNode eval(Game g, String expr) {
        String r = g.rules().callString("evaluate", expr);
        return r.equals("undefined") ? null : Json.read(r);
    }

    /** Overlay arguments as the inspector sends them: args("side", "axis", "unit", "x"). */
    public static com.fasterxml.jackson.databind.node.ObjectNode args(String... keyValues) {
        com.fasterxml.jackson.databind.node.ObjectNode o = Json.object();
        for (int i = 0; i + 1 < keyValues.length; i += 2) o.put(keyValues[i], keyValues[i + 1]);
        return o;
    }
}
