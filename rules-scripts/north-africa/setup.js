// North Africa standard rules, section 3.0: setting up the game.
//   3.0   each side's units go on the hexes of its initial deployment; unit values are read as
//         attack-defense-movement, artillery as barrage-fpf-range/defense-movement (the units
//         table of the game holds them: ctx.tables.units.units["by-id"]).
//   13.0  units of the reinforcement schedule wait off the map ("pending") until their turn.
//   5.31  no two units may share a hex: a scenario that prints two units in one hex (flagged
//         `hex-conflict`) has the later one set up in the nearest empty hex, and says so.
// Also builds the state the sections share: pieces (state.pieces[id]: id, unit, side, name, hex,
// at: map | pending | eliminated | exited, the unit's values and type flags, and the per-phase
// flags the movement and combat sections reset), the lists of units eliminated and exited in
// play, the ground support bookkeeping, and `board`, the static facts of the map the movement,
// zone and supply searches read in their inner loops.

const SIDE_FLAGS = ["moved", "attacked", "defended", "unsupplied", "displaced", "retreated", "noFpf"];

// The static facts of the map, made once per rules context and not kept in the state (plain
// arrays, indexed like ctx.map.ids, so the searches of the zoc and supply sections run on arrays):
//   terrains, hexsideFeatures   the terrain types and hexside features the map has, sorted
//   terr[i]                     index into terrains of hex i's terrain
//   nb[i*6+d]                   index of the neighbour of hex i in direction d, -1 off the map
//   mask[i*6+d]                 bit k set: that hexside has hexsideFeatures[k]
//   zocClosed[t]                1: a zone does not reach into terrain type t (6.14)
//   zocBlocked[mask]            1: a zone does not cross a hexside with these features (6.14, 6.15)
//   edge[i]                     1: hex i is on the map edge
//   sides[id][nid]              the features of each hexside that has any, by hex id (for traces)
//   byFeature[f]                the hexsides of feature f as [id, nid] pairs, lower id first, sorted
function computeBoard(ctx) {
  const ids = ctx.map.ids, n = ids.length;
  const names = ids.map((id) => ctx.map.terrain(id)), terrainSet = {};
  for (const t of names) terrainSet[t] = true;
  const terrains = Object.keys(terrainSet).sort();
  const tIndex = {};
  terrains.forEach((t, k) => { tIndex[t] = k; });
  const terr = names.map((t) => tIndex[t]), mask = [], edge = [];
  for (let i = 0; i < n; i++) edge.push(0);
  const nb = neighbourTable(ctx);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < 6; d++) { mask.push(0); if (nb[i * 6 + d] < 0) edge[i] = 1; }
  }
  const featureSet = {}, found = [];
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < 3; d++) {
      const j = nb[i * 6 + d];
      if (j < 0) continue;
      const f = ctx.map.hexside(ids[i], ids[j]);
      if (f.length === 0) continue;
      found.push([i, d, j, f]);
      for (const x of f) featureSet[x] = true;
    }
  }
  const hexsideFeatures = Object.keys(featureSet).sort();
  const fBit = {};
  hexsideFeatures.forEach((f, k) => { fBit[f] = 1 << k; });
  const sides = {};
  for (const [i, d, j, f] of found) {
    let m = 0;
    for (const x of f) m |= fBit[x];
    mask[i * 6 + d] = m;
    mask[j * 6 + ((d + 3) % 6)] = m;                       // the same hexside seen from j
    const sorted = f.slice().sort();
    (sides[ids[i]] = sides[ids[i]] || {})[ids[j]] = sorted;
    (sides[ids[j]] = sides[ids[j]] || {})[ids[i]] = sorted.slice();
  }
  const byFeature = {};
  for (const id of Object.keys(sides).sort()) {
    for (const nid of Object.keys(sides[id]).sort()) {
      if (id > nid) continue;
      for (const f of sides[id][nid]) (byFeature[f] = byFeature[f] || []).push([id, nid]);
    }
  }
  const board = { terrains, hexsideFeatures, terr, nb, mask, edge, sides, byFeature, zocClosed: [], zocBlocked: {} };
  // 6.14, 6.15: the zoc section's reading, worked out once per terrain type and per kind of hexside
  board.zocClosed = terrains.map((t) => (ctx.rules.zoc.reaches(board, null, null, t, []) ? 0 : 1));
  const kinds = {};
  for (const m of mask) if (m) kinds[m] = true;
  for (const m of Object.keys(kinds)) {
    if (!ctx.rules.zoc.reaches(board, null, null, null, hexsideFeatures.filter((f) => +m & fBit[f]))) board.zocBlocked[m] = 1;
  }
  return board;
}

