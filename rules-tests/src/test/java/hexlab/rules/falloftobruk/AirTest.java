package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT the standard air game: 16.15 set-up, 6.12 capacity, 6.13 airfield control, 6.14-6.15 escape,
 * 9.43 contact, 9.441 air-to-air, 9.442 AAA, 9.443 Combat Support and its shift on the CRT, 9.4242
 * Defensive Combat Support, 9.444 Strafing/Bombing, 9.5 damage, 3.6 airbase repair, 5.12, 5.5,
 * 6.11 the display hidden from the other side. Every on-map airfield is Allied in these fixtures
 * (no scenario lists Axis airfields), so the Tobruk sector holds 21 Allied capacity.
 */
class AirTest {
    static final String EL_ADEM = "3911";

    /** A May 27 fixture with the air order of battle set up (16.15), turn `turn`. */
    static Game air(int turn) {
        Game g = bare(turn);
        run(g, "state.weather = 'clear'; state.half = 'AM'; rules.air.setupUnits({}, {'air-setup': 'test'});");
        trace(g);
        return g;
    }

    /** Puts an air unit in a mission box. */
    static void box(Game g, String unit, String sector, String mission) {
        run(g, "const p = state.pieces['air-" + unit + "']; p.sector = '" + sector + "'; p.mission = '" + mission + "';");
    }

    static JsonNode p(Game g, String unit) { return js(g, "state.pieces['air-" + unit + "']"); }

    static void fly(Game g, String side, String action) { run(g, "rules['air-missions'].fly('" + side + "', " + action + ");"); }

    static String neighbour(Game g, String hex) { return js(g, "map.neighbors('" + hex + "')[0]").asText(); }

    @Test
    @DisplayName("FoT 16.15 air set-up: each unit of the air order of battle in its sector's airbase; the 5.12 units wait; a test position without an air set-up has none")
    void setUp() {
        Game g = air(2);
        assertEquals(18, js(g, "rules.air.airUnits('axis').length").asInt());
        assertEquals(17, js(g, "rules.air.airUnits('allied').length").asInt());
        assertEquals(11, js(g, "Object.values(state.pieces).filter((p) => p.at === 'air-later').length").asInt());
        assertEquals("Martuba", p(g, "jg27-1").path("base").asText());
        assertTrue(p(g, "jg27-1").path("hex").isNull(), "air units never stand on the map");
        assertEquals(0, js(bare(2), "Object.keys(state.pieces).filter((k) => k.startsWith('air-')).length").asInt());
    }

    @Test
    @DisplayName("FoT 6.15 within the order the owner chooses which unit rolls: of two units with -1 Air Steps and one over, it names the second; the units without a marker are not offered")
    void ownerChoosesWhoRolls() {
        Game g = air(2);
        run(g, "state.pieces['air-raf-33'].steps = 1; state.pieces['air-raf-73'].steps = 1; state.air.damage.allied.Tobruk = 14;");   // capacity 7, 8 based
        run(g, "rules.air.excess('allied', 'Tobruk');");
        assertEquals("[{\"do\":\"roll\",\"unit\":\"air-raf-33\"},{\"do\":\"roll\",\"unit\":\"air-raf-73\"}]", g.legalActions().toString().replace(", ", ","));
        assertEquals("[]", js(g, "rules.air.invariants().filter((t) => t.indexOf('allied') >= 0)").toString(), "over capacity while its owner decides is no breach of 6.14 (the fixture gives the Axis no airfield)");
        dealNext(g, "8");
        g.applyIndex(1);
        assertEquals("air-lost", p(g, "raf-73").path("at").asText(), "8 +1 = 9: lost");
        assertEquals("Tobruk", p(g, "raf-33").path("base").asText(), "the other never rolled");
        assertEquals(7, js(g, "rules.air.basedAt('allied', 'Tobruk').length").asInt());
        assertTrue(js(g, "state.air.escapes === undefined").asBoolean());
    }

    @Test
    @DisplayName("FoT 6.12 an on-map sector's capacity is its controlled airfields' less damage; an off-map sector's is printed, its own side's only")
    void capacity() {
        Game g = air(2);
        assertEquals(21, js(g, "rules.air.capacity('allied', 'Tobruk')").asInt());
        assertEquals(0, js(g, "rules.air.capacity('axis', 'Tobruk')").asInt());
        run(g, "state.air.damage.allied.Tobruk = 3;");
        assertEquals(18, js(g, "rules.air.capacity('allied', 'Tobruk')").asInt());
        assertEquals(10, js(g, "rules.air.capacity('allied', 'Gambut')").asInt());
        assertEquals(0, js(g, "rules.air.capacity('axis', 'Gambut')").asInt());
    }

    @Test
    @DisplayName("FoT 6.13 an Axis unit entering El Adem takes it: 4 of the Tobruk sector's 21 capacity and its share of the damage, the odd point on a die roll (0-4 moves it)")
    void airfieldControl() {
        for (String[] c : new String[][] {{"3", "4", "1"}, {"7", "5", "0"}}) {
            Game g = air(2);
            place(g, "de-paa-kpfst-kiehl", EL_ADEM);
            run(g, "state.air.damage.allied.Tobruk = 5;");
            dealNext(g, c[0]);
            run(g, "rules.victory.afterMove(state.pieces['de-paa-kpfst-kiehl'], ['" + EL_ADEM + "']);");
            List<JsonNode> ev = trace(g);
            assertEquals("axis", js(g, "state.control['" + EL_ADEM + "']").asText());
            assertEquals(Integer.parseInt(c[1]), js(g, "state.air.damage.allied.Tobruk").asInt(), "5 x 4/21 = 0.95: no whole point, the odd one by the die (" + c[0] + ")");
            assertEquals(Integer.parseInt(c[2]), js(g, "state.air.damage.axis.Tobruk || 0").asInt());
            assertEquals(1, withRule(ev, "6.13").size());
            assertEquals(17, js(g, "rules.air.printedCapacity('allied', 'Tobruk')").asInt());
            assertEquals(4, js(g, "rules.air.printedCapacity('axis', 'Tobruk')").asInt());
        }
    }

    @Test
    @DisplayName("FoT 6.14 6.15 a sector over capacity rolls for the excess, most damaged first: 0-7 escapes to a sector with room its owner chooses, 8-9 (Air Step loss DRM added) is lost")
    void escape() {
        Game g = air(2);
        run(g, "state.pieces['air-raf-33'].steps = 1; state.air.damage.allied.Tobruk = 14;");   // capacity 7, 8 based
        dealNext(g, "6");
        run(g, "rules.air.excess('allied', 'Tobruk');");
        assertEquals("Tobruk", p(g, "raf-33").path("base").asText(), "6 +1 = 7 escapes; its owner says where to");
        List<JsonNode> to = g.legalActions();
        assertEquals("{\"do\":\"rebase\",\"sector\":\"Bir Hakim\"}", to.get(0).toString(), "the sectors with room, the nearest first (the display's order between equals): " + to);
        assertTrue(to.size() > 1, to.toString());
        String last = to.get(to.size() - 1).path("sector").asText();
        g.applyIndex(to.size() - 1);
        assertEquals(last, p(g, "raf-33").path("base").asText(), "6.15: rebased where its owner chose");
        Game h = air(2);
        run(h, "state.pieces['air-raf-33'].steps = 1; state.air.damage.allied.Tobruk = 14;");
        dealNext(h, "7");
        run(h, "rules.air.excess('allied', 'Tobruk');");
        assertEquals("air-lost", p(h, "raf-33").path("at").asText(), "7 +1 = 8: Units Permanently Eliminated");
        assertEquals(7, js(h, "rules.air.basedAt('allied', 'Tobruk').length").asInt());
    }

