package hexlab.cli;

import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Console;
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
        RuleSystem sys = k.system(system);
        Game g;
        if (save != null) {
            SaveFile s = SaveFile.read(save);
            if (!s.system().equals(sys.id())) {
                throw new InputException(save.toString(), 0, 0, "this save is a game of " + s.system() + ", not of " + sys.id()
                        + ": give " + s.system() + " as the system, or a save of " + sys.id());
            }
            if (!variantOptions.options.isEmpty() || !variantOptions.errata.isEmpty()) {
                throw new InputException(null, 0, 0, "--option and --errata do not go with --save: a save is evaluated under the variant it was played with (" + s.variantId() + ")");
            }
            g = Replay.run(k.catalog(), s).game();
        } else {
            Variant v = variantOptions.variant(sys);
            String sc = scenario != null ? scenario : sys.scenarios().isEmpty() ? null : sys.scenarios().get(0).id();
            if (sc == null) throw new IllegalArgumentException("system " + system + " has no scenario to evaluate against");
            g = k.start(v, sc, seed);
        }
        try {
            Console.Answer a = Console.evalInPlace(g, expr);
            common.out().println(a.result());
            common.out().flush();
            if (a.note() != null) common.spec.commandLine().getErr().println("note: " + a.note());
        } finally {
            g.rules().close();
        }
    }
}
