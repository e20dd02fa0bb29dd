package hexlab.cli;

import hexlab.kernel.Kernel;
import hexlab.kernel.lab.cluster.Cluster;
import hexlab.kernel.lab.cluster.LabMember;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "worker", description = "Join the lab's cluster as a member that plays the games of batches started with simulate --cluster "
        + "(or by an inspector started with --cluster), under the rule files here. For a trusted network only: anyone who reaches its port may join.")
final class WorkerCommand implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--join", paramLabel = "HOST:PORT,...", description = "Members to join (default: none, a cluster of its own that others join).") String join;

    @Option(names = "--threads", description = "Games played at once (default: the number of cores).") Integer threads;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "The address to listen on (default ${DEFAULT-VALUE}: this machine only; "
            + "give the machine's address on a trusted network for a cluster of several machines).") String bind;

    @Option(names = "--port", defaultValue = "" + Cluster.PORT, description = "The port to listen on, or the next free one above it (default ${DEFAULT-VALUE}).") int port;

    @Override
    public Integer call() throws InterruptedException {
        Path root = common.root != null ? common.root : Kernel.findRoot();
        int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (t < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--threads must be at least 1, found " + t);
        List<String> others = join == null ? List.of() : Cluster.addresses(join, "--join");
        PrintWriter out = common.out();
        LabMember member = new LabMember(root, Cluster.member(bind, port, others, t), t, line -> {
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        });
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            member.close();
            stopped.countDown();
        }, "worker-stop"));
        out.println("hexlab lab member " + member.name() + " on " + t + " threads, rules under " + root + "; members: " + String.join(", ", member.members())
                + (bind.startsWith("127.") ? "" : " (listening beyond this machine: keep the network trusted)") + "; Ctrl-C leaves");
        out.flush();
        stopped.await();
        return 0;
    }
}
