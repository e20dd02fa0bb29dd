package hexlab.rules.crusader;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crusader 17.1: the Axis exemption from mandatory attack at the Tobruk perimeter, and the DG option. */
class TobrukPerimeterTest {

    static Game axisPhasing(String spec, String... pieces) {
        return Fixtures.start(Fixtures.crusader(spec), Fixtures.scenario(3, 4, "axis", "campaign", false, null, pieces), 1);
    }

    static void assertNone(JsonNode n) {
        assertTrue(n == null || n.isNull(), "expected no exemption, found " + n);
    }

    static JsonNode exemption(Game g, String attacker, String defender) {
        return Fixtures.eval(g, "rules.tobruk.combatExemption(ctx.piece('" + attacker + "'), ctx.piece('" + defender + "'))");
    }

    @Test
    @DisplayName("Crusader 17.1 Axis unit exactly three hexes from 1003 behind a minefield need not attack")
    void exactlyThree() {
        Game g = axisPhasing("", "de-1-8-pz@1106", "br-16-bde@1005");
        assertEquals(3, Fixtures.eval(g, "map.distance('1106', '1003')").asInt());
        JsonNode e = exemption(g, "de-1-8-pz", "br-16-bde");
        assertEquals("17.1", e.path("rule").asText());
        assertEquals(3, e.path("cell").path("distance").asInt());
        assertEquals("minefield-british", e.path("cell").path("minefield").asText());
        assertEquals("1106/1005", e.path("cell").path("hexside").asText());
    }

    @Test
    @DisplayName("Crusader 17.1 Axis unit two hexes from 1003 across the same minefield hexside is not exempt")
    void twoHexesIsNotThree() {
        Game g = axisPhasing("", "de-1-8-pz@1005", "br-16-bde@1106");
        assertEquals(2, Fixtures.eval(g, "map.distance('1005', '1003')").asInt());
        assertTrue(Fixtures.eval(g, "map.hexsideHas('1005', '1106', 'minefield-british')").asBoolean());
        assertNone(exemption(g, "de-1-8-pz", "br-16-bde"));
    }

    @Test
    @DisplayName("Crusader 17.1 Axis unit far from 1003 behind an Axis minefield is not exempt under 17.1")
    void farFromTobruk() {
        Game g = axisPhasing("", "de-1-104-bn@3209", "br-4nz-bde@3109");
        assertTrue(Fixtures.eval(g, "map.hexsideHas('3209', '3109', 'minefield-axis')").asBoolean());
        assertNone(exemption(g, "de-1-104-bn", "br-4nz-bde"));
    }

    @Test
    @DisplayName("Crusader 17.1 Axis unit three hexes from 1003 with no minefield hexside between is not exempt")
    void noMinefield() {
        Game g = axisPhasing("", "de-1-8-pz@1106", "br-16-bde@1206");
        assertEquals(0, Fixtures.eval(g, "map.hexside('1106', '1206').filter(f => f.startsWith('minefield')).length").asInt());
        assertNone(exemption(g, "de-1-8-pz", "br-16-bde"));
    }

    @Test
    @DisplayName("Crusader 17.1 (reading) a second adjacent British unit across open ground keeps the Axis unit bound by 7.2")
    void partlyExempt() {
        Game g = axisPhasing("", "de-1-8-pz@1106", "br-16-bde@1005", "br-23-bde@1206");
        assertNone(exemption(g, "de-1-8-pz", "br-16-bde"));
    }

    @Test
    @DisplayName("Crusader 17.1 the exemption is the Axis player's only while he is the phasing player")
    void onlyWhilePhasing() {
        Game g = Fixtures.start(Fixtures.crusader(), Fixtures.scenario(3, 4, "british", "campaign", false, null,
                "de-1-8-pz@1106", "br-16-bde@1005"), 1);
        assertNone(exemption(g, "de-1-8-pz", "br-16-bde"));
        assertNone(exemption(g, "br-16-bde", "de-1-8-pz"));
    }

