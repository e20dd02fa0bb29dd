package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Outcome;
import hexlab.kernel.play.Refusal;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * NA 7.0-7.6: which units attack, multi-unit and multi-hex combat, unity, terrain, resolution.
 * Positions are small fixtures on the Crusader map and units, in the open desert around 2220
 * (Mixed terrain, no hexside feature) unless a rule needs particular terrain.
 */
@DisplayName("NA 7.0 Combat")
class CombatTest {

    /** Fixture helpers shared by the North Africa combat tests. */
    static final class Fx {
        static final Variant V = Positions.variant("crusader", "");

        private Fx() {}

        /** A scenario starting in `side`'s Combat Phase of Game-Turn 1 with the given ground support. */
        static String yaml(String side, int gsAxis, int gsBritish, String... pieces) {
            StringBuilder sb = new StringBuilder();
            sb.append("id: fixture\nname: fixture\nstatus: printed\nsource: \"test\"\nmap: main\nturns: {first: 1, last: 2}\n")
              .append("first-side: british\nstart: {turn: 1, side: ").append(side).append(", phase: combat}\n")
              .append("ground-support: {per-turn: {axis: ").append(gsAxis).append(", british: ").append(gsBritish).append("}}\n")
              .append("units: units.by-id\nvictory: {table: campaign}\nspecial: {diversion: {in-effect: false}}\nreinforcements: []\npieces:\n");
            for (String p : pieces) sb.append("  - ").append(p).append('\n');
            return sb.toString();
        }

        static Game start(String side, long seed, int gsAxis, int gsBritish, String... pieces) {
            return Positions.start(V, yaml(side, gsAxis, gsBritish, pieces), seed);
        }

        /** A piece line: id, unit id of tables/crusader/units.yaml, side, hex. */
        static String p(String id, String unit, String side, String hex) {
            return "{id: " + id + ", unit: " + unit + ", side: " + side + ", hex: \"" + hex + "\"}";
        }

        /** JSON with single quotes for readability. */
        static JsonNode j(String json) { return Json.read(json.replace('\'', '"')); }

        static List<JsonNode> act(Game g, String json) {
            Outcome o = g.apply(j(json));
            if (!o.accepted()) fail(json + " refused: " + o.refusal().describe() + " at " + g.position());
            return o.events();
        }

        static Refusal refuse(Game g, String json) {
            Outcome o = g.apply(j(json));
            assertFalse(o.accepted(), json + " should be refused");
            return o.refusal();
        }

        static boolean legal(Game g, String json) { return g.legalActions().contains(j(json)); }

        static List<JsonNode> legal(Game g) { return g.legalActions(); }

        static JsonNode eval(Game g, String expr) { return Positions.eval(g, expr); }

        static String hex(Game g, String id) {
            JsonNode h = eval(g, "state.pieces['" + id + "'].hex");
            return h == null || h.isNull() ? null : h.asText();
        }

        static String at(Game g, String id) { return eval(g, "state.pieces['" + id + "'].at").asText(); }

        static boolean flag(Game g, String id, String flag) { return eval(g, "!!state.pieces['" + id + "']." + flag).asBoolean(); }

        /** The first trace entry of `rule` among `events`, or null. */
        static JsonNode traced(List<JsonNode> events, String rule) {
            for (JsonNode e : events) if (rule.equals(e.path("rule").asText())) return e;
            return null;
        }

        /** The 7.61 result code among `events`, or null. */
        static String result(List<JsonNode> events) {
            for (JsonNode e : events) if ("7.61".equals(e.path("rule").asText()) && e.path("table").asText().endsWith("results")) return e.path("result").asText();
            return null;
        }

