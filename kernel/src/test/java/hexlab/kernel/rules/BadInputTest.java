package hexlab.kernel.rules;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.check.Validator;
import hexlab.kernel.error.InputException;
import hexlab.kernel.error.LoadError;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Game;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every kind of user mistake gets one message naming the file, the line and what was expected. */
class BadInputTest {
    @TempDir Path dir;

    Kernel broken(String file, String from, String to) { return Fixtures.edited(dir, file, from, to); }

    @Test
    void malformedYamlNamesFileLineAndColumn() {
        Kernel k = broken("tables/toy/system.yaml", "version: 1.1.0\n", "version: 1.1.0\n  oops: [\n");
        InputException e = assertThrows(InputException.class, () -> k.system("toy"));
        assertEquals("tables/toy/system.yaml", e.file());
        assertTrue(e.line() >= 6, e.describe());
    }

    @Test
    void tableMissingItsStatusIsRefusedAtItsLine() {
        Kernel k = broken("tables/toy/combat.yaml", "    status: printed\n    rule: \"4.2\"\n", "    rule: \"4.2\"\n");
        InputException e = assertThrows(InputException.class, () -> k.system("toy"));
        assertEquals("tables/toy/combat.yaml", e.file());
        assertEquals(4, e.line(), e.describe());
        assertTrue(e.getMessage().contains("status"), e.describe());
    }

    @Test
    void scriptSyntaxErrorNamesScriptAndLine() {
        Kernel k = broken("rules-scripts/toy/combat.js", "export function column(ctx, att, def) {", "export function column(ctx, att, def {");
        LoadError e = assertThrows(LoadError.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertEquals("rules-scripts/toy/combat.js", e.file(), e.describe());
        assertTrue(e.line() > 0 && e.column() > 0, e.describe());
        assertTrue(e.getMessage().startsWith("syntax error"), e.describe());
    }

    @Test
    void scriptThatThrowsNamesScriptAndLine() {
        Kernel k = broken("rules-scripts/toy/chits.js", "  const n = ctx.table.cup[\"chits-per-side\"];", "  const n = ctx.table.nothing.here;");
        RuleError e = assertThrows(RuleError.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertTrue(e.location().startsWith("rules-scripts/toy/chits.js:3:"), e.describe());
    }

    @Test
    void runawayScriptIsStoppedWithItsLine() {
        Kernel k = broken("rules-scripts/toy/chits.js", "export function cupNotEmpty(ctx) {", "export function cupNotEmpty(ctx) { while (true) {}");
        RuleError e = assertThrows(RuleError.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertTrue(e.getMessage().contains("runaway"), e.describe());
        assertTrue(e.location().startsWith("rules-scripts/toy/chits.js:"), e.describe());
    }

    @Test
    void scriptCannotReachJava() {
        Kernel k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "meeting", 1);
        RuleError e = assertThrows(RuleError.class, () -> g.rules().callString("evaluate", "Java.type('java.lang.System')"));
        assertTrue(e.getMessage().contains("Access to host class java.lang.System is not allowed"), e.describe());
    }

    @Test
    void unknownIdsAreNamedWithWhatExists() {
        Kernel k = Fixtures.toy();
        InputException s = assertThrows(InputException.class, () -> k.system("nope"));
        assertTrue(s.getMessage().contains("unknown system \"nope\"") && s.getMessage().contains("toy"), s.getMessage());
        InputException sc = assertThrows(InputException.class, () -> k.start(k.variant("toy", ""), "nope", 1));
        assertTrue(sc.getMessage().contains("unknown scenario \"nope\"") && sc.getMessage().contains("meeting"), sc.getMessage());
    }

    @Test
    void sequenceNamingAMissingExportIsCaughtByValidate() {
        Kernel k = broken("tables/toy/system.yaml", "run: chits.fillCup", "run: chits.fillCups");
        List<Validator.Problem> p = new Validator(k.catalog()).validate("toy");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.getFirst().message().contains("no export \"fillCups\""), p.toString());
        assertTrue(p.getFirst().where().startsWith("tables/toy/system.yaml"), p.toString());
    }

    @Test
    void playingASystemThatNamesAMissingExportStopsAtLoadWithTheManifestLine() {
        Kernel k = broken("tables/toy/system.yaml", "run: chits.fillCup", "run: chits.fillCups");
        InputException e = assertThrows(InputException.class, () -> k.start(k.variant("toy", ""), "meeting", 1));
        assertTrue(e.describe().startsWith("tables/toy/system.yaml:"), e.describe());
        assertTrue(e.line() > 0, e.describe());
        assertTrue(e.getMessage().contains("\"chits.fillCups\": section chits has no export \"fillCups\" (exports: "), e.getMessage());
    }

    @Test
    void aScriptCallingAnotherSectionsMissingExportIsCaughtByValidateAtItsLine() {
        Kernel k = broken("rules-scripts/toy/combat.js", "ctx.rules.fog.revealContacts()", "ctx.rules.fog.revealContact()");
        List<Validator.Problem> p = new Validator(k.catalog()).validate("toy");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.getFirst().where().startsWith("rules-scripts/toy/combat.js:74:"), p.toString());
        assertTrue(p.getFirst().message().contains("calls rules.fog.revealContact, but section fog (rules-scripts/toy/fog.js) has no export \"revealContact\""), p.toString());
    }

    @Test
    void theToySystemValidatesClean() {
        assertEquals(List.of(), new Validator(Fixtures.toy().catalog()).validate(null));
    }

    @Test
    void truncatedSaveIsRefusedWithItsLine() throws Exception {
        Path f = dir.resolve("cut.json");
        Files.writeString(f, "{\n  \"format\" : 1,\n  \"system\" : \"toy\",\n  \"actions\" : [ {\"do\":");
        InputException e = assertThrows(InputException.class, () -> SaveFile.read(f));
        assertTrue(e.getMessage().contains("truncated"), e.describe());
        assertTrue(e.line() >= 4, e.describe());
    }

    @Test
    void saveWithoutItsSeedIsRefused() throws Exception {
        Path f = dir.resolve("noseed.json");
        Files.writeString(f, "{\"format\":1,\"system\":\"toy\",\"scenario\":\"meeting\",\"actions\":[],\"finalHash\":\"x\",\"pins\":[]}");
        InputException e = assertThrows(InputException.class, () -> SaveFile.read(f));
        assertTrue(e.getMessage().contains("\"seed\" is missing"), e.describe());
    }

    @Test
    void failedWriteLeavesNoPartialFile() throws Exception {
        Path target = dir.resolve("sub");
        Files.writeString(target, "a file where a folder should be");
        Kernel k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "meeting", 1);
        SaveFile s = SaveFile.of(g, List.of());
        assertThrows(InputException.class, () -> s.write(target.resolve("g.json")));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
        assertFalse(Json.write(s.toJson()).isEmpty());
    }
}
