// The Fall of Tobruk 13.0: minefields and boxes.
//   13.1  crossing an unbreached minefield hexside costs half the unit's available MPs, whatever
//         its nationality; Allied units cross free where a road or track crosses the hexside, or
//         when they move out of a box next to the minefield: moveCost, movementSides (costSpec),
//         and reach / path, which get the free crossings right.
//   13.21 the defender has First Fire on armor attacking across its unbreached minefield: firstFire.
//   13.22 attacking across: Soft Attack halved (not engineers; 11.22 halves Hard Attack too):
//         attackFactor; armor rolls the Minefield Attack Table, a "2 Dis *" rolls again for a
//         stall: mat, applyMat, resolveMat.
//   13.23 retreating across disrupts; armor rolls the MAT instead, with no stall: retreatAcross.
//   13.24 advancing armor rolls as if attacking; a stall halts the advance: advanceAcross.
//   13.3  German engineers, or Axis infantry within 3 hexes of their HQ, breach a minefield by
//         crossing it (one breach per HQ or engineer per Movement Impulse): mayBreach, breach.
//   13.4  boxes: isBox, inBox, and what a box does (combat shift, retreats, HZOC attacks,
//         bombardment); its ZOC is the zoc section's, its supply effect the supply section's.
// Tables: tables/fall-of-tobruk/minefields.yaml (mat, mat-procedure, movement, combat, breaching,
// boxes, readings).
//
// State: state.minefields = {breached: {"a/b": {by, turn, half}}, impulse, used: [ids]}: the
// breached hexsides (13.3, B.125) and the HQs and engineers that breached in the Movement Impulse
// `impulse`.

function key(a, b) { return a < b ? a + "/" + b : b + "/" + a; }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function R(ctx) { return ctx.table.readings; }

// ---- the map's minefields ----------------------------------------------------------------------

// hexside(a, b): the id of the hexside between adjacent hexes, "a/b" in sorted order.
export function hexside(ctx, a, b) { return key(a, b); }

// owner(a, b): whose minefield lies on the hexside (the map's minefield-allied / minefield-axis;
// B.2: Allied when it says neither), or null when there is none.
export function owner(ctx, a, b) {
  const r = R(ctx), unmarked = r["default-owner"];
  if (!ctx.map.hexsideHas(a, b, r.feature)) return null;
  for (const f of Object.keys(r.owners).sort()) if (ctx.map.hexsideHas(a, b, f)) return r.owners[f];
  return unmarked;
}

// breached(a, b): a Minefield Breached marker points at the hexside (13.3).
export function breached(ctx, a, b) {
  const m = ctx.state.minefields;
  return !!m && !!m.breached && !!m.breached[key(a, b)];
}

// unbreached(a, b): a minefield on the hexside that is still there (13.3: a breach removes it).
export function unbreached(ctx, a, b) { return owner(ctx, a, b) !== null && !breached(ctx, a, b); }

// minefieldAt(a, b): the minefield on the hexside between adjacent a and b, breached or not:
// {hexside, owner, breached}, or null.
export function minefieldAt(ctx, a, b) {
  if (!ctx.map.adjacent(a, b)) return null;
  const o = owner(ctx, a, b);
  return o ? { hexside: key(a, b), owner: o, breached: breached(ctx, a, b) } : null;
}

// crossing(a, b, side): the minefield on the hexside between adjacent a and b if it binds `side`:
// {hexside, owner, friendly}, or null. An unbreached minefield binds every side (13.1 "regardless
// of the nationality"; 13.22 "all non-engineer units"); a breached one binds nobody (13.3). The
// Allied free crossings of 13.1 are movement's only: freeCrossing.
export function crossing(ctx, a, b, side) {
  const m = minefieldAt(ctx, a, b);
  if (!m || m.breached) return null;
  return { hexside: m.hexside, owner: m.owner, friendly: m.owner === side };
}

