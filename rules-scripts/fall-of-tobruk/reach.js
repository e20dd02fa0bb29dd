// The Fall of Tobruk: what a move costs and where it may end (the movement section's searches).
//   10.11 a unit spends MPs by its mobility type's column of the Terrain Effects Chart (terrain.js,
//         a placeholder); along a road or track the route's cost replaces the hex's and cancels
//         the hexside's own cost.
//   10.2  no minimum move: a hex the unit cannot pay for is out of reach.
//   4.12, 10.12  +1 MP to enter an enemy ZOC hex, +2 to leave one; a unit entering an enemy HZOC
//         stops there; ZOC to ZOC is allowed at those costs.
//   4.21  a move ends only where the whole group fits (stacking.fitsWith; one HQ a hex, 7.11).
//   8.2   artillery may not move next to an enemy unit unless a non-artillery unit moves with it.
//   13.1, 13.3  a minefield hexside costs half the available MPs, but nothing once breached, and
//         nothing to Allied units along a road or track or leaving a box (minefields.moveCost).
//   15.2  once withdrawal is triggered, Allied units may leave off the east edge.
//   5.11  reinforcements waiting off the map enter into a hex of their edge, paying that hex's cost
//         (our reading: its terrain cost and any enemy ZOC cost, no road from off the map), then
//         on; the units waiting at one edge are one stack (activation.stackKey): entering, origin.
//   16.42 May 26 turning movement: never next to an Allied unit.
// Searches: one kernel search (ctx.map.reach) per unit, priced as the cost model can say it; the
// hexsides it over-charges (a route across an escarpment, wadi or AT ditch; a minefield crossed
// free) are then crossed at their true price and searched on from the far side (search()).
// A situation (situation(side)) holds what every search of one position shares; the movement
// section asks it for destinations, canGo, exactStep, refuseTo.
// Tables: terrain.yaml (movement-costs, through terrain.js), zoc.yaml (movement).

const EPS = 1e-9;

function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }
function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function has(ctx, section, name) { const s = ctx.rules[section]; return !!s && typeof s[name] === "function"; }
function asSet(list) { const o = {}; for (const x of list) o[x] = true; return o; }
function tec(ctx) { return ctx.tables.terrain["movement-costs"]; }

// mpText(x): MPs as traces write them ("2\u00bd").
export function mpText(ctx, x) {
  const whole = Math.floor(x), frac = Math.round((x - whole) * 100) / 100;
  return frac === 0.5 ? (whole ? whole + "\u00bd" : "\u00bd") : String(Math.round(x * 100) / 100);
}

// 16.42: the turning-movement terms of the piece ({maMultiplier, ...}), or null.
function turning(ctx, p) { return has(ctx, "activation", "turningMovement") ? ctx.rules.activation.turningMovement(p) || null : null; }

// ---- 13.1 minefields (the minefields section prices them) ---------------------------------------

function mineFeatures(ctx) { return ctx.rules.minefields.features(); }

// The cost model's minefield hexsides: the crossing cost of the available MPs on every one
// (over-charging the free crossings, which search() puts right).
function mineSides(ctx, p, available) { return ctx.rules.minefields.movementSides(p, available) || {}; }

// The true minefield cost of crossing x -> y: {mp, note}.
function mineCost(ctx, p, x, y, available, sides) {
  if (!mineFeatures(ctx).some((f) => sides.indexOf(f) >= 0)) return { mp: 0, note: null };
  const mp = ctx.rules.minefields.moveCost(p, x, y, available);
  if (mp) return { mp, note: "+" + mpText(ctx, mp) + " minefield, x" + ctx.tables.minefields.movement["crossing-cost"] + " of " + mpText(ctx, available) + " MPs (13.1)" };
  const free = ctx.rules.minefields.freeCrossing(p.side, x, y);
  return { mp: 0, note: free ? "minefield free: " + free.reason + " (" + free.rule + ")" : "minefield free" };
}

// ---- 5.11 reinforcements entering ----------------------------------------------------------------

// entering(piece): a reinforcement off the map whose day has come, with the edges it enters by.
export function entering(ctx, p) {
  return p.at === "arriving" && !!p.entry && p.entry.length > 0 && ctx.rules.reinforcements.waiting(p);
}

