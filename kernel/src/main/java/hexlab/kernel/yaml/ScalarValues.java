package hexlab.kernel.yaml;

import java.math.BigInteger;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Turns one scalar into its Java value with SnakeYAML's own safe constructors, so numbers,
 * booleans and nulls follow YAML 1.1 exactly as SnakeYAML reads them (unquoted 0101 is the octal
 * number 65; "0101" in quotes stays a string). Only the plain types of a rule file are accepted.
 */
final class ScalarValues extends SafeConstructor {
    private static final Set<Tag> CONSTRUCTED = Set.of(Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL);

    ScalarValues(LoaderOptions options) {
        super(options);
    }

    /** The scalar's value; {@link Refused} says why a scalar cannot be one. */
    Object value(ScalarNode node) throws Refused {
        Tag tag = node.getTag();
        // A date in a rule file is text the scripts print, not a java.util.Date: keep what was written.
        if (tag.equals(Tag.STR) || tag.equals(Tag.TIMESTAMP)) return node.getValue();
        if (!CONSTRUCTED.contains(tag)) {
            throw new Refused("the tag " + shortTag(tag) + " is not supported: a rule file holds only text, numbers, true/false, null, lists and mappings");
        }
        Object value;
        try {
            value = constructObject(node);
        } catch (RuntimeException e) {
            throw new Refused("'" + node.getValue() + "' is not a valid " + shortTag(tag).substring(2));
        }
        // The tree promises Integer, Long or Double; a number beyond a long is a typo, not a rule.
        if (value instanceof BigInteger) throw new Refused("the number " + node.getValue() + " is too large");
        return value;
    }

    static String shortTag(Tag tag) {
        String t = tag.getValue();
        return t.startsWith(Tag.PREFIX) ? "!!" + t.substring(Tag.PREFIX.length()) : t;
    }

    /** A scalar the tree cannot hold; the caller adds the position. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }
}
