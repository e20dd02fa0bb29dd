package hexlab.kernel.check;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The audit on the toy: clean as shipped, and each kind of finding on a copy broken for it. */
class AuditTest {
    @TempDir Path dir;

    private Kernel edited(String file, String from, String to) { return Fixtures.edited(dir, file, from, to); }

    @Test
    @DisplayName("the toy as shipped: no dead data, no value stated twice, and the non-printed data that decided outcomes counted")
    void toyIsClean() {
        // every variant on every scenario
        Kernel k = Fixtures.toy();
        int games = Audit.scenarioCount(k, "toy") * Audit.variants(k.system("toy")).size();
        Audit.Report r = Audit.run(k, "toy", games, 1, null);
        assertTrue(r.clean(), () -> r.json().toPrettyString());
        assertEquals(List.of(), r.errors());
        assertEquals(games, r.decided().get("reconstructed:map")[0], "every game moved over the reconstructed map");
        assertTrue(r.variants().contains("toy+errata:cheap-rough+errata:gentler-crt"), "the presets are played: " + r.variants());
        assertTrue(r.variants().contains("toy+option:zoc-stops=false"), "each option turned from its default: " + r.variants());
    }

    @Test
    @DisplayName("games go to each player in turn: every scenario is played by every bot named, and a bot that breaks a game is reported with its name")
    void gamesAreSpreadOverThePlayers() {
        Kernel k = Fixtures.toy();
        List<String> bots = List.of("random", "aggressive", "hasty");
        int games = Audit.coveringGames(k, "toy", bots);
        assertEquals(Audit.scenarioCount(k, "toy") * Math.max(Audit.variants(k.system("toy")).size(), 3), games);
        Audit.Report r = Audit.run(k, "toy", games, 1, 2, bots, null, true);
        assertTrue(r.clean(), () -> r.json().toPrettyString());
        assertEquals(bots, r.bots());
        assertEquals(List.of("random", "aggressive", "hasty", "stray"), Audit.bots(k, "toy"), "by default the random bot and every bot the system declares");
        // the toy's stray bot moves off the map: each game it plays breaks, and says which bot played it
        Audit.Report broken = Audit.run(k, "toy", 2, 1, 1, List.of("stray"), null, true);
        assertEquals(2, broken.errors().size(), broken.errors().toString());
        assertTrue(broken.errors().get(0).contains(" stray seed "), broken.errors().get(0));
        InputException e = assertThrows(InputException.class, () -> Audit.run(k, "toy", 2, 1, 1, List.of("nobody"), null, true));
        assertTrue(e.getMessage().contains("unknown bot \"nobody\""), e.getMessage());
    }

    @Test
    @DisplayName("the report is the same whatever the threads: each game's findings are merged in game order")
    void theReportIsTheSameOnOneThreadAndOnThree() {
        Kernel k = Fixtures.toy();
        int games = Audit.scenarioCount(k, "toy") * Audit.variants(k.system("toy")).size();
        String one = Audit.run(k, "toy", games, 1, 1, null, true).json().toPrettyString();
        assertEquals(one, Audit.run(k, "toy", games, 1, 3, null, true).json().toPrettyString());
        assertTrue(one.contains("\"reconstructed\""), "it found something to compare: " + one);
    }

    @Test
    @DisplayName("a table no rule reads, and an entry of a read table that none reads, are dead, with file and line")
    void deadTablesAndEntriesAreFound() {
        Kernel k = edited("tables/toy/combat.yaml", "  terrain:\n", """
                  retreat:
                    status: printed
                    rule: "4.5"
                    hexes: 1
                  terrain:
                    unused-column: 7
                """);
        Audit.Report r = Audit.run(k, "toy", 4, 1, null);
        assertFalse(r.clean());
        assertEquals(2, r.dead().size(), () -> r.json().toPrettyString());
        Audit.Finding table = r.dead().get(0), entry = r.dead().get(1);
        assertEquals("combat/retreat", table.table());
        assertEquals(null, table.entry());
        assertEquals("tables/toy/combat.yaml", table.file());
        assertEquals(15, table.line(), table.describe());
        assertEquals("combat/terrain", entry.table());
        assertEquals("unused-column", entry.entry());
        assertEquals(20, entry.line(), entry.describe());
    }

