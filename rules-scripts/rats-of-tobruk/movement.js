// Rats of Tobruk 9.0-9.3 Movement, 9.5 Riding Along (a stand-in), 8.0 a-d, 17.12, 17.13.
//   9.0   an activated unit (6.0) spends its movement allowance (MA) entering hexes at the cost
//         of the Terrain Key (terrain.js); H and ALL are priced against its allowance; a unit
//         that has not moved may always move one hex, unless the hex is prohibited to it or it is
//         a night turn (movement.yaml minimum-move); each move is finished before the next
//         begins, and all the activation's moves come before its attacks (the sequence of play).
//   9.1   no unit enters the sea; out of supply, tracked and wheeled units and HQs have half
//         their MA (5.2, movement.yaml out-of-supply); in a sandstorm every MA is halved (14.1).
//   9.2   from road (or path) hex to road hex along the road the road's rate replaces the other
//         terrain, even terrain otherwise prohibited (the ditch/wire a road crosses); a unit whose
//         last hex was entered by road carries the road move marker (+1 to direct fire at it,
//         11.3): roadMove.
//   9.3, 9.1  units that begin stacked may move as a stack, as far as its slowest unit allows
//         (each hex costs what it costs the stack's costliest movement type); a unit may be
//         dropped off on the way and its move ends there; the rest goes on: the decision move,
//         leg by leg.
//   9.5   (stand-in, movement.yaml riding) leg units moving with tracked units ride along.
//   8.0   entering an EZOC ends the move; leaving one costs +1 MP (zoc.yaml) and may not use a
//         road; no move across ditch/wire into an EZOC but along a road or path; and (15.2) no
//         road or path into a bunker hex in an EZOC.
//   15.2  a bunker hex costs its own terrain cost, across ditch/wire only the ditch/wire's, along
//         a road or path only the road's.
//   7.1   a stack of more than two full-strength units does not use road movement.
//   17.12 Battle of the Salient: Allied wheeled units pay 1 along a road on Morning, Day and
//         Evening turns (movement.yaml road-by-day).
//   17.13 units off the map enter at a hex of their side's entry edges, paying its terrain cost
//         (OTIH, 9.0) as their first hex.
// Opportunity fire (11.4) interrupts a move as it enters each hex: the fire section's chance().
// State: state.moving = {units, at, spent, path, costs, stopped, lastRoad, first}: the stack in
// motion (who rides is worked out from its units); piece fields moved, roadMove, riding, entered.

const BIG = 1e9;
const KINDS = ["leg", "tracked", "wheeled"];

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// ---- allowances --------------------------------------------------------------------------------

// allowance(piece): the unit's movement allowance this turn, {value, tables}.
export function allowance(ctx, p) {
  let v = p.depleted && p.dm !== null ? p.dm : p.fm;
  const tables = ["units/counters"];
  const storm = ctx.rules.weather.effect("movement");
  if (storm) { v = ctx.rules.fractions.of(v, storm); tables.push("weather/effects"); }
  const o = ctx.table["out-of-supply"];
  if (p.supply === "out" && (o.kinds.indexOf(p.kind) >= 0 || (o.hq && p.hq))) {
    v = ctx.rules.fractions.of(v, ctx.option("oos-movement-round-up-9-1") ? "half-up" : o.fraction);
    tables.push("movement/out-of-supply");
  }
  return { value: v, tables };
}

// ---- the stack: who rides, what it pays, how far it goes ----------------------------------------

// group(pieces): {units, riders, kinds, allowance, road}: leg units ride with tracked ones (9.5),
// the stack goes as far as its slowest other unit (9.3), and uses roads if small enough (7.1).
export function group(ctx, pieces) {
  const units = pieces.slice().sort(byId);
  const tracked = units.filter((p) => p.kind === "tracked");
  const legs = units.filter((p) => p.kind === "leg");
  const riders = legs.length > 0 && tracked.length > 0 ? legs.slice(0, tracked.length * ctx.table.riding["riders-per-tracked"]).map((p) => p.id) : [];
  const kinds = new Set();
  let mp = Infinity;
  for (const p of units) {
    if (riders.indexOf(p.id) >= 0) continue;
    kinds.add(p.kind);
    mp = Math.min(mp, allowance(ctx, p).value);
  }
  return {
    side: units[0].side, units: units.map((p) => p.id), riders, kinds: KINDS.filter((k) => kinds.has(k)), allowance: mp,
    road: ctx.rules.stacking.total(units) <= ctx.rules.stacking.limit(true),
  };
}

