package hexlab.kernel.yaml;

import hexlab.kernel.error.InputException;
import java.util.Locale;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.reader.ReaderException;

/**
 * Rewrites SnakeYAML's parser messages for a modder: what is wrong, in words, and what to do.
 * SnakeYAML's own text is kept where it is already plain ("mapping values are not allowed here");
 * its internal token names ("&lt;block end&gt;") are never shown.
 */
final class YamlProblems {
    private YamlProblems() {}

    static InputException syntax(String file, MarkedYAMLException e) {
        String problem = e.getProblem() == null ? "" : e.getProblem();
        String context = e.getContext() == null ? "" : e.getContext();
        Mark at = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        Mark start = e.getContextMark();
        String message;
        if (problem.contains("(TAB)")) {
            message = "a tab character here: YAML indents with spaces only, replace the tab with spaces";
        } else if (problem.startsWith("mapping values are not allowed here")) {
            message = "mapping values are not allowed here: put a value that contains ': ' in quotes, or check this line's indentation";
        } else if (problem.startsWith("expected <block end>")) {
            message = "this line's indentation does not fit the block that starts at line " + line(start)
                    + ": keys of one mapping, and items of one list, must start in the same column";
        } else if (problem.startsWith("could not find expected ':'") && start != null) {
            at = start; // the key without its ':' is on the context line, the problem mark is past it
            message = "expected ':' after this key (key: value)";
        } else if (context.contains("quoted scalar") && problem.contains("end of stream") && start != null) {
            at = start; // where the quote opens is what the modder must look at
            message = "this quoted text is never closed: add the closing quote";
        } else if (problem.startsWith("found unknown escape character")) {
            message = "unknown escape sequence in double-quoted text: use single quotes, or write \\\\ for a backslash";
        } else if (problem.startsWith("found undefined alias")) {
            String name = problem.substring("found undefined alias".length()).strip();
            message = "the alias *" + name + " refers to no anchor: write &" + name + " on a value above it";
        } else if (problem.contains("another document")) {
            message = "a second YAML document starts here: one file holds one document, remove the '---'";
        } else if (problem.startsWith("expected ',' or ']'")) {
            message = "the list opened with '[' at line " + line(start) + " is not closed with ']', or a ',' is missing";
        } else if (problem.startsWith("expected ',' or '}'")) {
            message = "the mapping opened with '{' at line " + line(start) + " is not closed with '}', or a ',' is missing";
        } else if (problem.startsWith("Global tag is not allowed")) {
            message = "this tag is not allowed: a rule file holds only text, numbers, true/false, null, lists and mappings";
        } else {
            message = plain(problem) + (context.isEmpty() ? "" : " (" + plain(context) + (start == null ? "" : " started at line " + line(start)) + ")");
        }
        return new InputException(file, line(at), at == null ? 0 : at.getColumn() + 1, null, message, null);
    }

    /** Problems SnakeYAML reports without a mark: limits, and characters YAML forbids. */
    static InputException other(String file, String text, YAMLException e) {
        if (e instanceof ReaderException r) {
            int[] lc = lineColumn(text, r.getPosition());
            return new InputException(file, lc[0], lc[1],
                    String.format(Locale.ROOT, "the character U+%04X is not allowed in YAML; remove it", r.getCodePoint()));
        }
        String m = e.getMessage() == null ? "" : e.getMessage();
        String message;
        if (m.startsWith("Number of aliases")) {
            message = "too many aliases (*name) of lists or mappings: a rule file needs at most 50";
        } else if (m.startsWith("Nesting Depth exceeded")) {
            message = "lists and mappings are nested more than 50 deep";
        } else if (m.contains("exceeds the limit")) {
            message = "the file is too large for a rule file";
        } else {
            message = plain(m);
        }
        return new InputException(file, 0, 0, message);
    }

    /** SnakeYAML names tokens like "&lt;block mapping start&gt;"; say what they are instead. */
    private static String plain(String s) {
        return s.replace("expected the node content", "expected a value")
                .replace("'<stream end>'", "the end of the file")
                .replace("<stream end>", "the end of the file")
                .replace("<document end>", "the end of the document")
                .replace("<block end>", "the end of the block")
                .replace("<block mapping start>", "a new key")
                .replace("<block sequence start>", "a new list item")
                .replace("<block collection start>", "a new list or mapping")
                .replace("'?'", "a new key")
                .replace("a flow node", "a value in [ ] or { }")
                .replace("\\t(TAB)", "tab");
    }

    private static int line(Mark mark) {
        return mark == null ? 0 : mark.getLine() + 1;
    }

    /** 1-based line and column of a code point offset. */
    private static int[] lineColumn(String text, int codePointIndex) {
        int line = 1, column = 1, i = 0, n = 0;
        while (i < text.length() && n < codePointIndex) {
            int cp = text.codePointAt(i);
            if (cp == '\n') { line++; column = 1; } else { column++; }
            i += Character.charCount(cp);
            n++;
        }
        return new int[] {line, column};
    }
}
