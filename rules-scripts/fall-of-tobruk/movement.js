// The Fall of Tobruk, section 10.0: movement, with the movement parts of 3.4, 4.12, 4.21, 4.3,
// 8.2, 12.2, 13.1, 14.3, 15.2 and 16.42.
//   3.43  a Movement Impulse moves one unit, or a group of units of one stack, of the activation
//         under way (activation.eligible / activation.spend, 7.21).
//   3.4   a ground unit moves in at most one Movement Impulse per Operations Phase (`moved`).
//         CARDINAL RULE #2: a unit's move is made whole, in one go.
//   10.11 a unit spends MPs up to its MA, by its mobility type's column of the Terrain Effects
//         Chart (terrain.yaml movement-costs: a placeholder). Along a road or track (a route
//         hexside) the route's cost replaces the hex's and cancels the hexside's own cost; MPs
//         are neither saved nor lent.
//   10.2  no minimum move: a hex the unit cannot pay for is out of reach.
//   4.12, 10.12  +1 MP to enter an enemy ZOC hex, +2 to leave one; a unit entering an enemy HZOC
//         stops there (and must attack: the combat section); ZOC to ZOC is allowed at those costs.
//   4.21  no move ends over the stacking limit (stacking.fits); only one HQ a hex (7.11).
//   4.3, 10.3, 8.2  weapons and artillery that move get Half Move/Half Fire (half their available
//         MPs or less) or Full Move/No Fire (more); Axis Semovente and heavy AT are exempt.
//         Armor and infantry are simply Movement Complete (`moved`). Operations Complete (7.3) is
//         the activation section's, as the activation ends.
//   8.2   artillery may not move next to an enemy unit unless a non-artillery unit moves with it.
//   12.2  Disrupted units move with their reduced MA (movement.yaml disrupted-allowance, a
//         placeholder); 14.3 unsupplied units with 3 MPs at most.
//   13.1, 13.3  a minefield hexside costs half the available MPs, but nothing once breached, and
//         nothing to Allied units along a road or track or leaving a box (minefields.moveCost).
//   15.2  once withdrawal is triggered, Allied units may leave off the east edge.
//   5.11  reinforcements waiting off the map (piece.entry: the edge zones they came to) enter in a
//         Movement Impulse of their activation: into a hex of their edge, paying that hex's cost
//         (our reading: its terrain cost and any enemy ZOC cost, no road from off the map), then on;
//         the units waiting at one edge are one stack (activation.stackKey): entering().
//   16.42 May 26 turning movement: triple MA, never next to an Allied unit.
// Searches: one kernel search (ctx.map.reach) per unit, priced as the cost model can say it; the
// hexsides it over-charges (a route across an escarpment, wadi or AT ditch; a minefield crossed
// free) are then crossed at their true price and searched on from the far side (search()).
// Decisions: `impulse` (choose a unit or a stack) and `destination` (its group and where it goes).
// Hooks: every section exporting afterMove(piece, path) hears of each completed move.
// Tables: tables/fall-of-tobruk/movement.yaml, terrain.yaml (movement-costs), zoc.yaml (movement).
// State: state.movement = {group: {hex, units} while a destination is chosen (hex: the stack's
// key off-map:<side>:<edges> for reinforcements entering), special: the over-charged hexsides of
// the map, worked out once}.

const MOBILITY = { leg: "Leg", tracked: "Tracked", wheeled: "Wheeled" };
// B.113 weapons units (lower-case types of units.yaml): 4.3 applies to them and to artillery.
const WEAPONS = ["recon", "light-at", "heavy-at", "light-aa", "heavy-aa"];
const EPS = 1e-9;

function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }
function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function mpText(x) {
  const whole = Math.floor(x), frac = Math.round((x - whole) * 100) / 100;
  return frac === 0.5 ? (whole ? whole + "\u00bd" : "\u00bd") : String(Math.round(x * 100) / 100);
}
function has(ctx, section, name) { const s = ctx.rules[section]; return !!s && typeof s[name] === "function"; }
function asSet(list) { const o = {}; for (const x of list) o[x] = true; return o; }

// Calls `name(...args)` of every section exporting it, in section-name order (this one skipped).
function hooks(ctx, name, ...args) {
  for (const s of Object.keys(ctx.rules).sort()) {
    if (s === ctx.section) continue;
    const f = ctx.rules[s][name];
    if (typeof f === "function") f(...args);
  }
}

function actingSide(ctx) {
  const a = ctx.state.activation;
  return (a && a.side) || ctx.active;
}

function mstate(ctx) {
  if (!ctx.state.movement) ctx.state.movement = { group: null };
  return ctx.state.movement;
}

// ---- the Terrain Effects Chart (placeholder) ---------------------------------------------------

function tec(ctx) { return ctx.tables.terrain["movement-costs"]; }

function column(mobility) {
  const c = MOBILITY[mobility];
  if (!c) throw new Error("unknown mobility type " + JSON.stringify(mobility) + " (10.11: leg, tracked or wheeled)");
  return c;
}