// The neighbour of every hex in every direction as map indexes (-1 off the map): worked out from
// the XXYY ids of a rectangular grid (ids column by column, as the kernel lists them), with the
// kernel's own answers checked on a sample; asked of the kernel hex by hex if the check fails.
function neighbourTable(ctx) {
  const ids = ctx.map.ids, n = ids.length;
  const col = (i) => +ids[i].slice(0, 2), row = (i) => +ids[i].slice(2, 4);
  const c0 = col(0), r0 = row(0), rows = row(n - 1) - r0 + 1, cols = col(n - 1) - c0 + 1;
  const viaKernel = () => {
    const out = [];
    for (let i = 0; i < n; i++) for (let d = 0; d < 6; d++) { const x = ctx.map.neighbor(ids[i], d); out.push(x === null ? -1 : ctx.map.index(x)); }
    return out;
  };
  if (rows * cols !== n || cols < 3 || rows < 3) return viaKernel();
  // which columns sit half a hex lower: the north-east neighbour of the second column's second hex
  const probe = ctx.map.neighbor(ids[rows + 1], 1);
  const lowered = probe === ids[2 * rows + 1] ? (c0 + 1) % 2 : c0 % 2;   // same row: that column is lowered
  const at = (c, r) => (c < c0 || c >= c0 + cols || r < r0 || r >= r0 + rows ? -1 : (c - c0) * rows + (r - r0));
  const out = [];
  for (let i = 0; i < n; i++) {
    const c = c0 + Math.floor(i / rows), r = r0 + (i % rows);
    const low = c % 2 === lowered;
    out.push(at(c, r - 1), at(c + 1, low ? r : r - 1), at(c + 1, low ? r + 1 : r), at(c, r + 1), at(c - 1, low ? r + 1 : r), at(c - 1, low ? r : r - 1));
  }
  for (let k = 0; k < 12; k++) {                           // the kernel's answers on a sample
    const i = Math.floor((k * n) / 12);
    for (let d = 0; d < 6; d++) {
      const x = ctx.map.neighbor(ids[i], d);
      if ((x === null ? -1 : ctx.map.index(x)) !== out[i * 6 + d]) return viaKernel();
    }
  }
  return out;
}

// uses(...sources): the data sources a trace names beside its table (the map, the scenario, tables
// as "section/table"), without the tables this game does not have: the unit types ("units/types")
// where the game's units table keeps its reconstructed type flags apart. Once per rules context
// for each list, so traces in loops share it.
export function uses(ctx, ...sources) {
  return ctx.once("uses " + sources.join(" "), () => Object.freeze(sources.filter((s) => {
    if (s === "map" || s === "scenario") return true;
    const [sec, tab] = s.split("/");
    return !!(ctx.tables[sec] && ctx.tables[sec][tab]);
  })));
}

// bit(board, feature): the mask bit of a hexside feature (0 if the map has none).
export function bit(ctx, board, feature) {
  const k = board.hexsideFeatures.indexOf(feature);
  return k < 0 ? 0 : 1 << k;
}

// board(): the board facts: the map and the tables alone decide them, so they are made once.
export function board(ctx) {
  return ctx.once("board", () => computeBoard(ctx));
}

function unitTable(ctx) {
  const t = ctx.tables.units && ctx.tables.units.units;
  return t ? t["by-id"] : {};
}

// The game's unit types, where its units table keeps them apart (the reconstructed type flags).
function typeTable(ctx) {
  const t = ctx.tables.units && ctx.tables.units.types;
  return t ? t["by-id"] : {};
}

