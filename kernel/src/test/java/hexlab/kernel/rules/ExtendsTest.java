package hexlab.kernel.rules;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExtendsTest {
    final Kernel k = Fixtures.toy();

    @Test
    void childWinsByNameAndInheritsTheRest() {
        RuleSystem plus = k.system("toy-plus");
        assertEquals(List.of("toy", "toy-plus"), plus.lineage());
        assertEquals("toy-plus", plus.sections().get("chits").definedBy());
        assertEquals("1.1.0", plus.sections().get("chits").version());
        assertEquals("toy", plus.sections().get("combat").definedBy());
        assertEquals(k.system("toy").sequence(), plus.sequence());
        assertTrue(plus.option("night").isPresent());
        assertTrue(plus.option("zoc-stops").isPresent(), "options are inherited");
        assertTrue(plus.erratum("gentler-crt").isPresent(), "errata are inherited");
    }

    @Test
    void childTablesAreWhatScriptsRead() {
        var g = k.start(Variant.base(k.system("toy-plus")), "meeting", 2);
        assertEquals("5", g.rules().callString("evaluate", "state.cup.length"), "three chits per side, one drawn");
    }
}
