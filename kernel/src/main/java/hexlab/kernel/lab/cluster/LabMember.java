package hexlab.kernel.lab.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import hexlab.kernel.Kernel;
import hexlab.kernel.error.InputException;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.lab.Plan;
import hexlab.kernel.util.Json;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A member of the lab's cluster: it watches for batches and plays their games on its threads,
 * each thread with its rules contexts kept from game to game. Before it plays a batch it reads the
 * rule files here and compares each section's version and content hash with the batch's; a member
 * whose rules differ refuses the batch (and says so to its coordinator) and plays none of it.
 * While it plays a place it holds a claim on it, so that if it leaves, its coordinator knows which
 * games to hand to the others.
 */
public final class LabMember implements AutoCloseable {
    private final Path root;
    private final int threads;
    private final Consumer<String> log;
    private final HazelcastInstance hz;
    private final String name;
    private final Set<String> begun = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * Starts a member and joins the cluster.
     *
     * @param log hears what the member does, a line at a time (batches begun, refused, finished)
     */
    public LabMember(Path root, Config config, int threads, Consumer<String> log) {
        this.root = root;
        this.threads = Math.max(1, threads);
        this.log = log;
        this.hz = Hazelcast.newHazelcastInstance(config);
        var a = hz.getCluster().getLocalMember().getAddress();
        this.name = a.getHost() + ":" + a.getPort();
        IMap<String, String> batches = hz.getMap(Cluster.BATCHES);
        hz.getClientService().addClientListener(new com.hazelcast.client.ClientListener() {
            @Override public void clientConnected(com.hazelcast.client.Client c) {}
            @Override public void clientDisconnected(com.hazelcast.client.Client c) { orphaned(c.getUuid().toString()); }
        });
        // the batches are looked for on a thread of the member's own, not listened to: an entry listener's registration waits
        // on every member and, sent while the cluster takes a member in, can wait for good (seen here under load)
        Thread.ofPlatform().daemon(true).name("member-watch").start(() -> {
            while (!closed && hz.getLifecycleService().isRunning()) {
                try {
                    for (String id : batches.keySet()) {
                        if (begun.contains(id)) continue;
                        String plan = batches.get(id);
                        if (plan != null) begin(id, plan);
                    }
                    Thread.sleep(WATCH_MS);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    trouble("(looking for batches)", e);
                }
            }
        });
    }

    /** How often a member looks for new batches. */
    static final long WATCH_MS = 250;

    /** This member's address as the others know it (HOST:PORT). */
    public String name() { return name; }

    /** The members of its cluster now, by address. */
    public java.util.List<String> members() {
        return hz.getCluster().getMembers().stream().map(m -> m.getAddress().getHost() + ":" + m.getAddress().getPort()).toList();
    }

    // a coordinator gone: its batches end (every member hears it; removing twice is harmless)
    private void orphaned(String coordinator) {
        IMap<String, String> batches = hz.getMap(Cluster.BATCHES);
        for (var e : batches.entrySet()) {
            if (Json.read(e.getValue()).path("coordinator").asText().equals(coordinator)) {
                batches.remove(e.getKey());
                log.accept("batch " + e.getKey() + ": its coordinator left; the batch ends here (--resume goes on with it)");
            }
        }
    }

    private synchronized void begin(String id, String planJson) {
        if (closed || !begun.add(id)) return;
        Thread.ofPlatform().daemon(true).name("member-batch-" + id).start(() -> play(id, planJson));
    }

