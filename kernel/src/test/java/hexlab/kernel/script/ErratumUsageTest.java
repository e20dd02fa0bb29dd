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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An erratum counts when a value it patched was read for an outcome whose entry names the patched table. */
class ErratumUsageTest {
    final Kernel k = Fixtures.toy();

    private RulesContext context(String variant, boolean keepTrace) {
        var v = k.variant("toy", variant);
        var sc = k.scenario(v, "meeting");
        RulesContext rc = k.context(v, sc);
        Game.start(rc, sc, 1, keepTrace);
        rc.call("resetUsage");
        return rc;
    }

    private static JsonNode usage(RulesContext rc) { return Json.read(rc.callString("usageJson")); }

    @Test
    @DisplayName("toy 4.2 erratum: the patched CRT cell (6 at 1:1) read for a combat counts; another cell of the same table does not")
    void onlyAReadOfThePatchedCellCounts() {
        RulesContext rc = context("errata:gentler-crt", false);
        rc.callString("evaluate", "(tables.combat.crt.results[5][1], ctx.trace({rule: '4.2', table: 'combat/crt', result: 'AE'}))");
        assertFalse(usage(rc).has("erratum:gentler-crt"), "cell 5/1 is not patched: " + usage(rc));
        assertEquals(1, usage(rc).get("table:combat/crt").asInt());
        rc.callString("evaluate", "(tables.combat.crt.results[6][1], ctx.trace({rule: '4.2', table: 'combat/crt', result: 'AR'}))");
        assertEquals(1, usage(rc).get("erratum:gentler-crt").asInt(), usage(rc).toString());
    }

    @Test
    @DisplayName("the read must be named: an entry about another table leaves the patched read for a later entry of the same call")
    void theEntryMustNameThePatchedTable() {
        RulesContext rc = context("errata:gentler-crt", true);
        String r = rc.callString("evaluate", "(tables.combat.crt.results[6][1], [ctx.trace({rule: '4.4', table: 'combat/terrain'}), ctx.trace({rule: '4.2', table: 'combat/crt'})])");
        JsonNode two = Json.read(r);
        assertFalse(two.get(0).has("decidedBy"), r);
        assertEquals("[\"gentler-crt\"]", two.get(1).get("decidedBy").toString(), r);
        rc.callString("evaluate", "ctx.trace({rule: '4.2', table: 'combat/crt'})");
        assertEquals(1, usage(rc).get("erratum:gentler-crt").asInt(), "a read is taken once, in the call that made it: " + usage(rc));
    }

    @Test
    @DisplayName("a value kept by ctx.once counts each time the kept answer is used")
    void keptAnswersCarryTheirReads() {
        RulesContext rc = context("errata:gentler-crt", false);
        for (int i = 0; i < 3; i++) {
            rc.callString("evaluate", "(ctx.once('cell', () => tables.combat.crt.results[6][1]), ctx.trace({rule: '4.2', table: 'combat/crt'}))");
        }
        assertEquals(3, usage(rc).get("erratum:gentler-crt").asInt(), usage(rc).toString());
    }

    @Test
    @DisplayName("an erratum replacing a script export counts when the export's call is followed by an entry")
    void scriptErratumCountsPerCall() {
        RulesContext rc = context("errata:cheap-rough", false);
        rc.callString("evaluate", "(rules.move.movementAllowance(state.pieces.r1), ctx.trace({rule: '3.1', text: 'moved'}))");
        rc.callString("evaluate", "ctx.trace({rule: '3.1', text: 'no call'})");
        assertEquals(1, usage(rc).get("erratum:cheap-rough").asInt(), usage(rc).toString());
    }

    @Test
    @DisplayName("the tables stay read-only and whole through the tracking views")
    void viewsBehaveAsTheTables() {
        RulesContext rc = context("errata:gentler-crt", false);
        assertEquals("[\"AE\",\"AR\",\"AR\",\"EX\"]", rc.callString("evaluate", "JSON.stringify(tables.combat.crt.results[6])").replace("\\", "").replaceAll("^\"|\"$", ""));
        assertEquals("true", rc.callString("evaluate", "Array.isArray(tables.combat.crt.results[6]) && tables.combat.crt.results[6].length === 4"));
        assertEquals("4", rc.callString("evaluate", "[...tables.combat.crt.results[6]].length"));
        assertTrue(rc.callString("evaluate", "Object.keys(tables.combat.crt.results).join()").contains("6"));
        assertEquals("true", rc.callString("evaluate", "(() => { try { tables.combat.crt.results[6][1] = 'X'; return false; } catch (e) { return e instanceof TypeError; } })()"));
    }
}
