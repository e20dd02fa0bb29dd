package hexlab.cli;

/** One exit code per kind of outcome, whatever the command (README, "Exit codes"). */
final class ExitCode {
    /** Done. */
    static final int OK = 0;
    /** The rules failed while running: a rule script threw, ran away or ran out of memory, or the engine could not go on. */
    static final int RULES = 1;
    /** The command line or an input is wrong: options and their values, ids, YAML, scripts that do not load, saves, files that cannot be written. */
    static final int INPUT = 2;
    /** A check ran and found a difference: a replay that diverges, a fuzz run that found failures. */
    static final int DIFFERS = 3;
    /** A fault of hexlab itself. */
    static final int INTERNAL = 4;

    private ExitCode() {}
}
