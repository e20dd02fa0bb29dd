package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Every number that decides play is read from its table (issue 30): each test edits one value
 * through an erratum, as a designer would, and shows that the outcome it decides changes with it.
 * The base game beside it keeps the printed value.
 */
@DisplayName("FoT tables as data")
class TablesAsDataTest {

    /** An empty game of game-turn 4 (May 29), clear, AM, no activation, under the variant. */
    static Game sandbox(Variant v) {
        Game g = bare(v, 4);
        run(g, "state.weather = 'clear'; state.half = 'AM'; state.date = 'May 29'; state.activation = null;");
        trace(g);
        return g;
    }

    static Game with(Variant v, String... unitAtHex) {
        Game g = sandbox(v);
        for (String s : unitAtHex) {
            String[] a = s.split("@");
            place(g, a[0], a[1]);
        }
        return g;
    }

    /** The same position under the base rules and under {@code v}. */
    static Game[] both(Variant v, String... unitAtHex) { return new Game[] {with(FOT, unitAtHex), with(v, unitAtHex)}; }

    /** What `outcome` gives under the base rules and under {@code v}, in that order. */
    static <T> List<T> outcomes(Variant v, Function<Variant, T> outcome) { return List.of(outcome.apply(FOT), outcome.apply(v)); }

    static JsonNode factors(Game g, String hex, String... ids) {
        return js(g, "rules.crt.factors('" + hex + "', " + Cx.arr(ids) + ")");
    }

    /** The row `id` of crt.yaml factor-modifiers sits at `index` (the errata below name it by index). */
    static void modifierAt(int index, String id) {
        assertEquals(id, js(Cx.sandbox(), "tables.crt['factor-modifiers'].modifiers[" + index + "].id").asText());
    }

    // ---------------------------------------------------------------- crt.yaml factor-modifiers

    @Test
    @DisplayName("FoT 11.22 factor-modifiers armor-across-at-ditch: an erratum halving nothing across an AT Ditch changes the attack total")
    void atDitch() {
        modifierAt(2, "armor-across-at-ditch");
        // 3405/3406: an AT Ditch hexside of the Tobruk perimeter; its minefield is breached here,
        // so that only the ditch changes the factors
        String from = "3405", to = "3406";
        Game[] g = both(patched("crt/factor-modifiers/modifiers/2/factor", "1"), Cx.PZ3 + "@" + from, Cx.AT65 + "@" + to);
        for (Game x : g) run(x, "state.minefields = state.minefields || {}; state.minefields.breached = Object.assign({}, state.minefields.breached, {'3405/3406': {by: 'test'}});");
        assertTrue(js(g[0], "map.hexsideHas('3405', '3406', 'at-ditch') && !rules.minefields.crossing('3405', '3406', 'axis')").asBoolean());
        JsonNode base = factors(g[0], to, Cx.PZ3).path(Cx.PZ3), ed = factors(g[1], to, Cx.PZ3).path(Cx.PZ3);
        assertEquals(3.5, base.path("haf").asDouble(), 1e-9, "PzKw III: Hard Attack 7 halved");
        assertEquals(7.0, ed.path("haf").asDouble(), 1e-9);
        assertEquals(1.5, base.path("saf").asDouble(), 1e-9);
        assertEquals(3.0, ed.path("saf").asDouble(), 1e-9);
        assertTrue(base.path("why").toString().contains("armor across an AT Ditch, halved"), base.toString());
        assertTrue(ed.path("why").toString().contains("armor across an AT Ditch, x1"), ed.toString());
        // the combat itself: the regular combat's Soft Attack in its trace
        String[] soft = {"Soft Attack 1.5 [", "Soft Attack 3 ["};
        for (int i = 0; i < 2; i++) {
            js(g[i], "rules.combat.resolveNow('" + to + "', ['" + Cx.PZ3 + "'])");
            String s = soft[i];
            assertFalse(Cx.matching(trace(g[i]), (e) -> e.path("text").asText().startsWith("regular combat by axis") && e.path("text").asText().contains(s)).isEmpty(), s);
        }
    }

    @Test
    @DisplayName("FoT 11.22 factor-modifiers across-unbreached-minefield: an erratum halving nothing changes the attackers' Hard Attack total")
    void minefieldHard() {
        modifierAt(3, "across-unbreached-minefield");
        Game[] g = both(patched("crt/factor-modifiers/modifiers/3/factor", "1"), Cx.PZ3 + "@1108", Cx.AT65 + "@1107");
        assertEquals(3.5, factors(g[0], "1107", Cx.PZ3).path(Cx.PZ3).path("haf").asDouble(), 1e-9);
        assertEquals(7.0, factors(g[1], "1107", Cx.PZ3).path(Cx.PZ3).path("haf").asDouble(), 1e-9);
        assertEquals(1.5, factors(g[1], "1107", Cx.PZ3).path(Cx.PZ3).path("saf").asDouble(), 1e-9, "the Soft Attack reads the 13.22 row, still halved");
    }

