package hexlab.cli;

import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.script.RulesContext;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Games the lab service plays between batches, so that the next batch starts on compiled rules:
 * the first batch of a fresh service ends long before its runtime has compiled what a game calls
 * (on 2 cores the compilers need about four minutes of play). After a batch, the service plays
 * more games of it (its variants, scenario and bots, on seeds no batch uses, nothing recorded)
 * until the compilers fall quiet: the processor time spent outside the practice's own threads
 * stays under {@link #QUIET_SHARE} of a core for {@link #QUIET_WINDOWS} windows in a row. It stops at once, between two
 * actions, when the next batch arrives; the games a batch plays are its seeds' alone, practice
 * or not (only the compiled code is shared).
 */
final class LabPractice {
    static final long WINDOW_MS = 10_000;
    static final double QUIET_SHARE = 0.1;
    // windows in a row under it: one quiet window also comes between two bursts of compiling
    static final int QUIET_WINDOWS = 2;
    // practice seeds: derived from a master seed of their own
    private static final long SEEDS = 0x5eed_0f_9ac7_1ceL;

    private final Batch.Prepared plan;
    private final long deadline, started = System.nanoTime();
    private final AtomicInteger games = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Long> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private volatile boolean stop;
    private volatile String ended = "playing";
    private Thread watcher;

    /** Stopped by this, between two actions. */
    private static final class Stopped extends RuntimeException {
        Stopped() { super(null, null, false, false); }
    }

    private LabPractice(Batch.Prepared plan, long maxMillis) {
        this.plan = plan;
        this.deadline = System.nanoTime() + maxMillis * 1_000_000L;
    }

    /** Starts practising the batch {@code plan} (its variants, scenarios, bots and threads) for at most {@code maxMinutes}; null when there is nothing to practise. */
    static LabPractice start(Batch.Prepared plan, int maxMinutes) {
        if (plan == null || maxMinutes <= 0 || plan.variants().isEmpty()) return null;
        LabPractice p = new LabPractice(plan, maxMinutes * 60_000L);
        for (int w = 0; w < Math.max(1, plan.settings().threads()); w++) p.threads.add(Thread.ofPlatform().daemon(true).name("lab-practice-" + w).unstarted(p::play));
        p.threads.forEach(Thread::start);
        p.watcher = Thread.ofPlatform().daemon(true).name("lab-practice-watch").start(p::watch);
        return p;
    }

    private void play() {
        ids.add(Thread.currentThread().threadId());
        Map<String, RulesContext> contexts = new HashMap<>();
        try {
            while (!stop) {
                int i = next.getAndIncrement();
                Batch.Entry e = plan.variants().get(i % plan.variants().size());
                long seed = Dice.derive(SEEDS, i);
                Scenario sc = plan.scenarios().get(e.name());
                RulesContext rc = contexts.get(e.name());
                if (rc == null || rc.isDead()) contexts.put(e.name(), rc = plan.kernel().context(e.variant(), sc));
                Map<String, Bot> bots = Bots.forSides(e.variant().system(), plan.settings().bots(), seed);
                Match.playWatching(Game.start(rc, sc, seed, false), bots, null, new Match.Watch() {
                    @Override
                    public void before(Game g) {
                        if (stop) throw new Stopped();
                    }
                });
                games.incrementAndGet();
            }
        } catch (Stopped s) {
            // the next batch is here, or the compilers are quiet
        } catch (RuntimeException | StackOverflowError e) {
            // a practice game that fails ends the practice: a batch's own game reports such a failure in full
            finish("a practice game failed: " + e.getMessage());
        } finally {
            contexts.values().forEach(RulesContext::close);
        }
    }

    // every window: the processor time outside the practice threads (the compilers, mostly); quiet or too long ends it
    private void watch() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long lastAll = os.getProcessCpuTime(), lastOwn = own(mx);
        int quiet = 0;
        while (!stop) {
            try {
                Thread.sleep(WINDOW_MS);
            } catch (InterruptedException e) {
                return;
            }
            long all = os.getProcessCpuTime(), mine = own(mx);
            double outside = ((all - lastAll) - (mine - lastOwn)) / (WINDOW_MS * 1e6);
            lastAll = all;
            lastOwn = mine;
            quiet = outside < QUIET_SHARE ? quiet + 1 : 0;
            if (quiet >= QUIET_WINDOWS) finish(String.format(java.util.Locale.ROOT, "warm: under %.2f of a core outside the practice games over %d s", QUIET_SHARE, QUIET_WINDOWS * WINDOW_MS / 1000));
            else if (System.nanoTime() - deadline > 0) finish("its time limit");
        }
    }

    private long own(ThreadMXBean mx) {
        long sum = 0;
        for (long id : ids) sum += Math.max(0, mx.getThreadCpuTime(id));
        return sum;
    }

    private synchronized void finish(String why) {
        if (stop) return;
        ended = why;
        stop = true;
        // the service's log (target/lab-service/service.log) tells when it is warm
        System.out.printf(java.util.Locale.ROOT, "practice: %d games in %.0f s, ended by %s%n", games.get(), (System.nanoTime() - started) / 1e9, why);
        System.out.flush();
    }

    /** Stops after the action in progress and waits for the practice threads; the games played. */
    int stopAndWait() {
        finish("the next batch");
        if (watcher != null) watcher.interrupt();
        hexlab.kernel.util.Threads.joinAll(threads);
        return games.get();
    }

    boolean running() { return !stop; }

    int games() { return games.get(); }

    String ended() { return ended; }
}
