package hexlab.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static hexlab.cli.CliTest.TOY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab service: started by the first simulate, reused by the next, the same games as a one-shot process, and closed to everyone but its user. */
// simulate processes and a lab service on a toy copy of its own, waited on: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
class LabServiceTest {
    static String[] batch(Path root, Path csv, String... more) {
        return CliTest.with(new String[] {"simulate", "--root", root.toString(), "--system", "toy", "--scenario", "meeting", "--games", "6", "--bots", "aggressive",
            "--variant", "base=", "--variant", "bloody=option:bloody", "--threads", "2", "--json", "--csv", csv.toString()}, more);
    }

    /** simulate in a process of its own, as the launcher starts it (the service wanted). */
    static CliTest.Run simulate(Path dir, String name, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Dpolyglot.engine.WarnInterpreterOnly=false", "-Dhexlab.labService=on",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve(name + ".out"), err = dir.resolve(name + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "simulate ended");
        return new CliTest.Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    static Path copyOfToy(Path dir) throws IOException {
        Path root = dir.resolve("root");
        try (Stream<Path> files = Files.walk(TOY)) {
            for (Path f : files.toList()) {
                Path to = root.resolve(TOY.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to);
            }
        }
        return root;
    }

    @Test
    void theFirstSimulateStartsTheServiceTheNextReusesItAndTheGamesAreThoseOfAOneShotRun(@TempDir Path dir) throws Exception {
        Path root = copyOfToy(dir);
        Path service = LabService.file(root);
        long pid = -1;
        try {
            CliTest.Run first = simulate(dir, "first", batch(root, dir.resolve("first.csv")));
            assertEquals(0, first.code(), first.err());
            assertTrue(first.err().contains("lab service: started (pid"), first.err());
            JsonNode about = Json.MAPPER.readTree(Files.readString(service));
            pid = about.get("pid").asLong();
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(service.getParent())), "the token's folder is its user's alone");
            String runtime = first.json().get("performance").get("runtime").asText();
            assertTrue(runtime.contains("in the lab service pid " + pid + ", its batch 1"), runtime);

            CliTest.Run second = simulate(dir, "second", batch(root, dir.resolve("second.csv")));
            assertEquals(0, second.code(), second.err());
            String runtime2 = second.json().get("performance").get("runtime").asText();
            assertTrue(runtime2.contains("in the lab service pid " + pid + ", its batch 2"), second.out());
            // between the two the service practised the first batch's games; the second stopped it
            assertTrue(java.util.regex.Pattern.compile("its batch 2, after \\d+ practice games? \\(ended by [^)]+\\)").matcher(runtime2).find(), runtime2);
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the service waits for the next batch");

            CliTest.Run here = CliTest.run(batch(root, dir.resolve("here.csv"), "--no-daemon"));
            assertEquals(0, here.code(), here.err());
            assertTrue(here.json().get("performance").get("runtime").asText().contains("in this process (--no-daemon)"), here.out());
            assertEquals(Files.readString(dir.resolve("here.csv")), Files.readString(dir.resolve("first.csv")), "the service plays the same games");
            assertEquals(Files.readString(dir.resolve("here.csv")), Files.readString(dir.resolve("second.csv")));
            assertEquals(here.json().get("variants"), second.json().get("variants"), "and summarises them alike");

            // a relative --csv is the caller's folder's, not the service's
            assertEquals(List.of("--csv", dir.resolve("x.csv").toString(), "--games", "2"), LabClient.absolute(List.of("--root", "r", "--csv", dir.resolve("x.csv").toString(), "--games", "2")));
            assertEquals(Path.of("rel.csv").toAbsolutePath().toString(), LabClient.absolute(List.of("--csv=rel.csv")).getFirst().substring("--csv=".length()));

            int port = about.get("port").asInt();
            String token = about.get("token").asText();
            assertTrue(raw(port, "127.0.0.1:" + port, null, null).startsWith("HTTP/1.1 401"), "no token: refused");
            assertTrue(raw(port, "127.0.0.1:" + port, token, "http://example.com").startsWith("HTTP/1.1 403"), "a web page: refused");
            assertTrue(raw(port, "evil.example:" + port, token, null).startsWith("HTTP/1.1 403"), "another host name (DNS rebinding): refused");
            assertTrue(raw(port, "127.0.0.1:" + port, token, null).startsWith("HTTP/1.1 200"), "with the token, from this machine: a batch");
        } finally {
            if (pid > 0) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
    }

    /** A /stop request (harmless: it names no batch) sent by hand, with these Host, token and Origin headers; the status line and the rest. */
    static String raw(int port, String host, String token, String origin) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            String body = "{\"id\":\"none\"}";
            String req = "POST /stop HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n"
                    + (token == null ? "" : "X-Hexlab-Token: " + token + "\r\n") + (origin == null ? "" : "Origin: " + origin + "\r\n") + "\r\n" + body;
            OutputStream o = s.getOutputStream();
            o.write(req.getBytes(StandardCharsets.US_ASCII));
            o.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
