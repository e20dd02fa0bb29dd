package hexlab.kernel.yaml;

/**
 * JSON pointers ("/sections/2/version") as used for positions in a {@link YamlDoc}.
 * The root is the empty string, as RFC 6901 has it; keys escape '~' and '/' so a hexside key
 * such as "1103/1104" stays one segment.
 */
public final class Pointers {
    private Pointers() {}

    public static String child(String parent, String key) {
        return parent + "/" + key.replace("~", "~0").replace("/", "~1");
    }

    public static String child(String parent, int index) {
        return parent + "/" + index;
    }

    /** The parent pointer; the root's parent is the root. */
    public static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash <= 0 ? "" : pointer.substring(0, slash);
    }

    /** Accepts "sections/2", "/sections/2" or null (the root), so callers need not care. */
    public static String normalize(String pointer) {
        if (pointer == null || pointer.isEmpty() || pointer.equals("/")) return "";
        String p = pointer.startsWith("/") ? pointer : "/" + pointer;
        return p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    /** How a path reads in a message: "sections/2/version"; the root reads as "(top)". */
    public static String display(String pointer) {
        String p = normalize(pointer);
        return p.isEmpty() ? "(top)" : p.substring(1).replace("~1", "/").replace("~0", "~");
    }
}
