package hexlab.kernel.rules;

import hexlab.kernel.seq.Node;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A rule system as declared by its manifest, with {@code extends} already resolved: the child's
 * sections, options, errata, scenarios, maps and bots win by name over the parent's.
 */
public record RuleSystem(String id, String name, String version, String source, List<String> lineage,
                         List<String> sides, Ref setup, Map<String, Section> sections,
                         Map<String, Path> maps, List<Node> sequence, List<OptionDef> options,
                         List<ErratumDef> errata, List<PresetDef> presets, List<ScenarioDef> scenarios, Map<String, Ref> bots,
                         Ref invariants, Ref metrics, Map<String, Ref> overlays, Map<String, Ref> displays, List<String> fixedPieceFields,
                         Map<String, Object> pieceFieldDefaults, Ref view, Ref secrets, Ref preview, Path manifest) {

    /** Whether the system says what each side may know ({@code view:}); without one, everything is public. */
    public boolean hasView() { return view != null; }

    public Optional<OptionDef> option(String optionId) {
        return options.stream().filter(o -> o.id().equals(optionId)).findFirst();
    }

    public Optional<ErratumDef> erratum(String erratumId) {
        return errata.stream().filter(e -> e.id().equals(erratumId)).findFirst();
    }

    public Optional<PresetDef> preset(String presetId) {
        return presets.stream().filter(p -> p.id().equals(presetId)).findFirst();
    }

    public Optional<ScenarioDef> scenario(String scenarioId) {
        return scenarios.stream().filter(s -> s.id().equals(scenarioId)).findFirst();
    }

    /** Every pointer from the manifest into the scripts: setup, invariants, bots, overlays, displays, metrics, view, secrets, preview and the sequence's steps. */
    public List<Ref> refs() {
        List<Ref> out = new java.util.ArrayList<>();
        out.add(setup);
        if (invariants != null) out.add(invariants);
        out.addAll(bots.values());
        out.addAll(overlays.values());
        out.addAll(displays.values());
        if (metrics != null) out.add(metrics);
        if (view != null) out.add(view);
        if (secrets != null) out.add(secrets);
        if (preview != null) out.add(preview);
        collectRefs(sequence, out);
        return out;
    }

    private static void collectRefs(List<Node> nodes, List<Ref> out) {
        for (Node n : nodes) {
            for (Ref r : new Ref[] {n.run(), n.decide(), n.when(), n.whileCond(), n.sides(), n.side(), n.available(), n.describe()}) if (r != null) out.add(r);
            collectRefs(n.children(), out);
        }
    }

    /** Every node of the sequence by id, for frames that name their node. */
    public Map<String, Node> nodesById() {
        Map<String, Node> out = new HashMap<>();
        for (Node n : sequence) collect(n, out);
        return out;
    }

    private static void collect(Node n, Map<String, Node> out) {
        out.put(n.id(), n);
        for (Node c : n.children()) collect(c, out);
    }
}
