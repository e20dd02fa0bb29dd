package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line as a user meets it: exit codes, JSON output, and one clear line per mistake. */
class CliTest {
    static final Path TOY = Path.of("../kernel/src/test/resources/toy-root").toAbsolutePath().normalize();

    record Run(int code, String out, String err) {
        JsonNode json() { return Json.read(out); }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The arguments {@code base} followed by {@code more}. */
    static String[] with(String[] base, String... more) {
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    static void noStackTrace(Run r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "a user's mistake shows no stack trace:\n" + r.err());
    }

    @Test
    void everyCommandAnswersHelpWithItsUsage() {
        for (String command : List.of("systems", "play", "replay", "validate", "table", "eval", "fuzz", "simulate", "serve", "audit", "log", "diff", "errata", "new-system")) {
            Run r = run(command, "--help");
            assertEquals(0, r.code(), command + " --help: " + r.err());
            assertTrue(r.out().contains("Usage:") && r.out().contains(command), command + " --help prints its usage:\n" + r.out());
        }
    }

    @Test
    void systemsListsSectionsWithTheirStatus() {
        Run r = run("systems", "--json", "--root", TOY.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode toy = r.json().get(0);
        assertEquals("toy", toy.get("id").asText());
        JsonNode combat = null;
        for (JsonNode s : toy.get("sections")) if (s.get("name").asText().equals("combat")) combat = s;
        assertEquals("placeholder", combat.get("status").asText());
        assertEquals("reconstructed", toy.get("maps").get(0).get("status").asText());
    }

    @Test
    void systemsListsPresetsAndPlayTakesOne() {
        JsonNode toy = run("systems", "--json", "--root", TOY.toString()).json().get(0);
        JsonNode gentle = toy.get("presets").get(0);
        assertEquals("gentle", gentle.get("id").asText());
        assertEquals("[\"gentler-crt\",\"cheap-rough\"]", gentle.get("errata").toString());
        Run p = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--seed", "7", "--bots", "aggressive,random", "--json", "--preset", "gentle");
        assertEquals(0, p.code(), p.err());
        assertEquals("toy+errata:cheap-rough+errata:gentler-crt", p.json().get("variant").asText());
        Run bad = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--preset", "nope");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("unknown preset \"nope\""), bad.err());
        noStackTrace(bad);
    }

    @Test
    void playSaysWhichDataThatIsNotPrintedDecidedOutcomes() {
        Run p = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--seed", "7", "--bots", "aggressive,random", "--errata", "gentler-crt");
        assertEquals(0, p.code(), p.err());
        assertTrue(p.out().contains("reconstructed data decided outcomes: ") && p.out().contains("map ("), p.out());
        JsonNode j = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--seed", "7", "--bots", "aggressive,random", "--json").json();
        assertTrue(j.get("provenance").get("reconstructed").get("map").asInt() > 0, j.toString());
    }