function routes(ctx) { return Object.keys(tec(ctx).routes).sort(); }

// The cheapest route crossing the hexside for this column, {f, mp}, or null.
function routeOn(ctx, sides, col) {
  if (!sides.length) return null;
  const t = tec(ctx);
  let best = null;
  for (const r of routes(ctx)) if (sides.indexOf(r) >= 0 && (best === null || t.routes[r][col] < best.mp)) best = { f: r, mp: t.routes[r][col] };
  return best;
}

// mayCross(mobility, from, to): could a unit of this mobility type move from `from` into the
// adjacent `to` at all, enemy units and MPs aside (TEC "P"; a route across lifts a hexside's P)?
// The ZOC section asks it too (4.11).
export function mayCross(ctx, mobility, from, to) {
  const col = column(mobility);
  const t = tec(ctx);
  const row = t.hex[ctx.map.terrain(to)];
  if (row && row[col] === "P") return false;
  const sides = ctx.map.hexside(from, to);
  if (!sides.length || routeOn(ctx, sides, col)) return true;
  for (const f of Object.keys(t.hexside)) if (t.hexside[f][col] === "P" && sides.indexOf(f) >= 0) return false;
  return true;
}

// crossableBy(from, to): mayCross for the three mobility types at once, with the hexside's
// features: {leg, tracked, wheeled, sides} (the ZOC section asks it for every hexside of a stack).
export function crossableBy(ctx, from, to) {
  const t = tec(ctx);
  const row = t.hex[ctx.map.terrain(to)];
  const sides = ctx.map.hexside(from, to);
  const out = { sides };
  for (const mob of Object.keys(MOBILITY)) {
    const col = MOBILITY[mob];
    let ok = !(row && row[col] === "P");
    if (ok && sides.length && !routeOn(ctx, sides, col)) {
      for (const f of Object.keys(t.hexside)) if (t.hexside[f][col] === "P" && sides.indexOf(f) >= 0) ok = false;
    }
    out[mob] = ok;
  }
  return out;
}

function terrainCosts(ctx, col) {
  const out = {};
  const hex = tec(ctx).hex;
  for (const k of Object.keys(hex).sort()) out[k] = hex[k][col] === "P" ? "prohibited" : hex[k][col];
  return out;
}

// The hexside part of the kernel's cost model: routes replace the hex cost; escarpment, wadi and
// AT ditch add to it, or bar the way ("P") unless a route crosses the hexside. The model cannot
// say "a route cancels the add": search() puts those hexsides right.
function hexsideCosts(ctx, col) {
  const t = tec(ctx);
  const out = {};
  const rs = routes(ctx);
  for (const r of rs) out[r] = { replace: t.routes[r][col] };
  for (const f of Object.keys(t.hexside).sort()) {
    const v = t.hexside[f][col];
    out[f] = v === "P" ? { block: true, unless: rs } : { add: v };
  }
  return out;
}

// ---- 13.1 minefields (the minefields section prices them) ---------------------------------------

function mineFeatures(ctx) { return has(ctx, "minefields", "features") ? ctx.rules.minefields.features() : ["minefield"]; }

// The cost model's minefield hexsides: half the available MPs on every one (over-charging the
// free crossings, which search() puts right).
function mineSides(ctx, p, available) {
  if (has(ctx, "minefields", "movementSides")) return ctx.rules.minefields.movementSides(p, available) || {};
  const out = {};
  for (const f of mineFeatures(ctx)) out[f] = { add: available / 2 };
  return out;
}

// The true minefield cost of crossing x -> y: {mp, note}.
function mineCost(ctx, p, x, y, available, sides) {
  if (!mineFeatures(ctx).some((f) => sides.indexOf(f) >= 0)) return { mp: 0, note: null };
  if (!has(ctx, "minefields", "moveCost")) return { mp: available / 2, note: "+" + mpText(available / 2) + " minefield, half of " + mpText(available) + " MPs (13.1)" };
  const mp = ctx.rules.minefields.moveCost(p, x, y, available);
  if (mp) return { mp, note: "+" + mpText(mp) + " minefield, half of " + mpText(available) + " MPs (13.1)" };
  const free = has(ctx, "minefields", "freeCrossing") ? ctx.rules.minefields.freeCrossing(p.side, x, y) : null;
  return { mp: 0, note: free ? "minefield free: " + free.reason + " (" + free.rule + ")" : "minefield free" };
}

// ---- movement allowance --------------------------------------------------------------------------

// 16.42: the turning-movement terms of the piece ({maMultiplier, ...}), or null.
function turning(ctx, p) { return has(ctx, "activation", "turningMovement") ? ctx.rules.activation.turningMovement(p) || null : null; }

