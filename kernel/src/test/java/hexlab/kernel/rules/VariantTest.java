package hexlab.kernel.rules;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Game;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VariantTest {
    final Kernel k = Fixtures.toy();
    final RuleSystem toy = k.system("toy");

    @Test
    void variantIdIsStableWhateverTheOrder() {
        Variant a = Variant.parse(toy, "errata:gentler-crt,option:bloody,errata:cheap-rough");
        Variant b = Variant.parse(toy, "errata:cheap-rough,errata:gentler-crt,option:bloody");
        assertEquals(a.id(), b.id());
        assertEquals("toy+option:bloody+errata:cheap-rough+errata:gentler-crt", a.id());
        assertEquals("toy", Variant.parse(toy, "option:zoc-stops").id(), "an option at its default is not part of the id");
        assertEquals(a.id(), Variant.parse(toy, a.spec()).id());
    }

    @Test
    void erratumPatchesATableCellWithoutTouchingTheBase() {
        Variant base = Variant.base(toy);
        Variant fixed = Variant.parse(toy, "errata:gentler-crt");
        assertEquals("AE", cell(base, 6, 1));
        assertEquals("AR", cell(fixed, 6, 1));
        assertEquals("AE", cell(Variant.base(toy), 6, 1), "the base table is unchanged");
        assertEquals(List.of("gentler-crt"), fixed.overlay().touched().get("combat/crt"));
    }

    @SuppressWarnings("unchecked")
    static Object cell(Variant v, int row, int col) {
        Map<String, Object> crt = (Map<String, Object>) v.tables("combat").get("crt");
        Map<Object, Object> results = (Map<Object, Object>) crt.get("results");
        Object r = results.containsKey(row) ? results.get(row) : results.get(String.valueOf(row));
        return ((List<Object>) r).get(col);
    }

    @Test
    void erratumReplacesAScriptExport() {
        Game base = k.start(Variant.base(toy), "meeting", 1);
        Game cheap = k.start(Variant.parse(toy, "errata:cheap-rough"), "meeting", 1);
        assertEquals("4", base.rules().callString("evaluate", "rules.move.movementAllowance(state.pieces.r1)"));
        assertEquals("5", cheap.rules().callString("evaluate", "rules.move.movementAllowance(state.pieces.r1)"));
    }

    @Test
    void optionsAreReadByScripts() {
        Game on = k.start(Variant.base(toy), "meeting", 1);
        Game off = k.start(Variant.parse(toy, "option:zoc-stops=false"), "meeting", 1);
        String expr = "rules.move.costSpec(state.pieces.r1).stop.length";
        assertNotEquals("0", on.rules().callString("evaluate", expr));
        assertEquals("0", off.rules().callString("evaluate", expr));
    }

    @Test
    void unknownOptionOrErratumIsRefusedByName() {
        InputException o = assertThrows(InputException.class, () -> Variant.parse(toy, "option:nope"));
        assertTrue(o.getMessage().contains("unknown option \"nope\"") && o.getMessage().contains("zoc-stops"), o.getMessage());
        InputException e = assertThrows(InputException.class, () -> Variant.parse(toy, "errata:nope"));
        assertTrue(e.getMessage().contains("unknown erratum \"nope\"") && e.getMessage().contains("gentler-crt"), e.getMessage());
    }

    @Test
    void sectionsArePinnedByVersionAndContentHash() {
        Section combat = toy.sections().get("combat");
        assertEquals("1.1.0", combat.version());
        assertEquals(64, combat.sha256().length());
        assertEquals("placeholder", combat.overallStatus(), "one placeholder table makes the section's status placeholder");
        assertEquals("printed", combat.status().get("crt"));
    }
}