function roadByDay(ctx, side) {
  const r = ctx.table["road-by-day"];
  return r.scenario === ctx.state.scenario.id && r.side === side && r.turns.indexOf(ctx.rules.turns.kind()) >= 0 ? r : null;
}

// The MP a key (terrain, feature, hexside feature) costs the stack's kinds: the costliest.
function stackPrice(ctx, kinds, key, mp, side) {
  let worst = -1;
  for (const k of kinds) {
    const c = ctx.rules.terrain.cost(k, key);
    if (!c) continue;
    let v = ctx.rules.terrain.price(c.value, mp);
    const day = key === "road" ? roadByDay(ctx, side) : null;
    if (day && day.kind === k) v = day.cost;
    worst = Math.max(worst, v);
  }
  return worst < 0 ? null : worst;
}

function terrainTypes(ctx) {
  return ctx.once("terrain types", () => [...new Set(ctx.map.ids.map((h) => ctx.map.terrain(h)))].sort());
}

// The static cost spec of a stack (terrain, bunkers, hexsides): one per kinds, allowance, road
// use and road rate, compiled once per rules context.
function baseSpec(ctx, kinds, mp, road, side) {
  const day = roadByDay(ctx, side) ? "day" : "-";
  return ctx.once("base " + kinds.join("+") + " " + mp + " " + road + " " + day, () => {
    const terrain = {};
    for (const t of terrainTypes(ctx)) {
      const v = stackPrice(ctx, kinds, t, mp, side);
      if (v === null) throw new Error("terrain.yaml prices no movement type of " + kinds.join("/") + " for terrain " + t);
      terrain[t] = v === Infinity ? "prohibited" : v;
    }
    const bunker = stackPrice(ctx, kinds, "bunker", mp, side);
    const hexsides = {};
    const wireBlocks = kinds.some((k) => ctx.rules.terrain.prohibited(k, "ditch-wire"));
    if (road) {
      hexsides.road = { replace: stackPrice(ctx, kinds, "road", mp, side) };
      hexsides.path = { replace: stackPrice(ctx, kinds, "path", mp, side) };
    }
    if (wireBlocks) hexsides["ditch-wire"] = { block: true, unless: road ? ["road", "path"] : [] };
    else hexsides["ditch-wire"] = { replace: stackPrice(ctx, kinds, "ditch-wire", mp, side) };
    return { terrain, features: { bunker: bunker === Infinity ? "prohibited" : bunker }, hexsides };
  });
}

// What a hex costs the stack as its first hex from off the map (17.13, 9.0: OTIH).
function entryCost(ctx, g, hex) {
  const key = ctx.rules.fortifications.bunker(hex) ? "bunker" : ctx.map.terrain(hex);
  return stackPrice(ctx, g.kinds, key, g.allowance, g.side);
}

// The position's extras for a stack of `side`: enemy hexes blocked, EZOC hexes stop the move
// (8.0 a), no ditch/wire into an EZOC but along a road or path (8.0 d), no road or path into a
// bunker hex in an EZOC (15.2), cleared ditch/wire ignored (12.0).
function positionSpec(ctx, g, road) {
  const side = g.side, enemy = ctx.rules.zoc.enemyOf(side);
  const key = "spec " + g.kinds.join("+") + " " + g.allowance + " " + road + " " + side + " " + (roadByDay(ctx, side) ? "day" : "-") + " " + ctx.rules.zoc.positionKey(enemy);
  return ctx.recall(key, () => {
    const base = baseSpec(ctx, g.kinds, g.allowance, road, side);
    const ids = ctx.map.ids, ez = ctx.rules.zoc.zones(enemy), zones = new Uint8Array(ids.length);
    for (let i = 0; i < ids.length; i++) if (ez[i]) zones[i] = 1;
    for (const p of ctx.pieces((q) => q.side === enemy && q.hex)) zones[ctx.map.index(p.hex)] = 2;
    const fo = ctx.rules.fortifications, sideAdd = {};
    const roadCost = road ? Math.min(base.hexsides.road.replace, base.hexsides.path.replace) : null;
    for (let i = 0; i < ids.length; i++) {
      if (zones[i] !== 1) continue;
      const h = ids[i];
      for (const n of ctx.map.neighbors(h)) {
        const along = road && (ctx.map.hexsideHas(n, h, "road") || ctx.map.hexsideHas(n, h, "path"));
        const wire = fo.ditch(n, h);
        // 15.2: not by road into a bunker hex here, and so (8.0 d) not across its ditch/wire at all
        if (wire && (!along || fo.bunker(h))) sideAdd[fo.sideKey(n, h)] = BIG;
        else if (along && fo.bunker(h)) {
          const without = base.features.bunker;
          const extra = without === "prohibited" ? BIG : without - roadCost;
          if (extra > 0) sideAdd[fo.sideKey(n, h)] = extra;
        }
      }
    }
    const spec = { base, zones, zoneStop: [1], zoneBlocked: [2] };
    if (Object.keys(sideAdd).length) spec.sideAdd = sideAdd;
    if (ctx.state.cleared.length) spec.removed = { "ditch-wire": ctx.state.cleared.slice().sort() };
    return spec;
  });
}