    @Test
    @DisplayName("FoT 13.22 factor-modifiers across-unbreached-minefield-regular: an erratum with x0.25 changes the Soft Attack total")
    void minefieldSoft() {
        modifierAt(4, "across-unbreached-minefield-regular");
        Game[] g = both(patched("crt/factor-modifiers/modifiers/4/factor", "0.25"), Cx.PZ4 + "@1108", Cx.AT65 + "@1107");
        assertEquals(2.5, factors(g[0], "1107", Cx.PZ4).path(Cx.PZ4).path("saf").asDouble(), 1e-9, "PzKw IV: Soft Attack 5 halved");
        assertEquals(1.25, factors(g[1], "1107", Cx.PZ4).path(Cx.PZ4).path("saf").asDouble(), 1e-9);
        assertTrue(factors(g[1], "1107", Cx.PZ4).path(Cx.PZ4).path("why").toString().contains("quartered (13.22)"));
    }

    @Test
    @DisplayName("FoT 11.13 factor-modifiers overrun: an erratum tripling instead of doubling changes the tanks' Soft Attack after an Overrun")
    void overrun() {
        modifierAt(5, "overrun");
        Game[] g = both(patched("crt/factor-modifiers/modifiers/5/factor", "3"), Cx.PZ3 + "@4530", Cx.PZ4 + "@4430", Cx.GH6 + "@4531");
        for (int i = 0; i < 2; i++) js(g[i], "rules.combat.resolveNow('4531', ['" + Cx.PZ3 + "', '" + Cx.PZ4 + "'])");
        JsonNode base = Cx.textHas(trace(g[0]), "11.21", "regular combat by axis").get(0);
        JsonNode ed = Cx.textHas(trace(g[1]), "11.21", "regular combat by axis").get(0);
        assertTrue(base.path("text").asText().contains("Soft Attack 16"), base.toString());
        assertTrue(ed.path("text").asText().contains("Soft Attack 24"), ed.toString());
        assertTrue(ed.path("text").asText().contains("Overrun, x3 (11.13)"), ed.toString());
    }

    @Test
    @DisplayName("FoT 4.3 movement.yaml towed-guns (factor-modifiers towed-moved): the Half Move/Half Fire factor decides a moved gun's Hard Attack")
    void towedMarkerFactor() {
        Game[] g = both(patched("movement/towed-guns/markers/half-move-half-fire/factor", "0.75"), Cx.EY5 + "@4530", Cx.AT65 + "@4530", "de-15xx-1-8@4531");
        for (Game x : g) run(x, "state.pieces['" + Cx.AT65 + "'].moveMarker = 'half-move-half-fire'; state.activation = {side: 'allied', stacks: {'4530': ['" + Cx.AT65 + "']}};");
        assertEquals(2.5, factors(g[0], "4531", Cx.AT65).path(Cx.AT65).path("haf").asDouble(), 1e-9, "Hard Attack 5 halved");
        assertEquals(3.75, factors(g[1], "4531", Cx.AT65).path(Cx.AT65).path("haf").asDouble(), 1e-9);
    }

    @Test
    @DisplayName("FoT 4.3 movement.yaml towed-guns half-of-ma: the share of the MPs a gun may move and keep Half Fire")
    void towedHalfOfMa() {
        List<String> marker = outcomes(patched("movement/towed-guns/half-of-ma", "0.6"), (v) -> {
            Game g = MovementTest.allied(v);
            MovementTest.ally(g, MovementTest.AT, "f", "2429", "{ma: 10}");
            assertTrue(MovementTest.move(g, "'f'", "3029").path("ok").asBoolean());
            return js(g, "state.pieces.f.moveMarker").asText();
        });
        assertEquals(List.of("full-move-no-fire", "half-move-half-fire"), marker, "6 of 10 MPs: more than half, no more than 0.6 of them");
    }

