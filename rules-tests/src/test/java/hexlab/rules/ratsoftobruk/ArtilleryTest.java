package hexlab.rules.ratsoftobruk;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/** RoT 10.2, 11.1 artillery support and 11.2 barrages, on the open hamada of column 30. */
@DisplayName("RoT 10.2, 11.1-11.2 Artillery")
class ArtilleryTest {
    static final String AU = "au-2-24-a";
    static final String MG1 = "de-mg2-1";
    static final String MG2 = "de-mg2-2";
    static final String GUN = "de-art33-1";     // 4-2-6, artillery range 18
    static final String RHA = "br-1rha-a";      // 4-2-6, artillery range 20

    static JsonNode crt(List<JsonNode> ev) {
        for (JsonNode e : ev) if ("combat/crt".equals(e.path("table").asText())) return e;
        throw new AssertionError("no CRT entry in " + ev);
    }

    @Test
    @DisplayName("RoT 10.2: the attacker adds his artillery in range, then the defender the attack strength of his; both have fired")
    void support() {
        Game g = game("MG2", MG1 + "@3026", "de-mg2-hq@3027", GUN + "@3035", AU + "@3025", RHA + "@3015");
        take(g, "\"done\"");
        assertTrue(find(g, "\"do\":\"attack\",\"hex\":\"3025\"") >= 0);
        act(g, "{\"do\":\"attack\",\"hex\":\"3025\",\"units\":[\"" + MG1 + "\"],\"artillery\":[\"" + GUN + "\"]}");
        assertEquals("allied", g.toAct(), "the defender's artillery");
        List<JsonNode> ev = take(g, "\"do\":\"support\",\"unit\":\"" + RHA + "\"");
        String text = crt(ev).path("text").asText();
        assertTrue(text.contains(GUN + " 4") && text.contains(RHA + " (artillery) 4"), text);
        assertTrue(piece(g, GUN).path("fired").asBoolean());
        assertTrue(piece(g, RHA).path("fired").asBoolean());
    }

    @Test
    @DisplayName("RoT 10.2: no artillery out of range, fired already, or in the defending hex itself")
    void whoMaySupport() {
        Game g = game("MG2", MG1 + "@3026", "de-mg2-hq@3027", GUN + "@0825", AU + "@3025", RHA + "@3025", "br-1rha-b@3015");
        take(g, "\"done\"");
        assertEquals("[]", js(g, "rules.artillery.supporters('3025', 'axis').map((p) => p.id)").toString(), "0825 is 22 hexes away, beyond its 12");
        assertEquals("[\"br-1rha-b\"]", js(g, "rules.artillery.supporters('3025', 'allied').map((p) => p.id)").toString(), "not the battery in 3025");
        set(g, "state.pieces['br-1rha-b'].fired = true;");
        assertEquals("[]", js(g, "rules.artillery.supporters('3025', 'allied').map((p) => p.id)").toString());
    }

    @Test
    @DisplayName("RoT 10.2, 5.2: fired artillery flips back at the end of the turn, unless out of supply")
    void flipBack() {
        Game g = game("MG2", GUN + "@3040", "de-art33-2@3041");
        set(g, "state.pieces['" + GUN + "'].fired = true; state.pieces['de-art33-2'].fired = true; state.pieces['de-art33-2'].supply = 'out';");
        run(g, "rules.turns.endOfTurn();");
        assertFalse(piece(g, GUN).path("fired").asBoolean());
        assertTrue(piece(g, "de-art33-2").path("fired").asBoolean());
    }

