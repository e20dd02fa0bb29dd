package hexlab.kernel.rules;

import hexlab.kernel.error.InputException;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The check a drafted change passes before it is applied: the new value keeps the shape of what it
 * replaces (or, for a new entry, of its siblings). A number stays a number, a word a word, a list
 * a list; a string keeps its form, digits and letters by runs ("2:1" takes "3:1", not "3"; "DR" takes
 * "AE", not "D2"), or takes another form the same table already uses (a band "c-e" may become "-"
 * where other cells print "-"); in a mapping or list the entries they share are checked alike.
 * Nothing is declared per table: the table as loaded is its own schema.
 */
public final class TableShape {
    private TableShape() {}

    /**
     * @param old      the value replaced, or null for a new entry
     * @param siblings the other values of the mapping or list the entry joins (for a new entry)
     */
    static void check(Object old, Collection<?> siblings, Object value, Object table, String file, String ptr, String path) {
        Object like = old;
        if (like == null && siblings != null && !siblings.isEmpty()) {
            Object first = siblings.iterator().next();
            boolean alike = siblings.stream().allMatch(s -> kind(s).equals(kind(first)));
            if (alike) like = first;
        }
        if (like == null) return;
        java.util.Set<String> forms = new java.util.HashSet<>();
        forms(table, forms);
        String why = mismatch(like, value, forms);
        if (why != null) throw new InputException(file, ptr + "/value", path + ": " + why);
    }

    private static String mismatch(Object like, Object value, java.util.Set<String> forms) {
        String a = kind(like), b = kind(value);
        if (!a.equals(b)) return "expected " + a + " like " + show(like) + ", found " + b + " " + show(value);
        if (like instanceof String s && !form(s).equals(form((String) value)) && !forms.contains(form((String) value))) {
            return "expected text of the form " + describe(form(s)) + " like \"" + s + "\" (or another form this table uses), found \"" + value + "\"";
        }
        if (like instanceof Map<?, ?> m) {
            Map<?, ?> n = (Map<?, ?>) value;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!n.containsKey(e.getKey())) continue;
                String w = mismatch(e.getValue(), n.get(e.getKey()), forms);
                if (w != null) return e.getKey() + ": " + w;
            }
        }
        if (like instanceof List<?> l && !l.isEmpty()) {
            List<?> n = (List<?>) value;
            for (int i = 0; i < n.size(); i++) {
                String w = mismatch(i < l.size() ? l.get(i) : l.get(0), n.get(i), forms);
                if (w != null) return "entry " + i + ": " + w;
            }
        }
        return null;
    }

    // the forms of the table's text values (its notes and other metadata left out)
    private static void forms(Object v, java.util.Set<String> out) {
        if (v instanceof String s) out.add(form(s));
        else if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) if (!List.of("status", "rule", "note", "source", "text").contains(String.valueOf(e.getKey()))) forms(e.getValue(), out);
        } else if (v instanceof List<?> l) l.forEach(x -> forms(x, out));
    }

    static String kind(Object v) {
        if (v == null) return "nothing";
        if (v instanceof Number) return "a number";
        if (v instanceof Boolean) return "true or false";
        if (v instanceof String) return "text";
        if (v instanceof Map<?, ?>) return "a mapping";
        if (v instanceof List<?>) return "a list";
        return v.getClass().getSimpleName();
    }

    /** Runs of digits become 9, runs of letters a, the rest stays: "2:1" -> "9:9", "1-2 DR" -> "9-9 a". */
    static String form(String s) {
        return s.replaceAll("\\d+(\\.\\d+)?", "9").replaceAll("\\p{L}+", "a");
    }

    private static String describe(String form) {
        return "\"" + form.replace("9", "<number>").replace("a", "<word>") + "\"";
    }

    private static String show(Object v) {
        String s = v instanceof String ? "\"" + v + "\"" : String.valueOf(v);
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }
}
