package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.persist.Retrace;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "diff", description = "Replay a save's seed and actions under another variant and report the first action whose outcome differs "
        + "(the entries each side decided) or that the other variant refuses (with its reason). Exit 0 either way; 3 when the save's own rules refuse it (it no longer replays).")
final class DiffCommand implements Callable<Integer> {
    @Mixin Common common;

    @Parameters(paramLabel = "SAVE", description = "The save file.") Path file;

    @Option(names = "--variant", required = true, paramLabel = "SPEC", description = "The other variant: preset:P,option:X[=V],errata:Y (empty: the base rules).") String spec;

    @Override
    public Integer call() {
        Kernel k = common.kernel();
        SaveFile save = SaveFile.read(file);
        Variant other = Variant.parse(k.system(save.system()), spec);
        Retrace.Diff d = Retrace.diff(k.catalog(), save, other);
        ObjectNode o = Json.object();
        o.put("save", file.toString()).put("system", save.system()).put("variant", d.base().id()).put("other", d.other().id())
                .put("actions", save.actions().size()).put("diverged", d.at() >= 0).put("at", d.at()).put("reason", d.reason());
        if (d.baseStep() != null) o.set("action", d.baseStep().action());
        if (d.baseStep() != null && d.baseStep().side() != null) o.put("side", d.baseStep().side());
        ArrayNode diff = o.putArray("differing");
        for (JsonNode[] p : d.differing()) {
            ObjectNode x = diff.addObject();
            x.set("variant", p[0]);
            x.set("other", p[1]);
        }
        if (d.refused() != null) o.putObject("refused").put("n", d.refused().n()).put("reason", d.refused().reason()).put("rule", d.refused().rule());
        boolean broken = d.broken();
        if (common.json) {
            common.printJson(o);
            return broken ? ExitCode.DIFFERS : ExitCode.OK;
        }
        PrintWriter out = common.out();
        out.println(save.system() + " " + save.scenario() + " seed " + save.seed() + ": " + d.base().id() + " against " + d.other().id());
        out.println(d.reason() + (d.baseStep() != null && d.baseStep().action() != null ? ": " + Json.write(d.baseStep().action())
                + (d.baseStep().side() == null ? "" : " by " + d.baseStep().side()) : ""));
        if (d.refused() != null) out.println("  refused: " + d.refused().reason() + (d.refused().rule() == null ? "" : " (rule " + d.refused().rule() + ")"));
        for (JsonNode[] p : d.differing()) {
            out.println("  " + d.base().id() + ": " + (p[0] == null ? "(no entry)" : Retrace.line(p[0])));
            out.println("  " + d.other().id() + ": " + (p[1] == null ? "(no entry)" : Retrace.line(p[1])));
        }
        out.flush();
        return broken ? ExitCode.DIFFERS : ExitCode.OK;
    }
}
