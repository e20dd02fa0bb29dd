package hexlab.kernel.rules;

/** A pointer from data into a script: {@code section.export}. */
public record Ref(String section, String export) {
    public static Ref parse(String text) {
        int dot = text == null ? -1 : text.indexOf('.');
        if (dot <= 0 || dot == text.length() - 1 || text.indexOf('.', dot + 1) >= 0) {
            throw new IllegalArgumentException("expected <section>.<export>, e.g. movement.costOf, found " + (text == null ? "nothing" : "\"" + text + "\""));
        }
        return new Ref(text.substring(0, dot), text.substring(dot + 1));
    }

    @Override
    public String toString() { return section + "." + export; }
}