    @Test
    @DisplayName("reference: true keeps a table for the reader without its being dead")
    void referenceTablesAreExempt() {
        Kernel k = edited("tables/toy/combat.yaml", "  terrain:\n", """
                  examples:
                    status: printed
                    rule: "4.2"
                    reference: true
                    worked: [{att: 4, def: 2, roll: 3, result: EX}]
                  terrain:
                """);
        Audit.Report r = Audit.run(k, "toy", Audit.scenarioCount(k, "toy"), 1, null);      // each scenario once
        assertTrue(r.dead().isEmpty(), () -> r.json().toPrettyString());
        assertEquals(List.of("combat/examples"), r.exempt());
    }

    @Test
    @DisplayName("the same list in two tables, and the same number under the same key for the same rule, are stated twice")
    void duplicatesAreFound() {
        Kernel k = edited("tables/toy/move.yaml", "    blocking: [rough]\n", """
                    blocking: [rough]
                    costs: {clear: 1, rough: 3, lake: prohibited}
                    river: {add: 2}
                """);
        List<Duplicates.Duplicate> d = Audit.run(k, "toy", 1, 1, null).duplicates();
        assertEquals(1, d.size(), d.toString());
        assertEquals("{\"clear\":1,\"lake\":\"prohibited\",\"rough\":3}", d.get(0).value());
        assertEquals(List.of("move/terrain", "move/sight"), d.get(0).places().stream().map(Duplicates.Place::table).toList());
        assertTrue(d.get(0).describe().contains("tables/toy/move.yaml:7"), d.get(0).describe());
        // river: {add: 2} is one number: only the same key in tables that cite a common rule counts, and 3.1 is not 3.3
        Kernel same = edited("tables/toy/move.yaml", "    rule: \"3.3\"\n", "    rule: \"3.3, 3.1\"\n    river: {add: 2}\n");
        List<Duplicates.Duplicate> d2 = Duplicates.find(same.catalog(), same.system("toy"));
        assertEquals(1, d2.size(), d2.toString());
        assertEquals("add: 2", d2.get(0).value());
    }

    @Test
    @DisplayName("same-as points one table at another's value: no duplicate, the value comes through, and a read of the pointer reads its target")
    void sameAsPointsInsteadOfRepeating() {
        Kernel k = edited("tables/toy/move.yaml", "    range: 4\n", "    range: 4\n    costs: {same-as: move/terrain/costs}\n");
        assertEquals(List.of(), Duplicates.find(k.catalog(), k.system("toy")));
        var g = k.start(k.variant("toy", "errata:cheap-rough"), "meeting", 1);
        assertEquals("2", g.rules().callString("evaluate", "tables.move.sight.costs.rough"), "the erratum to the value reaches the pointer");
        Kernel bad = edited("tables/toy/move.yaml", "    range: 4\n", "    range: 4\n    costs: {same-as: move/terrain/nothing}\n");
        InputException e = assertThrows(InputException.class, () -> bad.variant("toy", ""));
        assertTrue(e.getMessage().contains("points at nothing"), e.getMessage());
        assertTrue(e.line() > 0, e.describe());
    }

    @Test
    @DisplayName("non-printed data read and named by no entry after it is reported with an example entry")
    void unnamedReadsAreReported() {
        Kernel k = edited("rules-scripts/toy/combat.js", "uses: [\"terrain\"], ", "");
        Audit.Report r = Audit.run(k, "toy", 6, 1, null);
        assertTrue(r.unnamed().containsKey("combat/terrain"), () -> r.json().toPrettyString());
        assertEquals("4.2", r.unnamed().get("combat/terrain").get("example").get("rule").asText());
    }
}
