package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 10.0 minefields: ownership and the 10.21 exemption (queries for the combat section). */
class MinefieldsTest {

    @Test
    @DisplayName("NA 10.0 a minefield hexside belongs to the side the map gives it; other hexsides have none")
    void owner() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        assertEquals("british", text(g, "rules.minefields.owner('0703', '0803')"));
        assertEquals("british", text(g, "rules.minefields.owner('0803', '0703')"));
        assertEquals("axis", text(g, "rules.minefields.owner('3109', '3209')"));
        assertTrue(eval(g, "rules.minefields.owner('2020', '2021')").isNull());
    }

    @Test
    @DisplayName("NA 10.21 a unit separated from an enemy by its own side's minefield need not attack it")
    void exemption() {
        Game g = start("british", 1, at("br-7hus", "0803") + at("de-1-8-pz", "0703"));
        JsonNode x = eval(g, "rules.minefields.combatExemption(ctx.piece('br-7hus'), ctx.piece('de-1-8-pz'))");
        assertEquals("10.21", x.path("rule").asText());
        assertTrue(eval(g, "rules.minefields.combatExemption(ctx.piece('de-1-8-pz'), ctx.piece('br-7hus'))").isNull());
    }

    @Test
    @DisplayName("NA 10.22 an attack across the defender's minefield: separatedByEnemyMinefield")
    void separated() {
        Game g = start("british", 1, at("br-7hus", "0803") + at("de-1-8-pz", "0703"));
        assertTrue(bool(g, "rules.minefields.separatedByEnemyMinefield('0703', '0803', 'axis')"));
        assertFalse(bool(g, "rules.minefields.separatedByEnemyMinefield('0803', '0703', 'british')"));
        assertFalse(bool(g, "rules.minefields.separatedByEnemyMinefield('2020', '2021', 'axis')"));
    }

    @Test
    @DisplayName("NA 10.11 the friendly minefield surcharge: 2 MP non-mechanized, 4 mechanized")
    void extraMp() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-14-bde", "2022") + at("de-1-8-pz", "0220"));
        assertEquals(4.0, num(g, "rules.minefields.extraMp(ctx.piece('br-7hus'))"));
        assertEquals(2.0, num(g, "rules.minefields.extraMp(ctx.piece('br-14-bde'))"));
    }
}