// all(): every minefield hexside of the map, breached or not: [[a, b]] with a < b, sorted.
export function all(ctx) {
  const f = R(ctx).feature;
  const out = [];
  for (const a of ctx.map.ids) {
    for (const b of ctx.map.neighbors(a)) {
      if (a < b && ctx.map.hexsideHas(a, b, f)) out.push([a, b]);
    }
  }
  return out.sort((x, y) => (x[0] + x[1] < y[0] + y[1] ? -1 : 1));
}

// features(): the map's minefield hexside feature names.
export function features(ctx) { return [R(ctx).feature]; }

// Does a road or track (a TEC route) cross the hexside (13.1)?
function routeAcross(ctx, a, b) {
  for (const r of ctx.rules.terrain.routes()) if (ctx.map.hexsideHas(a, b, r)) return r;
  return null;
}

// The B.113 class of a unit (units.yaml types): armor, infantry, weapons or artillery.
function classOf(ctx, piece) {
  const t = ctx.tables.units.types["by-type"][piece.type];
  return t ? t.class : null;
}

// ---- 13.4 boxes --------------------------------------------------------------------------------

// isBox(hex): the hex is a Defensive Box (a hex feature of the map).
export function isBox(ctx, hex) { return !!hex && ctx.map.hasFeature(hex, R(ctx)["box-feature"]); }

// inBox(piece): the unit stands in a box.
export function inBox(ctx, piece) { return onMap(piece) && isBox(ctx, piece.hex); }

// boxes(): every box hex of the map, sorted.
export function boxes(ctx) {
  const f = R(ctx)["box-feature"];
  return ctx.map.ids.filter((h) => ctx.map.hasFeature(h, f)).sort();
}

// boxesHeldBy(side): the box hexes a unit of `side` occupies now (14.23), sorted.
export function boxesHeldBy(ctx, side) {
  const out = {};
  for (const id in ctx.state.pieces) {
    const p = ctx.state.pieces[id];
    if (p.side === side && onMap(p) && isBox(ctx, p.hex)) out[p.hex] = true;
  }
  return Object.keys(out).sort();
}

// boxShift(hex): 13.4 and 11.22: units in a box get the crt.yaml defender-in-box shift (1L: -1),
// else 0.
export function boxShift(ctx, hex) {
  if (!isBox(ctx, hex)) return 0;
  return ctx.rules.crt.columnShift("defender-in-box");
}

// ignoresRetreat(piece): 13.4: a unit in a box may ignore every R#h result.
export function ignoresRetreat(ctx, piece) { return inBox(ctx, piece) && ctx.table.boxes["ignore-retreats"] === true; }

// mustAttackExempt(piece): 13.4: a unit in a box need not attack the enemy units projecting an
// HZOC into the box.
export function mustAttackExempt(ctx, piece) { return inBox(ctx, piece) && ctx.table.boxes["must-attack-hzoc"] === false; }

// bombardImmune(piece): 13.4: infantry-class units in a box are immune to bombardment and
// strafing; weapons, artillery and armor are not (boxes bombardment-immune).
export function bombardImmune(ctx, piece) {
  return inBox(ctx, piece) && ctx.table.boxes["bombardment-immune"].indexOf(classOf(ctx, piece)) >= 0;
}

// ---- 13.1 movement -----------------------------------------------------------------------------

// freeCrossing(side, a, b): why crossing the minefield from a to b costs nothing extra for `side`,
// {rule, reason}, or null when it costs (or there is no minefield).
export function freeCrossing(ctx, side, a, b) {
  if (owner(ctx, a, b) === null) return { rule: "13.1", reason: "no minefield on " + key(a, b) };
  if (breached(ctx, a, b)) return { rule: "13.3", reason: "the minefield on " + key(a, b) + " is breached" };
  for (const e of ctx.table.movement.exceptions) {
    if (e.side !== side) continue;
    const r = e.kind === "route" ? routeAcross(ctx, a, b) : null;
    if (r) return { rule: "13.1", reason: "Allied units cross the minefield on " + key(a, b) + " along the " + r + " free" };
    if (e.kind === "box-exit" && isBox(ctx, a)) return { rule: "13.1", reason: "Allied units leaving the box " + a + " cross its minefield free" };
  }
  return null;
}

