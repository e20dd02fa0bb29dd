package hexlab.rules.falloftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.falloftobruk.FotFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** FoT 15.0 victory: holding Tobruk, the Allied withdrawal, the Axis losses. */
class VictoryTest {
    /** A finished game whose Tobruk, exits, losses and reserve tanks are set as given, judged again (15.1). */
    static JsonNode judge(Game g, String tobruk, int[] exited, int[] lost, int alliedReserve, int axisReserve) {
        run(g, "for (const h of rules.victory.tobrukHexes()) state.control[h] = '" + tobruk + "';"
                + "state.exited.allied = {armor: " + exited[0] + ", infantry: " + exited[1] + ", artillery: " + exited[2] + "};"
                + "state.losses.axis = {armor: " + lost[0] + ", infantry: " + lost[1] + ", artillery: " + lost[2] + "};"
                + "state.reserveTanks = {allied: " + alliedReserve + ", axis: " + axisReserve + "};"
                + "rules.victory.determine();");
        return g.result();
    }

    static final int[] NONE = {0, 0, 0};

    static String outcome(JsonNode r) { return (r.path("winner").isNull() ? "none" : r.path("winner").asText()) + " " + r.path("level").asText(); }

    @Test
    @DisplayName("FoT 15.1 the Allies win if they hold Tobruk, whatever else; the Axis wins holding it unless 15.2 or 15.3 applies, then a draw")
    void howToWin() {
        Game g = bare(27);
        assertEquals("allied victory", outcome(g.result()), "nobody took Tobruk");
        assertEquals("allied victory", outcome(judge(g, "allied", new int[] {40, 40, 40}, new int[] {40, 40, 40}, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", NONE, NONE, 0, 0)));
        assertEquals("none draw", outcome(judge(g, "axis", new int[] {18, 36, 15}, NONE, 0, 0)));
        assertEquals("none draw", outcome(judge(g, "axis", NONE, new int[] {19, 37, 16}, 0, 0)));
    }

    @Test
    @DisplayName("FoT 15.2 a draw needs at least 18 armor, 36 infantry or weapons and 15 artillery SPs exited; unused Allied reserve tanks count as armor")
    void exitThresholds() {
        Game g = bare(27);
        assertEquals("none draw", outcome(judge(g, "axis", new int[] {18, 36, 15}, NONE, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", new int[] {17, 36, 15}, NONE, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", new int[] {18, 35, 15}, NONE, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", new int[] {18, 36, 14}, NONE, 0, 0)));
        assertEquals("none draw", outcome(judge(g, "axis", new int[] {12, 36, 15}, NONE, 6, 0)), "6 reserve tanks make up the armor");
    }

    @Test
    @DisplayName("FoT 15.3 a draw needs more than 18 armor, 36 infantry or weapons and 15 artillery SPs lost; unused Axis reserve tanks reduce the armor")
    void lossThresholds() {
        Game g = bare(27);
        assertEquals("none draw", outcome(judge(g, "axis", NONE, new int[] {19, 37, 16}, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", NONE, new int[] {18, 37, 16}, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", NONE, new int[] {19, 36, 16}, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", NONE, new int[] {19, 37, 15}, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", NONE, new int[] {20, 37, 16}, 0, 2)), "2 reserve tanks leave 18");
    }

    @Test
    @DisplayName("FoT 15.2 15.3 option draw-on-any-class: one class over its threshold makes the draw")
    void anyClassOption() {
        Game g = Positions.start(fot("option:draw-on-any-class"), scenario(27, 27), 1);
        assertEquals("none draw", outcome(judge(g, "axis", new int[] {18, 0, 0}, NONE, 0, 0)));
        assertEquals("none draw", outcome(judge(g, "axis", NONE, new int[] {0, 0, 16}, 0, 0)));
        assertEquals("axis victory", outcome(judge(g, "axis", new int[] {17, 0, 0}, new int[] {18, 36, 15}, 0, 0)));
    }

    /** The 15.21 modifiers that apply now, as {value: why}. */
    static List<JsonNode> modifiers(Game g) {
        List<JsonNode> out = new java.util.ArrayList<>();
        js(g, "rules.victory.withdrawalModifiers()").forEach(out::add);
        return out;
    }

    static int sum(List<JsonNode> mods) { return mods.stream().mapToInt(m -> m.path("value").asInt()).sum(); }

    @Test
    @DisplayName("FoT 15.21 each withdrawal modifier: +1 per two Axis villages, the railhead, Axis units on or east of 35xx and 45xx, June 1-15, June 16 on")
    void withdrawalModifiers() {
        Game g = bare(6);                                                      // May 31
        run(g, "state.turn = 6; for (const h of Object.keys(state.control)) state.control[h] = 'allied';");
        assertEquals(0, modifiers(g).size());
        run(g, "const v = state.victory.watch.villages; state.control[v[0]] = 'axis';");
        assertEquals(0, sum(modifiers(g)), "one village: nothing");
        run(g, "const v = state.victory.watch.villages; state.control[v[1]] = 'axis'; state.control[v[2]] = 'axis';");
        assertEquals(1, sum(modifiers(g)), "three villages: +1");
        run(g, "const v = state.victory.watch.villages; state.control[v[3]] = 'axis';");
        assertEquals(2, sum(modifiers(g)), "four villages: +2");
        run(g, "for (const h of state.victory.watch.villages) state.control[h] = 'allied'; state.control['4307'] = 'axis';");
        assertEquals(1, sum(modifiers(g)), "the railhead");
        run(g, "state.control['4307'] = 'allied';");
        place(g, "de-15xx-1-8", "3410");
        assertEquals(0, sum(modifiers(g)), "column 34 is west of 35xx");
        place(g, "de-15xx-4-8", "3510");
        assertEquals(1, sum(modifiers(g)), "on 35xx");
        place(g, "de-15xx-7-8", "4510");
        assertEquals(2, sum(modifiers(g)), "on 45xx: both");
        run(g, "for (const id of ['de-15xx-1-8', 'de-15xx-4-8', 'de-15xx-7-8']) delete state.pieces[id];");
        for (int[] t : new int[][] {{6, 0}, {7, 1}, {21, 1}, {22, 1}, {27, 1}}) {
            run(g, "state.turn = " + t[0] + ";");
            assertEquals(t[1], sum(modifiers(g)), "turn " + t[0]);
        }
    }

    @Test
    @DisplayName("FoT 15.21 3.7 withdrawal is triggered on 10 or more, checked at each Game Turn Record phase, and stays triggered")
    void trigger() {
        Game g = bare(22);                                                     // June 16: +1
        trace(g);
        run(g, "state.withdrawal = false; state.victory.withdrawalTurn = null; for (const h of Object.keys(state.control)) state.control[h] = 'allied';"
                + "for (const h of state.victory.watch.villages) state.control[h] = 'axis'; state.control['4307'] = 'axis';");
        int mods = sum(modifiers(g));
        assertTrue(mods >= 3, "villages, railhead and date: " + mods);
        boolean triggered = false;
        for (int i = 0; i < 60 && !triggered; i++) {
            run(g, "rules.victory.withdrawalCheck();");
            List<JsonNode> events = trace(g);
            JsonNode roll = rolls(events).get(0);
            JsonNode r = withRule(events, "15.21").get(0);
            int total = r.path("cell").path("roll").asInt();
            assertEquals(roll.path("faces").get(0).asInt() + mods, total);
            triggered = total >= 10;
            assertEquals(triggered, js(g, "rules.victory.withdrawalOpen()").asBoolean(), "roll " + total);
        }
        assertTrue(triggered);
        assertEquals(22, js(g, "state.victory.withdrawalTurn").asInt());
        run(g, "rules.victory.withdrawalCheck();");
        assertTrue(rolls(trace(g)).isEmpty(), "no roll once triggered");
        assertTrue(js(g, "rules.victory.withdrawalOpen()").asBoolean());
    }

    @Test
    @DisplayName("FoT 15.2 Allied units exit off the east edge only once withdrawal is triggered; Axis units never; the SPs count by class")
    void exits() {
        Game g = bare(10);
        place(g, "br-50xx-5-gh", "4910");
        place(g, "br-50xx-124-fd", "4911");
        place(g, "de-15xx-1-8", "4912");
        run(g, "state.withdrawal = false; state.exited.allied = {armor: 0, infantry: 0, artillery: 0};");
        assertFalse(js(g, "rules.victory.exit(state.pieces['br-50xx-5-gh']).ok").asBoolean());
        assertEquals("map", js(g, "state.pieces['br-50xx-5-gh'].at").asText());
        run(g, "state.withdrawal = true;");
        assertTrue(js(g, "rules.victory.exit(state.pieces['br-50xx-5-gh']).ok").asBoolean());
        assertTrue(js(g, "rules.victory.exit(state.pieces['br-50xx-124-fd']).ok").asBoolean());
        assertFalse(js(g, "rules.victory.exit(state.pieces['de-15xx-1-8']).ok").asBoolean());
        assertEquals("exited", js(g, "state.pieces['br-50xx-5-gh'].at").asText());
        assertTrue(js(g, "state.pieces['br-50xx-5-gh'].hex").isNull());
        JsonNode ex = js(g, "state.exited.allied");
        assertEquals(js(g, "state.pieces['br-50xx-5-gh'].sp").asInt(), ex.path("infantry").asInt());
        assertEquals(js(g, "state.pieces['br-50xx-124-fd'].sp").asInt(), ex.path("artillery").asInt());
    }

    @Test
    @DisplayName("FoT 15.3 losses count by class: armor, infantry or weapons, artillery (the Semovente with the artillery); HQs have no SPs")
    void losses() {
        Game g = bare(10);
        place(g, "de-15xx-1-8", "3030");
        place(g, "it-132xx-551", "3031");
        place(g, "de-15xx-i-115", "3032");
        place(g, "de-15xx-hq", "3033");
        run(g, "state.losses.axis = {armor: 0, infantry: 0, artillery: 0};"
                + "for (const id of ['de-15xx-1-8', 'it-132xx-551', 'de-15xx-i-115', 'de-15xx-hq']) rules.victory.recordLoss(state.pieces[id]);");
        JsonNode l = js(g, "state.losses.axis");
        assertEquals(js(g, "state.pieces['de-15xx-1-8'].sp").asInt(), l.path("armor").asInt());
        assertEquals(js(g, "state.pieces['it-132xx-551'].sp").asInt(), l.path("artillery").asInt());
        assertEquals(js(g, "state.pieces['de-15xx-i-115'].sp").asInt(), l.path("infantry").asInt());
    }

    @Test
    @DisplayName("FoT 15.21 15.1 villages, the railhead and Tobruk go to the side that last entered them; the day Tobruk fell is kept")
    void control() {
        Game g = bare(12);
        run(g, "state.turn = 12;");
        String village = js(g, "state.victory.watch.villages[0]").asText();
        place(g, "de-15xx-1-8", "3030");
        place(g, "br-50xx-5-gh", "3031");
        run(g, "state.control['" + village + "'] = 'allied'; rules.victory.afterMove(state.pieces['de-15xx-1-8'], ['3030', '" + village + "']);");
        assertEquals("axis", js(g, "state.control['" + village + "']").asText());
        run(g, "rules.victory.afterMove(state.pieces['br-50xx-5-gh'], ['3031', '" + village + "', '3031']);");
        assertEquals("allied", js(g, "state.control['" + village + "']").asText(), "passing through enters it too");
        JsonNode t = js(g, "rules.victory.tobrukHexes()");
        assertEquals(2, t.size());
        run(g, "rules.victory.afterMove(state.pieces['de-15xx-1-8'], ['3030', '" + t.get(0).asText() + "']);");
        assertEquals("allied", js(g, "rules.victory.holder()").asText(), "one hex of two");
        run(g, "rules.victory.afterMove(state.pieces['de-15xx-1-8'], ['" + t.get(0).asText() + "', '" + t.get(1).asText() + "']);");
        assertEquals("axis", js(g, "rules.victory.holder()").asText());
        assertEquals(12, js(g, "state.victory.tobrukFell").asInt());
        assertEquals(12, g.metrics().path("tobruk-fell-turn").asInt());
    }
}
