package hexlab.kernel.hex;

import static hexlab.kernel.hex.MapFixtures.idx;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HexMapTest {

    static final String SMALL = """
            map: small
            status: reconstructed
            source: "drawn for the tests"
            layout:
              orientation: flat-top
              columns: [1, 5]
              rows: [1, 4]
              lowered: even
            default-terrain: clear
            terrain:
              rough: "0202 0303"
              sea: "0501 0502"
            features:
              town: "0202 0404"
              well: "0202"
            hexsides:
              road: "0202/0203 0203/0204"
              river: "0203/0202"
            places:
              Port: "0303"
              Oasis: "0101"
            zones:
              west: "edge:west"
              landing: "0404 0101 0404"
              corners: "edge:north edge:east"
            """;

    final HexMap map = MapFixtures.map(SMALL);

    int at(String id) { return map.index(id); }

    @Test
    void hexesAreNumberedInIdOrderColumnByColumn() {
        assertEquals(20, map.size());
        assertEquals("0101", map.id(0));
        assertEquals("0104", map.id(3));
        assertEquals("0201", map.id(4));
        assertEquals(4, at("0201"));
        assertEquals(new Hex(2, 1), map.hex(at("0202")));
        assertEquals(2, map.column(at("0202")));
        assertEquals(2, map.row(at("0202")));
        assertEquals(at("0303"), map.index(new Hex(3, 1)));
    }

    @Test
    void idsOffTheMapOrMalformedHaveNoIndex() {
        assertEquals(-1, map.index("0601"));
        assertEquals(-1, map.index("0105"));
        assertEquals(-1, map.index("0100"));
        assertEquals(-1, map.index("x101"));
        assertEquals(-1, map.index(new Hex(-1, 0)));
    }

    @Test
    void describesItself() {
        assertEquals("small", map.name());
        assertEquals("reconstructed", map.status());
        assertEquals("drawn for the tests", map.source());
        assertEquals("clear", map.defaultTerrain());
        assertEquals(new HexLayout(1, 5, 1, 4, HexLayout.Lowered.EVEN), map.layout());
    }

    @Test
    void neighboursAreInDirectionOrderAndOffMapIsMinusOne() {
        assertArrayEquals(idx(map, "0201 0302 0303 0203 0103 0102"), map.neighbors(at("0202")));
        assertEquals(-1, map.neighbor(at("0101"), Hex.N));
        assertArrayEquals(idx(map, "0201 0102"), map.neighbors(at("0101")));
        assertEquals(Hex.S, map.directionTo(at("0202"), at("0203")));
        assertEquals(-1, map.directionTo(at("0202"), at("0204")));
        assertEquals(4, map.distance(at("0101"), at("0403")));
    }

    @Test
    void edgeHexesHaveANeighbourOffTheMap() {
        assertTrue(map.isEdge(at("0101")));
        assertTrue(map.isEdge(at("0504")));
        assertTrue(map.isEdge(at("0301")));
        assertFalse(map.isEdge(at("0202")));
        assertFalse(map.isEdge(at("0303")));
    }

    @Test
    void everyHexHasOneTerrainDefaultFirst() {
        assertEquals(List.of("clear", "rough", "sea"), map.terrainTypes());
        assertEquals("rough", map.terrain(at("0202")));
        assertEquals("sea", map.terrain(at("0502")));
        assertEquals("clear", map.terrain(at("0101")));
        assertEquals(1, map.terrainIndex(at("0303")));
        assertEquals(2, map.terrainType("sea"));
        assertEquals(-1, map.terrainType("swamp"));
    }

    @Test
    void hexFeaturesAreKeptPerHex() {
        assertTrue(map.hasFeature(at("0202"), "town"));
        assertFalse(map.hasFeature(at("0203"), "town"));
        assertFalse(map.hasFeature(at("0202"), "nothing"));
        assertEquals(List.of("town", "well"), map.features(at("0202")));
        assertEquals(List.of("town", "well"), map.featureNames());
        assertArrayEquals(idx(map, "0202 0404"), map.featureHexes("town"));
    }

    @Test
    void hexsideIsSharedByBothHexes() {
        int road = map.featureBit("road");
        assertTrue(map.hasHexsideFeature(at("0203"), Hex.N, road));
        assertTrue(map.hasHexsideFeature(at("0202"), Hex.S, road));
        assertFalse(map.hasHexsideFeature(at("0202"), Hex.SE, road));
        assertEquals(map.hexsideMask(at("0202"), Hex.S), map.hexsideMask(at("0203"), Hex.N));
    }

    @Test
    void hexsideWrittenEitherWayRoundIsTheSameHexside() {
        // river was written "0203/0202", road "0202/0203": both lie on one hexside
        assertEquals(List.of("river", "road"), map.hexsideFeatures(at("0202"), at("0203")));
        assertEquals(List.of("river", "road"), map.hexsideFeatures(at("0203"), at("0202")));
        assertEquals(List.of("road"), map.hexsideFeatures(at("0204"), at("0203")));
        assertEquals(List.of(), map.hexsideFeatures(at("0202"), at("0303")));
        assertThrows(IllegalArgumentException.class, () -> map.hexsideFeatures(at("0202"), at("0204")));
    }

    @Test
    void featureBitsFollowTheFileOrder() {
        assertEquals(0, map.featureBit("road"));
        assertEquals(1, map.featureBit("river"));
        assertEquals(-1, map.featureBit("wall"));
        assertEquals(List.of("road", "river"), map.hexsideFeatureNames());
        assertEquals(0b11L, map.hexsideMask(at("0202"), Hex.S));
        assertEquals(0b01L, map.hexsideMask(at("0203"), Hex.S));
        assertEquals(0L, map.hexsideMask(at("0101"), Hex.N));
        assertFalse(map.hasHexsideFeature(at("0202"), Hex.S, -1));
    }

    @Test
    void hexsideKeyNamesTheLowerIdFirst() {
        Hexside side = map.hexside(at("0203"), Hex.N);
        assertEquals(side, map.hexside(at("0202"), Hex.S));
        assertEquals(Hexside.of(at("0203"), at("0202")), side);
        assertEquals("0202/0203", side.key(map));
        assertNull(map.hexside(at("0101"), Hex.N));
        assertEquals(List.of("0202/0203", "0203/0204"), map.hexsides("road").stream().map(s -> s.key(map)).toList());
        assertEquals(List.of(), map.hexsides("wall"));
    }

    @Test
    void placesNameOneHex() {
        assertEquals(at("0303"), map.place("Port"));
        assertEquals(-1, map.place("Atlantis"));
        assertEquals(List.of("Port", "Oasis"), map.placeNames());
    }

    @Test
    void zonesAreSortedWithoutDuplicates() {
        assertArrayEquals(idx(map, "0101 0404"), map.zone("landing"));
        assertEquals(List.of("west", "landing", "corners"), map.zoneNames());
        assertTrue(map.hasZone("west"));
        assertThrows(IllegalArgumentException.class, () -> map.zone("east"));
    }

    @Test
    void edgeWordsNameAllHexesOfThatMapEdge() {
        assertArrayEquals(idx(map, "0101 0102 0103 0104"), map.zone("west"));
        assertArrayEquals(idx(map, "0101 0201 0301 0401 0501 0502 0503 0504"), map.zone("corners"));
        HexMap other = MapFixtures.board(3, 2, "odd", """
                zones:
                  s: "edge:south"
                  e: "edge:east"
                """);
        assertArrayEquals(idx(other, "0102 0202 0302"), other.zone("s"));
        assertArrayEquals(idx(other, "0301 0302"), other.zone("e"));
    }

    @Test
    void zoneArraysCannotBeChangedFromOutside() {
        map.zone("landing")[0] = 7;
        assertArrayEquals(idx(map, "0101 0404"), map.zone("landing"));
    }

    @Test
    void firstRowZeroMapsWork() {
        HexMap zero = MapFixtures.map("""
                map: zero
                status: placeholder
                layout: {columns: [0, 2], rows: [0, 2], lowered: odd}
                default-terrain: clear
                hexsides: {wall: "0000/0100"}
                """);
        assertEquals(9, zero.size());
        assertEquals("0000", zero.id(0));
        assertEquals(Hex.SE, zero.directionTo(zero.index("0000"), zero.index("0100")));
        assertEquals(List.of("wall"), zero.hexsideFeatures(zero.index("0100"), zero.index("0000")));
        assertEquals("", zero.source());
    }

    @Test
    void idsFormatIndexListsForMessages() {
        assertEquals("0101 0404", map.ids(map.zone("landing")));
    }
}