// Where a unit starts its move: its hex, or for a reinforcement off the map its stack's key (7.21).
export function origin(ctx, p) {
  if (p.at === "map") return p.hex;
  if (has(ctx, "activation", "stackKey")) return ctx.rules.activation.stackKey(p);
  return "off-map:" + p.side + ":" + (p.entry || []).join("+");
}

// The map hexes of the unit's entry edges (the map's zones of those names), sorted.
function entryHexes(ctx, p) {
  const set = {};
  for (const z of p.entry || []) {
    let hexes = [];
    try { hexes = ctx.map.zone(z); } catch (e) { throw new Error("the map has no zone " + JSON.stringify(z) + " for " + p.id + " to enter by (5.11)"); }
    for (const h of hexes) if (ctx.map.has(h)) set[h] = true;
  }
  return Object.keys(set).sort();
}

// The price of entering `hex` from off the map: {mp, parts}; mp null when it may not be entered.
export function entryStep(ctx, sit, m, hex) {
  if (m.blocked.has(hex)) return { mp: null, parts: [hex + " is barred: " + (sit.enemyAt.has(hex) ? "enemy units" : "next to an enemy unit") ] };
  const terr = ctx.map.terrain(hex), row = tec(ctx).hex[terr];
  if (!row || row[m.col] === "P") return { mp: null, parts: [terr + " is prohibited to " + m.col + " units (TEC)"] };
  let mp = row[m.col];
  const parts = ["entering the map, " + terr + " " + mpText(ctx, mp) + " (5.11)"];
  const i = ctx.map.index(hex), add = sit.enter[sit.z[i]];
  if (add) { mp += add; parts.push("+" + add + " entering enemy " + (sit.z[i] === 2 ? "HZOC" : "LZOC") + " (4.12)"); }
  return { mp, parts };
}

// The search of an entering unit: from each entry hex it can pay for, on with the MPs left; each
// hex keeps its cheapest entry (the first in order at a tie): a search result (from -1: off the
// map) with entry (hex index -> entry hex) and subs ({entry hex: {r, cost}}). Shared by the units
// of one cost model and entry set.
function entrySearch(ctx, sit, m, p, limit) {
  const hexes = entryHexes(ctx, p);
  const key = m.key + "|" + limit + "|" + hexes.join(",");
  sit.entries = sit.entries || {};
  if (sit.entries[key]) return sit.entries[key];
  const n = ctx.map.ids.length;
  const best = new Float64Array(n).fill(Infinity), entry = new Array(n).fill(null), subs = {}, reached = [];
  for (const e of hexes) {
    const c = entryStep(ctx, sit, m, e);
    if (c.mp === null || c.mp > limit + EPS) continue;
    const r = sit.stopSet.has(e) ? only(ctx, e) : search(ctx, sit, m, e, limit - c.mp);
    subs[e] = { r, cost: c.mp };
    for (const i of r.reached) {
      const v = c.mp + r.all[i];
      if (v < best[i] - EPS) { if (best[i] === Infinity) reached.push(i); best[i] = v; entry[i] = e; }
    }
  }
  const out = { from: -1, all: best, via: new Map(), entry, subs, reached };
  sit.entries[key] = out;
  return out;
}

// ---- search results --------------------------------------------------------------------------------
// {from: start index (-1 off the map), all: Float64Array of MPs by hex index (Infinity: out of
// reach; the start at 0), reached: the indices of all that are not Infinity, via: Map hex index ->
// {x, y}}.

// The result of a unit that may not leave `hex`.
function only(ctx, hex) {
  const all = new Float64Array(ctx.map.ids.length).fill(Infinity), i = ctx.map.index(hex);
  all[i] = 0;
  return { from: i, all, via: new Map(), reached: [i] };
}

// The MPs to end in `hex` (the start left out), or undefined.
export function costTo(ctx, r, hex) {
  const i = ctx.map.index(hex);
  return i === r.from || r.all[i] === Infinity ? undefined : r.all[i];
}

