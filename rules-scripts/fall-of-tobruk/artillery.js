// The Fall of Tobruk 8.0: artillery. 3.41 (the Artillery Impulse), 3.4 (one Artillery Impulse per
// artillery unit per Operations Phase), 7.22 (artillery impulses cost no Activation Points),
// 8.1 (who may bombard what: range, a spotter of the same nationality), 8.11 (the bombardment
// procedure), 8.12 (markers after firing), 8.13 (range halving, the minimum factor), 4.22 (the
// Stacking Density Chart), 4.43/4.44 (weather), 12.2 (disrupted artillery does not bombard;
// bombardment never eliminates), 13.4 (boxes), 14.3 (out of supply), 16.43 (attacked Allied
// formations are released on May 26).
// Tables: artillery.yaml (bombardment, range-and-halving, markers, arc, readings), crt.yaml (crt,
// artillery-row, pac-modifiers), fire-combat.yaml (disruption-result), stacking.yaml (sdc),
// weather.yaml (effects), terrain.yaml (combat-effects-other).
//
// The impulse under way lives in state.artillery = {hex, firers: [{id, fire: "full"|"half"}]};
// it is removed when the impulse ends.

const HALF = "half-move-half-fire";
const FULL = "full-move-no-fire";

function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function no(rule, reason) { return { ok: false, rule, reason }; }
function num(x) { return Math.round(x * 1000) / 1000; }

// The side whose activation is under way.
function activeSide(ctx) {
  const a = ctx.state.activation;
  return a && a.side ? a.side : ctx.active;
}

// ---- 8.1 who may bombard, and what -------------------------------------------------------------

// 8.1: Italian, German or Allied (all Allied units count as one nationality).
export function nationality(ctx, piece) {
  const g = ctx.table.readings["nationality-groups"];
  return g[piece.nation] || (piece.side === "allied" ? "allied" : piece.nation || piece.side);
}

// 8.1: a ground unit of the firer's nationality adjacent to the target hex.
export function spotter(ctx, piece, hex) {
  const group = nationality(ctx, piece);
  const hq = ctx.table.readings["spotter-hq"];
  for (const n of ctx.map.neighbors(hex)) {
    for (const q of ctx.piecesAt(n)) {
      if (q.side === piece.side && onMap(q) && (hq || !q.hq) && nationality(ctx, q) === group) return q;
    }
  }
  return null;
}

