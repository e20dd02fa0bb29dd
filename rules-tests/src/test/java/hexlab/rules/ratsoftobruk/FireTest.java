package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RoT 11.3 direct ranged fire, 11.4 opportunity fire, 18.1, and line of sight (11.2, 11.3, 2.1's
 * map erratum), on the open hamada of columns 30-31 and by the hills 3322 and 1124-1224.
 */
@DisplayName("RoT 11.3 Direct Ranged Fire")
class FireTest {
    static final String AT = "au-2-3-a";       // 2-3-8 wheeled, direct range 3
    static final String ATHQ = "au-2-3-hq";
    static final String MG = "de-mg2-1";       // 3-4-5 leg, defense 4
    static final String PZ = "de-1pz5-1";      // 5-4-10 tracked, direct range 2
    static final String AU = "au-2-24-a";      // defense 5

    static JsonNode fireEntry(List<JsonNode> ev) {
        for (JsonNode e : ev) if (e.path("rule").asText().contains("11.3") && e.has("cell") && e.path("cell").has("faces")) return e;
        throw new AssertionError("no direct fire entry in " + ev);
    }

    /** The Allied 2/3 anti-tank activation's combat decision. */
    static Game allied(String... pieces) {
        Game g = game("2/3-at", pieces);
        take(g, "\"done\"");
        return g;
    }

    @Test
    @DisplayName("RoT 11.3: a hit needs each die above the range; then casualties if the sum is at least defense plus range, and the target is pinned")
    void hitAndCasualties() {
        Game g = allied(AT + "@3024", ATHQ + "@3023", MG + "@3026");
        dealNext(g, "34");
        JsonNode e = fireEntry(act(g, "{\"do\":\"fire\",\"unit\":\"" + AT + "\",\"target\":\"" + MG + "\"}"));
        assertEquals("casualties", e.path("result").asText(), "3 and 4 above the range of 2; 7 >= 4 + 2");
        assertTrue(piece(g, MG).path("depleted").asBoolean());
        assertTrue(piece(g, MG).path("pinned").asBoolean());
        assertTrue(piece(g, AT).path("directFired").asBoolean());
        assertEquals(-1, find(g, "\"do\":\"fire\""), "once in its own activation");
        Game miss = allied(AT + "@3024", ATHQ + "@3023", MG + "@3026");
        dealNext(miss, "26");
        assertEquals("miss", fireEntry(act(miss, "{\"do\":\"fire\",\"unit\":\"" + AT + "\",\"target\":\"" + MG + "\"}")).path("result").asText(), "2 is not above 2");
        assertFalse(piece(miss, MG).path("pinned").asBoolean());
    }

    @Test
    @DisplayName("RoT 11.3: a hit whose sum falls short of defense plus range only pins")
    void pinnedOnly() {
        Game g = game("I/Pz5", PZ + "@3026", "de-1pz5-hq@3027", AU + "@3024");
        take(g, "\"done\"");
        dealNext(g, "33");
        JsonNode e = fireEntry(act(g, "{\"do\":\"fire\",\"unit\":\"" + PZ + "\",\"target\":\"" + AU + "\"}"));
        assertEquals("pinned", e.path("result").asText(), "6 < 5 + 2");
        assertTrue(piece(g, AU).path("pinned").asBoolean());
        assertFalse(piece(g, AU).path("depleted").asBoolean());
    }

    @Test
    @DisplayName("RoT 18.1: casualties on the higher die plus the firer's printed range against defense plus range")
    void optional181() {
        Game std = game("I/Pz5", PZ + "@3026", "de-1pz5-hq@3027", AU + "@3024");
        take(std, "\"done\"");
        dealNext(std, "44");
        assertEquals("casualties", fireEntry(act(std, "{\"do\":\"fire\",\"unit\":\"" + PZ + "\",\"target\":\"" + AU + "\"}")).path("result").asText(), "11.3: 8 >= 7");
        Game opt = game(rats("option:direct-ranged-fire-18-1"), "I/Pz5", PZ + "@3026", "de-1pz5-hq@3027", AU + "@3024");
        take(opt, "\"done\"");
        dealNext(opt, "44");
        JsonNode e = fireEntry(act(opt, "{\"do\":\"fire\",\"unit\":\"" + PZ + "\",\"target\":\"" + AU + "\"}"));
        assertEquals("pinned", e.path("result").asText(), "18.1: 4 + 2 < 5 + 2");
        assertEquals("direct-ranged-fire-18-1", e.path("option").asText());
        // the other way round for a long-ranged gun: the 88 (printed range 5) at a Matilda (defense 6) three hexes off
        Game flak = game("33", "de-flak33-1@3027", "de-flak33-hq@3028", "br-7rtr-1@3024");
        take(flak, "\"done\"");
        dealNext(flak, "44");
        assertEquals("pinned", fireEntry(act(flak, "{\"do\":\"fire\",\"unit\":\"de-flak33-1\",\"target\":\"br-7rtr-1\"}")).path("result").asText(), "11.3: 8 < 6 + 3");
        Game far = game(rats("option:direct-ranged-fire-18-1"), "33", "de-flak33-1@3027", "de-flak33-hq@3028", "br-7rtr-1@3024");
        take(far, "\"done\"");
        dealNext(far, "44");
        assertEquals("casualties", fireEntry(act(far, "{\"do\":\"fire\",\"unit\":\"de-flak33-1\",\"target\":\"br-7rtr-1\"}")).path("result").asText(), "18.1: 4 + 5 >= 6 + 3");
    }

