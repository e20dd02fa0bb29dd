// The Fall of Tobruk, section 4.1: zones of control. Queries only: the movement, combat and supply
// sections ask; nothing here changes the game.
//   4.1   a unit's ZOC is the six hexes around it; its level (none, Light, Heavy) depends on what
//         stands in the projecting hex: the SPs there (ZOC Summary Chart), a Heavy AT unit, a Box.
//         Disrupted units (12.2) and HQs (7.11) never count; artillery counts only while it is no
//         more than half the hex's SPs.
//   4.11  a ZOC reaches every hex, and crosses every hexside, its units could move into or across;
//         up an escarpment hexside only Leg units count, road or not.
//   4.44  Khamsin: every ZOC one level lower.
//   16.41 May 26 and 27, AM and PM: Allied ZOCs one level lower (on top of 4.44).
// What a ZOC does to movement (4.12), combat (4.13) and supply (4.14) is in those sections.
// Tables: tables/fall-of-tobruk/zoc.yaml (zoc-levels, zoc-level-other, modifiers), weather.yaml (effects).

const NONE = 0, LZOC = 1, HZOC = 2;
const NAMES = ["none", "LZOC", "HZOC"];

function levelOfName(name) { return name === "HZOC" ? HZOC : name === "LZOC" ? LZOC : NONE; }

// levelName(n): "none", "LZOC" or "HZOC", for traces.
export function levelName(ctx, n) { return NAMES[n] || "none"; }

// ---- what a hex projects -----------------------------------------------------------------------

// The ZOC Summary Chart as numbers: the level of a count of contributing SPs.
function bySps(ctx, sps) {
  for (const row of ctx.table["zoc-levels"]["by-sps"]) {
    if (sps >= row.min && (row.max === null || row.max === undefined || sps <= row.max)) return levelOfName(row.level);
  }
  return NONE;
}

function countsForStacking(p) { return !p.hq && !p.wreck; }

// stackInfo(hex, units): the contributing units of one side's stack (4.1, 7.11, 12.2).
// `units` are that side's pieces in the hex.
function stackInfo(ctx, hex, units) {
  let total = 0, art = 0;
  for (const p of units) {
    if (!countsForStacking(p)) continue;
    total += p.sp || 0;
    if (p.artillery) art += p.sp || 0;
  }
  const artilleryCounts = art <= total * ctx.table["zoc-levels"]["artillery-share"];   // ZOC Summary Chart, second line
  const counted = [];
  for (const p of units) {
    if (p.hq || p.wreck || p.disrupted) continue;            // 7.11, 12.2
    if (p.artillery && !artilleryCounts) continue;
    counted.push(p);
  }
  return { hex, total, art, artilleryCounts, counted, box: ctx.map.hasFeature(hex, "box") };
}

// escarpmentTop(a, b): the upper hex of the escarpment hexside between adjacent a and b (the map
// marks it with the hex feature "escarpment-top"), or null: no escarpment, or no top shown.
export function escarpmentTop(ctx, a, b) {
  if (!ctx.map.hexsideHas(a, b, "escarpment")) return null;
  const ta = ctx.map.hasFeature(a, "escarpment-top"), tb = ctx.map.hasFeature(b, "escarpment-top");
  return ta === tb ? null : ta ? a : b;
}

// openTo(from, to): which mobility types' units in `from` count toward the ZOC projected into the
// adjacent `to` (4.11): those that could move there, and up an escarpment only Leg units. An
// escarpment whose top the map does not show is taken as climbed both ways.
function openTo(ctx, from, to) {
  const open = ctx.rules.terrain.crossableBy(from, to);
  if (open.sides.indexOf("escarpment") >= 0) {
    const top = escarpmentTop(ctx, from, to);
    if (top === null || top === to) { open.tracked = false; open.wheeled = false; }
  }
  return open;
}

// projects(p, from, to): does unit p in `from` count toward the ZOC it projects into `to`?
export function projects(ctx, p, from, to) { return !!openTo(ctx, from, to)[p.mobility]; }

const MOBILITY_BIT = { leg: 1, tracked: 2, wheeled: 4 };

// What the map and the TEC alone decide about every hexside, worked out once a rules context:
// `open[i * 6 + d]`, the mobility types (MOBILITY_BIT) that count across the hexside from hex
// index i in direction d (4.11); `plain[i * 6 + d]`, 1 when every contributing unit counts there
// (no hexside feature, terrain closed to no type); `closedAll[j]`, terrain closed to every type.
function hexsides(ctx) {
  return ctx.once("hexsides", () => {
    const ids = ctx.map.ids, n = ids.length;
    const closed = closedTerrain(ctx);
    const open = new Uint8Array(n * 6), plain = new Uint8Array(n * 6), closedAll = new Uint8Array(n);
    for (let j = 0; j < n; j++) closedAll[j] = closed[ctx.map.terrain(ids[j])] === "all" ? 1 : 0;
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 6; d++) {
        const j = ctx.map.neighborIndex(i, d);
        if (j < 0) continue;
        const o = openTo(ctx, ids[i], ids[j]);
        open[i * 6 + d] = (o.leg ? 1 : 0) | (o.tracked ? 2 : 0) | (o.wheeled ? 4 : 0);
        plain[i * 6 + d] = !closed[ctx.map.terrain(ids[j])] && !ctx.map.hexside(ids[i], ids[j]).length ? 1 : 0;
      }
    }
    return { open, plain, closedAll };
  });
}