    @Test
    @DisplayName("DG 17.1 with dg-fortified-box-minefields every hexside of an Allied Fortified Box is an Allied minefield")
    void dgFortifiedBoxes() {
        Game off = axisPhasing("", "de-1-8-pz@1106", "br-23-bde@1204");
        Game on = axisPhasing("option:dg-fortified-box-minefields", "de-1-8-pz@1106", "br-23-bde@1204");
        // 1204/1105 is open ground inside the perimeter; 1204 is a Fortified Box
        assertEquals(0, Fixtures.eval(off, "map.hexside('1204', '1105').length").asInt());
        assertNone(Fixtures.eval(off, "rules.tobruk.minefieldOwner('1204', '1105')"));
        assertEquals("british", Fixtures.eval(on, "rules.tobruk.minefieldOwner('1204', '1105')").asText());
        assertEquals("british", Fixtures.eval(on, "rules.tobruk.minefieldOwner('1105', '1204')").asText());
        assertNone(Fixtures.eval(on, "rules.tobruk.minefieldOwner('1105', '1106')"));
    }

    @Test
    @DisplayName("DG 17.1 10.11 with dg-fortified-box-minefields a British unit leaving or entering a Fortified Box pays the friendly-minefield MP; an Axis unit may not walk in (10.12)")
    void dgFortifiedBoxMovement() {
        String[] at = {"de-1-8-pz@1605", "br-23-bde@1204"};
        Game off = Fixtures.start(Fixtures.crusader(""), Fixtures.scenario(3, 4, "british", "campaign", false, null, at), 1);
        Game on = Fixtures.start(Fixtures.crusader("option:dg-fortified-box-minefields"), Fixtures.scenario(3, 4, "british", "campaign", false, null, at), 1);
        assertEquals("[]", Fixtures.eval(off, "rules.minefields.undrawn('british')").toString());
        JsonNode sides = Fixtures.eval(on, "rules.minefields.undrawn('british')");
        assertTrue(sides.toString().contains("\"1105/1204\""), sides.toString());
        double plain = Fixtures.eval(off, "rules.movement.stepCost(ctx.piece('br-23-bde'), '1204', '1105').mp").asDouble();
        JsonNode boxed = Fixtures.eval(on, "rules.movement.stepCost(ctx.piece('br-23-bde'), '1204', '1105')");
        double extra = Fixtures.eval(on, "rules.minefields.extraMp(ctx.piece('br-23-bde'))").asDouble();
        assertEquals(plain + extra, boxed.path("mp").asDouble(), boxed.toString());
        assertTrue(boxed.path("parts").toString().contains("friendly minefield"), boxed.toString());
        // the kernel's search prices it the same way: one hex out of the box costs the step plus the minefield
        JsonNode reachOff = Fixtures.eval(off, "rules.movement.reachable(ctx.piece('br-23-bde'))");
        JsonNode reachOn = Fixtures.eval(on, "rules.movement.reachable(ctx.piece('br-23-bde'))");
        if (reachOn.has("1105")) assertEquals(reachOff.path("1105").asDouble() + extra, reachOn.path("1105").asDouble());
        else assertTrue(reachOff.path("1105").asDouble() + extra > Fixtures.eval(on, "rules.movement.allowance(ctx.piece('br-23-bde'))").asDouble());
        JsonNode axis = Fixtures.eval(on, "rules.movement.stepCost(ctx.piece('de-1-8-pz'), '1105', '1204')");
        assertTrue(axis.path("mp").isNull(), axis.toString());
    }