// moveCost(piece, a, b, mpAvailable): the extra MPs crossing the hexside a-b costs this unit
// (13.1): the movement crossing-cost share (half) of `mpAvailable`, its allowance this impulse
// (reading available-mps), or 0. The hexside cost is added to the cost of the hex entered.
export function moveCost(ctx, piece, a, b, mpAvailable) {
  if (!unbreached(ctx, a, b) || freeCrossing(ctx, piece.side, a, b)) return 0;
  return mpAvailable * ctx.table.movement["crossing-cost"];
}

// costSpec(piece, mpAvailable): the spec fragment for ctx.map.reach: every minefield hexside adds
// the crossing cost of `mpAvailable`. It over-charges the free crossings (breaches, Allied roads
// and box exits), which only reach() below puts right: {hexsides: {minefield: {add}}}.
export function costSpec(ctx, piece, mpAvailable) {
  const hs = {};
  hs[R(ctx).feature] = { add: mpAvailable * ctx.table.movement["crossing-cost"] };
  return { hexsides: hs };
}

// freeFrom(side, x): the minefield crossings out of x that cost `side` nothing extra:
// [{to, rule}] (breached hexsides; for the Allies also road/track crossings and box exits).
export function freeFrom(ctx, side, x) {
  const out = [];
  for (const y of ctx.map.neighbors(x)) {
    if (owner(ctx, x, y) === null) continue;
    const f = freeCrossing(ctx, side, x, y);
    if (f) out.push({ to: y, rule: f.rule });
  }
  return out;
}

// movementSides(piece, mpAvailable): the hexside rules the movement section merges into its cost
// model's `hexsides` (13.1): {minefield: {add: half of mpAvailable}}. See costSpec for what it
// leaves to reach().
export function movementSides(ctx, piece, mpAvailable) { return costSpec(ctx, piece, mpAvailable).hexsides; }

// reach(piece, from, budget, spec, mpAvailable): ctx.map.reach with 13.1 and 13.3 exact: the
// spec (the movement section's) gets costSpec, then the free crossings are searched on from.
// Same result as ctx.map.reach: {hex: cost}, the start left out.
export function reach(ctx, piece, from, budget, spec, mpAvailable) {
  const merged = merge(spec, costSpec(ctx, piece, mpAvailable));
  return searchWith(ctx, from, budget, merged, (x) => freeFrom(ctx, piece.side, x), features(ctx)).best;
}

// path(piece, from, to, budget, spec, mpAvailable): the cheapest path of reach(), both ends
// included (ctx.map.path's shape), or [] if `to` is out of reach.
export function path(ctx, piece, from, to, budget, spec, mpAvailable) {
  const merged = merge(spec, costSpec(ctx, piece, mpAvailable));
  const r = searchWith(ctx, from, budget, merged, (x) => freeFrom(ctx, piece.side, x), features(ctx));
  if (to !== from && r.best[to] === undefined && !r.all[to]) return [];
  return pathTo(ctx, r, from, to, budget, merged);
}

function pathTo(ctx, r, from, to, budget, spec) {
  const v = r.via[to];
  if (!v) return to === from ? [from] : ctx.map.path(from, to, budget, spec);
  const head = pathTo(ctx, r, from, v.x, budget, spec);
  const tail = v.y === to ? [to] : ctx.map.path(v.y, to, budget - r.all[v.y], spec);
  return head.concat(tail);
}

// mergeSpec(spec, fragment): a copy of spec with fragment's hexside rules added.
export function mergeSpec(ctx, spec, fragment) { return merge(spec, fragment); }

function merge(spec, fragment) {
  const out = flat(spec || {});
  out.hexsides = Object.assign({}, out.hexsides || {}, fragment.hexsides || {});
  return out;
}

