package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.rules.EditedRules;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The errata North Africa ships: corrections of the rulebook's own contradictions, each off by
 * default (the printed reading is the base) and each changing play when applied.
 */
@DisplayName("NA errata")
class ErrataTest {
    private static String p(String id, String unit, String side, String hex) { return Fx.p(id, unit, side, hex); }

    private static Game movement(Variant v, String pieces) {
        return Positions.start(v, "id: fixture\nname: fixture\nstatus: printed\nsource: test\nmap: main\nturns: {first: 1, last: 3}\nfirst-side: british\n"
                + "start: {turn: 1, side: british, phase: movement}\npieces:\n" + pieces, 1);
    }

    // the MP to enter Tobruk (1103, Town) from a neighbour across a hexside with no road or trail
    private static double intoTown(Game g) {
        return Fx.eval(g, "(() => { for (const n of map.neighbors('1103')) { if (map.hexsideHas(n, '1103', 'road') || map.hexsideHas(n, '1103', 'trail')) continue;"
                + " const c = rules.movement.stepCost(ctx.piece('br-70-bde'), n, '1103'); if (c.mp !== null) return c.mp; } return -1; })()").asDouble();
    }

    @Test
    @DisplayName("NA 5.21 erratum town-movement-cost: Town costs 3 MP to enter instead of the Terrain Key's 1")
    void townMovementCost() {
        String pieces = "  - {id: br-70-bde, unit: br-70-arty, hex: \"1004\"}\n  - {id: de-1-8-pz, unit: de-1-8-pz, hex: \"0220\"}\n";
        assertEquals("town", Fx.eval(movement(Positions.variant("crusader", ""), pieces), "map.terrain('1103')").asText());
        assertEquals(1.0, intoTown(movement(Positions.variant("crusader", ""), pieces)));
        assertEquals(3.0, intoTown(movement(Positions.variant("crusader", "errata:town-movement-cost"), pieces)));
    }

    // 7.62 Br: the defender b in 2221 can retreat only through b2 in 2222 (x1 and x2 control the rest)
    private static Fx.Fought br(String spec) {
        Variant v = Positions.variant("crusader", spec);
        return Fx.seedFor("Br", s -> Positions.start(v, Fx.yaml("axis", 0, 0, p("a", "de-1-8-pz", "axis", "2220"), p("b", "br-14-bde", "british", "2221"),
                p("x1", "de-2-200-bn", "axis", "2022"), p("x2", "de-33-bn", "axis", "2422"), p("b2", "br-23-bde", "british", "2222")), s),
            g -> Fx.attack(g, Fx.a("2221"), Fx.a("a"), Fx.a(), 0));
    }

    @Test
    @DisplayName("NA 7.62 erratum br-defender-hemmed-in: the defender of a Br hemmed in by friendly units is eliminated instead of displacing them")
    void brDefenderHemmedIn() {
        Game base = br("").game();
        assertEquals("2222", Fx.hex(base, "b"), "7.73, 7.81: b displaces b2");
        assertTrue(Fx.flag(base, "b2", "displaced"));
        Fx.Fought f = br("errata:br-defender-hemmed-in");
        assertNull(Fx.hex(f.game(), "b"));
        assertEquals("eliminated", Fx.at(f.game(), "b"));
        assertEquals("2222", Fx.hex(f.game(), "b2"));
        JsonNode t = Fx.traced(f.events(), "7.74");
        assertEquals("retreat/readings", t.path("table").asText());
    }

    // a ridge hexside 2220/2221 and a ditch hexside 2121/2221, drawn on a copy of the Crusader map
    static final EditedRules HEXSIDES = new EditedRules("crusader")
            .edit("tables/crusader/map.yaml", m -> m.replace("\nhexsides:\n", "\nhexsides:\n  ridge: \"2220/2221\"\n  ditch: \"2121/2221\"\n"));

    @Test
    @DisplayName("NA 7.42 8.62 erratum hexside-same-type: attackers across a ridge and a ditch give the defender no hexside line")
    void hexsideSameType() {
        String yaml = Fx.yaml("british", 0, 0, p("m", "br-14-bde", "british", "2220"), p("n", "br-23-bde", "british", "2121"),
            p("x", "it-19-inf", "axis", "2221"));
        String js = "rules['combat-terrain'].line(['m', 'n'], ['x'])";
        assertEquals("broken-ridge-stream-town", EditedRules.eval(HEXSIDES.start(HEXSIDES.variant(""), yaml, 1), js).asText(), "7.42 with 7.44: the ridge's line");
        assertEquals("mixed", EditedRules.eval(HEXSIDES.start(HEXSIDES.variant("errata:hexside-same-type"), yaml, 1), js).asText());
        assertEquals("broken-ridge-stream-town", EditedRules.eval(HEXSIDES.start(HEXSIDES.variant("errata:hexside-same-type"), yaml, 1),
            "rules['combat-terrain'].line(['m'], ['x'])").asText(), "one attacker, one type: the ridge counts");
    }
}
