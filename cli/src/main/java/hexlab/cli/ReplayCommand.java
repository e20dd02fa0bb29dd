package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "replay", description = "Replay a save under the installed rules and verify every checkpoint; report changed sections and the first divergence.")
final class ReplayCommand implements Callable<Integer> {
    @Mixin Common common;

    @Parameters(paramLabel = "SAVE", description = "The save file.")
    Path file;

    @Override
    public Integer call() {
        Kernel k = common.kernel();
        SaveFile save = SaveFile.read(file);
        Replay.Report r = Replay.run(k.catalog(), save);
        r.game().rules().close();
        ObjectNode o = Json.object();
        o.put("save", file.toString()).put("system", save.system()).put("variant", save.variantId()).put("scenario", save.scenario())
                .put("seed", save.seed()).put("actions", save.actions().size()).put("identical", r.identical());
        o.set("changedSections", Json.MAPPER.valueToTree(r.changed()));
        o.put("divergedAt", r.divergedAt()).put("report", r.reason()).put("finalHash", r.finalHash()).put("savedHash", save.finalHash());
        o.set("result", r.result());
        if (common.json) common.printJson(o);
        else {
            var out = common.out();
            if (!r.changed().isEmpty()) {
                out.println("the rules changed since this save was made (the pinned versions are not installed; replaying under the installed rules):");
                for (String c : r.changed()) out.println("  " + c);
            }
            out.println(r.identical() ? "ok: " + save.actions().size() + " actions replay to the saved state " + r.finalHash().substring(0, 12)
                    : "diverged: " + r.reason() + (r.divergedAt() >= 0 ? " (first diverging action at or after " + r.divergedAt() + ")" : ""));
            out.flush();
        }
        return r.identical() ? ExitCode.OK : ExitCode.DIFFERS;
    }
}
