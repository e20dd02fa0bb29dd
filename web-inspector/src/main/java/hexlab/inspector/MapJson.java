package hexlab.inspector;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.hex.Hex;
import hexlab.kernel.hex.HexLayout;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.util.Json;

import java.util.List;

/** A board as the browser draws it: hexes in columns of arrays (small to send), hexside features once per side. */
final class MapJson {
    private MapJson() {}

    static ObjectNode of(HexMap m) {
        ObjectNode o = Json.object();
        o.put("name", m.name()).put("status", m.status()).put("source", m.source()).put("defaultTerrain", m.defaultTerrain());
        HexLayout l = m.layout();
        o.putObject("layout").put("orientation", "flat-top").put("firstColumn", l.firstColumn()).put("lastColumn", l.lastColumn())
                .put("firstRow", l.firstRow()).put("lastRow", l.lastRow()).put("lowered", l.lowered().word());
        o.set("terrainTypes", Json.MAPPER.valueToTree(m.terrainTypes()));
        o.set("featureNames", Json.MAPPER.valueToTree(m.featureNames()));
        o.set("hexsideFeatureNames", Json.MAPPER.valueToTree(m.hexsideFeatureNames()));
        ArrayNode ids = o.putArray("ids"), q = o.putArray("q"), r = o.putArray("r"), terrain = o.putArray("terrain");
        ObjectNode features = o.putObject("features");
        for (int i = 0; i < m.size(); i++) {
            Hex h = m.hex(i);
            ids.add(m.id(i));
            q.add(h.q());
            r.add(h.r());
            terrain.add(m.terrainIndex(i));
            List<String> f = m.features(i);
            if (!f.isEmpty()) features.set(m.id(i), Json.MAPPER.valueToTree(f));
        }
        // directions 0..2 (N, NE, SE) name each side once; the other three are a neighbour's 3..5
        ArrayNode sides = o.putArray("hexsides");
        List<String> names = m.hexsideFeatureNames();
        for (int i = 0; i < m.size(); i++) {
            for (int d = 0; d < 3; d++) {
                long mask = m.hexsideMask(i, d);
                if (mask == 0) continue;
                ArrayNode f = Json.MAPPER.createArrayNode();
                for (int bit = 0; bit < names.size(); bit++) if ((mask & (1L << bit)) != 0) f.add(names.get(bit));
                sides.addObject().put("a", m.id(i)).put("b", m.id(m.neighbor(i, d))).set("features", f);
            }
        }
        ObjectNode places = o.putObject("places");
        for (String p : m.placeNames()) places.put(p, m.id(m.place(p)));
        ObjectNode zones = o.putObject("zones");
        for (String z : m.zoneNames()) {
            ArrayNode a = zones.putArray(z);
            for (int i : m.zone(z)) a.add(m.id(i));
        }
        return o;
    }
}
