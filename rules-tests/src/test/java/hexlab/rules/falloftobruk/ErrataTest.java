package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The Fall of Tobruk's errata (tables/fall-of-tobruk/errata): each keeps the printed reading as the
 * base and changes what it corrects when it is on.
 */
@DisplayName("FoT errata")
class ErrataTest {
    static final Variant SMOOTHED = fot("errata:fot-crt-smoothed");
    static final Variant ENGINEERS = fot("errata:fot-engineers-soft-halved");
    static final Variant EXAMPLE = fot("errata:fot-11-22-example-net");

    static Game sandbox(Variant v) { return TablesAsDataTest.sandbox(v); }

    static String band(Game g, int d10, String column, String letter) {
        return js(g, "rules.crt.band(" + d10 + ", rules.crt.columns().indexOf('" + column + "'), '" + letter + "')").asText();
    }

    @Test
    @DisplayName("FoT 11.12 erratum fot-crt-smoothed: the three cells off the table's diagonal read as the diagonal gives them")
    void crtSmoothedCells() {
        Game base = Cx.sandbox(), ed = sandbox(SMOOTHED);
        // d10=1 at 4:1: c falls in no band as printed (M d-e); smoothed M c-e
        assertEquals("-", band(base, 1, "4:1", "c"));
        assertEquals("M", band(ed, 1, "4:1", "c"));
        // d10=1 at 5:1: f falls in no band as printed (L g); smoothed L f-g
        assertEquals("-", band(base, 1, "5:1", "f"));
        assertEquals("L", band(ed, 1, "5:1", "f"));
        // d10=5 at 8+:1: c is Heavy as printed (H a-c, the d10=4 cell again); smoothed M c-e, H a-b
        assertEquals("H", band(base, 5, "8+:1", "c"));
        assertEquals("M", band(ed, 5, "8+:1", "c"));
        // the cells around them are untouched
        assertEquals(band(base, 2, "5:1", "c"), band(ed, 2, "5:1", "c"));
        assertEquals(band(base, 0, "4:1", "f"), band(ed, 0, "4:1", "f"));
    }

    @Test
    @DisplayName("FoT 11.21 erratum fot-crt-smoothed changes a combat: d10 1 at 4:1 against morale c is a standoff as printed, a Medium result smoothed")
    void crtSmoothedCombat() {
        // four Regular infantry companies (Soft Attack 4 each) against the 1 RNC given Defense 4 and
        // morale c: 16 against 4 is 4:1, with no shift
        String[] result = new String[2];
        Variant[] vs = {FOT, SMOOTHED};
        for (int i = 0; i < 2; i++) {
            Game g = sandbox(vs[i]);
            placeAs(g, "sa-1saxx-1-rnc", "rnc", "4531", "{df: 4, morale: 'c'}");
            for (int k = 1; k <= 4; k++) placeAs(g, Cx.I104, "a" + k, "4530", "{proficiency: 'regular', sp: 1}");
            dealNext(g, "1");
            js(g, "rules.combat.resolveNow('4531', ['a1', 'a2', 'a3', 'a4'])");
            List<JsonNode> fire = Cx.matching(Cx.textHas(trace(g), "11.21", "regular combat by axis"), (e) -> e.path("table").asText().equals("crt/crt"));
            assertEquals(1, fire.size(), fire.toString());
            JsonNode cell = fire.get(0).path("cell");
            assertEquals("4:1", cell.path("column").asText(), fire.get(0).toString());
            assertEquals(1, cell.path("d10").asInt(), fire.get(0).toString());
            assertEquals("c", cell.path("morale").asText());
            result[i] = fire.get(0).path("result").asText();
        }
        assertEquals("-", result[0], "as printed: a dash, the standoff");
        assertEquals("M", result[1], "smoothed: the Medium band");
    }

    @Test
    @DisplayName("FoT 13.22 erratum fot-engineers-soft-halved: 11.22's reading halves an engineer's Soft Attack across an unbreached minefield too")
    void engineersSoftHalved() {
        String eng = "de-15xx-33-pi";
        Game base = Cx.with(eng + "@1108", Cx.AT65 + "@1107");
        Game ed = sandbox(ENGINEERS);
        place(ed, eng, "1108");
        place(ed, Cx.AT65, "1107");
        String q = "rules.crt.factors('1107', ['" + eng + "'])['" + eng + "']";
        JsonNode b = js(base, q), e = js(ed, q);
        assertEquals(3.0, b.path("saf").asDouble(), 1e-9, "13.22: engineers keep their Soft Attack");
        assertEquals(1.5, e.path("saf").asDouble(), 1e-9, "11.22: halved for every attacker");
        assertEquals(0.5, b.path("haf").asDouble(), 1e-9, "Hard Attack halved by 11.22 either way");
        assertEquals(0.5, e.path("haf").asDouble(), 1e-9);
    }

    @Test
    @DisplayName("FoT 11.22 erratum fot-11-22-example-net: the first example's net, as printed 2L, as its arithmetic and final column say 2R")
    void exampleNet() {
        // the example combines 4R and 2L and moves 4:1 to 6:1; the rule nets R minus L
        Game[] g = {Cx.sandbox(), sandbox(EXAMPLE)};
        String[] net = new String[2];
        String[] reached = new String[2];
        for (int i = 0; i < 2; i++) {
            JsonNode ex = js(g[i], "tables.crt.examples.cases[0]");
            assertEquals("[\"4R\",\"2L\"]", ex.path("shifts").toString());
            net[i] = ex.path("net").asText();
            int n = Integer.parseInt(net[i].substring(0, net[i].length() - 1)) * (net[i].endsWith("R") ? 1 : -1);
            reached[i] = js(g[i], "rules.crt.finalColumn(rules.crt.columns().indexOf('" + ex.path("basic").asText() + "'), " + n + ").label").asText();
            assertEquals("6:1", ex.path("final").asText());
        }
        assertEquals("2L", net[0]);
        assertEquals("2:1", reached[0], "the printed net does not reach the printed final column");
        assertEquals("2R", net[1]);
        assertEquals("6:1", reached[1], "the corrected net does");
        // the rule itself reads the same either way: the erratum touches the worked example only
        for (Game x : g) assertEquals("6:1", js(x, "rules.crt.finalColumn(rules.crt.columns().indexOf('4:1'), 4 - 2).label").asText());
    }

    @Test
    @DisplayName("FoT errata: each is declared with its source and status reconstructed, and the base keeps the printed reading")
    void declared() {
        var system = FOT.system();
        for (String id : List.of("fot-crt-smoothed", "fot-engineers-soft-halved", "fot-11-22-example-net")) {
            var e = system.erratum(id).orElseThrow();
            assertFalse(e.source().isBlank(), id);
            assertEquals("reconstructed", e.status(), id);
        }
        assertTrue(FOT.errata().isEmpty(), "the base applies none");
    }
}
