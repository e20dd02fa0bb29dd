package hexlab.cli;

import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** --preset, --option and --errata, as every command that runs rules takes them. */
final class VariantOptions {
    @Option(names = "--preset", paramLabel = "ID", description = "Start from a preset (a bundle of options and errata the system declares); --option and --errata win over it.")
    String preset;

    @Option(names = "--option", paramLabel = "ID[=VALUE]", description = "Turn an optional rule on (or set its value). Repeatable.")
    List<String> options = new ArrayList<>();

    @Option(names = "--errata", paramLabel = "ID", split = ",", description = "Apply an erratum. Repeatable, or comma-separated.")
    List<String> errata = new ArrayList<>();

    Variant variant(RuleSystem system) {
        List<String> parts = new ArrayList<>();
        if (preset != null) parts.add("preset:" + preset);
        for (String o : options) parts.add("option:" + o);
        for (String e : errata) parts.add("errata:" + e);
        return Variant.parse(system, String.join(",", parts));
    }
}
