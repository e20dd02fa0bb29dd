package hexlab.kernel.yaml;

import hexlab.kernel.error.InputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Walks SnakeYAML's composed node tree into plain Java values, recording the position of every
 * value under its JSON pointer. Working on nodes rather than on SnakeYAML's constructed objects is
 * what keeps the line of each value, and lets a duplicate key be reported with both its lines.
 */
final class TreeBuilder {
    /** Aliases can blow a small file up into a huge tree ("billion laughs"); no rule file comes near this. */
    static final int MAX_VALUES = 250_000;

    private final String file;
    private final ScalarValues scalars;
    private final Map<String, Span> spans = new HashMap<>();
    /** Nodes being walked: an alias back to one of them would make the tree infinite. */
    private final Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());
    private int values;

    TreeBuilder(String file, LoaderOptions options) {
        this.file = file;
        this.scalars = new ScalarValues(options);
    }

    Object build(Node root) {
        spans.put("", span(root.getStartMark(), root));
        return value(root, "");
    }

    Map<String, Span> spans() {
        return spans;
    }

    private Object value(Node node, String pointer) {
        if (++values > MAX_VALUES) {
            throw error(node, "the file expands to more than " + MAX_VALUES + " values; are aliases (*name) repeating a large part?");
        }
        if (!open.add(node)) throw error(node, "this alias refers to a value that contains it, which would never end");
        try {
            if (node instanceof ScalarNode scalar) return scalar(scalar);
            if (node instanceof SequenceNode seq) return list(seq, pointer);
            if (node instanceof MappingNode map) return map(map, pointer);
            throw error(node, "unexpected YAML node " + node.getNodeId());
        } finally {
            open.remove(node);
        }
    }

    private Object scalar(ScalarNode node) {
        try {
            return scalars.value(node);
        } catch (ScalarValues.Refused refused) {
            throw error(node, refused.getMessage());
        }
    }

    private List<Object> list(SequenceNode node, String pointer) {
        requireTag(node, Tag.SEQ);
        List<Node> items = node.getValue();
        List<Object> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Node item = items.get(i);
            String child = Pointers.child(pointer, i);
            spans.put(child, span(item.getStartMark(), item));
            out.add(value(item, child));
        }
        return out;
    }

    private Map<String, Object> map(MappingNode node, String pointer) {
        requireTag(node, Tag.MAP);
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Node> seen = new HashMap<>();
        // Merge keys (<<: *base) were already flattened by the composer (mergeOnCompose).
        for (NodeTuple entry : node.getValue()) {
            Node keyNode = entry.getKeyNode();
            String key = key(keyNode);
            Node first = seen.putIfAbsent(key, keyNode);
            if (first != null) {
                throw error(keyNode, "duplicate key '" + key + "': it appears on line " + line(first.getStartMark())
                        + " and again on line " + line(keyNode.getStartMark()));
            }
            Node valueNode = entry.getValueNode();
            // Point at the key when the value starts on a later line (a nested block): the key names it.
            Mark at = valueNode.getStartMark().getLine() > keyNode.getStartMark().getLine()
                    ? keyNode.getStartMark() : valueNode.getStartMark();
            String child = Pointers.child(pointer, key);
            spans.put(child, span(at, valueNode));
            out.put(key, value(valueNode, child));
        }
        return out;
    }

    /**
     * A key is the text as written, never a typed value: JSON keys are strings, and a modder who
     * writes {@code 0101:} or {@code 3:} means the name "0101" or "3", not the octal number 65.
     */
    private String key(Node keyNode) {
        if (keyNode instanceof ScalarNode scalar) return scalar.getValue();
        throw error(keyNode, "a key must be a plain name or number, not a list or mapping");
    }

    private void requireTag(Node node, Tag expected) {
        if (!node.getTag().equals(expected)) {
            throw error(node, "the tag " + ScalarValues.shortTag(node.getTag()) + " is not supported: a rule file holds only text, numbers, true/false, null, lists and mappings");
        }
    }

    private static Span span(Mark at, Node node) {
        return new Span(line(at), at.getColumn() + 1, node.getStartMark().getIndex(), node.getEndMark().getIndex());
    }

    private static int line(Mark mark) {
        return mark.getLine() + 1;
    }

    private InputException error(Node node, String message) {
        Mark mark = node.getStartMark();
        return new InputException(file, line(mark), mark.getColumn() + 1, message);
    }
}