// The hexes a move may end in (the start left out).
function endHexes(ctx, r) {
  const ids = ctx.map.ids, out = [];
  for (const i of r.reached) if (i !== r.from) out.push(ids[i]);
  return out;
}

// ---- the situation of one call -------------------------------------------------------------------

// What every search of one call shares: the enemy's ZOC (z: levels by hex index, the kernel
// search's zones; enter and leave: the 4.12 costs by level), where the units stand (friendly: a
// Map by hex), and the cost models and searches made so far.
export function situation(ctx, side) {
  return ctx.memo("situation " + side, () => situationNow(ctx, side));
}

function situationNow(ctx, side) {
  const enemy = other(ctx, side);
  const ids = ctx.map.ids;
  const z = ctx.rules.zoc.levels(enemy);
  const zt = ctx.tables.zoc.movement;
  const enter = [0, zt["enter-cost"].LZOC || 0, zt["enter-cost"].HZOC || 0], leave = [0, zt["leave-cost"].LZOC || 0, zt["leave-cost"].HZOC || 0];
  const stop = [];
  for (let i = 0; i < ids.length; i++) if (z[i] === 2) stop.push(ids[i]);
  const friendly = new Map(), enemyAt = new Set(), waiting = {};
  for (const p of Object.values(ctx.state.pieces)) {
    if (p.side === side && entering(ctx, p)) { (waiting[origin(ctx, p)] = waiting[origin(ctx, p)] || []).push(p); continue; }
    if (p.at !== "map" || !p.hex) continue;
    if (p.side !== side) { enemyAt.add(p.hex); continue; }
    const l = friendly.get(p.hex);
    if (l) l.push(p); else friendly.set(p.hex, [p]);
  }
  const enemyHexes = Array.from(enemyAt);
  const near = new Set();
  for (const h of enemyHexes) for (const n of ctx.map.neighbors(h)) if (!enemyAt.has(n)) near.add(n);
  for (const k of Object.keys(waiting)) waiting[k].sort(byId);
  return { side, enemy, z, enter, leave, stop, stopSet: new Set(stop), friendly, waiting, enemyAt, enemyHexes,
    nearSet: near, models: {}, searches: {}, eligible: null, lazy: false, asked: 0 };
}

// The cost model of one unit: the kernel spec and what the true prices need. `escorted`: a
// non-artillery unit moves with it (8.2).
export function model(ctx, sit, p, available, escorted) {
  const col = ctx.rules.terrain.column(p.mobility);
  const turn = !!turning(ctx, p);
  const lone = !!p.artillery && !escorted;
  const key = col + "|" + available + "|" + (turn ? "T" : "") + (lone ? "A" : "");
  if (sit.models[key]) return sit.models[key];
  const blocked = turn || lone ? sit.enemyHexes.concat(Array.from(sit.nearSet)) : sit.enemyHexes;
  const spec = { base: baseSpec(ctx, p, col, available), zones: sit.z, zoneEnterAdd: sit.enter, zoneLeaveAdd: sit.leave, zoneStop: [2], blocked };
  const m = { key, col, p, available, spec, blocked: new Set(blocked), turn, lone };
  sit.models[key] = m;
  return m;
}

// The TEC part of a unit's cost model, for its mobility column and MP allowance (minefields cost
// half of it, 13.1): the tables alone decide it, so it is made, and compiled, once.
function baseSpec(ctx, p, col, available) {
  return ctx.once("spec " + col + "|" + available, () => ({
    terrain: ctx.rules.terrain.terrainCosts(col), defaultProhibited: false,
    hexsides: Object.assign(ctx.rules.terrain.hexsideCosts(col), mineSides(ctx, p, available)),
  }));
}