// A spec with its base's terrain and hexsides written into it (a spec may name a compiled base).
function flat(spec) {
  if (!spec.base) return Object.assign({}, spec);
  const out = Object.assign({}, flat(spec.base), spec);
  delete out.base;
  return out;
}

// reachWith(from, budget, spec, crossingsFrom, ignore): ctx.map.reach, plus crossings the spec
// blocks or over-charges: crossingsFrom(x) lists [{to, extra}] moves out of x that cost the
// step into `to` without the hexside features in `ignore`, plus `extra`. Each such crossing that
// improves on the search starts one more search from the far hex. {hex: cost}, start left out.
// A hex the spec lets no one end in (noEnd) is never a crossing's start.
export function reachWith(ctx, from, budget, spec, crossingsFrom, ignore) {
  return searchWith(ctx, from, budget, spec, crossingsFrom, ignore).best;
}

// {best (as reachWith), all (every hex reached, the start and noEnd hexes too), via: {hex: {x, y}}
// (the last crossing on the way to hex, where one was used)}. The crossings wait in cost order
// and the cheapest goes first, as in Dijkstra's search: each far hex is searched from once.
function searchWith(ctx, from, budget, spec, crossingsFrom, ignore) {
  const all = ctx.map.reach(from, budget, spec);
  const sets = specSets(ctx, spec);
  const via = {}, pending = [];
  all[from] = 0;
  const scan = (hexes) => {
    for (const x of hexes) {
      if (x !== from && sets.stop.has(x)) continue;
      for (const c of crossingsFrom(x) || []) {
        const cost = all[x] + stepCost(ctx, spec, sets, x, c.to, ignore || []) + (c.extra || 0);
        if (cost <= budget + 1e-9 && (all[c.to] === undefined || cost < all[c.to] - 1e-9)) pending.push({ cost, x, to: c.to });
      }
    }
  };
  scan(Object.keys(all).sort());
  for (let guard = 0; pending.length && guard < 1000; guard++) {
    let k = 0;
    for (let i = 1; i < pending.length; i++) {
      const a = pending[i], b = pending[k];
      if (a.cost < b.cost || (a.cost === b.cost && (a.to < b.to || (a.to === b.to && a.x < b.x)))) k = i;
    }
    const e = pending.splice(k, 1)[0];
    if (all[e.to] !== undefined && all[e.to] <= e.cost + 1e-9) continue;
    const more = sets.stop.has(e.to) ? {} : ctx.map.reach(e.to, budget - e.cost, spec);
    more[e.to] = 0;
    const improved = [];
    for (const h of Object.keys(more)) {
      const v = e.cost + more[h];
      if (all[h] === undefined || v < all[h] - 1e-9) { all[h] = v; via[h] = { x: e.x, y: e.to }; improved.push(h); }
    }
    scan(improved.sort());
  }
  const best = {};
  for (const h of Object.keys(all)) if (h !== from && !sets.noEnd.has(h)) best[h] = all[h];
  return { best, all, via };
}

function asSet(list) {
  const l = typeof list === "string" ? list.split(/\s+/) : list || [];
  return new Set(l.filter((h) => h));
}

// A per-hex extra of a spec as a lookup by hex id: the kernel takes {hex: n} or one number per
// hex in map order.
function perHex(ctx, v) {
  if (!v) return () => 0;
  if (Array.isArray(v)) return (h) => v[ctx.map.index(h)] || 0;
  return (h) => v[h] || 0;
}

