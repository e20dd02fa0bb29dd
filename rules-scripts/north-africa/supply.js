// North Africa standard rules, section 12.0: supply.
//   12.0  a unit is supplied if it can trace a supply path from its hex to a friendly source;
//         supply for movement is judged at the start of the movement phase and holds for the whole
//         phase (movement section), supply for combat at the instant of combat (supplied()).
//   12.1  the sources are named by each game's exclusive rules: every section exporting
//         supplySources(side) contributes hexes (Crusader: the supply-sources section, 16.0),
//         from the tables, options and map alone (bits() is recalled by the units' places).
//   12.21 a path is any number of contiguous hexes, never across an all-sea hexside, into an
//         enemy-occupied hex, into an enemy zone (even with a friendly unit in it), across an
//         escarpment hexside without road or trail, or into a mountain hex.
//   12.22 an enemy minefield hexside is crossed only if a friendly unit is in one of its two hexes.
//   12.23 no move into an unsupplied position; units unsupplied at the start of the phase move, if
//         at all, toward the nearest friendly source (movement section, with nearest()).
//   12.32 an unsupplied unit's allowance is halved, fractions up (movement.allowance).
//   12.33 an unsupplied unit's attack, barrage and FPF strengths are zero; it must still attack:
//         attackFactor(), barrageFactor(), fpfFactor() for the combat section.
//   12.34 defense strength never changes with supply (no export touches it).
// One breadth-first search per side and call (bits); callers in loops compute it once and pass it
// down. Tables: tables/north-africa/supply.yaml.

function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }

// sources(side): the on-map supply sources of `side` from every section exporting supplySources
// (12.1), sorted and without repeats.
export function sources(ctx, side) {
  const out = {};
  for (const name of sourceSections(ctx)) {
    const f = ctx.rules[name].supplySources;
    for (const h of f(side) || []) if (ctx.map.has(String(h))) out[String(h)] = true;
  }
  return Object.keys(out).sort();
}

// The sections that name supply sources, in name order: the manifest alone decides them.
function sourceSections(ctx) {
  return ctx.once("source sections", () => Object.keys(ctx.rules).filter((x) => typeof ctx.rules[x].supplySources === "function").sort());
}

// bits(side, without?): an array over ctx.map.ids, 1 where a unit of `side` is supplied now (12.21,
// 12.22), by one breadth-first search out from every friendly source. `without`: the id of a unit
// to leave out (a unit about to move keeps no enemy minefield open behind it, 12.22). The path
// runs from the hex beyond the unit's own: the unit's hex is not tested (supply.yaml readings);
// the source hex is, unless the unit stands on it.
// Only where the units stand decides it (10.0: minefields never change; sources come from the
// tables), so it is answered once per position (ctx.memo) and recalled by the units' places when
// they stand as before (ctx.recall): a combat phase's many decisions move nothing. Never write into
// the answer.
export function bits(ctx, side, without) {
  if (without !== undefined && without !== null) return holdsOpen(ctx, side, without) ? traced(ctx, side, without, null) : bits(ctx, side);
  return ctx.memo("bits " + side, () => ctx.recall("bits " + side + " " + places(ctx), () => traced(ctx, side, null, null)));
}

// places(): where every unit on the map stands, as one string in state order (side and hex): the
// key of what only the units' places decide.
export function places(ctx) {
  return ctx.memo("places", () => {
    let k = "";
    for (const p of ctx.pieces()) if (p.hex && p.at === "map") k += p.side + p.hex + " ";
    return k;
  });
}

// Does unit `id` alone hold an enemy minefield hexside open (12.22): is it on one of the hexside's
// two hexes with no other friendly unit on either? Only then can supply without it differ.
function holdsOpen(ctx, side, id) {
  const p = ctx.piece(id);
  if (!p || !p.hex || p.at !== "map") return false;
  const friendly = (hex) => ctx.piecesAt(hex).some((q) => q.side === side && q.at === "map" && q.id !== id);
  if (friendly(p.hex)) return false;
  const mines = ctx.rules.minefields.hexsidesOf(other(ctx, side)), nb = ctx.rules.setup.board().nb, i = ctx.map.index(p.hex);
  for (let d = 0; d < 6; d++) if (mines[i * 6 + d] && !friendly(ctx.map.ids[nb[i * 6 + d]])) return true;
  return false;
}