// The mobility types that count from `from` into the adjacent `to` (MOBILITY_BIT).
function openMask(ctx, from, to) {
  const d = ctx.map.direction(from, to);
  return d < 0 ? 0 : hexsides(ctx).open[ctx.map.index(from) * 6 + d];
}

// The level one stack projects across one hexside, before 4.44 and 16.41, with the reasons.
function projected(ctx, info, to) { return projectedBy(ctx, info, openMask(ctx, info.hex, to)); }

function projectedBy(ctx, info, mask) {
  let sps = 0, heavyAT = false;
  const units = [];
  for (const p of info.counted) {
    if (!(mask & MOBILITY_BIT[p.mobility])) continue;
    sps += p.sp || 0;
    if (p.heavyAT) heavyAT = true;
    units.push(p.id);
  }
  let level = bySps(ctx, sps), other = null;
  const raise = ctx.table["zoc-level-other"];                                     // 4.1, a placeholder
  if (units.length && heavyAT && levelOfName(raise["heavy-at-in-hex"]) > level) { level = levelOfName(raise["heavy-at-in-hex"]); other = "heavy-at-in-hex"; }
  if (units.length && info.box && levelOfName(raise["box-in-hex"]) > level) { level = levelOfName(raise["box-in-hex"]); other = "box-in-hex"; }
  return { level, sps, units, other };
}

// ---- modifiers -----------------------------------------------------------------------------------

// reduction(side): how many levels `side`'s ZOCs drop now, with the rules that drop them
// (4.44 Khamsin, as the weather section gives it; 16.41 Allied ZOC on the May 26 and 27 turns,
// AM and PM phases).
export function reduction(ctx, side) {
  const m = ctx.table.modifiers;
  let n = 0;
  const rules = [];
  const w = ctx.rules.weather.zocReduction();
  if (w) { n += w; rules.push("4.44"); }
  const l = m["limited-allied-zoc"];
  if (side === l["applies-to"] && l.turns.indexOf(ctx.state.date) >= 0 && l.phases.indexOf(ctx.state.half) >= 0) {
    n += l["reduce-levels"];
    rules.push("16.41");
  }
  return { levels: n, rules };
}

// ---- queries ---------------------------------------------------------------------------------------

// Pieces of `side` on the map, a Map by hex (kept while the position stands: read, never change it).
function stacksOf(ctx, side) {
  return ctx.memo("stacks " + side, () => {
    const out = new Map();
    for (const p of ctx.pieces()) {
      if (p.side !== side || p.at !== "map" || !p.hex) continue;
      const l = out.get(p.hex);
      if (l) l.push(p); else out.set(p.hex, [p]);
    }
    return out;
  });
}

// The level a stack projects across an open hexside (all its contributing units count).
function fullLevel(ctx, info) {
  let sps = 0, heavyAT = false;
  for (const p of info.counted) { sps += p.sp || 0; if (p.heavyAT) heavyAT = true; }
  let lv = bySps(ctx, sps);
  if (!info.counted.length) return lv;
  const raise = ctx.table["zoc-level-other"];
  if (heavyAT) lv = Math.max(lv, levelOfName(raise["heavy-at-in-hex"]));
  if (info.box) lv = Math.max(lv, levelOfName(raise["box-in-hex"]));
  return lv;
}

// Terrain some mobility types may not enter (the TEC's P): {terrain: "all" | "some"}. No ZOC
// reaches terrain closed to all (4.11).
function closedTerrain(ctx) {
  const hex = ctx.tables.terrain["movement-costs"].hex, out = {};
  for (const t of Object.keys(hex)) {
    const cols = Object.keys(hex[t]), p = cols.filter((c) => hex[t][c] === "P").length;
    if (p) out[t] = p === cols.length ? "all" : "some";
  }
  return out;
}

// levels(side): the ZOC level `side` projects into every hex, an array over ctx.map.ids (0 none,
// 1 LZOC, 2 HZOC), with 4.44 and 16.41 applied. Compute it once per call and index it with
// ctx.map.index(hex). Across a bare hexside into open terrain every contributing unit counts, so
// only hexsides with features are looked at unit by unit.
export function levels(ctx, side) {
  return ctx.memo("levels " + side, () => levelsNow(ctx, side));
}

// Each hex keeps the highest level projected into it, so the stacks may come in any order.
function levelsNow(ctx, side) {
  const z = new Uint8Array(ctx.map.ids.length);
  const cut = reduction(ctx, side).levels;
  if (cut >= HZOC) return z;
  const { open, plain, closedAll } = hexsides(ctx);
  for (const [hex, units] of stacksOf(ctx, side)) {
    const info = stackInfo(ctx, hex, units);
    const full = fullLevel(ctx, info) - cut;
    if (full <= 0) continue;
    const i = ctx.map.index(hex);
    for (let d = 0; d < 6; d++) {
      const j = ctx.map.neighborIndex(i, d);
      if (j < 0 || closedAll[j] || z[j] >= full) continue;
      const lv = plain[i * 6 + d] ? full : projectedBy(ctx, info, open[i * 6 + d]).level - cut;
      if (lv > z[j]) z[j] = lv;
    }
  }
  return z;
}

