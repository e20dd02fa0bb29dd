package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 11.4 morale: 11.41 predominant morale, 11.42 morale checks and the Morale Checks Table. */
@DisplayName("FoT 11.4 Morale")
class MoraleTest {

    /** The Morale Checks Table as printed in 11.42 (rows d10 0-9, columns a-g; "" blank). */
    static final String[][] MCT = {
        {"E", "E", "E", "b", "c", "d", "e"},
        {"E", "E", "E", "b", "c", "d", "e"},
        {"E", "E", "a", "b", "c", "e", "f"},
        {"E", "E", "a", "c", "d", "e", "f"},
        {"E", "a", "a", "c", "d", "e", "f"},
        {"E", "a", "b", "c", "d", "e", "f"},
        {"a", "a", "b", "c", "d", "f", "g"},
        {"a", "a", "b", "d", "e", "f", "g"},
        {"a", "b", "c", "d", "e", "f", ""},
        {"a", "b", "c", "d", "e", "f", ""},
    };

    @Test
    @DisplayName("FoT 11.411 EXAMPLE: d 3 SPs, e 4, f 5: the defender's predominant morale is f; 4 SPs each: the worst, d")
    void defenderExample() {
        Game g = Cx.sandbox();
        assertEquals("f", js(g, "rules.morale.predominant([{sp: 3, morale: 'd'}, {sp: 4, morale: 'e'}, {sp: 5, morale: 'f'}], 'defender')").asText());
        assertEquals("d", js(g, "rules.morale.predominant([{sp: 4, morale: 'd'}, {sp: 4, morale: 'e'}, {sp: 4, morale: 'f'}], 'defender')").asText());
        // SPs are summed by letter: two e units outweigh one larger f unit
        assertEquals("e", js(g, "rules.morale.predominant([{sp: 3, morale: 'e'}, {sp: 3, morale: 'e'}, {sp: 5, morale: 'f'}], 'defender')").asText());
    }

    @Test
    @DisplayName("FoT 11.412 EXAMPLE: every unit 4 SPs: the attacker chooses among the largest units, f")
    void attackerExample() {
        Game g = Cx.sandbox();
        assertEquals("f", js(g, "rules.morale.predominant([{sp: 4, morale: 'd'}, {sp: 4, morale: 'e'}, {sp: 4, morale: 'f'}], 'attacker')").asText());
        // the largest unit decides, not the SPs by letter
        assertEquals("c", js(g, "rules.morale.predominant([{sp: 5, morale: 'c'}, {sp: 3, morale: 'g'}, {sp: 3, morale: 'g'}], 'attacker')").asText());
    }

    @Test
    @DisplayName("FoT 11.41, B.127 predominant morale reads the current letter: the printed one less the Morale Loss marker; HQs do not count")
    void currentLetter() {
        Game g = Cx.with(Cx.EY5 + "@4531", Cx.GH6 + "@4531", Cx.HQ50 + "@4531");
        run(g, "state.pieces['" + Cx.GH6 + "'].moraleLoss = 2; state.pieces['" + Cx.HQ50 + "'].sp = 9;");
        assertEquals("c", js(g, "rules.morale.moraleOf('" + Cx.GH6 + "')").asText());
        assertEquals("c", js(g, "rules.morale.predominant(['" + Cx.EY5 + "', '" + Cx.GH6 + "', '" + Cx.HQ50 + "'], 'defender')").asText(), "e 4 SPs, c 4 SPs: the worse; the HQ's SPs do not count");
    }

    @Test
    @DisplayName("FoT 11.42 the Morale Checks Table: every cell as printed; the two blank g cells leave the letter unchanged")
    void mctCells() {
        Game g = Cx.sandbox();
        String[] cols = {"a", "b", "c", "d", "e", "f", "g"};
        for (int d = 0; d < 10; d++) {
            for (int c = 0; c < 7; c++) {
                String want = MCT[d][c].isEmpty() ? "g" : MCT[d][c];
                assertEquals(want, js(g, "rules.morale.mct('" + cols[c] + "', " + d + ")").asText(), "d10 " + d + ", morale " + cols[c]);
            }
        }
        assertEquals("c", js(g, "rules.morale.mct('d', 4)").asText(), "11.42 EXAMPLE: d rolls 4: c, a Morale -1 Letter marker");
    }

    @Test
    @DisplayName("FoT 11.42 a Morale Check marks the letters lost; E eliminates the unit")
    void moraleCheck() {
        Game[] out = new Game[1];
        List<JsonNode> ev = Cx.until(s -> Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531"),
            g -> { js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "'], {morale: 'Morale'})"); return trace(g); },
            e -> !Cx.matching(e, x -> x.path("table").asText().equals("morale/mct") && x.path("result").asText().equals("c")).isEmpty(), out);
        // e -> c: two letters lost
        assertEquals(2, Cx.piece(out[0], Cx.EY5).path("moraleLoss").asInt());
        assertEquals("c", js(out[0], "rules.morale.moraleOf('" + Cx.EY5 + "')").asText());
        assertEquals(1, Cx.matching(ev, x -> x.path("kind").asText().equals("roll") && x.path("purpose").asText().startsWith("11.42")).size());

        List<JsonNode> ev2 = Cx.until(s -> { Game g = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531"); run(g, "state.pieces['" + Cx.EY5 + "'].morale = 'a';"); return g; },
            g -> { js(g, "rules.combat.applyResult('4531', ['" + Cx.I104 + "'], {morale: 'Morale'})"); return trace(g); },
            e -> !Cx.matching(e, x -> x.path("table").asText().equals("morale/mct") && x.path("result").asText().equals("E")).isEmpty(), out);
        assertNull(Cx.hex(out[0], Cx.EY5));
        assertFalse(Cx.textHas(ev2, "11.42", "Morale Check E").isEmpty());
    }
}