// The spec's hexes as the kernel reads them: blocked, stop and noEnd as Sets, the extras as
// lookups, the zones (one number per hex, with per-zone extras, stops and blocks) folded in.
function specSets(ctx, spec) {
  const blocked = asSet(spec.blocked), stop = asSet(spec.stop);
  const enterAdd = perHex(ctx, spec.enterAdd), leaveAdd = perHex(ctx, spec.leaveAdd);
  const z = spec.zones;
  if (!z) return { blocked, stop, noEnd: asSet(spec.noEnd), enterAdd, leaveAdd };
  const zone = (h) => z[ctx.map.index(h)];
  const zb = new Set(spec.zoneBlocked || []), zs = new Set(spec.zoneStop || []);
  const ze = spec.zoneEnterAdd || [], zl = spec.zoneLeaveAdd || [];
  return {
    blocked: { has: (h) => blocked.has(h) || zb.has(zone(h)) },
    stop: { has: (h) => stop.has(h) || zs.has(zone(h)) },
    noEnd: asSet(spec.noEnd),
    enterAdd: (h) => enterAdd(h) + (ze[zone(h)] || 0),
    leaveAdd: (h) => leaveAdd(h) + (zl[zone(h)] || 0),
  };
}

// The cost of one step x -> y under `spec`, as the kernel's search counts it (terrain or the
// lowest replacing hexside feature, plus hexside adds, plus the hexes' extras), leaving out the
// hexside features in `ignore`. Infinity when prohibited.
export function stepCost(ctx, spec, sets, x, y, ignore) {
  const s = sets || specSets(ctx, spec);
  if (s.blocked.has(y)) return Infinity;
  if (spec.base) spec = flat(spec);
  const t = spec.terrain ? spec.terrain[ctx.map.terrain(y)] : undefined;
  let cost = t === undefined || t === "prohibited" ? Infinity : t;
  const feats = ctx.map.hexside(x, y).filter((f) => (ignore || []).indexOf(f) < 0);
  const rules = spec.hexsides || {};
  let replace = Infinity, add = 0;
  for (const f of feats) {
    const r = rules[f];
    if (!r) continue;
    if (r.block && !(r.unless || []).some((u) => feats.indexOf(u) >= 0)) return Infinity;
    if (r.replace !== undefined) replace = Math.min(replace, r.replace);
    if (r.add !== undefined) add += r.add;
  }
  if (replace !== Infinity) cost = replace;
  return cost + add + s.enterAdd(y) + s.leaveAdd(x);
}

// ---- 13.21, 13.22 combat -------------------------------------------------------------------------

// firstFire(attackerHex, defenderHex, defenderSide): 13.21, 11.11: the defender fires first at
// armor attacking across an unbreached minefield of its own side.
export function firstFire(ctx, attackerHex, defenderHex, defenderSide) {
  const c = crossing(ctx, attackerHex, defenderHex, defenderSide);
  return !!c && c.friendly;
}

function isEngineer(ctx, piece) { return R(ctx)["engineer-types"].indexOf(piece.type) >= 0; }

// attackFactor(piece, fromHex, toHex, kind, value): the attack factor of `piece` attacking from
// fromHex into toHex across an unbreached minefield: kind "soft" (13.22, engineers excepted) or
// "hard" (11.22), by the factor crt.yaml factor-modifiers gives each rule (halved as printed).
// `value` defaults to the piece's saf / haf. Returns {value, changed, factor, rule}.
export function attackFactor(ctx, piece, fromHex, toHex, kind, value) {
  const v = value !== undefined ? value : kind === "hard" ? piece.haf || 0 : piece.saf || 0;
  if (!ctx.map.adjacent(fromHex, toHex) || !unbreached(ctx, fromHex, toHex)) return { value: v, changed: false, factor: 1, rule: null };
  const eng = isEngineer(ctx, piece);
  const forEngineers = R(ctx)[kind === "hard" ? "hard-attack-halved-for-engineers" : "soft-attack-halved-for-engineers"];
  const applies = !eng || forEngineers;
  if (!applies) return { value: v, changed: false, factor: 1, rule: "13.22" };
  const row = ctx.rules.crt.modifier(R(ctx)["attack-factor-rows"][kind]);
  return { value: v * row.factor, changed: true, factor: row.factor, rule: row.rule };
}

