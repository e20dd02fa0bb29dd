package hexlab.cli;

import hexlab.kernel.error.InputException;
import hexlab.kernel.play.EngineError;
import hexlab.kernel.script.RuleError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

/** The command line. Exit codes: {@link ExitCode}. */
@Command(name = "${sys:hexlab.launcher:-hexlab}", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        versionProvider = VersionProvider.class,
        description = "Run, replay, check and inspect hex-and-counter rule systems written as YAML tables and JavaScript.",
        subcommands = {SystemsCommand.class, PlayCommand.class, ReplayCommand.class, ValidateCommand.class,
                TableCommand.class, EvalCommand.class, FuzzCommand.class, SimulateCommand.class, ServeCommand.class, AuditCommand.class, NewSystemCommand.class, LogCommand.class, DiffCommand.class, ErrataCommand.class, LabService.class, WorkerCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @Option(names = "--debug", description = "Print stack traces for errors.", scope = CommandLine.ScopeType.INHERIT)
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() { spec.commandLine().usage(spec.commandLine().getOut()); }

    public static void main(String[] args) { System.exit(run(args)); }

    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs one command with its output going to {@code out} and messages to {@code err}. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((ex, line, parsed) -> handle(ex, line, isDebug(parsed)));
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println(ex.getMessage());
            e.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return ExitCode.INPUT;
        });
        return cl.execute(args);
    }

    private static boolean isDebug(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult p = parsed;
        while (p != null) {
            if (p.hasMatchedOption("--debug")) return true;
            p = p.subcommand();
        }
        return false;
    }

    static int handle(Exception ex, CommandLine line, boolean debug) {
        PrintWriter err = line.getErr();
        if (debug) ex.printStackTrace(err);
        Throwable t = ex;
        if (t instanceof InputException ie) {
            err.println("error: " + ie.describe());
            return ExitCode.INPUT;
        }
        if (t instanceof RuleError re) {
            err.println("rule error: " + re.describe());
            return ExitCode.RULES;
        }
        if (t instanceof EngineError ee) {
            err.println("engine error: " + ee.describe());
            return ExitCode.RULES;
        }
        if (t instanceof IllegalArgumentException) {
            err.println("error: " + t.getMessage());
            return ExitCode.INPUT;
        }
        err.println("internal error: " + t + (debug ? "" : " (run with --debug for the stack trace)"));
        return ExitCode.INTERNAL;
    }
}
