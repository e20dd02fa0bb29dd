package hexlab.rules.northafrica;

import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** North Africa standard rules 5.3 effects of other friendly units. */
class StackingTest {

    @Test
    @DisplayName("NA 5.31 a unit may not end in a hex another unit holds")
    void mayEnd() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-2rtr", "2021") + at("de-1-8-pz", "0220"));
        assertFalse(bool(g, "rules.stacking.mayEnd(ctx.piece('br-7hus'), '2021')"));
        assertTrue(bool(g, "rules.stacking.mayEnd(ctx.piece('br-7hus'), '2022')"));
        assertTrue(bool(g, "rules.stacking.mayEnd(ctx.piece('br-7hus'), '2020')"));       // its own hex
    }

    @Test
    @DisplayName("NA 5.32 any number of units may pass through one hex in a phase")
    void manyPassThrough() {
        // 2021 held by 2 RTR; 7 Hus and 8 RTR both go through it to the hexes beyond
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-8rtr", "1920") + at("br-2rtr", "2021") + at("de-1-8-pz", "0220"));
        ok(g, "{\"do\":\"move\",\"unit\":\"br-7hus\",\"to\":\"2022\"}");
        ok(g, "{\"do\":\"move\",\"unit\":\"br-8rtr\",\"to\":\"2122\"}");
        assertEquals(0, eval(g, "rules.stacking.stacked()").size());
    }

    @Test
    @DisplayName("NA 5.33 friendly zones never hinder friendly movement")
    void friendlyZones() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-2rtr", "2022") + at("de-1-8-pz", "0220"));
        assertEquals(6.0, cost(g, "br-7hus", "2023"));                // through 2021, in 2 RTR's zone
    }
}
