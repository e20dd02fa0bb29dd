package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

@DisplayName("FoT heuristic player")
class BotsTest {
    static final String INF = "de-21xx-i-104";     // motorized infantry: SAF 4, DF 4
    static final String EY5 = "br-50xx-5-ey";      // infantry: SAF 3, DF 5

    static final String CHOICES = "[{do: 'impulse', impulse: 'movement'}, {do: 'impulse', impulse: 'combat'}, {do: 'end'}]";

    /** June 1 AM, clear: 15th Panzer active with 3 AP, its HQ in 2731, two German battalions in 2830 next to a British one in 2930. */
    static Game fight(String britishFields) {
        Game g = bare(7);
        run(g, "state.date = 'June 1'; state.half = 'AM'; state.weather = 'clear';");
        place(g, "de-15xx-hq", "2731");
        activation(g, "15xx", 3, null);
        for (String id : List.of("a1", "a2"))
            placeAs(g, INF, id, "2830", "{formation: '15xx', brigade: null, attached: null, saf: 12}");
        placeAs(g, EY5, "d1", "2930", britishFields);
        return g;
    }

    static int choice(Game g, String side) { return js(g, "rules.bots.heuristic(" + CHOICES + ", '" + side + "')").asInt(); }

    @Test
    @DisplayName("FoT 11.21: the heuristic player opens a Combat Impulse against a stack it attacks at 2:1 or better, with every unit next to it")
    void takesAFavourableAttack() {
        Game g = fight("{df: 5}");
        assertEquals(1, choice(g, "axis"), "the Combat Impulse: 24 Soft Attack against 5 Defense is 4:1");
        JsonNode plan = js(g, "rules.bots.nextAttack('axis')");
        assertEquals(1, plan.size(), plan.toString());
        assertEquals("2930", plan.get(0).path("hex").asText());
        assertEquals("[\"a1\",\"a2\"]", plan.get(0).path("attackers").toString());
    }

    @Test
    @DisplayName("FoT 11.21: the heuristic player makes no attack below 2:1 that nothing obliges, and ends the activation")
    void declinesAnUnfavourableAttack() {
        Game g = fight("{df: 20}");
        assertTrue(js(g, "rules.bots.nextAttack('axis') === null").asBoolean());
        assertEquals(0, choice(g, "axis"), "24 against 20 is 1:1: no Combat Impulse; the units move on towards Tobruk instead");
    }

    @Test
    @DisplayName("FoT 10.0: the heuristic Axis player moves towards Tobruk, the hexes that win the game (15.1)")
    void axisMakesForTobruk() {
        Game g = bare(7);
        run(g, "state.date = 'June 1'; state.half = 'AM'; state.weather = 'clear';");
        place(g, "de-15xx-hq", "2731");
        activation(g, "15xx", 3, null);
        placeAs(g, INF, "a1", "2830", "{formation: '15xx', brigade: null, attached: null}");
        assertEquals(0, choice(g, "axis"), "a Movement Impulse");
        JsonNode m = js(g, "rules.bots.nextMove('axis')");
        assertEquals("a1", m.path("unit").asText(), m.toString());
        String to = m.path("to").asText();
        assertTrue(js(g, "map.distance('" + to + "', '3902') < map.distance('2830', '3902')").asBoolean(), to);
        assertTrue(js(g, "rules.movement.move(['a1'], '" + to + "').ok").asBoolean(), "the rules take the move");
    }

    @Test
    @DisplayName("FoT 6.11: the heuristic player decides the same whatever the enemy's hidden air units are (it reads its side's view only)")
    void readsNoHiddenField() {
        Game g = Positions.KERNEL.start(FOT, "may-27", 1);
        Bot bot = Bots.named(FOT.system(), "heuristic", 1);
        int checked = 0;
        for (int n = 0; n < 120 && !g.over(); n++) {
            String side = g.toAct();
            List<JsonNode> acts = g.legalActions();
            String list = acts.toString();
            // the choice, then the choice with every secret field of the other side's air units changed
            JsonNode pair = js(g, "(() => { const acts = " + list + "; const a = rules.bots.heuristic(acts, '" + side + "');"
                    + " const sec = rules.air.secrets('" + side + "'); const saved = {};"
                    + " for (const id of Object.keys(sec)) { const p = state.pieces[id]; saved[id] = {};"
                    + "   for (const f of sec[id]) if (f !== 'id') { saved[id][f] = p[f]; p[f] = typeof p[f] === 'number' ? p[f] + 1 : p[f] === null ? 'Tobruk' : null; } }"
                    + " let b; try { b = rules.bots.heuristic(acts, '" + side + "'); } finally {"
                    + "   for (const id of Object.keys(saved)) Object.assign(state.pieces[id], saved[id]); }"
                    + " return [JSON.stringify(a), JSON.stringify(b), Object.keys(sec).length]; })()");
            assertEquals(pair.get(0).asText(), pair.get(1).asText(), "at " + g.view(null).prompt());
            if (pair.get(2).asInt() > 0) checked++;
            g.applyIndex(bot.choose(g, side));
        }
        assertTrue(checked > 0, "some decisions had hidden air units on the other side");
    }

    /** The heuristic player's choice among the legal actions of the decision under way, taken. */
    static JsonNode botTakes(Game g, String side) {
        List<JsonNode> acts = g.legalActions();
        int i = js(g, "rules.bots.heuristic(" + acts + ", '" + side + "')").asInt();
        g.applyIndex(i);
        return acts.get(i);
    }

    @Test
    @DisplayName("FoT 5.2 5.22: the heuristic player refits when the rules allow it and places the unit towards Tobruk")
    void refits() {
        Game g = LogisticsTest.atDawn();
        place(g, "br-50xx-hq", "4533");
        for (String id : List.of("br-50xx-5-ey", "br-50xx-6-gh", "br-50xx-7-gh")) LogisticsTest.boxed(g, id, "units-to-be-refitted", "4531", null);
        LogisticsTest.arrive(g);
        assertEquals("refit", botTakes(g, "allied").path("do").asText());
        assertEquals("with", botTakes(g, "allied").path("do").asText());
        assertEquals("with", botTakes(g, "allied").path("do").asText());
        JsonNode place = botTakes(g, "allied");
        assertEquals("place", place.path("do").asText());
        String hex = place.path("hex").asText();
        assertTrue(js(g, "map.distance('" + hex + "', '3902') < map.distance('4533', '3902')").asBoolean(), hex);
    }

    @Test
    @DisplayName("FoT 5.421: the heuristic player takes the automatic German repair before any roll")
    void repairsFirst() {
        Game g = LogisticsTest.atDawn();
        place(g, "de-15xx-hq", "4430");
        for (String id : List.of("de-15xx-1-8", "de-15xx-2-8")) LogisticsTest.boxed(g, id, "wreck", "4431", null);
        LogisticsTest.arrive(g);
        assertEquals("repair", botTakes(g, "axis").path("do").asText());
        assertEquals("attempt", botTakes(g, "axis").path("do").asText());
    }
}
