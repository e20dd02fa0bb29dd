package hexlab.inspector;

import java.security.SecureRandom;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** The open games by id. Each holds rules contexts (memory), so the least recently used beyond a limit is closed. */
final class Sessions implements AutoCloseable {
    static final int MAX_SESSIONS = 16;

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    Session get(String id) {
        Session s = sessions.get(id);
        if (s == null) throw ApiError.notFound("no game \"" + id + "\" (games end when the server stops, and the least used are closed beyond " + MAX_SESSIONS + ")");
        s.touch();
        return s;
    }

    String newId() { return Long.toString(random.nextLong() & Long.MAX_VALUE, 36); }

    /** Makes a session under a fresh id; the oldest beyond the limit are closed. */
    Session add(Function<String, Session> make) { return adopt(make.apply(newId())); }

    /** Registers a session made beforehand (the default game, started before anyone asked). */
    Session adopt(Session s) {
        sessions.put(s.id, s);
        while (sessions.size() > MAX_SESSIONS) {
            sessions.values().stream().filter(x -> x != s).min(Comparator.comparingLong(Session::lastUsed))
                    .ifPresent(old -> remove(old.id));
        }
        return s;
    }

    void remove(String id) {
        Session s = sessions.remove(id);
        if (s != null) s.close();
    }

    int size() { return sessions.size(); }

    @Override
    public void close() {
        for (String id : sessions.keySet()) remove(id);
    }
}
