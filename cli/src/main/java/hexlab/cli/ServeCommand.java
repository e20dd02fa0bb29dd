package hexlab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

@Command(name = "serve", description = "Start the web inspector (loopback only unless --host says otherwise).")
final class ServeCommand implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--port", defaultValue = "7070") int port;

    @Option(names = "--host", defaultValue = "127.0.0.1") String host;

    @Override
    public Integer call() {
        common.spec.commandLine().getErr().println("the web inspector is not part of this build yet; use play, replay, eval and table meanwhile");
        return 1;
    }
}
