package hexlab.kernel.seq;

import hexlab.kernel.error.InputException;
import hexlab.kernel.rules.Ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads the {@code sequence:} tree of a manifest into {@link Node}s, every mistake with its place. */
public final class SequenceParser {
    private static final Set<String> KEYS = Set.of("step", "run", "decide", "phase", "turns", "player-turns",
            "repeat", "activation", "do", "impulses", "when", "while", "sides", "side", "available", "rule", "label", "describe");

    private final String file;

    public SequenceParser(String file) { this.file = file; }

    public List<Node> parse(Object seq, String pointer) {
        if (!(seq instanceof List<?> list)) throw new InputException(file, pointer, "expected a list of sequence nodes");
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String ptr = pointer + "/" + i;
            out.add(node(list.get(i), ptr, String.valueOf(i)));
        }
        return List.copyOf(out);
    }

    private Node node(Object o, String ptr, String id) {
        if (!(o instanceof Map<?, ?> m)) throw new InputException(file, ptr, "expected a mapping such as {step: name, run: section.export}");
        for (Object k : m.keySet()) {
            if (!KEYS.contains(String.valueOf(k))) {
                throw new InputException(file, ptr + "/" + k, "unknown key \"" + k + "\" in a sequence node (known: " + String.join(", ", KEYS.stream().sorted().toList()) + ")");
            }
        }
        Node.Kind kind = null;
        String name = null;
        for (Node.Kind k : Node.Kind.values()) {
            if (m.containsKey(k.keyword) && kind == null) {
                kind = k;
                name = String.valueOf(m.get(k.keyword));
            } else if (m.containsKey(k.keyword) && !k.keyword.equals(kind.keyword)) {
                throw new InputException(file, ptr, "a node has one kind: found both \"" + kind.keyword + "\" and \"" + k.keyword + "\"");
            }
        }
        if (kind == null) throw new InputException(file, ptr, "expected one of step, phase, turns, player-turns, repeat, activation");
        if (kind == Node.Kind.STEP_RUN) {
            boolean run = m.containsKey("run"), decide = m.containsKey("decide");
            if (run == decide) throw new InputException(file, ptr, "a step needs exactly one of run: (a procedure) or decide: (a decision state)");
            if (decide) kind = Node.Kind.STEP_DECIDE;
        }
        List<Node> children = List.of();
        if (kind == Node.Kind.ACTIVATION) {
            if (!m.containsKey("impulses")) throw new InputException(file, ptr, "an activation needs impulses: (a list of steps)");
            children = parseChildren(m.get("impulses"), ptr + "/impulses", id);
        } else if (kind != Node.Kind.STEP_RUN && kind != Node.Kind.STEP_DECIDE) {
            if (!m.containsKey("do")) throw new InputException(file, ptr, "a " + kind.keyword + " node needs do: (a list of nodes)");
            children = parseChildren(m.get("do"), ptr + "/do", id);
        }
        if (kind == Node.Kind.REPEAT && !m.containsKey("while")) throw new InputException(file, ptr, "a repeat node needs while: section.export");
        return new Node(id, kind, name, str(m.get("rule")), str(m.get("label")),
                ref(m, "run", ptr), ref(m, "decide", ptr), ref(m, "when", ptr), ref(m, "while", ptr),
                ref(m, "sides", ptr), ref(m, "side", ptr), ref(m, "available", ptr), ref(m, "describe", ptr), children);
    }

    private List<Node> parseChildren(Object o, String ptr, String parentId) {
        if (!(o instanceof List<?> list)) throw new InputException(file, ptr, "expected a list of nodes");
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) out.add(node(list.get(i), ptr + "/" + i, parentId + "/" + i));
        return List.copyOf(out);
    }

    private Ref ref(Map<?, ?> m, String key, String ptr) {
        Object v = m.get(key);
        if (v == null) return null;
        try {
            return Ref.parse(String.valueOf(v));
        } catch (IllegalArgumentException e) {
            throw new InputException(file, ptr + "/" + key, e.getMessage());
        }
    }

    private static String str(Object o) { return o == null ? null : String.valueOf(o); }
}
