package hexlab.kernel.script;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The searches scripts ask of the map: ctx.map.reach, reachCosts and path, with specs compiled once. */
class MapSearchTest {
    final Kernel k = Fixtures.toy();
    final Game g = k.start(Variant.base(k.system("toy")), "meeting", 1);

    String eval(String expr) { return g.rules().callString("evaluate", expr).replaceAll("\\s+", ""); }

    static final String SPEC = "({terrain: {clear: 1, rough: 2, lake: 'prohibited'}, hexsides: {road: {replace: 0.5}, river: {add: 2}}})";

    @Test
    void reachCostsAnswersWhatReachAnswersByHexIndex() {
        String same = eval("(() => { const s = " + SPEC + "; const r = map.reach('0302', 4, s), c = map.reachCosts('0302', 4, s);"
                + " const fromCosts = {}; for (const i of c.hexes) fromCosts[map.ids[i]] = c.costs[i];"
                + " return JSON.stringify(fromCosts) === JSON.stringify(Object.fromEntries(Object.keys(r).sort().map((h) => [h, r[h]])))"
                + " && c.costs[map.index('0302')] === Infinity && c.hexes.length === Object.keys(r).length; })()");
        assertEquals("true", same);
    }

    @Test
    void zonesInASpecPriceTheirHexesAsTheSameExtrasByHexWould() {
        // zone 1 costs 3 more to enter and 1 more to leave; zone 2 stops the move
        String same = eval("(() => { const z = new Uint8Array(map.ids.length); z[map.index('0202')] = 1; z[map.index('0203')] = 2;"
                + " const a = map.reachCosts('0201', 10, Object.assign(" + SPEC + ", {zones: z, zoneEnterAdd: [0, 3], zoneLeaveAdd: [0, 1], zoneStop: [2]}));"
                + " const b = map.reachCosts('0201', 10, Object.assign(" + SPEC + ", {enterAdd: {'0202': 3}, leaveAdd: {'0202': 1}, stop: ['0203']}));"
                + " const c = map.reachCosts('0201', 10, " + SPEC + ");"
                + " return [a.costs.join() === b.costs.join(), a.costs.join() !== c.costs.join(), a.costs[map.index('0202')] - c.costs[map.index('0202')]]; })()");
        assertEquals("[true,true,3]", same);
    }

    @Test
    void visibleAnswersInOneCallWhatLineOfSightAnswersHexByHex() {
        // the toy's rough hexes (0403 0404 0503) block sight; 0302 looks east across them
        String same = eval("(() => { const b = map.ids.filter((h) => map.terrain(h) === 'rough');"
                + " const one = map.visible('0302', 4, b);"
                + " const each = map.within('0302', 4).filter((h) => h !== '0302' && map.lineOfSight('0302', h, b)).sort((x, y) => map.index(x) - map.index(y));"
                + " return [one.join() === each.join(), one.indexOf('0403') >= 0, one.indexOf('0603') < 0, map.visible('0302', 4, []).length === map.within('0302', 4).length - 1]; })()");
        assertEquals("[true,true,true,true]", same);
    }

    @Test
    void aBlockingSetTheKernelDroppedIsDefinedAgainAndAnswersTheSame() {
        // the kernel keeps 128 blocking sets: 200 others push the first out
        String same = eval("(() => { const b = ['0403', '0404', '0503']; const first = map.visible('0302', 4, b);"
                + " for (let i = 0; i < 200; i++) map.lineOfSight('0101', '0806', [map.ids[i % map.ids.length], map.ids[(i * 7) % map.ids.length], 'x' + i].filter((h) => map.has(h)).concat([map.ids[i % 40]]).slice(0, 1 + (i % 3)));"
                + " return map.visible('0302', 4, b).join() === first.join() && first.length > 3; })()");
        assertEquals("true", same);
    }

    @Test
    void aSpecIsFrozenAtItsFirstSearch() {
        assertEquals("[false,true,true]", eval("(() => { const s = " + SPEC + "; const before = Object.isFrozen(s); map.reach('0101', 2, s);"
                + " return [before, Object.isFrozen(s), Object.isFrozen(s.terrain)]; })()"));
    }

