package hexlab.kernel.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bots;
import hexlab.kernel.error.InputException;
import hexlab.kernel.play.Boards;
import hexlab.kernel.play.Dice;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.OptionDef;
import hexlab.kernel.rules.PresetDef;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.rules.Section;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.util.Json;
import hexlab.kernel.yaml.YamlDoc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * The audit of a system's data: plays games with every table read tracked, then reports the data
 * no game read (dead), the non-printed data that decided outcomes, the non-printed data read but
 * named by no trace entry, and the values stored twice ({@link Duplicates}).
 *
 * <p>Games are spread over the scenarios, over the variants that can read other data (the base
 * rules, each preset, and each option turned from its default) and over the players: the random bot,
 * which tries every kind of action but rarely a purposeful one, and each bot the system declares,
 * which reaches what a random game seldom does (an attack at good odds, a full track). Seeded.
 */
public final class Audit {
    /** Keys of a table that describe it rather than hold rule data: never dead, never duplicates. */
    public static final Set<String> METADATA = Set.of("status", "rule", "note", "source", "text", "reference");

    private Audit() {}

    /** One finding: where (file, line, table, entry) and what. */
    public record Finding(String file, int line, String table, String entry, String what) {
        public String describe() { return file + (line > 0 ? ":" + line : "") + ": " + table + (entry == null ? "" : " " + entry) + ": " + what; }
    }

    public record Report(String system, int games, List<String> variants, List<String> scenarios, List<String> bots, List<String> errors,
                         List<Finding> dead, List<String> exempt, Map<String, int[]> decided, Map<String, JsonNode> unnamed,
                         List<Duplicates.Duplicate> duplicates) {
        /** No dead data, no value stated twice, no game that broke (names missing from uses are reported, not failed). */
        public boolean clean() { return dead.isEmpty() && duplicates.isEmpty() && errors.isEmpty(); }

        public ObjectNode json() {
            ObjectNode o = Json.object();
            o.put("system", system).put("games", games);
            o.set("variants", Json.MAPPER.valueToTree(variants));
            o.set("scenarios", Json.MAPPER.valueToTree(scenarios));
            o.set("bots", Json.MAPPER.valueToTree(bots));
            o.set("errors", Json.MAPPER.valueToTree(errors));
            ArrayNode d = o.putArray("dead");
            for (Finding f : dead) d.addObject().put("file", f.file()).put("line", f.line()).put("table", f.table()).put("entry", f.entry()).put("what", f.what());
            o.set("reference", Json.MAPPER.valueToTree(exempt));
            ObjectNode np = o.putObject("nonPrinted");
            decided.forEach((k, n) -> {
                int colon = k.indexOf(':');
                np.putObject(k.substring(colon + 1)).put("status", k.substring(0, colon)).put("games", n[0]).put("times", n[1]);
            });
            ObjectNode un = o.putObject("unnamed");
            unnamed.forEach(un::set);
            ArrayNode dup = o.putArray("duplicates");
            for (Duplicates.Duplicate x : duplicates) dup.add(x.json());
            o.put("clean", clean());
            return o;
        }
    }

    /** The variants whose games the audit plays: base, each preset, each option turned from its default. */
    public static List<Variant> variants(RuleSystem system) {
        Map<String, Variant> out = new LinkedHashMap<>();
        Variant base = Variant.base(system);
        out.put(base.id(), base);
        for (PresetDef p : system.presets()) {
            Variant v = Variant.parse(system, "preset:" + p.id());
            out.putIfAbsent(v.id(), v);
        }
        for (OptionDef o : system.options()) {
            Variant v = Variant.of(system, Map.of(o.id(), !o.defaultValue()), List.of());
            out.putIfAbsent(v.id(), v);
        }
        return List.copyOf(out.values());
    }

    /** A scenario to play and the system whose rules play it (a system without scenarios is played by those that extend it). */
    private record Table(RuleSystem system, String scenario, List<Variant> variants) {}

    /** The audit played by random bots alone, on one thread. */
    public static Report run(Kernel kernel, String systemId, int games, long seed, IntConsumer progress) { return run(kernel, systemId, games, seed, 1, List.of("random"), progress, true); }

    public static Report run(Kernel kernel, String systemId, int games, long seed, int threads, IntConsumer progress, boolean track) {
        return run(kernel, systemId, games, seed, threads, null, progress, track);
    }

