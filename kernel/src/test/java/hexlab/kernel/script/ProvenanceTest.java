package hexlab.kernel.script;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.play.Game;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A decided outcome names every data source behind it; the non-printed ones come back as provenance. */
class ProvenanceTest {
    final Kernel k = Fixtures.toy();

    private RulesContext context(String variant, String scenario, long seed, boolean keepTrace) {
        var v = k.variant("toy", variant);
        var sc = k.scenario(v, scenario);
        RulesContext rc = k.context(v, sc);
        Game.start(rc, sc, seed, keepTrace);
        return rc;
    }

    private static JsonNode entry(RulesContext rc, String trace) {
        return Json.read(rc.callString("evaluate", "ctx.trace(" + trace + ")"));
    }

    @Test
    @DisplayName("uses: a reconstructed map and table are named with their notes, a placeholder also sets placeholder")
    void usesBringsEachNonPrintedSourceOnce() {
        RulesContext rc = context("", "meeting", 1, true);
        JsonNode e = entry(rc, "{rule: '3.1', table: 'move/terrain', uses: ['map', 'move/hexsides', 'map', 'chits/cup']}");
        assertEquals(2, e.get("provenance").size(), "printed sources are left out, a source named twice counts once: " + e);
        assertEquals("map", e.get("provenance").get(0).get("source").asText());
        assertEquals("reconstructed", e.get("provenance").get(0).get("status").asText());
        assertEquals("move/hexsides", e.get("provenance").get(1).get("source").asText());
        assertTrue(e.get("provenance").get(1).get("note").asText().length() > 5, "the table's note comes along: " + e);
        assertFalse(e.has("placeholder"));
        JsonNode p = entry(rc, "{rule: '4.4', text: 'terrain shift', uses: ['combat/terrain']}");
        assertTrue(p.get("placeholder").asBoolean(), "a placeholder named only in uses is a placeholder outcome: " + p);
        assertEquals("map:main", entry(rc, "{rule: 'x', uses: ['map:main']}").get("provenance").get(0).get("source").asText());
    }

    @Test
    @DisplayName("a source that is no table, map or scenario of the system is refused by name")
    void unknownSourceIsRefused() {
        RulesContext rc = context("", "meeting", 1, true);
        RuleError e = assertThrows(RuleError.class, () -> entry(rc, "{rule: 'x', uses: ['move/nothing']}"));
        assertTrue(e.getMessage().contains("\"move/nothing\", which is no table"), e.getMessage());
        assertThrows(RuleError.class, () -> entry(rc, "{rule: 'x', uses: ['map:elsewhere']}"));
    }

    @Test
    @DisplayName("the scenario's status header: a reconstructed deployment speaks up, a printed one does not")
    void scenarioStatusComesFromItsFile() {
        JsonNode printed = entry(context("", "meeting", 1, true), "{rule: '1', uses: ['scenario']}");
        assertFalse(printed.has("provenance"), printed.toString());
        JsonNode rec = entry(context("", "midturn", 1, true), "{rule: '1', uses: ['scenario']}");
        assertEquals("reconstructed", rec.get("provenance").get(0).get("status").asText());
        assertTrue(rec.get("provenance").get(0).get("note").asText().contains("worked out by us"), rec.toString());
    }

    @Test
    @DisplayName("a table patched by an erratum marked reconstructed counts as reconstructed")
    void reconstructedErratumMakesItsTableReconstructed() {
        JsonNode base = entry(context("", "meeting", 1, true), "{rule: '4.2', table: 'combat/crt'}");
        assertFalse(base.has("provenance"), base.toString());
        JsonNode fixed = entry(context("errata:gentler-crt", "meeting", 1, true), "{rule: '4.2', table: 'combat/crt'}");
        assertEquals("reconstructed", fixed.get("provenance").get(0).get("status").asText());
        assertTrue(fixed.get("provenance").get(0).get("note").asText().contains("gentler-crt"), fixed.toString());
    }

    @Test
    @DisplayName("with the trace off (a batch) each non-printed source is still counted once per decided outcome")
    void usageCountsProvenanceWithTracingOff() {
        RulesContext rc = context("", "meeting", 1, false);
        rc.call("resetUsage");
        rc.callString("evaluate", "ctx.trace({rule: 'x', table: 'combat/terrain', uses: ['map', 'combat/terrain']})");
        rc.callString("evaluate", "ctx.trace({rule: 'x', uses: ['map']})");
        JsonNode u = Json.read(rc.callString("usageJson"));
        assertEquals(1, u.get("placeholder:combat/terrain").asInt(), u.toString());
        assertEquals(2, u.get("reconstructed:map").asInt(), u.toString());
    }
}
