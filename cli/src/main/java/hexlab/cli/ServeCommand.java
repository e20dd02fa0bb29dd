package hexlab.cli;

import hexlab.inspector.InspectorServer;
import hexlab.kernel.Kernel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "serve", description = "Start the web inspector (loopback only unless --host says otherwise).")
final class ServeCommand implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--port", defaultValue = "7070", description = "Port to listen on (default ${DEFAULT-VALUE}; 0 picks a free one).") int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind (default ${DEFAULT-VALUE}: this machine only).") String host;

    @Option(names = "--practice", defaultValue = "" + InspectorServer.DEFAULT_PRACTICE, paramLabel = "ACTIONS",
            description = "Bot decisions of each system played in the background while the page is idle, so the rules run compiled when you step (default ${DEFAULT-VALUE}; 0: none).")
    int practice;

    @Override
    public Integer call() throws InterruptedException {
        Path root = common.root != null ? common.root : Kernel.findRoot();
        InspectorServer server;
        try {
            server = InspectorServer.start(root, host, port, Math.max(0, practice));
        } catch (RuntimeException e) {
            // Jetty wraps a taken port or an unknown host in a RuntimeException whose cause names it
            Throwable c = e.getCause() != null ? e.getCause() : e;
            common.spec.commandLine().getErr().println("error: cannot start the inspector on " + host + ":" + port + ": " + c.getMessage());
            return ExitCode.INPUT;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            stopped.countDown();
        }, "inspector-stop"));
        var out = common.out();
        if (common.json) {
            common.printJson(hexlab.kernel.util.Json.object().put("url", server.url()).put("root", root.toString()));
        } else {
            out.println("hexlab inspector at " + server.url() + " (systems under " + root + "); Ctrl-C stops it");
            if (practice > 0) out.println("practising " + practice + " bot decisions of each system while the page is idle, so your steps run compiled rules (--practice 0: none)");
            out.flush();
        }
        stopped.await();
        return ExitCode.OK;
    }
}