// matRequired(attackers, defenderHex): the armor units among `attackers` (ids or pieces) that
// attack across an unbreached minefield hexside into defenderHex, sorted by id (13.22).
export function matRequired(ctx, attackers, defenderHex) {
  return attackers.map((a) => (typeof a === "string" ? ctx.piece(a) : a))
    .filter((p) => p && p.armor && onMap(p) && ctx.map.adjacent(p.hex, defenderHex) && unbreached(ctx, p.hex, defenderHex))
    .map((p) => p.id).sort();
}

// mat(ids, stallRoll, why): one roll on the Minefield Attack Table's Disrupt column for the armor
// units `ids`; a "2 Dis *" rolls again on the Stall? column when stallRoll is true (13.22, 13.24;
// 13.23 rolls no stall). {roll, result, count, stallRoll, stall}. Applies nothing.
export function mat(ctx, ids, stallRoll, why) {
  const t = ctx.table.mat, pr = ctx.table["mat-procedure"];
  const [disCol, stallCol] = t.columns;
  const roll = ctx.roll(t.die, "13.22 Minefield Attack Table" + (why ? ": " + why : ""));
  const result = t.rows[String(roll)][disCol];
  const count = pr.disrupts[result] || 0;
  const out = { roll, result, count, stallRoll: null, stall: false, stallResult: null };
  ctx.trace({ rule: "13.22", table: "mat", uses: USES, cell: "d10=" + roll + ", Disrupt", result,
    text: "Minefield Attack Table for " + ids.join(", ") + (why ? " (" + why + ")" : "") + ": " + roll + " -> " + result });
  if (result === pr["stall-roll-on"] && stallRoll) {
    const s = ctx.roll(t.die, "13.22 Minefield Attack Table, Stall?");
    const sr = t.rows[String(s)][stallCol];
    out.stallRoll = s;
    out.stall = sr !== "-";
    out.stallResult = sr;
    ctx.trace({ rule: "13.22", table: "mat", uses: USES, cell: "d10=" + s + ", * Stall?", result: sr,
      text: out.stall ? "the attack stalls: " + sr : "no stall: the attack goes on" });
  }
  return out;
}

// matPick(ids, count): the default owner's pick of `count` disruptions among armor `ids`
// (reading mat-picks): a list of ids, one per disruption, possibly repeating a unit.
export function matPick(ctx, ids, count) {
  const live = ids.map((id) => ctx.piece(id)).filter(onMap);
  const hit = {};
  const out = [];
  for (let k = 0; k < count && live.length; k++) {
    const order = live.slice().sort((a, b) => {
      const da = (a.disrupted || hit[a.id]) ? 1 : 0, db = (b.disrupted || hit[b.id]) ? 1 : 0;
      if (da !== db) return da - db;
      if ((a.sp || 0) !== (b.sp || 0)) return (a.sp || 0) - (b.sp || 0);
      return a.id < b.id ? -1 : 1;
    });
    out.push(order[0].id);
    hit[order[0].id] = true;
  }
  return out;
}

// applyMat(ids, count, pick?): disrupts `count` of the armor `ids` (pick: the owner's choice, a
// list of ids; else matPick). A unit disrupted again is eliminated (12.2). {disrupted, eliminated}.
export function applyMat(ctx, ids, count, pick, rule) {
  const list = pick && pick.length ? pick.slice(0, count) : matPick(ctx, ids, count);
  const out = { disrupted: [], eliminated: [] };
  for (const id of list) {
    const p = ctx.piece(id);
    if (!onMap(p)) continue;
    const r = disrupt(ctx, p, rule || "13.22");
    out[r === "eliminated" ? "eliminated" : "disrupted"].push(id);
  }
  return out;
}

// resolveMat(ids, why): 13.22 in one call: the roll, the owner's default pick, the stall roll.
// {roll, result, stall, disrupted, eliminated}.
export function resolveMat(ctx, ids, why) {
  const m = mat(ctx, ids, true, why);
  return Object.assign(m, applyMat(ctx, ids, m.count, null, "13.22"));
}

