package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * FoT 11.0-11.31 combat. Positions on the real map and order of battle, mostly in the open plateau
 * around 4531 (high ground, no hexside feature within three hexes). 4531's neighbours: 4530 (N),
 * 4532 (S), 4430 (NW), 4431 (SW), 4630 (NE), 4631 (SE).
 */
@DisplayName("FoT 11.0 Combat")
class CombatTest {

    /** Helpers shared by the FoT combat, morale, disruption and forced-combat tests. */
    static final class Cx {
        private Cx() {}

        // units of units.yaml
        static final String PZ3 = "de-15xx-2-8";        // tank, PzKw IIIj/1: SP 2, HAF 7, SAF 3, DF 4, f, veteran
        static final String PZ4 = "de-15xx-8-8";        // tank, PzKw IVe: SP 2, HAF 4, SAF 5, DF 4, f, veteran
        static final String I104 = "de-21xx-i-104";     // motorized infantry: SP 3, HAF 2, SAF 4, DF 4, f, veteran
        static final String I361 = "de-90xx-i-361";     // motorized infantry: SP 3, HAF 2, SAF 4, DF 4, f, veteran
        static final String FLAK = "de-dak-i-43-flak";  // heavy AT (88): SP 2, HAF 9, SAF 2, DF 2, f, veteran
        static final String IT28 = "it-17xx-ii-28";     // infantry: SP 3, HAF 1, SAF 2, DF 4, c, trained
        static final String EY5 = "br-50xx-5-ey";       // infantry: SP 4, HAF 1, SAF 3, DF 5, e, regular
        static final String GH6 = "br-50xx-6-gh";       // infantry: SP 4, HAF 1, SAF 3, DF 5, e, regular
        static final String GH7 = "br-50xx-7-gh";       // infantry: SP 4, HAF 1, SAF 3, DF 5, e, regular
        static final String AT65 = "br-50xx-65-at";     // light AT: SP 2, HAF 5, SAF 1, DF 2, e, regular
        static final String BAYS = "br-2axx-a-bays";    // tank, Grant: SP 2, HAF 6, SAF 4, DF 5, e, regular
        static final String RD1 = "br-8xxxx-1-rd";      // armored car (recon), Daimler: SP 2, HAF 1, SAF 1, DF 1, e
        static final String HQ50 = "br-50xx-hq";        // HQ of 50xx

        private static Game box;
        private static Game.Snapshot boxStart;

        /** An empty game of game-turn 4 (May 29), played out, clear weather: a sandbox for queries. */
        static synchronized Game sandbox() {
            if (box == null) {
                box = bare(4);
                run(box, "state.weather = 'clear'; state.half = 'AM'; state.date = 'May 29'; state.activation = null;");
                boxStart = box.snapshot();
            }
            box.restore(boxStart);
            trace(box);
            return box;
        }

        static Game with(String... unitAtHex) {
            Game g = sandbox();
            for (String s : unitAtHex) {
                String[] a = s.split("@");
                place(g, a[0], a[1]);
            }
            return g;
        }