// ---- where a stack may go ------------------------------------------------------------------------

function minimumMove(ctx, first) { return first && ctx.rules.turns.night("minimum-move") !== false; }

// The cost of each neighbour of `from` as a first step: a search stopped at the neighbours.
function stepCosts(ctx, g, from, spec, leave) {
  const s = Object.assign({}, spec, { stop: ctx.map.neighbors(from) });
  if (leave) s.leaveAdd = { [from]: leave };
  return ctx.map.reach(from, BIG, s);
}

// firstSteps(g, from): {hex: MP} what each neighbour of `from` costs the stack as its next hex,
// whatever its allowance (out of an EZOC with its +1 and without the road, 8.0 b, c).
export function firstSteps(ctx, g, from) {
  const ez = ctx.rules.zoc.zones(ctx.rules.zoc.enemyOf(g.side))[ctx.map.index(from)];
  return ez ? stepCosts(ctx, g, from, positionSpec(ctx, g, false), ctx.tables.zoc.zoc["exit-cost"])
    : stepCosts(ctx, g, from, positionSpec(ctx, g, g.road), 0);
}

// reach(g, from, left, first): Map hex -> {cost, via, step}: where the stack can end this leg and
// what it pays; when the leg leaves an EZOC, `via` is its first hex and `step` what that costs.
export function reach(ctx, g, from, left, first) {
  const out = new Map();
  const put = (h, cost, via, step) => { const o = out.get(h); if (!o || cost < o.cost) out.set(h, { cost, via, step }); };
  const enemy = ctx.rules.zoc.enemyOf(g.side), ez = ctx.rules.zoc.zones(enemy);
  const spec = positionSpec(ctx, g, g.road);
  if (from === "off") {
    const occupied = new Set(ctx.pieces((p) => p.side === enemy && p.hex).map((p) => p.hex));
    for (const h of entryHexes(ctx, g.side)) {
      if (occupied.has(h)) continue;
      const c = entryCost(ctx, g, h);
      if (c === Infinity || c === null) continue;
      if (c <= left) put(h, c, null);
      else if (minimumMove(ctx, first)) put(h, left, null);
    }
    return out;
  }
  const fi = ctx.map.index(from);
  if (ez[fi]) {
    // 8.0 b, c: out of an EZOC at +1, and not by road; the first step decides the rest
    const noRoad = positionSpec(ctx, g, false);
    const steps = stepCosts(ctx, g, from, noRoad, ctx.tables.zoc.zoc["exit-cost"]);
    for (const n of Object.keys(steps).sort()) {
      const c = steps[n];
      if (c > left) { if (minimumMove(ctx, first)) put(n, left, n, left); continue; }
      put(n, c, n, c);
      if (ez[ctx.map.index(n)] || c >= left) continue;
      const r = ctx.map.reachCosts(n, left - c, spec);
      for (const i of r.hexes) put(ctx.map.ids[i], c + r.costs[i], n, c);
    }
    return out;
  }
  const r = ctx.map.reachCosts(from, left, spec);
  for (const i of r.hexes) put(ctx.map.ids[i], r.costs[i], null);
  if (minimumMove(ctx, first) && ctx.map.neighbors(from).some((n) => !out.has(n))) {
    const steps = stepCosts(ctx, g, from, spec, 0);
    for (const n of Object.keys(steps)) if (!out.has(n) && steps[n] < BIG) put(n, left, null);
  }
  return out;
}