    /** The players of a system's audit games: the random bot and every bot the system (or, without scenarios, the first that plays it) declares. */
    public static List<String> bots(Kernel kernel, String systemId) {
        List<RuleSystem> ps = players(kernel, kernel.system(systemId));
        return ps.isEmpty() ? List.of("random") : Bots.names(ps.get(0));
    }

    /** The fewest games that play every scenario under every audited variant and with every player at least once. */
    public static int coveringGames(Kernel kernel, String systemId, List<String> bots) {
        int variants = players(kernel, kernel.system(systemId)).stream().mapToInt(s -> variants(s).size()).max().orElse(1);
        return scenarioCount(kernel, systemId) * Math.max(variants, bots == null ? bots(kernel, systemId).size() : bots.size());
    }

    /**
     * Plays the audit's games on {@code threads} threads (each with its rules contexts) and reports;
     * the report is the same whatever the count, as each game's findings are merged in game order.
     *
     * @param bots  the players, one bot for every side of a game, taken in turn; null: {@link #bots}
     * @param track whether reads are tracked; false plays the same games as normal play does (what the tracking costs is
     *              the difference: bench AuditRun), and the report's dead data and unnamed sources then mean nothing
     */
    public static Report run(Kernel kernel, String systemId, int games, long seed, int threads, List<String> bots, IntConsumer progress, boolean track) {
        RuleSystem system = kernel.system(systemId);
        List<String> players = bots == null ? bots(kernel, systemId) : List.copyOf(bots);
        if (players.isEmpty()) throw new InputException(null, 0, 0, "--bots: name at least one bot");
        for (RuleSystem s : players(kernel, system)) {
            for (String b : players) {
                if (!Bots.names(s).contains(b)) throw new InputException(null, 0, 0, "unknown bot \"" + b + "\" for " + s.id() + " (bots: " + String.join(", ", Bots.names(s)) + ")");
            }
        }
        Played p = play(kernel, system, games, seed, threads, players, progress, track);
        List<String> exempt = new ArrayList<>();
        List<Finding> dead = dead(kernel, system, p.reads(), exempt);
        return new Report(system.id(), games, p.variants(), p.scenarios(), players, p.errors(), dead, exempt, p.decided(), p.unnamed(), Duplicates.find(kernel.catalog(), system));
    }

    /**
     * The audits of several systems, each as {@link #run} gives it; systems played by the same games (a system without
     * scenarios and the one that extends it) share them, played once.
     */
    public static Map<String, Report> runAll(Kernel kernel, List<String> systemIds, java.util.function.ToIntFunction<String> games, long seed, int threads) {
        Map<String, Report> out = new LinkedHashMap<>();
        Map<String, Played> byPlayers = new LinkedHashMap<>();
        for (String id : systemIds) {
            RuleSystem system = kernel.system(id);
            int n = games.applyAsInt(id);
            List<String> bots = bots(kernel, id);
            String key = players(kernel, system).stream().map(RuleSystem::id).toList() + "|" + n + "|" + bots;
            Played p = byPlayers.computeIfAbsent(key, k -> play(kernel, system, n, seed, threads, bots, null, true));
            List<String> exempt = new ArrayList<>();
            List<Finding> dead = dead(kernel, system, p.reads(), exempt);
            out.put(id, new Report(system.id(), n, p.variants(), p.scenarios(), bots, p.errors(), dead, exempt, p.decided(), p.unnamed(), Duplicates.find(kernel.catalog(), system)));
        }
        return out;
    }

    /** What the audit's games found: the tables and entries read, the games that broke, the non-printed data that decided and that went unnamed. */
    private record Played(List<String> variants, List<String> scenarios, List<String> errors, Map<String, Long> reads, Map<String, int[]> decided, Map<String, JsonNode> unnamed) {}

    /** One game's findings. */
    private record OneGame(String variant, String error, JsonNode audit, JsonNode usage) {}

