package hexlab.inspector;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The inspector in a JVM of its own, as {@code ./tobruk serve} runs it, for the latency report: a
 * client in the server's JVM shares its collector and cores, which no browser does. Prints
 * "port N", then "practised N S" (decisions, seconds) once the practice ends; stops when its
 * standard input closes. Usage: ServeForReport ROOT PRACTICE
 */
final class ServeForReport {
    private ServeForReport() {}

    public static void main(String[] a) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        InspectorServer server = InspectorServer.start(Path.of(a[0]), "127.0.0.1", 0, Integer.parseInt(a[1]));
        System.out.println("port " + server.port());
        server.awaitPractice(900);
        System.out.printf(java.util.Locale.ROOT, "practised %d %.0f%n", server.practised(), (System.nanoTime() - t0) / 1e9);
        System.out.flush();
        while (System.in.read() >= 0) {
            // the report closes our input when it is done
        }
        server.stop();
    }
}
