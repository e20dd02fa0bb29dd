package hexlab.kernel.rules;

import hexlab.kernel.error.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The rule systems under one project root: {@code tables/<id>/system.yaml},
 * {@code rules-scripts/<id>/}, {@code scenarios/<id>/}. Loaded systems are cached.
 */
public final class Catalog {
    private final Path root;
    private final Map<String, RuleSystem> cache = new ConcurrentHashMap<>();
    private final Map<String, String> prints = new ConcurrentHashMap<>();     // id -> its files as they were read

    public Catalog(Path root) { this.root = root.toAbsolutePath().normalize(); }

    public Path root() { return root; }

    public Path tablesDir(String systemId) { return root.resolve("tables").resolve(systemId); }

    public Path scriptsDir(String systemId) { return root.resolve("rules-scripts").resolve(systemId); }

    public Path scenariosDir(String systemId) { return root.resolve("scenarios").resolve(systemId); }

    /** Paths in messages are shown relative to the project root, the way a modder names them. */
    public String display(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    /** Ids of every system with a manifest, sorted. */
    public List<String> systemIds() {
        Path tables = root.resolve("tables");
        if (!Files.isDirectory(tables)) return List.of();
        try (Stream<Path> dirs = Files.list(tables)) {
            List<String> ids = new ArrayList<>();
            dirs.filter(d -> Files.isRegularFile(d.resolve("system.yaml"))).forEach(d -> ids.add(d.getFileName().toString()));
            ids.sort(null);
            return ids;
        } catch (IOException e) {
            throw new InputException(display(tables), 0, 0, "cannot list systems: " + e.getMessage());
        }
    }

    public RuleSystem system(String id) {
        RuleSystem s = cache.get(id);
        if (s == null) {
            String before = fingerprint();      // taken first: an edit made while loading shows as a change
            s = new SystemLoader(this).load(id);
            cache.put(id, s);
            prints.put(id, before);
        }
        return s;
    }

    /** Forget loaded systems, so edited files are read again. */
    public void reload() {
        cache.clear();
        prints.clear();
    }

    /**
     * Whether a rule file was added, removed or edited since the loaded system {@code id} was read:
     * any table, erratum, script, map or scenario of the project (a system may extend any other).
     * False for a system not loaded yet: it will be read as it is.
     */
    public boolean changedOnDisk(String id) {
        String then = prints.get(id);
        return cache.containsKey(id) && then != null && !then.equals(fingerprint());
    }

    /** Every file under tables/, rules-scripts/ and scenarios/: path, size and time, in path order. */
    private String fingerprint() {
        StringBuilder sb = new StringBuilder();
        for (String top : List.of("tables", "rules-scripts", "scenarios")) {
            Path dir = root.resolve(top);
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(Files::isRegularFile).sorted().forEach(f -> {
                    try {
                        sb.append(display(f)).append(' ').append(Files.size(f)).append(' ').append(Files.getLastModifiedTime(f).toMillis()).append('\n');
                    } catch (IOException e) {
                        sb.append(display(f)).append(" unreadable\n");
                    }
                });
            } catch (IOException | java.io.UncheckedIOException e) {
                sb.append(top).append(" unreadable\n");
            }
        }
        return sb.toString();
    }
}
