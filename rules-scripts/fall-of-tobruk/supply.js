// The Fall of Tobruk 14.0: supply.
//   14.1  sources: Axis, the road and track hexes of the west and northwest map edges; Allies, the
//         road and track hexes of the east edge, both Tobruk hexes and the railhead 4307. The
//         20xxx and DAK supply heads serve only their formations, never move, and both go as
//         soon as the 20xxx or DAK HQ traces to a road edge source: sources, heads.
//   14.21 an HQ traces at the start of its activation, at most 20 Wheeled MPs to a source.
//   14.22 a unit traces when it begins a Movement or Combat Impulse, at most 10 Wheeled MPs to its
//         supplied formation HQ.
//   4.14  the line avoids enemy units and enemy ZOC, unless a friendly stack in the hex projects
//         at least an LZOC; leaving an enemy ZOC in the tracer's own hex costs nothing.
//   14.23 an Axis line never crosses an unbreached minefield, nor passes within two hexes of a
//         box held by an Allied unit, except through Axis units with one next to the box.
//   14.3  out of supply: at most 3 MPs, Bombardment Factors halved (after half fire and range),
//         Hard and Soft Attack halved when attacking; defense and range unchanged.
// One search per HQ (20 MPs out to the sources) and one per HQ (10 MPs out to its units), never
// one per unit: judge() settles an activation in a few searches. Tables: tables/fall-of-tobruk/supply.yaml (sources,
// axis-supply-heads, trace, out-of-supply, readings), terrain.yaml (movement-costs, the TEC
// stand-in), zoc.yaml (movement).
//
// State: state.supply = {heads: {"20xxx": hex, "DAK": hex}, removed}; piece.oos as last judged.

function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }
function R(ctx) { return ctx.table.readings; }
function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function mp(x) { return Math.round(x * 100) / 100; }

// ---- 14.1 sources ------------------------------------------------------------------------------

function zoneOrEmpty(ctx, name) {
  if (!name) return [];
  let z;
  try { z = ctx.map.zone(name); } catch (e) { return []; }
  return typeof z === "string" ? z.split(/\s+/).filter((h) => h) : z;
}

// A road or track hex: a road or track runs along one of its hexsides, or the map marks it.
function routeHex(ctx, h) {
  const routes = ctx.rules.terrain.routes();
  for (const r of routes) if (ctx.map.hasFeature(h, r)) return true;
  for (const n of ctx.map.neighbors(h)) for (const r of routes) if (ctx.map.hexsideHas(h, n, r)) return true;
  return false;
}

// edgeSources(side): the road and track hexes of `side`'s supply edges (14.1), sorted.
export function edgeSources(ctx, side) {
  return ctx.once("edge sources " + side, () => edgeSourcesNow(ctx, side));
}

function edgeSourcesNow(ctx, side) {
  const out = {};
  for (const z of R(ctx).edges[side] || []) {
    for (const h of zoneOrEmpty(ctx, z)) {
      if (ctx.map.has(h) && routeHex(ctx, h)) out[h] = true;
    }
  }
  return Object.keys(out).sort();
}

// sources(side): every ordinary supply source of `side` (14.1; the supply heads are apart), sorted:
// the map's zone of them (reading source-zones: the road and track hexes of the side's edges, and
// for the Allies Tobruk and the railhead).
export function sources(ctx, side) {
  return ctx.once("sources " + side, () => sourcesNow(ctx, side));
}

function sourcesNow(ctx, side) {
  const name = R(ctx)["source-zones"][side];
  const z = zoneOrEmpty(ctx, name);
  if (!z.length) throw new Error("14.1: the map has no zone " + JSON.stringify(name) + " of " + side + " supply sources (supply.yaml readings source-zones)");
  return z.filter((h) => ctx.map.has(h)).slice().sort();
}

// ---- 14.1 the Axis supply heads ----------------------------------------------------------------

// The HQ a unit traces to: that of the formation it is attached to, else its own (B.114, 16.13).
export function hqFor(ctx, piece) {
  return hqOf(ctx, piece.side, piece.attached || piece.formation);
}

