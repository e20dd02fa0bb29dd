package hexlab.cli;

import hexlab.kernel.Kernel;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

@Command(name = "eval", description = "Evaluate a JavaScript expression in a system's rule context against a position. "
        + "In scope: ctx, state, rules, tables, map.")
final class EvalCommand implements Runnable {
    @Mixin Common common;
    @Mixin VariantOptions variantOptions;

    @Parameters(index = "0", paramLabel = "SYSTEM") String system;

    @Parameters(index = "1", paramLabel = "EXPR", description = "e.g. \"rules.zoc.levelAt('1103', 'axis')\"") String expr;

    @Option(names = "--save", description = "Evaluate at the end of this save (replayed).") Path save;

    @Option(names = "--scenario", description = "Evaluate at the start of this scenario (default: the first).") String scenario;

    @Option(names = "--seed", defaultValue = "1") long seed;

    @Override
    public void run() {
        Kernel k = common.kernel();
        Game g;
        if (save != null) {
            SaveFile s = SaveFile.read(save);
            g = Replay.run(k.catalog(), s).game();
        } else {
            RuleSystem sys = k.system(system);
            Variant v = variantOptions.variant(sys);
            String sc = scenario != null ? scenario : sys.scenarios().isEmpty() ? null : sys.scenarios().get(0).id();
            if (sc == null) throw new IllegalArgumentException("system " + system + " has no scenario to evaluate against");
            g = k.start(v, sc, seed);
        }
        try {
            String r = g.rules().callString("evaluate", expr);
            common.out().println(r);
            common.out().flush();
        } finally {
            g.rules().close();
        }
    }
}
