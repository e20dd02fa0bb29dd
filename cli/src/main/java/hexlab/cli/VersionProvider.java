package hexlab.cli;

import hexlab.kernel.script.ScriptHost;
import picocli.CommandLine;

/** --version says which JavaScript runtime is active, so a fallback to the interpreter is never silent. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"hexlab " + (v == null ? "dev" : v), "script runtime: " + runtime()};
    }

    // picocli asks for the version while it builds the command line: an engine that cannot start (a
    // refused -Dpolyglot.* option) is reported by the command that needs it, not as a crash here
    private static String runtime() {
        try {
            return ScriptHost.describeRuntime();
        } catch (IllegalArgumentException | IllegalStateException e) {
            return "not started (" + e.getMessage() + ")";
        }
    }
}
