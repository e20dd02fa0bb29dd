package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT 4.12 NOTE and 7.1: the Forced Combat Impulse; 11.0 the attacks an impulse must hold.
 * The British stack in 4531 (5 EY, 6 GH, 7 GH: 12 SPs) projects an HZOC round it.
 */
@DisplayName("FoT 4.12 Forced Combat Impulse")
class ForcedCombatTest {
    static final String MG8 = "de-15xx-mg-8";      // 15xx machine-gun battalion
    static final String T18 = "de-15xx-1-8";       // 15xx tank company

    /** The 15xx marker drawn with `ap` APs (as ActivationTest does), the HZOC stack in 4531. */
    static Game position(int ap, String... more) {
        String[] base = {"de-15xx-hq@4428", Cx.EY5 + "@4531", Cx.GH6 + "@4531", Cx.GH7 + "@4531"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        Game g = Cx.with(all);
        ActivationTest.activate(g, "15xx", ap);
        return g;
    }

    static String forced(Game g) { return js(g, "rules.combat.forcedUnits()").toString(); }

    @Test
    @DisplayName("FoT 4.12 NOTE, 7.1 units of the drawn formation in an enemy HZOC, given no AP, owe a Forced Combat Impulse; LZOC, other formations and Boxes do not")
    void whoIsForced() {
        // MG 8 in 4430 (HZOC of 4531); 1/8 in 4428 (no ZOC); I/104 of 21xx in 4530 (HZOC, not drawn)
        Game g = position(0, MG8 + "@4430", T18 + "@4428", Cx.I104 + "@4530");
        assertEquals("[\"" + MG8 + "\"]", forced(g));
        assertTrue(js(g, "rules.combat.forcedDue()").asBoolean());
        // 7 GH gone: 8 SPs, an LZOC: no obligation (4.12)
        run(g, "state.pieces['" + Cx.GH7 + "'].hex = '4334';");
        assertEquals("[]", forced(g));
        assertFalse(js(g, "rules.combat.forcedDue()").asBoolean());
    }

    @Test
    @DisplayName("FoT 4.12 a unit activated and left in an enemy HZOC without attacking owes its attack too; one that has fought owes nothing (3.4)")
    void activatedButIdle() {
        Game g = position(4, MG8 + "@4430");
        assertTrue(js(g, "rules.activation.spend(['" + MG8 + "']).ok").asBoolean());
        assertEquals("[\"" + MG8 + "\"]", forced(g));
        run(g, "state.pieces['" + MG8 + "'].fought = true;");
        assertEquals("[]", forced(g));
    }

    @Test
    @DisplayName("FoT 4.12 'begins its activation': a unit that came into the HZOC later is not forced (beginActivation)")
    void beganInHzoc() {
        Game g = position(0, MG8 + "@4428");
        js(g, "rules.combat.beginActivation()");
        run(g, "state.pieces['" + MG8 + "'].hex = '4430';");
        assertEquals("[]", forced(g));
    }

    @Test
    @DisplayName("FoT 13.4 units in a Box need not attack the enemy projecting an HZOC into it")
    void boxExempt() {
        // 2625 is a Box (Bir Hakim); the HZOC stack next to it in 2626
        Game g = Cx.with("de-15xx-hq@2622", Cx.EY5 + "@2626", Cx.GH6 + "@2626", Cx.GH7 + "@2626", MG8 + "@2625");
        ActivationTest.activate(g, "15xx", 0);
        assertEquals(2, js(g, "rules.zoc.level('2625', 'allied')").asInt());
        assertEquals("[]", forced(g));
    }

    @Test
    @DisplayName("FoT 4.12 NOTE the Forced Combat Impulse fights at 1L")
    void forcedShift() {
        Game g = position(0, MG8 + "@4430");
        JsonNode s = js(g, "rules.combat.shiftsOf('4531', ['" + MG8 + "'], 'close', {forced: true})");
        assertTrue(s.toString().contains("\"id\":\"forced-combat\",\"shift\":\"1L\""), s.toString());
        assertFalse(js(g, "rules.combat.shiftsOf('4531', ['" + MG8 + "'], 'close')").toString().contains("forced-combat"));
        js(g, "rules.combat.resolveNow('4531', ['" + MG8 + "'], {forced: true})");
        List<JsonNode> ev = trace(g);
        assertFalse(Cx.matching(ev, e -> e.path("rule").asText().startsWith("11.2") && e.path("text").asText().contains("1L Forced Combat Impulse")).isEmpty());
        assertTrue(Cx.piece(g, MG8).path("fought").asBoolean());
    }

    @Test
    @DisplayName("FoT 4.12 the forced decision: only the units that owe it attack, every one of them, with no AP and no way out")
    void forcedDecision() {
        Game g = position(0, MG8 + "@4430", T18 + "@4530", Cx.I104 + "@4630");
        run(g, "state.pieces['" + T18 + "'].hex = '4530';");
        JsonNode acts = js(g, "rules.combat.forced.actions(ctx)");
        assertEquals("[{\"do\":\"attack\",\"hex\":\"4531\"}]", acts.toString(), "no cancel before a combat is set");
        run(g, "rules.combat.forced.apply(ctx, {do: 'attack', hex: '4531'}); rules.combat.forced.apply(ctx, {do: 'add', unit: '" + MG8 + "', hex: '4531'});");
        String a2 = js(g, "rules.combat.forced.actions(ctx)").toString();
        assertTrue(a2.contains(T18) && !a2.contains(Cx.I104), a2);
        assertFalse(a2.contains("resolve"), "1/8 owes the attack too");
        JsonNode why = js(g, "rules.combat.forced.why(ctx, {do: 'resolve'})");
        assertEquals("4.12", why.path("rule").asText());
        assertTrue(why.path("reason").asText().contains(T18));
        run(g, "rules.combat.forced.apply(ctx, {do: 'add', unit: '" + T18 + "', hex: '4531'});");
        assertTrue(js(g, "rules.combat.forced.actions(ctx)").toString().contains("resolve"));
    }

    @Test
    @DisplayName("FoT 11.0 an impulse must hold every activated unit in an enemy HZOC and attack the non-armor units projecting it")
    void mandatoryInImpulse() {
        Game g = position(6, MG8 + "@4430", T18 + "@4530", "de-15xx-2-8@4632", "br-2axx-a-bays@4633");
        assertTrue(js(g, "rules.activation.spend(['" + MG8 + "']).ok").asBoolean());
        run(g, "rules.combat.impulse.apply(ctx, {do: 'attack', hex: '4633'}); rules.combat.impulse.apply(ctx, {do: 'add', unit: 'de-15xx-2-8', hex: '4633'});");
        JsonNode why = js(g, "rules.combat.impulse.why(ctx, {do: 'resolve'})");
        assertEquals("11.0", why.path("rule").asText());
        assertTrue(why.path("reason").asText().contains(MG8), why.toString());
        run(g, "rules.combat.impulse.apply(ctx, {do: 'attack', hex: '4531'}); rules.combat.impulse.apply(ctx, {do: 'add', unit: '" + MG8 + "', hex: '4531'});");
        assertTrue(js(g, "rules.combat.impulse.actions(ctx)").toString().contains("resolve"));
        assertTrue(js(g, "rules.combat.impulse.why(ctx, {do: 'attack', hex: '4531'})").path("reason").asText().contains("twice"), "3.44");
    }
}