        static String arr(String... ids) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < ids.length; i++) sb.append(i == 0 ? "" : ",").append('\'').append(ids[i]).append('\'');
            return sb.append(']').toString();
        }

        static JsonNode piece(Game g, String id) { return js(g, "state.pieces['" + id + "']"); }

        static String hex(Game g, String id) { JsonNode h = piece(g, id).path("hex"); return h.isNull() ? null : h.asText(); }

        static boolean disrupted(Game g, String id) { return piece(g, id).path("disrupted").asBoolean(); }

        static List<JsonNode> matching(List<JsonNode> events, Predicate<JsonNode> p) {
            List<JsonNode> out = new ArrayList<>();
            for (JsonNode e : events) if (p.test(e)) out.add(e);
            return out;
        }

        static List<JsonNode> textHas(List<JsonNode> events, String rule, String text) {
            return matching(events, e -> rule.equals(e.path("rule").asText()) && e.path("text").asText().contains(text));
        }

        /**
         * Sets the position up (seed 1), then burns 0, 1, 2... dice before running `act` until
         * `want` holds of its trace: the dice follow the seed, so the same burn is found every time.
         */
        static List<JsonNode> until(Function<Long, Game> setup, Function<Game, List<JsonNode>> act, Predicate<List<JsonNode>> want, Game[] out) {
            for (int burn = 0; burn < 400; burn++) {
                Game g = setup.apply(1L);
                if (burn > 0) run(g, "for (let i = 0; i < " + burn + "; i++) ctx.roll('d10', 'discarded by the test');");
                trace(g);
                List<JsonNode> ev = act.apply(g);
                if (want.test(ev)) { out[0] = g; return ev; }
            }
            throw new AssertionError("no dice in 400 give the wanted outcome");
        }
    }

    @Test
    @DisplayName("FoT 11.12, 11.21 the odds are rounded down to a printed column in the defender's favour")
    void oddsRounding() {
        Game g = Cx.sandbox();
        assertEquals("1:2", js(g, "rules.crt.columns()[rules.crt.basicColumn(2.5, 5)]").asText());
        assertEquals("1:1", js(g, "rules.crt.columns()[rules.crt.basicColumn(7, 5)]").asText());
        assertEquals("1.5:1", js(g, "rules.crt.columns()[rules.crt.basicColumn(7.5, 5)]").asText());
        assertEquals("2:1", js(g, "rules.crt.columns()[rules.crt.basicColumn(14, 5)]").asText());
        assertEquals("8+:1", js(g, "rules.crt.columns()[rules.crt.basicColumn(60, 5)]").asText());
        assertEquals(-1, js(g, "rules.crt.basicColumn(2, 5)").asInt(), "below 1:2 there is no column");
    }

    @Test
    @DisplayName("FoT 11.22 EXAMPLES: 4R and 2L net 2R, 4:1 becomes 6:1; 1R and 3L net 2L, 1:1 falls off the table: no roll")
    void shiftExamples() {
        Game g = Cx.sandbox();
        // the first example prints "a net of two shifts to the left (2L)" yet moves 4:1 to 6:1: the
        // arithmetic (4R - 2L) and the final column agree on 2R (crt.yaml examples)
        assertEquals("6:1", js(g, "rules.crt.finalColumn(rules.crt.columns().indexOf('4:1'), 4 - 2).label").asText());
        JsonNode second = js(g, "rules.crt.finalColumn(rules.crt.columns().indexOf('1:1'), 1 - 3)");
        assertEquals(-1, second.path("col").asInt());
        assertTrue(second.path("why").asText().contains("rolls no dice"), second.toString());
        assertEquals("8+:1", js(g, "rules.crt.finalColumn(rules.crt.columns().indexOf('7:1'), 3).label").asText(), "past 8+:1 resolves on 8+:1");
    }

    @Test
    @DisplayName("FoT 11.12 the CRT cell: the target's predominant morale picks the band; a letter in no band is a dash")
    void crtBands() {
        Game g = Cx.sandbox();
        int col5 = js(g, "rules.crt.columns().indexOf('5:1')").asInt();
        // d10 4 at 5:1: L d-g, M b-c, H a (the 8.11 example's cell)
        assertEquals("L", js(g, "rules.crt.band(4, " + col5 + ", 'e')").asText());
        assertEquals("M", js(g, "rules.crt.band(4, " + col5 + ", 'b')").asText());
        assertEquals("H", js(g, "rules.crt.band(4, " + col5 + ", 'a')").asText());
        // d10 9 at 1:1 is blank in every band: a miss or a standoff
        assertEquals("-", js(g, "rules.crt.band(9, 1, 'a')").asText());
        // d10 1 at 4:1 as printed (L f-g, M d-e, H a-b): c falls in no band
        assertEquals("-", js(g, "rules.crt.band(1, rules.crt.columns().indexOf('4:1'), 'c')").asText());
    }

    @Test
    @DisplayName("FoT 11.22 terrain: Hill 1L, Mud Pan 1R, Box 1L for antitank fire and close combat; up an Escarpment 1L in close combat only")
    void terrainShifts() {
        Game g = Cx.with(Cx.PZ4 + "@4612", Cx.EY5 + "@4611", Cx.I104 + "@3016", Cx.GH6 + "@3015",
            Cx.I361 + "@2315", Cx.GH7 + "@2414", Cx.IT28 + "@2624", Cx.AT65 + "@2625");
        JsonNode hill = js(g, "rules.crt.shiftsOf('4611', ['" + Cx.PZ4 + "'], 'close')");
        assertTrue(hill.toString().contains("defender-on-hill"), hill.toString());
        assertTrue(js(g, "rules.crt.shiftsOf('4611', ['" + Cx.PZ4 + "'], 'at')").toString().contains("defender-on-hill"));
        JsonNode mud = js(g, "rules.crt.shiftsOf('3015', ['" + Cx.I104 + "'], 'close')");
        assertTrue(mud.toString().contains("\"shift\":\"1R\"") && mud.toString().contains("defender-on-mud-pan"), mud.toString());
        JsonNode esc = js(g, "rules.crt.shiftsOf('2414', ['" + Cx.I361 + "'], 'close')");
        assertTrue(esc.toString().contains("up-escarpment"), esc.toString());
        assertFalse(js(g, "rules.crt.shiftsOf('2414', ['" + Cx.I361 + "'], 'at')").toString().contains("up-escarpment"), "escarpment: close combat only (PAC 1)");
        JsonNode box = js(g, "rules.crt.shiftsOf('2625', ['" + Cx.IT28 + "'], 'close')");
        assertTrue(box.toString().contains("defender-in-box"), box.toString());
    }

    @Test
    @DisplayName("FoT 11.22 proficiency: a Trained stack 1L; a Veteran stack 1R unless the defender is Veteran too; Regular nothing")
    void proficiencyShifts() {
        Game g = Cx.with(Cx.IT28 + "@4530", Cx.I104 + "@4430", Cx.EY5 + "@4531", Cx.BAYS + "@4632", Cx.I361 + "@4633");
        assertTrue(js(g, "rules.crt.shiftsOf('4531', ['" + Cx.IT28 + "'], 'close')").toString().contains("trained-attacker"));
        assertTrue(js(g, "rules.crt.shiftsOf('4531', ['" + Cx.I104 + "'], 'close')").toString().contains("veteran-attacker"));
        // 3 SPs Trained against 3 Veteran: 50% each, neither reaches 51%: Regular
        assertEquals("[]", js(g, "rules.crt.shiftsOf('4531', ['" + Cx.IT28 + "', '" + Cx.I104 + "'], 'close')").toString());
        // the Veteran attacker against a Veteran defender: no shift
        run(g, "state.pieces['" + Cx.EY5 + "'].proficiency = 'veteran';");
        assertEquals("[]", js(g, "rules.crt.shiftsOf('4531', ['" + Cx.I104 + "'], 'close')").toString());
        // a Regular stack attacking: nothing
        assertEquals("[]", js(g, "rules.crt.shiftsOf('4633', ['" + Cx.BAYS + "'], 'close')").toString());
    }

    // ---------------------------------------------------------------- 11.1 antitank fire

    @Test
    @DisplayName("FoT 11.11, 13.21 First Fire: the defender behind its own unbreached minefield, on a Hill, atop an Escarpment; Axis Heavy AT always")
    void firstFireCases() {
        Game g = Cx.with(Cx.PZ3 + "@1108", Cx.AT65 + "@1107",       // 1107/1108: an Allied minefield hexside
            Cx.PZ4 + "@4612", Cx.GH6 + "@4611",                     // 4611: a Hill
            "de-15xx-1-8@2315", Cx.GH7 + "@2414",                   // 2414 atop the escarpment 2315/2414
            Cx.BAYS + "@4530", Cx.FLAK + "@4531", Cx.I104 + "@4531",
            Cx.EY5 + "@4633", "de-21xx-4-5@4632");
        assertTrue(js(g, "rules['fire-combat'].firstFire('1107', ['" + Cx.PZ3 + "'])").path("defender").path("1108").path("why").toString().contains("minefield"));
        assertTrue(js(g, "rules['fire-combat'].firstFire('4611', ['" + Cx.PZ4 + "'])").path("defender").path("4612").path("why").toString().contains("Hill"));
        assertTrue(js(g, "rules['fire-combat'].firstFire('2414', ['de-15xx-1-8'])").path("defender").path("2315").path("why").toString().contains("Escarpment"));
        // attacking down the escarpment gives the defender below nothing; neither does open ground
        run(g, "state.pieces['de-15xx-1-8'].hex = '2414'; state.pieces['" + Cx.GH7 + "'].hex = '2315';");
        assertEquals("[]", js(g, "rules['fire-combat'].firstFire('2315', ['de-15xx-1-8'])").path("defender").path("2414").path("why").toString());
        assertEquals("[]", js(g, "rules['fire-combat'].firstFire('4633', ['de-21xx-4-5'])").path("defender").path("4632").path("why").toString());
        // the 88 defending: it alone has First Fire on the Grant; attacking, it has First Fire too
        JsonNode ff = js(g, "rules['fire-combat'].firstFire('4531', ['" + Cx.BAYS + "'])").path("defender").path("4530");
        assertEquals("[\"" + Cx.FLAK + "\"]", ff.path("units").toString());
        run(g, "state.pieces['" + Cx.FLAK + "'].hex = '4632';");
        assertEquals("[\"" + Cx.FLAK + "\"]", js(g, "rules['fire-combat'].firstFire('4633', ['" + Cx.FLAK + "'])").path("attacker").toString());
    }

    @Test
    @DisplayName("FoT 11.11 the First Fire Step is rolled and applied before the Simultaneous Fire Step")
    void firstFireStep() {
        Game g = Cx.with(Cx.PZ4 + "@4612", Cx.AT65 + "@4611");
        js(g, "rules.combat.resolveNow('4611', ['" + Cx.PZ4 + "'])");
        List<JsonNode> ev = trace(g);
        int defenderFire = -1, stepEnd = -1, attackerFire = -1;
        for (int i = 0; i < ev.size(); i++) {
            String t = ev.get(i).path("text").asText();
            if (ev.get(i).path("rule").asText().equals("11.12") && t.startsWith("antitank fire by allied")) defenderFire = i;
            if (t.startsWith("First Fire Step")) stepEnd = i;
            if (ev.get(i).path("rule").asText().equals("11.12") && t.startsWith("antitank fire by axis")) attackerFire = i;
        }
        assertTrue(defenderFire >= 0 && stepEnd > defenderFire, "the defender on the Hill fires in the First Fire Step");
        assertTrue(attackerFire < 0 || attackerFire > stepEnd, "the attacker fires afterwards");
        assertFalse(Cx.textHas(ev, "11.11", "in the First Fire Step (defender on a Hill").isEmpty());
    }

    @Test
    @DisplayName("FoT 11.12 antitank fire: Hard Attack against the target armor's Defense, a dash is a miss, the results hit the target armor only")
    void antitankFireTargetsArmor() {
        // an R2h read in antitank fire moves the Grant, not the infantry stacked with it
        Game g = Cx.with(Cx.I104 + "@4430", Cx.BAYS + "@4531", Cx.EY5 + "@4531");
        js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "'], {by: 'attacker', kind: 'at', retreat: 'R2h'})");
        assertNotEquals("4531", Cx.hex(g, Cx.BAYS));
        assertEquals("4531", Cx.hex(g, Cx.EY5));
        // the odds: 7 HAF (PzKw III) against the Grant's 5 DF: 1:1
        Game h = Cx.with(Cx.PZ3 + "@4530", Cx.BAYS + "@4531");
        js(h, "rules.combat.resolveNow('4531', ['" + Cx.PZ3 + "'])");
        List<JsonNode> at = Cx.textHas(trace(h), "11.12", "antitank fire by axis");
        assertEquals(1, at.size());
        assertTrue(at.get(0).path("text").asText().contains("Hard Attack 7") && at.get(0).path("text").asText().contains("against Defense 5: basic 1:1"), at.get(0).toString());
        assertEquals("crt/crt", at.get(0).path("table").asText());
    }

    @Test
    @DisplayName("FoT 11.22, 13.22 across an unbreached minefield attack factors are halved and attacking armor rolls the MAT before the odds")
    void minefieldAttack() {
        Game g = Cx.with(Cx.PZ3 + "@1108", "de-15xx-mg-8@1108", Cx.AT65 + "@1107");
        JsonNode f = js(g, "rules.crt.factors('1107', ['" + Cx.PZ3 + "', 'de-15xx-mg-8'])");
        assertEquals(3.5, f.path(Cx.PZ3).path("haf").asDouble(), 1e-9);
        assertEquals(1.5, f.path(Cx.PZ3).path("saf").asDouble(), 1e-9);
        assertEquals(2, f.path("de-15xx-mg-8").path("saf").asDouble(), 1e-9);
        js(g, "rules.combat.resolveNow('1107', ['" + Cx.PZ3 + "', 'de-15xx-mg-8'])");
        List<JsonNode> ev = trace(g);
        int mat = -1, regular = -1;
        for (int i = 0; i < ev.size(); i++) {
            if (mat < 0 && ev.get(i).path("rule").asText().equals("13.22") && ev.get(i).path("text").asText().startsWith("Minefield Attack Table")) mat = i;
            if (regular < 0 && ev.get(i).path("text").asText().startsWith("regular combat by axis")) regular = i;
        }
        assertTrue(mat >= 0, "the MAT is rolled");
        assertTrue(regular < 0 || regular > mat, "before the odds of the regular combat");
    }

    // ---------------------------------------------------------------- 11.13, 11.2

    @Test
    @DisplayName("FoT 11.13 Overrun: more attacking armor SPs than the defenders' Hard Attack doubles tank Soft Attack and Disrupts every defender")
    void overrun() {
        Game g = Cx.with(Cx.PZ3 + "@4530", Cx.PZ4 + "@4430", Cx.GH6 + "@4531");
        js(g, "rules.combat.resolveNow('4531', ['" + Cx.PZ3 + "', '" + Cx.PZ4 + "'])");
        List<JsonNode> ev = trace(g);
        JsonNode o = Cx.textHas(ev, "11.13", "attacking armor 4 SPs").get(0);
        assertEquals("overrun", o.path("result").asText());
        JsonNode fire = Cx.textHas(ev, "11.21", "regular combat by axis").get(0);
        assertTrue(fire.path("text").asText().contains("Soft Attack 16"), fire.toString());
        assertTrue(fire.path("text").asText().contains("Overrun, doubled (11.13)"), fire.toString());
        assertFalse(Cx.matching(ev, e -> e.path("text").asText().startsWith("Overrun: " + Cx.GH6)).isEmpty(), "the defender is Disrupted by the Overrun");
        assertTrue(Cx.disrupted(g, Cx.GH6) || Cx.hex(g, Cx.GH6) == null);

        // one tank company (2 SPs) against 5 Hard Attack: no Overrun
        Game h = Cx.with(Cx.PZ3 + "@4530", Cx.AT65 + "@4531", Cx.GH6 + "@4531");
        js(h, "rules.combat.resolveNow('4531', ['" + Cx.PZ3 + "'])");
        List<JsonNode> ev2 = trace(h);
        List<JsonNode> o2 = Cx.matching(ev2, e -> e.path("rule").asText().equals("11.13") && e.path("text").asText().startsWith("attacking armor"));
        assertTrue(o2.isEmpty() || o2.get(0).path("result").asText().equals("no overrun"), o2.toString());
    }

    @Test
    @DisplayName("FoT 11.21 NOTE both sides fire in regular combat if they reach 1:2 after shifts; below it a side rolls no dice")
    void bothSidesFire() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.I361 + "@4530", Cx.IT28 + "@4630", Cx.GH6 + "@4531");
        js(g, "rules.combat.resolveNow('4531', ['" + Cx.I104 + "', '" + Cx.I361 + "', '" + Cx.IT28 + "'])");
        List<JsonNode> ev = trace(g);
        assertEquals(1, Cx.textHas(ev, "11.21", "regular combat by axis").size());
        // 3 Soft Attack against 12 Defense: below 1:2, no roll
        JsonNode none = Cx.textHas(ev, "11.22", "regular combat by allied").get(0);
        assertEquals("no roll", none.path("result").asText());
        assertTrue(none.path("text").asText().contains("Soft Attack 3"), none.toString());

        Game h = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531");
        js(h, "rules.combat.resolveNow('4531', ['" + Cx.I104 + "'])");
        List<JsonNode> ev2 = trace(h);
        assertFalse(Cx.textHas(ev2, "11.21", "regular combat by allied").isEmpty() && Cx.textHas(ev2, "11.22", "regular combat by allied").isEmpty());
        assertEquals(1, Cx.matching(ev2, e -> e.path("kind").asText().equals("roll") && e.path("purpose").asText().startsWith("11.21 CRT: regular combat by allied")).size(),
            "3 Soft Attack against 4 Defense reaches 1:2: the defender rolls");
    }

    @Test
    @DisplayName("FoT 3.44, 3.4 attackers are Operations Complete and take no other Combat Impulse; the impulse is refused to them")
    void markers() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531");
        js(g, "rules.combat.resolveNow('4531', ['" + Cx.I104 + "'])");
        JsonNode p = Cx.piece(g, Cx.I104);
        assertTrue(p.path("fought").asBoolean());
        assertTrue(p.path("opsComplete").asBoolean());
        assertFalse(Cx.piece(g, Cx.EY5).path("fought").asBoolean(), "defending is no Combat Impulse");
    }

    // ---------------------------------------------------------------- 11.23

    @Test
    @DisplayName("FoT 11.23 a recon unit retreats before combat; the hex empty, there is no combat and the attackers may occupy it")
    void reconRetreat() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.RD1 + "@4531");
        js(g, "rules.combat.resolveNow('4531', ['" + Cx.I104 + "'])");
        List<JsonNode> ev = trace(g);
        String to = Cx.hex(g, Cx.RD1);
        assertNotEquals("4531", to);
        assertTrue(js(g, "map.distance('4531', '" + to + "')").asInt() <= 2);
        assertEquals("4531", Cx.hex(g, Cx.I104), "the attacker occupies the vacated hex");
        assertTrue(Cx.piece(g, Cx.I104).path("fought").asBoolean(), "still Combat Complete");
        assertTrue(Cx.matching(ev, e -> e.path("kind").asText().equals("roll")).isEmpty(), "no combat is fought");

        // attacked solely by recon units: no retreat before combat
        Game h = Cx.with("de-15xx-33-sd-kfz@4430", Cx.RD1 + "@4531");
        js(h, "rules.combat.resolveNow('4531', ['de-15xx-33-sd-kfz'])");
        assertFalse(Cx.textHas(trace(h), "11.23", "solely by recon").isEmpty());
    }

    // ---------------------------------------------------------------- 11.3 results

    static Game resultGame(String... extra) {
        String[] base = {Cx.I104 + "@4430", Cx.I361 + "@4530", Cx.EY5 + "@4531", Cx.AT65 + "@4531"};
        String[] all = new String[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return Cx.with(all);
    }

    static List<JsonNode> apply(Game g, String res) {
        js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "', '" + Cx.I361 + "'], " + res + ")");
        return trace(g);
    }

    @Test
    @DisplayName("FoT 11.3 Dis: one unit of the predominant morale is Disrupted, the owner choosing among them")
    void dis() {
        Game g = resultGame();
        run(g, "state.pieces['" + Cx.AT65 + "'].morale = 'c';");     // e: 4 SPs, c: 2 SPs -> e predominates
        apply(g, "{dis: 'Dis'}");
        assertTrue(Cx.disrupted(g, Cx.EY5));
        assertFalse(Cx.disrupted(g, Cx.AT65));
    }

    @Test
    @DisplayName("FoT 11.3 2 Dis: two units Disrupted; a lone target unit is eliminated")
    void twoDis() {
        Game g = resultGame();
        apply(g, "{dis: '2 Dis'}");
        assertTrue(Cx.disrupted(g, Cx.EY5) && Cx.disrupted(g, Cx.AT65));
        Game h = Cx.with(Cx.I104 + "@4430", Cx.I361 + "@4530", Cx.EY5 + "@4531");
        List<JsonNode> ev = apply(h, "{dis: '2 Dis'}");
        assertNull(Cx.hex(h, Cx.EY5));
        assertEquals("eliminated", Cx.piece(h, Cx.EY5).path("at").asText());
        assertEquals("units-to-be-refitted", Cx.piece(h, Cx.EY5).path("box").asText());
        assertFalse(Cx.textHas(ev, "15.3", Cx.EY5 + " is lost").isEmpty(), "the loss is recorded (victory.recordLoss)");
    }

    @Test
    @DisplayName("FoT 11.3 All Dis: every target unit Disrupted, whatever its morale")
    void allDis() {
        Game g = resultGame();
        run(g, "state.pieces['" + Cx.AT65 + "'].morale = 'c';");
        apply(g, "{dis: 'All Dis'}");
        assertTrue(Cx.disrupted(g, Cx.EY5) && Cx.disrupted(g, Cx.AT65));
        assertFalse(Cx.disrupted(g, Cx.I104) || Cx.disrupted(g, Cx.I361));
    }

    @Test
    @DisplayName("FoT 11.3 Both Dis: each side Disrupts one unit of the combat; Atkr Dis: the firing side only")
    void bothAndAtkrDis() {
        Game g = resultGame();
        apply(g, "{dis: 'Both Dis'}");
        assertEquals(1, (Cx.disrupted(g, Cx.EY5) ? 1 : 0) + (Cx.disrupted(g, Cx.AT65) ? 1 : 0));
        assertEquals(1, (Cx.disrupted(g, Cx.I104) ? 1 : 0) + (Cx.disrupted(g, Cx.I361) ? 1 : 0));
        Game h = resultGame();
        apply(h, "{dis: 'Atkr Dis'}");
        assertFalse(Cx.disrupted(h, Cx.EY5) || Cx.disrupted(h, Cx.AT65));
        assertEquals(1, (Cx.disrupted(h, Cx.I104) ? 1 : 0) + (Cx.disrupted(h, Cx.I361) ? 1 : 0));
    }

    @Test
    @DisplayName("FoT 11.3 R#h: the defenders end # hexes away, each hex further; into an enemy ZOC they are Disrupted (4.13)")
    void retreat() {
        Game g = resultGame();
        // I104 and I361 stand apart (3 SPs each): no ZOC; put both in 4430: 6 SPs, an LZOC round 4430
        run(g, "state.pieces['" + Cx.I361 + "'].hex = '4430';");
        JsonNode opts = js(g, "rules['combat-results'].retreatOptions('" + Cx.EY5 + "', 1)");
        List<String> keys = new ArrayList<>();
        opts.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("4431", "4530", "4532", "4630", "4631"), keys, "never into the enemy's hex");
        assertTrue(opts.path("4431").path("zoc").asBoolean());
        assertTrue(opts.path("4530").path("zoc").asBoolean());
        assertFalse(opts.path("4532").path("zoc").asBoolean());
        JsonNode two = js(g, "rules['combat-results'].retreatOptions('" + Cx.EY5 + "', 2)");
        two.fieldNames().forEachRemaining(h -> assertEquals(2, js(g, "map.distance('4531', '" + h + "')").asInt()));
        // the first offered (4431) lies in the LZOC: Disrupted
        List<JsonNode> ev = apply(g, "{retreat: 'All R1h'}");
        assertEquals("4431", Cx.hex(g, Cx.EY5));
        assertTrue(Cx.disrupted(g, Cx.EY5));
        assertFalse(Cx.textHas(ev, "4.13", Cx.EY5).isEmpty());
    }

    @Test
    @DisplayName("FoT 11.3 a unit with no hex to retreat to is eliminated; in a Box it may ignore the retreat (13.4)")
    void retreatBlocked() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.I361 + "@4530", "de-90xx-i-155-afr@4431", "de-90xx-i-200@4532",
            "de-90xx-ii-155-afr@4630", "de-90xx-iii-155-afr@4631", Cx.EY5 + "@4531");
        List<JsonNode> ev = apply(g, "{retreat: 'All R1h'}");
        assertNull(Cx.hex(g, Cx.EY5));
        assertFalse(Cx.textHas(ev, "11.3", "has no hex 1 away").isEmpty());
        // in the Bir Hakim box (2625), hemmed in, the unit stays
        Game h = Cx.with(Cx.I104 + "@2624", Cx.I361 + "@2626", "de-90xx-i-155-afr@2525", "de-90xx-i-200@2526",
            "de-90xx-ii-155-afr@2725", "de-90xx-iii-155-afr@2726", Cx.EY5 + "@2625");
        js(h, "rules.combat.applyResult('2625', ['" + Cx.I104 + "', '" + Cx.I361 + "'], {retreat: 'All R1h'})");
        assertEquals("2625", Cx.hex(h, Cx.EY5));
        assertFalse(Cx.textHas(trace(h), "13.4", "ignores").isEmpty());
    }

    @Test
    @DisplayName("FoT 4.21 4.23 units forced to retreat into a friendly stack pay the overstacking penalties: 26 SPs, 2 eliminated and 16 Disrupted")
    void retreatOverstacks() {
        // 5 EY and 65 AT (6 SPs) can retreat only into 4631, where 20 British SPs stand
        Game g = Cx.with();
        placeAs(g, Cx.GH6, "b0", "4631", "{sp: 2}");
        for (int i = 1; i <= 4; i++) placeAs(g, Cx.GH6, "b" + i, "4631", "{sp: 4}");
        placeAs(g, Cx.GH7, "b5", "4631", "{sp: 2}");
        for (String s : List.of(Cx.I104 + "@4430", Cx.I361 + "@4530", "de-90xx-i-155-afr@4431", "de-90xx-i-200@4532",
                "de-90xx-ii-155-afr@4630", Cx.EY5 + "@4531", Cx.AT65 + "@4531")) place(g, s.split("@")[0], s.split("@")[1]);
        List<JsonNode> ev = apply(g, "{retreat: 'All R1h'}");
        assertEquals("4631", Cx.hex(g, Cx.EY5));
        assertEquals("4631", Cx.hex(g, Cx.AT65));
        JsonNode pen = Cx.matching(ev, e -> e.path("rule").asText().equals("4.23") && e.path("table").asText().equals("stacking/overstacking")).get(0);
        assertEquals(26, pen.path("cell").path("sps").asInt());
        assertEquals(2, pen.path("result").path("eliminate").asInt());
        assertEquals(16, pen.path("result").path("disrupt").asInt());
        // the owner's choice (here the first offered each time): b0 eliminated, b1-b4 Disrupted
        assertNull(Cx.hex(g, "b0"));
        for (int i = 1; i <= 4; i++) assertTrue(Cx.disrupted(g, "b" + i), "b" + i);
        assertEquals(24, js(g, "rules.stacking.points('4631')").asInt());
        assertTrue(js(g, "state.overstack").isNull(), "the penalties are paid");
    }

    @Test
    @DisplayName("FoT 11.3 Morale and 2 Morale: every unit of the target hex checks once, or twice")
    void moraleResults() {
        Game g = resultGame();
        List<JsonNode> ev = apply(g, "{retreat: 'R1h', morale: 'Morale'}");
        assertEquals(2, Cx.matching(ev, e -> e.path("rule").asText().equals("11.42") && e.path("table").asText().equals("morale/mct")).size());
        Game h = resultGame();
        List<JsonNode> ev2 = apply(h, "{retreat: 'Morale'}");
        List<JsonNode> checks = Cx.matching(ev2, e -> e.path("rule").asText().equals("11.42") && e.path("table").asText().equals("morale/mct"));
        assertEquals(2, checks.size());
        assertTrue(checks.get(0).path("text").asText().contains("br-50xx"), "the enemy units check");
        Game k = resultGame();
        List<JsonNode> ev3 = apply(k, "{morale: '2 Morale'}");
        assertEquals(4, Cx.matching(ev3, e -> e.path("rule").asText().equals("11.42") && e.path("table").asText().equals("morale/mct")).size() , "two checks each, unless the first eliminates");
    }

    @Test
    @DisplayName("FoT 11.3 Atkr and Atkr R1h (Close Combat tables): the firing side checks morale, or retreats 1 hex and checks")
    void atkrResults() {
        Game g = resultGame();
        List<JsonNode> ev = apply(g, "{retreat: 'Atkr', morale: 'Morale'}");
        List<JsonNode> checks = Cx.matching(ev, e -> e.path("table").asText().equals("morale/mct"));
        assertEquals(2, checks.size());
        for (JsonNode c : checks) assertTrue(c.path("text").asText().contains("de-"), c.toString());
        Game h = resultGame();
        apply(h, "{retreat: 'Atkr R1h', morale: 'Morale'}");
        assertEquals("4531", Cx.hex(h, Cx.EY5));
        assertNotEquals("4430", Cx.hex(h, Cx.I104));
        assertEquals(1, js(h, "map.distance('4430', state.pieces['" + Cx.I104 + "'].hex)").asInt(), "one hex from where it began");
    }

    // ---------------------------------------------------------------- 11.31 advance

    @Test
    @DisplayName("FoT 11.31 an advance enters the vacated hex first; an enemy LZOC hex costs two hexes, an HZOC hex stops it")
    void advanceAndZoc() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.GH7 + "@4731");       // GH7, 4 SPs: an LZOC on 4630 and 4631
        List<String> keys = new ArrayList<>();
        js(g, "rules['combat-results'].advanceOptions('" + Cx.I104 + "', '4531', 2)").fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("4431", "4530", "4531", "4532"), keys);
        assertEquals("[\"4531\",\"4532\"]", js(g, "rules['combat-results'].advanceOptions('" + Cx.I104 + "', '4531', 2)['4532']").toString());
        // 12 SPs in 4731: an HZOC: 4630 may be entered, then the advance stops
        place(g, Cx.GH6, "4731");
        place(g, Cx.EY5, "4731");
        JsonNode h = js(g, "rules['combat-results'].advanceOptions('" + Cx.I104 + "', '4531', 2)");
        assertTrue(h.has("4630") && h.has("4631"), h.toString());
        JsonNode three = js(g, "rules['combat-results'].advanceOptions('" + Cx.I104 + "', '4531', 3)");
        assertFalse(three.has("4731"), "never into enemy units");
        assertEquals("[\"4531\",\"4630\"]", three.path("4630").toString());
    }

    @Test
    @DisplayName("FoT 11.3 R#h: the attacker may advance one hex fewer than the defender retreated, into the vacated hex first")
    void advanceAfterRetreat() {
        Game g = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531");
        js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "'], {retreat: 'All R2h'})");
        assertEquals(2, js(g, "map.distance('4531', state.pieces['" + Cx.EY5 + "'].hex)").asInt());
        assertEquals("4531", Cx.hex(g, Cx.I104), "R2h: one hex of advance, the vacated hex");
        Game h = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531");
        js(h, "rules.combat.applyResult('4531', ['" + Cx.I104 + "'], {retreat: 'All R1h'})");
        assertEquals("4430", Cx.hex(h, Cx.I104), "R1h: no advance");
        assertFalse(Cx.textHas(trace(h), "11.3", "advance 0 hexes").isEmpty());
    }

    // ---------------------------------------------------------------- the impulse in play

    /**
     * A game of game-turn 4 with 15xx (HQ in 4428, PzKw III in 4530, I/104 in 4430) and 50xx (HQ
     * in 4533, 5 EY and 65 AT in 4531), played to the first Axis activation: the impulse menu.
     */
    static Game toAxisActivation(long seed) {
        Game g = start(scenario(4, 4, "de-15xx-hq@4428", Cx.PZ3 + "@4530", Cx.I104 + "@4430", "br-50xx-hq@4533", Cx.EY5 + "@4531", Cx.AT65 + "@4531"), seed);
        for (int guard = 0; guard < 50 && !g.over(); guard++) {
            if (find(g, "\"impulse\":\"combat\"") >= 0 && "axis".equals(g.toAct())) {
                run(g, "state.weather = 'clear';");
                return g;
            }
            int end = find(g, "\"do\":\"end\"");
            g.applyIndex(end >= 0 ? end : 0);
        }
        throw new AssertionError("no Axis activation with a Combat Impulse open");
    }

    @Test
    @DisplayName("FoT 3.44, 11.0 the Combat Impulse in play: a defender hex, attackers among activated or activatable units, resolution, Operations Complete")
    void impulseInPlay() {
        Game g = toAxisActivation(1);
        take(g, "\"impulse\":\"combat\"");
        assertTrue(g.view(null).prompt().contains("choose an enemy hex"), g.view(null).prompt());
        assertEquals("[{\"do\":\"attack\",\"hex\":\"4531\"}, {\"do\":\"cancel\"}]", g.legalActions().toString());
        take(g, "\"do\":\"attack\"");
        assertTrue(find(g, "\"do\":\"resolve\"") < 0, "no attacker yet");
        assertTrue(find(g, "\"unit\":\"" + Cx.PZ3 + "\"") >= 0 && find(g, "\"unit\":\"" + Cx.I104 + "\"") >= 0);
        take(g, "\"unit\":\"" + Cx.PZ3 + "\"");
        take(g, "\"unit\":\"" + Cx.I104 + "\"");
        int ap = js(g, "state.activation.apSpent").asInt();
        take(g, "\"do\":\"resolve\"");
        // the owners' choices come as interrupts; take the first offered until the activation menu is back
        for (int guard = 0; guard < 40 && find(g, "\"impulse\":") < 0 && find(g, "\"do\":\"end\"") < 0; guard++) g.applyIndex(0);
        assertTrue(js(g, "state.activation.apSpent").asInt() > ap, "the two stacks were paid for (7.21)");
        assertTrue(Cx.piece(g, Cx.PZ3).path("opsComplete").asBoolean());
        assertTrue(Cx.piece(g, Cx.I104).path("fought").asBoolean());
        assertTrue(find(g, "\"impulse\":\"combat\"") < 0, "no unit left to attack: the Combat Impulse is closed (3.4)");
    }
}
