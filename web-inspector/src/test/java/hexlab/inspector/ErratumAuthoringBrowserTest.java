package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.rules.ErratumInstaller;
import hexlab.kernel.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An erratum written without leaving the inspector: a Fall of Tobruk game is played by random bots
 * until a combat reads the CRT (11.21); in the Tables tab the designer opens the CRT, edits the band
 * of that cell which held the target's morale letter, and the live game is replayed with the
 * divergence reported; the draft is named and downloaded as errata/<id>.yaml, and the check and
 * install behind ./tobruk errata add put it into a copy of the tree, where it loads and patches the cell.
 */
// a server, a browser and a copy of the tree of its own: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
@ExtendWith(FailureShots.class)
class ErratumAuthoringBrowserTest {
    @TempDir Path dir;

    @Test
    void aCrtCellEditedInTheTablesTabBecomesAnInstalledErratum() throws Exception {
        InspectorServer server = InspectorServer.start(Roots.project(), "127.0.0.1", 0);
        try {
            Http http = new Http(server.port());
            Http.Reply created = http.post("/api/games", "{\"system\":\"fall-of-tobruk\",\"scenario\":\"may-27\",\"seed\":3}");
            assertEquals(201, created.status(), created.json().toString());
            String id = created.json().path("id").asText();
            JsonNode combat = null;
            for (int i = 0; i < 60 && combat == null; i++) {
                Http.Reply r = http.post("/api/games/" + id + "/bots", "{\"until\":\"phase\",\"bots\":{\"axis\":\"random\",\"allied\":\"random\"}}");
                if (r.status() != 200) break;            // the game is over
                combat = crtEntry(http.ok(http.get("/api/games/" + id)));
            }
            assertTrue(combat != null, "a combat read a CRT cell that holds its morale letter within 60 phases of random play");
            JsonNode cell = combat.path("cell");
            int d10 = cell.path("d10").asInt();
            List<String> columns = List.of("1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8+:1");
            int col = columns.indexOf(cell.path("column").asText());
            String letter = cell.path("morale").asText();
            String band = bandOf(cell.path("cell"), letter);
            assertTrue(col >= 0 && band != null, "the entry names the cell and the band that held the letter: " + combat);

            try (Browser b = new Browser()) {
                FailureShots.browser = () -> b;
                b.driver.get("http://127.0.0.1:" + server.port() + "/#game=" + id);
                b.until(d -> "true".equals(b.body("boardReady")) && b.body("rev") != null && b.body("busy") == null, "the Fall of Tobruk game");
                b.find("[data-tab=tables]").click();
                b.visible("#table-list .tname[data-table='crt/crt']").click();
                b.visible("#table-dialog #edit-cells").click();
                String path = "crt/crt/rows/" + d10 + "/" + col + "/" + band;
                WebElement target = b.visible("#table-dialog [data-path='" + path + "']");
                target.click();
                WebElement input = b.visible("#table-dialog input.cell-edit");
                input.sendKeys(Keys.chord(Keys.CONTROL, "a"), "-");
                b.andWait(() -> input.sendKeys(Keys.ENTER));
                WebElement report = b.visible("#draft-panel #variant-report");
                assertTrue(report.getText().contains("diverge") || report.getText().contains("refused"), "the replay reports where the games part: " + report.getText());
                assertTrue(b.find("#draft-changes").getText().contains("replace " + path + " → \"-\""), b.find("#draft-changes").getText());
                InspectorBrowserTest.keepOf(b, "erratum-draft-cell.png");
                // name it, and download it as its erratum file
                b.find("#table-dialog button.close").click();
                b.visible("#draft-id").clear();
                b.find("#draft-id").sendKeys("crt-dash");
                b.find("#draft-label").clear();
                b.find("#draft-label").sendKeys("A band of the CRT left empty");
                b.andWait(() -> b.find("#draft-name").click());
                b.until(d -> b.find("#draft-download").getText().contains("errata/crt-dash.yaml"), "the named draft");
                b.find("#draft-download").click();
                Path downloaded = b.downloads.resolve("crt-dash.yaml");
                b.until(d -> Files.isRegularFile(downloaded), "the erratum file downloaded");
                InspectorBrowserTest.keepOf(b, "erratum-draft.png");

                // ./tobruk errata add, on a copy of the tree: checked, installed, declared, and it patches the cell
                Path copy = dir.resolve("root");
                for (String top : List.of("tables", "rules-scripts", "scenarios")) copyTree(Roots.project().resolve(top), copy.resolve(top));
                Kernel k = new Kernel(copy);
                ErratumInstaller.install(k.catalog(), "fall-of-tobruk", downloaded);
                Variant v = new Kernel(copy).variant("fall-of-tobruk", "errata:crt-dash");
                Object patched = ((Map<?, ?>) ((List<?>) ((List<?>) ((Map<?, ?>) v.tables("crt").get("crt")).get("rows")).get(d10)).get(col)).get(band);
                assertEquals("-", patched);
                assertTrue(Files.readString(copy.resolve("tables/fall-of-tobruk/system.yaml")).contains("file: errata/crt-dash.yaml"));
            }
        } finally {
            server.stop();
        }
    }

    // the last combat entry of the log that read a cell of the CRT
    private static JsonNode crtEntry(JsonNode game) {
        JsonNode found = null;
        for (JsonNode entry : game.path("log").path("entries")) {
            for (JsonNode e : entry.path("events")) {
                // a combat whose cell held the target's morale letter in one band: editing that band changes its result
                if ("crt/crt".equals(e.path("table").asText()) && e.path("cell").has("d10") && e.path("cell").has("morale")
                        && bandOf(e.path("cell").path("cell"), e.path("cell").path("morale").asText()) != null) found = e;
            }
        }
        return found;
    }

    // "c-e" holds c, d and e; "-" holds nothing
    private static String bandOf(JsonNode cell, String letter) {
        for (String band : List.of("L", "M", "H")) {
            String r = cell.path(band).asText("-");
            if (r.equals("-") || letter.isEmpty()) continue;
            char lo = r.charAt(0), hi = r.charAt(r.length() - 1), c = letter.charAt(0);
            if (c >= lo && c <= hi) return band;
        }
        return null;
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
