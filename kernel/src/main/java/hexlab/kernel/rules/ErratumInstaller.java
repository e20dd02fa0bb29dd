package hexlab.kernel.rules;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.util.AtomicFile;
import hexlab.kernel.yaml.YamlDoc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Installs an erratum file (a draft downloaded from the inspector, or written by hand) into a
 * system: checked first as a draft would be (every path exists, every value keeps the shape of what
 * it changes), then copied to {@code tables/<system>/errata/<id>.yaml} and declared under
 * {@code errata:} in the system's manifest. Either both files change or neither: the manifest is
 * edited as text (its comments kept), read back, and both are put back if it does not load.
 */
public final class ErratumInstaller {
    private static final Pattern ERRATA_KEY = Pattern.compile("(?m)^errata:[ \\t]*(\\[\\s*\\])?[ \\t]*(#.*)?$");

    private ErratumInstaller() {}

    public record Installed(String id, Path file, Path manifest, String declaration) {}

    public static Installed install(Catalog catalog, String systemId, Path source) {
        RuleSystem system = catalog.system(systemId);
        String name = source.toString();
        if (!Files.isRegularFile(source)) throw new InputException(name, 0, 0, "file not found");
        YamlDoc doc = YamlDoc.load(source, name);
        JsonNode j = doc.json();
        DraftErratum draft;
        String status;
        try {
            for (String k : List.of("erratum", "source", "changes")) if (!j.hasNonNull(k)) throw new InputException(name, "/", "missing required key \"" + k + "\"");
            for (int i = 0; i < j.get("changes").size(); i++) {
                if ("script".equals(j.get("changes").get(i).path("op").asText())) {
                    throw new InputException(name, "/changes/" + i + "/op", "a script change needs its script beside it: install such an erratum by hand (docs/formats.md)");
                }
            }
            status = j.path("status").asText("printed");
            if (!status.equals("printed") && !status.equals("reconstructed")) throw new InputException(name, "/status", "expected status: printed or reconstructed, found \"" + status + "\"");
            draft = DraftErratum.fromJson(j, name);
            if (!j.hasNonNull("label")) draft = draft.named(draft.id(), "erratum " + draft.id(), null, null);
            if (system.erratum(draft.id()).isPresent()) throw new InputException(name, "/erratum", "system " + systemId + " already has an erratum \"" + draft.id() + "\"");
            try {
                Variant.of(system, java.util.Map.of(), List.of(), List.of(draft));
            } catch (InputException e) {
                throw new InputException(name, e.pointer(), e.getMessage());     // the draft's pointer is the file's
            }
        } catch (InputException e) {
            throw doc.locate(e);
        }
        Path dir = catalog.tablesDir(systemId).resolve("errata");
        Path target = dir.resolve(draft.id() + ".yaml");
        if (Files.exists(target)) throw new InputException(catalog.display(target), 0, 0, "an erratum file of that id is there already; choose another id");
        Path manifest = system.manifest();
        String before = read(manifest);
        String declaration = declaration(draft, status);
        String after = declare(before, declaration);
        try {
            Files.createDirectories(dir);
            AtomicFile.write(target, read(source));
            AtomicFile.write(manifest, after);
            catalog.reload();
            catalog.system(systemId);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(target);
                AtomicFile.write(manifest, before);
            } catch (IOException | RuntimeException ignored) {
                // the message below says what was attempted
            }
            catalog.reload();
            String why = e instanceof InputException ie ? ie.describe() : e.getMessage();
            throw new InputException(catalog.display(manifest), 0, 0, "the erratum was not installed (both files put back): " + why);
        }
        return new Installed(draft.id(), target, manifest, declaration);
    }

    private static String declaration(DraftErratum d, String status) {
        List<String> lines = new ArrayList<>();
        lines.add("- id: " + d.id());
        lines.add("  label: " + quote(d.label()));
        lines.add("  source: " + quote(d.source()));
        if (d.rule() != null) lines.add("  rule: " + quote(d.rule()));
        if (!status.equals("printed")) lines.add("  status: " + status);
        lines.add("  file: errata/" + d.id() + ".yaml");
        return String.join("\n", lines);
    }

    private static String quote(String s) { return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\""; }

    /** The manifest's text with the declaration added to its errata: list (made if there is none). */
    static String declare(String text, String declaration) {
        String nl = text.endsWith("\n") ? "" : "\n";
        Matcher m = ERRATA_KEY.matcher(text);
        if (!m.find()) return text + nl + "errata:\n" + indent(declaration, "  ") + "\n";
        if (m.group(1) != null) {          // errata: []
            return text.substring(0, m.start()) + "errata:\n" + indent(declaration, "  ") + text.substring(m.end());
        }
        // a block list: it ends before the next line that starts a top-level key
        String[] lines = text.substring(m.end()).split("\n", -1);
        int offset = m.end(), end = m.end();
        String itemIndent = "  ";
        boolean first = true;
        for (int i = 1; i < lines.length; i++) {       // lines[0] is the rest of the errata: line
            String line = lines[i];
            offset += lines[i - 1].length() + 1;
            if (!line.isBlank() && !line.startsWith(" ") && !line.startsWith("-") && !line.startsWith("#")) break;
            if (line.isBlank() || line.stripLeading().startsWith("#")) continue;
            if (first && line.stripLeading().startsWith("- ")) {
                itemIndent = line.substring(0, line.indexOf('-'));
                first = false;
            }
            end = offset + line.length();
        }
        return text.substring(0, end) + "\n" + indent(declaration, itemIndent) + text.substring(end);
    }

    private static String indent(String block, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String l : block.split("\n")) sb.append(sb.isEmpty() ? "" : "\n").append(prefix).append(l);
        return sb.toString();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new InputException(p.toString(), 0, 0, "cannot read: " + e.getMessage());
        }
    }
}
