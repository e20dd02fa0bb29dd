package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("RoT 10.3, 10.7, 17.10 Event chits")
class EventsTest {
    static final String EVENTS = "option:event-chits-10-3";

    static Game attack(String spec, String... pieces) {
        Game g = game(rats(spec), "MG2", pieces);
        take(g, "\"done\"");
        return g;
    }

    @Test
    @DisplayName("RoT 17.10, 10.3: each player draws from his own pool of 30 blue and 30 red chits, not put back; never without the option")
    void pools() {
        Game g = attack(EVENTS, "de-mg2-1@3026", "de-mg2-hq@3027", "au-2-24-a@3025");
        List<JsonNode> ev = act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"de-mg2-1\"]}");
        assertEquals(2, ev.stream().filter((e) -> e.path("rule").asText().equals("10.3")).count(), "one chit each: " + ev);
        assertEquals(59, js(g, "state.events.axis.blue + state.events.axis.red").asInt());
        assertEquals(59, js(g, "state.events.allied.blue + state.events.allied.red").asInt());
        Game off = attack("", "de-mg2-1@3026", "de-mg2-hq@3027", "au-2-24-a@3025");
        act(off, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"de-mg2-1\"]}");
        assertTrue(js(off, "state.events === null").asBoolean());
    }

    @Test
    @DisplayName("RoT 10.7: an airstrike is cancelled if an AA or Flak unit of the opponent rolls more than its distance, three dice for a light one")
    void antiAircraft() {
        Game g = attack(EVENTS, "de-mg2-1@3026", "de-mg2-hq@3027", "au-2-24-a@3025", "br-14laa-a@3013");
        dealNext(g, "6666");
        JsonNode r = js(g, "rules.events.play({color: 'blue', name: 'Airstrike'}, 'axis', '3025')");
        assertTrue(r == null || r.isNull(), "3d6 = 18 > 12 hexes: cancelled");
        List<JsonNode> ev = trace(g);
        assertTrue(ev.stream().anyMatch((e) -> "roll".equals(e.path("kind").asText()) && "3d6".equals(e.path("dice").asText())), ev.toString());
        dealNext(g, "111");
        JsonNode kept = js(g, "rules.events.play({color: 'blue', name: 'Airstrike'}, 'axis', '3025')");
        assertEquals(-2, kept.path("value").asInt(), "3 is not more than 12: the airstrike helps the German attack by 2 (placeholder)");
    }

    @Test
    @DisplayName("RoT 10.7: an AA or Flak unit that is not light rolls two dice: the German 8.8 cm Flak against an Allied airstrike")
    void heavyFlak() {
        Game g = attack(EVENTS, "de-mg2-1@3026", "de-mg2-hq@3027", "au-2-24-a@3025", "de-flak33-1@3028");
        dealNext(g, "66");
        JsonNode r = js(g, "rules.events.play({color: 'blue', name: 'Airstrike'}, 'allied', '3025')");
        assertTrue(r == null || r.isNull(), "2d6 = 12 > 3 hexes: the defender's airstrike is cancelled by the attacker's Flak");
        List<JsonNode> ev = trace(g);
        assertTrue(ev.stream().anyMatch((e) -> "roll".equals(e.path("kind").asText()) && "2d6".equals(e.path("dice").asText())), ev.toString());
    }

    @Test
    @DisplayName("RoT 14.1: in a sandstorm an airstrike or strafing chit is discarded; 15.0: some chits nullify a bunker's modifier")
    void sandstormAndBunkers() {
        Game g = attack(EVENTS, "de-mg2-1@3026", "de-mg2-hq@3027", "au-2-24-a@3025");
        set(g, "state.weather = 'sandstorm';");
        JsonNode r = js(g, "rules.events.play({color: 'blue', name: 'Strafing'}, 'axis', '3025')");
        assertTrue(r == null || r.isNull());
        JsonNode t = js(g, "rules.events.play({color: 'blue', name: 'Infiltration'}, 'axis', '3025')");
        assertTrue(t.path("bunker").asBoolean());
        JsonNode red = js(g, "rules.events.play({color: 'red', name: 'Apathy'}, 'allied', '3025')");
        assertEquals(-1, red.path("value").asInt(), "a red chit harms the defender who drew it: the roll goes down");
    }
}
