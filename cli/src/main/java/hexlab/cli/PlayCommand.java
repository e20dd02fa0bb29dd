package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.script.ScriptHost;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

@Command(name = "play", description = "Play a whole game with bots and print the result, turns, actions and final state hash.")
final class PlayCommand implements Runnable {
    @Mixin Common common;
    @Mixin VariantOptions variantOptions;

    @Option(names = "--system", required = true, description = "Rule system id (see 'systems').")
    String system;

    @Option(names = "--scenario", required = true, description = "Scenario id.")
    String scenario;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the dice (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--bots", defaultValue = "random", description = "One bot per side in the system's side order, or one for all (default ${DEFAULT-VALUE}).")
    String bots;

    @Option(names = "--save", description = "Write the game's save to this file (if the rules fail, the save that reproduces the failure).")
    Path save;

    @Override
    public void run() {
        Kernel k = common.kernel();
        RuleSystem sys = k.system(system);
        Variant v = variantOptions.variant(sys);
        Scenario sc = k.scenario(v, scenario);
        Map<String, Bot> players = Bots.forSides(sys, bots, seed);
        long t0 = System.nanoTime();
        try (RulesContext rc = k.context(v, sc)) {
            Game g = Game.start(rc, sc, seed, false);
            List<SaveFile.Checkpoint> cps = new ArrayList<>();
            Match.Played played;
            try {
                played = Match.play(g, players, cps, null);
            } catch (RuleError e) {
                throw e.savedIn(Failures.write(k.catalog().root(), save, SaveFile.failure(g, cps, e), sys.id() + "-" + sc.id() + "-seed" + seed));
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (save != null) played.save().write(save);
            ObjectNode o = Json.object();
            o.put("system", sys.id()).put("variant", v.id()).put("scenario", sc.id()).put("seed", seed).put("bots", bots);
            o.set("result", g.result());
            o.put("turn", g.turn()).put("actions", g.actionCount()).put("finalHash", g.stateHash()).put("ms", ms)
                    .put("runtime", ScriptHost.runtime());
            if (save != null) o.put("save", save.toString());
            o.set("metrics", g.metrics());      // the system's numbers for the variant lab (system.yaml metrics)
            ObjectNode prov = provenance(g.usage());
            o.set("provenance", prov);
            if (common.json) {
                common.printJson(o);
                return;
            }
            var out = common.out();
            out.println(sys.id() + " " + sc.id() + " seed " + seed + " (" + v.id() + ", bots " + bots + ")");
            out.println("result: " + Json.write(g.result()));
            out.println("turn " + g.turn() + ", " + g.actionCount() + " actions, " + ms + " ms, script runtime " + ScriptHost.runtime());
            out.println("final state " + g.stateHash());
            if (g.metrics().size() > 0) out.println("metrics: " + Json.write(g.metrics()));
            if (save != null) out.println("saved to " + save);
            warn(out, prov);
            out.flush();
        }
    }

    /** From a game's usage: {placeholder: {source: times}, reconstructed: {...}}, the sources by most times. */
    static ObjectNode provenance(com.fasterxml.jackson.databind.JsonNode usage) {
        ObjectNode out = Json.object();
        for (String status : java.util.List.of("placeholder", "reconstructed")) {
            ObjectNode o = out.putObject(status);
            java.util.List<Map.Entry<String, Integer>> found = new java.util.ArrayList<>();
            usage.fields().forEachRemaining(f -> {
                if (f.getKey().startsWith(status + ":")) found.add(Map.entry(f.getKey().substring(status.length() + 1), f.getValue().asInt()));
            });
            found.sort((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey()) : b.getValue() - a.getValue());
            for (var e : found) o.put(e.getKey(), e.getValue());
        }
        return out;
    }

    // a placeholder that decided an outcome is a warning; reconstructed data is worth a line too
    static void warn(java.io.PrintWriter out, ObjectNode prov) {
        prov.fields().forEachRemaining(f -> {
            if (f.getValue().isEmpty()) return;
            java.util.List<String> parts = new java.util.ArrayList<>();
            f.getValue().fields().forEachRemaining(s -> parts.add(s.getKey() + " (" + s.getValue().asInt() + ")"));
            out.println((f.getKey().equals("placeholder") ? "warning: placeholder data decided outcomes: " : "reconstructed data decided outcomes: ")
                    + String.join(", ", parts));
        });
    }
}
