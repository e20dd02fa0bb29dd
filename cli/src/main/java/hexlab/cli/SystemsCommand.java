package hexlab.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.error.InputException;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.play.Boards;
import hexlab.kernel.rules.ErratumDef;
import hexlab.kernel.rules.OptionDef;
import hexlab.kernel.rules.PresetDef;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.rules.Section;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;

@Command(name = "systems", description = "List the rule systems: versions, sections with their provenance, options, errata, scenarios.")
final class SystemsCommand implements Runnable {
    @Mixin Common common;

    @Override
    public void run() {
        Kernel k = common.kernel();
        ArrayNode all = Json.MAPPER.createArrayNode();
        PrintWriter out = common.out();
        for (String id : k.catalog().systemIds()) {
            RuleSystem s = k.system(id);
            ObjectNode o = all.addObject();
            o.put("id", s.id()).put("name", s.name()).put("version", s.version());
            o.set("lineage", Json.MAPPER.valueToTree(s.lineage()));
            o.set("sides", Json.MAPPER.valueToTree(s.sides()));
            ArrayNode secs = o.putArray("sections");
            for (Section sec : s.sections().values()) {
                ObjectNode so = secs.addObject().put("name", sec.name()).put("version", sec.version()).put("rule", sec.rule())
                        .put("status", sec.overallStatus()).put("from", sec.definedBy()).put("sha256", sec.sha256());
                so.set("tables", Json.MAPPER.valueToTree(sec.status()));
            }
            ArrayNode maps = o.putArray("maps");
            for (String m : s.maps().keySet()) {
                ObjectNode mo = maps.addObject().put("id", m);
                try {
                    HexMap hm = Boards.load(k.catalog(), s, m);
                    mo.put("status", hm.status()).put("hexes", hm.size()).put("source", hm.source());
                } catch (InputException e) {
                    mo.put("error", e.describe());
                }
            }
            ArrayNode opts = o.putArray("options");
            for (OptionDef od : s.options()) opts.addObject().put("id", od.id()).put("label", od.label()).put("rule", od.rule()).put("default", od.defaultValue()).put("source", od.source());
            ArrayNode er = o.putArray("errata");
            for (ErratumDef e : s.errata()) er.addObject().put("id", e.id()).put("label", e.label()).put("rule", e.rule()).put("source", e.source());
            ArrayNode pre = o.putArray("presets");
            for (PresetDef p : s.presets()) {
                ObjectNode po = pre.addObject().put("id", p.id()).put("label", p.label()).put("rule", p.rule()).put("source", p.source()).put("from", p.definedBy());
                po.set("options", Json.MAPPER.valueToTree(p.options()));
                po.set("errata", Json.MAPPER.valueToTree(p.errata()));
            }
            ArrayNode scs = o.putArray("scenarios");
            for (ScenarioDef sc : s.scenarios()) scs.add(sc.id());
            o.set("bots", Json.MAPPER.valueToTree(Bots.names(s)));
        }
        if (common.json) {
            common.printJson(all);
            return;
        }
        if (all.isEmpty()) out.println("no rule systems under " + k.catalog().root().resolve("tables"));
        for (var o : all) {
            out.printf("%s %s  %s%s%n", o.get("id").asText(), o.get("version").asText(), o.get("name").asText(),
                    o.get("lineage").size() > 1 ? "  (extends " + o.get("lineage").get(o.get("lineage").size() - 2).asText() + ")" : "");
            for (var sec : o.get("sections")) {
                out.printf("  %-20s %-8s rule %-8s %-13s %s%n", sec.get("name").asText(), sec.get("version").asText(), sec.path("rule").asText(""),
                        sec.get("status").asText(), sec.get("from").asText().equals(o.get("id").asText()) ? "" : "from " + sec.get("from").asText());
            }
            for (var m : o.get("maps")) out.printf("  map %-16s %s, %d hexes%n", m.get("id").asText(), m.path("status").asText("?"), m.path("hexes").asInt());
            for (var op : o.get("options")) out.printf("  option %-25s %s (rule %s, default %s)%n", op.get("id").asText(), op.get("label").asText(), op.path("rule").asText(""), op.get("default").asText());
            for (var e : o.get("errata")) out.printf("  erratum %-24s %s (%s)%n", e.get("id").asText(), e.get("label").asText(), e.get("source").asText());
            for (var p : o.get("presets")) {
                java.util.List<String> parts = new java.util.ArrayList<>();
                p.get("options").fields().forEachRemaining(f -> parts.add("option:" + f.getKey() + (f.getValue().asBoolean(false) && f.getValue().isBoolean() ? "" : "=" + f.getValue().asText())));
                p.get("errata").forEach(e -> parts.add("errata:" + e.asText()));
                out.printf("  preset %-25s %s (%s): %s%n", p.get("id").asText(), p.get("label").asText(), p.get("source").asText(), String.join(",", parts));
            }
            out.println("  scenarios: " + String.join(", ", Json.MAPPER.convertValue(o.get("scenarios"), String[].class)));
            out.println("  bots: " + String.join(", ", Json.MAPPER.convertValue(o.get("bots"), String[].class)));
        }
        out.flush();
    }
}