// The search behind bits(); `from`, if given (an Int32Array over the hexes), gets each reached
// hex's previous hex on its path (-1 at a source), so a path can be read back.
function traced(ctx, side, without, from) {
  const b = ctx.rules.setup.board(), nb = b.nb;
  const ids = ctx.map.ids, n = ids.length;
  const enemy = other(ctx, side);
  const enemyAt = new Uint8Array(n), friendAt = new Uint8Array(n);
  for (const p of ctx.pieces((q) => q.hex && q.at === "map" && q.id !== without)) (p.side === side ? friendAt : enemyAt)[ctx.map.index(p.hex)] = 1;
  const W = fixedWay(ctx), closed = W.closed, crossable = W.crossable;
  const blocks = W.enemy ? enemyAt : new Uint8Array(n);                  // 12.21 nr. 2
  let ez = W.zoc ? ctx.rules.zoc.bits(enemy) : new Uint8Array(n);       // 12.21 nr. 3
  if (W.zoc && W.negated) { ez = Uint8Array.from(ez); for (let i = 0; i < n; i++) if (friendAt[i]) ez[i] = 0; }
  const mines = W.mines === "always" ? new Uint8Array(n * 6) : ctx.rules.minefields.hexsidesOf(enemy);   // 12.22
  const beside = W.mines !== "never";                                    // 12.22: crossed only beside a friend
  const net = new Uint8Array(n), out = new Uint8Array(n);
  const queue = new Int32Array(n);
  let qn = 0;
  for (const s of sources(ctx, side)) {
    const i = ctx.map.index(s);
    if (enemyAt[i]) continue;
    out[i] = 1;                                                            // a unit on a source is supplied
    if (from && from[i] === -2) from[i] = -1;
    if (!net[i] && blocks[i] === 0 && ez[i] === 0 && closed[i] === 0) { net[i] = 1; queue[qn++] = i; }
  }
  for (let q = 0; q < qn; q++) {
    const i = queue[q];
    for (let k = i * 6; k < i * 6 + 6; k++) {
      const j = nb[k];
      // 12.21 nr. 2, 3: no enemy unit, no enemy zone; the hexside as fixedWay() and 12.22 allow it
      if (j < 0 || net[j] || blocks[j] || ez[j] || closed[j] || !crossable[k]) continue;
      if (mines[k] && !(beside && (friendAt[i] || friendAt[j]))) continue;
      net[j] = 1;
      if (from) from[j] = i;
      queue[qn++] = j;
    }
  }
  // supplied positions: the path's hexes, and every hex one crossable step from them (a unit
  // standing beside an enemy minefield holds it open for itself, 12.22)
  for (let q = 0; q < qn; q++) {
    const i = queue[q];
    out[i] = 1;
    for (let k = i * 6; k < i * 6 + 6; k++) {
      const j = nb[k];
      if (j < 0 || out[j] || enemyAt[j] || closed[j] || !crossable[k]) continue;
      out[j] = 1;
      if (from) from[j] = i;
    }
  }
  return out;
}

// What the map and the tables alone decide of a supply path's way, once per rules context:
// closed[i], 1 where the terrain closes hex i (12.21 nr. 1, 5, with the readings); crossable[i*6+d],
// 1 where the path may cross that hexside whoever stands where: no all-sea hexside (nr. 1), no
// escarpment without a road or trail (nr. 4, as movement.yaml's escarpment); and which of 12.21's
// bars on units apply (enemy units nr. 2, enemy zones nr. 3, negated by friendly units or not) and
// how enemy minefields are crossed (12.22). Those depend on the units and are judged per search.
function fixedWay(ctx) {
  return ctx.once("fixed way", () => {
    const b = ctx.rules.setup.board(), r = ctx.table.readings, path = ctx.table.path, n = ctx.map.ids.length;
    const bars = (x) => path["may-not-cross"].indexOf(x) >= 0;
    const [sec, tab] = r["closed-terrain"].split(".");                   // readings (2): the table whose closed terrain bars a path
    const closedTerrain = ctx.tables[sec][tab].closed.concat(bars("mountain-hex") ? ["mountain"] : []);
    const closedT = b.terrains.map((t) => (closedTerrain.indexOf(t) >= 0 ? 1 : 0));
    const closed = Uint8Array.from(b.terr, (t) => closedT[t]);
    let seaBits = 0;
    if (bars("all-sea-hexside")) for (const f of r["all-sea-hexsides"]) seaBits |= ctx.rules.setup.bit(b, f);
    const esc = bars("escarpment-hexside-without-road-or-trail") ? ctx.rules.movement.bareEscarpmentBits() : { esc: 0, open: 0 };
    const crossable = new Uint8Array(n * 6);
    for (let k = 0; k < n * 6; k++) {
      const m = b.mask[k];
      crossable[k] = (m & seaBits) || ((m & esc.esc) && !(m & esc.open)) ? 0 : 1;
    }
    return { closed, crossable, enemy: bars("enemy-occupied-hex"), zoc: bars("enemy-zone-of-control"),
      negated: path["enemy-zone-negated-by-friendly-unit"] === true, mines: path["enemy-minefield-hexside"]["allowed-if"] };
  });
}

