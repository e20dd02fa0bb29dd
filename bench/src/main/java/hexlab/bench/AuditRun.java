package hexlab.bench;

import hexlab.kernel.Kernel;
import hexlab.kernel.check.Audit;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * What the audit's read tracking costs: plays the audit's games of a system with the reads tracked
 * and then the same games untracked (or the other way round), in one process, and prints the wall
 * and CPU time of each. Usage: AuditRun ROOT SYSTEM GAMES [untracked-first]
 */
public final class AuditRun {
    public static void main(String[] a) {
        Kernel k = new Kernel(Path.of(a[0]));
        int games = Integer.parseInt(a[2]);
        boolean untrackedFirst = a.length > 3 && a[3].equals("untracked-first");
        for (boolean track : untrackedFirst ? new boolean[] {false, true, false, true} : new boolean[] {true, false, true, false}) {
            long w0 = System.nanoTime(), c0 = cpu();
            Audit.Report r = Audit.run(k, a[1], games, 1, 1, null, track);
            System.out.printf("%-9s %d games: %7.1f s wall, %7.1f s cpu (%d errors, %d dead, %d unnamed sources)%n", track ? "tracked" : "untracked", games,
                    (System.nanoTime() - w0) / 1e9, (cpu() - c0) / 1e9, r.errors().size(), r.dead().size(), r.unnamed().size());
        }
    }

    private static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
}
