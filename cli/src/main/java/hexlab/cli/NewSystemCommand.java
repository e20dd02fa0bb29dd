package hexlab.cli;

import hexlab.kernel.Kernel;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.ScenarioDef;
import hexlab.kernel.util.AtomicFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Scaffolds a rule system a modder fills in: the manifest, a map of placeholder terrain, one
 * scenario, one rule section (its table and its script) and a test, which validate and play at
 * once. With {@code --extends} the new system inherits the parent's sections, sequence, maps and
 * scenarios, and adds one section of its own that the parent's rules consult.
 */
@Command(name = "new-system", description = "Scaffold a rule system (system.yaml, a placeholder map, a scenario, one section with its table and script, a test) that validates and plays at once.")
final class NewSystemCommand implements Runnable {
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");

    @Mixin Common common;

    @Parameters(paramLabel = "ID", description = "The new system's id: lower case, digits and dashes (its folder name under tables/, rules-scripts/ and scenarios/).")
    String id;

    @Option(names = "--extends", paramLabel = "OTHER", description = "Inherit this system's sections, sequence, maps and scenarios.")
    String parent;

    private String parentScenario;

    @Override
    public void run() {
        if (!ID.matcher(id).matches()) throw new IllegalArgumentException("a system id is lower case letters, digits and dashes, starting with a letter: \"" + id + "\"");
        Kernel k = common.kernel();
        Path root = k.catalog().root();
        for (Path p : java.util.List.of(k.catalog().tablesDir(id), root.resolve("rules-scripts").resolve(id), k.catalog().scenariosDir(id))) {
            if (Files.exists(p)) throw new IllegalArgumentException(root.relativize(p) + " already exists: choose another id, or remove it first");
        }
        Map<String, String> files = parent == null ? standalone() : child(k.system(parent));
        files.put("rules-tests/src/test/java/hexlab/rules/" + pkg() + "/" + className() + ".java", test());
        try {
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = root.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                AtomicFile.write(p, f.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var out = common.out();
        out.println("created " + id + (parent == null ? "" : " (extends " + parent + ")") + ":");
        files.keySet().forEach(f -> out.println("  " + f));
        out.println("next: ./tobruk validate " + id + "; ./tobruk play --system " + id + " --scenario " + scenarioId()
                + "; then docs/porting.md, step by step");
        out.flush();
    }

    private String scenarioId() { return "first-scenario"; }

    private String pkg() { return id.replaceAll("[^a-z0-9]", ""); }

    private String className() { return parent == null ? "MovementTest" : "HouseRulesTest"; }

    private String title() {
        StringBuilder sb = new StringBuilder();
        for (String w : id.split("-")) if (!w.isEmpty()) sb.append(sb.length() == 0 ? "" : " ").append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        return sb.toString();
    }

    // ---- a system of its own ---------------------------------------------------------------------

    private Map<String, String> standalone() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("tables/" + id + "/system.yaml", """
                # yaml-language-server: $schema=../schema/system.schema.json
                # %2$s: scaffolded by new-system. Replace the sides, the sequence and the section with the
                # game's own, one section per rule section of the rulebook (docs/porting.md, docs/formats.md).
                id: %1$s
                name: "%2$s"
                version: 0.1.0
                source: "the rulebook of %2$s (the rule numbers below are the scaffold's: put the book's)"
                sides: [red, blue]
                setup: movement.setup
                sections:
                  - {name: movement, version: 0.1.0, rule: "1.0-1.2", table: movement.yaml, script: movement.js}
                maps:
                  main: map.yaml
                sequence:
                  - turns: game-turn
                    rule: "1.0"
                    do:
                      - player-turns: player-turn
                        rule: "1.0"
                        do:
                          - step: movement
                            rule: "1.1"
                            decide: movement.move
                  - step: victory
                    rule: "1.2"
                    run: movement.victory
                scenarios:
                  - {id: first-scenario, file: first-scenario.yaml}
                overlays:
                  reach: movement.reachOverlay
                """.formatted(id, title()));
        f.put("tables/" + id + "/movement.yaml", """
                # yaml-language-server: $schema=../schema/table.schema.json
                section: movement
                source: "%1$s rules 1.1 (scaffold)"
                tables:
                  costs:
                    status: placeholder
                    rule: "1.1"
                    note: "stands in for the Terrain Effects Chart's movement costs: type in the printed values (prohibited where a unit may not enter)"
                    terrain: {clear: 1, rough: 2, lake: prohibited}
                """.formatted(title()));
        f.put("tables/" + id + "/map.yaml", """
                # yaml-language-server: $schema=../schema/map.schema.json
                map: %1$s
                status: placeholder
                note: "a small board of stand-in terrain: replace with the printed map's hexes (docs/porting.md, The map)"
                source: "scaffold"
                layout:
                  orientation: flat-top
                  columns: [1, 10]
                  rows: [1, 8]
                  lowered: even
                default-terrain: clear
                terrain:
                  rough: "0404 0405 0504 0605"
                  lake: "0807"
                places:
                  Objective: "0505"
                zones:
                  west-edge: "edge:west"
                  east-edge: "edge:east"
                """.formatted(id));
        f.put("scenarios/" + id + "/first-scenario.yaml", """
                # yaml-language-server: $schema=../../tables/schema/scenario.schema.json
                id: first-scenario
                name: "First scenario"
                source: "scaffold"
                status: placeholder
                note: "two stand-in units a side: replace with the scenario's printed set-up"
                map: main
                turns: {first: 1, last: 4}
                first-side: red
                pieces:
                  - {id: r1, side: red, hex: "0103", ma: 4}
                  - {id: r2, side: red, hex: "0105", ma: 3}
                  - {id: b1, side: blue, hex: "1004", ma: 4}
                  - {id: b2, side: blue, hex: "1006", ma: 3}
                """);
        f.put("rules-scripts/" + id + "/movement.js", """
                // %1$s 1.0-1.2 (scaffold): replace with the game's first rule section.
                //   1.0   the scenario's units are set up where it lists them: setup
                //   1.1   a unit moves up to its movement allowance (ma), paying each hex's cost (movement.yaml
                //         costs), once a player-turn: move
                //   1.2   after the last game-turn, a side with a unit in the Objective hex and the other without
                //         wins; otherwise a draw: victory
                // Tables: movement.yaml costs.

                export function setup(ctx, scenario) {
                  ctx.state.pieces = {};
                  for (const p of scenario.pieces) ctx.state.pieces[p.id] = { id: p.id, side: p.side, hex: p.hex, ma: p.ma, moved: false };
                  ctx.trace({ rule: "1.0", uses: ["scenario", "map"], text: "set up " + scenario.pieces.length + " units" });
                }

                function spec(ctx, p) {
                  const others = ctx.pieces((q) => q.id !== p.id && q.hex).map((q) => q.hex).sort();
                  return { terrain: ctx.tables.movement.costs.terrain, blocked: others };
                }

                export const move = {
                  rule: "1.1",
                  prompt: (ctx) => ctx.active + ": move a unit, or end the movement phase",
                  actions(ctx) {
                    const out = [];
                    for (const p of ctx.piecesById((q) => q.side === ctx.active && q.hex && !q.moved)) {
                      const reach = ctx.map.reach(p.hex, p.ma, spec(ctx, p));
                      for (const h of Object.keys(reach).sort()) out.push({ do: "move", unit: p.id, to: h });
                    }
                    out.push({ do: "done" });
                    return out;
                  },
                  apply(ctx, a) {
                    if (a.do === "done") {
                      for (const p of ctx.pieces((q) => q.moved)) p.moved = false;
                      ctx.done();
                      return;
                    }
                    const p = ctx.piece(a.unit), from = p.hex, cost = ctx.map.reach(from, p.ma, spec(ctx, p))[a.to];
                    p.hex = a.to;
                    p.moved = true;
                    ctx.trace({ rule: "1.1", table: "costs", uses: ["map"], cell: { terrain: ctx.map.terrain(a.to) }, result: cost,
                      text: p.id + " moves " + from + " -> " + a.to + " (" + cost + " of " + p.ma + " MP)" });
                  },
                  why(ctx, a) {
                    const p = a.unit && ctx.piece(a.unit);
                    if (!p || p.side !== ctx.active) return { reason: "no unit " + a.unit + " of " + ctx.active + " to move", rule: "1.1" };
                    if (p.moved) return { reason: p.id + " has already moved this player-turn", rule: "1.1" };
                    return { reason: a.to + " is beyond " + p.id + "'s movement allowance, occupied or prohibited", rule: "1.1" };
                  },
                };

                export function victory(ctx) {
                  const obj = ctx.map.place("Objective"), holders = ctx.pieces((p) => p.hex === obj).map((p) => p.side);
                  const winner = holders.length === 1 ? holders[0] : null;
                  ctx.trace({ rule: "1.2", uses: ["map"], result: winner || "draw",
                    text: winner ? winner + " holds the Objective " + obj : "no side holds the Objective " + obj + " alone: a draw" });
                  ctx.gameOver({ winner, turn: ctx.turn });
                }

                // For the inspector: the hexes the selected unit may reach, with their cost.
                export function reachOverlay(ctx, args) {
                  const p = args && ctx.piece(args.unit);
                  return p && p.hex ? ctx.map.reach(p.hex, p.ma, spec(ctx, p)) : {};
                }
                """.formatted(title()));
        return f;
    }

    // ---- a child of another system ---------------------------------------------------------------

    private Map<String, String> child(RuleSystem sys) {
        if (sys.scenarios().isEmpty()) throw new IllegalArgumentException(parent + " has no scenario to start from");
        ScenarioDef first = sys.scenarios().getFirst();
        parentScenario = first.id();
        Path scenarios = common.kernel().catalog().scenariosDir(id);
        String from = scenarios.relativize(first.file()).toString().replace('\\', '/');
        Map<String, String> f = new LinkedHashMap<>();
        f.put("tables/" + id + "/system.yaml", """
                # yaml-language-server: $schema=../schema/system.schema.json
                # %2$s: a variant of %3$s, scaffolded by new-system. It inherits every section, the sequence,
                # the maps, options, errata, presets, bots and scenarios; a section declared here replaces the
                # parent's of the same name whole (table and script: keep the parent's script with
                # script: ../%3$s/<file>.js beside a new table; docs/formats.md, Extending a system).
                id: %1$s
                name: "%2$s"
                version: 0.1.0
                extends: %3$s
                source: "house rules on %3$s (say where they come from)"
                sections:
                  - {name: house-rules, version: 0.1.0, rule: "H.1", table: house-rules.yaml, script: house-rules.js}
                scenarios:
                  - {id: %4$s, file: %5$s}
                """.formatted(id, title(), parent, first.id(), from));
        f.put("tables/" + id + "/house-rules.yaml", """
                # yaml-language-server: $schema=../schema/table.schema.json
                section: house-rules
                source: "%1$s house rule H.1 (scaffold)"
                tables:
                  greeting:
                    status: reconstructed
                    rule: "H.1"
                    note: "a scaffold's table: replace with a house rule's values, read by house-rules.js"
                    text: "%1$s house rules in force"
                """.formatted(title()));
        f.put("rules-scripts/" + id + "/house-rules.js", """
                // %1$s H.1 (scaffold): a section of the variant's own, beside every section of %2$s.
                //   H.1   the house rules in force, as a line for the reader: note
                // Tables: house-rules.yaml greeting. To change a rule of %2$s, declare its section here with
                // the same name (docs/formats.md, Extending a system), then ./tobruk validate %3$s.

                export function note(ctx) { return ctx.table.greeting.text; }
                """.formatted(title(), parent, id));
        return f;
    }

    private String test() {
        String scenario = scenarioId();
        String body = parent == null ? """
                    @Test
                    void rule_1_1_aUnitMovesNoFurtherThanItsAllowanceAndRoughCostsMore() {
                        Game g = Positions.scenario(V, "%2$s", 1);
                        // r2 (3 MP) in 0105 can reach 0305 on clear ground, but 0405 is rough: 2 more
                        JsonNode actions = g.legalActions();
                        boolean clear = false, rough = false;
                        for (JsonNode a : actions) {
                            if (!"r2".equals(a.path("unit").asText())) continue;
                            clear |= a.path("to").asText().equals("0305");
                            rough |= a.path("to").asText().equals("0405");
                        }
                        assertTrue(clear, "0305 is within 3 MP of clear ground: " + actions);
                        assertFalse(rough, "0405 is rough (2 MP) beyond 2 MP of clear ground: " + actions);
                    }

                    @Test
                    void rule_1_2_theGameEndsWithAResultAfterTheLastTurn() {
                        Game g = Positions.scenario(V, "%2$s", 1);
                        RandomBot bot = new RandomBot(1);
                        for (int i = 0; i < 10_000 && !g.over(); i++) g.applyIndex(bot.choose(g, g.toAct()));
                        assertTrue(g.over(), "the game ends after its last turn");
                    }
                """.formatted(id, scenario) : """
                    @Test
                    void rule_H_1_theHouseRulesTableIsWhatTheSectionReads() {
                        Game g = Positions.scenario(V, "%2$s", 1);
                        assertEquals("%3$s house rules in force", Positions.eval(g, "rules['house-rules'].note()").asText());
                    }
                """.formatted(id, parentScenario, title());
        return """
                package hexlab.rules.%1$s;

                import com.fasterxml.jackson.databind.JsonNode;
                import hexlab.kernel.bot.RandomBot;
                import hexlab.kernel.play.Game;
                import hexlab.kernel.rules.Variant;
                import hexlab.rules.Positions;
                import org.junit.jupiter.api.Test;

                import static org.junit.jupiter.api.Assertions.*;

                /** %2$s: each test is named after the rule it checks, on a small position. */
                class %3$s {
                    static final Variant V = Positions.variant("%4$s", "");

                %5$s}
                """.formatted(pkg(), title(), className(), id, body);
    }
}
