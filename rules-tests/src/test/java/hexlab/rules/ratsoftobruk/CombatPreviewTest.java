package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.CombatTest.AU;
import static hexlab.rules.ratsoftobruk.CombatTest.MG1;
import static hexlab.rules.ratsoftobruk.CombatTest.MG2;
import static hexlab.rules.ratsoftobruk.CombatTest.MGHQ;
import static hexlab.rules.ratsoftobruk.CombatTest.crtEntry;
import static hexlab.rules.ratsoftobruk.RatsFixtures.act;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RoT 10.1 the combat preview (combat.preview): the column and the row of the dice before they are rolled. */
@DisplayName("RoT 10.1 the combat preview")
class CombatPreviewTest {

    @Test
    @DisplayName("RoT 10.1 the preview's column matches the resolved attack's trace, and its row the result of the dice rolled")
    void previewMatchesResolution() {
        for (String faces : new String[] {"33", "11", "66", "25"}) {
            Game g = CombatTest.combat(MG1 + "@3026", MG2 + "@3126", MGHQ + "@3027", AU + "@3025");
            RatsFixtures.dealNext(g, faces);
            String hash = g.stateHash();
            JsonNode p = g.preview(Json.read("{\"hex\":\"3025\",\"attackers\":[\"" + MG1 + "\",\"" + MG2 + "\"]}"), null);
            assertEquals(hash, g.stateHash(), "the preview rolls nothing and changes nothing");
            JsonNode fire = p.path("fires").get(0);
            assertEquals(11, fire.path("results").size(), "one result for each total of 2d6: " + fire.path("results"));
            JsonNode e = crtEntry(act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\",\"" + MG2 + "\"]}"));
            assertEquals(e.path("cell").path("column").asText(), fire.path("column").path("label").asText());
            int total = (faces.charAt(0) - '0') + (faces.charAt(1) - '0');
            assertEquals(e.path("result").asText(), fire.path("results").get(total - 2).path("result").asText(), "dice " + faces);
        }
    }

    @Test
    @DisplayName("RoT 1.1 a preview asked as the attacker shows no strength of a defender in a bunker it has not seen fight, and says so")
    void hiddenDefender() {
        Game g = RatsFixtures.game("MG2", "de-mg2-1@0924", "de-mg2-2@0923", MGHQ + "@0824", AU + "@1023");
        RatsFixtures.take(g, "\"done\"");
        String args = "{\"hex\":\"1023\",\"attackers\":[\"de-mg2-1\",\"de-mg2-2\"]}";
        JsonNode designer = g.preview(Json.read(args), null);
        assertEquals(1, designer.path("fires").size(), designer.toString());
        assertTrue(designer.path("fires").get(0).path("steps").toString().contains("bunker"), "the bunker's modifier: " + designer);
        JsonNode axis = g.preview(Json.read(args), "axis");
        assertEquals(0, axis.path("fires").size(), "no odds against a strength the axis may not know: " + axis);
        assertTrue(axis.path("hidden").get(0).asText().contains("not seen"), axis.toString());
        assertFalse(Json.write(axis).contains(AU), "the hidden unit is not named: " + axis);
    }
}
