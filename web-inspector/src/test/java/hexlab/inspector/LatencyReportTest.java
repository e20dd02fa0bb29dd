package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Measures step and overlay latency at the client and writes the numbers to
 * target/latency.txt. A benchmark run on demand (bench/latency), not part of the test run: it takes
 * minutes, and it fails only if something is pathologically slow.
 */
@EnabledIfSystemProperty(named = "hexlab.latencyReport", matches = "true")
class LatencyReportTest {
    @Test
    void reportsStepAndOverlayLatency() throws IOException {
        String load = loadAverage();
        List<String> lines = new ArrayList<>();
        lines.add("inspector latency, loopback, " + Runtime.getRuntime().availableProcessors() + " cores, " + hexlab.kernel.script.ScriptHost.runtime() + " GraalJS");
        List<Latency.Sample> toy = measure(Roots.toy(), "{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":5}", "reach", lines, "toy");
        Path project = Roots.project();
        // a fresh server: the rules run in the interpreter until the engine has compiled them
        InspectorServer fresh = InspectorServer.start(project, "127.0.0.1", 0);
        try {
            Http http = new Http(fresh.port());
            JsonNode d = http.ok(http.get("/api/default"));
            if (d.path("system").isTextual()) {
                lines.add("");
                lines.add(d.path("system").asText() + " " + d.path("scenario").asText() + ", fresh server (no practice):");
                Latency l = new Latency(http, start(d.path("system").asText(), d.path("scenario").asText()));
                lines.add("  " + l.starts(5, 1).line());
                lines.add("  " + l.steps(200, 30).line());
            } else {
                lines.add("");
                lines.add("real systems: none loads and starts yet (" + d.path("reason").asText() + ")");
            }
        } finally {
            fresh.stop();
        }
        // as ./tobruk serve starts: in a JVM of its own, practice games first, then the designer's
        try (Served served = Served.start(project, PRACTICE)) {
            Http http = new Http(served.port);
            JsonNode d = http.ok(http.get("/api/default"));
            String practised = served.awaitPractice();
            lines.add("");
            lines.add("the server in its own JVM, as ./tobruk serve runs it; practice: " + practised);
            List<String[]> games = new ArrayList<>();
            if (d.path("system").isTextual()) games.add(new String[] {d.path("system").asText(), d.path("scenario").asText()});
            // Crusader too, when it is not the default: the step target holds for every system
            if (!"crusader".equals(d.path("system").asText()) && http.get("/api/systems/crusader").status() == 200) games.add(new String[] {"crusader", "campaign"});
            for (String[] g : games) {
                lines.add("");
                lines.add(g[0] + " " + g[1] + ", after the server's practice (" + PRACTICE + " decisions per system):");
                Latency l = new Latency(http, start(g[0], g[1]));
                try {
                    lines.add("  " + l.starts(5, 1).line());
                    lines.add("  " + l.steps(300, 30).line());
                    for (JsonNode o : http.ok(http.get("/api/systems/" + g[0])).path("overlays")) lines.add("  " + l.overlays(o.asText(), true, 150, 20).line());
                } catch (AssertionError | RuntimeException e) {
                    // a system still being written may break mid-game: the report says so, the toy numbers stand
                    lines.add("  could not measure further: " + e.getMessage());
                }
            }
            lines.add("");
            lines.add("steps whose state came as a patch: " + http.patches.get());
        }
        lines.add("load average before and after: " + load + " / " + loadAverage());
        String text = String.join(System.lineSeparator(), lines) + System.lineSeparator();
        Path out = FailureShots.dir().getParent().resolve("latency.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, text);
        System.out.print(text);
        for (Latency.Sample s : toy) assertTrue(s.at(0.95) < 2000, "pathologically slow: " + s.line());
    }

    /** {@link ServeForReport} in a child JVM started with this JVM's options and class path. */
    private static final class Served implements AutoCloseable {
        final Process process;
        final java.io.BufferedReader out;
        final int port;

        private Served(Process process) throws IOException {
            this.process = process;
            this.out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
            this.port = Integer.parseInt(expect("port ").trim());
        }

        static Served start(Path root, int practice) throws IOException {
            List<String> cmd = new ArrayList<>();
            cmd.add(ProcessHandle.current().info().command().orElse("java"));
            cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ServeForReport.class.getName(), root.toString(), String.valueOf(practice)));
            Path log = FailureShots.dir().getParent().resolve("latency-server.log");
            Files.createDirectories(log.getParent());
            return new Served(new ProcessBuilder(cmd).redirectError(log.toFile()).start());
        }

        /** "N decisions, done S s after the server started", once the child's practice ends. */
        String awaitPractice() throws IOException {
            String[] p = expect("practised ").trim().split(" ");
            return p[0] + " decisions, done " + p[1] + " s after the server started";
        }

        private String expect(String prefix) throws IOException {
            for (String line; (line = out.readLine()) != null; ) if (line.startsWith(prefix)) return line.substring(prefix.length());
            throw new IOException("the inspector's own JVM ended before it said \"" + prefix.trim() + "\" (see target/latency-server.log)");
        }

        @Override
        public void close() throws IOException {
            process.getOutputStream().close();
            try {
                if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    // as ./tobruk serve practises; -Dlatency.practice=N measures another amount
    private static final int PRACTICE = Integer.getInteger("latency.practice", InspectorServer.DEFAULT_PRACTICE);

    private static String start(String system, String scenario) {
        return "{\"system\":\"" + system + "\",\"scenario\":\"" + scenario + "\",\"seed\":1}";
    }

    /** Other work on the machine skews the numbers: the report says how busy it was. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static List<Latency.Sample> measure(Path root, String start, String unitOverlay, List<String> lines, String label) {
        InspectorServer server = InspectorServer.start(root, "127.0.0.1", 0);
        try {
            Http http = new Http(server.port());
            Latency l = new Latency(http, start);
            List<Latency.Sample> out = List.of(l.starts(10, 2), l.steps(400, 300), l.overlays("zoc", false, 300, 100), l.overlays(unitOverlay, true, 300, 100));
            lines.add(label + ":");
            for (Latency.Sample s : out) lines.add("  " + s.line());
            return out;
        } finally {
            server.stop();
        }
    }
}