// {formation: HQ piece} of `side`'s HQs on the map (the lowest id where a formation has two).
function hqIndex(ctx, side) {
  const out = {};
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const q = ctx.state.pieces[id];
    if (q.hq && q.side === side && onMap(q) && !out[q.formation]) out[q.formation] = q;
  }
  return out;
}

function hqOf(ctx, side, formation) {
  let best = null;
  for (const id in ctx.state.pieces) {
    const q = ctx.state.pieces[id];
    if (q.hq && q.side === side && q.formation === formation && onMap(q) && (!best || q.id < best.id)) best = q;
  }
  return best;
}

// start(): the sequence's hook before play: the supply heads go where the scenario puts them
// (setup keeps its `supply-heads` in state.supplyHeads) or, lacking that, on the 20xxx and DAK
// HQs (a stand-in: the setup maps are not in the seed).
export function start(ctx) { ensure(ctx); }

function headsSide(ctx) { return ctx.table["axis-supply-heads"].side; }

function ensure(ctx) {
  const s = ctx.state;
  if (s.supply && s.supply.heads) return s.supply;
  s.supply = { heads: {}, removed: false };
  const given = s.supplyHeads || {};
  for (const m of ctx.table["axis-supply-heads"].markers) {
    const f = m["hq-for-removal"];
    const k = Object.keys(given).sort().find((x) => x.toLowerCase() === f.toLowerCase());
    if (k !== undefined) {
      s.supply.heads[f] = String(given[k]);
      ctx.trace({ rule: "14.1", table: "axis-supply-heads", uses: ["scenario"], result: s.supply.heads[f], text: "the " + m.marker + " marker stands in " + s.supply.heads[f] + ", where the scenario puts it" });
      continue;
    }
    const hq = hqOf(ctx, headsSide(ctx), f);
    if (!hq) continue;
    s.supply.heads[f] = hq.hex;
    ctx.trace({ rule: "14.1", table: "scenarios/setup-zones", uses: ["scenario"], result: hq.hex,
      text: "the " + m.marker + " marker stands in " + hq.hex + ", the hex of the " + hq.id + " HQ: the setup maps that place it are not in the seed" });
  }
  return s.supply;
}

// heads(): {marker formation: hex} of the supply heads on the map.
export function heads(ctx) {
  const s = ctx.state.supply;
  return s && s.heads ? s.heads : {};
}

// headsFor(formation): the supply head hexes (on the map) the formation's HQ may trace to (14.1), sorted.
export function headsFor(ctx, formation) {
  const h = heads(ctx), out = [];
  for (const m of ctx.table["axis-supply-heads"].markers) {
    const at = h[m["hq-for-removal"]];
    if (at && m.serves.indexOf(formation) >= 0 && ctx.map.has(at)) out.push(at);
  }
  return out.sort();
}

// ---- the line: what a path may cross, and at what cost (14.2, 4.14, 14.23) --------------------

// The Wheeled costs of the TEC stand-in as a ctx.map.reach spec (14.21), without minefields.
function wheeled(ctx) {
  const t = ctx.rules.terrain, col = R(ctx)["mobility-column"];
  return { terrain: t.terrainCosts(col), hexsides: t.hexsideCosts(col), defaultProhibited: true };
}

// 14.23: do minefields and the other side's boxes hold the lines of `side`?
function heldByMines(ctx, side) { return ctx.table.trace["axis-only"].side === side; }

// net(side): what the lines of `side` meet now, worked out once per position (a judgement, an
// overlay): {side, enemyAt: Set, friendAt: Set, closed: Map hex -> why, zocOpen: Set, base (spec)}.
export function net(ctx, side) {
  return ctx.memo("supply net " + side, () => netNow(ctx, side));
}

// The Wheeled TEC column as a base spec, with every minefield hexside closed to Axis lines (14.23):
// the tables alone decide it, so it is made, and compiled, once per side.
function baseFor(ctx, side) {
  return ctx.once("supply base " + side, () => {
    const base = wheeled(ctx);
    if (heldByMines(ctx, side)) for (const f of ctx.rules.minefields.features()) base.hexsides[f] = { block: true };
    return base;
  });
}

