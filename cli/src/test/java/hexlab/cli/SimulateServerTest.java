package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.inspector.InspectorServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import static hexlab.cli.CliTest.TOY;
import static hexlab.cli.CliTest.noStackTrace;
import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** simulate --server: the batch played by a running inspector, whose rules stay compiled between batches. */
class SimulateServerTest {
    static String[] batch(Path csv, String... more) {
        String[] base = {"simulate", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--games", "8", "--bots", "aggressive",
            "--variant", "base=", "--variant", "bloody=option:bloody", "--json", "--csv", csv.toString()};
        return CliTest.with(base, more);
    }

    @Test
    void aBatchPlayedByARunningInspectorIsTheSameAsOnePlayedHere(@TempDir Path dir) throws IOException {
        CliTest.Run here = run(batch(dir.resolve("here.csv")));
        assertEquals(0, here.code(), here.err());
        InspectorServer server = InspectorServer.start(TOY, "127.0.0.1", 0, 0);
        try {
            CliTest.Run there = run(batch(dir.resolve("there.csv"), "--server", "http://127.0.0.1:" + server.port()));
            assertEquals(0, there.code(), there.err());
            assertEquals(Files.readString(dir.resolve("here.csv")), Files.readString(dir.resolve("there.csv")), "the same games, row for row");
            JsonNode a = here.json(), b = there.json();
            assertEquals(a.get("variants"), b.get("variants"), "the same summary, rule usage included");
            assertEquals(a.get("comparisons"), b.get("comparisons"));
            assertTrue(b.get("performance").get("runtime").asText().contains("inspector"), b.get("performance").toString());
        } finally {
            server.stop();
        }
    }

    static Path copyOfToy(Path dir) throws IOException {
        Path to = dir.resolve("root");
        try (var files = Files.walk(TOY)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(TOY.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else Files.copy(f, t);
            }
        }
        return to;
    }

    static String[] batchIn(Path root, Path csv, String server) {
        return new String[] {"simulate", "--root", root.toString(), "--system", "toy", "--scenario", "meeting", "--games", "2", "--bots", "aggressive",
            "--csv", csv.toString(), "--server", server};
    }

    @Test
    void anInspectorRunningOtherRulesIsRefusedAndOneThatReadEditedFilesReadsThemAgain(@TempDir Path dir) throws IOException {
        Path root = copyOfToy(dir);
        InspectorServer server = InspectorServer.start(root, "127.0.0.1", 0, 0);
        try {
            String url = "http://127.0.0.1:" + server.port();
            CliTest.Run first = run(batchIn(root, dir.resolve("first.csv"), url));
            assertEquals(0, first.code(), first.err());
            Path script = root.resolve("rules-scripts/toy/combat.js");
            // the server has read the files; an edit here is read again before the batch
            Files.writeString(script, Files.readString(script) + "\n// edited\n");
            CliTest.Run edited = run(batchIn(root, dir.resolve("edited.csv"), url));
            assertEquals(0, edited.code(), edited.err());
            // a project whose rules differ from the server's files is refused, not played on the server's rules
            CliTest.Run other = run(batchIn(TOY, dir.resolve("other.csv"), url));
            assertEquals(2, other.code(), other.err());
            assertTrue(other.err().contains("runs other rules than the files here (combat "), other.err());
            noStackTrace(other);
            assertFalse(Files.exists(dir.resolve("other.csv")));
        } finally {
            server.stop();
        }
    }

    @Test
    void noInspectorAtTheAddressIsOneLineAndExit2(@TempDir Path dir) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliTest.Run r = run(batch(dir.resolve("none.csv"), "--server", "http://127.0.0.1:" + port));
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("no inspector answers at http://127.0.0.1:" + port), r.err());
        noStackTrace(r);
        assertFalse(Files.exists(dir.resolve("none.csv")), "no CSV from a batch that never ran");
        CliTest.Run bare = run(batch(dir.resolve("none.csv"), "--server", "localhost:" + port));
        assertEquals(2, bare.code(), bare.err());
        assertTrue(bare.err().contains("--server expects an inspector's address such as http://127.0.0.1:7070"), bare.err());
        noStackTrace(bare);
    }
}
