package hexlab.kernel.script;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The tables and top-level entries read by every rules context of this JVM, by system, kept when
 * {@code -Dhexlab.audit.ledger=true}: a test suite whose rule tests reach the rare cases on purpose
 * (a full track, an attack on a town) and whose fuzz games reach the common ones then tells, at its
 * end, which data nothing read at all ({@code hexlab.kernel.check.Audit#fromReads}). Off, it costs
 * nothing: contexts track reads only for an audit. Each context takes the setting when it is made.
 */
public final class ReadLedger {
    private static volatile boolean on = Boolean.getBoolean("hexlab.audit.ledger");

    private static final Map<String, Set<String>> READS = new ConcurrentHashMap<>();

    private ReadLedger() {}

    /** Whether the rules contexts made from now on track their reads into the ledger. */
    public static boolean on() { return on; }

    /** Turns the ledger on or off for the rules contexts made from now on (those made before keep their setting). */
    public static void set(boolean value) { on = value; }

    /** A first read in a context of {@code system}: "section/table" or "section/table/entry". */
    static void record(String system, String key) {
        READS.computeIfAbsent(system, s -> new ConcurrentSkipListSet<>()).add(key);
    }

    /** What the contexts of the systems {@code systems} read, each key once, in key order. */
    public static Map<String, Long> reads(Set<String> systems) {
        Map<String, Long> out = new TreeMap<>();
        for (String s : systems) for (String k : READS.getOrDefault(s, Set.of())) out.put(k, 1L);
        return out;
    }
}