function netNow(ctx, side) {
  const enemy = other(ctx, side);
  const enemyAt = new Set(), friendAt = new Set();
  for (const p of Object.values(ctx.state.pieces)) {
    if (!onMap(p)) continue;
    if (p.side === side) friendAt.add(p.hex); else enemyAt.add(p.hex);
  }
  const zoc = ctx.rules.zoc;
  const z = zoc.levels(enemy);
  const cut = typeof zoc.reduction === "function" ? zoc.reduction(side).levels : 0;
  const need = R(ctx)["friendly-zoc-opens"] === "HZOC" ? 2 : 1;
  const closed = new Map(), zocOpen = new Set();
  const ids = ctx.map.ids;
  for (let i = 0; i < ids.length; i++) {
    if (!z[i]) continue;
    const h = ids[i];
    if (enemyAt.has(h)) continue;
    if (friendAt.has(h) && zoc.stackLevel(h) - cut >= need) zocOpen.add(h);   // 4.14
    else closed.set(h, "enemy ZOC (4.14)");
  }
  if (heldByMines(ctx, side)) {
    for (const b of ctx.rules.minefields.boxesHeldBy(enemy)) {            // 14.23
      const screened = ctx.map.neighbors(b).some((n) => friendAt.has(n));
      for (const h of ctx.map.within(b, ctx.table.trace["axis-only"]["allied-box"]["keep-away-hexes"])) {
        if (enemyAt.has(h) || (screened && friendAt.has(h))) continue;
        if (!closed.has(h)) closed.set(h, "within 2 hexes of the Allied-held box " + b + " (14.23)");
      }
    }
  }
  const base = baseFor(ctx, side);
  const mines = ctx.rules.minefields.features();
  const free = freeCrossings(ctx, side), freeIn = {};
  for (const x of Object.keys(free).sort()) for (const y of free[x]) (freeIn[y] = freeIn[y] || []).push(x);
  return { side, enemyAt, friendAt, closed, zocOpen, base, mines, free, freeIn };
}

// The minefield crossings an Axis line may make: the breaches (13.3, 14.23): {x: [y, ...]} for
// the move x -> y. Allied lines are not held by minefields (reading allied-minefields).
function freeCrossings(ctx, side) {
  const out = {};
  if (!heldByMines(ctx, side)) return out;
  const mf = ctx.rules.minefields;
  for (const k of mf.breaches()) {
    const [a, b] = k.split("/");
    (out[a] = out[a] || []).push(b);
    (out[b] = out[b] || []).push(a);
  }
  return out;
}

// The 4.12 costs a line pays in an enemy ZOC hex, and what leaving the tracer's own hex costs
// (14.21, 14.22: zoc.yaml supply exit-cost-at-start).
function zocCost(ctx) {
  const m = ctx.tables.zoc.movement;
  return { enter: m["enter-cost"].LZOC, leave: m["leave-cost"].LZOC, own: ctx.tables.zoc.supply["exit-cost-at-start"] };
}

// The spec of one search. `outward`: an HQ tracing to its sources (from the tracer); else a
// search from an HQ out to its units, the costs mirrored so each unit pays what it would going
// in: entering an open enemy-ZOC hex outward is leaving it inward, and the reverse.
function specFor(ctx, n, from, outward) {
  const key = (outward ? "out" : "in") + (outward && n.zocOpen.has(from) ? "|" + from : "");
  if (!n.specs) n.specs = {};
  if (!n.specs[key]) n.specs[key] = buildSpec(ctx, n, from, outward);
  return n.specs[key];
}

// The zones of a line's search, by hex: what each hex is to the line.
const OPEN = 1, OWN_OPEN = 2, BLOCKED = 3, END = 4;