    @Test
    @DisplayName("DG 17.1 a move priced by the dg-fortified-box-minefields hexsides names the option in its trace, so the lab counts the option as used")
    void dgFortifiedBoxMoveNamesTheOption() {
        String[] at = {"de-1-8-pz@1605", "br-23-bde@1204"};
        Game on = Fixtures.start(Fixtures.crusader("option:dg-fortified-box-minefields"), Fixtures.scenario(3, 4, "british", "campaign", false, null, at), 1);
        JsonNode step = Fixtures.eval(on, "rules.movement.stepCost(ctx.piece('br-23-bde'), '1204', '1105')");
        assertEquals("dg-fortified-box-minefields", step.path("option").asText(), step.toString());
        var reach = Fixtures.eval(on, "rules.movement.reachable(ctx.piece('br-23-bde'))");
        org.junit.jupiter.api.Assumptions.assumeTrue(reach.has("1105"), "1105 is within the unit's allowance");
        hexlab.kernel.play.Outcome o = on.apply(hexlab.kernel.util.Json.read("{\"do\":\"move\",\"unit\":\"br-23-bde\",\"to\":\"1105\"}"));
        assertTrue(o.accepted(), String.valueOf(o.refusal()));
        JsonNode move = o.events().stream().filter(e -> "5.21".equals(e.path("rule").asText())).findFirst().orElseThrow();
        assertEquals("dg-fortified-box-minefields", move.path("option").asText(), move.toString());
        assertTrue(move.path("text").asText().contains("added by option dg-fortified-box-minefields"), move.toString());
        assertTrue(on.usage().path("option:dg-fortified-box-minefields").asInt() >= 1, on.usage().toString());
        // without the option the same step names none
        Game off = Fixtures.start(Fixtures.crusader(""), Fixtures.scenario(3, 4, "british", "campaign", false, null, at), 1);
        assertTrue(Fixtures.eval(off, "rules.movement.stepCost(ctx.piece('br-23-bde'), '1204', '1105')").path("option").isNull());
    }

    @Test
    @DisplayName("Crusader 17.1 the ring of hexes exactly three from 1003")
    void ring() {
        assertEquals("[\"0702\",\"0703\",\"0704\",\"0705\",\"0801\",\"0805\",\"0901\",\"0906\",\"1006\",\"1101\",\"1106\",\"1201\",\"1205\",\"1302\",\"1303\",\"1304\",\"1305\"]",
                Fixtures.eval(axisPhasing("", "de-1-8-pz@1605"), "rules.tobruk.ring()").toString());
    }

    @Test
    @DisplayName("Crusader 17.1 an exemption, not a prohibition: the Axis player may end his Combat Phase or attack")
    void mayStillAttack() {
        Game g = axisPhasing("", "de-1-8-pz@1106", "br-16-bde@1005");
        Fixtures.take(g, "done");            // end the Axis Movement Phase: the Combat Phase begins
        java.util.List<String> acts = new java.util.ArrayList<>();
        g.legalActions().forEach(a -> acts.add(a.toString()));
        assertTrue(acts.contains("{\"do\":\"done\"}"), acts.toString());
        assertTrue(acts.contains("{\"do\":\"attack\",\"hex\":\"1005\"}"), acts.toString());
        assertEquals("[]", Fixtures.eval(g, "rules[\"mandatory-combat\"].mandatory('axis').attackers").toString());
        assertEquals("[\"de-1-8-pz\"]", Fixtures.eval(g, "rules[\"mandatory-combat\"].mandatory('axis').exempt").toString());
    }

    @Test
    @DisplayName("Crusader 17.1 without the minefield the same Axis unit must attack (7.12)")
    void mustAttackWithoutExemption() {
        Game g = axisPhasing("", "de-1-8-pz@1106", "br-16-bde@1206");
        Fixtures.take(g, "done");
        java.util.List<String> acts = new java.util.ArrayList<>();
        g.legalActions().forEach(a -> acts.add(a.toString()));
        assertEquals(false, acts.contains("{\"do\":\"done\"}"), acts.toString());
        assertEquals("[\"de-1-8-pz\"]", Fixtures.eval(g, "rules[\"mandatory-combat\"].mandatory('axis').attackers").toString());
    }
}
