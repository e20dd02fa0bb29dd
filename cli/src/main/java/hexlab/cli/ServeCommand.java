package hexlab.cli;

import hexlab.inspector.InspectorOptions;
import hexlab.inspector.InspectorServer;
import hexlab.kernel.Kernel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "serve", description = "Start the web inspector (loopback only unless --host says otherwise; beyond loopback it asks for an access token).")
final class ServeCommand implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--port", defaultValue = "7070", description = "Port to listen on (default ${DEFAULT-VALUE}; 0 picks a free one).") int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind (default ${DEFAULT-VALUE}: this machine only). "
            + "Any other address asks every visitor for the access token printed at start.") String host;

    @Option(names = "--no-token", description = "Bound beyond loopback, ask for no access token: anyone who can reach the address may play and run scripts.")
    boolean noToken;

    @Option(names = "--allow-host", paramLabel = "NAME", description = "Also answer requests addressed to this host name (beside 127.0.0.1, localhost, [::1] and --host). Repeatable.")
    List<String> allowHosts = new ArrayList<>();

    @Option(names = "--data", paramLabel = "DIR", description = "Where games are kept as they are played, to survive a restart (default: inspector-data/ under the project root).")
    Path data;

    @Option(names = "--lab-max-games", paramLabel = "N", defaultValue = "5000", description = "Games per variant a lab batch may ask for (default ${DEFAULT-VALUE}).")
    int labMaxGames;

    @Option(names = "--memory-budget", paramLabel = "MB", description = "Heap the open games may keep before the least recently used are set aside to disk, "
            + "to be rebuilt when asked for (default: three fifths of the heap).")
    Long memoryBudgetMb;

    @Option(names = "--practice", defaultValue = "" + InspectorServer.DEFAULT_PRACTICE, paramLabel = "ACTIONS",
            description = "Bot decisions of each system played in the background while the page is idle, so the rules run compiled when you step (default ${DEFAULT-VALUE}; 0: none).")
    int practice;

    @Option(names = "--cluster", paramLabel = "HOST:PORT,...", description = "Play the Variant lab's batches on the members of a lab cluster (./tobruk worker) "
            + "at these addresses, not on this server's threads.") String cluster;

    @Override
    public Integer call() throws InterruptedException {
        var members = cluster == null ? null : new hexlab.kernel.lab.cluster.ClusterPlayers(hexlab.kernel.lab.cluster.Cluster.addresses(cluster, "--cluster"),
                line -> common.spec.commandLine().getErr().println("lab cluster: " + line));
        Path root = common.root != null ? common.root : Kernel.findRoot();
        if (port < 0 || port > 65535) throw new hexlab.kernel.error.InputException(null, 0, 0, "--port " + port + ": give 0 to 65535");
        if (labMaxGames < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--lab-max-games " + labMaxGames + ": give 1 or more");
        if (memoryBudgetMb != null && memoryBudgetMb < 1) throw new hexlab.kernel.error.InputException(null, 0, 0, "--memory-budget " + memoryBudgetMb + ": give 1 MB or more");
        if (practice < 0) throw new hexlab.kernel.error.InputException(null, 0, 0, "--practice " + practice + ": give 0 or more");
        InspectorOptions o = InspectorOptions.of(root, host, port).practice(practice).data(data != null ? data : root.resolve("inspector-data"))
                .token(noToken ? InspectorOptions.NONE : InspectorOptions.AUTO).allowHosts(allowHosts).labMaxGames(labMaxGames)
                .memoryBudget(memoryBudgetMb == null ? 0 : memoryBudgetMb * 1024 * 1024);
        InspectorServer server;
        try {
            server = InspectorServer.start(o);
        } catch (RuntimeException e) {
            // Jetty wraps a taken port or an unknown host in a RuntimeException whose cause names it
            Throwable c = e.getCause() != null ? e.getCause() : e;
            common.spec.commandLine().getErr().println("error: cannot start the inspector on " + host + ":" + port + ": " + c.getMessage());
            return ExitCode.INPUT;
        }
        if (members != null) server.useCluster(members);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            if (members != null) members.close();
            stopped.countDown();
        }, "inspector-stop"));
        var out = common.out();
        if (common.json) {
            common.printJson(hexlab.kernel.util.Json.object().put("url", server.url()).put("root", root.toString()).put("data", o.data().toString()));
        } else {
            out.println("hexlab inspector at " + server.url() + " (systems under " + root + ", games kept in " + o.data() + "); Ctrl-C stops it");
            if (server.token() != null) out.println("it asks for its access token: open the address above once in each browser (the token stays in a cookie), or give it to simulate --server");
            else if (noToken) out.println("warning: bound to " + host + " with --no-token: anyone who can reach it may play and run scripts");
            if (members != null) out.println("the Variant lab plays its batches on the lab cluster at " + cluster + ": " + members.members().keySet());
            if (practice > 0) out.println("practising " + practice + " bot decisions of each system while the page is idle, so your steps run compiled rules (--practice 0: none)");
            out.flush();
        }
        stopped.await();
        return ExitCode.OK;
    }
}