function buildSpec(ctx, n, from, outward) {
  const zc = zocCost(ctx);
  const zones = new Uint8Array(ctx.map.ids.length);
  for (const h of n.enemyAt) zones[ctx.map.index(h)] = BLOCKED;
  for (const h of n.closed.keys()) zones[ctx.map.index(h)] = !outward && n.friendAt.has(h) ? END : BLOCKED;   // a unit's own hex ends its line
  for (const h of n.zocOpen) zones[ctx.map.index(h)] = outward && h === from ? OWN_OPEN : OPEN;       // 14.21: own hex free to leave
  const enter = (outward ? zc.enter : zc.leave) || 0, leave = (outward ? zc.leave : zc.enter) || 0;
  return { base: n.base,
    zones, zoneEnterAdd: [0, enter, enter], zoneLeaveAdd: [0, leave, zc.own], zoneBlocked: [BLOCKED], zoneStop: [END] };
}

// One search of up to `budget` MPs from `from`, the free minefield crossings searched on: a lookup
// hex -> cost (undefined where no line reaches), the start at 0. Searching out from an HQ, a move
// x -> y is the unit's y -> x going in, so that is the crossing that must be free. Without free
// crossings the kernel answers by hex index: far cheaper to read than a {hex: cost} object.
function search(ctx, n, from, budget, outward) {
  const spec = specFor(ctx, n, from, outward);
  const free = outward ? n.free : n.freeIn;
  if (Object.keys(free).length) {
    const r = ctx.rules.minefields.reachWith(from, budget, spec, (x) => (free[x] || []).map((y) => ({ to: y })), n.mines);
    r[from] = 0;
    return (h) => r[h];
  }
  const costs = ctx.map.reachCosts(from, budget, spec).costs;
  return (h) => {
    if (h === from) return 0;
    const v = costs[ctx.map.index(h)];
    return v === Infinity ? undefined : v;
  };
}

// ---- 14.21 HQ supply -------------------------------------------------------------------------------

// trace(hq, n?): can the HQ trace supply now (14.21)? {supplied, via: "source"|"head"|null, hex,
// cost, reason}. `n`: a net(side) worked out once for several traces.
export function trace(ctx, hq, n) {
  const nt = n || net(ctx, hq.side);
  // one trace per HQ while a net stands: the overlay and the judge ask again for the HQs units trace to
  if (!nt.traces) nt.traces = new Map();
  const key = hq.id + "@" + hq.hex;
  let t = nt.traces.get(key);
  if (t === undefined) { t = traceNow(ctx, hq, nt); nt.traces.set(key, t); }
  return t;
}

function traceNow(ctx, hq, nt) {
  const limit = ctx.table.trace["hq-to-source"]["max-mp"];
  const r = search(ctx, nt, hq.hex, limit, true);
  const best = (list) => {
    let b = null, bv;
    for (const h of list) {
      const v = r(h);
      if (v !== undefined && (b === null || v < bv || (v === bv && h < b))) { b = h; bv = v; }
    }
    return b;
  };
  const s = best(sources(ctx, hq.side));
  if (s !== null) return { supplied: true, via: "source", hex: s, cost: r(s), reason: hq.id + " traces " + mp(r(s)) + " Wheeled MPs to the source " + s };
  const hd = best(headsFor(ctx, hq.formation));
  if (hd !== null) return { supplied: true, via: "head", hex: hd, cost: r(hd), reason: hq.id + " traces " + mp(r(hd)) + " Wheeled MPs to its supply head in " + hd };
  return { supplied: false, via: null, hex: null, cost: null, reason: hq.id + " finds no source within " + limit + " Wheeled MPs through hexes free of enemy units and ZOC" };
}

// ---- 14.22 unit supply ---------------------------------------------------------------------------

function hqSupplied(ctx, hq, n, memo) {
  if (typeof hq.oos === "boolean") return !hq.oos;
  if (memo[hq.id] === undefined) memo[hq.id] = trace(ctx, hq, n).supplied;
  return memo[hq.id];
}

