package hexlab.kernel.hex;

import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** Finds the line and column of a JSON-pointer-like path in YAML text, to put on an error found after loading. */
final class YamlMarks {
    private YamlMarks() {}

    /** {line, column}, 1-based, of the deepest node on the pointer's path; null if the text has no nodes. */
    static int[] locate(String text, String pointer) {
        if (pointer == null) return null;
        Node node;
        try {
            node = HexMapParser.yaml().compose(new java.io.StringReader(text));
        } catch (RuntimeException e) {
            return null;
        }
        if (node == null) return null;
        for (String raw : pointer.split("/")) {
            if (raw.isEmpty()) continue;
            String key = raw.replace("~1", "/").replace("~0", "~");
            Node next = child(node, key);
            if (next == null) break;
            node = next;
        }
        return new int[] {node.getStartMark().getLine() + 1, node.getStartMark().getColumn() + 1};
    }

    private static Node child(Node node, String key) {
        if (node instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                    // an empty value has no position of its own worth showing: point at the key
                    Node v = t.getValueNode();
                    return v instanceof ScalarNode s && s.getValue().isEmpty() ? k : v;
                }
            }
        } else if (node instanceof SequenceNode s) {
            List<Node> items = s.getValue();
            try {
                int i = Integer.parseInt(key);
                return i >= 0 && i < items.size() ? items.get(i) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