    private void play(String id, String planJson) {
        IMap<String, String> batches = hz.getMap(Cluster.BATCHES);
        Kernel kernel = new Kernel(root);      // the rule files as they are now
        Plan plan;
        try {
            plan = Plan.of(kernel, Json.read(planJson), "batch " + id);
        } catch (InputException | IllegalArgumentException e) {
            String why = e instanceof InputException ie ? ie.describe() : e.getMessage();
            log.accept("refused batch " + id + ": " + why);
            // the coordinator must hear it: asked again while the cluster changes under the call
            putUntilDone(hz.getMap(Cluster.refusals(id)), name, why, batches, id);
            return;
        }
        log.accept("batch " + id + ": " + plan.system().id() + " " + plan.scenario() + ", " + plan.variants().size() + " variants x " + plan.games() + " games, on " + threads + " threads");
        Batch.Prepared prepared = Batch.Prepared.of(kernel, plan.variants(), plan.settings(threads, root.resolve("target/failures")));
        var queue = hz.<Integer>getQueue(Cluster.queue(id));
        IMap<Integer, String> claims = hz.getMap(Cluster.claims(id)), done = hz.getMap(Cluster.done(id));
        String uuid = hz.getCluster().getLocalMember().getUuid().toString();
        Thread[] ts = new Thread[threads];
        int[] played = new int[1];
        for (int t = 0; t < threads; t++) {
            ts[t] = Thread.ofPlatform().daemon(true).name("member-" + id + "-" + t).start(() -> {
                try (Batch.Worker w = prepared.worker()) {
                    while (live(batches, id)) {
                        Integer place;
                        try {
                            place = queue.poll(500, TimeUnit.MILLISECONDS);
                            if (place == null) continue;
                            claims.put(place, uuid);
                        } catch (RuntimeException e) {
                            // the cluster changing under the call (a member left, partitions moving): asked again, the thread goes on;
                            // a place taken from the queue but not claimed is handed out again by the coordinator
                            trouble(id, e);
                            continue;
                        }
                        GameRecord r;
                        try {
                            r = w.play(place);
                        } catch (RuntimeException e) {
                            // not a rule error (those are games with a failure recorded): the batch fails, as it would on one machine
                            putUntilDone(hz.getMap(Cluster.failures(id)), name, "the game at place " + place + " failed: " + e, batches, id);
                            log.accept("batch " + id + ": the game at place " + place + " failed: " + e);
                            return;
                        }
                        putUntilDone(done, place, Json.write(r.json().put("member", name)), batches, id);
                        try {
                            claims.remove(place);
                        } catch (RuntimeException e) {
                            trouble(id, e);      // a claim left behind is harmless: the game is back
                        }
                        synchronized (played) { played[0]++; }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        for (Thread t : ts) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        // the batch is over or orphaned: its queue and maps go (a poll after the coordinator's own clean-up made the queue again)
        destroy(id);
        log.accept("batch " + id + " over: " + played[0] + " games played here");
    }

    // whether the threads of batch {@code id} go on: the member is up and the batch still listed (asked again while the cluster changes)
    private boolean live(IMap<String, String> batches, String id) {
        while (!closed && hz.getLifecycleService().isRunning()) {
            try {
                return batches.containsKey(id);
            } catch (RuntimeException e) {
                trouble(id, e);
            }
        }
        return false;
    }

    // a game's answer written until it is in, while the batch lasts: a game played is not lost to a cluster that changed under the write
    private <K> void putUntilDone(IMap<K, String> map, K key, String value, IMap<String, String> batches, String id) {
        while (live(batches, id)) {
            try {
                map.putIfAbsent(key, value);
                return;
            } catch (RuntimeException e) {
                trouble(id, e);
            }
        }
    }

    // a call the cluster could not answer now: said once a batch, then a short pause before the next try
    private final Set<String> troubled = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private void trouble(String id, RuntimeException e) {
        if (closed || !hz.getLifecycleService().isRunning()) return;
        if (troubled.add(id)) log.accept("batch " + id + ": the cluster did not answer (" + e.getClass().getSimpleName() + ": " + e.getMessage() + "); trying again");
        try {
            Thread.sleep(200);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
        }
    }

    /** Destroys the queue and maps of batch {@code id} once it is no longer listed (done, or its coordinator gone). */
    void destroy(String id) {
        if (closed || !hz.getLifecycleService().isRunning()) return;
        try {
            if (hz.getMap(Cluster.BATCHES).containsKey(id)) return;
            hz.getQueue(Cluster.queue(id)).destroy();
            for (String m : List.of(Cluster.done(id), Cluster.claims(id), Cluster.refusals(id), Cluster.failures(id))) hz.getMap(m).destroy();
        } catch (RuntimeException e) {
            trouble(id, e);
        }
    }

    /** The names of the cluster's queues and maps now (to see that a batch left none behind). */
    List<String> structures() {
        return hz.getDistributedObjects().stream().map(com.hazelcast.core.DistributedObject::getName).sorted().toList();
    }

    /** Leaves the cluster at once, as a killed member would (its games in progress are lost and played elsewhere). */
    public void kill() {
        closed = true;
        hz.getLifecycleService().terminate();
    }

    /** Leaves the cluster, handing its data over first. */
    @Override
    public void close() {
        closed = true;
        hz.shutdown();
    }
}
