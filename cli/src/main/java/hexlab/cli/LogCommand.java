package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.persist.Retrace;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "log", description = "Replay a save with its trace kept and print each action with the entries it caused: "
        + "rule, table cell, dice, errata, and every placeholder or reconstructed source that decided it. Exit 3 when the installed rules refuse one of its actions.")
final class LogCommand implements Callable<Integer> {
    @Mixin Common common;

    @Parameters(paramLabel = "SAVE", description = "The save file.") Path file;

    @Option(names = "--from", defaultValue = "0", paramLabel = "N", description = "First action shown (0: the set-up; default ${DEFAULT-VALUE}).") int from;

    @Option(names = "--to", paramLabel = "N", description = "Last action shown (default: the last).") Integer to;

    @Option(names = "--grep", paramLabel = "TEXT", description = "Only entries whose text, rule, table, cell or sources contain TEXT (any case), with their action.") String grep;

    @Override
    public Integer call() {
        Kernel k = common.kernel();
        SaveFile save = SaveFile.read(file);
        int last = to == null ? save.actions().size() : to;
        if (from < 0 || last < from) throw new InputException(null, 0, 0, "--from " + from + " --to " + last + ": expected 0 <= from <= to");
        Retrace.Log log = Retrace.log(k.catalog(), save, from, last);
        String needle = grep == null ? null : grep.toLowerCase(Locale.ROOT);
        ObjectNode o = Json.object();
        o.put("save", file.toString()).put("system", save.system()).put("variant", log.variant().id()).put("scenario", save.scenario()).put("seed", save.seed())
                .put("actions", log.actions());
        o.set("changedSections", Json.MAPPER.valueToTree(log.changed()));
        ArrayNode steps = o.putArray("steps");
        for (Retrace.Step s : log.steps()) {
            List<JsonNode> events = new ArrayList<>();
            for (JsonNode e : s.events()) if (needle == null || Json.write(e).toLowerCase(Locale.ROOT).contains(needle)) events.add(e);
            if (needle != null && events.isEmpty()) continue;
            ObjectNode st = steps.addObject().put("n", s.n()).put("side", s.side());
            st.set("action", s.action());
            st.set("events", Json.MAPPER.valueToTree(events));
        }
        if (log.refused() != null) {
            o.putObject("refused").put("n", log.refused().n()).put("reason", log.refused().reason()).put("rule", log.refused().rule())
                    .set("action", log.refused().action());
        }
        if (common.json) {
            common.printJson(o);
            return log.refused() == null ? ExitCode.OK : ExitCode.DIFFERS;
        }
        PrintWriter out = common.out();
        out.println(save.system() + " " + save.scenario() + " seed " + save.seed() + " (" + log.variant().id() + "), " + log.actions() + " actions");
        if (!log.changed().isEmpty()) out.println("the rules changed since this save was made: " + String.join(", ", log.changed()));
        for (JsonNode st : steps) {
            out.println(st.get("n").asInt() == 0 ? "set-up" : "action " + st.get("n").asInt() + (st.get("side").isNull() ? "" : " (" + st.get("side").asText() + ")")
                    + ": " + Json.write(st.get("action")));
            for (JsonNode e : st.get("events")) out.println("  " + Retrace.line(e));
        }
        if (log.refused() != null) out.println("action " + log.refused().n() + " is refused under the installed rules: " + log.refused().reason()
                + (log.refused().rule() == null ? "" : " (rule " + log.refused().rule() + ")"));
        out.flush();
        return log.refused() == null ? ExitCode.OK : ExitCode.DIFFERS;
    }
}