// units(side, ids?, n?): the supply of `side`'s units now (14.22), one search per HQ: {id:
// {supplied, hq, cost, reason}}. `ids`: only these units (HQs are answered by trace()); `n`: a
// net(side) already worked out. Reads, never writes.
export function units(ctx, side, ids, n0) {
  const n = n0 || net(ctx, side);
  const limit = ctx.table.trace["unit-to-hq"]["max-mp"];
  const zc = zocCost(ctx);
  const want = ids ? ids.map((id) => ctx.piece(id)) : ctx.pieces((p) => p.side === side);
  const groups = {}, out = {}, memo = {};
  const index = hqIndex(ctx, side);
  for (const p of want.filter((q) => q && onMap(q) && !q.hq).sort(byId)) {
    const hq = index[p.attached || p.formation] || null;
    if (!hq) { out[p.id] = { supplied: false, hq: null, cost: null, reason: p.id + " has no " + (p.attached || p.formation) + " HQ on the map (reading no-hq)" }; continue; }
    (groups[hq.id] = groups[hq.id] || { hq, list: [] }).list.push(p);
  }
  for (const id of Object.keys(groups).sort()) {
    const { hq, list } = groups[id];
    if (!hqSupplied(ctx, hq, n, memo)) {
      for (const p of list) out[p.id] = { supplied: false, hq: hq.id, cost: null, reason: "its HQ " + hq.id + " is out of supply" };
      continue;
    }
    const hqOpen = !n.closed.has(hq.hex);
    const r = search(ctx, n, hq.hex, limit + zc.leave, false);
    for (const p of list) {
      if (p.hex === hq.hex) { out[p.id] = { supplied: true, hq: hq.id, cost: 0, reason: p.id + " is with its HQ " + hq.id }; continue; }
      const raw = r(p.hex);
      const cost = raw === undefined ? undefined : raw - (n.zocOpen.has(p.hex) ? zc.leave - zc.own : 0);     // 14.22: own hex free
      if (hqOpen && cost !== undefined && cost <= limit + 1e-9) {
        out[p.id] = { supplied: true, hq: hq.id, cost, reason: p.id + " is " + mp(cost) + " Wheeled MPs from its HQ " + hq.id };
      } else {
        out[p.id] = { supplied: false, hq: hq.id, cost: cost === undefined ? null : cost,
          reason: p.id + (hqOpen ? " is more than " + limit + " Wheeled MPs from its HQ " + hq.id + " by any open line" : ": its HQ " + hq.id + " stands in " + n.closed.get(hq.hex)) };
      }
    }
  }
  return out;
}

// hexesTracingTo(hq): the hexes, in map order, from which a unit of the HQ's side would trace the
// 14.22 line to it (the 5.22 placement of a returned unit), enemy-held hexes left out.
export function hexesTracingTo(ctx, hq) {
  const n = net(ctx, hq.side);
  if (n.closed.has(hq.hex)) return [hq.hex];
  const limit = ctx.table.trace["unit-to-hq"]["max-mp"];
  const zc = zocCost(ctx);
  const r = search(ctx, n, hq.hex, limit + zc.leave, false);
  const out = [];
  for (const h of ctx.map.ids) {
    const raw = r(h);
    if (raw === undefined || n.enemyAt.has(h)) continue;
    const cost = raw - (n.zocOpen.has(h) ? zc.leave - zc.own : 0);
    if (cost <= limit + 1e-9) out.push(h);
  }
  return out;
}

// ---- judging (14.21, 14.22) and the marker ------------------------------------------------------

// The non-printed sources a line rests on (a trace's `uses`): the map and the TEC stand-in (its
// Wheeled costs), the section's readings, the enemy's ZOC (4.14), and where the supply heads stand
// (the scenario, or the setup-zones stand-in) while they serve.
function lineUses(ctx, side) {
  const out = ["supply/readings"].concat(ctx.rules.zoc.uses(ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]));
  if (side === headsSide(ctx) && Object.keys(heads(ctx)).length) out.push("scenario", "scenarios/setup-zones");
  return out;
}

function setOos(ctx, p, supplied, reason, rule) {
  const oos = !supplied;
  if (p.oos !== oos) ctx.trace({ rule, table: "trace", uses: lineUses(ctx, p.side), result: oos ? "out of supply" : "in supply", text: reason + (oos ? ": Out of Supply (B.130)" : ": in supply") });
  p.oos = oos;
}

