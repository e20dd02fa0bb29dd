package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.bot.LeakCheck;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** RoT 1.1 fog of war: which enemy units a side may inspect, and what its view shows of the others. */
@DisplayName("RoT 1.1 Fog of War")
class FogTest {
    static final String MG = "de-mg2-1", MG2 = "de-mg2-2", PZ = "de-1pz5-1", AU = "au-2-24-a";

    static boolean inspectable(Game g, String side, String id) {
        return js(g, "rules.fog.inspectable('" + side + "', state.pieces['" + id + "'])").asBoolean();
    }

    static int distance(Game g, String a, String b) { return js(g, "map.distance('" + a + "', '" + b + "')").asInt(); }

    @Test
    @DisplayName("RoT 1.1: an enemy unit within 10 hexes in line of sight may be inspected, one at 11 may not; 5 in a sandstorm, 1 at night")
    void ranges() {
        Game g = game("2/24", AU + "@3020", MG + "@3030", MG2 + "@3031");
        assertEquals(10, distance(g, "3020", "3030"));
        assertEquals(11, distance(g, "3020", "3031"));
        assertTrue(inspectable(g, "allied", MG), "10 hexes over open hamada");
        assertFalse(inspectable(g, "allied", MG2), "11 hexes: beyond observation");
        set(g, "state.weather = 'sandstorm'");
        assertFalse(inspectable(g, "allied", MG), "a sandstorm cuts observation to 5");
        Game near = game("2/24", AU + "@3020", MG + "@3025", MG2 + "@3021");
        set(near, "state.weather = 'sandstorm'");
        assertTrue(inspectable(near, "allied", MG), "5 hexes in a sandstorm");
        set(near, "state.weather = 'clear'; state.turnKind = 'night'");
        assertFalse(inspectable(near, "allied", MG), "at night only an adjacent unit");
        assertTrue(inspectable(near, "allied", MG2), "adjacent at night");
    }

    @Test
    @DisplayName("RoT 1.1: no unit in a bunker may be inspected, even adjacent, until it conducts combat; the view shows it as a counter's back")
    void bunkers() {
        Game probe = game("I/Pz5", AU + "@3020");
        String bunker = js(probe, "map.ids.find((h) => map.hasFeature(h, 'bunker'))").asText();
        String next = js(probe, "map.neighbors('" + bunker + "').find((h) => !map.hasFeature(h, 'bunker'))").asText();
        Game g = game("I/Pz5", AU + "@" + bunker, PZ + "@" + next, "de-1pz5-hq@" + next);
        assertFalse(inspectable(g, "axis", AU), "in a bunker: hidden though adjacent");
        JsonNode view = js(g, "rules.fog.view('axis').pieces");
        assertFalse(view.has(AU), "the axis view does not name the unit: " + view);
        JsonNode back = view.path("hidden allied " + bunker);
        assertTrue(back.path("hidden").asBoolean(), "a counter's back in " + bunker + ": " + view);
        assertFalse(back.has("fd") || back.has("unit"), "no values on a back: " + back);
        assertTrue(js(g, "rules.fog.view('allied').pieces").has(AU), "its own side sees it whole");
        // direct fire at the hidden stack names its hex, not the unit
        take(g, "\"done\"");
        int at = find(g, "\"hex\":\"" + bunker + "\"");
        assertTrue(at >= 0, "fire at the bunker's hex is offered: " + g.legalActions());
        assertTrue(find(g, "\"target\":\"" + AU + "\"") < 0, "never at the hidden unit by name");
        set(g, "state.pieces['" + AU + "'].revealed = true");
        assertTrue(inspectable(g, "axis", AU), "a unit that has fought is revealed in all cases");
    }

    @Test
    @DisplayName("RoT 1.1: the back the activation's HQ shows is named the same whichever of two hidden HQs in a hex it is")
    void activationHqBack() {
        for (String hq : new String[] {"de-1pz5-hq", "de-2pz5-hq"}) {
            Game g = game("2/24", AU + "@3020", "de-1pz5-hq@3031", "de-2pz5-hq@3031");
            assertFalse(inspectable(g, "allied", hq), "11 hexes: beyond observation");
            set(g, "state.activation = Object.assign({}, state.activation || {}, {hq: '" + hq + "', stackUnits: []})");
            assertEquals("hidden axis 3031", js(g, "rules.fog.view('allied').activation.hq").asText(), "the activated " + hq + " shows as the hex's first back");
        }
    }

    @Test
    @DisplayName("RoT 1.1, 11.3: fire at hidden stacks is offered after the units the firer may inspect, hex by hex, whichever hidden unit is where")
    void blindTargetsInHexOrder() {
        // the bunkers 3034 and 3036 flank 3035: their units are hidden though adjacent; 3135 is open
        for (String[] where : new String[][] {{"3034", "3036"}, {"3036", "3034"}}) {
            Game g = game("I/Pz5", PZ + "@3035", "de-1pz5-hq@3035", AU + "@" + where[0], "au-2-24-b@" + where[1], "au-2-3-a@3135");
            take(g, "\"done\"");
            List<String> targets = new ArrayList<>();
            for (JsonNode a : g.legalActions()) {
                if (a.path("do").asText().equals("fire") && a.path("unit").asText().equals(PZ)) targets.add(a.has("target") ? a.path("target").asText() : a.path("hex").asText());
            }
            assertEquals(List.of("au-2-3-a", "3034", "3036"), targets, "with " + AU + " in " + where[0]);
            assertEquals(List.of(), LeakCheck.position(g), "nothing the Axis is shown tells the two hidden units apart");
        }
    }
}
