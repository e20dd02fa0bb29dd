package hexlab.kernel.bot;

import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Dice;
import hexlab.kernel.rules.Ref;
import hexlab.kernel.rules.RuleSystem;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Bots by name: {@code random} always, plus whatever the system declares. */
public final class Bots {
    private Bots() {}

    public static List<String> names(RuleSystem system) {
        List<String> out = new ArrayList<>();
        out.add("random");
        out.addAll(system.bots().keySet());
        return out;
    }

    public static Bot named(RuleSystem system, String name, long seed) {
        if (name.equals("random")) return new RandomBot(seed);
        Ref r = system.bots().get(name);
        if (r == null) throw new InputException(null, 0, 0, "unknown bot \"" + name + "\" for " + system.id() + " (bots: " + String.join(", ", names(system)) + ")");
        return new ScriptBot(name, r);
    }

    /** "random,heuristic" -> one bot per side in the system's side order; one name serves every side. */
    public static Map<String, Bot> forSides(RuleSystem system, String spec, long gameSeed) {
        String[] names = spec.split(",");
        if (names.length != 1 && names.length != system.sides().size()) {
            throw new InputException(null, 0, 0, "--bots: give one bot per side (" + String.join(", ", system.sides()) + ") or one for all, found \"" + spec + "\"");
        }
        Map<String, Bot> out = new LinkedHashMap<>();
        for (int i = 0; i < system.sides().size(); i++) {
            String n = names.length == 1 ? names[0].trim() : names[i].trim();
            out.put(system.sides().get(i), named(system, n, Dice.derive(gameSeed, 1000 + i)));
        }
        return out;
    }
}
