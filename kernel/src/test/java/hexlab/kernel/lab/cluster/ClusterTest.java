package hexlab.kernel.lab.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.Csv;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.lab.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A batch on a cluster of members: the games of a single process, a member killed mid-batch losing none, and a member with other rules refusing. */
// a batch ends by itself (ClusterPlayers' stall timeout); this bounds what would still hang, say a cluster that will not form
// it runs alone: beside the other classes a member starved of the processor missed a batch it had to refuse
@org.junit.jupiter.api.Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class ClusterTest {
    static final int GAMES = 10;
    final Kernel k = Fixtures.toy();

    List<Batch.Entry> variants() {
        return List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("bloody", k.variant("toy", "option:bloody")));
    }

    Batch.Settings settings(int threads) { return new Batch.Settings("meeting", GAMES, 5, "aggressive", threads, null); }

    /** Members on loopback ports from {@code port}, joining one another, each under {@code roots}' rules. */
    static List<LabMember> members(int port, List<Path> roots, List<String> log) {
        List<String> join = new ArrayList<>();
        for (int i = 0; i < roots.size(); i++) join.add("127.0.0.1:" + (port + i));
        List<LabMember> out = new ArrayList<>();
        for (int i = 0; i < roots.size(); i++) out.add(new LabMember(roots.get(i), Cluster.member("127.0.0.1", port + i, join, 1), 1, log::add));
        return out;
    }

    @Test
    void aMemberKilledMidBatchLosesNothingAndTheCsvIsASingleProcesss() throws Exception {
        List<GameRecord> local = Batch.play(k, variants(), settings(2), new Batch.Control());
        List<String> log = new CopyOnWriteArrayList<>();
        List<LabMember> ms = members(5811, List.of(Fixtures.TOY_ROOT, Fixtures.TOY_ROOT, Fixtures.TOY_ROOT), log);
        LabMember victim = ms.get(1);
        AtomicInteger back = new AtomicInteger();
        try (ClusterPlayers cluster = new ClusterPlayers(List.of("127.0.0.1:5811"), log::add)) {
            assertEquals(3, cluster.members().size(), "three members joined: " + cluster.members());
            List<GameRecord> there = Batch.play(k, variants(), settings(2), new Batch.Control().players(cluster).each((r, place) -> {
                if (back.incrementAndGet() == 4) Thread.ofPlatform().start(victim::kill);   // mid-batch, while it holds a game
            }));
            assertEquals(Csv.of(local), Csv.of(there), () -> "the same CSV as one process, byte for byte; the cluster's log: " + log);
            assertEquals(Summary.of(variants(), local), Summary.of(variants(), there), "and the same summary");
            ObjectNode report = cluster.report();
            assertEquals(List.of(victim.name()), Json(report.get("left")), report.toString());
            assertTrue(log.stream().anyMatch(l -> l.startsWith("member " + victim.name() + " left the cluster")), log.toString());
            int games = 0;
            for (var m : report.get("members")) games += m.get("games").asInt();
            assertTrue(games >= 2 * GAMES, "every place came back at least once: " + report);
        } finally {
            for (LabMember m : ms) if (m != victim) m.close();
        }
    }

    @Test
    void aMemberWithOtherRulesRefusesTheBatchAndPlaysNoneOfIt(@TempDir Path dir) {
        Path edited = Fixtures.copyToy(dir);
        Fixtures.write(edited, "tables/toy/combat.yaml", Fixtures.read(edited, "tables/toy/combat.yaml") + "\n# edited on this machine only\n");
        List<String> log = new CopyOnWriteArrayList<>();
        List<LabMember> ms = members(5831, List.of(Fixtures.TOY_ROOT, edited), log);
        try (ClusterPlayers cluster = new ClusterPlayers(List.of("127.0.0.1:5831"), log::add)) {
            // the batch is kept open (its first game held back, 60 s at most in all) until the member with
            // other rules has looked at it and said no: in a warm JVM the other member may play every game first
            long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            List<GameRecord> there = Batch.play(k, variants(), settings(1), new Batch.Control().players(cluster).each((r, place) -> {
                while (log.stream().noneMatch(l -> l.startsWith("refused batch ")) && System.nanoTime() < until) sleep(100);
            }));
            assertEquals(2 * GAMES, there.size());
            ObjectNode report = cluster.report();
            var other = report.get("members").get(ms.get(1).name());
            assertEquals(0, other.get("games").asInt(), report.toString());
            assertTrue(log.stream().anyMatch(l -> l.startsWith("refused batch ") && l.contains("the rule files changed")), log.toString());
            if (other.has("refused")) assertTrue(other.get("refused").asText().contains("the rule files changed"), report.toString());
        } finally {
            ms.forEach(LabMember::close);
        }
        List<LabMember> alone = members(5851, List.of(edited), log);
        try (ClusterPlayers cluster = new ClusterPlayers(List.of("127.0.0.1:5851"), log::add)) {
            var e = assertThrows(IllegalStateException.class, () -> Batch.play(k, variants(), settings(1), new Batch.Control().players(cluster)));
            assertTrue(e.getMessage().contains("every member of the cluster refuses this batch"), e.getMessage());
        } finally {
            alone.forEach(LabMember::close);
        }
    }

    /** An entry processor runs on the member that holds the key: the way an arbitrary object would be run there, were it read. */
    static final class Planted implements com.hazelcast.map.EntryProcessor<String, String, String>, java.io.Serializable {
        static final java.util.concurrent.atomic.AtomicBoolean RAN = new java.util.concurrent.atomic.AtomicBoolean();

        @Override
        public String process(java.util.Map.Entry<String, String> entry) {
            RAN.set(true);
            return "ran";
        }
    }

    @Test
    void aJavaSerializedObjectSentToTheClusterIsRefusedBeforeItIsRead() {
        List<String> log = new CopyOnWriteArrayList<>();
        List<LabMember> ms = members(5871, List.of(Fixtures.TOY_ROOT), log);
        var client = com.hazelcast.client.HazelcastClient.newHazelcastClient(Cluster.client(List.of("127.0.0.1:5871")));
        try {
            var map = client.<String, String>getMap("planted");
            map.put("k", "v");
            // the class is on the member's class path: it is the filter, not a missing class, that refuses it
            Exception e = assertThrows(Exception.class, () -> map.executeOnKey("k", new Planted()));
            assertTrue(String.valueOf(e.getMessage()).contains("not allowed") || String.valueOf(e.getCause()).contains("not allowed"), e.toString());
            assertTrue(!Planted.RAN.get(), "the object was not run");
            assertEquals("v", map.get("k"), "and the data is untouched");
        } finally {
            client.shutdown();
            ms.forEach(LabMember::close);
        }
    }

    @Test
    void aBatchWhoseGamesStopComingBackEndsNamingThem() {
        // a member of the cluster that plays nothing: the games handed out stay in the queue
        var idle = com.hazelcast.core.Hazelcast.newHazelcastInstance(Cluster.member("127.0.0.1", 5881, List.of("127.0.0.1:5881"), 1));
        try (ClusterPlayers cluster = new ClusterPlayers(List.of("127.0.0.1:5881"), l -> {}).stall(java.time.Duration.ofSeconds(3))) {
            long t0 = System.nanoTime();
            var e = assertThrows(IllegalStateException.class, () -> Batch.play(k, variants(), settings(1), new Batch.Control().players(cluster)));
            assertTrue(e.getMessage().startsWith("no game came back from the cluster for 3 s; the batch stops with "), e.getMessage());
            assertTrue(e.getMessage().contains("base game 1 (seed " + hexlab.kernel.play.Dice.derive(5, 0) + "): queued, taken by no member"), e.getMessage());
            assertTrue(System.nanoTime() - t0 < 60_000_000_000L, "within a minute");
        } finally {
            idle.shutdown();
        }
    }

    @Test
    void anOrphanedBatchLeavesNoQueueOrMapBehind() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        List<LabMember> ms = members(5861, List.of(Fixtures.TOY_ROOT, Fixtures.TOY_ROOT), log);
        try {
            ClusterPlayers cluster = new ClusterPlayers(List.of("127.0.0.1:5861"), log::add);
            java.util.concurrent.CompletableFuture<Throwable> ended = new java.util.concurrent.CompletableFuture<>();
            AtomicInteger back = new AtomicInteger();
            Thread.ofPlatform().start(() -> {
                try {
                    Batch.play(k, variants(), settings(1), new Batch.Control().players(cluster).each((r, place) -> {
                        // the coordinator is gone mid-batch, closed on its own thread: its own clean-up cannot reach the cluster,
                        // so only the members' hearing of its leaving ends the batch (a close from elsewhere races that clean-up)
                        if (back.incrementAndGet() == 2) cluster.close();
                    }));
                    ended.complete(null);
                } catch (Throwable t) {
                    ended.complete(t);
                }
            });
            assertTrue(ended.get(2, java.util.concurrent.TimeUnit.MINUTES) != null, "the coordinator's batch ended with its client");
            long end = System.nanoTime() + 60_000_000_000L;
            List<String> left;
            do {
                Thread.sleep(200);
                left = ms.getFirst().structures().stream().filter(n -> n.startsWith("hexlab-") && !n.equals(Cluster.BATCHES)).toList();
            } while (!left.isEmpty() && System.nanoTime() < end);
            assertEquals(List.of(), left, "the batch's queue and maps are destroyed: " + log);
            assertTrue(log.stream().anyMatch(l -> l.contains("its coordinator left")), log.toString());
        } finally {
            ms.forEach(LabMember::close);
        }
    }

    private static List<String> Json(com.fasterxml.jackson.databind.JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asText()));
        return out;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