// The non-printed sources a minefield's effect rests on (a trace's `uses`): the reconstructed map
// draws the minefields, and the section's readings say whose each is and how it binds.
const USES = Object.freeze(["map", "minefields/readings"]);

// 12.2 through the disruption section (its disrupt keeps HQs, wrecks and losses). Returns
// "disrupted", "eliminated" or "ignored".
function disrupt(ctx, p, rule, uses) {
  const r = ctx.rules.disruption.disrupt(p.id, "minefield", rule, null, uses || USES);
  return r === "disrupted" || r === "eliminated" ? r : "ignored";
}

// ---- 13.23, 13.24 retreat and advance ----------------------------------------------------------

// retreatAcross(ids, a, b): units retreating together from a to b over an unbreached minefield
// (13.23): non-armor units are Disrupted; the armor ones roll once on the Disrupt column, no
// stall. Nothing happens across no minefield or a breach. {crossed, disrupted, eliminated, mat}.
export function retreatAcross(ctx, ids, a, b) {
  const out = { crossed: false, disrupted: [], eliminated: [], mat: null };
  if (!unbreached(ctx, a, b)) return out;
  out.crossed = true;
  const reading = ctx.table["retreat-across-reading"];
  const units = ids.map((id) => ctx.piece(id)).filter(onMap).sort((x, y) => (x.id < y.id ? -1 : 1));
  const armor = units.filter((p) => p.armor).map((p) => p.id);
  for (const p of units) {
    if (p.armor) continue;
    const uses = USES.concat(["minefields/retreat-across-reading"]);
    ctx.trace({ rule: "13.23", table: "retreat-across-reading", uses, text: p.id + " retreats across the minefield on " + key(a, b) + ": Disrupted (reading retreat)" });
    out[disrupt(ctx, p, "13.23", uses) === "eliminated" ? "eliminated" : "disrupted"].push(p.id);
  }
  if (armor.length) {
    const m = mat(ctx, armor, reading["armor-stall-roll"], "armor retreating across " + key(a, b) + " (13.23)");
    out.mat = m;
    const r = applyMat(ctx, armor, m.count, null, "13.23");
    out.disrupted.push(...r.disrupted);
    out.eliminated.push(...r.eliminated);
  }
  return out;
}

// advanceAcross(armorIds, a, b): 13.24: before any unit advances from a to b over an unbreached
// minefield, the advancing armor rolls as if attacking; a stall halts the whole advance where it
// is. {crossed, stalled, disrupted, eliminated, mat}.
export function advanceAcross(ctx, armorIds, a, b) {
  const out = { crossed: false, stalled: false, disrupted: [], eliminated: [], mat: null };
  if (!unbreached(ctx, a, b)) return out;
  out.crossed = true;
  const armor = armorIds.filter((id) => { const p = ctx.piece(id); return onMap(p) && p.armor; }).sort();
  if (!armor.length) return out;
  const m = mat(ctx, armor, true, "armor advancing across " + key(a, b) + " (13.24)");
  out.mat = m;
  const r = applyMat(ctx, armor, m.count, null, "13.24");
  out.disrupted = r.disrupted;
  out.eliminated = r.eliminated;
  out.stalled = m.stall;
  if (m.stall) ctx.trace({ rule: "13.24", table: "mat", uses: USES, result: "halt", text: "the advance across " + key(a, b) + " stalls: the advancing units stop where they are" });
  return out;
}

// ---- 13.3 breaching ----------------------------------------------------------------------------

function hqOf(ctx, piece) {
  let best = null;
  for (const id in ctx.state.pieces) {
    const q = ctx.state.pieces[id];
    if (q.hq && q.side === piece.side && q.formation === (piece.attached || piece.formation) && onMap(q) && (!best || q.id < best.id)) best = q;
  }
  return best;
}