    @Test
    void errataAddInstallsAValidErratumAndRefusesABadOne(@TempDir Path dir) throws IOException {
        Path root = dir.resolve("root");
        try (Stream<Path> files = Files.walk(TOY)) {
            for (Path p : files.toList()) {
                Path to = root.resolve(TOY.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "erratum: cheap\nsource: house rules\nchanges:\n  - op: replace\n    path: move/terrain/costs/marsh\n    value: 2\n");
        Run refused = run("errata", "add", "toy", bad.toString(), "--root", root.toString());
        assertEquals(2, refused.code());
        assertTrue(refused.err().contains("bad.yaml:5") && refused.err().contains("nothing to replace at \"move/terrain/costs/marsh\""), refused.err());
        noStackTrace(refused);
        Path good = dir.resolve("cheap.yaml");
        Files.writeString(good, "erratum: cheap\nsource: house rules\nlabel: Rough costs 2\nchanges:\n  - op: replace\n    path: move/terrain/costs/rough\n    value: 2\n");
        Run ok = run("errata", "add", "toy", good.toString(), "--root", root.toString());
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("installed erratum cheap as tables/toy/errata/cheap.yaml"), ok.out());
        Run play = run("play", "--root", root.toString(), "--system", "toy", "--scenario", "meeting", "--errata", "cheap", "--json");
        assertEquals("toy+errata:cheap", play.json().get("variant").asText());
    }

    @Test
    void playIsDeterministicAndItsSaveReplays(@TempDir Path dir) {
        Path save = dir.resolve("g.json");
        Run a = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--seed", "7", "--bots", "aggressive,random", "--json", "--save", save.toString());
        Run b = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--seed", "7", "--bots", "aggressive,random", "--json");
        assertEquals(0, a.code(), a.err());
        assertEquals(a.json().get("finalHash"), b.json().get("finalHash"));
        assertTrue(a.json().get("result").has("winner"));
        Run replay = run("replay", "--root", TOY.toString(), save.toString(), "--json");
        assertEquals(0, replay.code(), replay.err());
        assertTrue(replay.json().get("identical").asBoolean());
    }

    @Test
    void fuzzInPartsLogsEveryGameAndRefusesAFirstGameOutsideTheBatch(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("fuzz.log");
        Run r = run("fuzz", "--root", TOY.toString(), "--system", "toy", "--games", "6", "--from", "4", "--seed", "3", "--log", log.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("2 games,"), r.out());
        List<String> lines = Files.readAllLines(log);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.matches("game [45] (meeting|midturn|ambush) seed -?\\d+: \\d+ actions, clean")), lines.toString());
        Run bad = run("fuzz", "--root", TOY.toString(), "--system", "toy", "--games", "6", "--from", "6");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--from 6: give a game from 0 to 5"), bad.err());
    }

    @Test
    void tablePrintsTheVariantsEffectiveTable() {
        Run base = run("table", "--root", TOY.toString(), "toy", "crt", "--json");
        Run fixed = run("table", "--root", TOY.toString(), "toy", "combat/crt", "--variant", "errata:gentler-crt", "--json");
        assertEquals("AE", base.json().at("/tables/0/data/results/6/1").asText());
        assertEquals("AR", fixed.json().at("/tables/0/data/results/6/1").asText());
        assertEquals("gentler-crt", fixed.json().at("/tables/0/errata/0").asText());
    }

    @Test
    void evalAnswersAgainstAPosition() {
        Run r = run("eval", "--root", TOY.toString(), "toy", "state.pieces.r1.hex + ' ' + map.distance('0102', '0702')");
        assertEquals(0, r.code(), r.err());
        assertEquals("\"0102 6\"", r.out().trim());
    }

    @Test
    void unknownSystemScenarioAndOptionAreUsageErrors() {
        Run s = run("play", "--root", TOY.toString(), "--system", "nope", "--scenario", "meeting");
        assertEquals(2, s.code());
        assertTrue(s.err().startsWith("error: unknown system \"nope\""), s.err());
        noStackTrace(s);
        Run c = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "nope");
        assertEquals(2, c.code());
        assertTrue(c.err().contains("unknown scenario \"nope\""), c.err());
        Run o = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--option", "nope");
        assertEquals(2, o.code());
        assertTrue(o.err().contains("unknown option \"nope\""), o.err());
        Run e = run("play", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--errata", "nope");
        assertEquals(2, e.code());
        assertTrue(e.err().contains("unknown erratum \"nope\""), e.err());
        Run flag = run("play", "--bogus");
        assertEquals(2, flag.code());
        noStackTrace(flag);
    }

    @Test
    void validateReportsFileLineColumn(@TempDir Path dir) throws IOException {
        Path root = copy(TOY, dir);
        Path combat = root.resolve("tables/toy/combat.yaml");
        Files.writeString(combat, Files.readString(combat).replace("    status: printed\n    rule: \"4.2\"\n", "    status: typed\n    rule: \"4.2\"\n"));
        Run r = run("validate", "--root", root.toString());
        assertEquals(2, r.code());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("tables/toy/combat\\.yaml:\\d+:\\d+: .*status.*")), r.out());
        Run ok = run("validate", "--root", TOY.toString());
        assertEquals(0, ok.code(), ok.out());
    }

    @Test
    void damagedSaveIsAnInputError(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("cut.json");
        Files.writeString(f, "{\"format\":1,\"system\":\"toy\",\"act");
        Run r = run("replay", "--root", TOY.toString(), f.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: " + f + ":1:"), r.err());
        noStackTrace(r);
    }

    @Test
    void runawayScriptIsARuleErrorNamingTheScript(@TempDir Path dir) throws IOException {
        Path root = copy(TOY, dir);
        Path chits = root.resolve("rules-scripts/toy/chits.js");
        Files.writeString(chits, Files.readString(chits).replace("export function cupNotEmpty(ctx) {", "export function cupNotEmpty(ctx) { for (;;) {}"));
        Run r = run("play", "--root", root.toString(), "--system", "toy", "--scenario", "meeting");
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("rule error: rules-scripts/toy/chits.js:"), r.err());
        assertTrue(r.err().contains("runaway"), r.err());
        noStackTrace(r);
        Run debug = run("play", "--root", root.toString(), "--system", "toy", "--scenario", "meeting", "--debug");
        assertTrue(debug.err().contains("\tat "), "--debug shows the stack trace");
    }

    static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return to;
    }
}
