package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import hexlab.kernel.Kernel;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lab service: a JVM that {@code simulate} starts on first use and sends its batches to, so
 * that from the second batch on the rules run compiled (the script engine and its compiled code
 * live as long as the process; each batch reads the rule files again, so an edited section is
 * compiled afresh and the rest stays warm). It ends after an idle period.
 *
 * <p>It answers only this machine and its user: it binds the loopback address, takes requests
 * addressed to 127.0.0.1 or localhost (the inspector's Host rule, against DNS rebinding), refuses
 * any request a browser sends (an Origin header), and asks for a token that it writes to a file
 * in a folder only its user may read ({@code target/lab-service/} under the project root). A
 * batch runs as {@code simulate --no-daemon} would run it here, one at a time; its output goes
 * back as JSON lines ({"out": text}, {"err": text}, then {"exit": code}).
 */
@Command(name = "lab-service", hidden = true, description = "The background lab service simulate starts on first use (not for direct use).")
final class LabService implements java.util.concurrent.Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--idle-minutes", defaultValue = "30", description = "End after this many minutes without a batch (default ${DEFAULT-VALUE}).") int idleMinutes;

    @Option(names = "--practice-minutes", defaultValue = "10", description = "After a batch, play more of its games until the rules are compiled, for at most this many minutes (0: none; default ${DEFAULT-VALUE}).") int practiceMinutes;

    /**
     * A batch this service is playing: what stops it, how it is described in its output, and what
     * it played, which the batch sets for the practice that follows it (null: nothing to practise).
     */
    record Run(AtomicBoolean stop, String where, java.util.concurrent.atomic.AtomicReference<Batch.Prepared> next) {
        Run(AtomicBoolean stop, String where) { this(stop, where, new java.util.concurrent.atomic.AtomicReference<>()); }

        /** Asks for practice of this batch's games after it: {@link LabPractice}. */
        void practise(Batch.Prepared played) { next.set(played); }
    }

    private static final ThreadLocal<Run> CURRENT = new ThreadLocal<>();

    /** The batch being played for a client on this thread, or null outside the service. */
    static Run current() { return CURRENT.get(); }

    /** The file where a running service says where it listens, its process and token. */
    static Path file(Path root) { return root.resolve("target/lab-service/service.json"); }

    private final ReentrantLock oneAtATime = new ReentrantLock(true);      // batches share the cores: one at a time, in order of arrival
    private final Map<String, AtomicBoolean> running = new ConcurrentHashMap<>();
    private final AtomicLong lastActive = new AtomicLong(System.nanoTime());
    private final AtomicInteger batches = new AtomicInteger();
    private byte[] token;
    private int port;
    private LabPractice practice;       // guarded by oneAtATime

    @Override
    public Integer call() throws Exception {
        Path root = (common.root != null ? common.root : Kernel.findRoot()).toAbsolutePath().normalize();
        Path dir = file(root).getParent();
        Files.createDirectories(dir);
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException ignored) {
            // a file system without POSIX permissions: the folder keeps its own
        }
        token = new byte[32];
        new SecureRandom().nextBytes(token);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        port = server.getAddress().getPort();
        server.setExecutor(Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon(true).name("lab-service-request").unstarted(r)));
        server.createContext("/simulate", x -> guarded(x, () -> simulate(x, root)));
        server.createContext("/stop", x -> guarded(x, () -> stop(x)));
        server.start();
        long pid = ProcessHandle.current().pid();
        ObjectNode about = Json.object().put("port", port).put("pid", pid).put("token", HexFormat.of().formatHex(token))
                .put("build", LabClient.build()).put("root", root.toString());
        hexlab.kernel.util.AtomicFile.write(file(root), Json.pretty(about));
        long idle = idleMinutes * 60_000_000_000L;
        while (true) {
            Thread.sleep(Math.min(10_000, Math.max(100, idle / 10_000_000L)));
            if (running.isEmpty() && !oneAtATime.isLocked() && System.nanoTime() - lastActive.get() > idle) break;
        }
        oneAtATime.lock();
        try {
            if (practice != null) practice.stopAndWait();
        } finally {
            oneAtATime.unlock();
        }
        server.stop(0);
        // the file is this process's, unless a newer service has replaced it
        try {
            JsonNode now = Json.MAPPER.readTree(Files.readString(file(root)));
            if (now.path("pid").asLong() == pid) Files.deleteIfExists(file(root));
        } catch (IOException ignored) {
            // already gone
        }
        return 0;
    }

    private interface Handler { void handle() throws IOException; }

    /** The inspector's rules for a request: loopback names only, no browser, the token. */
    private void guarded(HttpExchange x, Handler h) throws IOException {
        try (x) {
            String host = x.getRequestHeaders().getFirst("Host");
            if (host == null || !(host.equals("127.0.0.1:" + port) || host.equals("localhost:" + port))) {
                refuse(x, 403, "requests must be addressed to 127.0.0.1:" + port);
                return;
            }
            if (x.getRequestHeaders().getFirst("Origin") != null) {
                refuse(x, 403, "the lab service does not answer web pages");
                return;
            }
            String given = x.getRequestHeaders().getFirst("X-Hexlab-Token");
            if (given == null || !MessageDigest.isEqual(given.getBytes(StandardCharsets.US_ASCII), HexFormat.of().formatHex(token).getBytes(StandardCharsets.US_ASCII))) {
                refuse(x, 401, "the lab service's token is missing or wrong");
                return;
            }
            if (!"POST".equals(x.getRequestMethod()) || !String.valueOf(x.getRequestHeaders().getFirst("Content-Type")).startsWith("application/json")) {
                refuse(x, 415, "POST application/json only");
                return;
            }
            lastActive.set(System.nanoTime());
            h.handle();
            lastActive.set(System.nanoTime());
        }
    }

    private static void refuse(HttpExchange x, int status, String why) throws IOException {
        byte[] b = (Json.write(Json.object().put("error", why)) + "\n").getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
    }

    /** {id, args, terminal}: plays the batch the arguments describe, streaming its output. */
    private void simulate(HttpExchange x, Path root) throws IOException {
        JsonNode req = Json.MAPPER.readTree(x.getRequestBody());
        String id = req.path("id").asText("");
        List<String> args = new ArrayList<>();
        for (JsonNode a : req.path("args")) args.add(a.asText());
        x.getResponseHeaders().set("Content-Type", "application/x-ndjson");
        x.sendResponseHeaders(200, 0);
        AtomicBoolean stop = new AtomicBoolean();
        Lines lines = new Lines(x.getResponseBody(), stop);
        running.put(id, stop);
        int code;
        // a line a second while the batch plays: a client gone (killed) is noticed, and the batch stops as on Ctrl-C
        var beat = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon(true).name("lab-service-beat").unstarted(r));
        beat.scheduleAtFixedRate(() -> lines.send(Json.object().put("alive", true)), 1, 1, java.util.concurrent.TimeUnit.SECONDS);
        try (PrintWriter out = new PrintWriter(new Frames(lines, "out"), true); PrintWriter err = new PrintWriter(new Frames(lines, "err"), true)) {
            if (!oneAtATime.tryLock()) {
                err.println("lab service: waiting for the batch before this one to end");
                oneAtATime.lock();
            }
            try {
                int n = batches.incrementAndGet();
                String practised = "";
                if (practice != null) {
                    int games = practice.stopAndWait();
                    if (games > 0) practised = ", after " + games + " practice game" + (games == 1 ? "" : "s") + " (ended by " + practice.ended() + ")";
                    practice = null;
                }
                Run run = new Run(stop, "lab service pid " + ProcessHandle.current().pid() + ", its batch " + n + (n == 1 ? ": compiling the rules" : practised));
                CURRENT.set(run);
                List<String> full = new ArrayList<>(List.of("simulate", "--root", root.toString()));
                full.addAll(args);
                code = Main.run(out, err, full.toArray(String[]::new));
                // the next batch stops it as it takes the lock
                if (code == 0) practice = LabPractice.start(run.next().get(), practiceMinutes);
            } finally {
                CURRENT.remove();
                oneAtATime.unlock();
            }
        } finally {
            beat.shutdownNow();
            running.remove(id);
        }
        lines.send(Json.object().put("exit", code));
    }

    /** {id}: asks that batch to stop after the games in progress, as Ctrl-C does. */
    private void stop(HttpExchange x) throws IOException {
        JsonNode req = Json.MAPPER.readTree(x.getRequestBody());
        AtomicBoolean s = running.get(req.path("id").asText(""));
        if (s != null) s.set(true);
        byte[] b = (Json.write(Json.object().put("stopping", s != null)) + "\n").getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(200, b.length);
        x.getResponseBody().write(b);
    }

    /** The response: one JSON object a line; a client gone away stops the batch, as Ctrl-C would (its finished games are in its CSV). */
    private static final class Lines {
        private final OutputStream body;
        private final AtomicBoolean stop;
        private boolean gone;

        Lines(OutputStream body, AtomicBoolean stop) {
            this.body = body;
            this.stop = stop;
        }

        synchronized void send(ObjectNode o) {
            if (gone) return;
            try {
                body.write((Json.write(o) + "\n").getBytes(StandardCharsets.UTF_8));
                body.flush();
            } catch (IOException e) {
                gone = true;
                stop.set(true);
            }
        }
    }

    /** Text written to one of the command's streams, sent as a line {stream: text} per flush. */
    private static final class Frames extends Writer {
        private final Lines lines;
        private final String stream;
        private final StringBuilder pending = new StringBuilder();

        Frames(Lines lines, String stream) {
            this.lines = lines;
            this.stream = stream;
        }

        @Override
        public synchronized void write(char[] c, int off, int len) { pending.append(c, off, len); }

        @Override
        public synchronized void flush() {
            if (pending.isEmpty()) return;
            lines.send(Json.object().put(stream, pending.toString()));
            pending.setLength(0);
        }

        @Override
        public void close() { flush(); }
    }
}