// The entry hexes of a side (17.13): its scenario's entry zones, sorted.
export function entryHexes(ctx, side) {
  const e = ctx.state.scenario.entry && ctx.state.scenario.entry[side];
  if (!e) return [];
  return ctx.memo("entry " + side, () => {
    const out = new Set();
    for (const z of e.zones) for (const h of ctx.map.zone(z)) if (!ctx.rules.terrain.prohibited("leg", ctx.map.terrain(h))) out.add(h);
    return [...out].sort();
  });
}

// The hexes of a leg after `from`, and the MP spent on reaching each of them.
function legPath(ctx, g, from, to, left, first) {
  const e = reach(ctx, g, from, left, first).get(to);
  if (!e) return null;
  if (from === "off") return { hexes: [to], costs: [e.cost] };
  const spec = positionSpec(ctx, g, g.road), hexes = [], costs = [];
  let start = from, base = 0;
  if (e.via) {
    hexes.push(e.via);
    costs.push(e.step);
    if (e.via === to) return { hexes, costs };
    start = e.via;
    base = e.step;
  }
  const r = ctx.map.reachCosts(start, left - base, spec);
  if (r.costs[ctx.map.index(to)] === Infinity) return { hexes: hexes.concat([to]), costs: costs.concat([e.cost]) };   // a minimum move
  for (const h of ctx.map.path(start, to, left - base, spec).slice(1)) {
    hexes.push(h);
    costs.push(base + r.costs[ctx.map.index(h)]);
  }
  return { hexes, costs };
}

// ---- the decision ----------------------------------------------------------------------------------

// The units the activation may still move: activated, not moved, on the map or waiting off it.
function movers(ctx) {
  return ctx.memo("movers", () => ctx.piecesById((p) => !p.moved && (p.at === "map" || p.at === "off") && ctx.rules.activation.activates(p)));
}

// The groups a fresh move may take: each hex's movers as one stack, and each mover alone; off the
// map, each unit alone and the whole waiting group if it fits a hex (a bot may state any other
// group that fits: accepts).
function groups(ctx) {
  const by = new Map();
  for (const p of movers(ctx)) {
    const k = p.at === "off" ? "off" : p.hex;
    const l = by.get(k);
    if (l) l.push(p); else by.set(k, [p]);
  }
  const out = [];
  for (const k of [...by.keys()].sort()) {
    const l = by.get(k);
    if (l.length > 1 && (k !== "off" || ctx.rules.stacking.total(l) <= ctx.rules.stacking.limit(false))) out.push({ from: k, pieces: l });
    for (const p of l) out.push({ from: k, pieces: [p] });
  }
  return out;
}

function listing(ctx) {
  return ctx.memo("listing", () => {
    const m = ctx.state.moving, out = [];
    if (m) {
      const g = movingGroup(ctx);
      if (m.path.length) out.push({ do: "continue", to: m.path[m.path.length - 1] });
      else if (!m.stopped && m.spent < g.allowance) {
        for (const [h] of [...reach(ctx, g, m.at, g.allowance - m.spent, m.first)].sort()) if (h !== m.at) out.push({ do: "move", to: h });
      }
      if (!m.path.length && m.units.length > 1) for (const u of m.units) out.push({ do: "drop", unit: u });
      const ov = ctx.rules.overrun;
      if (ov && !m.path.length) for (const a of ov.actions()) out.push(a);
      out.push({ do: "stop" });
      return out;
    }
    for (const gr of groups(ctx)) {
      const g = group(ctx, gr.pieces);
      for (const [h] of [...reach(ctx, g, gr.from, g.allowance, true)].sort()) {
        if (h !== gr.from) out.push({ do: gr.from === "off" ? "enter" : "move", units: g.units, to: h });
      }
    }
    const a = ctx.state.activation;
    if (!a.acted) out.push({ do: "pass" });
    out.push({ do: "done" });
    return out;
  });
}

function movingGroup(ctx) { return group(ctx, ctx.state.moving.units.map((id) => ctx.piece(id))); }