    @Test
    @DisplayName("RoT 11.3 exception: a 2-9-8 Flak is fired at as if on its reverse side, defense 5")
    void flakException() {
        Game g = allied(AT + "@3024", ATHQ + "@3023", "de-flak33-1@3025");
        dealNext(g, "33");
        JsonNode e = fireEntry(act(g, "{\"do\":\"fire\",\"unit\":\"" + AT + "\",\"target\":\"de-flak33-1\"}"));
        assertEquals("casualties", e.path("result").asText(), "6 >= 5 + 1, where its printed 9 would need 10");
        assertTrue(e.path("uses").toString().contains("units/flak-88"));
    }

    @Test
    @DisplayName("RoT 11.3 example: fire on an evening turn into blocking terrain: -2 to each die")
    void eveningIntoBlockingTerrain() {
        Game g = game("I/Pz5", PZ + "@2117", "de-1pz5-hq@2017", AU + "@2118");
        set(g, "state.turnKind = 'evening';");
        take(g, "\"done\"");
        dealNext(g, "55");
        JsonNode e = fireEntry(act(g, "{\"do\":\"fire\",\"unit\":\"" + PZ + "\",\"target\":\"" + AU + "\"}"));
        assertEquals("[3,3]", e.path("cell").path("faces").toString(), "5 - 2 each");
        assertTrue(e.path("text").asText().contains("-2 a die: evening, target in blocking terrain"), e.path("text").asText());
    }

    @Test
    @DisplayName("RoT 11.3: no fire through blocking terrain (the hill 3322), into it yes; none at night, in a sandstorm or out of supply")
    void lineOfSightAndConditions() {
        Game g = allied(AT + "@3321", ATHQ + "@3320", MG + "@3323");
        assertEquals(-1, find(g, "\"do\":\"fire\""), "the hill 3322 lies between");
        Game into = allied(AT + "@3321", ATHQ + "@3320", MG + "@3322");
        assertTrue(find(into, "\"do\":\"fire\"") >= 0);
        Game night = allied(AT + "@3024", ATHQ + "@3023", MG + "@3026");
        set(night, "state.turnKind = 'night';");
        assertEquals(-1, find(night, "\"do\":\"fire\""));
        Game storm = allied(AT + "@3024", ATHQ + "@3023", MG + "@3026");
        set(storm, "state.weather = 'sandstorm';");
        assertEquals(-1, find(storm, "\"do\":\"fire\""));
        Game out = allied(AT + "@3024", ATHQ + "@3023", MG + "@3026");
        set(out, "state.pieces['" + AT + "'].supply = 'out';");
        assertEquals(-1, find(out, "\"do\":\"fire\""), "5.2");
        Game opt = game(rats("option:sandstorm-direct-fire-14-1"), "2/3-at", AT + "@3024", ATHQ + "@3023", MG + "@3026");
        take(opt, "\"done\"");
        set(opt, "state.weather = 'sandstorm';");
        dealNext(opt, "66");
        JsonNode e = fireEntry(act(opt, "{\"do\":\"fire\",\"unit\":\"" + AT + "\",\"target\":\"" + MG + "\"}"));
        assertEquals("[5,5]", e.path("cell").path("faces").toString(), "14.1: -1 a die");
    }

    @Test
    @DisplayName("RoT 2.1 map erratum: the hills 1124, 1125, 1224 block sight only once marked with the black triangle")
    void hillErratum() {
        Game base = game("2/24", AU + "@1024");
        assertTrue(js(base, "map.lineOfSight('1024', '1223', rules.sight.blocking())").asBoolean(), "as printed: no triangle on 1124");
        Game fixed = game(rats("errata:hill-triangles"), "2/24", AU + "@1024");
        assertFalse(js(fixed, "map.lineOfSight('1024', '1223', rules.sight.blocking())").asBoolean());
    }

    @Test
    @DisplayName("RoT 11.4: a unit entering a hex in range is fired at; hit, it halts there; missed, its owner may go on, and each new hex in range draws fire again")
    void opportunityFire() {
        Game g = game("MG2", MG + "@3029", "de-mg2-hq@3030", AT + "@3023", ATHQ + "@3022");
        act(g, "{\"do\":\"move\",\"units\":[\"" + MG + "\"],\"to\":\"3026\"}");
        assertEquals("allied", g.toAct(), "3026 is 3 hexes from the anti-tank guns: opportunity fire");
        assertEquals("3026", hex(g, MG));
        dealNext(g, "44");
        act(g, "{\"do\":\"fire\",\"unit\":\"" + AT + "\",\"target\":\"" + MG + "\"}");
        assertTrue(piece(g, MG).path("pinned").asBoolean());
        assertEquals("axis", g.toAct());
        assertTrue(js(g, "state.moving === null").asBoolean(), "the hit unit halts: its move is over");

        Game h = game("MG2", MG + "@3029", "de-mg2-hq@3030", AT + "@3023", ATHQ + "@3022");
        act(h, "{\"do\":\"move\",\"units\":[\"" + MG + "\"],\"to\":\"3025\"}");
        dealNext(h, "32");
        act(h, "{\"do\":\"fire\",\"unit\":\"" + AT + "\",\"target\":\"" + MG + "\"}");
        assertEquals("axis", h.toAct());
        assertTrue(h.view(null).prompt().contains("fired at: go on or stop"), h.view(null).prompt());
        take(h, "continue");
        assertEquals("3025", hex(h, MG));
        assertEquals("allied", h.toAct(), "3025, two hexes off: fire again");
        take(h, "hold");
        assertEquals("axis", h.toAct());
    }
}
