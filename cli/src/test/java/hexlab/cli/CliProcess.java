package hexlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** The command line in a process of its own, as a user starts it, for tests that kill or signal it. */
final class CliProcess {
    private CliProcess() {}

    /** Starts {@code Main} with {@code args} on this JVM's class path; its output goes to {@code out} and {@code err}. */
    static Process start(Path out, Path err, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Dpolyglot.engine.WarnInterpreterOnly=false",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    }

    /** Waits until {@code ready} (polled), failing after {@code limit} or if the process ends first. */
    static void awaitWhileAlive(Process p, Duration limit, BooleanSupplier ready, Path err) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (!ready.getAsBoolean()) {
            if (!p.isAlive()) throw new AssertionError("the process ended first (exit " + p.exitValue() + "): " + Files.readString(err));
            if (System.nanoTime() > end) {
                p.destroyForcibly();
                throw new AssertionError("not ready after " + limit + ": " + Files.readString(err));
            }
            Thread.sleep(20);
        }
    }

    /** Lines in a file, 0 while it does not exist. */
    static long lines(Path f) {
        try {
            return Files.exists(f) ? Files.readAllLines(f).size() : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
