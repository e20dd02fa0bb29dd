package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 12.0 disruption: 12.1 causes, 12.2 effects and the second disruption, 12.3 recovery; 5.41 wrecks. */
@DisplayName("FoT 12.0 Disruption")
class DisruptionTest {

    @Test
    @DisplayName("FoT 12.1, 12.2 a unit is Disrupted; Disrupted a second time it is eliminated")
    void secondDisruption() {
        Game g = Cx.with(Cx.EY5 + "@4531");
        assertEquals("disrupted", js(g, "rules.disruption.disrupt('" + Cx.EY5 + "', 'combat')").asText());
        assertTrue(Cx.disrupted(g, Cx.EY5));
        assertEquals("eliminated", js(g, "rules.disruption.disrupt('" + Cx.EY5 + "', 'combat')").asText());
        assertNull(Cx.hex(g, Cx.EY5));
        assertEquals("eliminated", Cx.piece(g, Cx.EY5).path("at").asText());
        assertEquals("4531", Cx.piece(g, Cx.EY5).path("lostIn").asText());
    }

    @Test
    @DisplayName("FoT 12.2 EXCEPTION: a disruption from bombardment or strafing never eliminates a Disrupted unit")
    void bombardmentException() {
        Game g = Cx.with(Cx.EY5 + "@4531", Cx.GH6 + "@4531");
        run(g, "state.pieces['" + Cx.EY5 + "'].disrupted = true; state.pieces['" + Cx.GH6 + "'].disrupted = true;");
        assertEquals("no effect", js(g, "rules.disruption.disrupt('" + Cx.EY5 + "', 'artillery bombardment')").asText());
        assertEquals("no effect", js(g, "rules.disruption.disrupt(state.pieces['" + Cx.GH6 + "'], 'strafing')").asText());
        assertEquals("4531", Cx.hex(g, Cx.EY5));
        // overstacking is no exception (4.23 calls with the piece and its reason)
        assertEquals("eliminated", js(g, "rules.disruption.disrupt(state.pieces['" + Cx.GH6 + "'], '4.23 overstacking')").asText());
    }

