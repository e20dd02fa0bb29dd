package hexlab.kernel.hex;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable board: a full rectangle of flat-top hexes numbered 0..size-1 in id order
 * (column-major, as the zero-padded ids sort), with one terrain type per hex, hex features,
 * hexside features (each hexside stored once, shared by both hexes), named places and zones.
 *
 * <p>Read from a map file ({@code tables/<system>/map*.yaml}, see docs/formats.md):
 * <pre>
 * map: crusader                    # name
 * status: reconstructed            # printed | reconstructed | placeholder
 * source: "how it was made"
 * layout: {orientation: flat-top, columns: [1, 40], rows: [1, 26], lowered: even}
 * default-terrain: clear           # every hex not listed under terrain
 * terrain:  {rough: "0101 0102"}   # type -> hex ids; a hex has one type
 * features: {town: "1103"}         # name -> hex ids; any number per hex
 * hexsides: {road: "1103/1203"}    # name -> AAAA/BBBB pairs, either order; at most 64 names
 * places:   {Port: "1103"}         # name -> one hex id
 * zones:    {east: "edge:east 3910"}   # name -> hex ids and the words edge:north|south|east|west
 * </pre>
 * Hex ids must be quoted strings: YAML reads 0101 as a number. In zones, {@code edge:north} means
 * every hex of the first row, {@code edge:south} of the last row, {@code edge:west} of the first
 * column and {@code edge:east} of the last column.
 *
 * <p>Feature bits and the order of names follow the document's mappings, which keep the file's
 * order when read by SnakeYAML or Jackson.
 */
public final class HexMap {
    private final HexGrid grid;
    private final String name;
    private final String status;
    private final String source;
    private final String note;
    private final String defaultTerrain;
    private final List<String> terrainTypes;
    private final Map<String, Integer> terrainIndexByName;
    private final int[] terrainOf;
    private final Map<String, boolean[]> features;
    private final List<String> hexsideFeatureNames;
    private final Map<String, Integer> bitByName;
    private final long[] sideMask;
    private final Map<String, Integer> places;
    private final Map<String, int[]> zones;

    HexMap(HexGrid grid, String name, String status, String source, String note, String defaultTerrain,
           List<String> terrainTypes, int[] terrainOf, LinkedHashMap<String, boolean[]> features,
           List<String> hexsideFeatureNames, long[] sideMask,
           LinkedHashMap<String, Integer> places, LinkedHashMap<String, int[]> zones) {
        this.grid = grid;
        this.name = name;
        this.status = status;
        this.source = source;
        this.note = note;
        this.defaultTerrain = defaultTerrain;
        this.terrainTypes = List.copyOf(terrainTypes);
        this.terrainIndexByName = indexOf(this.terrainTypes);
        this.terrainOf = terrainOf;
        this.features = Collections.unmodifiableMap(features);
        this.hexsideFeatureNames = List.copyOf(hexsideFeatureNames);
        this.bitByName = indexOf(this.hexsideFeatureNames);
        this.sideMask = sideMask;
        this.places = Collections.unmodifiableMap(places);
        this.zones = Collections.unmodifiableMap(zones);
    }