// One piece from a scenario entry and its units-table entry (3.0 value formats).
function makePiece(ctx, entry, where) {
  const unitId = entry.unit || entry.id;
  const u = unitTable(ctx)[unitId];
  if (!u && !entry.values) {
    throw new Error("scenario " + where + ": unit " + JSON.stringify(unitId) + " is not in the units table and carries no values");
  }
  const k = typeTable(ctx)[unitId];
  const v = Object.assign({}, (u && u.values) || {}, entry.values || {});
  const type = Object.assign({}, (k && k.type) || (u && u.type) || {}, entry.type || {});
  const side = entry.side || (u && u.side);
  if (ctx.sides.indexOf(side) < 0) throw new Error("scenario " + where + ": piece " + (entry.id || unitId) + " has no known side (sides: " + ctx.sides.join(", ") + ")");
  const artillery = !!type.artillery;
  const p = {
    id: entry.id || unitId, unit: unitId, side,
    name: entry.name || (u && u.designation) || unitId,
    nationality: entry.nationality || (u && u.nationality) || (k && k.nationality) || null,
    hex: null, at: "map",
    attack: v.attack || 0, defense: v.defense || 0, movement: v.movement || 0,
    barrage: v.barrage || 0, fpf: v.fpf || 0,
    // 11.0: an anti-tank unit is mechanized as anti-tank.yaml units says, whatever its type flag
    artillery, mechanized: type["anti-tank"] ? ctx.tables["anti-tank"].units["anti-tank-units-are"] === "mechanized" : !!type.mechanized,
    antiTank: !!type["anti-tank"], selfPropelled: !!type["self-propelled"],
  };
  if (artillery) p.range = v.range || 0;
  for (const f of SIDE_FLAGS) p[f] = false;
  return p;
}

// A reinforcement's arrival: {turn, hex} or {turn, edge} from `arrives`, `entry` or the entry itself.
function arrival(entry, where) {
  const a = entry.arrives || {};
  const e = entry.entry || {};
  const turn = a.turn !== undefined ? a.turn : entry.turn;
  const hex = a.hex || e.hex || null;
  const edge = a.edge || e.edge || null;
  if (typeof turn !== "number" || (!hex && !edge)) {
    throw new Error("scenario " + where + ": reinforcement " + (entry.id || entry.unit) + " needs a turn and an entry hex or edge");
  }
  return hex ? { turn, hex: String(hex) } : { turn, edge: String(edge) };
}

function enterable(ctx, hex) {
  return ctx.rules.zoc.closedTerrain().indexOf(ctx.map.terrain(hex)) < 0;
}

// 5.31: the nearest empty hex a unit of a doubly occupied deployment hex is set up in instead:
// nearest first, then one outside enemy zones, then the lowest id (hex-conflict), within the
// table's search radius.
function nearestEmpty(ctx, piece, from) {
  const occupied = {};
  for (const p of ctx.pieces((q) => q.hex)) occupied[p.hex] = true;
  const enemy = ctx.sides[0] === piece.side ? ctx.sides[1] : ctx.sides[0];
  const ezoc = ctx.rules.zoc.controlled(enemy);
  let best = null, key = null;
  for (const h of ctx.map.within(from, ctx.table["hex-conflict"]["search-radius"])) {
    if (occupied[h] || !enterable(ctx, h)) continue;
    const k = [ctx.map.distance(from, h), ezoc[h] ? 1 : 0, h];
    if (!key || k[0] < key[0] || (k[0] === key[0] && (k[1] < key[1] || (k[1] === key[1] && k[2] < key[2])))) { best = h; key = k; }
  }
  return best;
}