        /** Builds and announces an attack: defenders, adjacent attackers, barrage artillery, ground support. */
        static List<JsonNode> attack(Game g, String[] hexes, String[] attackers, String[] barrage, int gs) {
            List<JsonNode> ev = new ArrayList<>(act(g, "{'do':'attack','hex':'" + hexes[0] + "'}"));
            for (String a : attackers) ev.addAll(act(g, "{'do':'add-attacker','unit':'" + a + "'}"));
            for (int i = 1; i < hexes.length; i++) ev.addAll(act(g, "{'do':'add-defender','hex':'" + hexes[i] + "'}"));
            for (String b : barrage) ev.addAll(act(g, "{'do':'add-barrage','unit':'" + b + "'}"));
            if (gs > 0) ev.addAll(act(g, "{'do':'add-ground-support','points':" + gs + "}"));
            ev.addAll(act(g, "{'do':'resolve'}"));
            return ev;
        }

        static String[] a(String... s) { return s; }

        /** A game, the events of the attack made in it, and how many dice were rolled before it. */
        record Fought(Game game, List<JsonNode> events, long burnt) {}

        /**
         * Sets the position up once (seed 1), then tries the attack after rolling and discarding
         * 0, 1, 2... dice until it rolls `want`: the dice follow the seed, so the same number of
         * discarded rolls is found every time.
         */
        static Fought seedFor(String want, LongFunction<Game> setup, Function<Game, List<JsonNode>> attack) {
            Game g = setup.apply(1);
            Game.Snapshot start = g.snapshot();
            for (int burn = 0; burn < 200; burn++) {
                g.restore(start);
                for (int k = 0; k < burn; k++) eval(g, "(ctx.roll('d6', 'discarded by the test'), 0)");
                List<JsonNode> ev = attack.apply(g);
                if (want.equals(result(ev))) return new Fought(g, ev, burn);
            }
            throw new AssertionError("no roll in 200 gives " + want);
        }
    }

    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    // 2220 neighbours: 2219 (N), 2221 (S), 2120 (NW), 2121 (SW), 2320 (NE), 2321 (SE).