// sources(hex, side): the neighbouring stacks of `side` that project a ZOC into hex, sorted by
// hex: [{hex, level, base, sps, units, other}] (`base` before 4.44/16.41; `other` names the
// zoc-level-other row that raised it, a placeholder).
export function sources(ctx, hex, side) {
  const cut = reduction(ctx, side).levels;
  const stacks = stacksOf(ctx, side), near = {};
  for (const n of ctx.map.neighbors(hex)) near[n] = stacks.get(n) || [];
  const out = [];
  for (const n of Object.keys(near).sort()) {
    if (!near[n].length) continue;
    const info = stackInfo(ctx, n, near[n]);
    if (!info.counted.length) continue;
    const r = projected(ctx, info, hex);
    const level = Math.max(0, r.level - cut);
    if (level > 0) out.push({ hex: n, level, base: r.level, sps: r.sps, units: r.units.sort(), other: r.other });
  }
  return out;
}

// level(hex, side): the ZOC `side` projects into hex: 0 none, 1 LZOC, 2 HZOC (4.1, 4.44, 16.41).
export function level(ctx, hex, side) {
  let best = NONE;
  for (const s of sources(ctx, hex, side)) if (s.level > best) best = s.level;
  return best;
}

// stackLevel(hex): the level the stack in hex projects across an open hexside, before 4.44 and
// 16.41 (no escarpment in the way): the ZOC Summary Chart read for that stack.
export function stackLevel(ctx, hex) {
  const units = ctx.piecesAt(hex).filter((p) => p.at === "map");
  if (!units.length) return NONE;
  return fullLevel(ctx, stackInfo(ctx, hex, units.filter((p) => p.side === units[0].side)));
}

// explain(hex, side): one line for traces: who projects what into hex, and why.
export function explain(ctx, hex, side) {
  const src = sources(ctx, hex, side);
  const cut = reduction(ctx, side);
  if (!src.length) return hex + " is in no " + side + " ZOC";
  const parts = src.map((s) => s.hex + " " + NAMES[s.level] + " (" + s.sps + " SPs" +
    (s.other ? ", " + s.other.replace(/-/g, " ") + " (zoc-level-other, placeholder)" : "") +
    (s.base !== s.level ? ", " + NAMES[s.base] + " less " + cut.rules.join(" and ") : "") + ")");
  return hex + " is in " + side + " ZOC from " + parts.join(", ");
}

// ---- provenance ------------------------------------------------------------------------------------

// The non-printed sources every ZOC level rests on: the ZOC Summary Chart as numbers, the SPs of the
// reconstructed order of battle, the TEC stand-in (4.11: a ZOC reaches where its units could move)
// and the map.
const BASE_USES = Object.freeze(["map", "terrain/movement-costs", "units/units", "zoc/zoc-levels"]);

function raised(ctx, info) { return fullLevel(ctx, info) > bySpsOf(ctx, info); }
function bySpsOf(ctx, info) { let n = 0; for (const p of info.counted) n += p.sp || 0; return bySps(ctx, n); }

// uses(side): the non-printed sources (contract: a trace's `uses`) of a decision taken on the ZOC
// `side` projects anywhere now: the above, and zoc-level-other when that stand-in raised one of its
// stacks. Kept per position: read it, never change it.
export function uses(ctx, side) {
  return ctx.memo("uses " + side, () => {
    for (const [hex, units] of stacksOf(ctx, side)) {
      const info = stackInfo(ctx, hex, units);
      if (info.counted.length && raised(ctx, info)) return Object.freeze(BASE_USES.concat(["zoc/zoc-level-other"]));
    }
    return BASE_USES;
  });
}

// usesAt(hexes, side): the same for a decision taken on the ZOC `side` projects into these hexes:
// zoc-level-other only where that stand-in raised a level projected into one of them.
export function usesAt(ctx, hexes, side) {
  for (const h of hexes) for (const s of sources(ctx, h, side)) if (s.other) return BASE_USES.concat(["zoc/zoc-level-other"]);
  return BASE_USES;
}

// ---- the inspector's overlay -----------------------------------------------------------------------

// zocOverlay({side}): the level each side projects into every hex now, 4.44 and 16.41 applied:
// {hex: "axis HZOC"}, both sides' named where both reach ("axis LZOC, allied HZOC").
export function zocOverlay(ctx, args) {
  const ids = ctx.map.ids, out = {};
  for (const side of ctx.sides.filter((s) => !args || !args.side || s === args.side)) {
    const z = levels(ctx, side);
    for (let i = 0; i < z.length; i++) {
      if (!z[i]) continue;
      const v = side + " " + NAMES[z[i]];
      out[ids[i]] = out[ids[i]] === undefined ? v : out[ids[i]] + ", " + v;
    }
  }
  return out;
}