    @Test
    @DisplayName("FoT 9.43 Mission Contact Table: two sweeping fighters in Haze roll 6 +1 -2 = 5, Contact; 9 +1 -2 = 8 misses and marks them (B.132), a second miss sends them home")
    void contact() {
        Game g = air(2);
        run(g, "state.weather = 'haze';");
        box(g, "raf-112", "Tobruk", "fighter-sweep");
        box(g, "raf-250", "Tobruk", "fighter-sweep");
        box(g, "ra-153", "Tobruk", "combat-support");
        dealNext(g, "6");
        fly(g, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        List<JsonNode> ev = trace(g);
        JsonNode c = withRule(ev, "9.43").get(0);
        assertEquals("Contact", c.path("result").asText());
        assertEquals("air/msct", c.path("table").asText());
        JsonNode roll = rolls(ev).get(0);
        assertEquals(5, roll.path("total").asInt());
        assertEquals(2, roll.path("mods").size());

        Game h = air(2);
        run(h, "state.weather = 'haze';");
        box(h, "raf-112", "Tobruk", "fighter-sweep");
        box(h, "raf-250", "Tobruk", "fighter-sweep");
        box(h, "ra-153", "Tobruk", "combat-support");
        dealNext(h, "9");
        fly(h, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        assertTrue(p(h, "raf-112").path("missed").asBoolean());
        assertEquals("fighter-sweep", p(h, "raf-112").path("mission").asText(), "back in the same box");
        assertFalse(p(h, "raf-112").path("flown").asBoolean());
        dealNext(h, "9");
        fly(h, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        assertTrue(p(h, "raf-112").path("mission").isNull(), "a second miss: home");
        assertTrue(p(h, "raf-112").path("flown").asBoolean());
    }

    @Test
    @DisplayName("FoT 9.441 Air Combat Table: a Spitfire (AAF 4) on a Ju-87 (ADF 2) reads +2, d10 0 = -2 Air Steps; the Ju-87 (AAF 0) fires back at ADF 4 on -4 (the end column), d10 0 = Abort")
    void airToAir() {
        Game g = air(2);
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        dealNext(g, "000");
        fly(g, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        List<JsonNode> ev = trace(g);
        List<JsonNode> act = withRule(ev, "9.441");
        assertEquals("d10=0, +2", act.get(0).path("cell").asText());
        assertEquals("-2", act.get(0).path("result").asText());
        assertEquals("d10=0, -4", act.get(1).path("cell").asText());
        assertEquals("A", act.get(1).path("result").asText());
        assertEquals(2, p(g, "stg3-1").path("steps").asInt());
        assertTrue(p(g, "stg3-1").path("mission").isNull(), "hit: home (9.5)");
        assertTrue(p(g, "raf-145").path("mission").isNull(), "aborted: home");
        assertEquals(0, p(g, "raf-145").path("steps").asInt());
    }

    @Test
    @DisplayName("FoT 9.441 act-reading: a differential beyond the Air Combat Table reads its end column: a Spitfire given AAF 9 by an erratum fires at a Ju-87 (ADF 2) on +4, not +7")
    void beyondTheTable() {
        Game g = bare(patched("air/order-of-battle/aircraft/Spit/aaf", "9"), 2);
        run(g, "state.weather = 'clear'; state.half = 'AM'; rules.air.setupUnits({}, {'air-setup': 'test'});");
        trace(g);
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        dealNext(g, "000");
        fly(g, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        assertEquals("d10=0, +4", withRule(trace(g), "9.441").get(0).path("cell").asText());
    }

    @Test
    @DisplayName("FoT 9.421 a Strafing/Bombing unit that a Fighter Sweep engaged and did not send home flies a free Air Impulse at once, its owner's decision (or it stays in its box)")
    void freeAirImpulse() {
        Game g = air(2);
        String hex = "3912";
        place(g, "br-50xx-4-ey", hex);
        run(g, "state.activation = {side: 'allied'}; state.active = 'allied';");
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "strafing");
        dealNext(g, "099");                       // Contact; both fire without effect
        fly(g, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'strafing'}");
        List<JsonNode> ev = trace(g);
        assertEquals("free Air Impulse", withRule(ev, "9.421").get(1).path("result").asText());
        JsonNode f = js(g, "state.air.free");
        assertEquals("axis", f.path("side").asText());
        assertEquals("[\"air-stg3-1\"]", f.path("units").toString());
        assertEquals("axis", js(g, "rules['air-missions'].impulse.side(ctx)").asText(), "the engaged side decides, interrupting the Allied activation");
        JsonNode acts = js(g, "rules['air-missions'].missions()");
        assertTrue(acts.toString().contains("{\"do\":\"strafe\",\"sector\":\"Tobruk\",\"nation\":\"german\",\"hex\":\"" + hex + "\"}"), acts.toString());
        for (JsonNode a : acts) assertTrue(a.path("do").asText().equals("strafe") || a.path("do").asText().equals("decline"), "only its own mission: " + a);
        assertEquals("{\"do\":\"decline\"}", acts.get(acts.size() - 1).toString());
        assertTrue(js(g, "rules.air.view('allied').air.free.units === undefined").asBoolean(), "the sweeping side does not learn which units were engaged (6.11)");
        run(g, "rules['air-missions'].impulse.apply(ctx, {do: 'decline'});");
        assertTrue(js(g, "state.air.free").isNull());
        assertEquals("strafing", p(g, "stg3-1").path("mission").asText(), "declined: it stays in its box");

        Game h = air(2);
        place(h, "br-50xx-4-ey", hex);
        run(h, "state.activation = {side: 'allied'}; state.active = 'allied';");
        box(h, "raf-145", "Tobruk", "fighter-sweep");
        box(h, "stg3-1", "Tobruk", "strafing");
        dealNext(h, "099");
        fly(h, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'strafing'}");
        trace(h);
        run(h, "rules['air-missions'].impulse.apply(ctx, {do: 'strafe', sector: 'Tobruk', nation: 'german', hex: '" + hex + "'});");
        assertFalse(withRule(trace(h), "9.444").isEmpty(), "the free mission attacks (9.425)");
        assertTrue(p(h, "stg3-1").path("flown").asBoolean());
        assertTrue(js(h, "state.air.free").isNull());
    }

    /** Flies `action` from the Air Impulse as play does: the owners' choices are asked. */
    static void flyAsked(Game g, String action) { run(g, "rules['air-missions'].impulse.apply(ctx, " + action + ");"); }

    /** Takes the legal action containing `fragment`; the trace entries it wrote. */
    static List<JsonNode> answer(Game g, String fragment) {
        int i = find(g, fragment);
        assertTrue(i >= 0, fragment + " among " + g.legalActions());
        return g.applyIndex(i).events();
    }

    static List<JsonNode> fires(List<JsonNode> ev) {
        return ev.stream().filter((e) -> "9.441".equals(e.path("rule").asText()) && "air/act".equals(e.path("table").asText()) && e.has("cell")).toList();
    }

    @Test
    @DisplayName("FoT 9.421 the owner of the box a sweep contacts makes up the package that meets it: of two Ju-87s it sends one, the other stays in its box")
    void packageMeetingTheSweep() {
        Game g = air(2);
        run(g, "state.activation = {side: 'allied'}; state.active = 'allied';");
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        box(g, "stg3-2", "Tobruk", "combat-support");
        dealNext(g, "0");
        flyAsked(g, "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        assertEquals("[\"air-stg3-1\",\"air-stg3-2\"]", js(g, "state.air.compose.units").toString(), "the Axis is asked, the strongest offered first");
        assertEquals("axis", js(g, "state.air.compose.side").asText());
        answer(g, "\"drop\",\"unit\":\"air-stg3-1\"");
        List<JsonNode> ev = answer(g, "\"fly\"");
        List<JsonNode> f = fires(ev);
        assertEquals(2, f.size(), "one pair: the Spitfire and the Ju-87 it met fire at each other: " + f.stream().map((e) -> e.path("text").asText()).toList());
        assertTrue(f.get(0).path("text").asText().contains("at axis Ju-87 bomber"), f.get(0).toString());
        assertFalse(p(g, "stg3-1").path("flown").asBoolean(), "not sent up: untouched in its box");
        assertEquals("combat-support", p(g, "stg3-1").path("mission").asText());
    }

    @Test
    @DisplayName("FoT 9.441 the intercepting player pairs: a Spitfire and a Kittyhawk against a Bf109F escort and a Ju-87: the escort is taken first, the second fighter may go for the bomber")
    void interceptorsChooseTheirTargets() {
        Game g = air(2);
        run(g, "state.activation = {side: 'allied'}; state.active = 'allied';");
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "raf-112", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        box(g, "jg27-1", "Tobruk", "escort-combat-support");
        flyAsked(g, "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        dealNext(g, "0");
        answer(g, "\"fly\"");                                           // the Allied sweep as offered
        answer(g, "\"fly\"");                                           // the Axis package: the Ju-87 and its escort
        assertEquals("[{\"do\":\"pair\",\"targets\":[0,0]},{\"do\":\"pair\",\"targets\":[0,1]},{\"do\":\"pair\",\"targets\":[1,0]}]",
                g.legalActions().toString().replace(", ", ","), "the escort [0] is always taken; the bomber [1] only beside it");
        String allied = js(g, "JSON.stringify(rules.air.view('allied').air.fight)").asText();
        assertFalse(allied.contains("jg27") || allied.contains("stg3"), "the Allies read the Axis units by their aircraft only (6.11): " + allied);
        assertTrue(allied.contains("axis Bf109F fighter") && allied.contains("axis Ju-87 bomber"), allied);
        List<JsonNode> f = fires(answer(g, "\"targets\":[0,1]"));
        assertTrue(f.get(0).path("text").asText().contains("at axis Bf109F fighter"), f.toString());
        assertTrue(f.stream().anyMatch((e) -> e.path("text").asText().startsWith("allied Kitty fighter at axis Ju-87 bomber")), f.toString());
    }

    @Test
    @DisplayName("FoT 9.441 two interceptors double up on a lone Ju-87, which fires back at one of them, its owner's choice")
    void doubledUpTargetChoosesWhomToFireAt() {
        Game g = air(2);
        run(g, "state.activation = {side: 'allied'}; state.active = 'allied';");
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "raf-112", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        flyAsked(g, "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        dealNext(g, "0");
        answer(g, "\"fly\"");
        assertEquals("[{\"do\":\"fire-at\",\"attacker\":0},{\"do\":\"fire-at\",\"attacker\":1}]", g.legalActions().toString().replace(", ", ","),
                "no pairing to choose (one target); the Axis says which attacker its Ju-87 fires back at");
        List<JsonNode> f = fires(answer(g, "\"attacker\":1"));
        assertEquals(3, f.size(), f.toString());
        assertTrue(f.get(2).path("text").asText().startsWith("axis Ju-87 bomber at allied Kitty fighter"), "at the second attacker, the Kittyhawk: " + f);
    }

    @Test
    @DisplayName("FoT 9.5 a unit that reaches -3 Air Steps is eliminated (Units Permanently Eliminated)")
    void elimination() {
        Game g = air(2);
        run(g, "state.pieces['air-stg3-1'].steps = 1;");
        box(g, "raf-145", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        dealNext(g, "009");
        fly(g, "allied", "{do: 'sweep', sector: 'Tobruk', nation: 'allied', box: 'combat-support'}");
        assertEquals("air-lost", p(g, "stg3-1").path("at").asText());
    }

    @Test
    @DisplayName("FoT 9.442 AAA: a Heavy AA unit in the strafed hex fires on the -2 column (the reconstructed header reading); d10 2 aborts the Ju-87 before it attacks")
    void antiaircraft() {
        Game g = air(2);
        String hex = "3912";
        place(g, "br-13xxx-69-haa", hex);
        box(g, "stg3-1", "Tobruk", "strafing");
        dealNext(g, "2");
        fly(g, "axis", "{do: 'strafe', sector: 'Tobruk', nation: 'german', hex: '" + hex + "'}");
        List<JsonNode> ev = trace(g);
        JsonNode f = withRule(ev, "9.442").get(0);
        assertEquals("air/aaa-columns", f.path("table").asText());
        assertEquals("d10=2, -2", f.path("cell").asText());
        assertEquals("A", f.path("result").asText());
        assertTrue(withRule(ev, "9.444").isEmpty(), "aborted: no attack");
        assertFalse(js(g, "state.pieces['br-13xxx-69-haa'].disrupted").asBoolean());
    }

    @Test
    @DisplayName("FoT 9.442 AAA: a Light AA unit fires on the -4 column, a Heavy AT unit as Heavy AAA on -2 (the reconstructed header reading)")
    void lightAaAndHeavyAt() {
        Game g = air(2);
        place(g, "br-13xxx-1-laa", "3912");
        box(g, "stg3-1", "Tobruk", "strafing");
        dealNext(g, "9");
        fly(g, "axis", "{do: 'strafe', sector: 'Tobruk', nation: 'german', hex: '3912'}");
        assertEquals("d10=9, -4", withRule(trace(g), "9.442").get(0).path("cell").asText());
        Game h = air(2);
        place(h, "de-dak-i-18-flak", "3912");
        box(h, "saaf-12", "Tobruk", "strafing");
        dealNext(h, "9");
        fly(h, "allied", "{do: 'strafe', sector: 'Tobruk', nation: 'allied', hex: '3912'}");
        assertEquals("d10=9, -2", withRule(trace(h), "9.442").get(0).path("cell").asText());
    }

    @Test
    @DisplayName("FoT 9.443 B.131: a Ju-87's Combat Support Dis on the hex is a 1R marker (1R per Dis)")
    void combatSupportMarker() {
        Game g = air(2);
        String hex = "3912";
        place(g, "br-50xx-5-ey", hex);
        place(g, "de-paa-kpfst-kiehl", neighbour(g, hex));
        box(g, "stg3-1", "Tobruk", "combat-support");
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        dealNext(g, "00");
        fly(g, "axis", "{do: 'support', sector: 'Tobruk', nation: 'german', hex: '" + hex + "'}");
        JsonNode m = withRule(trace(g), "9.443, B.131").get(0);
        assertEquals("1R", m.path("result").asText(), m.toString());
        assertEquals(1, js(g, "state.air.markers['" + hex + "'].R").asInt());
    }

    @Test
    @DisplayName("FoT 9.4242 B.131: the defender's Ju-87 over its own hex scores a Dis: a 1L marker for the Regular Combat")
    void defensiveSupportMarker() {
        Game g = air(2);
        String hex = "3912";
        place(g, "de-paa-kpfst-kiehl", hex);
        place(g, "br-50xx-5-ey", neighbour(g, hex));
        box(g, "stg3-1", "Tobruk", "combat-support");
        run(g, "state.activation = {side: 'allied'}; state.active = 'allied';");
        dealNext(g, "10");
        run(g, "rules.combat.resolveNow('" + hex + "', ['br-50xx-5-ey']);");
        JsonNode m = withRule(trace(g), "9.4242, B.131").get(0);
        assertEquals("1L", m.path("result").asText(), m.toString());
    }

    @Test
    @DisplayName("FoT 9.443 B.131 Combat Support: each Dis is 1R on the hex, at most 4R, for a Regular Combat against it (not antitank fire); 9.4242 a defender's L markers net against it")
    void combatSupport() {
        Game g = air(2);
        String hex = "3912", by = neighbour(g, "3912");
        place(g, "br-50xx-5-ey", hex);
        place(g, "de-paa-kpfst-kiehl", by);
        box(g, "stg3-1", "Tobruk", "combat-support");
        box(g, "stg3-2", "Tobruk", "combat-support");
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        assertTrue(js(g, "rules['air-missions'].missions().some((m) => m.do === 'support' && m.hex === '" + hex + "' && m.nation === 'german')").asBoolean(),
                "an Allied hex next to a German unit is a German Combat Support target (9.4241)");
        fly(g, "axis", "{do: 'support', sector: 'Tobruk', nation: 'german', hex: '" + hex + "'}");
        List<JsonNode> ev = trace(g);
        int dis = 0;
        for (JsonNode e : ev) if ("fire-combat/fire-combat".equals(e.path("table").asText()) && e.path("rule").asText().equals("9.443"))
            dis += Integer.parseInt(e.path("text").asText().replaceAll(".*= (\\d+) Dis.*", "$1"));
        int r = Math.min(4, dis);
        assertEquals(r, js(g, "state.air.markers['" + hex + "'] ? state.air.markers['" + hex + "'].R : 0").asInt());
        run(g, "state.air.markers['" + hex + "'] = {side: 'axis', R: 3, L: 1};");
        assertEquals(2, js(g, "rules.air.closeSupportShift('axis', '" + hex + "', 'close')").asInt());
        assertEquals(0, js(g, "rules.air.closeSupportShift('axis', '" + hex + "', 'at')").asInt());
        JsonNode shifts = js(g, "rules.crt.shiftsOf('" + hex + "', ['de-paa-kpfst-kiehl'], 'close')");
        boolean found = false;
        for (JsonNode s : shifts) if ("combat-support".equals(s.path("id").asText())) { found = true; assertEquals("2R", s.path("shift").asText()); }
        assertTrue(found, "the CRT reads the net Combat Support shift: " + shifts);
    }

    @Test
    @DisplayName("FoT 9.4242 Defensive Combat Support: the defender's Combat Support box of the hex's sector flies before the Regular Combat, and the markers are gone after it")
    void defensiveSupport() {
        Game g = air(2);
        String hex = "3912", by = neighbour(g, "3912");
        place(g, "br-50xx-5-ey", hex);
        place(g, "de-paa-kpfst-kiehl", by);
        box(g, "saaf-12", "Tobruk", "combat-support");
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        run(g, "rules.combat.resolveNow('" + hex + "', ['de-paa-kpfst-kiehl']);");
        List<JsonNode> ev = trace(g);
        assertFalse(withRule(ev, "9.4242").isEmpty(), "the defender flew");
        assertTrue(p(g, "saaf-12").path("flown").asBoolean());
        assertTrue(p(g, "saaf-12").path("mission").isNull());
        assertTrue(js(g, "state.air.markers['" + hex + "'] === undefined").asBoolean(), "B.131: gone after the combat");
    }

    @Test
    @DisplayName("FoT 9.41 9.423 the owner composes the mission: of three Ju-87s in the box it flies the two it names, and leaves its escort at home")
    void ownerComposesTheMission() {
        Game g = air(2);
        String hex = "3912";
        place(g, "br-50xx-5-ey", hex);
        place(g, "de-paa-kpfst-kiehl", neighbour(g, hex));
        for (String u : new String[] {"stg3-1", "stg3-2", "stg3-3"}) box(g, u, "Tobruk", "combat-support");
        box(g, "jg27-1", "Tobruk", "escort-combat-support");
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        run(g, "rules['air-missions'].impulse.apply(ctx, {do: 'support', sector: 'Tobruk', nation: 'german', hex: '" + hex + "'});");
        assertEquals("[\"air-stg3-1\",\"air-stg3-2\"]", js(g, "state.air.compose.units").toString(), "offered first: the box's strongest two (9.41)");
        assertEquals("[\"air-jg27-1\"]", js(g, "state.air.compose.escorts").toString(), "and the escort beside it (9.423)");
        assertEquals(-1, find(g, "\"add\",\"unit\":\"air-stg3-3\""), "no third unit while two fly (9.41: two per mission)");
        assertTrue(js(g, "rules.air.view('allied').air.compose.units === undefined").asBoolean(), "the other side sees only that a mission is being composed (6.11)");
        take(g, "\"drop\",\"unit\":\"air-stg3-1\"");
        take(g, "\"add\",\"unit\":\"air-stg3-3\"");
        take(g, "\"drop\",\"unit\":\"air-jg27-1\"");
        assertTrue(find(g, "\"add\",\"unit\":\"air-jg27-1\"") >= 0, "the dropped escort may come back");
        List<JsonNode> ev = g.applyIndex(find(g, "\"fly\"")).events();
        assertFalse(p(g, "stg3-1").path("flown").asBoolean(), "left in its box");
        assertEquals("combat-support", p(g, "stg3-1").path("mission").asText());
        assertTrue(p(g, "stg3-2").path("flown").asBoolean());
        assertTrue(p(g, "stg3-3").path("flown").asBoolean());
        assertFalse(p(g, "jg27-1").path("flown").asBoolean(), "the escort stayed at home");
        assertEquals("escort-combat-support", p(g, "jg27-1").path("mission").asText());
        assertTrue(js(g, "state.air.compose === null").asBoolean());
        JsonNode flies = ev.stream().filter((e) -> e.path("text").asText().contains("flies Combat Support")).findFirst().orElseThrow();
        assertTrue(flies.path("text").asText().endsWith(": II/StG3 (Ju-87), III/StG3 (Ju-87)"), flies.toString());
    }

    @Test
    @DisplayName("FoT 9.41 a lone unit in the box and no escort: nothing to compose, the mission flies at once")
    void nothingToCompose() {
        Game g = air(2);
        String hex = "3912";
        place(g, "br-50xx-5-ey", hex);
        place(g, "de-paa-kpfst-kiehl", neighbour(g, hex));
        box(g, "stg3-1", "Tobruk", "combat-support");
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        run(g, "rules['air-missions'].impulse.apply(ctx, {do: 'support', sector: 'Tobruk', nation: 'german', hex: '" + hex + "'});");
        assertTrue(js(g, "!state.air.compose").asBoolean());
        assertTrue(p(g, "stg3-1").path("flown").asBoolean(), "flown at once");
    }

    static final String STRAFE = "{do: 'strafe', sector: 'Tobruk', nation: 'german', hex: '3912'}";

    /** An Axis activation with I/StG3 (based in Gazala) in the Strafing box of Tobruk and a British unit in 3912 to strafe. */
    static Game strafingOverTobruk() {
        Game g = air(2);
        place(g, "br-50xx-4-ey", "3912");
        box(g, "stg3-1", "Tobruk", "strafing");
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        return g;
    }

    @Test
    @DisplayName("FoT 9.4 a Ju-87 (range 2) home from Strafing over Tobruk returns to its own airbase in Gazala or to one of its side's with room within 2 of Tobruk (Martuba, once it has room), never Derna (3 away); its owner is asked, and the other side sees nothing of it")
    void homeToAnyFriendlyAirbaseWithinRange() {
        Game g = strafingOverTobruk();
        assertEquals("Gazala", p(g, "stg3-1").path("base").asText());
        assertEquals("[4,0]", js(g, "[rules.air.room('axis', 'Derna'), rules.air.room('axis', 'Martuba')]").toString(), "room at Derna, none at Martuba");
        String moved = js(g, "rules.air.basedAt('axis', 'Martuba')[0].id").asText();
        run(g, "state.pieces['" + moved + "'].base = 'Derna';");
        flyAsked(g, STRAFE);
        assertEquals("axis", js(g, "rules.air.home.side(ctx)").asText(), "the mission over, its owner names the airbase");
        JsonNode acts = js(g, "rules.air.home.actions(ctx)");
        assertEquals("{\"do\":\"home\"}", acts.get(0).toString(), "first, each unit to its own airbase (asked even with no other)");
        List<String> to = new java.util.ArrayList<>();
        for (JsonNode a : acts) if (a.has("to")) to.add(a.path("unit").asText() + " " + a.path("to").asText());
        assertTrue(to.contains("air-stg3-1 Martuba"), "Martuba is 2 from Tobruk and has room for one: " + to);
        assertFalse(to.contains("air-stg3-1 Gazala"), "its own airbase is {do: home}: " + to);
        assertFalse(to.contains("air-stg3-1 Derna"), "Derna has room but is 3 from Tobruk, beyond a Ju-87's range 2: " + to);
        assertFalse(to.contains("air-stg3-1 Gambut") || to.contains("air-stg3-1 Tobruk"), "no Allied airbase: " + to);
        run(g, "state.pieces['" + moved + "'].base = 'Martuba';");
        assertFalse(js(g, "rules.air.home.actions(ctx)").toString().contains("Martuba"), "full again, Martuba is not offered");
        run(g, "state.pieces['" + moved + "'].base = 'Derna';");
        assertEquals("[]", js(g, "rules.air.view('allied').air.homing").toString(), "the Allied view holds no unit going home (6.11)");
        trace(g);
        run(g, "rules.air.home.apply(ctx, {do: 'return', unit: 'air-stg3-1', to: 'Martuba'});");
        assertEquals("Martuba", p(g, "stg3-1").path("base").asText());
        assertTrue(p(g, "stg3-1").path("sector").isNull());
        JsonNode told = withRule(trace(g), "9.4").getFirst();
        assertEquals("[\"axis\"]", told.path("visibleTo").toString(), "the Axis's own entry: " + told);
        assertTrue(told.path("text").asText().contains("to the Martuba airbase (based in Gazala before; distance 2, range 2)"), told.toString());
        assertTrue(js(g, "state.air.homing === undefined").asBoolean());

        // the owner sends it to its own airbase
        Game k = strafingOverTobruk();
        flyAsked(k, STRAFE);
        trace(k);
        run(k, "rules.air.home.apply(ctx, {do: 'home'});");
        assertEquals("Gazala", p(k, "stg3-1").path("base").asText());
        assertTrue(withRule(trace(k), "9.4").getFirst().path("text").asText().endsWith("returns from Tobruk to the Gazala airbase"));
        assertTrue(js(k, "state.air.homing === undefined").asBoolean());

        // a mission flown by the console (not from the Air Impulse) goes home to its own airbase, asking no one
        Game h = strafingOverTobruk();
        fly(h, "axis", STRAFE);
        assertTrue(js(h, "state.air.homing === undefined").asBoolean());
        assertEquals("Gazala", p(h, "stg3-1").path("base").asText());
    }

    /** A German unit on {@code hex} (in the Tobruk sector), a 50th Division battalion and its HQ next to it in an activation, these Axis units in the Tobruk Combat Support box. */
    static Game alliedAttackOn(String hex, String... supports) {
        Game g = air(2);
        String by = neighbour(g, hex);
        place(g, "de-paa-kpfst-kiehl", hex);
        place(g, "br-50xx-5-ey", by);
        place(g, "br-50xx-hq", by);
        for (String u : supports) box(g, u, "Tobruk", "combat-support");
        activation(g, "50xx", 10, null);
        return g;
    }

    @Test
    @DisplayName("FoT 9.41 9.4242 the defender chooses which Combat Support units fly Defensive Combat Support: one Ju-87 of two, the other stays in its box")
    void defenderChoosesItsPackage() {
        String hex = "3912";
        Game g = alliedAttackOn(hex, "stg3-1", "stg3-2");
        JsonNode offered = js(g, "rules['air-missions'].defensive.actions(ctx, {side: 'axis', sector: 'Tobruk', hex: '" + hex + "'})");
        assertEquals("[{\"do\":\"support\",\"units\":[\"air-stg3-1\",\"air-stg3-2\"]},{\"do\":\"support\",\"units\":[\"air-stg3-1\"]},"
                + "{\"do\":\"support\",\"units\":[\"air-stg3-2\"]},{\"do\":\"pass\"}]", offered.toString(), "the strongest pair first, each one alone, or none");
        run(g, "rules.combat.resolveNow('" + hex + "', ['br-50xx-5-ey'], {ask: true});");
        for (int guard = 0; guard < 20 && find(g, "\"units\"") < 0; guard++) g.applyIndex(0);   // the owners' choices before it
        assertEquals(offered.toString(), g.legalActions().toString().replace(", ", ","), "asked of the defender as play asks it");
        List<JsonNode> ev = g.applyIndex(find(g, "\"units\":[\"air-stg3-2\"]")).events();
        assertTrue(p(g, "stg3-2").path("flown").asBoolean(), "flew Defensive Combat Support");
        assertFalse(p(g, "stg3-1").path("flown").asBoolean(), "stayed in its box");
        assertEquals("combat-support", p(g, "stg3-1").path("mission").asText());
        assertTrue(ev.stream().anyMatch((e) -> e.path("text").asText().contains("flies Defensive Combat Support over " + hex + ": II/StG3")), ev.toString());
        // home from it to any of its side's airbases with room within range of Tobruk, its owner's choice (9.4241 as 9.4)
        assertEquals("[\"air-stg3-2 Tobruk 9.4242\"]", js(g, "state.air.homing.map((h) => h.unit + ' ' + h.from + ' ' + h.rule)").toString());
        assertFalse(g.legalActions().toString().contains("\"support\""), "one mission per combat: the defender is not asked again for the unit left in the box: " + g.legalActions());
        // asked of the owner once the combat goes on past its own choices (the retreat it owes comes first)
        assertTrue(g.framesJson().toString().contains("\"section\":\"air\",\"state\":\"home\""), g.framesJson().toString());
        assertTrue(js(g, "rules.air.home.prompt(ctx)").asText().startsWith("axis: 9.4242 home from Defensive Combat Support: II/StG3"), js(g, "rules.air.home.prompt(ctx)").asText());
        trace(g);
        run(g, "rules.air.home.apply(ctx, {do: 'home'});");
        List<JsonNode> back = trace(g);
        assertTrue(back.stream().anyMatch((e) -> e.path("rule").asText().equals("9.4242") && e.path("text").asText().contains("returns from Tobruk (Defensive Combat Support) to the Gazala airbase")), back.toString());
        assertTrue(js(g, "state.air.homing === undefined").asBoolean());
        assertEquals("combat-support", p(g, "stg3-1").path("mission").asText());
    }

    @Test
    @DisplayName("FoT 9.4242 9.4 units sent home while their owners' choice waits join it: three Defensive Combat Supports of one Combat Impulse, one decision")
    void severalDefensiveSupportsOneHomeDecision() {
        Game g = air(2);
        box(g, "stg3-1", "Tobruk", "combat-support");
        box(g, "stg3-2", "Tobruk", "combat-support");
        box(g, "raf-112", "Tobruk", "combat-support");
        // as three combats' steps send them home one after another, each before its own combat
        run(g, "rules.air.sendHome(state.pieces['air-stg3-1'], 'Tobruk', '9.4242'); rules.air.homeward('axis');");
        run(g, "rules.air.sendHome(state.pieces['air-stg3-2'], 'Tobruk', '9.4242'); rules.air.homeward('axis');");
        run(g, "rules.air.sendHome(state.pieces['air-raf-112'], 'Tobruk', '9.4242'); rules.air.homeward('allied');");
        assertEquals(1, count(g.framesJson().toString(), "\"state\":\"home\""), "one decision asks them all: " + g.framesJson());
        assertEquals("axis", js(g, "rules.air.home.side(ctx)").asText());
        trace(g);
        run(g, "rules.air.home.apply(ctx, {do: 'home'});");
        assertEquals(2, withRule(trace(g), "9.4242").size(), "both Axis units told");
        assertEquals("allied", js(g, "rules.air.home.side(ctx)").asText(), "then the Allies, in the same decision");
        run(g, "rules.air.home.apply(ctx, {do: 'home'});");
        assertTrue(js(g, "state.air.homing === undefined && state.air.homeAsked === undefined").asBoolean());
        // a unit lost before it is asked leaves a decision that only ends
        run(g, "rules.air.sendHome(state.pieces['air-stg3-1'], 'Tobruk', '9.4242'); rules.air.homeward('axis'); state.pieces['air-stg3-1'].at = 'air-lost';");
        assertEquals("[{\"do\":\"home\"}]", js(g, "rules.air.home.actions(ctx)").toString());
        assertEquals("axis", js(g, "rules.air.home.side(ctx)").asText(), "who is asked does not depend on the unit's hidden state (the leak check changes it)");
        run(g, "rules.air.home.apply(ctx, {do: 'home'});");
        assertTrue(js(g, "state.air.homing === undefined && state.air.homeAsked === undefined").asBoolean());
    }

    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) n++;
        return n;
    }

    @Test
    @DisplayName("FoT 9.4242 a defender that passes is not asked again for the same Regular Combat")
    void defenderThatPassesIsAskedOnce() {
        String hex = "3912";
        Game g = alliedAttackOn(hex, "stg3-1");
        run(g, "rules.combat.resolveNow('" + hex + "', ['br-50xx-5-ey'], {ask: true});");
        for (int guard = 0; guard < 20 && find(g, "\"units\"") < 0; guard++) g.applyIndex(0);
        g.applyIndex(find(g, "\"pass\""));
        assertFalse(g.legalActions().toString().contains("\"support\""), "asked once: " + g.legalActions());
        assertFalse(p(g, "stg3-1").path("flown").asBoolean());
        assertTrue(js(g, "state.air.homing === undefined").asBoolean(), "no one went home");
    }

    @Test
    @DisplayName("FoT 9.444 Strafing/Bombing an off-map airbase: each Dis is a damage point, on the morale E of an off-map sector (9.444 NOTE)")
    void strafeAirbase() {
        Game g = air(2);
        box(g, "lg1-1", "Gambut", "strafing");
        fly(g, "axis", "{do: 'strafe', sector: 'Gambut', nation: 'german', airbase: 'Gambut'}");
        List<JsonNode> ev = trace(g);
        int dis = 0;
        boolean moraleE = false;
        for (JsonNode e : ev) {
            if ("crt/crt".equals(e.path("table").asText()) && e.path("cell").asText().endsWith("morale e")) moraleE = true;
            if ("fire-combat/fire-combat".equals(e.path("table").asText())) dis += Integer.parseInt(e.path("text").asText().replaceAll(".*= (\\d+) Dis.*", "$1"));
        }
        assertTrue(moraleE || withRule(ev, "9.444").size() == 1, "read on morale e");
        assertEquals(dis, js(g, "state.air.damage.allied.Gambut || 0").asInt());
    }

    @Test
    @DisplayName("FoT 3.6 Airbase Repair Table: 3 damage points read the 3-4 column; d10 0 repairs 2 and one unit based there, of its owner's choice, takes an Air Step (the dagger)")
    void airbaseRepair() {
        Game g = LogisticsTest.atDawn();                  // a game under way: the owner's choice is asked as a decision
        run(g, "state.weather = 'clear'; rules.air.setupUnits({}, {'air-setup': 'test'});");
        trace(g);
        run(g, "state.air.damage.allied.Tobruk = 3;");
        dealNext(g, "0");
        run(g, "rules.air.airbaseRepair();");
        List<JsonNode> ev = trace(g);
        assertEquals(1, js(g, "state.air.damage.allied.Tobruk").asInt());
        assertEquals("d10=0, 3-4", withRule(ev, "3.6").get(0).path("cell").asText());
        // the owner apportions the loss among the units based there (3.6): a decision of his
        int based = js(g, "rules.air.basedAt('allied', 'Tobruk').length").asInt();
        assertTrue(based > 1, "several Allied units based in Tobruk's sector");
        assertTrue(g.view(null).prompt().contains("step loss in Tobruk"), g.view(null).prompt());
        assertEquals("allied", g.toAct());
        List<JsonNode> acts = g.legalActions();
        assertEquals(based, acts.size(), acts.toString());
        // the heuristic player spares a damaged unit: it gives the loss to one without a marker
        run(g, "state.pieces['" + acts.get(0).path("unit").asText() + "'].steps = 1;");
        int b = js(g, "rules.bots.heuristic(" + acts + ", 'allied')").asInt();
        assertNotEquals(0, b);
        String unit = acts.get(b).path("unit").asText();
        g.applyIndex(b);
        assertEquals(1, js(g, "state.pieces['" + unit + "'].steps").asInt());
        assertEquals(2, js(g, "rules.air.basedAt('allied', 'Tobruk').filter((p) => p.steps === 1).length").asInt());
        assertTrue(g.view(null).prompt().contains("where do they arrive"), "the phase goes on where it was");
    }

    @Test
    @DisplayName("FoT 5.12 from June 1 the Axis rolls: 5 brings I/NJG2 to an airbase with room; the same roll again has no effect")
    void arrivals() {
        Game g = air(7);
        dealNext(g, "5");
        run(g, "rules.air.arrivals();");
        assertEquals("air", p(g, "njg2-1").path("at").asText());
        assertEquals("Derna", p(g, "njg2-1").path("base").asText(), "the first axis airbase with room (every on-map airfield Allied here)");
        dealNext(g, "5");
        run(g, "rules.air.arrivals();");
        List<JsonNode> ev = trace(g);
        assertEquals("no effect", withRule(ev, "5.12").get(withRule(ev, "5.12").size() - 1).path("result").asText());
        Game h = air(6);
        run(h, "rules.air.arrivals();");
        assertTrue(rolls(trace(h)).isEmpty(), "no roll before June 1");
    }

    @Test
    @DisplayName("FoT 5.5 the owner may pool the losses of two damaged Kittyhawks of one sector: one whole, one -2; a pair that would reach -3 is not offered; the other side is asked too")
    void consolidation() {
        Game g = air(2);
        run(g, "state.pieces['air-saaf-2'].steps = 1; state.pieces['air-saaf-4'].steps = 1; state.pieces['air-raaf-3'].steps = 2;");
        run(g, "state.air.consolidating = ['allied', 'axis']; ctx.interrupt('air.consolidate', null, 'consolidation');");
        assertEquals("allied", js(g, "rules.air.consolidate.side(ctx)").asText());
        assertEquals("[{\"do\":\"consolidate\",\"unit\":\"air-saaf-2\",\"into\":\"air-saaf-4\"},{\"do\":\"consolidate\",\"unit\":\"air-saaf-4\",\"into\":\"air-saaf-2\"},{\"do\":\"keep\"}]",
                g.legalActions().toString().replace(", ", ","), "the least damaged first; -1 with -2 would make -3, no consolidation");
        assertEquals("5.5", js(g, "rules.air.consolidate.why(ctx, {do: 'consolidate', unit: 'air-saaf-4', into: 'air-raaf-3'}).rule").asText(), "a refusal says why, by rule");
        g.applyIndex(1);
        assertEquals(0, p(g, "saaf-4").path("steps").asInt(), "brought up to strength");
        assertEquals(2, p(g, "saaf-2").path("steps").asInt(), "carries both markers");
        assertEquals(2, js(g, "['air-saaf-2', 'air-saaf-4', 'air-raaf-3'].filter((k) => state.pieces[k].steps > 0).length").asInt(), "one damaged unit fewer");
        assertEquals("axis", js(g, "rules.air.consolidate.side(ctx)").asText(), "nothing more to pool: the Axis is asked, though it has nothing to pool (its display is behind the screen)");
        assertEquals("[{\"do\":\"keep\"}]", g.legalActions().toString().replace(", ", ","));
        g.applyIndex(0);
        assertTrue(js(g, "state.air.consolidating === undefined").asBoolean());
    }

    @Test
    @DisplayName("FoT 6.11 B.3 each side's view holds its own air units and none of the other side's, which are its secrets")
    void hiddenDisplay() {
        Game g = air(2);
        assertEquals(0, js(g, "Object.keys(rules.air.view('axis').pieces).filter((k) => k.startsWith('air-') && state.pieces[k].side === 'allied').length").asInt());
        assertEquals(18, js(g, "Object.keys(rules.air.view('axis').pieces).filter((k) => k.startsWith('air-') && state.pieces[k].at === 'air').length").asInt());
        assertTrue(js(g, "rules.air.secrets('axis')['air-raf-112'].indexOf('id') >= 0").asBoolean());
        assertTrue(js(g, "rules.air.secrets('axis')['air-jg27-1'] === undefined").asBoolean());
    }

    @Test
    @DisplayName("FoT 3.3 6.2 Air Planning: a unit goes only to boxes of its type within its range; a Defensive Patrol only over a sector holding the side's airbase; 9.3 transfer within twice the range")
    void planning() {
        Game g = air(2);
        JsonNode boxes = js(g, "rules['air-planning'].boxesFor(state.pieces['air-stg3-1'])");
        for (JsonNode b : boxes) {
            assertTrue(List.of("combat-support", "strafing").contains(b.path("mission").asText()), "a bomber: " + b);
            assertTrue(js(g, "rules.air.distance('Gazala', '" + b.path("sector").asText() + "') <= 2").asBoolean());
        }
        JsonNode f = js(g, "rules['air-planning'].boxesFor(state.pieces['air-raf-112'])");
        boolean dpGambut = false, dpMartuba = false;
        for (JsonNode b : f) if (b.path("mission").asText().equals("defensive-patrol")) {
            if (b.path("sector").asText().equals("Gambut")) dpGambut = true;
            if (b.path("sector").asText().equals("Martuba")) dpMartuba = true;
        }
        assertTrue(dpGambut);
        assertFalse(dpMartuba);
        JsonNode t = js(g, "rules['air-planning'].transfersFor(state.pieces['air-raf-108'])");
        for (JsonNode s : t) assertTrue(js(g, "rules.air.distance('Sidi Barrani', '" + s.asText() + "') <= 4").asBoolean());
    }

    @Test
    @DisplayName("FoT 6.3 Khamsin: a d10 for each sector with units in its boxes once the planning is done; 0-3 sends every unit there home (both sides) and no mission is flown there")
    void khamsin() {
        Game g = air(2);
        run(g, "state.weather = 'khamsin';");
        box(g, "raf-112", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        box(g, "stg3-2", "Gazala", "strafing");
        dealNext(g, "72");                 // the sectors in name order: Gazala 7, Tobruk 2
        run(g, "rules['air-planning'].khamsin();");
        List<JsonNode> ev = trace(g);
        assertEquals(2, withRule(ev, "6.3").size(), "one roll per sector with units in its boxes");
        assertTrue(p(g, "raf-112").path("mission").isNull());
        assertTrue(p(g, "stg3-1").path("mission").isNull(), "both sides go home");
        assertEquals("strafing", p(g, "stg3-2").path("mission").asText(), "7: no effect on Gazala");
        assertTrue(js(g, "state.air.grounded.indexOf('Tobruk') >= 0 && state.air.grounded.indexOf('Gazala') < 0").asBoolean());
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        assertFalse(js(g, "rules['air-missions'].missions().some((m) => m.sector === 'Tobruk')").asBoolean(), "no mission in a grounded sector");
    }

    @Test
    @DisplayName("FoT 6.3 Khamsin sends the units of a closed sector to any friendly airbase within range: each owner names them (as 9.4), behind the screen, the trace citing 6.3")
    void khamsinSendsHomeToAnyFriendlyAirbaseWithinRange() {
        Game g = air(2);
        run(g, "state.weather = 'khamsin';");
        box(g, "raf-112", "Tobruk", "fighter-sweep");
        box(g, "stg3-1", "Tobruk", "combat-support");
        // room at Martuba (2 from Tobruk, within a Ju-87's range)
        run(g, "state.pieces[rules.air.basedAt('axis', 'Martuba')[0].id].base = 'Derna';");
        dealNext(g, "2");
        run(g, "rules['air-planning'].khamsin();");
        assertEquals("[\"air-raf-112 Tobruk 6.3\",\"air-stg3-1 Tobruk 6.3\"]", js(g, "state.air.homing.map((h) => h.unit + ' ' + h.from + ' ' + h.rule).sort()").toString());
        String first = js(g, "rules.air.home.side(ctx)").asText();
        assertEquals(js(g, "ctx.sides[0]").asText(), first, "the first side to plan names its airbases first");
        assertTrue(js(g, "rules.air.home.prompt(ctx)").asText().contains("6.3 sent home by Khamsin"), js(g, "rules.air.home.prompt(ctx)").asText());
        assertEquals("[]", js(g, "rules.air.view('" + ("axis".equals(first) ? "allied" : "axis") + "').air.homing.filter((h) => h.side === '" + first + "')").toString(),
                "the other side's view holds none of them");
        // every airbase offered is the unit's side's, has room, is within its range of Tobruk, and is not its own
        for (String side : List.of("axis", "allied")) {
            String unit = side.equals("axis") ? "air-stg3-1" : "air-raf-112";
            JsonNode offered = js(g, "rules.air.homes(state.pieces['" + unit + "'], 'Tobruk')");
            for (JsonNode sec : offered) {
                assertTrue(js(g, "rules.air.distance('Tobruk', '" + sec.asText() + "') <= state.pieces['" + unit + "'].range && rules.air.room('" + side + "', '" + sec.asText() + "') > 0 && state.pieces['" + unit + "'].base !== '" + sec.asText() + "'").asBoolean(), unit + " " + sec);
            }
        }
        JsonNode acts = js(g, "rules.air.home.actions(ctx)");
        assertEquals("{\"do\":\"home\"}", acts.get(0).toString());
        trace(g);
        assertEquals("axis", first, "FoT's first side");
        assertTrue(acts.toString().contains("{\"do\":\"return\",\"unit\":\"air-stg3-1\",\"to\":\"Martuba\"}"), acts.toString());
        run(g, "rules.air.home.apply(ctx, {do: 'return', unit: 'air-stg3-1', to: 'Martuba'});");
        assertEquals("Martuba", p(g, "stg3-1").path("base").asText());
        JsonNode told = withRule(trace(g), "6.3").getFirst();
        assertTrue(told.path("text").asText().contains("returns from Tobruk, sent home by Khamsin, to the Martuba airbase (based in Gazala before"), told.toString());
        assertEquals("[\"axis\"]", told.path("visibleTo").toString(), "behind the Axis screen");
        // the other side next, then none
        assertFalse(js(g, "state.air.homing === undefined").asBoolean(), "the other side's unit still waits");
        assertFalse(first.equals(js(g, "rules.air.home.side(ctx)").asText()));
        trace(g);
        run(g, "rules.air.home.apply(ctx, {do: 'home'});");
        assertTrue(withRule(trace(g), "6.3").getFirst().path("text").asText().contains("sent home by Khamsin, to the "));
        assertTrue(js(g, "state.air.homing === undefined").asBoolean());
    }

    @Test
    @DisplayName("FoT 9.61 9.62 basic air game: sector superiority per on-map sector, then a close air roll before each Regular Combat; each entry names its placeholder table")
    void basicAirGame() {
        Game g = bare(fot("option:basic-air-game"), 2);
        run(g, "state.weather = 'clear'; state.half = 'AM';");
        trace(g);
        run(g, "rules['air-planning'].begin();");
        List<JsonNode> ev = withRule(trace(g), "9.61");
        assertEquals(4, ev.size(), "the four on-map sectors");
        for (JsonNode e : ev) {
            assertEquals("air/basic-sector-superiority", e.path("table").asText());
            assertTrue(e.path("placeholder").asBoolean(), "the table is a placeholder, and says so");
        }
        assertTrue(js(g, "state.air.planning === null").asBoolean(), "no Air Display planning in the basic game");
        run(g, "state.air.superiority = {Tobruk: 'axis'};");
        String hex = "3912", by = neighbour(g, "3912");
        place(g, "br-50xx-5-ey", hex);
        place(g, "de-paa-kpfst-kiehl", by);
        run(g, "state.activation = {side: 'axis'}; state.active = 'axis';");
        dealNext(g, "0");
        run(g, "rules.combat.resolveNow('" + hex + "', ['de-paa-kpfst-kiehl']);");
        List<JsonNode> close = withRule(trace(g), "9.62");
        assertEquals(1, close.size());
        assertEquals("d10=0, active player superiority", close.get(0).path("cell").asText());
        assertEquals("2R", close.get(0).path("result").asText());
        assertTrue(close.get(0).path("placeholder").asBoolean());
        assertFalse(js(g, "rules['air-missions'].impulseOpen()").asBoolean(), "no Air Impulse in the basic game");
    }
}
