package hexlab.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.lab.cluster.Cluster;
import hexlab.kernel.lab.cluster.LabMember;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static hexlab.cli.CliTest.TOY;
import static hexlab.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** simulate --cluster on two members: the CSV and summary of a run here, and a coordinator killed mid-batch resumed to the same CSV. */
// a batch ends by itself (ClusterPlayers' stall timeout); this bounds what would still hang, say a cluster that will not form
// cluster members and a worker process of its own, mostly waiting on them: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
@org.junit.jupiter.api.Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class SimulateClusterTest {
    static final String JOIN = "127.0.0.1:5891";
    static List<LabMember> members;

    @BeforeAll
    static void start() {
        List<String> join = List.of("127.0.0.1:5891", "127.0.0.1:5892");
        members = List.of(new LabMember(TOY, Cluster.member("127.0.0.1", 5891, join, 1), 1, l -> {}),
                new LabMember(TOY, Cluster.member("127.0.0.1", 5892, join, 1), 1, l -> {}));
    }

    @AfterAll
    static void stop() { members.forEach(LabMember::close); }

    static String[] batch(Path csv, String... more) {
        return CliTest.with(new String[] {"simulate", "--root", TOY.toString(), "--system", "toy", "--scenario", "meeting", "--bots", "aggressive",
            "--variant", "base=", "--variant", "bloody=option:bloody", "--threads", "2", "--json", "--csv", csv.toString()}, more.length > 0 && java.util.Arrays.asList(more).contains("--games") ? more : CliTest.with(more, "--games", "12"));
    }

    @Test
    void aBatchOnTheClusterGivesTheCsvAndSummaryOfARunHere(@TempDir Path dir) throws Exception {
        CliTest.Run here = run(batch(dir.resolve("here.csv"), "--no-daemon"));
        assertEquals(0, here.code(), here.err());
        CliTest.Run there = run(batch(dir.resolve("there.csv"), "--cluster", JOIN));
        assertEquals(0, there.code(), there.err());
        assertEquals(Files.readString(dir.resolve("here.csv")), Files.readString(dir.resolve("there.csv")), "byte for byte");
        assertEquals(here.json().get("variants"), there.json().get("variants"));
        assertEquals(here.json().get("comparisons"), there.json().get("comparisons"));
        JsonNode c = there.json().get("performance").get("cluster");
        assertEquals(2, c.get("members").size(), c.toString());
        int games = 0;
        for (JsonNode m : c.get("members")) games += m.get("games").asInt();
        assertEquals(24, games, "each game played once: " + c);
        CliTest.Run text = run(java.util.Arrays.stream(batch(dir.resolve("text.csv"), "--cluster", JOIN, "--games", "2")).filter(a -> !a.equals("--json")).toArray(String[]::new));
        assertTrue(text.out().contains("on the lab cluster at " + JOIN) && text.out().contains("  member 127.0.0.1:589"), text.out() + text.err());
    }

    @Test
    void aWorkerInAProcessOfItsOwnPlaysTheBatchToTheSameCsv(@TempDir Path dir) throws Exception {
        CliTest.Run here = run(batch(dir.resolve("here.csv"), "--no-daemon", "--games", "4"));
        assertEquals(0, here.code(), here.err());
        Path out = dir.resolve("worker.txt"), err = dir.resolve("worker-err.txt");
        Process worker = CliProcess.start(out, err, "worker", "--root", TOY.toString(), "--port", "5897", "--join", "127.0.0.1:5897", "--threads", "1");
        try {
            CliProcess.awaitWhileAlive(worker, Duration.ofMinutes(2), () -> {
                try {
                    return Files.exists(out) && Files.readString(out).contains("hexlab lab member 127.0.0.1:5897");
                } catch (java.io.IOException e) {
                    return false;
                }
            }, err);
            CliTest.Run there = run(batch(dir.resolve("there.csv"), "--cluster", "127.0.0.1:5897", "--games", "4"));
            assertEquals(0, there.code(), there.err());
            assertEquals(Files.readString(dir.resolve("here.csv")), Files.readString(dir.resolve("there.csv")), "byte for byte");
            JsonNode c = there.json().get("performance").get("cluster");
            assertEquals(8, c.get("members").get("127.0.0.1:5897").get("games").asInt(), c.toString());
        } finally {
            worker.destroy();      // Ctrl-C: the worker leaves the cluster
            if (!worker.waitFor(30, TimeUnit.SECONDS)) worker.destroyForcibly();
        }
        assertTrue(Files.readString(out).contains(": toy meeting, 2 variants x 4 games, on 1 threads"), Files.readString(out) + Files.readString(err));
    }

    @Test
    void aCoordinatorKilledMidBatchIsResumedToTheSameCsv(@TempDir Path dir) throws Exception {
        CliTest.Run here = run(batch(dir.resolve("here.csv"), "--no-daemon"));
        assertEquals(0, here.code(), here.err());
        Path cut = dir.resolve("cut.csv"), journal = dir.resolve("cut.csv.journal");
        Process p = CliProcess.start(dir.resolve("out.txt"), dir.resolve("err.txt"), batch(cut, "--cluster", JOIN));
        CliProcess.awaitWhileAlive(p, Duration.ofMinutes(3), () -> CliProcess.lines(journal) > 6, dir.resolve("err.txt"));
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(CliProcess.lines(cut) - 1 < 24, "killed mid-batch");
        CliTest.Run resumed = run("simulate", "--root", TOY.toString(), "--resume", cut.toString(), "--cluster", JOIN, "--json");
        assertEquals(0, resumed.code(), resumed.err());
        assertEquals(Files.readString(dir.resolve("here.csv")), Files.readString(cut), "the same CSV as a run here, byte for byte");
        assertEquals(here.json().get("variants"), resumed.json().get("variants"));
    }
}
