package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

@Command(name = "table", description = "Print a table as the variant sees it (errata applied), with its status and rule.")
final class TableCommand implements Runnable {
    @Mixin Common common;

    @Parameters(index = "0", paramLabel = "SYSTEM") String system;

    @Parameters(index = "1", paramLabel = "NAME", description = "A table (crt), a section's table (combat/crt) or a whole section (combat/).")
    String name;

    @Option(names = "--variant", description = "Variant: preset:ID,option:ID[=V],errata:ID,... (default: the base rules).")
    String variantSpec;

    @Override
    public void run() {
        Kernel k = common.kernel();
        RuleSystem sys = k.system(system);
        Variant v = Variant.parse(sys, variantSpec);
        List<String[]> hits = new ArrayList<>();
        String sectionPart = name.contains("/") ? name.substring(0, name.indexOf('/')) : null;
        String tablePart = name.contains("/") ? name.substring(name.indexOf('/') + 1) : name;
        for (Section s : sys.sections().values()) {
            if (sectionPart != null && !sectionPart.equals(s.name())) continue;
            for (String t : v.tables(s.name()).keySet()) if (tablePart.isEmpty() || tablePart.equals(t)) hits.add(new String[] {s.name(), t});
            if (sectionPart == null && tablePart.equals(s.name())) for (String t : v.tables(s.name()).keySet()) hits.add(new String[] {s.name(), t});
        }
        if (hits.isEmpty()) {
            List<String> all = new ArrayList<>();
            for (Section s : sys.sections().values()) for (String t : v.tables(s.name()).keySet()) all.add(s.name() + "/" + t);
            throw new InputException(null, 0, 0, "no table \"" + name + "\" in " + sys.id() + " (tables: " + String.join(", ", all) + ")");
        }
        ObjectNode o = Json.object();
        o.put("system", sys.id()).put("variant", v.id());
        var arr = o.putArray("tables");
        for (String[] h : hits) {
            Section s = sys.sections().get(h[0]);
            ObjectNode t = arr.addObject();
            t.put("section", s.name()).put("version", s.version()).put("table", h[1]).put("status", s.status().get(h[1]))
                    .put("source", s.source());
            List<String> errata = v.overlay().touched().get(h[0] + "/" + h[1]);
            if (errata != null) t.set("errata", Json.MAPPER.valueToTree(errata));
            t.set("data", Json.MAPPER.valueToTree(v.tables(s.name()).get(h[1])));
        }
        if (common.json) {
            common.printJson(o);
            return;
        }
        var out = common.out();
        for (var t : arr) {
            out.println(t.get("section").asText() + "/" + t.get("table").asText() + "  [" + t.get("status").asText() + "]  "
                    + t.path("source").asText("") + (t.has("errata") ? "  errata: " + t.get("errata") : ""));
            Object data = Json.MAPPER.convertValue(t.get("data"), Object.class);
            if (data instanceof Map<?, ?> m) for (var e : m.entrySet()) out.println("  " + e.getKey() + ": " + Json.write(e.getValue()));
            else out.println("  " + Json.write(data));
        }
        out.flush();
    }
}
