package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

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

    static String forced(Game g) { return js(g, "rules['forced-combat'].forcedUnits()").toString(); }

    @Test
    @DisplayName("FoT 4.12 NOTE, 7.1 units of the drawn formation in an enemy HZOC, given no AP, owe a Forced Combat Impulse; LZOC, other formations and Boxes do not")
    void whoIsForced() {
        // MG 8 in 4430 (HZOC of 4531); 1/8 in 4428 (no ZOC); I/104 of 21xx in 4530 (HZOC, not drawn)
        Game g = position(0, MG8 + "@4430", T18 + "@4428", Cx.I104 + "@4530");
        assertEquals("[\"" + MG8 + "\"]", forced(g));
        assertTrue(js(g, "rules['forced-combat'].forcedDue()").asBoolean());
        // 7 GH gone: 8 SPs, an LZOC: no obligation (4.12)
        run(g, "state.pieces['" + Cx.GH7 + "'].hex = '4334';");
        assertEquals("[]", forced(g));
        assertFalse(js(g, "rules['forced-combat'].forcedDue()").asBoolean());
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
        js(g, "rules['forced-combat'].beginActivation()");
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
        JsonNode s = js(g, "rules.crt.shiftsOf('4531', ['" + MG8 + "'], 'close', {forced: true})");
        assertTrue(s.toString().contains("\"id\":\"forced-combat\",\"shift\":\"1L\""), s.toString());
        assertFalse(js(g, "rules.crt.shiftsOf('4531', ['" + MG8 + "'], 'close')").toString().contains("forced-combat"));
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
        JsonNode acts = js(g, "rules['forced-combat'].forced.actions(ctx)");
        assertEquals("[{\"do\":\"attack\",\"hex\":\"4531\"}]", acts.toString(), "no cancel before a combat is set");
        run(g, "rules['forced-combat'].forced.apply(ctx, {do: 'attack', hex: '4531'}); rules['forced-combat'].forced.apply(ctx, {do: 'add', unit: '" + MG8 + "', hex: '4531'});");
        String a2 = js(g, "rules['forced-combat'].forced.actions(ctx)").toString();
        assertTrue(a2.contains(T18) && !a2.contains(Cx.I104), a2);
        assertFalse(a2.contains("resolve"), "1/8 owes the attack too");
        JsonNode why = js(g, "rules['forced-combat'].forced.why(ctx, {do: 'resolve'})");
        assertEquals("4.12", why.path("rule").asText());
        assertTrue(why.path("reason").asText().contains(T18));
        run(g, "rules['forced-combat'].forced.apply(ctx, {do: 'add', unit: '" + T18 + "', hex: '4531'});");
        assertTrue(js(g, "rules['forced-combat'].forced.actions(ctx)").toString().contains("resolve"));
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

    static final String EY4 = "br-50xx-4-ey", GH4 = "br-50xx-4-gh", GH5 = "br-50xx-5-gh";   // 150x infantry, 4 SPs each
    static final String I115 = "de-15xx-i-115";    // 15xx motorized infantry

    static boolean inForced(Game g) { return g.breadcrumb().contains("forced-combat"); }

    /** The forced step, or the resolution of the impulse it began (its choices come as interrupts), is still open. */
    static boolean forcedOpen(Game g) { return inForced(g) || js(g, "!!state.combat.imp").asBoolean(); }

    /**
     * A game of game-turn 4: MG 8 of 15xx in 4531 between two 12-SP British stacks (4530 and 4532),
     * each projecting an HZOC onto it; 15xx activates and spends no AP: played to the forced step.
     */
    static Game toForcedStep() {
        Game g = start(scenario(4, 4, "de-15xx-hq@4428", MG8 + "@4531", Cx.EY5 + "@4530", Cx.GH6 + "@4530", Cx.GH7 + "@4530",
                EY4 + "@4532", GH4 + "@4532", GH5 + "@4532", "br-50xx-hq@4534"), 1);
        boolean began = false;
        for (int guard = 0; guard < 200 && !g.over(); guard++) {
            if (inForced(g)) return g;
            if (!began && "axis".equals(g.toAct()) && find(g, "\"do\":\"end\"") >= 0 && js(g, "(state.activation && state.activation.marker) || ''").asText().equals("15xx")) {
                // the weather rolled may be a Khamsin (4.44): the test wants both HZOCs as the activation begins
                run(g, "state.weather = 'clear'; rules['forced-combat'].beginActivation();");
                began = true;
            }
            int end = find(g, "\"do\":\"end\"");
            g.applyIndex(end >= 0 ? end : 0);
        }
        throw new AssertionError("no Forced Combat Impulse step reached: " + g.position());
    }

    @Test
    @DisplayName("FoT 4.12 NOTE, 11.0, 11.2 the Forced Combat Impulse always ends: a lone unit in the HZOC of two stacks attacks one of them, and no choice brings the same choices back")
    void forcedImpulseAlwaysEnds() {
        Game g = toForcedStep();
        assertEquals("[\"" + MG8 + "\"]", forced(g));
        Game.Snapshot at = g.snapshot();
        // every path through the building of the impulse reaches "resolve", and never offers "cancel"
        List<String> leaves = new ArrayList<>();
        buildPaths(g, at, "", leaves, 0);
        assertEquals(List.of(" attack 4530 add resolve", " attack 4532 add resolve"), leaves);
        // any sequence of choices ends the step, resolution included
        for (long seed = 1; seed <= 12; seed++) {
            g.restore(at);
            Random r = new Random(seed);
            int n = 0;
            List<JsonNode> ev = new ArrayList<>();
            while (forcedOpen(g) && !g.over() && n < 200) {
                assertFalse(g.legalActions().toString().contains("cancel"), "4.12 NOTE: no way out of a Forced Combat Impulse");
                ev.addAll(g.applyIndex(r.nextInt(g.choiceCount())).events());
                n++;
            }
            assertFalse(forcedOpen(g), "seed " + seed + ": the forced step is still open after " + n + " actions: " + g.position());
            assertFalse(Cx.textHas(ev, "3.44", "over: " + MG8).isEmpty(), "seed " + seed + ": MG 8 attacked in the Forced Combat Impulse");
        }
        g.restore(at);
        take(g, "\"hex\":\"4530\"");
        take(g, "\"do\":\"add\"");
        List<JsonNode> ev = g.applyIndex(find(g, "\"do\":\"resolve\"")).events();
        assertFalse(Cx.textHas(ev, "11.2", "4532 not attacked").isEmpty(), "the trace says why 4532 goes unattacked (11.2)");
    }

    /** Walks every build choice of the forced impulse from {@code at} (depth-first): a leaf is the impulse resolving. */
    static void buildPaths(Game g, Game.Snapshot at, String path, List<String> leaves, int depth) {
        assertTrue(depth <= 4, "the building of a one-unit forced impulse takes at most attack, add, resolve: " + path);
        g.restore(at);
        if (!inForced(g) || js(g, "!!(state.combat.imp && state.combat.imp.resolving)").asBoolean()) { leaves.add(path); return; }
        List<JsonNode> acts = g.legalActions();
        assertFalse(acts.isEmpty(), "no choice offered after" + path);
        for (int i = 0; i < acts.size(); i++) {
            JsonNode a = acts.get(i);
            assertNotEquals("cancel", a.path("do").asText(), "4.12 NOTE: no way out of a Forced Combat Impulse" + path);
            g.restore(at);
            g.applyIndex(i);
            String step = a.path("do").asText() + (a.path("do").asText().equals("attack") ? " " + a.path("hex").asText() : "");
            buildPaths(g, g.snapshot(), path + " " + step, leaves, depth + 1);
        }
    }

    @Test
    @DisplayName("FoT 11.0, 11.2 two units between two HZOC stacks must attack both: a choice that would leave one unattacked is refused")
    void forcedCoversWhatItCan() {
        // MG 8 in 4531 and I/115 in 4630 both touch 4530 and 4631, each holding 12 British SPs
        Game g = Cx.with("de-15xx-hq@4428", Cx.EY5 + "@4530", Cx.GH6 + "@4530", Cx.GH7 + "@4530",
                EY4 + "@4631", GH4 + "@4631", GH5 + "@4631", MG8 + "@4531", I115 + "@4630");
        ActivationTest.activate(g, "15xx", 0);
        for (String h : new String[] {"4530", "4631"}) {
            assertTrue(js(g, "map.adjacent('4531', '" + h + "') && map.adjacent('4630', '" + h + "')").asBoolean(), h);
        }
        assertEquals("[\"" + I115 + "\",\"" + MG8 + "\"]", forced(g));
        run(g, "rules['forced-combat'].forced.apply(ctx, {do: 'attack', hex: '4530'}); rules['forced-combat'].forced.apply(ctx, {do: 'add', unit: '" + MG8 + "', hex: '4530'});");
        String acts = js(g, "rules['forced-combat'].forced.actions(ctx)").toString();
        assertEquals("[{\"do\":\"attack\",\"hex\":\"4631\"}]", acts, "I/115 must attack 4631, the other HZOC stack");
        JsonNode why = js(g, "rules['forced-combat'].forced.why(ctx, {do: 'add', unit: '" + I115 + "', hex: '4530'})");
        assertEquals("11.2", why.path("rule").asText(), why.toString());
        assertEquals("4.12", js(g, "rules['forced-combat'].forced.why(ctx, {do: 'cancel'})").path("rule").asText());
        run(g, "rules['forced-combat'].forced.apply(ctx, {do: 'attack', hex: '4631'}); rules['forced-combat'].forced.apply(ctx, {do: 'add', unit: '" + I115 + "', hex: '4631'});");
        assertEquals("[{\"do\":\"resolve\"}]", js(g, "rules['forced-combat'].forced.actions(ctx)").toString());
    }
}
