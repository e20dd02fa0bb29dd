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
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
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
    }
}
