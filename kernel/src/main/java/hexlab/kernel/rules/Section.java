package hexlab.kernel.rules;

import java.nio.file.Path;
import java.util.Map;

/**
 * One rule section: its tables (as loaded, before errata) and its script, pinned by a semantic
 * version and the sha256 of both files' bytes.
 *
 * @param definedBy the system whose files hold this section (a child system may inherit it)
 * @param status    table name to printed | reconstructed | placeholder
 */
public record Section(String name, String version, String rule, String source, String definedBy,
                      Path tableFile, Path scriptFile, String scriptText,
                      Map<String, Object> tables, Map<String, String> status, String sha256) {

    /** The weakest provenance of the section's tables: placeholder beats reconstructed beats printed. */
    public String overallStatus() {
        if (status.containsValue("placeholder")) return "placeholder";
        if (status.containsValue("reconstructed")) return "reconstructed";
        return status.isEmpty() ? "script" : "printed";
    }
}
