package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** NA 7.61: the Integrated Combat Results Table, checked against a transcription kept in this test. */
@DisplayName("NA 7.61 Integrated Combat Results Table")
class CrtTest {
    /** The result rows as printed under 7.61: die roll 1..6, columns 1..12. */
    private static final String[][] PRINTED = {
        {"A1", "A1", "A1", "Br", "Br", "D2", "D3", "D3", "D4", "D4", "D4", "D4"},
        {"A1", "A1", "A1", "A1", "Br", "D1", "D2", "D3", "D3", "D3", "D4", "D4"},
        {"A2", "A1", "A1", "A1", "A1", "Br", "D1", "D2", "D2", "D3", "D3", "D4"},
        {"A2", "A2", "A1", "A1", "A1", "Br", "Br", "D1", "D2", "D2", "D3", "D3"},
        {"Ae", "A2", "A2", "A1", "A1", "A1", "Br", "Br", "D1", "D1", "D2", "D3"},
        {"Ae", "Ae", "A2", "A2", "A1", "A1", "A1", "Br", "Br", "D1", "D1", "D2"},
    };

    /** The column headings of each terrain line as printed (left to right from column 1). */
    private static final String[][] HEADINGS = {
        {"enemy-minefield", "-1", "0", "+1", "+2,3", "+4,5", "+6-8", "+9-11", "+12"},
        {"rough", "-2", "-1", "0", "+1", "+2,3", "+4,5", "+6-8", "+9-11", "+12"},
        {"anti-tank", "-3", "-2", "-1", "0", "+1", "+2,3", "+4,5", "+6-8", "+9-11", "+12"},
        {"broken-ridge-stream-town", "-3", "-2", "-1", "0", "+1", "+2,3", "+4,5", "+6-8", "+9-11", "+12"},
        {"bridge-grove-ditch", "-5", "-4,3", "-2", "-1", "0", "+1", "+2,3", "+4,5", "+6-8", "+9-11", "+12"},
        {"mixed", "-7", "-6,5", "-4,3", "-2", "-1", "0", "+1", "+2,3", "+4,5", "+6-8", "+9-11", "+12"},
    };

    static Game game;

    @BeforeAll
    static void start() {
        game = CombatTest.Fx.start("axis", 1, 0, 0, "{id: a, unit: de-1-8-pz, side: axis, hex: \"2220\"}");
    }

    private static JsonNode eval(String expr) { return Positions.eval(game, expr); }

    /** The column an independent reading of a printed heading row gives to a differential. */
    private static int expectedColumn(String[] row, int d) {
        int n = row.length - 1;
        for (int c = 1; c <= n; c++) {
            String h = row[c];
            int lo, hi;
            if (h.contains(",")) {                  // "+2,3" or "-4,3": two values
                String[] p = h.replace("+", "").split(",");
                int a = Integer.parseInt(p[0]);
                int b = a < 0 ? -Integer.parseInt(p[1]) : Integer.parseInt(p[1]);
                lo = Math.min(a, b);
                hi = Math.max(a, b);
            } else if (h.substring(1).contains("-")) { // "+6-8", "+9-11": a range
                String[] p = h.substring(1).split("-");
                lo = Integer.parseInt(p[0]);
                hi = Integer.parseInt(p[1]);
            } else {
                lo = hi = Integer.parseInt(h.replace("+", ""));
            }
            if (c == 1) lo = Integer.MIN_VALUE;     // below the lowest: resolved at the lowest (7.61 note)
            if (c == n) hi = Integer.MAX_VALUE;     // above +12: resolved as +12 (7.61 note)
            if (d >= lo && d <= hi) return c;
        }
        throw new AssertionError("no heading of " + row[0] + " holds " + d);
    }

    @Test
    @DisplayName("NA 7.61: all 72 result cells (die roll 1-6 x column 1-12) as printed")
    void all72Cells() {
        JsonNode cells = eval("[1,2,3,4,5,6].map(r => [1,2,3,4,5,6,7,8,9,10,11,12].map(c => rules.crt.cell(c, r)))");
        List<Executable> checks = new ArrayList<>();
        for (int r = 0; r < 6; r++) {
            for (int c = 0; c < 12; c++) {
                final int rr = r, cc = c;
                checks.add(() -> assertEquals(PRINTED[rr][cc], cells.get(rr).get(cc).asText(), "roll " + (rr + 1) + ", column " + (cc + 1)));
            }
        }
        assertEquals(72, checks.size());
        assertAll(checks);
    }

    @Test
    @DisplayName("NA 7.61: every terrain line sends differentials -20..+25 to the printed column")
    void columnsOfEveryLine() {
        List<Executable> checks = new ArrayList<>();
        for (String[] row : HEADINGS) {
            JsonNode cols = eval("Array.from({length: 46}, (_, i) => rules.crt.column('" + row[0] + "', i - 20))");
            for (int i = 0; i < 46; i++) {
                final int d = i - 20, got = cols.get(i).asInt();
                checks.add(() -> assertEquals(expectedColumn(row, d), got, row[0] + " at " + d));
            }
        }
        assertAll(checks);
    }

    @Test
    @DisplayName("NA 7.0 example: +9 in Mixed, roll 1 is D4")
    void example70() {
        assertEquals(11, eval("rules.crt.column('mixed', 13 - 4)").asInt());
        assertEquals("D4", eval("rules.crt.result('mixed', 9, 1)").asText());
        assertEquals("+9-11", eval("rules.crt.band('mixed', 9).printed").asText());
    }

    @Test
    @DisplayName("NA 7.61 notes: below the lowest differential uses the lowest; above +12 uses +12")
    void outOfRange() {
        assertEquals("A1", eval("rules.crt.result('mixed', -30, 1)").asText());      // column 1 (-7)
        assertEquals("Ae", eval("rules.crt.result('mixed', -8, 6)").asText());
        assertEquals("D2", eval("rules.crt.result('mixed', 40, 6)").asText());       // column 12 (+12)
        assertEquals(8, eval("rules.crt.column('enemy-minefield', 13)").asInt());    // its +12 is column 8
        assertEquals("Br", eval("rules.crt.result('enemy-minefield', 99, 6)").asText());
        assertEquals(1, eval("rules.crt.column('rough', -3)").asInt());
    }

    @Test
    @DisplayName("NA 7.61: resolve rolls one die under the column (+2 on Rough: column 5) and returns the printed cell")
    void resolveRollsOneDie() {
        Game.Snapshot before = game.snapshot();
        String code = eval("rules.crt.resolve('rough', 2, 'test')").asText();
        game.restore(before);
        int roll = eval("ctx.roll('d6', 'the same die again')").asInt();
        game.restore(before);
        assertEquals(PRINTED[roll - 1][4], code, "roll " + roll);
        assertEquals(5, eval("rules.crt.column('rough', 2)").asInt());
    }

    @Test
    @DisplayName("NA 7.61: an unknown line or a fractional differential is an error naming it")
    void errors() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> eval("rules.crt.column('clear', 0)"));
        assertTrue(e.getMessage().contains("clear"), e.getMessage());
        RuntimeException f = assertThrows(RuntimeException.class, () -> eval("rules.crt.column('mixed', 1.5)"));
        assertTrue(f.getMessage().contains("whole number"), f.getMessage());
    }
}
