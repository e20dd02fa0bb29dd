package hexlab.kernel.script;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.hex.LineOfSight;
import hexlab.kernel.hex.PathSearch;
import hexlab.kernel.hex.TableCost;
import hexlab.kernel.util.Json;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The board as scripts see it: static geometry handed to the prelude once (so neighbours and
 * distances are answered in JavaScript), and path search and line of sight answered here, one
 * call per search, with the cost model passed as data.
 */
final class MapBoard implements HostBridge.Board {
    private static final int SPEC_CACHE = 64;
    private static final int MODELS = 128;      // a model holds a few arrays of the map's size

    private final HexMap map;
    // cost models compiled from their JSON; a movement phase asks many times with the same one
    private final Map<String, TableCost> specs = new LinkedHashMap<>(SPEC_CACHE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TableCost> e) { return size() > SPEC_CACHE; }
    };
    // cost models the scripts defined once and search with by id (the least recently used go first)
    private final Map<Integer, TableCost> models = new LinkedHashMap<>(MODELS, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, TableCost> e) { return size() > MODELS; }
    };
    private int nextModel;
    // blocking sets for line of sight, by id (the least recently used go first)
    private final Map<Integer, boolean[]> sights = new LinkedHashMap<>(MODELS, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, boolean[]> e) { return size() > MODELS; }
    };
    private int nextSight;
    // zoned models by content, so the same zones rebuilt give the same model (least recently used go first)
    private final Map<Zoned, Integer> zoned = new LinkedHashMap<>(MODELS, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Zoned, Integer> e) { return size() > MODELS; }
    };
    private final ByteBuffer zonesIn;
    // reachInto's answer, which the prelude reads through typed arrays over it (no text to write and
    // parse): the costs as doubles from byte 8, then the hex indices as ints, both in the order found
    private final ByteBuffer out;

    MapBoard(HexMap map) {
        this.map = map;
        this.out = ByteBuffer.allocate(8 + 12 * map.size()).order(ByteOrder.nativeOrder());
        this.zonesIn = ByteBuffer.allocate(map.size());
    }

    private int idx(String id) {
        int i = map.index(id);
        if (i < 0) throw new IllegalArgumentException("no hex \"" + id + "\" on map " + map.name());
        return i;
    }

    private TableCost cost(String specJson) {
        TableCost c = specs.get(specJson);
        if (c == null) {
            @SuppressWarnings("unchecked") Map<String, Object> spec = Json.MAPPER.convertValue(Json.read(specJson), Map.class);
            c = TableCost.fromSpec(map, spec);
            specs.put(specJson, c);
        }
        return c;
    }

    @Override
    public String reach(String from, double budget, String specJson) {
        return write(PathSearch.reach(map, idx(from), budget, cost(specJson)));
    }

    private String write(PathSearch.Reach r) {
        StringBuilder sb = new StringBuilder(1024).append('{');
        boolean first = true;
        for (int i : r.reachable()) {
            if (!first) sb.append(',');
            first = false;
            sb.append('"').append(map.id(i)).append("\":").append(num(r.cost(i)));
        }
        return sb.append('}').toString();
    }

    @Override
    public int define(String specJson) {
        @SuppressWarnings("unchecked") Map<String, Object> spec = Json.MAPPER.convertValue(Json.read(specJson), Map.class);
        return define(spec);
    }

    @Override
    public ByteBuffer zoneBuffer() { return zonesIn; }

    // Zones come as bytes, not text: a spec rebuilt for every question (a zone of control, say) is
    // matched to the model of the same content here, without writing or hashing it as JSON
    @Override
    public int defineZoned(String specJson) {
        byte[] zones = new byte[map.size()];
        zonesIn.get(0, zones);
        Zoned key = new Zoned(specJson, zones, 31 * specJson.hashCode() + Arrays.hashCode(zones));
        Integer known = zoned.get(key);
        if (known != null && models.get(known) != null) return known;
        @SuppressWarnings("unchecked") Map<String, Object> spec = Json.MAPPER.convertValue(Json.read(specJson), Map.class);
        spec.put("zones", new String(zones, StandardCharsets.ISO_8859_1));   // one char per hex, its zone number
        int id = define(spec);
        if (id >= 0) zoned.put(key, id);
        return id;
    }

    private record Zoned(String json, byte[] zones, int hash) {
        @Override
        public boolean equals(Object o) { return o instanceof Zoned z && z.hash == hash && z.json.equals(json) && Arrays.equals(z.zones, zones); }

        @Override
        public int hashCode() { return hash; }
    }

    private int define(Map<String, Object> spec) {
        TableCost c;
        if (spec.get("base") instanceof Number b) {
            TableCost base = models.get(b.intValue());
            if (base == null) return -1;          // dropped: the script defines the base again
            spec.remove("base");
            c = TableCost.fromSpec(base, spec);
        } else {
            c = TableCost.fromSpec(map, spec);
        }
        int id = nextModel++;
        models.put(id, c);
        return id;
    }

    @Override
    public String reachWith(String from, double budget, int model) {
        TableCost c = models.get(model);
        return c == null ? null : write(PathSearch.reach(map, idx(from), budget, c));
    }

    @Override
    public ByteBuffer searchBuffer() { return out; }

    /** A search with a defined model, its answer written into {@link #searchBuffer()}: the number of hexes reached, -1 if the model was dropped. */
    @Override
    public int reachInto(String from, double budget, int model) {
        TableCost c = models.get(model);
        if (c == null) return -1;
        PathSearch.Reach r = PathSearch.reach(map, idx(from), budget, c);
        int k = 0, costs = 8, hexes = 8 + 8 * map.size();
        for (int i : r.reachable()) {
            out.putDouble(costs + 8 * k, r.cost(i));
            out.putInt(hexes + 4 * k, i);
            k++;
        }
        return k;
    }

    @Override
    public String pathWith(String from, String to, double budget, int model) {
        TableCost c = models.get(model);
        return c == null ? null : ids(PathSearch.reach(map, idx(from), budget, c).path(idx(to)));
    }

    @Override
    public String path(String from, String to, double budget, String specJson) {
        return ids(PathSearch.reach(map, idx(from), budget, cost(specJson)).path(idx(to)));
    }

    private String ids(int[] p) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < p.length; i++) sb.append(i == 0 ? "" : ",").append('"').append(map.id(p[i])).append('"');
        return sb.append(']').toString();
    }

    @Override
    public int defineSight(String blockingJson) {
        boolean[] blocks = new boolean[map.size()];
        for (JsonNode n : Json.read(blockingJson)) blocks[idx(n.asText())] = true;
        int id = nextSight++;
        sights.put(id, blocks);
        return id;
    }

    @Override
    public Boolean losWith(String from, String to, int sight) {
        boolean[] blocks = sights.get(sight);
        return blocks == null ? null : LineOfSight.clear(map, idx(from), idx(to), i -> blocks[i]);
    }

    @Override
    public int visibleInto(String from, int range, int sight) {
        boolean[] blocks = sights.get(sight);
        if (blocks == null) return -1;
        int[] seen = LineOfSight.visible(map, idx(from), range, i -> blocks[i]);
        int hexes = 8 + 8 * map.size();
        for (int k = 0; k < seen.length; k++) out.putInt(hexes + 4 * k, seen[k]);
        return seen.length;
    }

    @Override
    public String line(String from, String to) {
        int[] l = LineOfSight.line(map, idx(from), idx(to));
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < l.length; i++) sb.append(i == 0 ? "" : ",").append('"').append(map.id(l[i])).append('"');
        return sb.append(']').toString();
    }

    private static String num(double d) { return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d); }

    /** The static arrays the prelude builds its geometry from. */
    static ObjectNode boot(HexMap map) {
        ObjectNode m = Json.object();
        m.put("name", map.name());
        m.put("status", map.status());
        m.put("source", map.source());
        int n = map.size();
        ArrayNode ids = m.putArray("ids"), q = m.putArray("q"), r = m.putArray("r"), terrain = m.putArray("terrain");
        ArrayNode nb = m.putArray("neighbors"), masks = m.putArray("hexsideMasks");
        ObjectNode features = m.putObject("hexFeatures");
        for (int i = 0; i < n; i++) {
            ids.add(map.id(i));
            q.add(map.hex(i).q());
            r.add(map.hex(i).r());
            terrain.add(map.terrain(i));
            for (int d = 0; d < 6; d++) {
                nb.add(map.neighbor(i, d));
                masks.add(map.hexsideMask(i, d));
            }
            var f = map.features(i);
            if (!f.isEmpty()) {
                ArrayNode fa = features.putArray(map.id(i));
                f.forEach(fa::add);
            }
        }
        ArrayNode hf = m.putArray("hexsideFeatures");
        map.hexsideFeatureNames().forEach(hf::add);
        ObjectNode zones = m.putObject("zones");
        for (String z : map.zoneNames()) {
            ArrayNode za = zones.putArray(z);
            for (int i : map.zone(z)) za.add(map.id(i));
        }
        ObjectNode places = m.putObject("places");
        for (String p : map.placeNames()) places.put(p, map.id(map.place(p)));
        return m;
    }
}