    @Test
    @DisplayName("NA 7.11, 7.12: the Combat Phase cannot end while an adjacent pair has not fought")
    void mandatoryCombat() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"),
            p("b", "br-14-bde", "british", "2221"));
        assertEquals(List.of(Fx.j("{'do':'attack','hex':'2221'}")), Fx.legal(g));
        Refusal r = Fx.refuse(g, "{'do':'done'}");
        assertEquals("7.12", r.rule());
        assertTrue(r.reason().contains("a must attack"), r.reason());
        assertTrue(r.reason().contains("b must be attacked (7.11)"), r.reason());
        assertEquals("[\"a must attack an adjacent enemy unit (7.12)\",\"b must be attacked (7.11)\"]",
            Fx.eval(g, "rules[\"mandatory-combat\"].obligations()").toString());
        JsonNode m = Fx.eval(g, "rules[\"mandatory-combat\"].mandatory('axis')");
        assertEquals("[\"a\"]", m.get("attackers").toString());
        assertEquals("[\"b\"]", m.get("defenders").toString());
    }

    @Test
    @DisplayName("NA 7.12: after the mandatory attack the phase may end; nothing is left unmet")
    void phaseEndsAfterAttack() {
        Fx.Fought f = Fx.seedFor("A1", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("b", "br-14-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
        Game g = f.game();
        // A1: a retreats one hex, its owner choosing among the hexes away from b's zone of control
        assertEquals(Fx.j("[{'do':'retreat','unit':'a','path':['2120']},{'do':'retreat','unit':'a','path':['2219']},{'do':'retreat','unit':'a','path':['2320']}]"),
            Json.MAPPER.valueToTree(Fx.legal(g)));
        Fx.act(g, "{'do':'retreat','unit':'a','path':['2219']}");
        assertEquals("2219", Fx.hex(g, "a"));
        assertTrue(Fx.flag(g, "a", "attacked"));
        assertTrue(Fx.flag(g, "b", "defended"));
        // the victor b may advance into 2220 (the path of retreat) or stop
        assertTrue(Fx.legal(g, "{'do':'advance','unit':'b','to':'2220'}"));
        Fx.act(g, "{'do':'stop'}");
        assertEquals(List.of(Fx.j("{'do':'done'}")), Fx.legal(g));
        Fx.act(g, "{'do':'done'}");
        assertEquals("[]", Fx.eval(g, "rules[\"mandatory-combat\"].unmetObligations()").toString());
    }

    @Test
    @DisplayName("NA 7.14: no unit attacks twice and no enemy unit is attacked twice in a Combat Phase")
    void oncePerPhase() {
        Fx.Fought f = Fx.seedFor("A1", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2024"),
            p("b", "br-14-bde", "british", "2221"), p("d", "br-1rtr", "british", "2124")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
        Game g = f.game();
        Fx.act(g, "{'do':'retreat','unit':'a','path':['2219']}");
        Fx.act(g, "{'do':'stop'}");
        // b has been attacked: its hex is no longer a target
        assertFalse(Fx.legal(g, "{'do':'attack','hex':'2221'}"));
        Refusal r = Fx.refuse(g, "{'do':'attack','hex':'2221'}");
        assertEquals("7.14", r.rule());
        // a has attacked: it may not join the attack on d
        Fx.act(g, "{'do':'attack','hex':'2124'}");
        Refusal r2 = Fx.refuse(g, "{'do':'add-attacker','unit':'a'}");
        assertEquals("7.14", r2.rule());
        assertTrue(Fx.legal(g, "{'do':'add-attacker','unit':'c'}"));
    }

    @Test
    @DisplayName("NA 7.15, 7.23: a non-artillery unit attacks only a hex it is adjacent to")
    void adjacentOnly() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2218"),
            p("b", "br-14-bde", "british", "2221"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        assertFalse(Fx.legal(g, "{'do':'add-attacker','unit':'c'}"));
        Refusal r = Fx.refuse(g, "{'do':'add-attacker','unit':'c'}");
        assertEquals("7.23", r.rule());
        assertTrue(r.reason().contains("not adjacent to 2221"), r.reason());
    }

    @Test
    @DisplayName("NA 7.21: a unit next to two enemy units attacks both unless another unit engages one")
    void mustAttackAllAdjacent() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        assertFalse(Fx.legal(g, "{'do':'resolve'}"));
        Refusal r = Fx.refuse(g, "{'do':'resolve'}");
        assertEquals("7.21", r.rule());
        assertTrue(r.reason().startsWith("b2 is next to an attacking unit"), r.reason());
        // 7.23: both hexes in one combat, a being adjacent to both
        Fx.act(g, "{'do':'add-defender','hex':'2219'}");
        assertTrue(Fx.legal(g, "{'do':'resolve'}"));

        // with another unit next to b2, a may attack b1 alone
        Game h = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2218"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        Fx.act(h, "{'do':'attack','hex':'2221'}");
        Fx.act(h, "{'do':'add-attacker','unit':'a'}");
        assertTrue(Fx.legal(h, "{'do':'resolve'}"));
    }

    @Test
    @DisplayName("NA 7.21: a unit left next to an enemy unit after attacking brings it into the obligation")
    void leftOverNeighbourMustBeAttacked() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2218"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        JsonNode m = Fx.eval(g, "rules[\"mandatory-combat\"].mandatory('axis')");
        assertEquals("[\"a\",\"c\"]", m.get("attackers").toString());
        assertEquals("[\"b1\",\"b2\"]", m.get("defenders").toString());
    }

    @Test
    @DisplayName("NA 7.12: every adjacent unit takes part: an attack that strands a unit with nothing left to attack is refused")
    void mayNotStrandAnAttacker() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2222"),
            p("b", "br-14-bde", "british", "2221"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        Refusal r = Fx.refuse(g, "{'do':'resolve'}");
        assertEquals("7.12", r.rule());
        assertTrue(r.reason().startsWith("c must attack"), r.reason());
        Fx.act(g, "{'do':'add-attacker','unit':'c'}");
        assertTrue(Fx.legal(g, "{'do':'resolve'}"));
        // cancelling drops the attack and spends nothing
        Fx.act(g, "{'do':'cancel'}");
        assertFalse(Fx.flag(g, "a", "attacked"));
        assertTrue(Fx.legal(g, "{'do':'attack','hex':'2221'}"));
    }

    @Test
    @DisplayName("NA 7.11, 7.12, 7.21: the combat rules name one attack that keeps every mandatory attack possible, and it resolves")
    void witnessAttackKeepsTheObligationsPossible() {
        // a must attack b1 and b2 together (7.21); a and c must attack b together (7.12)
        Game two = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        JsonNode w = Fx.eval(two, "rules[\"mandatory-combat\"].witnessAttack()");
        assertEquals("[\"2219\",\"2221\"]", w.path("defenders").toString(), w.toString());
        assertEquals("[\"a\"]", w.path("attackers").toString(), w.toString());
        Fx.act(two, "{'do':'attack','hex':'2219'}");
        Fx.act(two, "{'do':'add-attacker','unit':'a'}");
        Fx.act(two, "{'do':'add-defender','hex':'2221'}");
        assertTrue(Fx.legal(two, "{'do':'resolve'}"));
        Game both = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2222"),
            p("b", "br-14-bde", "british", "2221"));
        JsonNode v = Fx.eval(both, "rules[\"mandatory-combat\"].witnessAttack()");
        assertEquals("[\"a\",\"c\"]", v.path("attackers").toString(), v.toString());
        assertEquals("[\"2221\"]", v.path("defenders").toString(), v.toString());
        // nothing left to oblige: no witness
        Game none = Fx.start("axis", 1, 0, 0, p("a", "de-2-200-bn", "axis", "2220"), p("b", "br-14-bde", "british", "2225"));
        assertTrue(Fx.eval(none, "rules[\"mandatory-combat\"].witnessAttack()").isNull());
    }

    @Test
    @DisplayName("NA 7.22, 7.23: units in several hexes combine against one hex; a second defender must touch every attacker")
    void multiUnitAndMultiHex() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2222"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        Fx.act(g, "{'do':'add-attacker','unit':'c'}");
        assertFalse(Fx.legal(g, "{'do':'add-defender','hex':'2219'}"));
        Refusal r = Fx.refuse(g, "{'do':'add-defender','hex':'2219'}");
        assertEquals("7.23", r.rule());
        assertTrue(r.reason().startsWith("c is not adjacent to 2219"), r.reason());
    }

    @Test
    @DisplayName("NA 7.0 procedure: attack total minus defense total is the differential (5 + 2 against 4 is +3)")
    void differential() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("c", "de-1-8-pz", "axis", "2222"),
            p("b", "br-14-bde", "british", "2221"));
        List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a("a", "c"), Fx.a(), 0);
        JsonNode d = Fx.traced(ev, "7.0");
        assertNotNull(d);
        assertEquals(3, d.path("result").asInt());
        JsonNode crt = null;
        for (JsonNode e : ev) if (e.path("table").asText().equals("crt/results")) crt = e;
        assertNotNull(crt);
        assertEquals("mixed", crt.path("cell").path("line").asText());
        assertEquals("+2,3", crt.path("cell").path("band").asText());
        assertEquals(8, crt.path("cell").path("column").asInt());
        assertTrue(Fx.flag(g, "a", "attacked") && Fx.flag(g, "c", "attacked") && Fx.flag(g, "b", "defended"));
    }

    @Test
    @DisplayName("NA 7.3: a unit's strength is unitary: it cannot be added twice to an attack nor split between attacks")
    void unity() {
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2219"));
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        Refusal r = Fx.refuse(g, "{'do':'add-attacker','unit':'a'}");
        assertEquals("7.3", r.rule());
    }

    @Test
    @DisplayName("NA 7.41, 7.43: only the defender's hex terrain counts (Broken defender, attacker in Mixed)")
    void defenderTerrainOnly() {
        // 2305 is Broken; 2205 next to it is Mixed
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2205"), p("b", "br-14-bde", "british", "2305"));
        assertEquals("broken-ridge-stream-town", Fx.eval(g, "rules[\"combat-terrain\"].line(['a'], ['b'])").asText());
        // the other way round: attacking from the Broken hex gives the Mixed defender nothing
        assertEquals("mixed", Fx.eval(g, "rules[\"combat-terrain\"].line(['b'], ['a'])").asText());
    }

    @Test
    @DisplayName("NA 7.45: two defenders on different terrain both use the line most favourable to the defender")
    void severalDefendersBestLine() {
        // a in 2205 touches 2305 (Broken) and 2206 (Mixed)
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "2205"),
            p("b1", "br-14-bde", "british", "2305"), p("b2", "br-23-bde", "british", "2206"));
        assertEquals("broken-ridge-stream-town", Fx.eval(g, "rules[\"combat-terrain\"].line(['a'], ['b1', 'b2'])").asText());
        assertEquals("mixed", Fx.eval(g, "rules[\"combat-terrain\"].line(['a'], ['b2'])").asText());
        List<JsonNode> ev = Fx.attack(g, Fx.a("2305", "2206"), Fx.a("a"), Fx.a(), 0);
        JsonNode line = null;
        for (JsonNode e : ev) if ("combat-terrain/favourability-order".equals(e.path("table").asText())) line = e;
        assertNotNull(line);
        assertEquals("broken-ridge-stream-town", line.path("result").asText());
        assertTrue(line.path("text").asText().contains("7.45"), line.path("text").asText());
    }

    @Test
    @DisplayName("NA 7.44: the defender gets the single most favourable line (Town next to an enemy minefield: the minefield line)")
    void mostFavourable() {
        // 1203 is Mixed behind the British minefield hexside 1203/1303 (with the Via Balbia on it):
        // attacked from 1303 it gets the Enemy Minefield line (10.22), better than Mixed.
        // Tobruk 1103 is Town: attacked from 1003 along the road it gets the Town line.
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "1303"), p("b", "br-14-bde", "british", "1203"),
            p("c", "de-1-8-pz", "axis", "1003"), p("d", "br-23-bde", "british", "1103"));
        assertEquals("enemy-minefield", Fx.eval(g, "rules[\"combat-terrain\"].line(['a'], ['b'])").asText());
        // the Town hex across a road: Broken/Ridge/Stream/Town line; roads change nothing (7.42)
        assertEquals("broken-ridge-stream-town", Fx.eval(g, "rules[\"combat-terrain\"].line(['c'], ['d'])").asText());
    }

    @Test
    @DisplayName("NA 7.46: no combat across a bare escarpment; across a road escarpment combat is normal")
    void escarpment() {
        // 0908/0907 is a bare escarpment hexside; 0908/1007 carries the El Adem road over the escarpment
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "0908"), p("b", "br-14-bde", "british", "0907"));
        assertEquals(List.of(Fx.j("{'do':'done'}")), Fx.legal(g));
        Refusal r = Fx.refuse(g, "{'do':'attack','hex':'0907'}");
        assertEquals("7.15", r.rule());
        assertTrue(r.reason().contains("7.46"), r.reason());

        Game h = Fx.start("axis", 1, 0, 0,
            p("a", "de-2-200-bn", "axis", "0908"), p("b", "br-14-bde", "british", "1007"));
        assertEquals("7.12", Fx.refuse(h, "{'do':'done'}").rule());
        assertEquals("mixed", Fx.eval(h, "rules[\"combat-terrain\"].line(['a'], ['b'])").asText());
    }

    @Test
    @DisplayName("NA 7.62 D-result: the defender retreats the number of hexes, its owner choosing the path")
    void defenderRetreats() {
        Fx.Fought f = Fx.seedFor("D2", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-1krrc", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
        Game g = f.game();
        assertEquals("british", g.toAct());
        List<JsonNode> acts = Fx.legal(g);
        // every path is 2 hexes long, each hex one further from 2221, none in a's zone of control
        assertFalse(acts.isEmpty());
        for (JsonNode x : acts) {
            assertEquals("retreat", x.path("do").asText());
            assertEquals(2, x.path("path").size());
        }
        assertTrue(acts.contains(Fx.j("{'do':'retreat','unit':'b','path':['2222','2223']}")));
        assertFalse(acts.contains(Fx.j("{'do':'retreat','unit':'b','path':['2321','2322']}")), "2321 is in a's zone of control (7.71)");
        Fx.act(g, "{'do':'retreat','unit':'b','path':['2222','2223']}");
        assertEquals("2223", Fx.hex(g, "b"));
        assertTrue(Fx.flag(g, "b", "retreated"));
    }

    @Test
    @DisplayName("NA 7.62 Ae: the attackers are lost and the defenders may move into their hex")
    void attackerEliminated() {
        // 1 against 5 + 4 = -8: column 1 of Mixed, Ae on a 5 or 6
        Fx.Fought f = Fx.seedFor("Ae", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-1-155-bn", "axis", "2220"), p("b", "br-16-bde", "british", "2221"), p("b2", "br-14-bde", "british", "2219")),
            g -> Fx.attack(g, Fx.a("2221", "2219"), Fx.a("a"), Fx.a(), 0));
        Game g = f.game();
        assertNull(Fx.hex(g, "a"));
        assertEquals("eliminated", Fx.at(g, "a"));
        assertEquals("[\"a\"]", Fx.eval(g, "state.eliminated").toString());
        assertEquals("british", g.toAct());
        assertEquals(List.of(Fx.j("{'do':'advance','unit':'b','to':'2220'}"), Fx.j("{'do':'advance','unit':'b2','to':'2220'}"), Fx.j("{'do':'stop'}")), Fx.legal(g));
        Fx.act(g, "{'do':'advance','unit':'b','to':'2220'}");
        assertEquals("2220", Fx.hex(g, "b"));
    }

    @Test
    @DisplayName("NA 7.62 Br: the defender retreats first, then the attacker, which may not enter the defender's hex (7.75)")
    void bothRetreat() {
        Fx.Fought f = Fx.seedFor("Br", s -> Fx.start("axis", s, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221")),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
        Game g = f.game();
        assertEquals("british", g.toAct());
        Fx.act(g, "{'do':'retreat','unit':'b','path':['2222']}");
        assertEquals("axis", g.toAct());
        List<JsonNode> acts = Fx.legal(g);
        assertFalse(acts.contains(Fx.j("{'do':'retreat','unit':'a','path':['2221']}")), "7.75");
        assertTrue(acts.contains(Fx.j("{'do':'retreat','unit':'a','path':['2219']}")));
        Fx.act(g, "{'do':'retreat','unit':'a','path':['2219']}");
        // no victor: nobody advances; back to the attacks decision
        assertEquals(List.of(Fx.j("{'do':'done'}")), Fx.legal(g));
    }

    @Test
    @DisplayName("NA 12.33: an unsupplied unit attacks with strength 0 and must still attack")
    void unsuppliedAttacksAtZero() {
        // the Axis unit in 2220 is cut off: British units all round it put every neighbour in their zone of control
        Game g = Fx.start("axis", 1, 0, 0,
            p("a", "de-1-8-pz", "axis", "2220"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2218"),
            p("b3", "br-5nz-bde", "british", "2020"), p("b4", "br-6nz-bde", "british", "2420"));
        assertFalse(Fx.eval(g, "rules.supply.supplied(state.pieces.a)").asBoolean());
        assertEquals("7.12", Fx.refuse(g, "{'do':'done'}").rule());
        List<JsonNode> ev = Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0);
        assertEquals(-4, Fx.traced(ev, "7.0").path("result").asInt());
        assertTrue(Fx.traced(ev, "7.0").path("text").asText().contains("a 0 (unsupplied, 12.33)"));
    }
}