// exactStep(m, x, y): the true price of one step x -> y for the model's unit: {mp, parts}; mp
// null when the step is barred.
export function exactStep(ctx, sit, m, x, y) {
  if (m.blocked.has(y)) {
    const why = sit.enemyAt.has(y) ? "enemy units" : m.turn ? "next to an Allied unit (16.42)" : "next to an enemy unit, artillery alone (8.2)";
    return { mp: null, parts: [y + " is barred: " + why] };
  }
  const t = tec(ctx), col = m.col, terr = ctx.map.terrain(y);
  const row = t.hex[terr];
  if (!row || row[col] === "P") return { mp: null, parts: [terr + " is prohibited to " + col + " units (TEC)"] };
  const sides = ctx.map.hexside(x, y);
  const route = ctx.rules.terrain.routeOn(sides, col);
  let mp = route ? route.mp : row[col];
  const parts = [route ? "along the " + route.f + " " + mpText(ctx, mp) : terr + " " + mpText(ctx, mp)];
  if (sides.length) {
    for (const f of Object.keys(t.hexside).sort()) {
      if (sides.indexOf(f) < 0) continue;
      const v = t.hexside[f][col];
      if (route) { parts.push(f + " crossed by the " + route.f); continue; }
      if (v === "P") return { mp: null, parts: [f + " hexside prohibited to " + col + " units (TEC)"] };
      mp += v;
      parts.push("+" + mpText(ctx, v) + " " + f);
    }
    const mine = mineCost(ctx, m.p, x, y, m.available, sides);
    mp += mine.mp;
    if (mine.note) parts.push(mine.note);
  }
  const iy = ctx.map.index(y), ix = ctx.map.index(x), ea = sit.enter[sit.z[iy]], la = sit.leave[sit.z[ix]];
  if (ea) { mp += ea; parts.push("+" + ea + " entering enemy " + (sit.z[iy] === 2 ? "HZOC" : "LZOC") + " (4.12)"); }
  if (la) { mp += la; parts.push("+" + la + " leaving enemy ZOC (4.12)"); }
  return { mp, parts };
}

// The hexsides the kernel's model over-charges: a route across an escarpment, wadi or AT ditch,
// and every minefield: ["a/b"]. The map and the TEC alone decide them.
function specialSides(ctx) {
  return ctx.once("special sides", () => {
    const adds = Object.keys(tec(ctx).hexside), rs = ctx.rules.terrain.routes(), mines = mineFeatures(ctx);
    const list = [];
    for (const a of ctx.map.ids) {
      for (const b of ctx.map.neighbors(a)) {
        if (b < a) continue;
        const s = ctx.map.hexside(a, b);
        if (!s.length) continue;
        const over = mines.some((f) => s.indexOf(f) >= 0) || (rs.some((f) => s.indexOf(f) >= 0) && adds.some((f) => s.indexOf(f) >= 0));
        if (over) list.push(a + "/" + b);
      }
    }
    return Object.freeze(list);
  });
}

// The same as a Map hex -> [neighbours across an over-charged hexside].
function special(ctx) {
  return ctx.once("special", () => {
    const out = new Map();
    for (const k of specialSides(ctx)) {
      const [a, b] = k.split("/");
      if (out.has(a)) out.get(a).push(b); else out.set(a, [b]);
      if (out.has(b)) out.get(b).push(a); else out.set(b, [a]);
    }
    return out;
  });
}


// search(m, from, limit): every hex the unit reaches within `limit` MPs at true prices, a search
// result whose via names the last over-charged hexside crossed at its true price on the way to a
// hex. One kernel search, then one more from the far side of each over-charged hexside that
// improves on it.
function search(ctx, sit, m, from, limit) {
  const spec = m.spec, ids = ctx.map.ids;
  const first = ctx.map.reachCosts(from, limit, spec);
  const all = first.costs, reached = first.hexes;
  const fi = ctx.map.index(from);
  const via = new Map();
  all[fi] = 0;
  reached.push(fi);
  const sp = special(ctx);
  let frontier = [];
  for (const i of reached) if (sp.has(ids[i])) frontier.push(ids[i]);
  for (let round = 0; round < 16 && frontier.length; round++) {
    const improved = new Set();
    for (const x of frontier.sort()) {
      if (x !== from && sit.stopSet.has(x)) continue;
      const ix = ctx.map.index(x);
      for (const y of sp.get(x)) {
        const s = exactStep(ctx, sit, m, x, y);
        if (s.mp === null) continue;
        const iy = ctx.map.index(y);
        const cost = all[ix] + s.mp;
        if (cost > limit + EPS || all[iy] <= cost + EPS) continue;
        if (cost < all[iy] - EPS) { if (all[iy] === Infinity) reached.push(iy); all[iy] = cost; via.set(iy, { x, y }); improved.add(iy); }
        if (sit.stopSet.has(y)) continue;
        const more = ctx.map.reachCosts(y, limit - cost, spec);
        for (const i of more.hexes) {
          const v = cost + more.costs[i];
          if (v < all[i] - EPS) { if (all[i] === Infinity) reached.push(i); all[i] = v; via.set(i, { x, y }); improved.add(i); }
        }
      }
    }
    frontier = [];
    for (const i of improved) if (sp.has(ids[i])) frontier.push(ids[i]);
  }
  return { from: fi, all, via, reached };
}

