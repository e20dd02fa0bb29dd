package hexlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;

/** Options every command shares: the project root and machine-readable output. */
class Common {
    @Option(names = "--json", description = "Machine-readable JSON output.")
    boolean json;

    @Option(names = "--root", description = "Project root holding tables/, rules-scripts/ and scenarios/ (default: found from the working directory).")
    Path root;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    Kernel kernel() { return new Kernel(root != null ? root : Kernel.findRoot()); }

    PrintWriter out() { return spec.commandLine().getOut(); }

    void printJson(JsonNode node) {
        out().println(Json.pretty(node));
        out().flush();
    }
}