// suppliedHexes(side): {hex: true} for every hex where a unit of `side` is supplied now.
export function suppliedHexes(ctx, side) {
  const s = bits(ctx, side), ids = ctx.map.ids, out = {};
  for (let i = 0; i < ids.length; i++) if (s[i]) out[ids[i]] = true;
  return out;
}

// supplied(piece, pre?): is the unit supplied at this instant (12.0)? `pre`: a precomputed
// suppliedHexes(piece.side) or bits(piece.side). Units off the map are not judged (true).
export function supplied(ctx, piece, pre) {
  if (!piece || !piece.hex) return true;
  const s = pre || bits(ctx, piece.side);
  return s.length !== undefined ? s[ctx.map.index(piece.hex)] === 1 : !!s[piece.hex];
}

// movementStart(piece, bitsNow, srcs, m): at the start of its side's movement phase a unit that can
// trace no supply path is unsupplied for the phase (12.32: its allowance cut) and, where the tables
// say so, must move toward the nearest source (12.23: the movement state's `toward`).
export function movementStart(ctx, p, bitsNow, srcs, m) {
  if (supplied(ctx, p, bitsNow)) return;
  p.unsupplied = true;
  const n = nearest(ctx, p.side, p.hex, srcs);
  if (movementRules(ctx).toward) m.toward[p.id] = { from: p.hex, distance: n.distance, sources: n.sources };
  ctx.trace({ rule: "12.32", table: "supply/effects", uses: ctx.rules.setup.uses("map", "supply/readings"), cell: { unit: p.id, hex: p.hex, movement: p.movement }, result: ctx.rules.movement.allowance(p),
    text: p.id + " in " + p.hex + " can trace no supply path (12.21): unsupplied for this movement phase, allowance " + p.movement +
      " cut to " + ctx.rules.movement.allowance(p) + " (12.32)" + (m.toward[p.id] ? "; if it moves it must move toward " + (n.sources.length ? n.sources.join(" ") : "a source (none on the map)") + " (12.23)" : "") });
}

// moveEndProblem(piece, hex, data, supplied?): why 12.23 bars a move ending in hex, or null (for the
// movement section; `data` is its phase data). `supplied`: the supply bits to judge by (default:
// the phase data's).
export function moveEndProblem(ctx, piece, hex, data, supplied) {
  const m = ctx.state.movement;
  const toward = m && m.toward && m.toward[piece.id];
  if (toward) {                                                           // 12.23, second sentence
    if (toward.distance === null) return { rule: "12.23", reason: piece.id + " began the phase unsupplied and its side has no supply source on the map to move toward" };
    let d = null;
    for (const s of toward.sources) { const x = ctx.map.distance(hex, s); if (d === null || x < d) d = x; }
    if (data.supplyRules.strictly ? d >= toward.distance : d > toward.distance) {
      return { rule: "12.23", reason: piece.id + " began the phase unsupplied and must move toward the nearest friendly source (" +
        toward.sources.join(" ") + ", " + toward.distance + " hexes from " + toward.from + "); " + hex + " is " + d + " away" };
    }
    return null;
  }
  if ((supplied || data.supplied)[ctx.map.index(hex)] !== 1 && !data.supplyRules.intoUnsupplied) {
    return { rule: "12.23", reason: "no supply path can be traced from " + hex + ": no unit may move into an unsupplied position" };
  }
  return null;
}

// nearest(side, hex, list?): the friendly sources nearest to hex by hex distance, for 12.23:
// {distance, sources: [...]}; distance null when the side has no source on the map.
export function nearest(ctx, side, hex, list) {
  let best = null, out = [];
  for (const s of list || sources(ctx, side)) {
    const d = ctx.map.distance(hex, s);
    if (best === null || d < best) { best = d; out = [s]; } else if (d === best) out.push(s);
  }
  return { distance: best, sources: out };
}