// mayBreach(piece, a, b, impulse): may `piece`, crossing from a to b in the Movement Impulse
// `impulse` (any id the movement section gives its impulses), breach that minefield (13.3)?
// {ok, by (the HQ or engineer whose breach it is), rule, reason}.
export function mayBreach(ctx, piece, a, b, impulse) {
  const no = (reason) => ({ ok: false, rule: "13.3", reason });
  const rd = R(ctx), t = ctx.table.breaching;
  if (!unbreached(ctx, a, b)) return no("no unbreached minefield on " + key(a, b));
  if (piece.side !== t.side) return no("only " + t.side + " units breach minefields");
  let by = null;
  const engineersOf = rd["breach-nation"];
  if (isEngineer(ctx, piece) && piece.nation === engineersOf) by = piece.id;
  else if (classOf(ctx, piece) === "infantry" && !piece.hq) {
    const hq = hqOf(ctx, piece);
    if (!hq) return no(piece.id + " has no formation HQ on the map");
    const d = ctx.map.distance(hq.hex, a);
    if (d > t["hq-range"]) return no(piece.id + " crosses from " + a + ", " + d + " hexes from its HQ " + hq.id + " (at most " + t["hq-range"] + ")");
    by = hq.id;
  } else {
    return no(piece.id + " is neither a German engineer nor Axis infantry");
  }
  const m = ctx.state.minefields;
  if (m && m.impulse === impulse && (m.used || []).indexOf(by) >= 0) {
    return no((by === piece.id ? piece.id : "the HQ " + by) + " has already made its breach this Movement Impulse");
  }
  return { ok: true, by, rule: "13.3", reason: null };
}

// breach(piece, a, b, impulse): `piece` has crossed from a to b and clears a breach there (13.3):
// the Minefield Breached marker goes on the hexside. Returns mayBreach's answer.
export function breach(ctx, piece, a, b, impulse) {
  const ok = mayBreach(ctx, piece, a, b, impulse);
  if (!ok.ok) return ok;
  const s = ctx.state;
  if (!s.minefields) s.minefields = { breached: {}, impulse: null, used: [] };
  const m = s.minefields;
  if (!m.breached) m.breached = {};
  if (m.impulse !== impulse) { m.impulse = impulse; m.used = []; }
  m.used.push(ok.by);
  m.breached[key(a, b)] = { by: piece.id, turn: ctx.turn, half: s.half || null };
  ctx.trace({ rule: "13.3", table: "breaching", uses: USES.concat(["units/units"]), result: key(a, b),
    text: piece.id + " crosses " + key(a, b) + " and breaches the minefield" + (ok.by !== piece.id ? " (the breach of its HQ " + ok.by + ")" : "") +
      ": it no longer exists for any purpose" });
  return ok;
}

// The Movement Impulse a move belongs to (reading impulse-key): one group moves from one hex in
// an impulse (3.43), so the half, the activation and the hex left name it.
export function impulseKey(ctx, fromHex) {
  const s = ctx.state;
  return ctx.turn + "|" + (s.half || "") + "|" + ((s.activations || []).length) + "|" + (s.activation ? s.activation.marker || "" : "") + "|" + fromHex;
}

// afterMove(piece, path): the movement section's hook after each completed move. An Axis unit
// that may breach clears the first unbreached minefield it crossed (13.3; reading auto-breach:
// the Axis player always takes the breach).
export function afterMove(ctx, piece, path) {
  if (!R(ctx)["auto-breach"] || !piece || piece.side !== ctx.table.breaching.side || !path || path.length < 2) return;
  const k = impulseKey(ctx, path[0]);
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1], b = path[i];
    if (!unbreached(ctx, a, b)) continue;
    if (mayBreach(ctx, piece, a, b, k).ok) { breach(ctx, piece, a, b, k); return; }
  }
}

// breaches(): the breached hexsides, sorted.
export function breaches(ctx) {
  const m = ctx.state.minefields;
  return m && m.breached ? Object.keys(m.breached).sort() : [];
}