    @Test
    @DisplayName("FoT 12.1 NOTE HQs have no Disrupted side and ignore every Dis result")
    void hqImmune() {
        Game g = Cx.with(Cx.HQ50 + "@4531", Cx.I104 + "@4430");
        assertEquals("immune", js(g, "rules.disruption.disrupt('" + Cx.HQ50 + "', 'combat')").asText());
        js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "'], {dis: 'All Dis'})");
        assertFalse(Cx.disrupted(g, Cx.HQ50));
    }

    @Test
    @DisplayName("FoT 12.2 Disrupted units fight with reduced Hard and Soft Attack (reverse sides not in the seed: halved, a placeholder) and project no ZOC")
    void effects() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531");
        JsonNode before = js(g, "rules.crt.factors('4531', ['" + Cx.I104 + "'])").path(Cx.I104);
        assertEquals(2, before.path("haf").asDouble(), 1e-9);
        assertEquals(4, before.path("saf").asDouble(), 1e-9);
        run(g, "state.pieces['" + Cx.I104 + "'].disrupted = true;");
        JsonNode after = js(g, "rules.crt.factors('4531', ['" + Cx.I104 + "'])").path(Cx.I104);
        assertEquals(1, after.path("haf").asDouble(), 1e-9);
        assertEquals(2, after.path("saf").asDouble(), 1e-9);
        assertTrue(after.path("why").toString().contains("placeholder"), after.toString());
        // 5 EY (4 SPs) projects an LZOC; Disrupted, none (zoc section)
        assertEquals(1, js(g, "rules.zoc.level('4430', 'allied')").asInt());
        run(g, "state.pieces['" + Cx.EY5 + "'].disrupted = true;");
        assertEquals(0, js(g, "rules.zoc.level('4430', 'allied')").asInt());
    }

    @Test
    @DisplayName("FoT 4.13, 12.2 a Disrupted unit forced to retreat into an enemy ZOC is eliminated")
    void retreatIntoZocWhileDisrupted() {
        // I/104 and I/361 in 4430 (6 SPs): an LZOC on 4431 and 4530; 5 EY hemmed in on its other sides
        Game g = Cx.with(Cx.I104 + "@4430", Cx.I361 + "@4430", "de-90xx-i-200@4532", "de-90xx-ii-200@4630", "de-90xx-i-190@4631", Cx.EY5 + "@4531");
        run(g, "state.pieces['" + Cx.EY5 + "'].disrupted = true;");
        js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "', '" + Cx.I361 + "'], {retreat: 'All R1h'})");
        List<JsonNode> ev = trace(g);
        assertNull(Cx.hex(g, Cx.EY5));
        assertFalse(Cx.textHas(ev, "12.2", "retreat into an enemy ZOC").isEmpty(), ev.toString());
    }

    @Test
    @DisplayName("FoT 12.3, 3.5 the Clean-Up Phase flips Disrupted units back")
    void recovery() {
        Game g = Cx.with(Cx.EY5 + "@4531", Cx.I104 + "@4430");
        run(g, "state.pieces['" + Cx.EY5 + "'].disrupted = true; state.pieces['" + Cx.I104 + "'].disrupted = true;");
        assertEquals("[\"" + Cx.EY5 + "\"]", js(g, "rules.disruption.recover('allied')").toString());
        assertFalse(Cx.disrupted(g, Cx.EY5));
        assertTrue(Cx.disrupted(g, Cx.I104), "the other side's units wait for their own Clean-Up");
    }

    @Test
    @DisplayName("FoT 5.41 a tank with a Reserve Tank track lost in combat leaves a Wreck marker; other armor goes to Units Destroyed")
    void wrecks() {
        Game g = Cx.with(Cx.BAYS + "@4531", Cx.RD1 + "@4531", Cx.EY5 + "@4531");
        run(g, "state.combat = {n: 1, imp: {n: 1, side: 'axis', combats: [], resolving: true}, queue: [], began: null};");
        js(g, "rules.disruption.eliminate('" + Cx.BAYS + "', 'combat')");
        js(g, "rules.disruption.eliminate('" + Cx.RD1 + "', 'combat')");
        js(g, "rules.disruption.eliminate('" + Cx.EY5 + "', 'combat')");
        assertEquals("wreck", Cx.piece(g, Cx.BAYS).path("box").asText());
        assertEquals("4531", Cx.piece(g, Cx.BAYS).path("lostIn").asText());
        assertEquals("units-destroyed", Cx.piece(g, Cx.RD1).path("box").asText());
        assertEquals("units-to-be-refitted", Cx.piece(g, Cx.EY5).path("box").asText());
    }

    @Test
    @DisplayName("FoT 5.41 only Antitank Fire and Regular Combat leave wrecks: a tank lost to overstacking, or outside a Combat Impulse, goes to Units to be Refit")
    void wrecksOnlyFromCombat() {
        Game g = Cx.with(Cx.BAYS + "@4531", "br-2axx-b-bays@4531");
        run(g, "state.combat = {n: 1, imp: {n: 1, side: 'axis', combats: [], resolving: true}, queue: [], began: null};");
        js(g, "rules.disruption.eliminate('" + Cx.BAYS + "', '4.23 overstacking', '4.23')");
        assertEquals("units-to-be-refitted", Cx.piece(g, Cx.BAYS).path("box").asText());
        run(g, "state.combat = null;");
        js(g, "rules.disruption.eliminate('br-2axx-b-bays', 'combat')");
        assertEquals("units-to-be-refitted", Cx.piece(g, "br-2axx-b-bays").path("box").asText());
    }

    @Test
    @DisplayName("FoT 7.11 an HQ lost in combat is put on the nearest unit of its formation")
    void hqPlaced() {
        Game g = Cx.with(Cx.HQ50 + "@4531", Cx.GH6 + "@4533", Cx.GH7 + "@4334");
        js(g, "rules.disruption.eliminate('" + Cx.HQ50 + "', 'test')");
        assertEquals("4533", Cx.hex(g, Cx.HQ50));
        assertFalse(Cx.textHas(trace(g), "7.11", "is placed on the nearest unit of its formation, in 4533").isEmpty());
    }

    @Test
    @DisplayName("FoT 7.11 units of its formation equally near: the owner chooses where the eliminated HQ goes (decision placement)")
    void hqTieChosen() {
        // 4331 and 4731 are both two hexes from 4531
        Game g = start(scenario(4, 4, "de-15xx-hq@4428", Cx.PZ3 + "@4428", Cx.HQ50 + "@4531", Cx.GH6 + "@4731", Cx.GH7 + "@4331"), 1);
        assertFalse(g.over());
        g.legalActions();
        trace(g);
        js(g, "rules.disruption.eliminate('" + Cx.HQ50 + "', 'test')");
        assertEquals("7.11", g.view(null).rule());
        assertEquals("allied", g.toAct());
        assertTrue(g.view(null).prompt().contains("in 4331 or 4731 (7.11)"), g.view(null).prompt());
        assertEquals("[{\"do\":\"place\",\"unit\":\"" + Cx.HQ50 + "\",\"hex\":\"4331\"}, {\"do\":\"place\",\"unit\":\"" + Cx.HQ50 + "\",\"hex\":\"4731\"}]",
            g.legalActions().toString());
        assertEquals("placing", Cx.piece(g, Cx.HQ50).path("at").asText(), "off the map until placed");
        assertFalse(Cx.textHas(trace(g), "7.11", "4331, 4731 are as near: allied chooses").isEmpty());
        List<JsonNode> placed = g.applyIndex(find(g, "\"hex\":\"4731\"")).events();
        assertEquals("4731", Cx.hex(g, Cx.HQ50));
        assertEquals("map", Cx.piece(g, Cx.HQ50).path("at").asText());
        assertFalse(Cx.textHas(placed, "7.11", "placed on the nearest unit of its formation, in 4731").isEmpty(), placed.toString());
    }

    /** 4531 held by the 50th Division's HQ and 1 RNC, every hex around it Axis: no retreat (11.3). */
    static Game hemmedIn(Game g) {
        run(g, "state.pieces['" + Cx.HQ50 + "'].hex = '4531';");
        placeAs(g, "sa-1saxx-1-rnc", "rnc", "4531", null);
        place(g, Cx.GH6, "4731");
        place(g, Cx.GH7, "4331");
        String[] around = {"4630", "4631", "4532", "4431"};
        for (int i = 0; i < around.length; i++) placeAs(g, Cx.IT28, "block" + i, around[i], null);
        return g;
    }

    @Test
    @DisplayName("FoT 7.11 an HQ lost in a combat being resolved, its units equally near: the choice is a step of the combat (the first offered when it resolves by itself)")
    void hqTieInAutomaticCombat() {
        Game g = hemmedIn(Cx.with(Cx.HQ50 + "@4531", Cx.PZ3 + "@4530", Cx.I104 + "@4430"));
        trace(g);
        js(g, "rules.combat.applyResult('4531', ['" + Cx.PZ3 + "', '" + Cx.I104 + "'], {by: 'attacker', kind: 'close', retreat: 'R2h'})");
        List<JsonNode> ev = trace(g);
        assertFalse(Cx.textHas(ev, "7.11", "4331, 4731 are as near: allied chooses").isEmpty(), ev.toString());
        assertEquals("4331", Cx.hex(g, Cx.HQ50), "resolving by itself, the first offered");
        assertEquals("eliminated", Cx.piece(g, "rnc").path("at").asText(), "1 RNC had no hex to retreat to");
    }

    @Test
    @DisplayName("FoT 7.11 in a Combat Impulse in play the owner is asked (decision placement, rule 7.11) and the combat goes on after the choice")
    void hqTieInCombatImpulse() {
        Game g = CombatTest.toAxisActivation(1);
        run(g, "state.pieces['" + Cx.EY5 + "'].hex = '3030'; state.pieces['" + Cx.AT65 + "'].hex = '3030';");
        hemmedIn(g);
        take(g, "\"impulse\":\"combat\"");
        take(g, "\"hex\":\"4531\"");
        take(g, "\"unit\":\"" + Cx.PZ3 + "\"");
        take(g, "\"unit\":\"" + Cx.I104 + "\"");
        Game.Snapshot before = g.snapshot();
        boolean asked = false;
        for (int burn = 0; burn < 400 && !asked; burn++) {
            g.restore(before);
            burn(g, burn);
            take(g, "\"do\":\"resolve\"");
            for (int guard = 0; guard < 40 && !asked && find(g, "\"impulse\":") < 0 && find(g, "\"do\":\"end\"") < 0; guard++) {
                if ("7.11".equals(g.view(null).rule())) asked = true;
                else g.applyIndex(0);
            }
        }
        assertTrue(asked, "some dice retreat the stack that cannot retreat");
        assertEquals("allied", g.toAct());
        assertEquals("placing", Cx.piece(g, Cx.HQ50).path("at").asText());
        take(g, "\"hex\":\"4731\"");
        assertEquals("4731", Cx.hex(g, Cx.HQ50));
        for (int guard = 0; guard < 40 && find(g, "\"impulse\":") < 0 && find(g, "\"do\":\"end\"") < 0; guard++) g.applyIndex(0);
        assertTrue(find(g, "\"impulse\":") >= 0 || find(g, "\"do\":\"end\"") >= 0, "the impulse ended; the activation goes on");
        assertTrue(js(g, "state.combat.queue.length === 0").asBoolean());
    }
}
