package hexlab.rules.northafrica;

import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.MovePositions.*;
import static org.junit.jupiter.api.Assertions.*;

/** The invariants of the standard rules the fuzzer checks (5.12, 5.31, 5.14). */
class ChecksTest {

    @Test
    @DisplayName("NA 5.12 5.31 5.14 the start positions of the three Crusader scenarios break no invariant")
    void scenariosClean() {
        for (String id : new String[] {"campaign", "sidi-rezeg", "dash-to-the-wire"}) {
            Game g = Positions.scenario(CRUSADER, id, 1);
            assertEquals(List.of(), g.invariantViolations(), id);
        }
    }

    @Test
    @DisplayName("NA 5.31 two units stacked during the movement phase are reported")
    void stacking() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("br-2rtr", "2021") + at("de-1-8-pz", "0220"));
        eval(g, "(ctx.piece('br-7hus').hex = '2021', 1)");
        List<String> v = g.invariantViolations();
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("5.31"), v.toString());
    }

    @Test
    @DisplayName("NA 5.12 units of both sides in one hex are reported")
    void enemyHex() {
        Game g = start("british", 1, at("br-7hus", "2020") + at("de-1-8-pz", "0220"));
        eval(g, "(ctx.piece('br-7hus').hex = '0220', 1)");
        assertTrue(g.invariantViolations().stream().anyMatch(s -> s.startsWith("5.12")), g.invariantViolations().toString());
    }

    @Test
    @DisplayName("NA 5.14 6.13 a unit that began the movement phase in an enemy zone and has left it is reported")
    void leftZoc() {
        Game g = start("british", 1, at("br-7hus", "2021") + at("de-1-8-pz", "2022"));
        eval(g, "(ctx.piece('br-7hus').hex = '2019', 1)");
        assertTrue(g.invariantViolations().stream().anyMatch(s -> s.startsWith("5.14")), g.invariantViolations().toString());
    }
}