    // lookup only, never iterated: the order of a HashMap cannot leak from here
    private static Map<String, Integer> indexOf(List<String> names) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < names.size(); i++) m.put(names.get(i), i);
        return m;
    }

    /** Reads a map from an already-parsed YAML document; any mistake is an InputException naming the key. */
    public static HexMap parse(Map<String, Object> doc, String file) {
        return HexMapParser.parse(doc, file);
    }

    /** Reads a map file with SnakeYAML's safe loader; syntax errors and mistakes carry file, line and column. */
    public static HexMap load(Path file) {
        return HexMapParser.load(file);
    }

    // --- description ---

    public String name() { return name; }

    public String status() { return status; }

    public String source() { return source; }

    /** What a reconstructed or placeholder map was drawn from; null when the file says nothing. */
    public String note() { return note; }

    /** The terrain of every hex not listed under {@code terrain}; null if the file gave none. */
    public String defaultTerrain() { return defaultTerrain; }

    public HexLayout layout() { return grid.layout; }

    // --- hexes ---

    public int size() { return grid.size; }

    public String id(int idx) { return grid.ids[idx]; }

    /** Index of a printed id, -1 if it is not on this map. */
    public int index(String id) { return grid.index(id); }

    /** Index of an axial hex, -1 if it is not on this map. */
    public int index(Hex hex) { return grid.index(hex); }

    public Hex hex(int idx) { return new Hex(grid.q[idx], grid.r[idx]); }

    public int column(int idx) { return grid.column(idx); }

    public int row(int idx) { return grid.row(idx); }

    /** "0101 0102 ...", for messages and traces. */
    public String ids(int[] indices) {
        StringBuilder sb = new StringBuilder();
        for (int i : indices) {
            if (sb.length() > 0) sb.append(' ');
            sb.append(grid.ids[i]);
        }
        return sb.toString();
    }

    // --- geometry ---

    /** The neighbour in direction {@code dir} (0 N .. 5 NW), -1 if off the map. */
    public int neighbor(int idx, int dir) {
        // a direction of 6 would silently read the next hex's north neighbour
        return grid.neighbors[idx * 6 + Objects.checkIndex(dir, 6)];
    }

    /** The on-map neighbours, in direction order. */
    public int[] neighbors(int idx) {
        int[] out = new int[6];
        int n = 0;
        for (int d = 0; d < 6; d++) {
            int nb = grid.neighbors[idx * 6 + d];
            if (nb >= 0) out[n++] = nb;
        }
        return n == 6 ? out : java.util.Arrays.copyOf(out, n);
    }

    /** The direction from {@code a} to adjacent {@code b}, -1 if they are not adjacent. */
    public int directionTo(int a, int b) {
        for (int d = 0; d < 6; d++) {
            if (grid.neighbors[a * 6 + d] == b) return d;
        }
        return -1;
    }

    public int distance(int a, int b) {
        int dq = grid.q[a] - grid.q[b], dr = grid.r[a] - grid.r[b];
        return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
    }

    /** True if some neighbour of the hex is off the map. */
    public boolean isEdge(int idx) { return grid.edge[idx]; }

    // --- terrain ---

    public String terrain(int idx) { return terrainTypes.get(terrainOf[idx]); }

    /** The terrain type of a hex as an index into {@link #terrainTypes()}, for table lookups. */
    public int terrainIndex(int idx) { return terrainOf[idx]; }

    /** Terrain type ids: the default terrain first, then the file's order. */
    public List<String> terrainTypes() { return terrainTypes; }

    /** Index of a terrain type id, -1 if the map has no such type. */
    public int terrainType(String id) {
        Integer i = terrainIndexByName.get(id);
        return i == null ? -1 : i;
    }

    // --- hex features ---

    public boolean hasFeature(int idx, String feature) {
        boolean[] in = features.get(feature);
        return in != null && in[idx];
    }

    /** The features in a hex, sorted. */
    public List<String> features(int idx) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, boolean[]> e : features.entrySet()) {
            if (e.getValue()[idx]) out.add(e.getKey());
        }
        Collections.sort(out);
        return List.copyOf(out);
    }

    /** Hex feature names in the file's order. */
    public List<String> featureNames() { return List.copyOf(features.keySet()); }

    /** The hexes with a feature, sorted; empty if the feature is unknown. */
    public int[] featureHexes(String feature) {
        boolean[] in = features.get(feature);
        return in == null ? new int[0] : indicesOf(in);
    }

    // --- hexsides ---

    /** The hexside of a hex in direction {@code dir}, null if the neighbour is off the map. */
    public Hexside hexside(int idx, int dir) {
        int nb = neighbor(idx, dir);
        return nb < 0 ? null : Hexside.of(idx, nb);
    }

    /** Hexside feature names in the file's order; a name's position is its bit. */
    public List<String> hexsideFeatureNames() { return hexsideFeatureNames; }

    /** The bit of a hexside feature in {@link #hexsideMask}, -1 if the map has no such feature. */
    public int featureBit(String name) {
        Integer b = bitByName.get(name);
        return b == null ? -1 : b;
    }

    /** The hexside features between two adjacent hexes as bits (see {@link #featureBit}); 0 off the map. */
    public long hexsideMask(int idx, int dir) {
        int side = grid.sideOf[idx * 6 + Objects.checkIndex(dir, 6)];
        return side < 0 ? 0L : sideMask[side];
    }

    public boolean hasHexsideFeature(int idx, int dir, int featureBit) {
        return featureBit >= 0 && featureBit < 64 && (hexsideMask(idx, dir) & (1L << featureBit)) != 0;
    }

    /** The features on the side between adjacent hexes {@code a} and {@code b}, sorted. */
    public List<String> hexsideFeatures(int a, int b) {
        int dir = directionTo(a, b);
        if (dir < 0) throw new IllegalArgumentException("hexes " + id(a) + " and " + id(b) + " are not adjacent");
        long mask = hexsideMask(a, dir);
        List<String> out = new ArrayList<>();
        for (int bit = 0; bit < hexsideFeatureNames.size(); bit++) {
            if ((mask & (1L << bit)) != 0) out.add(hexsideFeatureNames.get(bit));
        }
        Collections.sort(out);
        return List.copyOf(out);
    }

    /** The hexsides with a feature, sorted by lower then higher index; empty if the feature is unknown. */
    public List<Hexside> hexsides(String feature) {
        int bit = featureBit(feature);
        if (bit < 0) return List.of();
        List<Hexside> out = new ArrayList<>();
        for (int i = 0; i < grid.size; i++) {
            for (int d = 0; d < 3; d++) {
                if ((hexsideMask(i, d) & (1L << bit)) != 0) out.add(Hexside.of(i, grid.neighbors[i * 6 + d]));
            }
        }
        Collections.sort(out);
        return List.copyOf(out);
    }

    // --- places and zones ---

    /** The hex of a named place, -1 if the map names no such place. */
    public int place(String name) {
        Integer i = places.get(name);
        return i == null ? -1 : i;
    }

    /** Place names in the file's order. */
    public List<String> placeNames() { return List.copyOf(places.keySet()); }

    /** The hexes of a zone, sorted; IllegalArgumentException if the map has no such zone. */
    public int[] zone(String name) {
        int[] z = zones.get(name);
        if (z == null) throw new IllegalArgumentException("map " + this.name + " has no zone \"" + name + "\" (zones: "
                + String.join(", ", zones.keySet()) + ")");
        return z.clone();
    }

    public boolean hasZone(String name) { return zones.containsKey(name); }

    /** Zone names in the file's order. */
    public List<String> zoneNames() { return List.copyOf(zones.keySet()); }

    static int[] indicesOf(boolean[] in) {
        int n = 0;
        for (boolean b : in) if (b) n++;
        int[] out = new int[n];
        n = 0;
        for (int i = 0; i < in.length; i++) if (in[i]) out[n++] = i;
        return out;
    }

    @Override
    public String toString() {
        return "HexMap[" + name + ", " + grid.layout.bounds() + ", lowered " + grid.layout.lowered().word() + "]";
    }
}
