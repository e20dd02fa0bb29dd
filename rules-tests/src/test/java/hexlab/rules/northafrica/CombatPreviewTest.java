package hexlab.rules.northafrica;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.util.Json;
import hexlab.rules.EditedRules;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.northafrica.CombatTest.Fx;
import static hexlab.rules.northafrica.CombatTest.Fx.p;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NA 7.0, 7.4, 7.61 the combat preview (combat.preview): the attack being composed reckoned by the
 * resolution's own function, before the die and without it; the row of results read from crt.yaml.
 */
@DisplayName("NA 7.0 the combat preview")
class CombatPreviewTest {

    /** NA 8.22 fixture: a in 2220 touches b1 (2221) and b2 (2321); r4 in 2621 reaches 2321 only. */
    private static Game combined(long seed) {
        return Fx.start("axis", seed, 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r4", "de-104-arty", "axis", "2621"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2321"));
    }

    /** The attack on 2221 and 2321 by a with r4's barrage, composed step by step, not yet resolved. */
    private static void compose(Game g) {
        Fx.act(g, "{'do':'attack','hex':'2221'}");
        Fx.act(g, "{'do':'add-attacker','unit':'a'}");
        Fx.act(g, "{'do':'add-defender','hex':'2321'}");
        Fx.act(g, "{'do':'add-barrage','unit':'r4'}");
    }

    private static JsonNode crtEntry(List<JsonNode> events) {
        return events.stream().filter(e -> "7.61".equals(e.path("rule").asText()) && e.path("table").asText().endsWith("results")).findFirst().orElseThrow(() -> new AssertionError("no 7.61 entry in " + events));
    }

    /**
     * Resolves the composed attack, the defender declining final protective fire (8.46); while it
     * is asked, the preview shows the announced attack as the one composed.
     */
    private static List<JsonNode> resolve(Game g, JsonNode composed) {
        List<JsonNode> ev = new java.util.ArrayList<>(Fx.act(g, "{'do':'resolve'}"));
        if (Fx.legal(g, "{'do':'fpf-done'}")) {
            assertEquals(composed.path("fires").get(0).path("results"), g.preview(Json.object(), null).path("fires").get(0).path("results"), "announced, before any FPF");
            ev.addAll(Fx.act(g, "{'do':'fpf-done'}"));
        }
        return ev;
    }

    @Test
    @DisplayName("NA 7.0, 7.61 the preview's differential and column match the resolved combat's trace, and its row the die's result")
    void previewMatchesResolution() {
        for (long seed = 1; seed <= 5; seed++) {
            Game g = combined(seed);
            compose(g);
            String hash = g.stateHash();
            JsonNode p = g.preview(Json.object(), null);
            assertEquals(hash, g.stateHash(), "the preview changes nothing");
            assertEquals(List.of("2221", "2321"), Json.MAPPER.convertValue(p.path("hexes"), List.class));
            assertEquals(2, p.path("attackers").size(), "a and r4 drawn as arrows: " + p.path("attackers"));
            JsonNode fire = p.path("fires").get(0);
            JsonNode e = crtEntry(resolve(g, p));
            assertEquals(e.path("cell").path("differential").asInt(), fire.path("odds").path("value").asInt(), "the differential");
            assertEquals(e.path("cell").path("band").asText(), fire.path("column").path("label").asText(), "the column");
            assertEquals(e.path("cell").path("line").asText(), fire.path("column").path("line").asText(), "the terrain line");
            int die = e.path("cell").path("roll").asInt();
            assertEquals(e.path("result").asText(), fire.path("results").get(die - 1).path("result").asText(), "seed " + seed + ", die " + die);
        }
    }

    @Test
    @DisplayName("NA 7.0 a candidate attack given as {hex, attackers} previews as the same attack composed")
    void candidateAsComposed() {
        Game idle = combined(1);
        assertTrue(idle.preview(Json.object(), null).isNull(), "nothing composed, nothing to preview");
        JsonNode cand = idle.preview(Fx.j("{'hexes':['2221','2321'],'attackers':['a'],'barrage':['r4']}"), null);
        Game g = combined(1);
        compose(g);
        JsonNode composed = g.preview(Json.object(), null);
        assertEquals(composed.path("fires"), cand.path("fires"));
        JsonNode wrong = idle.preview(Fx.j("{'hex':'2221','attackers':['b2']}"), null);
        assertEquals("7.13", wrong.path("problem").path("rule").asText(), "a unit of the other side is no attacker: " + wrong);
    }

    @Test
    @DisplayName("NA 7.61 an erratum to the CRT changes the preview's row")
    void erratumChangesTheRow() {
        JsonNode base = combined(1).preview(Fx.j("{'hex':'2221','attackers':['a']}"), null).path("fires").get(0);
        int col = base.path("column").path("index").asInt();
        String was = base.path("results").get(0).path("result").asText(), now = was.equals("D4") ? "Ae" : "D4";
        EditedRules r = new EditedRules("crusader").erratum("cell-1", "- {op: replace, path: crt/results/rows/1/" + (col - 1) + ", value: " + now + "}");
        Game edited = r.start(r.variant("errata:cell-1"), Fx.yaml("axis", 0, 0,
            p("a", "de-2-200-bn", "axis", "2220"), p("r4", "de-104-arty", "axis", "2621"),
            p("b1", "br-14-bde", "british", "2221"), p("b2", "br-23-bde", "british", "2321")), 1);
        JsonNode fire = edited.preview(Fx.j("{'hex':'2221','attackers':['a']}"), null).path("fires").get(0);
        assertEquals(now, fire.path("results").get(0).path("result").asText(), "die 1 in column " + col + " as the erratum reads it");
        assertNotEquals(was, now);
        assertEquals(base.path("results").get(1), fire.path("results").get(1), "the other cells as printed");
    }
}