export function setup(ctx, scenario) {
  const s = ctx.state;
  const where = JSON.stringify(scenario.id || "");
  s.pieces = {};
  s.eliminated = [];
  s.exited = [];
  s.combat = null;
  s.victory = {};
  s.movement = null;
  // 9.0: the points per Game-Turn, where the ground support section's allocation says the scenario keeps them
  let per = scenario;
  for (const k of ctx.tables["ground-support"].allocation["scenario-key"]) per = per && typeof per === "object" ? per[k] : undefined;
  s.gsPerTurn = Object.assign({}, per || {});
  s.gs = { turn: null };
  for (const side of ctx.sides) s.gs[side] = 0;

  // 3.0: the initial deployment; an entry without a hex but with `arrives` is a reinforcement.
  const order = [];
  for (const entry of scenario.pieces || []) {
    const p = makePiece(ctx, entry, where);
    if (s.pieces[p.id]) throw new Error("scenario " + where + ": piece " + p.id + " is listed twice");
    if (entry.hex) {
      const hex = String(entry.hex);
      if (!ctx.map.has(hex)) throw new Error("scenario " + where + ": piece " + p.id + " is set up in " + hex + ", which is not on the map");
      p.hex = hex;
      if (entry["hex-conflict"]) p.hexConflict = true;
    } else if (entry.arrives) {
      p.at = "pending";                                       // 13.0
      p.arrives = arrival(entry, where);
    } else {
      throw new Error("scenario " + where + ": piece " + p.id + " has neither a hex nor an arrival");
    }
    s.pieces[p.id] = p;
    order.push(p.id);
  }
  // 13.0: the reinforcement schedule
  for (const entry of scenario.reinforcements || []) {
    const p = makePiece(ctx, entry, where);
    if (s.pieces[p.id]) throw new Error("scenario " + where + ": reinforcement " + p.id + " is already a piece of the scenario");
    p.at = "pending";
    p.arrives = arrival(entry, where);
    const h = p.arrives.hex;
    if (h && !ctx.map.has(h)) throw new Error("scenario " + where + ": reinforcement " + p.id + " enters at " + h + ", which is not on the map");
    s.pieces[p.id] = p;
  }
  // Units the scenario counts as destroyed or exited before play starts (e.g. Crusader 19.36):
  // off the map for good, and not among the units eliminated or exited during play.
  const special = scenario.special || {};
  const before = [
    ["eliminated", (special["previously-destroyed"] && special["previously-destroyed"].units) || scenario["previously-destroyed"] || []],
    ["exited", special["exited-before-start"] || scenario["exited-before-start"] || []],
  ];
  for (const [at, ids] of before) {
    for (const id of ids) {
      if (s.pieces[id]) throw new Error("scenario " + where + ": " + id + " is both in play and listed as " + at + " before the start");
      const p = makePiece(ctx, { id, unit: id }, where);
      p.at = at;
      p.beforeStart = true;
      s.pieces[id] = p;
    }
  }

  // 5.31: two units printed in one hex: the first listed keeps it, the next go to the nearest empty hex.
  const byHex = {};
  for (const id of order) {
    const p = s.pieces[id];
    if (!p.hex) continue;
    const first = byHex[p.hex];
    if (!first) { byHex[p.hex] = p; continue; }
    if (first.side !== p.side) throw new Error("scenario " + where + ": " + first.id + " and " + p.id + " of opposing sides are both set up in " + p.hex + " (5.12)");
    const from = p.hex;
    p.hex = null;
    const to = nearestEmpty(ctx, p, from);
    if (!to) throw new Error("scenario " + where + ": no empty hex near " + from + " for " + p.id);
    p.hex = to;
    ctx.trace({ rule: "5.31", table: "hex-conflict", uses: ["scenario", "map"], cell: { hex: from, kept: first.id, moved: p.id }, result: to,
      text: "the scenario sets up " + first.id + " and " + p.id + " both in " + from + (p.hexConflict ? " (marked hex-conflict)" : "") +
        "; stacking is not allowed, so " + p.id + " is set up in " + to + ", the nearest empty hex (nearest, then outside enemy zones, then lowest id)" });
  }

  const count = (at) => ctx.pieces((p) => p.at === at).length;
  ctx.trace({ rule: "3.0", uses: ["scenario"], cell: { scenario: scenario.id },
    result: { map: count("map"), pending: count("pending"), eliminated: count("eliminated"), exited: count("exited") },
    text: "set up " + scenario.id + ": " + count("map") + " units on the map, " + count("pending") + " reinforcements to come" +
      (count("eliminated") + count("exited") ? ", " + count("eliminated") + " destroyed and " + count("exited") + " exited before the start" : "") });
}
