package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code simulate}'s side of the lab service: finds the service of this project root running the
 * same build (or starts one, detached, with this JVM's options), sends it the batch's arguments
 * and prints what comes back. Ctrl-C asks the service to stop the batch after the games in
 * progress, as it does a batch played here.
 */
final class LabClient {
    /** Options whose value is a file: made absolute here, since the service runs in another folder. */
    static final Set<String> PATHS = Set.of("--csv", "--resume", "--failures");

    /** How long a new service may take to say where it listens (it compiles nothing before that). */
    static final Duration START = Duration.ofSeconds(60);

    private final Path root;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    LabClient(Path root) { this.root = root.toAbsolutePath().normalize(); }

    /**
     * Whether {@code simulate} uses the service unless told {@code --no-daemon}: when started by
     * the launcher (and HEXLAB_NO_DAEMON is not set); {@code -Dhexlab.labService=on|off} decides
     * elsewhere (tests, other launchers).
     */
    static boolean wanted() {
        String v = System.getProperty("hexlab.labService");
        if (v != null) return v.equals("on");
        return System.getProperty("hexlab.launcher") != null && System.getenv("HEXLAB_NO_DAEMON") == null;
    }

    /** The code this JVM runs: the jar (or classes folder) holding the command line, with its time and size; a service of another build is not used. */
    static String build() {
        try {
            Path p = Path.of(LabClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return p + "@" + Files.getLastModifiedTime(p).toMillis() + ":" + (Files.isRegularFile(p) ? Files.size(p) : 0);
        } catch (URISyntaxException | IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * Plays the batch {@code args} (simulate's arguments) in the service and returns its exit
     * code, or null when no service could be started (the caller then plays it here, having said why).
     */
    Integer run(List<String> args, PrintWriter out, PrintWriter err, boolean terminal) {
        JsonNode service = service(err);
        if (service == null) return null;
        List<String> sent = absolute(args);
        if (terminal) sent.add("--terminal");
        String id = HexFormat.of().formatHex(new SecureRandom().generateSeed(8));
        String body = Json.write(Json.object().put("id", id).set("args", Json.MAPPER.valueToTree(sent)));
        AtomicBoolean asked = new AtomicBoolean();
        boolean stopSent = false;
        try (Interrupts signals = new Interrupts(asked, err)) {
            HttpResponse<java.util.stream.Stream<String>> r = http.send(request(service, "/simulate", body), HttpResponse.BodyHandlers.ofLines());
            if (r.statusCode() != 200) {
                err.println("lab service: refused (" + r.statusCode() + "): " + String.join(" ", r.body().toList()) + "; playing in this process");
                return null;
            }
            for (Iterator<String> it = r.body().iterator(); it.hasNext(); ) {
                JsonNode line = Json.MAPPER.readTree(it.next());
                if (asked.get() && !stopSent) {
                    stopSent = true;
                    http.send(request(service, "/stop", Json.write(Json.object().put("id", id))), HttpResponse.BodyHandlers.discarding());
                }
                if (line.has("out")) {
                    out.print(line.get("out").asText());
                    out.flush();
                } else if (line.has("err")) {
                    err.print(line.get("err").asText());
                    err.flush();
                } else if (line.has("exit")) {
                    return line.get("exit").asInt();
                }
            }
            err.println("error: the lab service (pid " + service.path("pid").asLong() + ") ended before the batch did: the games that ended are in the CSV, if one was asked for (--resume goes on); "
                    + "--no-daemon plays in this process");
            return ExitCode.INTERNAL;
        } catch (IOException e) {
            err.println("error: lost the lab service (pid " + service.path("pid").asLong() + "): " + e.getMessage() + "; --no-daemon plays in this process");
            return ExitCode.INTERNAL;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    /** The running service of this root and build, or a new one; null (having said why) when none starts. */
    private JsonNode service(PrintWriter err) {
        JsonNode s = usable();
        if (s != null) return s;
        Path log = LabService.file(root).resolveSibling("service.log");
        try {
            Files.deleteIfExists(LabService.file(root));
            Files.createDirectories(log.getParent());
            List<String> cmd = new ArrayList<>();
            if (Files.isExecutable(Path.of("/usr/bin/setsid"))) cmd.add("/usr/bin/setsid");     // its own session: a Ctrl-C at this terminal does not reach it
            cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "lab-service", "--root", root.toString()));
            new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            long end = System.nanoTime() + START.toNanos();
            while (System.nanoTime() < end) {
                Thread.sleep(100);
                s = usable();
                if (s != null) {
                    err.println("lab service: started (pid " + s.path("pid").asLong() + "); it keeps the rules compiled for the next batch and ends after 30 idle minutes (--no-daemon: play in this process)");
                    return s;
                }
            }
            err.println("lab service: did not start within " + START.toSeconds() + " s (see " + log + "); playing in this process");
        } catch (IOException e) {
            err.println("lab service: cannot start it (" + e.getMessage() + "); playing in this process");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** The service file, if it names a live process of this build. */
    private JsonNode usable() {
        try {
            JsonNode s = Json.MAPPER.readTree(Files.readString(LabService.file(root)));
            boolean alive = ProcessHandle.of(s.path("pid").asLong()).map(ProcessHandle::isAlive).orElse(false);
            return alive && build().equals(s.path("build").asText()) ? s : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static HttpRequest request(JsonNode service, String path, String body) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.path("port").asInt() + path))
                .header("Content-Type", "application/json").header("X-Hexlab-Token", service.path("token").asText())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** {@code args} with file options made absolute and --root left out (the service is this root's). */
    static List<String> absolute(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            int eq = a.indexOf('=');
            String name = eq > 0 ? a.substring(0, eq) : a;
            if (name.equals("--root")) {
                if (eq < 0) i++;
                continue;
            }
            if (PATHS.contains(name)) {
                if (eq > 0) out.add(name + "=" + Path.of(a.substring(eq + 1)).toAbsolutePath());
                else if (i + 1 < args.size()) {
                    out.add(a);
                    out.add(Path.of(args.get(++i)).toAbsolutePath().toString());
                } else out.add(a);
                continue;
            }
            out.add(a);
        }
        return out;
    }
}
