package hexlab.kernel.rules;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.error.InputException;
import hexlab.kernel.persist.Replay;
import hexlab.kernel.persist.SaveFile;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An erratum being written: applied from memory, checked against the table's shape, kept by a save, installed by errata add. */
class DraftErratumTest {
    final Kernel k = Fixtures.toy();
    final RuleSystem toy = k.system("toy");
    @TempDir Path dir;

    private Variant drafted(String op, String path, Object value) {
        return Variant.of(toy, Map.of(), List.of(), List.of(DraftErratum.empty("my-fix").with(op, path, value)));
    }

    @Test
    @DisplayName("toy 4.2: a drafted CRT cell is what the rules read, and the variant id names the draft and its content")
    void draftPatchesTheTable() {
        Variant v = drafted("replace", "combat/crt/results/6/1", "AR");
        assertEquals("AR", VariantTest.cell(v, 6, 1));
        assertEquals("AE", VariantTest.cell(Variant.base(toy), 6, 1));
        assertTrue(v.id().startsWith("toy+draft:my-fix@"), v.id());
        assertNotEquals(v.id(), drafted("replace", "combat/crt/results/6/1", "DR").id(), "other content, other variant");
        assertEquals("draft:my-fix", v.spec());
        assertEquals(List.of("my-fix"), v.overlay().touched().get("combat/crt"));
    }

    @Test
    @DisplayName("a drafted value keeps the shape of what it replaces: text stays text of the same form, a number a number")
    void shapeIsChecked() {
        InputException num = assertThrows(InputException.class, () -> drafted("replace", "combat/crt/results/6/1", 3));
        assertTrue(num.getMessage().contains("expected text like \"AE\", found a number 3"), num.getMessage());
        InputException form = assertThrows(InputException.class, () -> drafted("replace", "combat/crt/columns/1", "2"));
        assertTrue(form.getMessage().contains("expected text of the form \"<number>:<number>\" like \"1:1\" (or another form this table uses), found \"2\""), form.getMessage());
        assertEquals("/changes/0/value", form.pointer());
        drafted("replace", "combat/crt/columns/1", "3:2");                              // the same form
        InputException cost = assertThrows(InputException.class, () -> drafted("replace", "move/terrain/costs/rough", "two"));
        assertTrue(cost.getMessage().contains("expected a number"), cost.getMessage());
        drafted("add", "combat/crt/results/6/-", "DR");                                 // a new list entry like its siblings
        assertThrows(InputException.class, () -> drafted("add", "combat/crt/results/6/-", List.of("DR")));
        InputException meta = assertThrows(InputException.class, () -> drafted("replace", "combat/crt/status", "reconstructed"));
        assertTrue(meta.getMessage().contains("changes what the table says about itself"), meta.getMessage());
        InputException path = assertThrows(InputException.class, () -> drafted("replace", "combat/crt/results/9/1", "AR"));
        assertTrue(path.getMessage().contains("does not exist"), path.getMessage());
    }

    @Test
    @DisplayName("a save of a game played under a draft holds the draft and replays to the same state")
    void saveHoldsTheDraft() {
        Variant v = drafted("replace", "move/terrain/costs/rough", 2);
        var sc = k.scenario(v, "meeting");
        Game g = Game.start(k.context(v, sc), sc, 5, false);
        SaveFile save = Match.play(g, Bots.forSides(toy, "aggressive", 5), true, null).save();
        Path file = dir.resolve("draft.json");
        save.write(file);
        SaveFile back = SaveFile.read(file);
        assertEquals(1, back.drafts().size());
        assertEquals(v.id(), back.variant(toy).id());
        assertTrue(Replay.run(k.catalog(), back).identical());
        assertThrows(InputException.class, () -> Variant.parse(toy, back.variant()), "the spec alone does not carry the draft");
    }

    @Test
    @DisplayName("errata add: a valid file is installed and declared (comments of system.yaml kept); a bad one or a taken id is refused, nothing changed")
    void installerInstallsOrRefuses() throws Exception {
        Path root = Fixtures.copyToy(dir.resolve("root"));
        Kernel copy = new Kernel(root);
        Path file = dir.resolve("my-fix.yaml");
        DraftErratum d = new DraftErratum("my-fix", "Rough costs 2", "house rules", "3.1", List.of()).with("replace", "move/terrain/costs/rough", 2);
        Files.writeString(file, d.yaml());
        String manifestBefore = Files.readString(root.resolve("tables/toy/system.yaml"));
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, d.yaml().replace("erratum: my-fix", "erratum: bad-fix").replace("value: 2", "value: cheap"));
        InputException e = assertThrows(InputException.class, () -> ErratumInstaller.install(copy.catalog(), "toy", bad));
        assertTrue(e.line() > 0 && e.getMessage().contains("expected a number"), e.describe());
        assertEquals(manifestBefore, Files.readString(root.resolve("tables/toy/system.yaml")));

        ErratumInstaller.install(copy.catalog(), "toy", file);
        String manifest = Files.readString(root.resolve("tables/toy/system.yaml"));
        assertTrue(manifest.startsWith(manifestBefore.substring(0, 40)), "the manifest is edited, not rewritten");
        assertTrue(Files.isRegularFile(root.resolve("tables/toy/errata/my-fix.yaml")));
        RuleSystem reloaded = new Kernel(root).system("toy");
        assertEquals("Rough costs 2", reloaded.erratum("my-fix").orElseThrow().label());
        assertEquals(2, ((Map<?, ?>) ((Map<?, ?>) Variant.parse(reloaded, "errata:my-fix").tables("move").get("terrain")).get("costs")).get("rough"));
        InputException taken = assertThrows(InputException.class, () -> ErratumInstaller.install(new Kernel(root).catalog(), "toy", file));
        assertTrue(taken.getMessage().contains("already has an erratum \"my-fix\""), taken.getMessage());
    }

    @Test
    void declarationGoesIntoAnyFormOfErrataList() {
        String decl = "- id: x\n  file: errata/x.yaml";
        assertEquals("id: s\nerrata:\n  - id: x\n  file: errata/x.yaml\nscenarios: []\n".replace("  - id: x\n  file", "  - id: x\n    file"),
                ErratumInstaller.declare("id: s\nerrata: []\nscenarios: []\n", decl));
        assertEquals("errata:\n  - id: a\n    file: a.yaml\n  - id: x\n    file: errata/x.yaml\n\n# next\nscenarios: []\n",
                ErratumInstaller.declare("errata:\n  - id: a\n    file: a.yaml\n\n# next\nscenarios: []\n", decl));
        assertEquals("id: s\nerrata:\n  - id: x\n    file: errata/x.yaml\n", ErratumInstaller.declare("id: s\n", decl));
    }
}