// 12.33: the strengths an unsupplied unit attacks with are zero. attackFactor(piece, hexes?) is
// the unit's attack strength (its barrage strength for artillery) or 0 if unsupplied now;
// barrageFactor and fpfFactor likewise. Queries: the combat section traces what it decides.
export function attackFactor(ctx, piece, hexes) {
  return piece.artillery ? barrageFactor(ctx, piece, hexes) : strength(ctx, "attack", piece.attack, supplied(ctx, piece, hexes));
}
export function barrageFactor(ctx, piece, hexes) { return strength(ctx, "barrage", piece.barrage, supplied(ctx, piece, hexes)); }
export function fpfFactor(ctx, piece, hexes) { return strength(ctx, "fpf", piece.fpf, supplied(ctx, piece, hexes)); }

// strength(kind, value, supplied): 12.31, 12.33, 12.34: a strength ("attack", "barrage", "fpf",
// "defense") of `value` as supply leaves it: unimpaired when supplied, else times the effects
// table's multiplier, rounded as it says.
export function strength(ctx, kind, value, isSupplied) {
  const v = value || 0;
  const E = effects(ctx);
  if (isSupplied) return v;
  const x = E[kind];
  return x === 1 ? v : x === 0 ? 0 : round(E.rounding, v * x);
}

// 12.31-12.34: the effects table's multipliers, once per rules context (every value read here).
function effects(ctx) {
  return ctx.once("effects", () => {
    const e = ctx.table.effects;
    return Object.freeze({ attack: e.attack["unsupplied-multiplier"], barrage: e.barrage["unsupplied-multiplier"], fpf: e.fpf["unsupplied-multiplier"],
      defense: e.defense["unsupplied-multiplier"], rounding: e["strength-rounding"],
      allowance: e["movement-allowance"]["unsupplied-multiplier"], allowanceRounding: e["movement-allowance"].rounding });
  });
}

// Does supply touch a defense at all (12.34: it never does)? Then the combat section traces it.
export function defenseAffected(ctx) { return effects(ctx).defense !== 1; }

// halved(mp): 12.32, the allowance of a unit unsupplied at the start of its movement phase: half,
// fractions rounded up (15 -> 8), as the effects table says.
export function halved(ctx, mp) {
  const E = effects(ctx);
  return round(E.allowanceRounding, mp * E.allowance);
}

function round(how, x) { return how === "up" ? Math.ceil(x) : how === "nearest" ? Math.round(x) : Math.floor(x); }

// 12.23: the rules for a move: whether a unit may end in an unsupplied position, whether one
// unsupplied at the start must head for a source, and whether strictly nearer it. Once per context.
export function movementRules(ctx) {
  return ctx.once("movement rules", () => {
    const m = ctx.table.movement;
    return Object.freeze({ intoUnsupplied: m["into-unsupplied-position"] === "allowed",
      toward: m["unsupplied-at-start"]["if-moving"] === "toward-nearest-friendly-source",
      strictly: ctx.table.readings["toward-source"]["strictly-nearer"] !== false });
  });
}

// ---- the inspector's overlay -----------------------------------------------------------------------

// supplyOverlay({side, unit}): every unit on the map as supplied or not at this instant (12.0):
// {hex: "in supply" | "out of supply"}; with a unit selected, the hexes of a path it traces to a
// friendly source (12.21, the first found by the search out from the sources) read "supply path".
export function supplyOverlay(ctx, args) {
  const a = args || {};
  const out = {};
  for (const side of ctx.sides.filter((x) => !a.side || x === a.side)) {
    const s = bits(ctx, side);
    for (const p of ctx.pieces((q) => q.side === side && q.hex && q.at === "map")) out[p.hex] = s[ctx.map.index(p.hex)] ? "in supply" : "out of supply";
  }
  const u = a.unit ? ctx.piece(a.unit) : null;
  if (!u || !u.hex || u.at !== "map") return out;
  const from = new Int32Array(ctx.map.ids.length).fill(-2);
  traced(ctx, u.side, null, from);
  const ids = ctx.map.ids;
  for (let i = from[ctx.map.index(u.hex)]; i >= 0; i = from[i]) if (out[ids[i]] === undefined) out[ids[i]] = "supply path";
  return out;
}
