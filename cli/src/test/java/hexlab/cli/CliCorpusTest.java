package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input corpus of the command line (hardening/cli-corpus.tsv): each case exits with the code
 * of its kind of outcome, says what is wrong (file:line:col for rule files), shows no stack trace,
 * and writes no file but the one it is expected to.
 */
class CliCorpusTest {
    @TempDir static Path dir;
    static Path roots, saves;
    static final Map<String, String> values = new TreeMap<>();

    record Case(String what, String root, String args, int exit, String says, String writes) {}

    @BeforeAll
    static void prepare() throws IOException {
        roots = dir.resolve("roots");
        saves = dir.resolve("saves");
        Files.createDirectories(saves);
        root("toy", null, null, null);
        root("syntax", "rules-scripts/toy/combat.js", "export function column(ctx, att, def) {", "export function column(ctx, att, def {");
        root("loop", "rules-scripts/toy/chits.js", "// Toy rule 2", "// Toy rule 2\nlet spin = 0;\nwhile (true) { spin++; }\n//");
        root("throws", "rules-scripts/toy/chits.js", "// Toy rule 2", "// Toy rule 2\nthrow new Error('not ready');\n//");
        root("export", "tables/toy/system.yaml", "run: chits.fillCup\n", "run: chits.fillCups\n");
        root("erratum", "tables/toy/errata/cheap-rough.yaml", "export: movementAllowance", "export: moveAllowance");
        root("runtime", "rules-scripts/toy/chits.js", "export function draw(ctx) {", "export function draw(ctx) {\n  if (ctx.state.cup.length === 3) throw new Error('three chits left');");
        root("yaml", "tables/toy/system.yaml", "version: 1.1.0\n", "version: 1.1.0\n  oops: [\n");
        root("bare", "tables/toy/system.yaml", "scenarios:\n  - {id: meeting, file: meeting.yaml}\n  - {id: midturn, file: midturn.yaml}\n  - {id: ambush, file: ambush.yaml}\n", "scenarios: []\n");

        Path save = saves.resolve("toy.json");
        CliTest.Run played = CliTest.run("play", "--root", roots.resolve("toy").toString(), "--system", "toy", "--scenario", "meeting", "--seed", "7",
                "--bots", "aggressive", "--save", save.toString());
        assertEquals(0, played.code(), played.err());
        values.put("save", save.toString());
        String text = Files.readString(save);
        ObjectNode s = (ObjectNode) Json.read(text);
        variant("save-truncated", text.substring(0, text.length() / 2));
        ObjectNode result = s.deepCopy();
        ((ObjectNode) result.get("result")).put("winner", s.path("result").path("winner").asText().equals("red") ? "blue" : "red");
        variant("save-result", Json.pretty(result));
        ObjectNode beyond = s.deepCopy();
        ((ObjectNode) beyond.get("checkpoints").get(1)).put("after", s.get("actions").size() + 25);
        variant("save-checkpoint-beyond", Json.pretty(beyond));
        ObjectNode hash = s.deepCopy();
        ((ObjectNode) hash.get("checkpoints").get(1)).put("hash", "0".repeat(64));
        variant("save-checkpoint-hash", Json.pretty(hash));
        variant("save-seed", Json.pretty(s.deepCopy().put("seed", "seven")));
        Path failure = saves.resolve("failure.json");
        CliTest.Run broke = CliTest.run("play", "--root", roots.resolve("runtime").toString(), "--system", "toy", "--scenario", "meeting", "--seed", "4", "--save", failure.toString());
        assertEquals(1, broke.code(), broke.err());
        values.put("failure", failure.toString());
    }

    static void root(String name, String file, String from, String to) throws IOException {
        Path r = CliTest.copy(CliTest.TOY, roots.resolve(name));
        if (file == null) return;
        Path f = r.resolve(file);
        String text = Files.readString(f);
        assertTrue(text.contains(from), name + ": fixture text to break not found: " + from);
        Files.writeString(f, text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
    }

    static void variant(String name, String text) throws IOException {
        Path f = saves.resolve(name + ".json");
        Files.writeString(f, text);
        values.put(name, f.toString());
    }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        try (InputStream in = CliCorpusTest.class.getResourceAsStream("/hardening/cli-corpus.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] c = line.split("\t", -1);
                if (c.length != 6) throw new IllegalStateException("cli-corpus.tsv: 6 tab-separated columns expected, " + c.length + " in: " + line);
                out.add(new Case(c[0], c[1], c[2], Integer.parseInt(c[3]), c[4], c[5]));
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCaseExitsWithItsCodeAndWritesNothingElse() throws IOException {
        List<Case> all = cases();
        assertTrue(all.size() >= 60, "the corpus holds " + all.size() + " cases");
        String only = System.getProperty("corpus.only", "");
        return all.stream().filter(c -> c.what().contains(only)).map(c -> DynamicTest.dynamicTest(c.what(), () -> check(c)));
    }

    static void check(Case c) throws IOException {
        Path tmp = Files.createTempDirectory(dir, "out");
        Path root = roots.resolve(c.root());
        String writes = c.writes().equals("-") ? null : fill(c.writes(), root, tmp);
        if (writes != null) Files.deleteIfExists(Path.of(writes));
        Map<String, String> before = files(writes);
        String[] args = split(fill(c.args(), root, tmp)).toArray(String[]::new);
        CliTest.Run r = CliTest.run(args);
        String said = "exit " + r.code() + "\nout: " + r.out() + "\nerr: " + r.err();
        assertEquals(c.exit(), r.code(), c.what() + ": " + said);
        String stream = c.says().startsWith("out:") ? r.out() : r.err();
        String want = fill(c.says().substring(4), root, tmp).replace("\\n", "\n");
        assertTrue(stream.contains(want), c.what() + ": expected \"" + want + "\" in\n" + said);
        CliTest.noStackTrace(r);
        assertEquals(before, files(writes), c.what() + ": no file changed");
        if (writes != null) assertTrue(Files.isRegularFile(Path.of(writes)), c.what() + ": writes " + writes + "\n" + said);
    }

    static String fill(String s, Path root, Path tmp) {
        String out = s.replace("{root}", root.toString()).replace("{tmp}", tmp.toString());
        for (Map.Entry<String, String> v : ((TreeMap<String, String>) values).descendingMap().entrySet()) out = out.replace("{" + v.getKey() + "}", v.getValue());
        return out;
    }

    // arguments separated by spaces, '...' keeping spaces (and an empty argument)
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false, any = false;
        for (char ch : line.toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
                any = true;
            } else if (ch == ' ' && !quoted) {
                if (any || cur.length() > 0) out.add(cur.toString());
                cur.setLength(0);
                any = false;
            } else cur.append(ch);
        }
        if (any || cur.length() > 0) out.add(cur.toString());
        return out;
    }

    // every file under the roots and the saves, with its size and time, but the one a case writes
    static Map<String, String> files(String except) throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (Path top : List.of(roots, saves)) {
            try (var all = Files.walk(top)) {
                for (Path f : all.filter(Files::isRegularFile).toList()) {
                    if (except != null && f.toString().equals(except)) continue;
                    out.put(dir.relativize(f).toString(), Files.size(f) + " " + Files.getLastModifiedTime(f).toMillis());
                }
            }
        }
        return out;
    }
}
