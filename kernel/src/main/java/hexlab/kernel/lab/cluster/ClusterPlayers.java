package hexlab.kernel.lab.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.GameRecord;
import hexlab.kernel.lab.Plan;
import hexlab.kernel.util.Json;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Plays a batch on the members of a cluster ({@link Batch.Players}). The coordinator publishes the
 * batch's plan, hands out places in seed order (a few more than the members have threads, so an
 * answer that comes in early wastes little), and takes each game back as it ends. A game that
 * comes back twice counts once (the same seed gives the same game). When a member leaves, the
 * places it held, and any handed out that no one holds, are handed out again before new ones; the
 * batch says who left. The games come back in any order and go to their places, so the batch is
 * the one a single process plays: the same CSV and summary.
 */
public final class ClusterPlayers implements Batch.Players, AutoCloseable {
    /** How often the coordinator asks for the games back among those it waits for. */
    static final long FETCH_MS = 200;

    /** How often it looks for places lost on their way, refusals and failures. */
    static final long LOOK_NS = 2_000_000_000L;

    /** How long a batch waits with no member to play it before it fails. */
    static final long ALONE_MS = 60_000;

    /**
     * How long a batch waits with games out and none coming back before it fails, naming them
     * ({@code -Dhexlab.cluster.stallSeconds}, default 15 minutes): longer than any one game takes.
     */
    static final long STALL_S = Long.getLong("hexlab.cluster.stallSeconds", 900);

    private final HazelcastInstance client;
    private final Consumer<String> log;
    private final Map<String, int[]> perMember = new TreeMap<>();
    private final Map<String, Long> firstAt = new TreeMap<>(), lastAt = new TreeMap<>();
    private final List<String> left = new ArrayList<>();
    private final Map<String, String> refused = new TreeMap<>();
    private final Set<String> members = new java.util.TreeSet<>();
    private long started;
    private long stallNs = STALL_S * 1_000_000_000L;

    private sealed interface Event permits Left, Refusal {}
    private record Left(UUID uuid, String name) implements Event {}
    private record Refusal(String member, String why) implements Event {}

    /**
     * Connects to the members at {@code addresses} as a client.
     *
     * @param log hears what happens to the batch beyond its games (a member that leaves or refuses)
     */
    public ClusterPlayers(List<String> addresses, Consumer<String> log) {
        this.client = HazelcastClient.newHazelcastClient(Cluster.client(addresses));
        this.log = log;
    }

    /** Sets how long a batch waits with games out and none coming back before it fails (default {@link #STALL_S} seconds). */
    public ClusterPlayers stall(java.time.Duration d) {
        stallNs = d.toNanos();
        return this;
    }

    static String name(Member m) { return m.getAddress().getHost() + ":" + m.getAddress().getPort(); }