export const move = {
  rule: "9.0",
  side: (ctx) => ctx.state.activation.side,
  prompt(ctx) {
    const m = ctx.state.moving;
    if (m) return m.units.join(", ") + " in " + m.at + ": " + (m.path.length ? "fired at: go on or stop" : "move on, drop a unit off, or stop");
    return ctx.rules.activation.describe() + ": move a unit or stack, or end the movement";
  },
  actions(ctx) { return listing(ctx); },
  // a bot may enter or move any group of the movers that starts together and fits a hex
  accepts(ctx, a) {
    if (ctx.state.moving || (a.do !== "move" && a.do !== "enter") || !Array.isArray(a.units) || !a.units.length) return false;
    const ps = a.units.map((id) => ctx.piece(id));
    if (ps.some((p) => !p || movers(ctx).indexOf(p) < 0)) return false;
    const from = ps[0].at === "off" ? "off" : ps[0].hex;
    if (ps.some((p) => (p.at === "off" ? "off" : p.hex) !== from) || (a.do === "enter") !== (from === "off")) return false;
    if (from === "off" && ctx.rules.stacking.total(ps) > ctx.rules.stacking.limit(false)) return false;
    const sorted = a.units.slice().sort();
    if (sorted.join() !== a.units.join() || new Set(sorted).size !== sorted.length) return false;
    return reach(ctx, group(ctx, ps), from, group(ctx, ps).allowance, true).has(a.to);
  },
  apply(ctx, a) {
    const s = ctx.state;
    if (a.do === "pass") { s.activation.passed = true; passTrace(ctx); ctx.done(); return; }
    if (a.do === "done") { if (s.moving) finish(ctx); ctx.done(); return; }
    if (a.do === "stop") { finish(ctx); return; }
    if (a.do === "drop") { drop(ctx, a.unit); return; }
    if (a.do === "continue") { resume(ctx); return; }
    if (a.do === "overrun") { ctx.rules.overrun.declare(a); return; }
    if (s.moving) { leg(ctx, a.to); return; }
    start(ctx, a);
  },
  why(ctx, a) {
    if (!a || typeof a !== "object") return null;
    const s = ctx.state;
    if (s.moving && a.units) return { reason: "finish the move of " + s.moving.units.join(", ") + " first: each move is completed before the next begins", rule: "9.0" };
    if (a.units) {
      for (const id of a.units) {
        const p = ctx.piece(id);
        if (!p || p.side !== ctx.state.activation.side) return { reason: "no unit " + id + " of the activated side", rule: "9.0" };
        if (p.moved) return { reason: p.name + " has already moved in this activation", rule: "9.0" };
        if (!ctx.rules.activation.activates(p)) return { reason: p.name + " is not activated: not of this battalion, or beyond its HQ's activation range", rule: "6.0" };
      }
      return { reason: a.to + " is out of reach: movement allowance, prohibited terrain, an EZOC on the way or an enemy unit", rule: "9.0, 8.0" };
    }
    return null;
  },
};

function passTrace(ctx) {
  const a = ctx.state.activation;
  ctx.trace({ rule: "6.0", text: ctx.rules.activation.describe() + ": pass, the chit is discarded" });
  a.acted = true;
}

function start(ctx, a) {
  const ps = a.units.map((id) => ctx.piece(id)), g = group(ctx, ps);
  const from = ps[0].at === "off" ? "off" : ps[0].hex;
  ctx.rules.activation.commitStack(ps[0]);
  ctx.state.activation.acted = true;
  for (const p of ps) {
    p.moved = true;
    if (p.riding) { const t = ctx.piece(p.riding); if (t && g.units.indexOf(t.id) < 0) p.riding = null; }
  }
  for (const q of ctx.pieces((r) => r.riding && g.units.indexOf(r.riding) >= 0 && g.units.indexOf(r.id) < 0)) q.riding = null;
  ctx.state.moving = { units: g.units, at: from, spent: 0, path: [], costs: [], stopped: false, lastRoad: false, first: true };
  if (g.riders.length) ctx.trace({ rule: "9.5", table: "riding", text: g.riders.join(", ") + " ride along with the tracked units", visibleTo: [g.side] });
  leg(ctx, a.to);
}

// A leg of the stack in motion to `to`: the path is walked hex by hex (11.4 may stop it).
function leg(ctx, to) {
  const m = ctx.state.moving, g = movingGroup(ctx);
  const p = legPath(ctx, g, m.at, to, g.allowance - m.spent, m.first);
  if (!p) throw new Error("no path for " + m.units.join(", ") + " from " + m.at + " to " + to);
  m.path = p.hexes;
  m.costs = p.costs.map((c) => m.spent + c);
  m.first = false;
  walk(ctx);
}

