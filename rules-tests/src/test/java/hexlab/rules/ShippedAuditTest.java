package hexlab.rules;

import hexlab.kernel.check.Audit;
import hexlab.kernel.check.Duplicates;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every shipped system passes the audit: no table or top-level entry that no game reads (unless it
 * says reference: true), no value stated twice, no game that breaks. Each scenario is played once
 * under the base rules with every read tracked (a system without scenarios is audited on the games
 * of the system that extends it, played once for both), on two threads; more games, over the
 * presets and options too, with {@code -Dhexlab.audit.games=N} or {@code ./tobruk audit}. It runs
 * with {@code -Dhexlab.audit.shipped=true} until every shipped system passes it; then the condition goes.
 */
@EnabledIfSystemProperty(named = "hexlab.audit.shipped", matches = "true")
class ShippedAuditTest {
    static final Integer GAMES = Integer.getInteger("hexlab.audit.games");

    static List<String> systems() { return Positions.KERNEL.catalog().systemIds(); }

    static Map<String, Audit.Report> reports;

    static synchronized Audit.Report report(String system) {
        if (reports == null) {
            reports = Audit.runAll(Positions.KERNEL, systems(), s -> GAMES != null ? GAMES : Audit.coveringGames(Positions.KERNEL, s, null), 1, 2);
        }
        return reports.get(system);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void auditFindsNoDeadDataAndNoValueStatedTwice(String system) {
        Audit.Report r = report(system);
        String found = r.errors().stream().map(e -> "game broke: " + e).collect(Collectors.joining("\n"))
                + r.dead().stream().map(Audit.Finding::describe).collect(Collectors.joining("\n", "\n", ""))
                + r.duplicates().stream().map(Duplicates.Duplicate::describe).collect(Collectors.joining("\n", "\n", ""));
        assertTrue(r.clean(), system + ":\n" + found.strip());
    }
}