    /** The Allied 1 RHA activation's combat decision, the battery at 3018 and an observer at 3024. */
    static Game barrage(String... more) {
        String[] base = {RHA + "@3018", "br-1rha-hq@3017", AU + "@3024"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        Game g = game("1-rha", all);
        take(g, "\"done\"");
        return g;
    }

    @Test
    @DisplayName("RoT 11.2: one die plus the hex's terrain modifier below the artillery's attack strength depletes a unit")
    void barrageHits() {
        Game g = barrage(MG1 + "@3026");
        dealNext(g, "3");
        act(g, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"3026\"}");
        assertTrue(piece(g, MG1).path("depleted").asBoolean(), "3 < 4");
        assertTrue(piece(g, RHA).path("barraged").asBoolean());
        assertTrue(piece(g, RHA).path("fired").asBoolean(), "it may not then add to an attack");
        Game m = barrage(MG1 + "@3026");
        dealNext(m, "4");
        act(m, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"3026\"}");
        assertFalse(piece(m, MG1).path("depleted").asBoolean(), "4 is not below 4");
    }

    @Test
    @DisplayName("RoT 11.2: in a stack each unit rolls a die; the highest is hit, all the tied highest if tied")
    void barrageStack() {
        Game g = barrage(MG1 + "@3026", MG2 + "@3026");
        dealNext(g, "325");
        act(g, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"3026\"}");
        assertFalse(piece(g, MG1).path("depleted").asBoolean());
        assertTrue(piece(g, MG2).path("depleted").asBoolean(), "it rolled 5 against 2");
        Game t = barrage(MG1 + "@3026", MG2 + "@3026");
        dealNext(t, "344");
        act(t, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"3026\"}");
        assertTrue(piece(t, MG1).path("depleted").asBoolean());
        assertTrue(piece(t, MG2).path("depleted").asBoolean());
    }

    @Test
    @DisplayName("RoT 11.2 note, 9.5: a leg unit riding a tracked unit that is hit is hit too; twice if both rolled highest")
    void barrageRiders() {
        Game g = barrage("de-1pz5-1@3026", MG1 + "@3026");
        set(g, "state.pieces['" + MG1 + "'].riding = 'de-1pz5-1';");
        dealNext(g, "364");
        act(g, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"3026\"}");
        assertTrue(piece(g, "de-1pz5-1").path("depleted").asBoolean());
        assertTrue(piece(g, MG1).path("depleted").asBoolean(), "the rider suffers with its tank");
        Game both = barrage("de-1pz5-1@3026", MG1 + "@3026");
        set(both, "state.pieces['" + MG1 + "'].riding = 'de-1pz5-1';");
        dealNext(both, "366");
        act(both, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"3026\"}");
        assertEquals("eliminated", piece(both, MG1).path("at").asText(), "hit as the highest and again with its tank");
    }

    @Test
    @DisplayName("RoT 11.2: only an observed target: a friendly unit within 10 hexes, no blocking terrain between; a bunker's +4 counts")
    void observation() {
        Game g = game("1-rha", RHA + "@3010", "br-1rha-hq@3009", MG1 + "@3026");
        take(g, "\"done\"");
        assertEquals(-1, find(g, "\"do\":\"barrage\""), "16 hexes from the battery, no other Allied unit");
        Game b = game("1-rha", RHA + "@1020", "br-1rha-hq@1019", AU + "@1022", MG1 + "@1023");
        take(b, "\"done\"");
        dealNext(b, "1");
        List<JsonNode> ev = act(b, "{\"do\":\"barrage\",\"unit\":\"" + RHA + "\",\"hex\":\"1023\"}");
        assertFalse(piece(b, MG1).path("depleted").asBoolean(), "1 + 4 for the bunker is not below 4");
        assertTrue(ev.toString().contains("+4 bunker"));
    }

    @Test
    @DisplayName("RoT 11.2 note example: a unit in a ravine hex is not obscured; only blocking terrain (the hill 2118) stops observation and line of sight")
    void ravineDoesNotObscure() {
        Game g = game("MG2", "de-mg2-1@2110", "au-2-24-a@2114", "au-2-24-b@2120");
        assertFalse(js(g, "rules.sight.blocks('2114')").asBoolean(), "a ravine carries no black triangle");
        assertTrue(js(g, "rules.sight.observes('2110', '2114')").asBoolean(), "the unit in the ravine 2114 is observed from 2110");
        assertTrue(js(g, "map.lineOfSight('2110', '2116', rules.sight.blocking())").asBoolean(), "and seen through the ravines 2114, 2115");
        assertTrue(js(g, "rules.fog.inspectable('axis', state.pieces['au-2-24-a'])").asBoolean(), "1.1: it may be inspected");
        assertTrue(js(g, "rules.sight.blocks('2118')").asBoolean());
        assertFalse(js(g, "rules.sight.observes('2116', '2120')").asBoolean(), "through the hill 2118: not observed");
    }
}
