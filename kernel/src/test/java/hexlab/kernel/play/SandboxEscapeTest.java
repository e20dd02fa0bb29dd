package hexlab.kernel.play;

import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.script.RuleError;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The sandbox escape suite: every attempt in hardening/sandbox-escapes.tsv is refused or answers
 * something harmless, leaves the game as it was, and the game then plays on exactly as an
 * untouched game of the same seed does (nothing the console did reached its rules context).
 */
class SandboxEscapeTest {
    record Attempt(String what, String expr, String expected) {}

    static List<Attempt> attempts() throws IOException {
        List<Attempt> out = new ArrayList<>();
        try (InputStream in = SandboxEscapeTest.class.getResourceAsStream("/hardening/sandbox-escapes.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] c = line.split("\t");
                if (c.length != 3) throw new IllegalStateException("sandbox-escapes.tsv: 3 tab-separated columns expected: " + line);
                out.add(new Attempt(c[0], c[1], c[2]));
            }
        }
        return out;
    }

    @Test
    void everyEscapeIsRefusedAndNothingReachesTheGame() throws IOException {
        try (java.net.ServerSocket listening = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            tryEverything(String.valueOf(listening.getLocalPort()));
            listening.setSoTimeout(200);
            try (java.net.Socket s = listening.accept()) {
                fail("a script connected to the test's port");
            } catch (java.net.SocketTimeoutException none) {
                // no attempt reached the network
            }
        }
    }

    private void tryEverything(String port) throws IOException {
        Kernel k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "meeting", 4);
        Game control = k.start(k.variant("toy", ""), "meeting", 4);
        List<Attempt> all = attempts();
        assertTrue(all.size() >= 40, "the suite holds every attempt: " + all.size());
        for (Attempt a : all) {
            String before = g.stateHash();
            String answer;
            try {
                answer = "= " + Console.eval(g, a.expr().replace("{PORT}", port)).result();
            } catch (RuleError e) {
                answer = "refused: " + e.describe();
            }
            if (a.expected().startsWith("refused: ")) {
                String want = a.expected().substring(9).replace("{PORT}", port);
                assertTrue(answer.startsWith("refused: ") && answer.contains(want), a.what() + ": expected " + a.expected() + ", got " + answer);
            } else {
                assertEquals(a.expected(), answer.replaceAll("\\s+", " "), a.what());
            }
            assertEquals(before, g.stateHash(), a.what() + " changed the game");
        }
        assertEquals(control.stateHash(), g.stateHash());
        var bots = Bots.forSides(g.rules().variant().system(), "aggressive", 4);
        Match.play(g, bots, false, null);
        Match.play(control, Bots.forSides(control.rules().variant().system(), "aggressive", 4), false, null);
        if (!g.over()) fail("the game did not end");
        assertEquals(control.stateHash(), g.stateHash(), "the game played on exactly as an untouched one");
        assertEquals(control.actionCount(), g.actionCount());
    }
}
