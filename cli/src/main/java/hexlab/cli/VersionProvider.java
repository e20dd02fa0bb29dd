package hexlab.cli;

import hexlab.kernel.script.ScriptHost;
import picocli.CommandLine;

/** --version says which JavaScript runtime is active, so a fallback to the interpreter is never silent. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"hexlab " + (v == null ? "dev" : v), "script runtime: " + ScriptHost.describeRuntime()};
    }
}