    private static Played play(Kernel kernel, RuleSystem system, int games, long seed, int threads, List<String> bots, IntConsumer progress, boolean track) {
        List<Table> tables = new ArrayList<>();
        for (RuleSystem player : players(kernel, system)) {
            List<Variant> vs = variants(player);
            for (ScenarioDef sc : player.scenarios()) tables.add(new Table(player, sc.id(), vs));
        }
        if (tables.isEmpty()) throw new InputException(null, 0, 0, "system " + system.id() + " has no scenario, and no system that extends it has one: there is no game to play");
        OneGame[] found = new OneGame[games];
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger(), over = new java.util.concurrent.atomic.AtomicInteger();
        Map<String, Scenario> scenarios = new java.util.concurrent.ConcurrentHashMap<>();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < Math.max(1, Math.min(threads, games)); w++) {
            workers.add(Thread.ofPlatform().name("audit-" + w).start(() -> {
                Map<String, RulesContext> contexts = new LinkedHashMap<>();
                try {
                    for (int i; (i = next.getAndIncrement()) < games; ) {
                        found[i] = game(kernel, tables, bots, i, seed, track, scenarios, contexts);
                        if (progress != null) progress.accept(over.incrementAndGet());
                    }
                } finally {
                    for (RulesContext rc : contexts.values()) rc.close();
                }
            }));
        }
        hexlab.kernel.util.Threads.joinAll(workers);
        // merged in game order: the same report whatever the threads
        Map<String, Long> reads = new TreeMap<>();
        Map<String, JsonNode> unnamed = new TreeMap<>();
        Map<String, int[]> decided = new TreeMap<>();
        List<String> errors = new ArrayList<>(), variantIds = new ArrayList<>();
        for (OneGame g : found) {
            if (g == null) continue;        // a thread that failed outside a game: its games are missing, said below
            if (!variantIds.contains(g.variant())) variantIds.add(g.variant());
            if (g.error() != null) errors.add(g.error());
            if (g.usage() != null) g.usage().fields().forEachRemaining(f -> {
                if (!f.getKey().startsWith("placeholder:") && !f.getKey().startsWith("reconstructed:")) return;
                int[] n = decided.computeIfAbsent(f.getKey(), q -> new int[2]);
                n[0]++;
                n[1] += f.getValue().asInt();
            });
            if (g.audit() == null) continue;
            g.audit().get("reads").fields().forEachRemaining(f -> reads.merge(f.getKey(), f.getValue().asLong(), Long::sum));
            g.audit().get("unnamed").fields().forEachRemaining(f -> {
                JsonNode before = unnamed.get(f.getKey());
                ObjectNode u = f.getValue().deepCopy();
                if (before != null) u.put("times", before.get("times").asInt() + u.get("times").asInt()).set("example", before.get("example"));
                unnamed.put(f.getKey(), u);
            });
        }
        long missing = java.util.Arrays.stream(found).filter(java.util.Objects::isNull).count();
        if (missing > 0) errors.add(missing + " of " + games + " games were not played: an audit thread failed outside a game");
        return new Played(variantIds, tables.stream().map(t -> t.system().id() + "/" + t.scenario()).distinct().toList(), errors, reads, decided, unnamed);
    }

    // game i of the audit: scenarios in turn; each round of them under the next variant with the next player, so
    // scenarios x max(variants, players) games play every pair of scenario and variant, and of scenario and player;
    // its findings taken from its context at its end
    private static OneGame game(Kernel kernel, List<Table> tables, List<String> bots, int i, long seed, boolean track, Map<String, Scenario> scenarios, Map<String, RulesContext> contexts) {
        Table t = tables.get(i % tables.size());
        int round = i / tables.size();
        Variant v = t.variants().get(round % t.variants().size());
        String bot = bots.get(round % bots.size());
        long gameSeed = Dice.derive(seed, i);
        String error = null;
        JsonNode usage = null;
        RulesContext rc = null;
        try {
            Scenario sc = scenarios.computeIfAbsent(v.id() + "|" + t.scenario(), k -> kernel.scenario(v, t.scenario()));
            rc = contexts.computeIfAbsent(v.id() + "|" + sc.map(),
                    k -> new RulesContext(kernel.catalog(), v, Boards.load(kernel.catalog(), t.system(), sc.map()), true, track));
            rc.call("resetUsage");
            Game g = Game.start(rc, sc, gameSeed, false);
            Match.play(g, Bots.forSides(t.system(), bot, gameSeed), false, null);
            askOverlays(t.system(), g);
            usage = g.usage();
        } catch (RuntimeException e) {
            error = v.id() + " " + t.scenario() + " " + bot + " seed " + gameSeed + ": " + (e instanceof InputException ie ? ie.describe() : e.getMessage());
        }
        JsonNode audit = null;
        if (track && rc != null && !rc.isDead()) {
            try {
                audit = Json.read(rc.callString("auditJson"));
            } catch (RuntimeException e) {
                // a context a runaway left unusable: the game's error says why
            }
        }
        return new OneGame(v.id(), error, audit, usage);
    }

    /** How many scenarios the audit of a system plays (its own, or those of the systems that extend it). */
    public static int scenarioCount(Kernel kernel, String systemId) {
        return players(kernel, kernel.system(systemId)).stream().mapToInt(s -> s.scenarios().size()).sum();
    }

    // the system itself if it has scenarios, else every system of the catalog that extends it and has some
    private static List<RuleSystem> players(Kernel kernel, RuleSystem system) {
        if (!system.scenarios().isEmpty()) return List.of(system);
        List<RuleSystem> out = new ArrayList<>();
        for (String id : kernel.catalog().systemIds()) {
            if (id.equals(system.id())) continue;
            try {
                RuleSystem s = kernel.system(id);
                if (s.lineage().contains(system.id()) && !s.scenarios().isEmpty()) out.add(s);
            } catch (InputException e) {
                // a system that does not load plays nothing; validate reports it
            }
        }
        return out;
    }

    // the inspector's overlays read tables too (a line-of-sight rule, say): each is asked once at the end
    private static void askOverlays(RuleSystem system, Game g) {
        for (String name : system.overlays().keySet()) {
            for (String side : system.sides()) {
                try {
                    ObjectNode args = Json.object().put("side", side);
                    if (g.rules().map() != null) args.put("hex", g.rules().map().id(0));
                    g.overlay(name, args);
                } catch (RuntimeException e) {
                    // an overlay that needs a selected unit or hex has nothing to say here
                }
            }
        }
        for (String name : system.displays().keySet()) g.display(name, null);
    }

    /**
     * The audit's findings on reads made elsewhere, with no game of its own: what a test suite's rules contexts read
     * ({@link hexlab.kernel.script.ReadLedger}) and what it played, named by {@code by}.
     */
    public static Report fromReads(Kernel kernel, String systemId, Map<String, Long> reads, String by) {
        RuleSystem system = kernel.system(systemId);
        List<String> exempt = new ArrayList<>();
        List<Finding> dead = dead(kernel, system, reads, exempt);
        return new Report(system.id(), 0, List.of(), List.of(), List.of(by), List.of(), dead, exempt, Map.of(), Map.of(), Duplicates.find(kernel.catalog(), system));
    }

    /** Tables and top-level entries no game read, in file order; tables marked reference: true are listed apart. */
    static List<Finding> dead(Kernel kernel, RuleSystem system, Map<String, Long> reads, List<String> exempt) {
        Set<String> pointedAt = Duplicates.pointedAt(system, reads);
        List<Finding> out = new ArrayList<>();
        for (Section s : system.sections().values()) {
            if (s.tableFile() == null) continue;
            YamlDoc doc = null;
            String file = kernel.catalog().display(s.tableFile());
            for (Map.Entry<String, Object> t : s.tables().entrySet()) {
                String key = s.name() + "/" + t.getKey();
                Map<?, ?> data = (Map<?, ?>) t.getValue();
                if (Boolean.TRUE.equals(data.get("reference"))) {
                    exempt.add(key);
                    continue;
                }
                if (doc == null) doc = YamlDoc.load(s.tableFile(), file);
                if (!reads.containsKey(key) && !pointedAt.contains(key)) {
                    out.add(new Finding(file, doc.position("/tables/" + escape(t.getKey()))[0], key, null,
                            "no game read this table: read it in the rules, or mark it reference: true with a note saying why it is kept"));
                    continue;
                }
                for (Object e : data.keySet()) {
                    String entry = String.valueOf(e);
                    if (METADATA.contains(entry) || reads.containsKey(key + "/" + entry) || pointedAt.contains(key + "/" + entry)) continue;
                    out.add(new Finding(file, doc.position("/tables/" + escape(t.getKey()) + "/" + escape(entry))[0], key, entry,
                            "no game read this entry: read it in the rules, remove it, or mark the table reference: true"));
                }
            }
        }
        return out;
    }

    static String escape(String key) { return key.replace("~", "~0").replace("/", "~1"); }
}
