package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.bare;
import static hexlab.rules.falloftobruk.FotFixtures.js;
import static hexlab.rules.falloftobruk.FotFixtures.patched;
import static hexlab.rules.falloftobruk.FotFixtures.place;
import static hexlab.rules.falloftobruk.FotFixtures.run;
import static hexlab.rules.falloftobruk.FotFixtures.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FoT 11.1, 11.2, 11.22 the combat preview (combat.preview): each fire of a combat on the Integrated
 * CRT before the dice, reckoned by the function the fire itself reckons with (crt.odds), each d10's
 * band read from crt.yaml for the targets' morale; the dice of resolution said, not guessed.
 */
@DisplayName("FoT 11.0 the combat preview")
class CombatPreviewTest {

    static JsonNode preview(Game g, String hex, String... attackers) {
        return g.preview(Json.read("{\"hex\":\"" + hex + "\",\"attackers\":" + Json.write(Json.MAPPER.valueToTree(List.of(attackers))) + "}"), null);
    }

    static JsonNode fire(JsonNode p, String label) {
        for (JsonNode f : p.path("fires")) if (f.path("label").asText().startsWith(label)) return f;
        throw new AssertionError("no fire \"" + label + "\" in " + p);
    }

    @Test
    @DisplayName("FoT 11.21 the preview's odds and column match the resolved regular combat's trace, and its row the d10's band, for both sides' fire")
    void previewMatchesResolution() {
        for (int burn = 0; burn < 6; burn++) {
            Game g = Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531");
            if (burn > 0) run(g, "for (let i = 0; i < " + burn + "; i++) ctx.roll('d10', 'discarded by the test');");
            trace(g);
            String hash = g.stateHash();
            JsonNode p = preview(g, "4531", Cx.I104);
            assertEquals(hash, g.stateHash(), "the preview rolls nothing and changes nothing");
            assertTrue(trace(g).isEmpty(), "its entries stay out of the game's log");
            js(g, "rules.combat.resolveNow('4531', ['" + Cx.I104 + "'])");
            List<JsonNode> ev = trace(g);
            for (String by : List.of("regular combat by axis", "regular combat by allied")) {
                JsonNode f = fire(p, by);
                JsonNode e = Cx.textHas(ev, "11.21", by).stream().filter(x -> x.has("cell")).findFirst().orElseThrow(() -> new AssertionError(by + " in " + ev));
                assertEquals(e.path("cell").path("column").asText(), f.path("column").path("label").asText(), by + ": the column");
                int d10 = e.path("cell").path("d10").asInt();
                String band = e.path("result").asText();
                assertEquals(band, f.path("results").get(d10).path("result").asText(), by + ", burn " + burn + ", d10 " + d10);
                assertTrue(e.path("text").asText().contains(f.path("odds").path("text").asText()), "the same reckoning: " + f.path("odds") + " in " + e.path("text"));
            }
        }
    }

    @Test
    @DisplayName("FoT 11.13, 11.1 an Overrun doubles the tanks' Soft Attack in the preview, and what antitank fire decides first is said")
    void overrunAndAntitankFire() {
        Game g = Cx.with(Cx.PZ3 + "@4530", Cx.PZ4 + "@4430", Cx.GH6 + "@4531");
        JsonNode p = preview(g, "4531", Cx.PZ3, Cx.PZ4);
        assertTrue(fire(p, "regular combat by axis").path("odds").path("text").asText().contains("Soft Attack 16"), p.toString());
        assertTrue(fire(p, "antitank fire by allied").path("results").size() == 10 || fire(p, "antitank fire by allied").path("column").path("label").isNull(), "the defender's antitank fire at the armor");
        assertTrue(p.path("notes").toString().contains("resolved first"), p.path("notes").toString());
        assertTrue(p.path("notes").toString().contains("two more d10"), "the resolution dice named: " + p.path("notes"));
        assertEquals(2, p.path("attackers").size());
        assertEquals("4531", p.path("attackers").get(0).path("to").asText());
    }

    @Test
    @DisplayName("FoT 11.12, 11.21 an erratum to a CRT cell changes the preview's row")
    void erratumChangesTheRow() {
        JsonNode base = fire(preview(Cx.with(Cx.I104 + "@4430", Cx.EY5 + "@4531"), "4531", Cx.I104), "regular combat by axis");
        int col = base.path("column").path("index").asInt();
        String was = base.path("results").get(0).path("result").asText();
        String cell = was.equals("L") ? "{L: \"-\", M: \"-\", H: \"a-g\"}" : "{L: \"a-g\", M: \"-\", H: \"-\"}";
        Game g = bare(patched("crt/crt/rows/0/" + col, cell), 4);
        run(g, "state.weather = 'clear'; state.half = 'AM'; state.date = 'May 29'; state.activation = null;");
        place(g, Cx.I104, "4430");
        place(g, Cx.EY5, "4531");
        JsonNode now = fire(preview(g, "4531", Cx.I104), "regular combat by axis");
        assertEquals(base.path("column"), now.path("column"), "the same column");
        assertNotEquals(was, now.path("results").get(0).path("result").asText(), "d10 0 reads the corrected cell: " + now.path("results").get(0));
        assertEquals(base.path("results").get(1), now.path("results").get(1));
        assertFalse(now.path("results").get(0).path("cell").asText().isEmpty());
    }
}