    /** The members now and the threads each plays on. */
    public Map<String, Integer> members() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Member m : client.getCluster().getMembers()) out.put(name(m), threads(m));
        return out;
    }

    private static int threads(Member m) {
        try {
            return Math.max(1, Integer.parseInt(String.valueOf(m.getAttribute(Cluster.THREADS))));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    @Override
    public void play(Batch.Prepared batch, Batch.Work work) {
        String id = Long.toString(new SecureRandom().nextLong() & Long.MAX_VALUE, 36);
        Batch.Settings s = batch.settings();
        Plan plan = new Plan(batch.variants().getFirst().variant().system(), s.scenario(), s.games(), s.seed(), s.bots(), batch.variants(), null, null);
        BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        IMap<String, String> batches = client.getMap(Cluster.BATCHES);
        IQueue<Integer> queue = client.getQueue(Cluster.queue(id));
        IMap<Integer, String> done = client.getMap(Cluster.done(id)), claims = client.getMap(Cluster.claims(id));
        IMap<String, String> refusals = client.getMap(Cluster.refusals(id)), failures = client.getMap(Cluster.failures(id));
        // games and refusals are looked for, not listened to: an entry listener's registration waits on every member and, sent
        // while the cluster changes, can wait for good (seen here); nor are its events guaranteed to arrive
        UUID onLeave = client.getCluster().addMembershipListener(new MembershipListener() {
            @Override public void memberAdded(MembershipEvent e) { synchronized (members) { members.add(name(e.getMember())); } }
            @Override public void memberRemoved(MembershipEvent e) { events.add(new Left(e.getMember().getUuid(), name(e.getMember()))); }
        });
        for (Member m : client.getCluster().getMembers()) synchronized (members) { members.add(name(m)); }
        Set<Integer> pending = new HashSet<>();      // handed out, not yet back
        synchronized (perMember) {      // the report is this batch's
            perMember.clear();
            firstAt.clear();
            lastAt.clear();
            left.clear();
            refused.clear();
        }
        started = System.nanoTime();
        long aloneSince = -1, lastLook = System.nanoTime(), lastFetch = lastLook, lastProgress = lastLook;
        Set<String> heardRefusals = new HashSet<>();
        Set<Integer> lost = Set.of();
        // the coordinator's id: if it is lost (killed), the members drop the batch; --resume starts it again
        batches.put(id, Json.write(plan.json().put("coordinator", client.getLocalEndpoint().getUuid().toString())));
        try {
            boolean troubled = false;
            while (true) {
                Event e = null;
                try {
                    int window = 2 * client.getCluster().getMembers().stream().mapToInt(ClusterPlayers::threads).sum() + 2;
                    boolean more = true;
                    while (pending.size() < window) {
                        int p = work.next();
                        if (p < 0) {
                            more = false;
                            break;
                        }
                        if (pending.add(p)) queue.offer(p);
                    }
                    if (!more) {
                        // stopped, or the answer is in: places no one has begun are not played; those begun end first
                        Set<Integer> claimed = claims.keySet();
                        pending.removeIf(p -> !work.wanted(p) && !claimed.contains(p));
                        if (pending.stream().noneMatch(work::wanted)) queue.clear();
                    }
                    if (pending.isEmpty()) break;
                    e = events.poll(FETCH_MS, TimeUnit.MILLISECONDS);
                    if (System.nanoTime() - lastFetch >= FETCH_MS * 1_000_000L) {
                        lastFetch = System.nanoTime();
                        for (var g : new TreeMap<>(done.getAll(new HashSet<>(pending))).entrySet()) if (back(g.getKey(), g.getValue(), pending, work)) lastProgress = System.nanoTime();
                    }
                    if (e == null && System.nanoTime() - lastLook > LOOK_NS) {
                        // a place neither back, queued nor claimed at two looks in a row was lost on its way and is handed out again
                        lastLook = System.nanoTime();
                        for (var f : failures.entrySet()) throw new IllegalStateException("member " + f.getKey() + ": " + f.getValue());
                        for (var f : new TreeMap<>(refusals).entrySet()) if (heardRefusals.add(f.getKey())) events.add(new Refusal(f.getKey(), f.getValue()));
                        Set<Integer> queued = new HashSet<>(queue), claimed = claimedInCluster(claims, null), missing = new HashSet<>();
                        for (int p : pending) if (!queued.contains(p) && !claimed.contains(p)) missing.add(p);
                        for (int p : missing) {
                            if (!lost.contains(p)) continue;
                            pending.remove(p);
                            work.again(p);
                            lastProgress = System.nanoTime();
                        }
                        lost = missing;
                        if (!pending.isEmpty() && System.nanoTime() - lastProgress > stallNs) throw stalled(batch, pending, queued, claims);
                    }
                    if (e instanceof Left l) {
                        synchronized (perMember) { left.add(l.name()); }
                        int again = 0;
                        // the claims left behind are not removed here: a call on a partition the left member held can wait long
                        Set<Integer> held = claimedInCluster(claims, l.uuid()), queued = new HashSet<>(queue), back = done.keySet();
                        for (int p : new ArrayList<>(pending)) {
                            if (held.contains(p) || queued.contains(p) || back.contains(p)) continue;
                            pending.remove(p);
                            work.again(p);
                            again++;
                        }
                        lastProgress = System.nanoTime();
                        log.accept("member " + l.name() + " left the cluster: " + again + " of its games in progress go to the others");
                    } else if (e instanceof Refusal f) {
                        synchronized (perMember) { refused.put(f.member(), f.why()); }
                        log.accept("member " + f.member() + " refuses this batch: " + f.why());
                        if (refused.keySet().containsAll(members().keySet())) {
                            throw new IllegalStateException("every member of the cluster refuses this batch; the first: " + f.member() + ": " + f.why());
                        }
                    }
                    if (client.getCluster().getMembers().isEmpty()) {
                        if (aloneSince < 0) aloneSince = System.nanoTime();
                        else if (System.nanoTime() - aloneSince > ALONE_MS * 1_000_000) {
                            throw new IllegalStateException("no member of the cluster is left to play the batch (" + pending.size() + " games waiting)");
                        }
                    } else aloneSince = -1;
                } catch (com.hazelcast.core.HazelcastException x) {
                    // the cluster did not answer now (a member left and its partitions move, a connection reset): asked again; a
                    // member's leaving is handled again, and a batch the cluster never answers again ends at the stall timeout
                    if (e instanceof Left) events.add(e);
                    if (!troubled) log.accept("the cluster did not answer (" + x.getClass().getSimpleName() + "); asking again");
                    troubled = true;
                    if (System.nanoTime() - lastProgress > stallNs) throw stalled(batch, pending, Set.of(), null);
                    Thread.sleep(FETCH_MS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            // best effort: the members destroy the batch's queue and maps too, once their threads have left it
            for (Runnable r : List.<Runnable>of(() -> batches.remove(id), () -> client.getCluster().removeMembershipListener(onLeave), queue::destroy,
                    done::destroy, claims::destroy, refusals::destroy, failures::destroy)) {
                try {
                    r.run();
                } catch (RuntimeException ignored) {
                    // a cluster gone or not answering: what the batch ended with is the error to report
                }
            }
        }
    }

    // the places claimed by members in the cluster now, {@code left} (if any) not counted: a claim counts only while its
    // member is in the cluster (a member killed as its claim was written, or one that left, holds nothing)
    private Set<Integer> claimedInCluster(IMap<Integer, String> claims, UUID left) {
        Set<String> alive = new HashSet<>();
        for (Member m : client.getCluster().getMembers()) if (!m.getUuid().equals(left)) alive.add(m.getUuid().toString());
        Set<Integer> out = new HashSet<>();
        for (var c : claims.entrySet()) if (alive.contains(c.getValue())) out.add(c.getKey());
        return out;
    }

    // the batch waited too long with games out and none back: which games, and where each stands
    private IllegalStateException stalled(Batch.Prepared batch, Set<Integer> pending, Set<Integer> queued, IMap<Integer, String> claims) {
        Map<String, String> holder = new java.util.HashMap<>();
        for (Member m : client.getCluster().getMembers()) holder.put(m.getUuid().toString(), name(m));
        Map<Integer, String> claimed = new TreeMap<>();
        try {
            if (claims != null) for (var c : claims.entrySet()) claimed.put(c.getKey(), holder.getOrDefault(c.getValue(), "a member that left"));
        } catch (RuntimeException e) {
            // the cluster does not answer: where each game stands is not known
        }
        int games = batch.settings().games();
        List<String> out = new ArrayList<>();
        for (int p : new java.util.TreeSet<>(pending)) {
            int g = p % games;
            String where = claimed.containsKey(p) ? "played by " + claimed.get(p) : queued.contains(p) ? "queued, taken by no member"
                    : claims == null ? "out, the cluster not answering" : "handed out, held by no member";
            out.add(batch.variants().get(p / games).name() + " game " + (g + 1) + " (seed " + hexlab.kernel.play.Dice.derive(batch.settings().seed(), g) + "): " + where);
        }
        return new IllegalStateException("no game came back from the cluster for " + stallNs / 1_000_000_000L + " s; the batch stops with "
                + pending.size() + " games not done: " + String.join("; ", out));
    }

    /** A game back at {@code place}, heard of once: a place no longer handed out (heard before, or dropped) is not counted again. */
    private boolean back(int place, String json, Set<Integer> pending, Batch.Work work) {
        if (!pending.remove(place)) return false;
        JsonNode j = Json.read(json);
        String who = j.path("member").asText("?");
        long now = System.nanoTime();
        synchronized (perMember) {
            perMember.computeIfAbsent(who, k -> new int[1])[0]++;
            firstAt.putIfAbsent(who, now);
            lastAt.put(who, now);
        }
        work.done(GameRecord.of(j), place);
        return true;
    }

    /**
     * The batch as the cluster played it: its members, the games and rate of each (from its first
     * game back to its last), who left and who refused.
     */
    public ObjectNode report() {
        ObjectNode o = Json.object();
        synchronized (perMember) {
            var ms = o.putObject("members");
            for (String m : members) {
                ObjectNode x = ms.putObject(m);
                int n = perMember.containsKey(m) ? perMember.get(m)[0] : 0;
                x.put("games", n);
                long span = n > 1 ? lastAt.get(m) - firstAt.get(m) : 0;
                x.put("gamesPerSecond", n > 1 && span > 0 ? Math.round((n - 1) / (span / 1e9) * 1000) / 1000.0 : 0);
                if (left.contains(m)) x.put("left", true);
                if (refused.containsKey(m)) x.put("refused", refused.get(m));
            }
            o.set("left", Json.MAPPER.valueToTree(left));
        }
        return o;
    }

    /** One line of per-member rates for a progress bar ("127.0.0.1:5701 12 games 1.4/s · ..."). */
    public String rates() {
        StringBuilder sb = new StringBuilder();
        long now = System.nanoTime();
        synchronized (perMember) {
            for (var e : perMember.entrySet()) {
                double secs = (now - started) / 1e9;
                sb.append(sb.isEmpty() ? "" : " · ").append(e.getKey()).append(' ').append(e.getValue()[0])
                        .append(String.format(java.util.Locale.ROOT, " %.2f/s", secs > 0 ? e.getValue()[0] / secs : 0)).append(left.contains(e.getKey()) ? " (left)" : "");
            }
        }
        return sb.toString();
    }

    @Override
    public void close() { client.shutdown(); }
}