export function pathTo(ctx, r, m, from, to, limit) {
  const v = r.via.get(ctx.map.index(to));
  if (!v) return to === from ? [from] : ctx.map.path(from, to, limit, m.spec);
  const head = pathTo(ctx, r, m, from, v.x, limit);
  return head.concat(v.y === to ? [to] : ctx.map.path(v.y, to, limit - r.all[ctx.map.index(v.y)], m.spec));
}

// The unit's search from where it stands, with its own allowance (kept for the call).
function searchOf(ctx, sit, p, escorted) {
  const key = p.id + "|" + (escorted ? "e" : "");
  if (!sit.searches[key]) {
    const a = ctx.rules.movement.allowance(p).mp;
    const m = model(ctx, sit, p, a, escorted);
    const none = { from: -1, all: new Float64Array(ctx.map.ids.length).fill(Infinity), via: new Map(), reached: [] };
    sit.searches[key] = { m, a, r: a <= 0 ? none : p.at === "map" ? search(ctx, sit, m, p.hex, a) : entrySearch(ctx, sit, m, p, a) };
  }
  return sit.searches[key];
}

// ---- where a group may go ----------------------------------------------------------------------

// The map edge units leave by (15.2: victory.yaml allied-exit-totals edge, the map's zone
// "<edge>-edge").
function exitEdge(ctx) {
  const edge = ctx.tables.victory["allied-exit-totals"].edge;
  try { return ctx.map.zone(edge + "-edge"); } catch (e) { if (edge !== "east") throw e; /* the map names no east edge: its last column */ }
  let last = 0;
  for (const id of ctx.map.ids) last = Math.max(last, +id.slice(0, id.length - 2));
  return ctx.map.ids.filter((id) => +id.slice(0, id.length - 2) === last);
}

// May `side` take units off the map now (15.2: Allied units, once withdrawal is triggered)?
export function mayExit(ctx, side) {
  const t = ctx.tables.victory["allied-exit-totals"];
  if (side !== "allied" && !t["axis-may-exit"]) return false;
  return has(ctx, "victory", "withdrawalOpen") ? !!ctx.rules.victory.withdrawalOpen() : !!ctx.state.withdrawal;
}

// 4.21: may the group end in hex, with the friendly units there (stacking.fitsWith)?
function fitsIn(ctx, sit, units, hex) { return ctx.rules.stacking.fitsWith(units, sit.friendly.get(hex) || [], hex); }

// Has the group anywhere to go? First the cheap answer: a neighbouring hex every unit can pay
// for and the group fits in; only when the neighbours it can pay for are all full (or it might
// leave the map) the whole search.
export function canGo(ctx, sit, units) {
  const escorted = units.some((p) => !p.artillery);
  const from = units[0].hex;
  const off = units[0].at !== "map";
  let search = mayExit(ctx, sit.side) && !off;
  for (const n of off ? entryHexes(ctx, units[0]) : ctx.map.neighbors(from)) {
    let paid = true;
    for (const p of units) {
      const a = ctx.rules.movement.allowance(p).mp;
      const m = model(ctx, sit, p, a, escorted);
      const c = off ? entryStep(ctx, sit, m, n) : exactStep(ctx, sit, m, from, n);
      if (c.mp === null || c.mp > a + EPS) { paid = false; break; }
    }
    if (!paid) continue;
    if (fitsIn(ctx, sit, units, n).ok) return true;
    search = true;
  }
  if (!search) return false;
  const d = destinations(ctx, sit, units);
  return d.hexes.length > 0 || d.exits.length > 0;
}