// allowance(piece): the MPs the unit has for a move now, with the reasons: {mp, parts,
// placeholder} (`placeholder`: the Disrupted MA came from the disrupted-allowance stand-in).
export function allowance(ctx, p) {
  const g = ctx.table.general;
  let mp = p.ma || 0, placeholder = false;
  const parts = ["MA " + mp];
  if (p.disrupted && !p.hq) {                                            // 12.2 (HQs never are: 12.1)
    const d = ctx.table["disrupted-allowance"];
    if (typeof p[d["piece-field"]] === "number") { mp = p[d["piece-field"]]; parts[0] = "Disrupted MA " + mp + " (12.2)"; }
    else { mp = mp * d.factor; placeholder = true; parts[0] = "MA " + p.ma + " x" + d.factor + " Disrupted = " + mpText(mp) + " (12.2; disrupted-allowance, placeholder)"; }
  }
  const t = turning(ctx, p);
  if (t) {
    const k = t.maMultiplier || g["axis-surprise-may-26"]["ma-multiplier"];
    mp *= k;
    parts.push("x" + k + " on the turning movement = " + mpText(mp) + " (16.42)");
  }
  if (p.oos && mp > g["out-of-supply-max-mp"]) {
    mp = g["out-of-supply-max-mp"];
    parts.push("out of supply: " + mp + " at most (14.3)");
  }
  if (p.artillery && p.bombarded && p.moveMarker === "half-move-half-fire") {
    mp = mp / 2;
    parts.push("fired at half value: half its MPs, " + mpText(mp) + " (B.123, 8.12; our reading)");
  }
  return { mp, parts, placeholder };
}

// ---- 5.11 reinforcements entering ----------------------------------------------------------------

// entering(piece): a reinforcement off the map whose day has come, with the edges it enters by.
function entering(ctx, p) {
  return p.at === "arriving" && !!p.entry && p.entry.length > 0 && ctx.rules.reinforcements.waiting(p);
}

// Where a unit starts its move: its hex, or for a reinforcement off the map its stack's key (7.21).
function origin(ctx, p) {
  if (p.at === "map") return p.hex;
  if (has(ctx, "activation", "stackKey")) return ctx.rules.activation.stackKey(p);
  return "off-map:" + p.side + ":" + (p.entry || []).join("+");
}

function isOffMap(key) { return typeof key === "string" && key.indexOf("off-map:") === 0; }

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
function entryStep(ctx, sit, m, hex) {
  if (m.blocked.has(hex)) return { mp: null, parts: [hex + " is barred: " + (sit.enemyAt.has(hex) ? "enemy units" : "next to an enemy unit") ] };
  const terr = ctx.map.terrain(hex), row = tec(ctx).hex[terr];
  if (!row || row[m.col] === "P") return { mp: null, parts: [terr + " is prohibited to " + m.col + " units (TEC)"] };
  let mp = row[m.col];
  const parts = ["entering the map, " + terr + " " + mpText(mp) + " (5.11)"];
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
function costTo(ctx, r, hex) {
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
function situation(ctx, side) {
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
function model(ctx, sit, p, available, escorted) {
  const col = column(p.mobility);
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
    terrain: terrainCosts(ctx, col), defaultProhibited: false,
    hexsides: Object.assign(hexsideCosts(ctx, col), mineSides(ctx, p, available)),
  }));
}

