package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.rules.DraftErratum;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a batch is, as data: the system and scenario, the games per variant (the most, when the
 * batch stops once decided), the master seed, the bots, the variants by name and spec with their
 * draft errata (a sweep's values, an erratum being written), and what decides it early. Written
 * at the head of a batch's journal with the rules it runs (each section's version and content
 * hash, as a save pins them), so that a resumed batch is the same batch under the same rules, or
 * is refused.
 *
 * @param decide what stops the batch once its answer is clear, or null to play every seed
 * @param sweep  the table entry whose values the variants are, or null
 */
public record Plan(RuleSystem system, String scenario, int games, long seed, String bots, List<Batch.Entry> variants, Sequential.Settings decide,
                   Sweep sweep) {
    /** The format of {@link #json()}. */
    static final int FORMAT = 1;

    public Plan {
        variants = List.copyOf(variants);
    }

    /** The settings a run of this plan plays with. */
    public Batch.Settings settings(int threads, Path failures) { return new Batch.Settings(scenario, games, seed, bots, threads, failures); }

    /** Where a run keeps its games as they end: with the decision, when there is one. */
    public Batch.Finished finished() {
        return new Batch.Finished(variants.size(), games, decide == null ? null : new Sequential.Decision(decide, variants.stream().map(Batch.Entry::name).toList()));
    }

    public ObjectNode json() {
        ObjectNode o = Json.object().put("journal", FORMAT).put("system", system.id()).put("scenario", scenario).put("games", games)
                .put("seed", seed).put("bots", bots);
        var vs = o.putArray("variants");
        for (Batch.Entry e : variants) {
            ObjectNode v = vs.addObject().put("name", e.name()).put("spec", e.variant().spec()).put("id", e.variant().id());
            if (!e.variant().drafts().isEmpty()) v.set("drafts", DraftErratum.listJson(e.variant().drafts()));
        }
        if (sweep != null) o.set("sweep", sweep.json());
        if (decide != null) o.putObject("untilDecided").put("outcome", decide.outcome()).put("alpha", decide.alpha()).put("margin", decide.margin());
        ObjectNode rules = o.putObject("rules").put("version", system.version());
        var pins = rules.putArray("sections");
        for (Section s : system.sections().values()) pins.addObject().put("section", s.name()).put("version", s.version()).put("sha256", s.sha256());
        return o;
    }

    /**
     * The plan {@link #json()} wrote, under the rules here: refused, naming {@code file}, when it is
     * not a plan or the rules it ran under differ from the files now (a resumed batch would mix
     * the games of two rule sets).
     */
    public static Plan of(Kernel kernel, JsonNode j, String file) {
        try {
            if (j.path("journal").asInt() != FORMAT) throw new IllegalArgumentException("a batch journal of format " + FORMAT + " expected, found " + j.path("journal"));
            RuleSystem sys = kernel.system(text(j, "system"));
            List<SaveFile.Pin> pins = new ArrayList<>();
            for (JsonNode p : j.path("rules").path("sections")) pins.add(new SaveFile.Pin(text(p, "section"), text(p, "version"), text(p, "sha256")));
            List<String> changed = Replay.changedSections(sys, text(j.path("rules"), "version"), pins);
            if (!changed.isEmpty()) {
                throw new InputException(file, 1, 1, "the rule files changed since this batch started (" + String.join("; ", changed)
                        + "): resumed, it would mix games played under two sets of rules; start a new batch");
            }
            List<Batch.Entry> entries = new ArrayList<>();
            for (JsonNode v : j.path("variants")) {
                entries.add(new Batch.Entry(text(v, "name"), Variant.parse(sys, text(v, "spec"), DraftErratum.listFromJson(v.path("drafts"), file))));
            }
            if (entries.isEmpty()) throw new IllegalArgumentException("no variants");
            Sequential.Settings decide = null;
            JsonNode d = j.path("untilDecided");
            if (d.isObject()) decide = new Sequential.Settings(text(d, "outcome"), d.path("alpha").asDouble(), d.path("margin").asDouble());
            int games = j.path("games").asInt(0);
            if (games < 1) throw new IllegalArgumentException("\"games\" must be at least 1");
            Sweep sweep = j.path("sweep").isObject() ? Sweep.of(j.get("sweep")) : null;
            return new Plan(sys, text(j, "scenario"), games, j.path("seed").asLong(), text(j, "bots"), entries, decide, sweep);
        } catch (IllegalArgumentException e) {
            throw new InputException(file, 1, 1, "not a batch this version can resume: " + e.getMessage());
        }
    }

    private static String text(JsonNode j, String field) {
        if (!j.path(field).isTextual()) throw new IllegalArgumentException("\"" + field + "\" must be text");
        return j.path(field).asText();
    }
}
