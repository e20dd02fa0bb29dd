package hexlab.rules.ratsoftobruk;

import hexlab.kernel.play.Game;
import hexlab.rules.Positions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static hexlab.rules.ratsoftobruk.RatsFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The placeholder map against what the rulebook fixes (tables/rats-of-tobruk/map.yaml's header):
 * an owner who types in the printed map runs this to check it still fits the rules.
 */
@DisplayName("RoT map")
class MapTest {
    static final Game G = Positions.start(RATS, scenario(1, 1), 1);

    static String js1(String expr) { return js(G, expr).toString(); }

    @Test
    @DisplayName("RoT 2.1: the hill hexes of the map erratum, 1124 1125 1224, are hills; 17.11: Tobruk harbour is 4614, on land")
    void namedHexes() {
        assertEquals("[\"hill\",\"hill\",\"hill\"]", js1("['1124', '1125', '1224'].map((h) => map.terrain(h))"));
        assertEquals("\"4614\"", js1("map.place('Tobruk harbour')"));
        assertNotEquals("\"sea\"", js1("map.terrain('4614')"));
    }

    @Test
    @DisplayName("RoT 17.14: the ditch/wire perimeter closes the land round the harbour: no land path from the west or south edge reaches inside without crossing it")
    void perimeterIsClosed() {
        assertEquals("[0,true,true]", js1("(() => { const inside = new Set(map.zone('perimeter')); const seen = new Set(); const todo = [];"
                + " for (const h of map.zone('west-edge').concat(map.zone('south-edge'))) { seen.add(h); todo.push(h); }"
                + " let leaks = 0; while (todo.length) { const h = todo.pop(); if (inside.has(h)) leaks++;"
                + "   for (const n of map.neighbors(h)) if (!seen.has(n) && map.terrain(n) !== 'sea' && !map.hexsideHas(h, n, 'ditch-wire')) { seen.add(n); todo.push(n); } }"
                + " return [leaks, inside.has('4614'), ['1124', '1125', '1224'].every((h) => inside.has(h))]; })()"));
    }

    @Test
    @DisplayName("RoT 17.13: the entry edges are the land hexes of the west and south map edges, outside the perimeter")
    void entryEdges() {
        assertEquals("[true,true,true]", js1("(() => { const inside = new Set(map.zone('perimeter'));"
                + " const w = map.zone('west-edge'), s = map.zone('south-edge');"
                + " return [w.every((h) => h.startsWith('01') && map.terrain(h) !== 'sea'), s.every((h) => h.endsWith('42') && map.terrain(h) !== 'sea'),"
                + " w.concat(s).every((h) => !inside.has(h))]; })()"));
    }

    @Test
    @DisplayName("RoT 15.0, 16.1: the map-printed bunkers lie inside the perimeter, on land")
    void bunkers() {
        assertEquals("[true,true]", js1("(() => { const inside = new Set(map.zone('perimeter')); const b = map.ids.filter((h) => map.hasFeature(h, 'bunker'));"
                + " return [b.length >= 20, b.every((h) => inside.has(h))]; })()"));
    }

    @Test
    @DisplayName("RoT 9.2: roads and paths cross the wire somewhere, so wheeled units can get in and out")
    void gapsInTheWire() {
        assertTrue(js(G, "map.ids.some((h) => map.neighbors(h).some((n) => map.hexsideHas(h, n, 'ditch-wire') && map.hexsideHas(h, n, 'road')))").asBoolean());
    }
}
