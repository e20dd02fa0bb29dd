package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.play.Game;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A line of play: the actions taken from the start under one variant, with their log entries and
 * a snapshot every few actions to go back to. Branching copies the prefix; the old line is kept.
 */
final class Line {
    /** A snapshot is kept after every this many actions, so a jump replays at most that many. */
    static final int SNAPSHOT_EVERY = 8;

    final String id;
    final String name;
    final Variant variant;
    final String forkedFrom;     // the line this one branched from, or null
    final int forkAt;            // actions shared with that line
    final List<Entry> entries = new ArrayList<>();
    final TreeMap<Integer, Game.Snapshot> snapshots = new TreeMap<>();

    Line(String id, String name, Variant variant, String forkedFrom, int forkAt) {
        this.id = id;
        this.name = name;
        this.variant = variant;
        this.forkedFrom = forkedFrom;
        this.forkAt = forkAt;
    }

    /** A branch sharing the first {@code at} actions of this line (their entries and snapshots). */
    Line fork(String newId, String newName, int at) {
        Line l = new Line(newId, newName, variant, id, at);
        l.entries.addAll(entries.subList(0, at + 1));
        for (Map.Entry<Integer, Game.Snapshot> e : snapshots.headMap(at, true).entrySet()) l.snapshots.put(e.getKey(), e.getValue());
        return l;
    }

    int length() { return entries.size() - 1; }

    JsonNode action(int n) { return entries.get(n).action(); }

    Entry entry(int n) { return entries.get(n); }

    List<JsonNode> actions(int upTo) {
        List<JsonNode> out = new ArrayList<>(upTo);
        for (int i = 1; i <= upTo; i++) out.add(action(i));
        return out;
    }

    void append(Entry e, Game g) {
        entries.add(e);
        if (e.n() % SNAPSHOT_EVERY == 0) snapshots.put(e.n(), g.snapshot());
    }

    ObjectNode summary(boolean current, int cursor) {
        ObjectNode o = Json.object();
        o.put("id", id);
        o.put("name", name);
        o.put("variant", variant.id());
        o.put("length", length());
        if (forkedFrom != null) o.put("forkedFrom", forkedFrom).put("forkAt", forkAt);
        o.put("current", current);
        if (current) o.put("cursor", cursor);
        return o;
    }
}