    @Test
    @DisplayName("FoT 14.3 supply.yaml out-of-supply (factor-modifiers out-of-supply-attacking): the attack factor and the MP cap")
    void outOfSupply() {
        Game[] g = both(patchedWith("  - {op: replace, path: supply/out-of-supply/attack/factor, value: 0.25}\n"
                + "  - {op: replace, path: supply/out-of-supply/max-mp, value: 2}\n"), Cx.I104 + "@4530", Cx.GH6 + "@4531");
        for (Game x : g) run(x, "state.pieces['" + Cx.I104 + "'].oos = true;");
        assertEquals(2.0, factors(g[0], "4531", Cx.I104).path(Cx.I104).path("saf").asDouble(), 1e-9, "Soft Attack 4 halved");
        assertEquals(1.0, factors(g[1], "4531", Cx.I104).path(Cx.I104).path("saf").asDouble(), 1e-9);
        assertEquals(3.0, js(g[0], "rules.movement.allowance(state.pieces['" + Cx.I104 + "']).mp").asDouble());
        assertEquals(2.0, js(g[1], "rules.movement.allowance(state.pieces['" + Cx.I104 + "']).mp").asDouble());
    }

    @Test
    @DisplayName("FoT 12.2 disruption.yaml reverse-side (factor-modifiers disrupted): the stand-in decides a Disrupted attacker's factors")
    void disruptedStandIn() {
        Game[] g = both(patched("disruption/reverse-side/attack-factor", "0.25"), Cx.I104 + "@4530", Cx.GH6 + "@4531");
        for (Game x : g) run(x, "state.pieces['" + Cx.I104 + "'].disrupted = true;");
        assertEquals(2.0, factors(g[0], "4531", Cx.I104).path(Cx.I104).path("saf").asDouble(), 1e-9);
        assertEquals(1.0, factors(g[1], "4531", Cx.I104).path(Cx.I104).path("saf").asDouble(), 1e-9);
    }

    // ---------------------------------------------------------------- shifts, thresholds, shares

    @Test
    @DisplayName("FoT 11.22 crt.yaml column-shifts: the Hill's shift and the 51% proficiency threshold are the table's")
    void columnShifts() {
        Variant v = patchedWith("  - {op: replace, path: crt/column-shifts/shifts/1/shift, value: 2L}\n"
                + "  - {op: replace, path: crt/column-shifts/proficiency/threshold-percent, value: 61}\n");
        assertEquals("defender-on-hill", js(Cx.sandbox(), "tables.crt['column-shifts'].shifts[1].id").asText());
        // 4611 is a Hill; PzKw IV (2 SPs Veteran) with the Italian 28th (3 SPs Trained): 60% Trained
        Game[] g = both(v, Cx.PZ4 + "@4612", Cx.IT28 + "@4612", Cx.EY5 + "@4611");
        String q = "rules.crt.shiftsOf('4611', ['" + Cx.PZ4 + "', '" + Cx.IT28 + "'], 'close')";
        JsonNode base = js(g[0], q), ed = js(g[1], q);
        assertTrue(base.toString().contains("\"id\":\"defender-on-hill\",\"shift\":\"1L\""), base.toString());
        assertTrue(ed.toString().contains("\"id\":\"defender-on-hill\",\"shift\":\"2L\""), ed.toString());
        assertTrue(base.toString().contains("trained-attacker"), "60% Trained reaches 51%");
        assertFalse(ed.toString().contains("trained-attacker"), "60% Trained is short of 61%: Regular");
    }

    @Test
    @DisplayName("FoT 7.21 activation.yaml activation-points af-share: the share of the AF's SPs a stack needs for 1 AP")
    void apShare() {
        List<Integer> cost = outcomes(patched("activation/activation-points/stack-cost/af-share", "0.6"), (v) -> {
            Game g = bare(v, 3);
            place(g, "de-15xx-hq", "3030");
            place(g, "de-15xx-1-8", "3031");      // 2 SPs of 15xx
            place(g, "de-21xx-3-5", "3031");      // 2 SPs of 21xx: half of the stack
            ActivationTest.activate(g, "15xx", 6);
            return ActivationTest.eligible(g, "de-15xx-1-8").path("cost").asInt();
        });
        assertEquals(List.of(1, 2), cost, "half of the stack's SPs: 1 AP; half is short of 0.6: 2 AP");
    }

    @Test
    @DisplayName("FoT 4.23 stacking.yaml overstacking disrupt-multiple: the excess and as many more, or only the excess")
    void overstackMultiple() {
        List<Integer> disrupt = outcomes(patched("stacking/overstacking/disrupt-multiple", "1"), (v) -> {
            Game g = bare(v, 7);
            for (int k = 1; k <= 10; k++) placeAs(g, StackingTest.TANK, "t" + k, "2818", "{sp: 2}");
            return js(g, "rules.stacking.penalties('2818').disrupt").asInt();
        });
        assertEquals(List.of(8, 4), disrupt, "20 SPs: 4 over 16 and 4 more; only the 4");
    }

