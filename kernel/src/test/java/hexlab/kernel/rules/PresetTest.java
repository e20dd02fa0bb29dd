package hexlab.kernel.rules;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Presets: a bundle of options and errata declared in system.yaml, chosen as preset:<id>. */
class PresetTest {
    final Kernel k = Fixtures.toy();
    final RuleSystem toy = k.system("toy");
    @TempDir Path dir;

    @Test
    void presetExpandsToItsOptionsAndErrataWithTheSameVariantId() {
        Variant p = Variant.parse(toy, "preset:gentle");
        assertEquals(List.of("cheap-rough", "gentler-crt"), p.errata());
        assertEquals(Variant.parse(toy, "errata:gentler-crt,errata:cheap-rough").id(), p.id(), "a preset is only a shorthand: the variant id names what it expands to");
        assertEquals("AR", VariantTest.cell(p, 6, 1), "the preset's erratum is applied");
        assertEquals(List.of("gentle"), p.presets());
        assertEquals(List.of(), Variant.base(toy).presets());
    }

    @Test
    void optionsAndErrataBesideAPresetWinOverIt() {
        Variant p = Variant.parse(toy, "preset:gentle,option:bloody");
        assertEquals(Boolean.TRUE, p.options().get("bloody"), "the explicit option wins over the preset's bloody: false");
        assertEquals(List.of(), p.presets(), "no longer exactly the preset");
        Variant q = Variant.parse(toy, "option:bloody=false,preset:bloody");
        assertEquals(Boolean.FALSE, q.options().get("bloody"), "an explicit option wins wherever it stands in the spec");
    }

    @Test
    void childInheritsPresetsAndOverridesThemById() {
        RuleSystem plus = k.system("toy-plus");
        assertEquals(List.of("gentle", "bloody"), plus.presets().stream().map(PresetDef::id).toList());
        assertEquals("toy", plus.preset("gentle").orElseThrow().definedBy());
        Variant b = Variant.parse(plus, "preset:bloody");
        assertEquals(Boolean.TRUE, b.options().get("night"), "toy-plus's own bloody preset replaces toy's");
        assertEquals("toy-plus+option:bloody+option:night", b.id());
    }

    @Test
    void unknownPresetIsRefusedWithTheOnesThereAre() {
        InputException e = assertThrows(InputException.class, () -> Variant.parse(toy, "preset:nope"));
        assertTrue(e.getMessage().contains("unknown preset \"nope\"") && e.getMessage().contains("gentle, bloody"), e.getMessage());
    }

    @Test
    void presetNamingAnUndeclaredErratumFailsAtLoadWithItsLine() {
        Path root = Fixtures.copyToy(dir);
        String text = Fixtures.read(root, "tables/toy/system.yaml");
        Fixtures.write(root, "tables/toy/system.yaml", text.replace("errata: [gentler-crt, cheap-rough]", "errata: [gentler-crt, cheap-rouhg]"));
        InputException e = assertThrows(InputException.class, () -> new Kernel(root).system("toy"));
        assertEquals("tables/toy/system.yaml", e.file());
        assertTrue(e.line() > 0, e.describe());
        assertTrue(e.getMessage().contains("preset \"gentle\" applies erratum \"cheap-rouhg\""), e.describe());
    }
}
