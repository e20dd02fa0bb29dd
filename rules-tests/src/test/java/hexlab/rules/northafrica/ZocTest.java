package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 6.0 zones of control (6.1, 6.14, 6.15, 6.2). */
class ZocTest {

    private static TreeSet<String> keys(JsonNode o) {
        TreeSet<String> out = new TreeSet<>();
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) out.add(it.next());
        return out;
    }

    @Test
    @DisplayName("NA 6.0 a unit controls the six hexes around it")
    void sixHexes() {
        Game g = start("british", 1, at("de-1-8-pz", "2020") + at("br-7hus", "3020"));
        assertEquals(Set.of("2019", "2021", "1920", "1921", "2120", "2121"), keys(eval(g, "rules.zoc.controlled('axis')")));
    }

    @Test
    @DisplayName("NA 6.15 a zone does not cross a bare escarpment hexside")
    void escarpmentBlocks() {
        // 1304/1305 is escarpment; 1304/1203 and 1304/1204 are British minefields (zones cross them)
        Game g = start("british", 1, at("de-1-8-pz", "1304") + at("br-7hus", "3020"));
        assertEquals(Set.of("1203", "1204", "1303", "1403", "1404"), keys(eval(g, "rules.zoc.controlled('axis')")));
        assertFalse(bool(g, "rules.zoc.exerts('1304', '1305')"));
        assertTrue(bool(g, "rules.zoc.exerts('1304', '1303')"));
    }

    @Test
    @DisplayName("NA 6.15 a zone crosses an escarpment hexside where a road crosses it")
    void escarpmentRoad() {
        Game g = start("british", 1, at("de-1-8-pz", "0504") + at("br-7hus", "3020"));
        assertTrue(bool(g, "rules.zoc.exerts('0504', '0505')"));
        assertEquals(Set.of("0403", "0404", "0503", "0505", "0603", "0604"), keys(eval(g, "rules.zoc.controlled('axis')")));
    }

    @Test
    @DisplayName("NA 6.14 a zone does not reach into hexes closed to movement (sea)")
    void noZocIntoSea() {
        Game g = start("british", 1, at("de-1-8-pz", "1503") + at("br-7hus", "3020"));
        assertEquals(Set.of("1403", "1504", "1603"), keys(eval(g, "rules.zoc.controlled('axis')")));
    }

    @Test
    @DisplayName("NA 6.21 6.23 opposing units next to each other control each other's hexes; a hex may be controlled by both")
    void mutual() {
        Game g = start("british", 1, at("de-1-8-pz", "2020") + at("br-7hus", "2021"));
        assertTrue(bool(g, "rules.zoc.inEnemyZoc(ctx.piece('de-1-8-pz'))"));
        assertTrue(bool(g, "rules.zoc.inEnemyZoc(ctx.piece('br-7hus'))"));
        assertTrue(bool(g, "!!rules.zoc.controlled('axis')['1921'] && !!rules.zoc.controlled('british')['1921']"));
        assertEquals("[\"de-1-8-pz\"]", eval(g, "rules.zoc.controllers('2021', 'axis')").toString().replace(" ", "").replace("\n", ""));
    }

    @Test
    @DisplayName("NA 6.1 6.22 zones are not affected by other units: a hex held by a friendly unit is still enemy-controlled")
    void notCancelled() {
        Game g = start("british", 1, at("de-1-8-pz", "2020") + at("br-7hus", "2021") + at("br-2rtr", "1920"));
        JsonNode z = eval(g, "rules.zoc.controlled('axis')");
        assertTrue(z.path("2021").asBoolean());
        assertTrue(z.path("1920").asBoolean());
        assertEquals(6, keys(z).size());
    }

    @Test
    @DisplayName("NA 6.14 zones cross minefield hexsides (not closed to movement)")
    void acrossMinefield() {
        Game g = start("british", 1, at("de-1-8-pz", "0703") + at("br-7hus", "3020"));
        assertTrue(bool(g, "rules.zoc.exerts('0703', '0803')"));
        assertTrue(bool(g, "rules.zoc.exerts('0703', '0802')"));
    }

    @Test
    @DisplayName("NA 6.0 6.2 the inspector's zoc overlay: each hex by the side that controls it, both where the zones meet")
    void overlay() {
        Game g = start("british", 1, at("de-1-8-pz", "2020") + at("br-7hus", "2021"));
        JsonNode all = g.overlay("zoc", args());
        assertEquals("british", all.path("2020").asText(), "the German hex is in the British zone");
        assertEquals("axis", all.path("2021").asText());
        assertEquals("axis", all.path("2019").asText());
        TreeSet<String> both = new TreeSet<>();
        all.fields().forEachRemaining(e -> { if (e.getValue().asText().equals("both")) both.add(e.getKey()); });
        assertEquals(2, both.size(), "the two hexes next to both units: " + both);
        JsonNode axis = g.overlay("zoc", args("side", "axis"));
        assertEquals(keys(eval(g, "rules.zoc.controlled('axis')")), keys(axis));
    }
}