    @Test
    void aTypedArrayOtherThanZonesIsRefusedByName() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> eval("map.reach('0101', 2, Object.assign(" + SPEC + ", {enterAdd: new Float64Array(map.ids.length)}))"));
        assertTrue(e.getMessage().contains("search spec: enterAdd is a typed array; only zones may be one"), e.getMessage());
    }

    @Test
    void aBadSpecIsNamedAtTheSearch() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> eval("map.reach('0101', 2, Object.assign(" + SPEC + ", {zoneStop: [1]}))"));
        assertTrue(e.getMessage().contains("zoneStop: needs zones"), e.getMessage());
    }

    @Test
    void aSpecOnABaseSearchesAsTheWholeSpecWould() {
        String same = eval("(() => { const base = " + SPEC + ";"
                + " const a = map.reachCosts('0201', 10, {base, enterAdd: {'0202': 3}, stop: ['0203']});"
                + " const b = map.reachCosts('0201', 10, Object.assign(" + SPEC + ", {enterAdd: {'0202': 3}, stop: ['0203']}));"
                + " const again = map.reachCosts('0201', 10, {base, enterAdd: {'0202': 3}, stop: ['0203']});"
                + " return [a.costs.join() === b.costs.join(), again.costs.join() === a.costs.join(), Object.isFrozen(base)]; })()");
        assertEquals("[true,true,true]", same);
        RuntimeException e = assertThrows(RuntimeException.class, () -> eval("map.reach('0101', 2, {base: " + SPEC + ", terrain: {clear: 2}})"));
        assertTrue(e.getMessage().contains("\"terrain\" in a spec with a base"), e.getMessage());
    }

    @Test
    void aSearchWhoseModelTheKernelDroppedDefinesItAgainAndAnswersTheSame() {
        // the kernel keeps 128 models: 200 others push the first one out, and its next search must define it again
        String same = eval("(() => { const s = " + SPEC + "; const first = map.reachCosts('0302', 4, s);"
                + " for (let i = 1; i <= 200; i++) map.reachCosts('0302', 4, Object.assign(" + SPEC + ", {enterAdd: {'0303': i}}));"
                + " const again = map.reachCosts('0302', 4, s);"
                + " return again.costs.join() === first.costs.join() && again.hexes.join() === first.hexes.join() && first.hexes.length > 1; })()");
        assertEquals("true", same);
    }

    @Test
    void zonesRebuiltWithTheSameContentShareOneModelAndAChangedZoneMakesAnother() {
        // a spec rebuilt for every question (a zone of control) must not compile a model each time
        String ids = eval("(() => { const spec = () => { const z = new Uint8Array(map.ids.length); z[map.index('0203')] = 2;"
                + " return Object.assign(" + SPEC + ", {zones: z, zoneStop: [2]}); };"
                + " const a = map.reachCosts('0201', 10, spec()), b = map.reachCosts('0201', 10, spec());"
                + " const z = new Uint8Array(map.ids.length); z[map.index('0202')] = 2;"
                + " const c = map.reachCosts('0201', 10, Object.assign(" + SPEC + ", {zones: z, zoneStop: [2]}));"
                + " return [a.costs.join() === b.costs.join(), a.costs.join() !== c.costs.join()]; })()");
        assertEquals("[true,true]", ids);
        MapBoard board = new MapBoard(hexlab.kernel.hex.HexMap.parse(hexlab.kernel.yaml.YamlDoc.parse("""
                map: three
                status: reconstructed
                source: "drawn for the test"
                layout: {orientation: flat-top, columns: [1, 3], rows: [1, 3], lowered: even}
                default-terrain: clear
                """, "three.yaml").map(), "three.yaml"));
        board.zoneBuffer().put(0, new byte[board.zoneBuffer().capacity()]);
        board.zoneBuffer().put(3, (byte) 2);
        int first = board.defineZoned("{\"terrain\":{\"clear\":1},\"zoneStop\":[2]}");
        assertEquals(first, board.defineZoned("{\"terrain\":{\"clear\":1},\"zoneStop\":[2]}"));
        board.zoneBuffer().put(4, (byte) 2);
        assertTrue(board.defineZoned("{\"terrain\":{\"clear\":1},\"zoneStop\":[2]}") != first);
    }

    @Test
    void zonesOfTheWrongLengthAreRefusedWithTheMapsSize() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> eval("map.reach('0101', 2, Object.assign(" + SPEC + ", {zones: new Uint8Array(3), zoneStop: [1]}))"));
        assertTrue(e.getMessage().contains("zones needs one zone number per hex of map"), e.getMessage());
    }

    @Test
    void aHexIdFindsItsIndexAndANonIdIsRefusedByName() {
        assertEquals("true", eval("map.ids.every((id, i) => map.index(id) === i && map.has(id))"));
        for (String bad : new String[] {"'0000'", "'9999'", "'01a1'", "'01010'", "1103", "'0 01'", "'01/1'", "null"}) {
            assertEquals("false", eval("map.has(" + bad + ")"), bad);
            RuntimeException e = assertThrows(RuntimeException.class, () -> eval("map.index(" + bad + ")"));
            assertTrue(e.getMessage().contains("no hex"), bad + ": " + e.getMessage());
        }
    }
}