// The enemy units of `side` in hex (the units a bombardment of that hex is aimed at).
function enemiesIn(ctx, side, hex) {
  return ctx.piecesAt(hex).filter((q) => q.side !== side && onMap(q)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// 3.4, 7.21, 7.22, 8.12, 8.2, 12.2: may this artillery unit take part in an Artillery Impulse of
// the activation under way, wherever it fires? {ok} or {ok: false, rule, reason}.
export function mayFire(ctx, piece, all) {
  if (!piece || piece.air) return no("8.1", "no such artillery unit");      // the enemy's air units are behind its screen (6.11)
  if (!piece.artillery) return no("8.1", piece.id + " is not an artillery unit");
  if (!onMap(piece)) return no("8.1", piece.id + " is not on the map");
  if (piece.side !== activeSide(ctx)) return no("3.41", piece.id + " is not the active player's");
  if (!(piece.bf > 0)) return no("8.1", piece.id + " has no Bombardment Factor");
  const disruptedMay = ctx.tables.disruption.effects["artillery-may-bombard"];
  if (piece.disrupted && !disruptedMay) return no("12.2", piece.id + " is Disrupted: disrupted artillery may not bombard");
  if (!ctx.rules.activation.impulseOpen(piece, "artillery")) return no("3.4", piece.id + " has already fired in an Artillery Impulse this Operations Phase");
  if (piece.opsComplete) return no("7.3", piece.id + " carries an Operations Complete marker");
  if (piece.moveMarker === FULL && reduced(ctx, piece) && ctx.rules.movement.markerOf(FULL).factor === 0) return no("8.2", piece.id + " moved more than x" + ctx.tables.movement["towed-guns"]["half-of-ma"] + " of its MPs (Full Move/No Fire): its Bombardment Factor is 0");
  const el = eligible(ctx, piece, all);
  if (!el.ok) return no(el.rule || "7.21", el.reason || piece.id + " may not be activated now");
  return { ok: true };
}

// 7.22: an Artillery Impulse costs no AP, so the activation section is asked for a free impulse;
// without an activation section any unit of the active side may fire. `all`: eligibleAll's
// answer, worked out once for many pieces.
function eligible(ctx, piece, all) {
  if (all && all.has(piece.id)) return all.get(piece.id);
  const act = ctx.rules.activation;
  if (!act || typeof act.eligible !== "function") return { ok: true, cost: 0 };
  return act.eligible(piece, { free: true }) || { ok: false, rule: "7.21", reason: piece.id + " may not be activated now" };
}

// 4.3: do the movement markers reduce this unit's fire (the Axis Semovente keeps its fire whatever
// it moved: movement.yaml towed-guns)?
function reduced(ctx, piece) {
  return ctx.rules.movement.firesReduced(piece);
}

// 8.1: may `piece` bombard `hex` (in range, enemy units there, a spotter)? Does not check mayFire.
export function mayTarget(ctx, piece, hex) {
  if (!ctx.map.has(hex)) return no("8.1", hex + " is not a hex of the map");
  if (enemiesIn(ctx, piece.side, hex).length === 0) return no("8.1", "no enemy unit in " + hex);
  const r = ctx.map.range(piece.hex, hex);
  if (r > (piece.br || 0)) return no("8.1", hex + " is " + r + " hexes from " + piece.id + " (counting the target hex), beyond its Bombardment Range " + (piece.br || 0));
  if (!spotter(ctx, piece, hex)) return no("8.1", "no " + nationality(ctx, piece) + " unit is adjacent to " + hex);
  return { ok: true };
}

// mayFire and mayTarget together.
export function canFire(ctx, piece, hex) {
  const f = mayFire(ctx, piece);
  return f.ok ? mayTarget(ctx, piece, hex) : f;
}

// The artillery units of the activation that may fire now, sorted by id.
export function firers(ctx) {
  const side = activeSide(ctx);
  const list = ctx.pieces((p) => p.side === side && p.artillery && onMap(p));
  if (!list.length) return [];
  const act = ctx.rules.activation;
  const all = act && typeof act.eligibleAll === "function" ? act.eligibleAll({ free: true }) : null;
  return list.filter((p) => mayFire(ctx, p, all).ok).sort((a, b) => (a.id < b.id ? -1 : 1));
}

// The hexes some eligible artillery unit may bombard now, sorted. One pass over the pieces: the
// enemy hexes, and which nationality groups stand next to each; then a range check per firer.
export function targets(ctx) {
  const list = firers(ctx);
  if (list.length === 0) return [];
  const side = list[0].side;
  const enemyAt = new Set(), groupsAt = new Map();
  for (const q of Object.values(ctx.state.pieces)) {
    if (!onMap(q)) continue;
    if (q.side !== side) { enemyAt.add(q.hex); continue; }
    const g = groupsAt.get(q.hex), n = nationality(ctx, q);
    if (!g) groupsAt.set(q.hex, [n]); else if (g.indexOf(n) < 0) g.push(n);
  }
  const spotted = new Map();                            // group -> Set of hexes
  for (const [h, groups] of groupsAt) {
    for (const n of ctx.map.neighbors(h)) {
      if (!enemyAt.has(n)) continue;
      for (const g of groups) { const s = spotted.get(g); if (s) s.add(n); else spotted.set(g, new Set([n])); }
    }
  }
  const out = new Set();
  for (const p of list) {
    const s = spotted.get(nationality(ctx, p));
    if (s) for (const h of s) if (!out.has(h) && ctx.map.range(p.hex, h) <= (p.br || 0)) out.add(h);
  }
  return Array.from(out).sort();
}

// The activation's `available` for "artillery": one more Artillery Impulse is possible.
export function impulseOpen(ctx) {
  return targets(ctx).length > 0;
}

// ---- 8.12, 8.13, 14.3 the modified Bombardment Factor -----------------------------------------

// The factor `piece` brings against `hex` firing `fire` ("full" | "half"): {factor, parts: [text]}.
// Half fire (chosen, or forced by a Half Move/Half Fire marker), then range, then supply (14.3).
export function factor(ctx, piece, hex, fire) {
  const t = ctx.table["range-and-halving"], ft = ctx.rules.crt.factorText;
  let f = piece.bf || 0;
  const parts = [piece.id + " BF " + num(f)];
  const marked = piece.moveMarker === HALF && reduced(ctx, piece);
  if (fire === "half" || marked) {
    const k = marked ? ctx.rules.movement.markerOf(HALF).factor : ctx.table.markers["fired-half-factor"].bombardment;
    f *= k;
    parts.push(marked ? ft(k) + " (Half Move/Half Fire, 8.12)" : ft(k) + " (fires half, 8.12)");
  }
  const r = ctx.map.range(piece.hex, hex);
  if (overHalfRange(ctx, piece, r)) {
    f *= t["over-half-range"];
    parts.push(ft(t["over-half-range"]) + ": range " + r + " is over x" + t["range-fraction"] + " of " + piece.br + " (8.13)");
  }
  const sup = ctx.rules.supply.effects(piece);
  if (sup.oos) {
    f = ctx.rules.supply.bombardmentFactor(piece, f);
    parts.push(ft(sup.bombardment) + ": out of supply (14.3)");
  }
  return { factor: f, parts };
}

// 8.13 with the Artillery Range Chart: the counter's own range decides; the chart (a placeholder)
// only stands in when a counter carries none.
function overHalfRange(ctx, piece, r) {
  const br = piece.br || arcRange(ctx, piece);
  return r > br * ctx.table["range-and-halving"]["range-fraction"];
}

// The Artillery Range Chart row that stands in for a unit type (its `for`, else the default row).
function arcRange(ctx, piece) {
  const types = ctx.table.arc.types;
  const row = types.find((x) => (x.for || []).indexOf(piece.type) >= 0) || types.find((x) => x.default);
  ctx.trace({ rule: "8.13", table: "arc", cell: row.type, result: row.range,
    text: piece.id + " carries no Bombardment Range: the Artillery Range Chart stand-in gives " + row.range });
  return row.range;
}

// ---- 8.11 the CRT column and its shifts ------------------------------------------------------

// The artillery-row column a total Bombardment Factor falls in (index into crt.columns), or -1
// below the first (8.13: less than 1 may not bombard). The row is a placeholder.
export function column(ctx, total) {
  const row = ctx.tables.crt["artillery-row"].factors;
  const cols = ctx.tables.crt.crt.columns;
  let best = -1;
  for (let i = 0; i < cols.length; i++) {
    const lo = parseFloat(String(row[cols[i]]).split(/[-+]/)[0]);
    if (total >= lo) best = i;
  }
  return best;
}

// 4.22: the Stacking Density Chart shift for the target hex.
export function densityShift(ctx, hex) {
  return ctx.rules.stacking.density(hex).shift;
}

function isBox(ctx, hex) { return ctx.rules.minefields.isBox(hex); }

// Every column shift on a bombardment of `hex`: [{shift, rule, table, why}].
export function shifts(ctx, hex) {
  const out = [];
  const d = ctx.rules.stacking.density(hex);
  out.push({ shift: d.shift, rule: "4.22", table: "stacking/sdc", uses: ["units/units"], why: d.sps + " SPs in " + hex + " (SDC)" });
  const w = ctx.rules.weather.current();
  if (w) {
    const name = w.charAt(0).toUpperCase() + w.slice(1);
    const e = ctx.tables.weather.effects[name];
    const s = ctx.rules.weather.shifts("bombardment");
    if (s) out.push({ shift: s, rule: e ? e.rule : "4.4", table: "weather/effects", why: name });
  }
  // 13.4: units in a Box receive the CRT's defender-in-box shift, bombardment included
  if (isBox(ctx, hex)) out.push({ shift: ctx.rules.crt.columnShift("defender-in-box"), rule: "13.4", table: "crt/column-shifts", uses: ["map"], why: "the target hex is a Defensive Box" });
  // 8.11: target hex terrain per the TEC, which the seed lacks (a placeholder: no shift)
  const t = ctx.map.terrain(hex);
  if (ctx.tables.terrain["combat-effects-other"].none.indexOf(t) >= 0) {
    out.push({ shift: 0, rule: "8.11", table: "terrain/combat-effects-other", uses: ["map"], why: t + " (TEC stand-in: no effect)" });
  }
  return out;
}

// ---- 8.11 who is hit ---------------------------------------------------------------------------

// 8.11: the Disruption Result for band ("L" | "M" | "H") and a modified d10, a roll past the
// table's rows reading its first or last row; any Dis-type result is one Dis ("2 Dis" and
// "All Dis" count as Dis).
export function disruption(ctx, band, roll) {
  const name = ctx.rules.crt.bandName(band);
  const rows = ctx.tables["fire-combat"]["fire-combat"]["disruption-result"][name];
  const span = (r) => r.d10.split("-").map(Number);
  const d = Math.min(span(rows[rows.length - 1]).pop(), Math.max(span(rows[0])[0], roll));
  const row = rows.find((r) => { const [lo, hi] = span(r); return d >= lo && d <= (hi === undefined ? lo : hi); });
  const use = ctx.tables["fire-combat"]["bombardment-use"].artillery.collapse;
  const printed = row.Disruption;
  return { printed, row: name + " " + row.d10, result: printed === "-" ? "-" : use[printed] || printed };
}

// 12.1, 13.4: may this unit in hex be hit by a bombardment? {ok} or {ok: false, rule, reason}.
export function targetable(ctx, piece, hex) {
  const r = ctx.table.readings;
  if (piece.hq || r["never-targets"].indexOf(piece.type) >= 0) return no("12.1", piece.id + " is an HQ: HQs ignore Dis results");
  if (piece.hex === hex && ctx.rules.minefields.bombardImmune(piece)) return no("13.4", piece.id + " is an infantry-class unit in a Box: immune to bombardment");
  return { ok: true };
}

// ---- the Artillery Impulse -------------------------------------------------------------------

function current(ctx) {
  if (!ctx.state.artillery) ctx.state.artillery = { hex: null, firers: [] };
  return ctx.state.artillery;
}

function total(ctx, imp) {
  let t = 0;
  for (const f of imp.firers) t += factor(ctx, ctx.piece(f.id), imp.hex, f.fire).factor;
  return t;
}

function end(ctx) {
  delete ctx.state.artillery;
  ctx.done();
}

// The decision state the sequence wires into the activation as the "artillery" impulse.
export const impulse = {
  rule: "3.41, 8.1",
  side(ctx) { return activeSide(ctx); },
  prompt(ctx) {
    const imp = ctx.state.artillery;
    if (!imp || !imp.hex) return "Artillery Impulse: choose a target hex (8.1)";
    return "Bombard " + imp.hex + ": add artillery units, then fire (8.11)";
  },
  actions(ctx) {
    const imp = ctx.state.artillery;
    const out = [];
    if (!imp || !imp.hex) {
      for (const h of targets(ctx)) out.push({ do: "target", hex: h });
      out.push({ do: "done" });
      return out;
    }
    const chosen = {};
    for (const f of imp.firers) chosen[f.id] = true;
    for (const p of firers(ctx)) {
      if (chosen[p.id] || !mayTarget(ctx, p, imp.hex).ok) continue;
      if (p.moveMarker !== HALF || !reduced(ctx, p)) out.push({ do: "add", unit: p.id, fire: "full" });
      if (ctx.table.readings["half-fire-choice"] || p.moveMarker === HALF) out.push({ do: "add", unit: p.id, fire: "half" });
    }
    if (imp.firers.length && total(ctx, imp) >= ctx.table["range-and-halving"]["minimum-alone"]) out.push({ do: "fire" });
    out.push({ do: "done" });
    return out;
  },
  apply(ctx, action) {
    const imp = current(ctx);
    if (action.do === "done") return end(ctx);
    if (action.do === "target") { imp.hex = action.hex; imp.firers = []; return; }
    if (action.do === "add") { imp.firers.push({ id: action.unit, fire: action.fire }); return; }
    if (action.do === "fire") {
      bombard(ctx, imp.hex, imp.firers);
      return end(ctx);
    }
  },
  why(ctx, action) {
    const imp = ctx.state.artillery;
    if (action.do === "target") {
      const list = firers(ctx);
      if (list.length === 0) return { rule: "8.1", reason: "no artillery unit of the activation may fire now" };
      const r = list.map((p) => mayTarget(ctx, p, action.hex)).find((x) => !x.ok);
      return r ? { rule: r.rule, reason: r.reason } : null;
    }
    if (action.do === "add") {
      const p = ctx.piece(action.unit);
      if (!p || p.air) return { rule: "8.1", reason: "no such artillery unit" };    // an air unit reads as none (6.11)
      if (!imp || !imp.hex) return { rule: "8.1", reason: "choose the target hex first" };
      if (imp.firers.some((f) => f.id === p.id)) return { rule: "8.1", reason: p.id + " is already firing at " + imp.hex };
      if (action.fire === "full" && p.moveMarker === HALF) return { rule: "8.12", reason: p.id + " carries a Half Move/Half Fire marker: it fires at half only" };
      const r = canFire(ctx, p, imp.hex);
      return r.ok ? null : { rule: r.rule, reason: r.reason };
    }
    if (action.do === "fire") {
      if (!imp || !imp.firers.length) return { rule: "8.1", reason: "no artillery unit has been added" };
      return { rule: "8.13", reason: "the modified Bombardment Factor " + num(total(ctx, imp)) + " is below 1: artillery with less than 1 may not bombard by itself" };
    }
    return null;
  },
};

// ---- 8.11 resolution ---------------------------------------------------------------------------

// Resolves a bombardment of `hex` by `list` = [{id, fire}] and marks the firers (8.12). Returns
// {total, column, roll, cell, results: [{id, band, roll, result}]}.
export function bombard(ctx, hex, list) {
  const side = ctx.piece(list[0].id).side;
  const parts = [];
  let sum = 0;
  for (const f of list) {
    const p = ctx.piece(f.id);
    const m = factor(ctx, p, hex, f.fire);
    sum += m.factor;
    parts.push(m.parts.join(", ") + " = " + num(m.factor));
    const r = ctx.map.range(p.hex, hex);
    // the counter's own range decides (units.yaml); the Artillery Range Chart only without one
    const br = p.br || arcRange(ctx, p);
    ctx.trace({ rule: "8.13", table: "range-and-halving", uses: ["map", "units/units"].concat(p.br ? [] : ["arc"]), cell: "range " + r + ", Bombardment Range " + br, result: overHalfRange(ctx, p, r) ? "halved" : "full",
      text: p.id + " fires " + r + " hexes: " + (overHalfRange(ctx, p, r) ? "more" : "not more") + " than x" + ctx.table["range-and-halving"]["range-fraction"] + " of its range " + br +
        (p.br ? " (8.13)" : " (8.13; the Artillery Range Chart's stand-in)") });
  }
  ctx.trace({ rule: "8.13", table: "range-and-halving", uses: ["map", "units/units"], result: num(sum), text: "bombardment of " + hex + ": " + parts.join("; ") + "; total " + num(sum) });
  const cols = ctx.tables.crt.crt.columns;
  const base = column(ctx, sum);
  const out = { hex, total: sum, column: null, roll: null, cell: null, results: [] };
  ctx.trace({ rule: "8.11", table: "crt/artillery-row", uses: ["units/units"], cell: base >= 0 ? cols[base] : "below 1", result: base >= 0 ? cols[base] : "-",
    text: num(sum) + " bombardment factors read on the \"<- Artillery\" row stand-in: column " + (base >= 0 ? cols[base] : "none") });
  mark(ctx, list);
  release(ctx, side, hex);
  if (base < 0) return out;
  let net = 0;
  const why = [];
  for (const s of shifts(ctx, hex)) {
    ctx.trace({ rule: s.rule, table: s.table, uses: s.uses, result: s.shift === 0 ? "0" : Math.abs(s.shift) + (s.shift > 0 ? "R" : "L"), text: "bombardment shift: " + s.why });
    net += s.shift;
    if (s.shift) why.push(Math.abs(s.shift) + (s.shift > 0 ? "R" : "L") + " " + s.why);
  }
  const col = base + net;
  if (col < 0) {
    ctx.trace({ rule: "11.22", table: "crt/shift-rules", uses: ["crt/artillery-row", "units/units", "map"], result: "no-roll",
      text: "shifts (" + why.join(", ") + ") push " + cols[base] + " below 1:2: the bombardment of " + hex + " has no effect" });
    return out;
  }
  const c = Math.min(col, cols.length - 1);
  out.column = cols[c];
  const roll = ctx.roll(ctx.tables.crt.crt.die, "8.11 bombardment of " + hex + " on the " + cols[c] + " column");
  const cell = ctx.tables.crt.crt.rows[roll][c];
  out.roll = roll;
  out.cell = cell;
  ctx.trace({ rule: "8.11", table: "crt/crt", uses: ["crt/artillery-row", "units/units", "map"], cell: "d10=" + roll + ", " + cols[c], result: cell.L + " / " + cell.M + " / " + cell.H,
    text: "bombardment of " + hex + ": column " + cols[base] + (why.length ? " shifted " + why.join(", ") : "") + " -> " + cols[c] + ", d10 " + roll });
  for (const q of enemiesIn(ctx, side, hex)) out.results.push(hit(ctx, q, hex, roll, c));
  return out;
}

// The non-printed sources one unit's bombardment result rests on (a trace's `uses`): the column the
// artillery-row stand-in gave, the unit's morale and type (order of battle), the band-per-unit reading.
const HIT_USES = Object.freeze(["crt/artillery-row", "units/units", "artillery/readings"]);

// 8.11: one unit of the target hex: its band in the cell, its own d10 (+1 vs armor), the result.
function hit(ctx, q, hex, roll0, col) {
  const t = targetable(ctx, q, hex);
  if (!t.ok) {
    ctx.trace({ rule: t.rule, uses: ["map", "units/units"], result: "immune", text: t.reason });
    return { id: q.id, band: null, roll: null, result: "immune" };
  }
  const letter = ctx.rules.morale.moraleOf(q);
  const b = ctx.rules.crt.band(roll0, col, letter), band = b === "-" ? null : b;
  if (!band) {
    ctx.trace({ rule: "8.11", table: "crt/crt", uses: HIT_USES, result: "-", text: q.id + " (morale " + letter + ") falls in no band of the cell: no effect" });
    return { id: q.id, band: null, roll: null, result: "-" };
  }
  const drm = ctx.table.bombardment["disruption-roll-drm"]["armor-target"];
  const mods = q.armor ? [{ value: drm, why: "armor target (8.11)" }] : [];
  const roll = ctx.roll(ctx.tables["fire-combat"]["fire-combat"].die, "8.11 disruption roll for " + q.id + " (" + band + ")", mods);
  const d = disruption(ctx, band, roll);
  const res = { id: q.id, band, roll, result: d.result };
  if (d.result === "-") {
    ctx.trace({ rule: "8.11", table: "fire-combat/fire-combat", uses: HIT_USES, cell: d.row, result: "-", text: q.id + " (morale " + letter + ", " + band + ") rolls " + roll + ": no effect" });
    return res;
  }
  // 12.1, 12.2: through the disruption section (cause "bombardment": no elimination of a unit
  // already Disrupted, 8.11 EXCEPTION)
  const was = q.disrupted;
  const r = ctx.rules.disruption.disrupt(q.id, "bombardment", "8.11", null, HIT_USES);
  if (r === "no effect") res.result = "no further effect";
  else if (r === "eliminated") res.result = "eliminated";
  ctx.trace({ rule: "8.11", table: "fire-combat/fire-combat", uses: HIT_USES, cell: d.row, result: "Dis",
    text: q.id + " (morale " + letter + ", " + band + ") rolls " + roll + (d.printed !== "Dis" ? " (" + d.printed + ", counted as Dis)" : "") +
      (was ? ": already Disrupted: " + r + " (8.11 EXCEPTION, 12.2)" : ": Disrupted (12.0)") });
  return res;
}

// 8.12: full factor -> Operations Complete; half -> Half Move/Half Fire, or Operations Complete if
// it carried that marker already (it moved, or fired half before).
function mark(ctx, list) {
  for (const f of list) {
    const p = ctx.piece(f.id);
    p.bombarded = true;
    const half = f.fire === "half" || (p.moveMarker === HALF && reduced(ctx, p));
    if (!half) {
      p.opsComplete = true;
      ctx.trace({ rule: "8.12", table: "markers", result: "Operations Complete", text: p.id + " fired its full factor: Operations Complete" });
    } else if (p.moveMarker === HALF) {
      p.moveMarker = null;
      p.opsComplete = true;
      ctx.trace({ rule: "8.12", table: "markers", result: "Operations Complete", text: p.id + " fired at half with a Half Move/Half Fire marker: the marker becomes Operations Complete" });
    } else {
      p.moveMarker = HALF;
      ctx.trace({ rule: "8.12", table: "markers", result: "Half Move/Half Fire", text: p.id + " fired half its factor: Half Move/Half Fire" });
    }
  }
}

// 16.43: a formation of the paralysed side whose units are targeted is released (the activation
// section keeps that rule).
function release(ctx, side, hex) {
  const act = ctx.rules.activation;
  if (side === ctx.tables.scenarios["special-rules"]["allied-command-paralysis"].side) return;
  const f = {};
  for (const q of enemiesIn(ctx, side, hex)) if (q.formation) f[q.formation] = true;
  for (const id of Object.keys(f).sort()) act.release(id);
}
