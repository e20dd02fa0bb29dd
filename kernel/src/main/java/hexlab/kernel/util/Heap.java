package hexlab.kernel.util;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** What the heap holds after collections: for limits that must tell kept memory from garbage. */
public final class Heap {
    private Heap() {}

    private static final Set<String> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toUnmodifiableSet());

    /** The heap in use after the latest collection (what survived it), -1 if the collectors do not say. */
    public static long keptAfterLastCollection() {
        com.sun.management.GcInfo latest = null;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!(b instanceof com.sun.management.GarbageCollectorMXBean g)) continue;
            com.sun.management.GcInfo i = g.getLastGcInfo();
            if (i != null && (latest == null || i.getEndTime() > latest.getEndTime())) latest = i;
        }
        if (latest == null) return -1;
        long kept = 0;
        for (Map.Entry<String, MemoryUsage> p : latest.getMemoryUsageAfterGc().entrySet()) {
            if (HEAP_POOLS.contains(p.getKey())) kept += p.getValue().getUsed();
        }
        return kept;
    }

    /** Collections so far, all collectors together: a count that changes when a new figure of what is kept is known. */
    public static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, b.getCollectionCount());
        return n;
    }
}
