package hexlab.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A throwaway rule system for the benchmarks: a 40x26 board with mixed terrain, roads, rivers and
 * escarpments, a table, and a script whose exports loop inside JavaScript.
 */
final class BenchSystem {
    static final int COLUMNS = 40, ROWS = 26;

    private BenchSystem() {}

    static Path write() {
        try {
            Path root = Files.createTempDirectory("hexlab-bench");
            Files.createDirectories(root.resolve("tables/bench"));
            Files.createDirectories(root.resolve("rules-scripts/bench"));
            Files.createDirectories(root.resolve("scenarios/bench"));
            Files.writeString(root.resolve("tables/bench/system.yaml"), """
                    id: bench
                    name: Benchmark board
                    version: 1.0.0
                    sides: [a, b]
                    setup: bench.setup
                    sections:
                      - {name: bench, version: 1.0.0, table: bench.yaml, script: bench.js}
                    maps: {main: map.yaml}
                    sequence:
                      - step: idle
                        decide: bench.idle
                    scenarios:
                      - {id: s, file: s.yaml}
                    """);
            Files.writeString(root.resolve("tables/bench/bench.yaml"), """
                    section: bench
                    source: "benchmark"
                    tables:
                      costs:
                        status: reconstructed
                        note: "benchmark values"
                        terrain: {mixed: 2, broken: 3, rough: 4, sea: prohibited}
                        hexsides:
                          road: {replace: 0.5}
                          river: {add: 2}
                          escarpment: {block: true, unless: [road]}
                      crt:
                        status: reconstructed
                        note: "benchmark values"
                        results: [[A1, A1, Br, D1, D2, D3, D4], [A2, A1, A1, Br, D1, D2, D3], [Ae, A2, A1, A1, Br, D1, D2],
                                  [Ae, Ae, A2, A1, A1, Br, D1], [Ae, Ae, Ae, A2, A1, A1, Br], [Ae, Ae, Ae, Ae, A2, A1, A1]]
                    """);
            Files.writeString(root.resolve("rules-scripts/bench/bench.js"), """
                    export function setup(ctx, scenario) {
                      ctx.state.pieces = {};
                      for (const p of scenario.pieces || []) ctx.state.pieces[p.id] = { id: p.id, side: p.side, hex: p.hex, ma: p.ma };
                    }
                    export const idle = { actions: () => [{ do: "wait" }], apply(ctx) {} };
                    export function noop(ctx) { return true; }
                    export function rolls(ctx, n) { let s = 0; for (let i = 0; i < n; i++) s += ctx.roll("d6", "benchmark"); return s; }
                    export function lookups(ctx, n) {
                      const t = ctx.table.crt.results; let s = 0;
                      for (let i = 0; i < n; i++) { const r = t[i % 6][(i * 7) % 7]; s += r.length; }
                      return s;
                    }
                    export function reach(ctx, a) { return Object.keys(ctx.map.reach(a.from, a.budget, ctx.table.costs)).length; }
                    // the movement workload: every unit of a side, stopped by the enemy's zone of control
                    export function movement(ctx, side) {
                      const enemies = [], own = [];
                      for (const id in ctx.state.pieces) { const p = ctx.state.pieces[id]; (p.side === side ? own : enemies).push(p); }
                      const zoc = {}, blocked = [];
                      for (const e of enemies) { blocked.push(e.hex); for (const h of ctx.map.neighbors(e.hex)) zoc[h] = true; }
                      const spec = { terrain: ctx.table.costs.terrain, hexsides: ctx.table.costs.hexsides, blocked, stop: Object.keys(zoc) };
                      let total = 0;
                      for (const p of own) {
                        const r = ctx.map.reach(p.hex, p.ma, spec);
                        for (const h in r) total += r[h];
                      }
                      return total;
                    }
                    // the same workload written as the scripting guide says: the zone of control as zones
                    // over a base spec compiled once, the results by hex index
                    const STOP = 1, ENEMY = 2;
                    export function movementIndexed(ctx, side) {
                      const zones = new Uint8Array(ctx.map.ids.length), own = [], enemies = [];
                      for (const p of Object.values(ctx.state.pieces)) (p.side === side ? own : enemies).push(ctx.map.index(p.hex));
                      for (const e of enemies) for (let d = 0; d < 6; d++) { const j = ctx.map.neighborIndex(e, d); if (j >= 0) zones[j] = STOP; }
                      for (const e of enemies) zones[e] = ENEMY;
                      const base = ctx.once("base", () => ({ terrain: ctx.table.costs.terrain, hexsides: ctx.table.costs.hexsides }));
                      const spec = { base, zones, zoneStop: [STOP], zoneBlocked: [ENEMY] };
                      let total = 0, k = 0;
                      for (const p of Object.values(ctx.state.pieces)) {
                        if (p.side !== side) continue;
                        const r = ctx.map.reachCosts(p.hex, p.ma, spec);
                        for (const i of r.hexes) total += r.costs[i];
                      }
                      return total;
                    }
                    """);
            Files.writeString(root.resolve("scenarios/bench/s.yaml"), "id: s\nname: s\nsource: bench\nmap: main\nturns: {first: 1, last: 1}\npieces:\n" + pieces());
            Files.writeString(root.resolve("tables/bench/map.yaml"), map());
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Terrain and hexsides drawn by a fixed arithmetic pattern, so every run measures the same board. */
    static String map() {
        StringBuilder broken = new StringBuilder(), rough = new StringBuilder(), road = new StringBuilder(), river = new StringBuilder();
        for (int c = 1; c <= COLUMNS; c++) {
            for (int r = 1; r <= ROWS; r++) {
                int k = (c * 7 + r * 13) % 17;
                if (k == 0 || k == 5) broken.append(id(c, r)).append(' ');
                else if (k == 9) rough.append(id(c, r)).append(' ');
            }
        }
        for (int c = 1; c < COLUMNS; c++) road.append(id(c, 13)).append('/').append(id(c + 1, c % 2 == 0 ? 14 : 13)).append(' ');
        for (int r = 1; r < ROWS; r++) river.append(id(20, r)).append('/').append(id(20, r + 1)).append(' ');
        return "map: bench\nstatus: reconstructed\nsource: \"generated for the benchmarks\"\n"
                + "layout: {orientation: flat-top, columns: [1, " + COLUMNS + "], rows: [1, " + ROWS + "], lowered: even}\n"
                + "default-terrain: mixed\nterrain:\n  broken: \"" + broken.toString().trim() + "\"\n  rough: \"" + rough.toString().trim() + "\"\n"
                + "hexsides:\n  road: \"" + road.toString().trim() + "\"\n  river: \"" + river.toString().trim() + "\"\n  escarpment: \"\"\n";
    }

    /** Twenty units a side: side a in the west half, side b facing it in the east half. */
    static String pieces() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < UNITS; i++) {
            sb.append("  - {id: a").append(i).append(", side: a, hex: \"").append(id(8 + (i % 5) * 2, 3 + (i / 5) * 5)).append("\", ma: ").append(8 + i % 5).append("}\n");
            sb.append("  - {id: b").append(i).append(", side: b, hex: \"").append(id(24 + (i % 5) * 2, 4 + (i / 5) * 5)).append("\", ma: ").append(8 + i % 5).append("}\n");
        }
        return sb.toString();
    }

    static final int UNITS = 20;

    static String id(int c, int r) { return String.format("%02d%02d", c, r); }
}