// The hexes the group may end in (every unit reaches it with its own MPs and the group fits there,
// 4.21), the east-edge hexes it may leave from (15.2), and each unit's search.
export function destinations(ctx, sit, units) {
  const escorted = units.some((p) => !p.artillery);
  const per = {};
  let common = null;
  for (const p of units) {
    const s = searchOf(ctx, sit, p, escorted);
    per[p.id] = s;
    common = common === null ? endHexes(ctx, s.r) : common.filter((h) => costTo(ctx, s.r, h) !== undefined);
  }
  common = (common || []).sort();
  const hexes = [];
  let alone = null;
  for (const h of common) {
    if (sit.friendly.has(h) && sit.friendly.get(h).length) { if (fitsIn(ctx, sit, units, h).ok) hexes.push(h); }
    else {
      if (alone === null) alone = fitsIn(ctx, sit, units, h).ok;
      if (alone) hexes.push(h);
    }
  }
  let exits = [];
  if (mayExit(ctx, sit.side) && units[0].at === "map") {
    const edge = exitEdge(ctx), inCommon = asSet(common);
    exits = edge.indexOf(units[0].hex) >= 0 ? [units[0].hex] : edge.filter((h) => inCommon[h]).sort();
  }
  return { hexes, exits, per, escorted };
}


// Why the group may not end its move in `to`, {rule, reason}.
export function refuseTo(ctx, sit, units, to) {
  const from = units[0].hex;
  if (typeof to !== "string" || !ctx.map.has(to)) return { rule: "10.1", reason: JSON.stringify(to) + " is not a hex of the map" };
  if (to === from) return { rule: "10.1", reason: "the group stands in " + to + " already" };
  if (sit.enemyAt.has(to)) return { rule: "10.1", reason: to + " holds enemy units" };
  const escorted = units.some((p) => !p.artillery);
  for (const p of units) {
    const s = searchOf(ctx, sit, p, escorted);
    if (costTo(ctx, s.r, to) !== undefined) continue;
    if (p.at !== "map") return { rule: "5.11", reason: p.id + " cannot reach " + to + " from any hex of the " + p.entry.join(" or ") +
      " within its " + mpText(ctx, s.a) + " MPs (the entry hex's cost, terrain, enemy units and ZOCs)" };
    if (s.m.turn && sit.nearSet.has(to)) return { rule: "16.42", reason: p.id + " is on the turning movement and may not move next to an Allied unit" };
    if (s.m.lone && sit.nearSet.has(to)) return { rule: "8.2", reason: "artillery may not move next to an enemy unit unless a non-artillery unit moves with it" };
    const open = Object.assign({}, s.m, { spec: Object.assign({}, s.m.spec, { zoneStop: [] }) });
    const free = search(ctx, Object.assign({}, sit, { stopSet: new Set() }), open, from, s.a);
    if (costTo(ctx, free, to) !== undefined) return { rule: "4.12", reason: "every way to " + to + " within " + p.id + "'s " + mpText(ctx, s.a) + " MPs enters an enemy HZOC, where it must stop (4.12, 10.12)" };
    const far = costTo(ctx, search(ctx, sit, s.m, from, 1000), to);
    if (far !== undefined) return { rule: "10.2", reason: "reaching " + to + " costs " + p.id + " at least " + mpText(ctx, far) + " MPs; it has " + mpText(ctx, s.a) };
    return { rule: "10.11", reason: "no way for " + p.id + " to " + to + ": prohibited terrain or hexsides (TEC), enemy units" + (s.m.turn ? ", Allied units' neighbours (16.42)" : "") + (s.m.lone ? ", enemy units' neighbours (8.2)" : "") };
  }
  const f = ctx.rules.stacking.fits(units, to);
  if (!f.ok) return { rule: f.rule, reason: f.reason };
  return null;
}

// move(ids, to): moves these units of one stack to `to` ("exit": off the east edge, 15.2) as a