    @Test
    @DisplayName("FoT 4.1 zoc.yaml artillery-share: the share of a hex's SPs artillery may be and still count for its ZOC")
    void zocArtilleryShare() {
        List<Integer> level = outcomes(patched("zoc/zoc-levels/artillery-share", "0.6"), (v) -> {
            Game g = ZocTest.board(v);
            placeAs(g, ZocTest.INF, "a", "3030", "{sp: 5}");
            placeAs(g, ZocTest.ART, "r", "3030", "{sp: 7}");
            return ZocTest.level(g, "3031", "allied");
        });
        assertEquals(List.of(1, 2), level, "7 of 12 SPs artillery: only the 5 infantry SPs count; within 0.6, all 12 count, HZOC");
    }

    @Test
    @DisplayName("FoT 13.1 minefields.yaml movement crossing-cost: the share of the available MPs a crossing costs")
    void minefieldCrossing() {
        double plain = js(Cx.sandbox(), "tables.terrain['movement-costs'].hex[map.terrain('1312')].Tracked").asDouble();
        List<Double> cost = outcomes(patched("minefields/movement/crossing-cost", "0.25"), (v) -> {
            Game g = MovementTest.axis(v, null);
            MovementTest.hq(g, "1310");
            MovementTest.german(g, MovementTest.TANK, "t", "1311", "{ma: 10}");
            return MovementTest.step(g, "t", "1311", "1312").asDouble();
        });
        assertEquals(List.of(plain + 5, plain + 2.5), cost, "half of 10 MPs; a quarter");
    }

    @Test
    @DisplayName("FoT 16.42 scenarios.yaml special-rules ma-multiplier: the turning movement's MA multiplier")
    void turningMultiplier() {
        List<Double> mp = outcomes(patched("scenarios/special-rules/axis-turning-movement/ma-multiplier", "2"), (v) -> {
            Game g = MovementTest.axis(v, "turning-movement");
            MovementTest.german(g, MovementTest.TANK, "t", "2429", "{ma: 10}");
            return js(g, "rules.movement.allowance(state.pieces.t).mp").asDouble();
        });
        assertEquals(List.of(30.0, 20.0), mp);
    }

    @Test
    @DisplayName("FoT 8.13 artillery.yaml range-and-halving: the share of the range beyond which the factor is halved, and the halving")
    void artilleryRange() {
        Function<Variant, Double> factor = (v) -> {
            Game g = ArtilleryTest.example(v);
            run(g, "state.pieces['de-paa-408'].hex = '2120';");      // 5 hexes from the target, BR 8
            return js(g, "rules.artillery.factor(state.pieces['de-paa-408'], '" + ArtilleryTest.TARGET + "', 'full').factor").asDouble();
        };
        assertEquals(List.of(3.5, 7.0), outcomes(patched("artillery/range-and-halving/range-fraction", "0.75"), factor),
            "5 is over half of 8: BF 7 halved; within 0.75 of 8: full");
        assertEquals(1.75, factor.apply(patched("artillery/range-and-halving/over-half-range", "0.25")), "x0.25 beyond half range");
    }

    @Test
    @DisplayName("FoT 8.13 artillery.yaml arc: a unit without a Bombardment Range reads the row that names its type (for), not a row by position")
    void arcRowFor() {
        // a Semovente that carries no range, 3 hexes from the target: the Semovente row (range 4)
        // halves it beyond 2; an erratum giving the medium row (range 7) to Semoventi does not
        JsonNode types = js(Cx.sandbox(), "tables.artillery.arc.types");
        int sem = -1, medium = -1;
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).path("for").toString().contains("semovente")) sem = i;
            if (types.get(i).path("range").asInt() == 7) medium = i;
        }
        assertTrue(sem >= 0 && medium >= 0, types.toString());
        Variant v = patchedWith("  - {op: replace, path: artillery/arc/types/" + sem + "/for, value: []}\n"
                + "  - {op: add, path: artillery/arc/types/" + medium + "/for, value: [semovente]}\n");
        List<Double> f = outcomes(v, (x) -> {
            Game g = ArtilleryTest.example(x);
            placeAs(g, "it-132xx-551", "sem", "2320", "{br: 0, bf: 4}");
            assertEquals(3, js(g, "map.range('2320', '" + ArtilleryTest.TARGET + "')").asInt());
            return js(g, "rules.artillery.factor(state.pieces.sem, '" + ArtilleryTest.TARGET + "', 'full').factor").asDouble();
        });
        assertEquals(List.of(2.0, 4.0), f, "range 3: beyond half of the Semovente row's 4, halved; within half of 7, full");
    }
}