// 9.2: the step from `from` to `to` uses the road's rate: along a road or path, not out of an
// EZOC (8.0 c) and not into a bunker hex in an EZOC (15.2).
function alongRoad(ctx, g, from, to, enemy) {
  if (from === "off" || !g.road) return false;
  if (!ctx.map.hexsideHas(from, to, "road") && !ctx.map.hexsideHas(from, to, "path")) return false;
  if (ctx.rules.zoc.inZoc(from, enemy)) return false;
  return !(ctx.rules.fortifications.bunker(to) && ctx.rules.zoc.inZoc(to, enemy));
}

// After opportunity fire the stack goes on to the end of its leg, if it still can.
function resume(ctx) {
  const m = ctx.state.moving, to = m.path[m.path.length - 1], g = movingGroup(ctx);
  if (reach(ctx, g, m.at, g.allowance - m.spent, false).has(to)) leg(ctx, to);
  else finish(ctx);
}

// Walks the stack along its path; each hex entered may draw opportunity fire (11.4).
function walk(ctx) {
  const m = ctx.state.moving, g = movingGroup(ctx), fire = ctx.rules.fire;
  const enemy = ctx.rules.zoc.enemyOf(g.side);
  while (m.path.length) {
    const to = m.path.shift(), spent = m.costs.shift(), from = m.at;
    const road = alongRoad(ctx, g, from, to, enemy);
    for (const id of m.units) {
      const p = ctx.piece(id);
      if (p.at === "off") { p.at = "map"; p.entered = ctx.turn; }
      p.hex = to;
    }
    m.at = to;
    m.spent = spent;
    m.lastRoad = road;
    if (ctx.rules.zoc.inZoc(to, enemy)) { m.stopped = true; m.path = []; }
    const uses = g.riders.length ? ["map", "units/counters", "terrain/movement-printed", "movement/riding"] : ["map", "units/counters", "terrain/movement-printed"];
    const how = " (" + spent + " of " + g.allowance + " MP" + (road ? ", along the road" : "") + (m.stopped ? ", EZOC: the move ends" : "") + ")";
    const rule = from === "off" ? "17.13, 9.0" : "9.0", step = (from === "off" ? "enter at " : from + " -> ") + to;
    ctx.trace({ rule, table: "terrain/movement", uses, text: m.units.join(", ") + " " + step + how, visibleTo: [g.side] });
    ctx.trace({ rule, text: "a stack of " + m.units.length + " " + g.side + " unit" + (m.units.length > 1 ? "s " : " ") + step });
    if (fire && fire.chance(m.units, to, road)) {
      ctx.interrupt("fire.opportunity", { hex: to }, "opportunity fire at " + to);
      return;
    }
  }
}

// The units hit by opportunity fire halt (11.3): pinned or eliminated units leave the stack.
export function halt(ctx, id) {
  const m = ctx.state.moving;
  if (!m) return;
  const p = ctx.piece(id);
  if (p.hex) stopUnit(ctx, p, m, group(ctx, m.units.map((u) => ctx.piece(u))));
  m.units = m.units.filter((u) => u !== id);
  if (!m.units.length) ctx.state.moving = null;
}

function drop(ctx, id) {
  const p = ctx.piece(id);
  halt(ctx, id);
  ctx.trace({ rule: "9.3", text: p.name + " is dropped off in " + p.hex + ": its move ends", visibleTo: [p.side] });
}

// A unit's move ends: the road move marker if it came in by road (9.2), riding if it rode (9.5).
function stopUnit(ctx, p, m, g) {
  p.roadMove = m.lastRoad;
  p.riding = g.riders.indexOf(p.id) >= 0 ? pairedTank(ctx, g, p.id) : null;
}

function pairedTank(ctx, g, riderId) {
  const tanks = g.units.filter((u) => ctx.piece(u).kind === "tracked");
  const i = g.riders.indexOf(riderId);
  return tanks[Math.floor(i / ctx.table.riding["riders-per-tracked"]) % tanks.length];
}

// The stack in motion stops: its units' moves end.
export function finish(ctx) {
  const m = ctx.state.moving;
  if (!m) return;
  const g = movingGroup(ctx);
  for (const id of m.units) stopUnit(ctx, ctx.piece(id), m, g);
  ctx.state.moving = null;
}

// For the inspector: the selected unit's reach (hex: MP), as if it moved alone now.
export function reachOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (!p || (p.at !== "map" && p.at !== "off")) return {};
  const g = group(ctx, [p]), out = {};
  for (const [h, e] of reach(ctx, g, p.at === "off" ? "off" : p.hex, g.allowance, !p.moved)) out[h] = e.cost;
  return out;
}
