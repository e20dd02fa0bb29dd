package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.CombatTest.Cx;
import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Contract 1: a trace entry whose outcome rested on data that is not printed (the reconstructed
 * order of battle and map, the TEC, ZOC and reverse-side stand-ins) names it in `uses`.
 */
@DisplayName("FoT provenance")
class ProvenanceTest {

    static List<String> uses(JsonNode e) {
        List<String> out = new java.util.ArrayList<>();
        for (JsonNode u : e.path("uses")) out.add(u.asText());
        return out;
    }

    @Test
    @DisplayName("FoT 11.12 a fire names the order of battle, the odds reading, the map and the TEC's combat rows; a Disrupted firer the reverse-side stand-in")
    void fireUses() {
        Game g = Cx.with(Cx.PZ3 + "@4530", Cx.BAYS + "@4531");
        js(g, "rules.combat.resolveNow('4531', ['" + Cx.PZ3 + "'])");
        JsonNode at = Cx.textHas(trace(g), "11.12", "antitank fire by axis").get(0);
        assertTrue(uses(at).containsAll(List.of("units/units", "crt/odds", "map", "terrain/combat-effects")), at.toString());
        assertFalse(uses(at).contains("disruption/reverse-side"), at.toString());

        Game h = Cx.with(Cx.PZ3 + "@4530", Cx.BAYS + "@4531");
        run(h, "state.pieces['" + Cx.PZ3 + "'].disrupted = true;");
        js(h, "rules.combat.resolveNow('4531', ['" + Cx.PZ3 + "'])");
        JsonNode dis = Cx.textHas(trace(h), "11.12", "antitank fire by axis").get(0);
        assertTrue(uses(dis).contains("disruption/reverse-side"), dis.toString());
    }

    @Test
    @DisplayName("FoT 4.1 what a ZOC decided names the ZOC chart, the units and the map; zoc-level-other only where the Heavy AT stand-in raised a level")
    void zocUses() {
        Game g = ZocTest.board();
        placeAs(g, "de-dak-i-18-flak", "flak", "3030", "{sp: 2}");       // 2 SPs: no ZOC by the chart; Heavy AT: HZOC
        placeAs(g, ZocTest.TANK, "t", "3034", "{sp: 12}");               // 12 SPs: HZOC by the chart alone
        JsonNode near = js(g, "rules.zoc.usesAt(['3031'], 'axis')"), far = js(g, "rules.zoc.usesAt(['3033'], 'axis')");
        assertTrue(near.toString().contains("zoc/zoc-level-other"), near.toString());
        assertFalse(far.toString().contains("zoc/zoc-level-other"), far.toString());
        for (JsonNode u : List.of(near, far)) {
            for (String s : List.of("map", "units/units", "zoc/zoc-levels")) assertTrue(u.toString().contains("\"" + s + "\""), u.toString());
        }
    }

    @Test
    @DisplayName("FoT 10.1 a move into an enemy ZOC raised by the Heavy AT stand-in names zoc-level-other")
    void moveUses() {
        Game g = MovementTest.allied();
        placeAs(g, "de-dak-i-18-flak", "flak", "3030", "{sp: 2}");
        MovementTest.ally(g, MovementTest.INF, "i", "2831", null);
        trace(g);
        assertTrue(MovementTest.move(g, "'i'", "2931").path("ok").asBoolean());
        List<JsonNode> moves = Cx.matching(trace(g), (e) -> e.path("table").asText().equals("terrain/movement-costs"));
        assertFalse(moves.isEmpty());
        assertTrue(uses(moves.get(0)).contains("zoc/zoc-level-other"), moves.get(0).toString());
    }
}
