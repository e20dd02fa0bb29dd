package hexlab.inspector;

import hexlab.kernel.Kernel;
import hexlab.kernel.util.Heap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The games by id. Every game's history is kept in a journal under the data folder as it is played
 * ({@link Journal}), so no game is lost: a game asked for that is not in memory (the server was
 * restarted, or the game was set aside) is rebuilt from its journal. Games in memory are bounded by
 * a memory budget, not a count: when the heap kept after a collection is over the budget, the least
 * recently used games that no request is using are set aside (their rules contexts closed, their
 * journals kept). A game is never set aside while a request uses it: each request holds the games
 * it touches until it has answered ({@link #release}).
 */
final class Sessions implements AutoCloseable {
    private static final Pattern ID = Pattern.compile("[0-9a-z]{1,13}");

    private final Kernel kernel;
    private final Path games;
    private final boolean temporary;
    private final long budget;
    private final FileChannel lockFile;
    private final FileLock lock;
    private final Map<String, Session> live = new ConcurrentHashMap<>();
    private final Map<String, Object> rebuilding = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final ExecutorService trimmer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "inspector-memory-budget");
        t.setDaemon(true);
        return t;
    });
    private final javax.management.NotificationListener onCollection = (n, h) -> trimmer.execute(this::trim);
    private volatile long trimmedAt = -1;     // the collection count when games were last set aside

    /**
     * @param data   the data folder (null: a temporary one, removed at close); games go in data/games/
     * @param budget bytes of heap kept after a collection before games are set aside (0: three fifths of the maximum heap)
     */
    Sessions(Kernel kernel, Path data, long budget) {
        this.kernel = kernel;
        try {
            this.temporary = data == null;
            Path folder = data != null ? data : Files.createTempDirectory("hexlab-inspector");
            this.games = folder.resolve("games");
            Files.createDirectories(games);
            this.lockFile = FileChannel.open(folder.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            this.lock = lockFile.tryLock();
            if (lock == null) throw new IllegalStateException("the data folder " + folder + " is in use by another inspector: give this one its own with --data");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the data folder " + data + ": " + e.getMessage(), e);
        }
        this.budget = budget > 0 ? budget : Runtime.getRuntime().maxMemory() / 5 * 3;
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof javax.management.NotificationEmitter e) e.addNotificationListener(onCollection, null, null);
        }
    }

    /** The game {@code id}, held for the request asking (release it when answered); rebuilt from its journal if it is not in memory. */
    Session get(String id) {
        if (!ID.matcher(id).matches()) throw ApiError.notFound("no game \"" + id + "\"");
        Session s = hold(id);
        if (s != null) return s;
        // one request rebuilds a game; others asking for it meanwhile wait, then find it
        Object turn = rebuilding.computeIfAbsent(id, k -> new Object());
        try {
            s = rebuild(id, turn);
        } finally {
            rebuilding.remove(id, turn);
        }
        trimmer.execute(this::trim);
        return s;
    }

    private Session rebuild(String id, Object turn) {
        Session s;
        synchronized (turn) {
            s = hold(id);
            if (s != null) return s;
            Path file = journal(id);
            if (!Files.isRegularFile(file)) throw ApiError.notFound("no game \"" + id + "\" (it was closed, or never started under this data folder)");
            Journal.Read read = Journal.open(file);
            try {
                s = Session.rebuild(id, kernel, read);
            } catch (RuntimeException e) {
                read.journal().close();
                throw e;
            }
            s.hold();
            live.put(id, s);
        }
        return s;
    }

    private Session hold(String id) {
        return live.computeIfPresent(id, (k, s) -> {
            s.hold();
            return s;
        });
    }

    /** A request that held {@code s} has answered. */
    void release(Session s) { s.release(); }

    String newId() { return Long.toString(random.nextLong() & Long.MAX_VALUE, 36); }

    /** Makes a game under a fresh id, its journal begun; held for the request that made it. */
    Session add(Function<String, Session> make) { return adopt(make.apply(newId())); }

    /** Registers a game made beforehand (the default game, started before anyone asked); held for the request that takes it. */
    Session adopt(Session s) {
        s.journal(Journal.create(journal(s.id), s.history()));
        s.hold();
        live.put(s.id, s);
        trimmer.execute(this::trim);
        return s;
    }

    /** Closes a game for good: out of memory, its journal removed. */
    void remove(String id) {
        if (!ID.matcher(id).matches()) throw ApiError.notFound("no game \"" + id + "\"");
        Session s = live.remove(id);
        if (s != null) {
            s.deleteJournal();
            s.close();
            return;
        }
        try {
            if (!Files.deleteIfExists(journal(id))) throw ApiError.notFound("no game \"" + id + "\"");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the journal of game " + id + ": " + e.getMessage(), e);
        }
    }

    int size() { return live.size(); }

    private Path journal(String id) { return games.resolve(id + ".jsonl"); }

    /**
     * Over the budget after a collection: sets aside the least recently used games no request holds,
     * as large a share of them as the heap is over budget (one at least), once per collection (what
     * they held shows as freed only after the next one).
     */
    void trim() {
        long kept = Heap.keptAfterLastCollection(), epoch = Heap.collections();
        if (kept < 0 || kept <= budget || epoch == trimmedAt) return;
        trimmedAt = epoch;
        List<Session> idle = live.values().stream().filter(Session::idle).sorted(Comparator.comparingLong(Session::lastUsed)).toList();
        int n = Math.max(1, (int) Math.ceil(idle.size() * (kept - budget) / (double) kept));
        for (Session s : idle.subList(0, Math.min(n, idle.size()))) setAside(s.id);
    }

    /** Sets game {@code id} aside if no request holds it: out of memory, its journal kept. */
    boolean setAside(String id) {
        Session[] gone = new Session[1];
        live.computeIfPresent(id, (k, s) -> {
            if (!s.idle()) return s;
            gone[0] = s;
            return null;
        });
        if (gone[0] == null) return false;
        gone[0].close();
        return true;
    }

    @Override
    public void close() {
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof javax.management.NotificationEmitter e) {
                try {
                    e.removeNotificationListener(onCollection);
                } catch (javax.management.ListenerNotFoundException ignored) {
                    // not listening
                }
            }
        }
        trimmer.shutdownNow();
        for (String id : List.copyOf(live.keySet())) {
            Session s = live.remove(id);
            if (s != null) s.close();
        }
        try {
            lock.release();
            lockFile.close();
        } catch (IOException ignored) {
            // the lock goes with the process
        }
        if (temporary) deleteTree(games.getParent());
    }

    private static void deleteTree(Path dir) {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // a temporary folder left behind is the system's to clean
        }
    }
}
