package hexlab.kernel.play;

import hexlab.kernel.error.InputException;
import hexlab.kernel.hex.HexMap;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.yaml.YamlDoc;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Maps by file: loaded once and shared, since a board never changes during play. */
public final class Boards {
    private static final Map<Path, HexMap> CACHE = new ConcurrentHashMap<>();

    private Boards() {}

    /** The system's map {@code mapId}, or null for a system without maps. */
    public static HexMap load(Catalog catalog, RuleSystem system, String mapId) {
        if (mapId == null) return null;
        Path file = system.maps().get(mapId);
        if (file == null) throw new InputException(catalog.display(system.manifest()), "/maps", "no map \"" + mapId + "\" (maps: " + String.join(", ", system.maps().keySet()) + ")");
        return CACHE.computeIfAbsent(file.toAbsolutePath().normalize(), p -> {
            YamlDoc doc = YamlDoc.load(p, catalog.display(p));
            try {
                return HexMap.parse(doc.map(), doc.file());
            } catch (InputException e) {
                throw doc.locate(e);
            }
        });
    }

    public static void clear() { CACHE.clear(); }
}
