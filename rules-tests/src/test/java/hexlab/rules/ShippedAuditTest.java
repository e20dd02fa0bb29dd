package hexlab.rules;

import hexlab.kernel.check.Audit;
import hexlab.kernel.check.Duplicates;
import hexlab.kernel.script.ReadLedger;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every shipped system passes the audit: no table or top-level entry that nothing read (unless it
 * says reference: true), no value stated twice. What counts as read is what every rules context of
 * this test run read (the pom turns the {@link ReadLedger} on): the rule tests, each of which sets up
 * the case of its rule on purpose (a full reserve track, an attack across a ditch), and the games the
 * suite plays to the end (the leak check's). It runs last, after the leak check. The same audit by
 * games alone, over every scenario, variant and player: {@code ./tobruk audit SYSTEM --games N}.
 */
@Order(Integer.MAX_VALUE)
@ResourceLock("hexlab.audit.ledger")
class ShippedAuditTest {
    static List<String> systems() { return Positions.KERNEL.catalog().systemIds(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void nothingShippedGoesUnreadAndNoValueIsStatedTwice(String system) {
        assumeTrue(ReadLedger.on(), "the ledger is off (-Dhexlab.audit.ledger=false): nothing to judge");
        Audit.Report r = Audit.fromReads(Positions.KERNEL, system, ReadLedger.reads(readers(system)), "the rules tests");
        String found = r.dead().stream().map(Audit.Finding::describe).collect(Collectors.joining("\n"))
                + r.duplicates().stream().map(Duplicates.Duplicate::describe).collect(Collectors.joining("\n", "\n", ""));
        assertTrue(r.clean(), system + ":\n" + found.strip());
    }

    // the system and every system that extends it: a child's games read its parent's tables
    private static Set<String> readers(String system) {
        Set<String> out = new TreeSet<>();
        for (String id : systems()) if (Positions.KERNEL.system(id).lineage().contains(system)) out.add(id);
        return out;
    }
}
