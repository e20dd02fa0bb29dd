package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 12.0 supply (12.1, 12.21, 12.22, 12.33). */
class SupplyTest {

    private static boolean supplied(Game g, String unit) { return bool(g, "rules.supply.supplied(ctx.piece('" + unit + "'))"); }

    @Test
    @DisplayName("NA 12.1 the sources are those every section names (Crusader 16.0: Tobruk for the British)")
    void sources() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        assertTrue(bool(g, "rules.supply.sources('british').indexOf('1103') >= 0"));
        assertTrue(bool(g, "rules.supply.sources('axis').indexOf('0908') >= 0"));
        assertFalse(bool(g, "rules.supply.sources('axis').indexOf('1103') >= 0"));
    }

    @Test
    @DisplayName("NA 12.0 a unit with an open path of any length to a friendly source is supplied")
    void openDesert() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        assertTrue(supplied(g, "br-7hus"));
        assertTrue(supplied(g, "de-1-8-pz"));
    }

    @Test
    @DisplayName("NA 12.21 the unit's own hex is not part of the path: a unit next to an enemy is still supplied")
    void ownHexInZoc() {
        Game g = start("british", 1, at("br-7hus", "2021") + at("de-1-8-pz", "2022"));
        assertTrue(supplied(g, "br-7hus"));
        assertTrue(supplied(g, "de-1-8-pz"));
    }

    @Test
    @DisplayName("NA 12.21 nr. 3 a path may not enter an enemy zone, even one a friendly unit holds")
    void enemyZoc() {
        // 0126: its neighbours 0125 0225 0226 are all controlled by the two German units
        Game g = start("british", 1, at("br-11hus", "0126") + at("br-7hus", "0225") + at("de-1-8-pz", "0224") + at("de-2-8-pz", "0326"));
        assertFalse(supplied(g, "br-11hus"));
        assertTrue(bool(g, "ctx.piece('br-11hus').unsupplied"));
    }

    @Test
    @DisplayName("NA 12.21 nr. 1, 5 closed terrain (the sea on the Crusader map) never carries a path nor holds a supplied position")
    void seaIsClosed() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        String sea = "map.ids.filter((h) => map.terrain(h) === 'sea')";
        assertTrue(num(g, sea + ".length") > 10, "the map has a coast");
        for (String side : new String[] {"british", "axis"}) {
            String bits = "rules.supply.bits('" + side + "')";
            assertTrue(bool(g, sea + ".every((h) => " + bits + "[map.index(h)] === 0)"), side + ": no sea hex is supplied");
            assertTrue(bool(g, sea + ".some((h) => map.neighbors(h).some((n) => " + bits + "[map.index(n)] === 1))"), side + ": the coast beside it is");
        }
    }

    @Test
    @DisplayName("NA 12.21 nr. 4 a path may not cross an escarpment hexside without road or trail")
    void escarpment() {
        // 1305: zones of 1206, 1406, 1104 cover 1306 1205 1405 1204; 1304 and 1404 lie across bare escarpment
        Game g = start("british", 1, at("br-7hus", "1305") + at("br-2rtr", "1304")
                + at("de-1-8-pz", "1206") + at("de-2-8-pz", "1406") + at("de-1-5-pz", "1104"));
        assertFalse(supplied(g, "br-7hus"));
        assertTrue(supplied(g, "br-2rtr"));
    }

    @Test
    @DisplayName("NA 12.22 an enemy minefield carries a path only with a friendly unit in one of its hexes")
    void enemyMinefield() {
        // inside the Tobruk perimeter every way out crosses a British minefield (or the sea)
        Game alone = start("axis", 1, at("de-1-8-pz", "0903") + at("br-7hus", "3020"));
        assertFalse(supplied(alone, "de-1-8-pz"));
        Game helped = start("axis", 1, at("de-1-8-pz", "0903") + at("de-2-8-pz", "0703") + at("br-7hus", "3020"));
        assertTrue(supplied(helped, "de-1-8-pz"));
    }

    @Test
    @DisplayName("NA 12.22 supply without a unit about to move differs only where that unit alone held an enemy minefield open")
    void withoutTheUnitHoldingAMinefieldOpen() {
        Game g = start("axis", 1, at("de-1-8-pz", "0903") + at("de-2-8-pz", "0703") + at("de-1-5-pz", "2020") + at("br-7hus", "3020"));
        String inside = "rules.supply.bits('axis'%s)[map.index('0903')]";
        assertEquals(1.0, num(g, inside.formatted("")));
        assertEquals(0.0, num(g, inside.formatted(", 'de-2-8-pz'")), "without 2/8 the minefield closes behind it");
        assertTrue(bool(g, "rules.supply.bits('axis', 'de-1-5-pz') === rules.supply.bits('axis')"), "a unit in the open desert holds nothing open: the same answer");
    }

    @Test
    @DisplayName("NA 12.33 an unsupplied unit attacks, barrages and gives FPF with zero; 12.34 its defense is unchanged")
    void strengthsZero() {
        Game g = start("british", 1, at("br-11hus", "0126") + at("br-7hus", "2020") + at("br-70-arty", "2022")
                + at("de-1-8-pz", "0224") + at("de-2-8-pz", "0326"));
        assertEquals(0.0, num(g, "rules.supply.attackFactor(ctx.piece('br-11hus'))"));
        assertEquals(1.0, num(g, "ctx.piece('br-11hus').defense"));
        assertEquals(3.0, num(g, "rules.supply.attackFactor(ctx.piece('br-7hus'))"));
        assertEquals(6.0, num(g, "rules.supply.attackFactor(ctx.piece('br-70-arty'))"));
        assertEquals(6.0, num(g, "rules.supply.barrageFactor(ctx.piece('br-70-arty'))"));
        assertEquals(3.0, num(g, "rules.supply.fpfFactor(ctx.piece('br-70-arty'))"));
    }

    @Test
    @DisplayName("NA 12.32 halving rounds fractions up (15 to 8, 11 to 6, 9 to 5)")
    void halving() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        assertEquals(8.0, num(g, "rules.supply.halved(15)"));
        assertEquals(6.0, num(g, "rules.supply.halved(11)"));
        assertEquals(5.0, num(g, "rules.supply.halved(9)"));
    }

    @Test
    @DisplayName("NA 12.0 12.21 the inspector's supply overlay: each unit supplied or not, and the selected unit's path to a source")
    void overlay() {
        Game g = start("british", 1, at("br-11hus", "0126") + at("br-7hus", "0225") + at("de-1-8-pz", "0224") + at("de-2-8-pz", "0326") + at("br-2rtr", "2020"));
        var a = args();
        JsonNode v = g.overlay("supply", a);
        assertEquals("out of supply", v.path("0126").asText());
        assertEquals("in supply", v.path("2020").asText());
        JsonNode p = g.overlay("supply", a.put("unit", "br-2rtr"));
        List<String> path = new ArrayList<>();
        p.fields().forEachRemaining(e -> { if (e.getValue().asText().equals("supply path")) path.add(e.getKey()); });
        assertFalse(path.isEmpty(), p.toString());
        assertTrue(path.stream().anyMatch(h -> bool(g, "rules.supply.sources('british').indexOf('" + h + "') >= 0")), "the path reaches a source: " + path);
        for (String h : path) {
            assertFalse(bool(g, "rules.zoc.controlled('axis')['" + h + "'] === true"), h + " is in no enemy zone (12.21)");
            assertTrue(bool(g, "map.neighbors('" + h + "').some((n) => n === '2020' || " + hexlab.kernel.util.Json.write(hexlab.kernel.util.Json.MAPPER.valueToTree(path)) + ".indexOf(n) >= 0)"), h + " joins the path");
        }
        JsonNode none = g.overlay("supply", args("unit", "br-11hus"));
        assertFalse(none.toString().contains("supply path"), "an unsupplied unit has no path");
    }
}