// exactStep(m, x, y): the true price of one step x -> y for the model's unit: {mp, parts}; mp
// null when the step is barred.
function exactStep(ctx, sit, m, x, y) {
  if (m.blocked.has(y)) {
    const why = sit.enemyAt.has(y) ? "enemy units" : m.turn ? "next to an Allied unit (16.42)" : "next to an enemy unit, artillery alone (8.2)";
    return { mp: null, parts: [y + " is barred: " + why] };
  }
  const t = tec(ctx), col = m.col, terr = ctx.map.terrain(y);
  const row = t.hex[terr];
  if (!row || row[col] === "P") return { mp: null, parts: [terr + " is prohibited to " + col + " units (TEC)"] };
  const sides = ctx.map.hexside(x, y);
  const route = routeOn(ctx, sides, col);
  let mp = route ? route.mp : row[col];
  const parts = [route ? "along the " + route.f + " " + mpText(mp) : terr + " " + mpText(mp)];
  if (sides.length) {
    for (const f of Object.keys(t.hexside).sort()) {
      if (sides.indexOf(f) < 0) continue;
      const v = t.hexside[f][col];
      if (route) { parts.push(f + " crossed by the " + route.f); continue; }
      if (v === "P") return { mp: null, parts: [f + " hexside prohibited to " + col + " units (TEC)"] };
      mp += v;
      parts.push("+" + mpText(v) + " " + f);
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
    const adds = Object.keys(tec(ctx).hexside), rs = routes(ctx), mines = mineFeatures(ctx);
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

// start(): the sequence's hook before the first phase.
export function start(ctx) { mstate(ctx); }

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

function pathTo(ctx, r, m, from, to, limit) {
  const v = r.via.get(ctx.map.index(to));
  if (!v) return to === from ? [from] : ctx.map.path(from, to, limit, m.spec);
  const head = pathTo(ctx, r, m, from, v.x, limit);
  return head.concat(v.y === to ? [to] : ctx.map.path(v.y, to, limit - r.all[ctx.map.index(v.y)], m.spec));
}

// The unit's search from where it stands, with its own allowance (kept for the call).
function searchOf(ctx, sit, p, escorted) {
  const key = p.id + "|" + (escorted ? "e" : "");
  if (!sit.searches[key]) {
    const a = allowance(ctx, p).mp;
    const m = model(ctx, sit, p, a, escorted);
    const none = { from: -1, all: new Float64Array(ctx.map.ids.length).fill(Infinity), via: new Map(), reached: [] };
    sit.searches[key] = { m, a, r: a <= 0 ? none : p.at === "map" ? search(ctx, sit, m, p.hex, a) : entrySearch(ctx, sit, m, p, a) };
  }
  return sit.searches[key];
}

// ---- who may move --------------------------------------------------------------------------------

// activation.eligible (7.21), asked for the whole side at once where the section can.
// With `sit.lazy` (one candidate is enough) piece by piece, for a few pieces only.
function eligibility(ctx, sit, p) {
  if (sit.lazy && ++sit.asked > 8) { sit.lazy = false; sit.eligible = null; }
  if (sit.eligible === null) sit.eligible = !sit.lazy && has(ctx, "activation", "eligibleAll") ? new Map(ctx.rules.activation.eligibleAll()) : new Map();
  if (!sit.eligible.has(p.id)) sit.eligible.set(p.id, has(ctx, "activation", "eligible") ? ctx.rules.activation.eligible(p) : { ok: true, cost: 0 });
  return sit.eligible.get(p.id);
}

// Why the unit may not take part in a Movement Impulse now, or null.
function cannotMove(ctx, sit, p) {
  if (!p) return { rule: "3.43", reason: "no such unit" };
  if (p.side !== sit.side) return { rule: "3.4", reason: p.id + " is not " + sit.side + "'s" };
  if ((p.at !== "map" || !p.hex) && !entering(ctx, p)) {
    return { rule: p.at === "arriving" ? "5.11" : "10.1", reason: p.id + (p.at === "arriving" ? " has not arrived yet: its day has not come" : " is not on the map") };
  }
  if (p.moved) return { rule: "3.4", reason: p.id + " has had its Movement Impulse this Operations Phase (Movement Complete, 10.3)" };
  if (p.opsComplete) return { rule: "7.3", reason: p.id + " is marked Operations Complete" };
  if (p.bombarded && p.moveMarker !== "half-move-half-fire") return { rule: "8.12", reason: p.id + " fired its full Bombardment Factor this phase" };
  const e = eligibility(ctx, sit, p);
  if (!e.ok) return { rule: e.rule || "7.21", reason: e.reason || p.id + " is not activated and cannot be" };
  const a = allowance(ctx, p);
  if (a.mp <= 0) return { rule: "10.2", reason: p.id + " has no MPs to spend (" + a.parts.join(", ") + ")" };
  return null;
}

// The units of the acting side that may move now, by hex: {hex: [pieces sorted]}.
function candidates(ctx, sit) {
  const out = {};
  for (const h of Array.from(sit.friendly.keys()).sort()) {
    for (const p of sit.friendly.get(h).slice().sort(byId)) if (!cannotMove(ctx, sit, p)) (out[h] = out[h] || []).push(p);
  }
  for (const k of Object.keys(sit.waiting).sort()) {                    // 5.11: reinforcements off the map
    for (const p of sit.waiting[k]) if (!cannotMove(ctx, sit, p)) (out[k] = out[k] || []).push(p);
  }
  return out;
}

// ---- where a group may go ----------------------------------------------------------------------

function eastEdge(ctx) {
  try { return ctx.map.zone("east-edge"); } catch (e) { /* the map names no east edge: its last column */ }
  let last = 0;
  for (const id of ctx.map.ids) last = Math.max(last, +id.slice(0, id.length - 2));
  return ctx.map.ids.filter((id) => +id.slice(0, id.length - 2) === last);
}

// May `side` take units off the map now (15.2: Allied units, once withdrawal is triggered)?
function mayExit(ctx, side) {
  const t = ctx.tables.victory["allied-exit-totals"];
  if (side !== "allied" && !t["axis-may-exit"]) return false;
  return has(ctx, "victory", "withdrawalOpen") ? !!ctx.rules.victory.withdrawalOpen() : !!ctx.state.withdrawal;
}

// 4.21: may the group end in hex, with the friendly units there (stacking.fitsWith)?
function fitsIn(ctx, sit, units, hex) { return ctx.rules.stacking.fitsWith(units, sit.friendly.get(hex) || [], hex); }

// Has the group anywhere to go? First the cheap answer: a neighbouring hex every unit can pay
// for and the group fits in; only when the neighbours it can pay for are all full (or it might
// leave the map) the whole search.
function canGo(ctx, sit, units) {
  const escorted = units.some((p) => !p.artillery);
  const from = units[0].hex;
  const off = units[0].at !== "map";
  let search = mayExit(ctx, sit.side) && !off;
  for (const n of off ? entryHexes(ctx, units[0]) : ctx.map.neighbors(from)) {
    let paid = true;
    for (const p of units) {
      const a = allowance(ctx, p).mp;
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
function destinations(ctx, sit, units) {
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
    const edge = eastEdge(ctx), inCommon = asSet(common);
    exits = edge.indexOf(units[0].hex) >= 0 ? [units[0].hex] : edge.filter((h) => inCommon[h]).sort();
  }
  return { hexes, exits, per, escorted };
}

// reachable(pieceId): {hex: MPs} of the hexes the unit may move to alone now (tests, bots).
export function reachable(ctx, id) {
  const p = ctx.piece(id);
  const sit = situation(ctx, p.side);
  if (cannotMove(ctx, sit, p)) return {};
  const d = destinations(ctx, sit, [p]);
  const out = {};
  for (const h of d.hexes) out[h] = costTo(ctx, d.per[p.id].r, h);
  return out;
}

// reachOverlay({unit}): for the inspector, the hexes the selected unit may move to alone now, with
// the MPs each costs; a unit that may not move shows why, on its own hex ("cannot move: ... (3.4)").
export function reachOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (!p) return {};
  const why = cannotMove(ctx, situation(ctx, p.side), p);
  if (why) return p.hex && p.at === "map" ? { [p.hex]: "cannot move: " + why.reason + " (" + why.rule + ")" } : {};
  return reachable(ctx, p.id);
}

// stepCost(pieceId, a, b): the true MPs of one step for the unit moving alone now, with the parts
// (traces, tests): {mp, parts}; mp null if the step is barred.
export function stepCost(ctx, id, a, b) {
  const p = ctx.piece(id);
  const sit = situation(ctx, p.side);
  return exactStep(ctx, sit, model(ctx, sit, p, allowance(ctx, p).mp, !p.artillery), a, b);
}

// ---- after a move: markers (4.3, 10.3, 8.2) ------------------------------------------------------

function weaponsOrArtillery(p) { return !!p.artillery || WEAPONS.indexOf(p.type) >= 0; }

// 4.3: Axis Semovente and Axis heavy AT units fire as if they had not moved (movement.yaml
// towed-guns exempt).
function exempt(p) { return p.side === "axis" && (p.type === "semovente" || !!p.heavyAT); }

// The markers a move leaves; Operations Complete (7.3) is the activation section's, as the
// activation ends.
function mark(ctx, p, mp, budget) {
  const notes = [];
  p.moved = true;
  p.moves = (p.moves || 0) + 1;                      // the checks section's 3.4 count
  if (ctx.state.activation) p.movedWith = ctx.state.activation.marker || null;
  if (weaponsOrArtillery(p)) {
    if (exempt(p)) notes.push("no fire penalty for an Axis " + (p.heavyAT ? "heavy AT unit" : "Semovente") + " (4.3)");
    else if (p.bombarded && p.moveMarker === "half-move-half-fire") notes.push("it fired at half and moves on its Half Move/Half Fire marker (B.123)");
    else if (mp > budget / 2) {
      p.moveMarker = "full-move-no-fire";
      notes.push("moved " + mpText(mp) + " of " + mpText(budget) + " MPs, more than half: Full Move/No Fire, attack and bombardment 0 this activation (4.3, 10.3)" +
        (p.artillery ? "; Operations Complete as the activation ends (7.3)" : ""));
    } else {
      p.moveMarker = "half-move-half-fire";
      notes.push("moved " + mpText(mp) + " of " + mpText(budget) + " MPs, half or less: Half Move/Half Fire, attack and bombardment halved this activation (4.3, 10.3)");
    }
  } else notes.push("Movement Complete (10.3)");
  if (p.fought || p.bombarded) notes.push("it has " + (p.fought ? "fought" : "bombarded") + " this phase: Operations Complete as the activation ends (7.3)");
  return notes;
}

// ---- doing it ------------------------------------------------------------------------------------

// The true MPs of a path, step by step: {mp, text}.
function walk(ctx, sit, m, path) {
  let mp = 0;
  const steps = [];
  for (let i = 1; i < path.length; i++) {
    const c = exactStep(ctx, sit, m, path[i - 1], path[i]);
    mp += c.mp;
    steps.push(path[i] + " (" + c.parts.join(", ") + ")");
  }
  return { mp, text: steps.join(" > ") };
}

// Moves the group to `to` (or off the east edge when `exit`), each unit on its own cheapest path
// at its own costs. The stacks pay their APs first (7.21).
function moveGroup(ctx, sit, units, to, exit) {
  const d = destinations(ctx, sit, units);
  const paid = has(ctx, "activation", "spend") ? ctx.rules.activation.spend(units.map((p) => p.id)) || { ok: true } : { ok: true };
  if (paid.ok === false) {
    ctx.trace({ rule: paid.rule || "7.21", cell: { units: units.map((p) => p.id) }, text: "no move: " + (paid.reason || "the APs do not suffice") });
    return false;
  }
  const paths = {};
  for (const p of units) {
    const s = d.per[p.id];
    const a = allowance(ctx, p);
    const end = exit ? cheapestExit(ctx, d, s, units[0].hex) : to;
    const enters = p.at !== "map";
    let path, w;
    if (enters) {                                                         // 5.11: onto the map at an entry hex
      const e = s.r.entry[ctx.map.index(end)], sub = s.r.subs[e];
      path = end === e ? [e] : pathTo(ctx, sub.r, s.m, e, end, s.a - sub.cost);
      const first = entryStep(ctx, sit, s.m, e);
      const rest = walk(ctx, sit, s.m, path);
      w = { mp: first.mp + rest.mp, text: e + " (" + first.parts.join(", ") + ")" + (rest.text ? " > " + rest.text : "") };
    } else {
      path = end === p.hex ? [p.hex] : pathTo(ctx, s.r, s.m, p.hex, end, s.a);
      w = walk(ctx, sit, s.m, path);
    }
    const from = enters ? "off the " + p.entry.join(" or ") : p.hex;
    paths[p.id] = path;
    const notes = exit ? [] : mark(ctx, p, w.mp, s.a);
    if (exit) { p.moved = true; p.moves = (p.moves || 0) + 1; }
    p.hex = end;
    if (enters) { p.at = "map"; p.entry = null; }
    if (a.placeholder) {
      ctx.trace({ rule: "12.2", table: "disrupted-allowance", cell: { unit: p.id, ma: p.ma }, result: a.mp,
        text: p.id + " is Disrupted: its reverse-side MA is not known, so it moves with " + mpText(a.mp) + " MPs" });
    }
    const hz = !exit && sit.z[ctx.map.index(end)] === 2;
    ctx.trace({ rule: enters ? "5.11" : "10.11", table: "terrain/movement-costs", cell: { unit: p.id, from, to: end, path, mobility: p.mobility, allowance: s.a }, result: w.mp,
      text: p.id + " (" + p.mobility + ", " + a.parts.join(", ") + ") " + (enters ? "enters from " + from + ": " + w.text : "moves " + from + (path.length > 1 ? " > " + w.text : "")) +
        " = " + mpText(w.mp) + " of " + mpText(s.a) + " MPs (placeholder TEC)" +
        (units.length > 1 ? "; with " + units.filter((q) => q !== p).map((q) => q.id).join(", ") : "") +
        (hz ? "; " + end + " is in an enemy HZOC: it stops and must attack in a Combat Impulse (4.12, 10.12)" : "") +
        (!exit && sit.z[ctx.map.index(end)] ? " [" + ctx.rules.zoc.explain(end, sit.enemy) + "]" : "") +
        (notes.length ? "; " + notes.join("; ") : "") });
  }
  for (const p of units) hooks(ctx, "afterMove", p, paths[p.id]);
  if (exit) {
    for (const p of units) exitUnit(ctx, p);
  } else {
    const pen = ctx.rules.stacking.penalties(to);                        // 4.21: checked as the move ends
    if (pen.eliminate || pen.disrupt) ctx.rules.stacking.enforce(to);
  }
  return true;
}

function cheapestExit(ctx, d, s, here) {
  if (d.exits.indexOf(here) >= 0) return here;
  let best = null;
  for (const h of d.exits) if (best === null || costTo(ctx, s.r, h) < costTo(ctx, s.r, best) - EPS) best = h;
  return best;
}

// 15.2: off the east edge; the victory section keeps the count.
function exitUnit(ctx, p) {
  if (has(ctx, "victory", "exit")) { ctx.rules.victory.exit(p); return; }
  ctx.trace({ rule: "15.2", cell: { unit: p.id, hex: p.hex }, text: p.id + " leaves the map off the east edge from " + p.hex + " (Allied withdrawal, 15.2); it may not return" });
  p.at = "exited";
  p.hex = null;
}

// Why the group may not end its move in `to`, {rule, reason}.
function refuseTo(ctx, sit, units, to) {
  const from = units[0].hex;
  if (typeof to !== "string" || !ctx.map.has(to)) return { rule: "10.1", reason: JSON.stringify(to) + " is not a hex of the map" };
  if (to === from) return { rule: "10.1", reason: "the group stands in " + to + " already" };
  if (sit.enemyAt.has(to)) return { rule: "10.1", reason: to + " holds enemy units" };
  const escorted = units.some((p) => !p.artillery);
  for (const p of units) {
    const s = searchOf(ctx, sit, p, escorted);
    if (costTo(ctx, s.r, to) !== undefined) continue;
    if (p.at !== "map") return { rule: "5.11", reason: p.id + " cannot reach " + to + " from any hex of the " + p.entry.join(" or ") +
      " within its " + mpText(s.a) + " MPs (the entry hex's cost, terrain, enemy units and ZOCs)" };
    if (s.m.turn && sit.nearSet.has(to)) return { rule: "16.42", reason: p.id + " is on the turning movement and may not move next to an Allied unit" };
    if (s.m.lone && sit.nearSet.has(to)) return { rule: "8.2", reason: "artillery may not move next to an enemy unit unless a non-artillery unit moves with it" };
    const open = Object.assign({}, s.m, { spec: Object.assign({}, s.m.spec, { zoneStop: [] }) });
    const free = search(ctx, Object.assign({}, sit, { stopSet: new Set() }), open, from, s.a);
    if (costTo(ctx, free, to) !== undefined) return { rule: "4.12", reason: "every way to " + to + " within " + p.id + "'s " + mpText(s.a) + " MPs enters an enemy HZOC, where it must stop (4.12, 10.12)" };
    const far = costTo(ctx, search(ctx, sit, s.m, from, 1000), to);
    if (far !== undefined) return { rule: "10.2", reason: "reaching " + to + " costs " + p.id + " at least " + mpText(far) + " MPs; it has " + mpText(s.a) };
    return { rule: "10.11", reason: "no way for " + p.id + " to " + to + ": prohibited terrain or hexsides (TEC), enemy units" + (s.m.turn ? ", Allied units' neighbours (16.42)" : "") + (s.m.lone ? ", enemy units' neighbours (8.2)" : "") };
  }
  const f = ctx.rules.stacking.fits(units, to);
  if (!f.ok) return { rule: f.rule, reason: f.reason };
  return null;
}

// move(ids, to): moves these units of one stack to `to` ("exit": off the east edge, 15.2) as a
// Movement Impulse of the acting side would: {ok: true}, or {ok: false, rule, reason}.
// The decisions below use the same checks; tests and scripted events call it directly.
export function move(ctx, ids, to) {
  const units = ids.map((id) => ctx.piece(id));
  if (!units.length || !units[0]) return { ok: false, rule: "3.43", reason: "no unit named" };
  judge(ctx, ids);
  const sit = situation(ctx, actingSide(ctx) || units[0].side);
  for (const p of units) {
    const c = cannotMove(ctx, sit, p);
    if (c) return Object.assign({ ok: false }, c);
    if (origin(ctx, p) !== origin(ctx, units[0])) return { ok: false, rule: "3.43", reason: "a group moves from one stack: " + p.id + " is in " + origin(ctx, p) + ", " + units[0].id + " in " + origin(ctx, units[0]) };
  }
  const d = destinations(ctx, sit, units);
  if (to === "exit") {
    if (!d.exits.length) return { ok: false, rule: "15.2", reason: mayExit(ctx, sit.side) ? "no east-edge hex is within reach of the whole group" : "only Allied units leave the map, once withdrawal is triggered (15.21)" };
    return { ok: moveGroup(ctx, sit, units, null, true) };
  }
  if (d.hexes.indexOf(to) < 0) return Object.assign({ ok: false }, refuseTo(ctx, sit, units, to) || { rule: "10.1", reason: "not allowed now" });
  return { ok: moveGroup(ctx, sit, units, to, false) };
}

// 14.22: the units' supply is judged again as their impulse begins (the supply section).
function judge(ctx, ids) { if (has(ctx, "supply", "judgeUnits")) ctx.rules.supply.judgeUnits(ids); }

// ---- the decisions -------------------------------------------------------------------------------

// The impulse's choices: each unit that can go somewhere alone, and each stack of two or more
// movable units that can go somewhere together. `first`: stop at the first one found.
function choices(ctx, sit, first) {
  const out = [];
  if (first) {                       // one unit that can go is enough: the Active Formation's first
    sit.lazy = true;
    const own = has(ctx, "activation", "belongs") ? (p) => ctx.rules.activation.belongs(p) : () => true;
    const mine = [], others = [];
    for (const h of Array.from(sit.friendly.keys()).sort()) for (const p of sit.friendly.get(h)) (own(p) ? mine : others).push(p);
    for (const k of Object.keys(sit.waiting).sort()) for (const p of sit.waiting[k]) (own(p) ? mine : others).push(p);
    for (const p of mine.concat(others)) if (!cannotMove(ctx, sit, p) && canGo(ctx, sit, [p])) return [{ do: "move", unit: p.id }];
  }
  const c = candidates(ctx, sit);
  for (const h of Object.keys(c)) {
    for (const p of c[h]) if (canGo(ctx, sit, [p])) { out.push({ do: "move", unit: p.id }); if (first) return out; }
  }
  const stacks = [];
  for (const h of Object.keys(c)) {
    if (c[h].length >= 2 && canGo(ctx, sit, c[h])) { stacks.push({ do: "move", stack: h }); if (first) return stacks; }
  }
  out.sort((a, b) => (a.unit < b.unit ? -1 : 1));
  return out.concat(stacks);
}

// choicesNow(): the Movement Impulse's choices for the acting side now (tests, bots).
export function choicesNow(ctx) { return choices(ctx, situation(ctx, actingSide(ctx)), false); }

// impulseOpen(): may the acting side make one more Movement Impulse now?
export function impulseOpen(ctx) {
  const side = actingSide(ctx);
  if (!side) return false;
  return choices(ctx, situation(ctx, side), true).length > 0;
}

export const impulse = {
  rule: "3.43",
  side(ctx) { return actingSide(ctx); },
  prompt(ctx) { return actingSide(ctx) + ": Movement Impulse: choose a unit, or a stack to move together (3.43)"; },
  actions(ctx) { return choicesNow(ctx); },
  apply(ctx, a) {
    const sit = situation(ctx, actingSide(ctx));
    const units = a.unit ? [a.unit] : candidates(ctx, sit)[a.stack].map((p) => p.id);
    const hex = a.unit ? origin(ctx, ctx.piece(a.unit)) : a.stack;
    judge(ctx, units);
    mstate(ctx).group = { hex, units };
    ctx.interrupt("movement.destination", { hex }, "move from " + hex);
    ctx.done();
  },
  why(ctx, a) {
    const sit = situation(ctx, actingSide(ctx));
    if (!a || a.do !== "move") return { rule: "3.43", reason: "choose {do: \"move\", unit} or {do: \"move\", stack: hex}" };
    if (a.unit) {
      const p = ctx.piece(a.unit);
      return cannotMove(ctx, sit, p) || { rule: "10.2", reason: p.id + " can reach no hex it may end in with " + mpText(allowance(ctx, p).mp) +
        " MPs (terrain, enemy units and ZOCs" + (p.artillery ? ", 8.2" : "") + (turning(ctx, p) ? ", 16.42" : "") + ", stacking 4.21)" };
    }
    const units = (sit.friendly.get(a.stack) || sit.waiting[a.stack] || []).filter((p) => !cannotMove(ctx, sit, p));
    if (units.length < 2) return { rule: "3.43", reason: "fewer than two units in " + a.stack + " may move now" };
    return { rule: "10.2", reason: "the movable units in " + a.stack + " have no hex in common within their MPs" };
  },
};

function group(ctx) {
  const g = mstate(ctx).group;
  return g ? g.units.map((id) => ctx.piece(id)) : [];
}

export const destination = {
  rule: "10.1",
  side(ctx) { return actingSide(ctx); },
  prompt(ctx) {
    return "move " + group(ctx).map((p) => p.id + " (" + mpText(allowance(ctx, p).mp) + " MP)").join(", ") + " from " + mstate(ctx).group.hex +
      ": choose the hex to end in, add or drop units of the stack, or cancel";
  },
  actions(ctx) {
    const g = mstate(ctx).group;
    const sit = situation(ctx, actingSide(ctx));
    const units = group(ctx);
    const d = destinations(ctx, sit, units);
    const out = d.hexes.map((h) => ({ do: "to", hex: h }));
    if (d.exits.length) out.push({ do: "exit" });
    for (const p of candidates(ctx, sit)[g.hex] || []) if (g.units.indexOf(p.id) < 0) out.push({ do: "add", unit: p.id });
    if (units.length > 1) for (const p of units) out.push({ do: "drop", unit: p.id });
    out.push({ do: "cancel" });
    return out;
  },
  apply(ctx, a) {
    const g = mstate(ctx).group;
    if (a.do === "add") { g.units.push(a.unit); g.units.sort(); return; }
    if (a.do === "drop") { g.units.splice(g.units.indexOf(a.unit), 1); return; }
    const sit = situation(ctx, actingSide(ctx));
    const units = group(ctx);
    mstate(ctx).group = null;
    if (a.do === "to") moveGroup(ctx, sit, units, a.hex, false);
    else if (a.do === "exit") moveGroup(ctx, sit, units, null, true);
    else ctx.trace({ rule: "3.43", cell: { units: g.units }, text: "no move: the Movement Impulse from " + g.hex + " is called off" });
    ctx.done();
  },
  why(ctx, a) {
    const g = mstate(ctx).group;
    const sit = situation(ctx, actingSide(ctx));
    if (!a || typeof a !== "object") return { rule: "10.1", reason: "an action is an object such as {do: \"to\", hex}" };
    if (a.do === "add") {
      const p = ctx.piece(a.unit);
      if (!p || origin(ctx, p) !== g.hex) return { rule: "3.43", reason: "only units of the stack in " + g.hex + " move together" };
      return cannotMove(ctx, sit, p) || { rule: "3.43", reason: p.id + " is in the group already" };
    }
    if (a.do === "drop") return { rule: "3.43", reason: a.unit + " is not in the group, or is its only unit" };
    if (a.do === "exit") return { rule: "15.2", reason: mayExit(ctx, sit.side) ? "no east-edge hex is within reach of the whole group" : "only Allied units leave the map, once withdrawal is triggered (15.21)" };
    if (a.do !== "to") return { rule: "10.1", reason: "unknown action " + JSON.stringify(a.do) + " (to, exit, add, drop, cancel)" };
    return refuseTo(ctx, sit, group(ctx), a.hex) || { rule: "10.1", reason: "not allowed now" };
  },
};