// 14.1: both supply heads go when the 20xxx or DAK HQ can trace to a road edge source.
function checkHeads(ctx, n) {
  const s = ensure(ctx);
  if (!Object.keys(s.heads).length) return;
  const edge = edgeSources(ctx, headsSide(ctx));
  for (const f of Object.keys(s.heads).sort()) {
    const hq = hqOf(ctx, headsSide(ctx), f);
    if (!hq) continue;
    const lim = ctx.table.trace["hq-to-source"]["max-mp"];
    const r = search(ctx, n, hq.hex, lim, true);
    const e = edge.find((h) => r(h) !== undefined);
    if (e) {
      ctx.trace({ rule: "14.1", table: "axis-supply-heads", uses: lineUses(ctx, headsSide(ctx)), result: "removed",
        text: "the " + hq.id + " HQ traces to the road edge source " + e + ": both supply head markers are removed" });
      s.heads = {};
      s.removed = true;
      return;
    }
  }
}

// judge(): the step the sequence runs at the start of each activation: the HQs of the activated
// formations trace (14.21), then their units trace to them (14.22 asks it as each unit begins an
// impulse: judgeUnits re-judges the units an impulse commits). Everyone else keeps the status
// last judged.
export function judge(ctx) {
  const a = ctx.state.activation;
  const side = a && a.side ? a.side : ctx.active;
  if (!side) return;
  const n = net(ctx, side);
  if (side === headsSide(ctx)) checkHeads(ctx, n);
  const formations = a && a.formations ? a.formations : null;
  const mine = (f) => !formations || formations.indexOf(f) >= 0;
  for (const hq of ctx.pieces((p) => p.hq && p.side === side && onMap(p)).sort(byId)) {
    if (!mine(hq.formation) && typeof hq.oos === "boolean") continue;
    const t = trace(ctx, hq, n);
    setOos(ctx, hq, t.supplied, t.reason, "14.21");
  }
  const ids = ctx.pieces((p) => p.side === side && !p.hq && onMap(p) && mine(p.attached || p.formation)).map((p) => p.id);
  const res = units(ctx, side, ids, n);
  for (const id of Object.keys(res).sort()) setOos(ctx, ctx.piece(id), res[id].supplied, res[id].reason, "14.22");
}

// judgeUnits(ids): 14.22: these units trace now (a Movement or Combat Impulse begins with them).
export function judgeUnits(ctx, ids) {
  const list = ids.map((id) => ctx.piece(id)).filter((p) => p && onMap(p));
  if (!list.length) return;
  const res = units(ctx, list[0].side, list.filter((p) => !p.hq).map((p) => p.id));
  for (const id of Object.keys(res).sort()) setOos(ctx, ctx.piece(id), res[id].supplied, res[id].reason, "14.22");
}

// supplied(piece): in supply as last judged (piece.oos); a unit never judged is traced now
// (without marking it). Units off the map are not judged (true).
export function supplied(ctx, piece) {
  if (!piece || !onMap(piece)) return true;
  if (typeof piece.oos === "boolean") return !piece.oos;
  if (piece.hq) return trace(ctx, piece).supplied;
  return units(ctx, piece.side, [piece.id])[piece.id].supplied;
}

// ---- 14.3 effects ------------------------------------------------------------------------------

// movementAllowance(piece, ma): the MPs the unit may spend: at most 3 out of supply.
export function movementAllowance(ctx, piece, ma) {
  return supplied(ctx, piece) ? ma : Math.min(ma, ctx.table["out-of-supply"]["max-mp"]);
}

// attackFactor(piece, value): a Hard or Soft Attack Factor when attacking: halved out of supply.
export function attackFactor(ctx, piece, value) {
  return supplied(ctx, piece) ? value : value * ctx.table["out-of-supply"].attack.factor;
}

// bombardmentFactor(piece, value): the Bombardment Factor after half fire and range: halved out
// of supply.
export function bombardmentFactor(ctx, piece, value) {
  return supplied(ctx, piece) ? value : value * ctx.table["out-of-supply"].bombardment.factor;
}

