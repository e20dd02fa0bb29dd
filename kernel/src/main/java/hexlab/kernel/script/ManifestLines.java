package hexlab.kernel.script;

import hexlab.kernel.error.LoadError;
import hexlab.kernel.rules.Catalog;
import hexlab.kernel.rules.RuleSystem;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a manifest names a script pointer ({@code section.export}), or an erratum the export it replaces: for load errors that say file:line:col. */
public final class ManifestLines {
    private ManifestLines() {}

    /**
     * A load error at the first place the system's manifest, or an ancestor's (a pointer may be
     * inherited), names {@code ref}; at the system's manifest if none does.
     */
    public static LoadError naming(Catalog catalog, RuleSystem sys, String ref, String message) {
        List<Path> manifests = new ArrayList<>();
        manifests.add(sys.manifest());
        for (String id : sys.lineage()) {
            Path m = catalog.tablesDir(id).resolve("system.yaml");
            if (!manifests.contains(m)) manifests.add(m);
        }
        return naming(catalog, manifests, ref, message);
    }

    /** A load error at the first place one of {@code files} names {@code ref} as a word; at the first file if none does. */
    public static LoadError naming(Catalog catalog, List<Path> manifests, String ref, String message) {
        Pattern p = Pattern.compile("(^|[^A-Za-z0-9_.-])(" + Pattern.quote(ref) + ")([^A-Za-z0-9_]|$)");
        for (Path m : manifests) {
            try {
                List<String> lines = Files.readAllLines(m);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher x = p.matcher(lines.get(i));
                    if (x.find()) return new LoadError(catalog.display(m), i + 1, x.start(2) + 1, message);
                }
            } catch (IOException | RuntimeException e) {
                // the message still names the manifest and the pointer
            }
        }
        return new LoadError(catalog.display(manifests.getFirst()), 0, 0, message);
    }
}
