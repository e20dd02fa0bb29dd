package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.rules.ErratumInstaller;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "errata", description = "Errata of a system.", subcommands = ErrataCommand.Add.class)
final class ErrataCommand implements Runnable {
    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() { spec.commandLine().usage(spec.commandLine().getOut()); }

    @Command(name = "add", description = "Check an erratum file (a draft downloaded from the inspector, or written by hand) as the inspector checks a draft, "
            + "then install it as tables/SYSTEM/errata/<id>.yaml and declare it in tables/SYSTEM/system.yaml (both or neither). "
            + "Refused, with the file and line, when a path or value is wrong or the id is taken.")
    static final class Add implements Callable<Integer> {
        @Mixin Common common;

        @Parameters(index = "0", paramLabel = "SYSTEM", description = "Rule system id.") String system;

        @Parameters(index = "1", paramLabel = "FILE", description = "The erratum file: erratum, source, label (optional), rule (optional), changes.") Path file;

        @Override
        public Integer call() {
            Kernel k = common.kernel();
            ErratumInstaller.Installed r = ErratumInstaller.install(k.catalog(), system, file);
            ObjectNode o = Json.object();
            o.put("system", system).put("erratum", r.id()).put("file", k.catalog().display(r.file())).put("manifest", k.catalog().display(r.manifest()))
                    .put("declaration", r.declaration());
            if (common.json) common.printJson(o);
            else {
                var out = common.out();
                out.println("installed erratum " + r.id() + " as " + k.catalog().display(r.file()) + ", declared in " + k.catalog().display(r.manifest())
                        + "; play it with --errata " + r.id());
                out.flush();
            }
            return 0;
        }
    }
}