// effects(piece): {oos, maxMp, attack, bombardment}: what 14.3 does to the unit now (factors to
// multiply by; maxMp null when unlimited). Defense and Bombardment Range never change.
export function effects(ctx, piece) {
  const t = ctx.table["out-of-supply"];
  const s = supplied(ctx, piece);
  return { oos: !s, maxMp: s ? null : t["max-mp"], attack: s ? 1 : t.attack.factor, bombardment: s ? 1 : t.bombardment.factor };
}

// ---- the inspector's overlay -----------------------------------------------------------------------

// supplyOverlay({side, unit}): every unit's supply as traced now (14.21 for HQs, 14.22 for units):
// {hex: "in supply" | "out of supply" | "partly out of supply"}, with "(marked ... until judged)"
// where the marker in force, set when the unit was last judged, says otherwise. With a unit
// selected, the hexes of its line to its HQ and of the HQ's line to a source read "line to HQ" /
// "line to source" (the units' own hexes keep their status).
export function supplyOverlay(ctx, args) {
  const a = args || {};
  const out = {};
  for (const side of ctx.sides.filter((s) => !a.side || s === a.side)) {
    for (const [h, v] of statusByHex(ctx, side)) out[h] = out[h] === undefined || out[h] === v ? v : "partly out of supply";
  }
  const u = a.unit ? ctx.piece(a.unit) : null;
  if (u && onMap(u)) for (const [h, v] of lineOf(ctx, u)) if (out[h] === undefined) out[h] = v;
  return out;
}

// [[hex, status]] of `side`'s units as traced now, once per position (the overlay is asked again as
// the selection changes).
function statusByHex(ctx, side) {
  return ctx.memo("supply status " + side, () => {
    const n = net(ctx, side);
    const fresh = units(ctx, side, null, n);
    const out = new Map();
    for (const p of ctx.pieces((q) => q.side === side && onMap(q)).sort(byId)) {
      const ok = p.hq ? trace(ctx, p, n).supplied : fresh[p.id].supplied;
      let v = ok ? "in supply" : "out of supply";
      if (typeof p.oos === "boolean" && p.oos === ok) v += ok ? " (marked Out of Supply until judged)" : " (marked in supply until judged)";
      const was = out.get(p.hex);
      out.set(p.hex, was === undefined || was === v ? v : "partly out of supply");
    }
    return Array.from(out);
  });
}

// The hexes of the unit's supply lines as traced now: [[hex, "line to HQ" | "line to source"]].
function lineOf(ctx, u) {
  const n = net(ctx, u.side);
  const out = [];
  const hq = u.hq ? u : hqFor(ctx, u);
  if (!hq) return out;
  if (!u.hq && u.hex !== hq.hex) {
    const zc = zocCost(ctx);
    for (const h of route(ctx, n, hq.hex, u.hex, ctx.table.trace["unit-to-hq"]["max-mp"] + zc.leave, false)) out.push([h, "line to HQ"]);
  }
  const t = trace(ctx, hq, n);
  if (t.supplied) for (const h of route(ctx, n, hq.hex, t.hex, ctx.table.trace["hq-to-source"]["max-mp"], true)) out.push([h, "line to source"]);
  return out;
}

// The hexes of one line from `from` to `to` (both ends included), or [] if there is none. Without
// free minefield crossings the path search gives the line itself; with them, the line is read
// back from the search's costs, each hex the cheapest neighbour reached for less.
function route(ctx, n, from, to, budget, outward) {
  if (!Object.keys(outward ? n.free : n.freeIn).length) return ctx.map.path(from, to, budget, specFor(ctx, n, from, outward));
  const r = search(ctx, n, from, budget, outward);
  if (r(to) === undefined) return [];
  const line = [to];
  for (let h = to; h !== from;) {
    const hv = r(h);
    let best = null, bv;
    for (const x of ctx.map.neighbors(h)) {
      const v = r(x);
      if (v !== undefined && v < hv && (best === null || v < bv || (v === bv && x < best))) { best = x; bv = v; }
    }
    if (best === null) return [];
    line.push(h = best);
  }
  return line.reverse();
}
