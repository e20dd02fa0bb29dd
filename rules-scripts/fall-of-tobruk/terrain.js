// The Fall of Tobruk: the Terrain Effects Chart (a placeholder, terrain.yaml), as every section
// reads it.
//   10.11 each mobility type (Leg, Tracked, Wheeled) has its column of movement costs: a hex's cost
//         to enter, a hexside's cost added on top or "P" (prohibited); along a road or track (a
//         route hexside) the route's cost replaces the hex's and cancels the hexside's own cost or
//         its P: routeOn, terrainCosts, hexsideCosts (the kernel's cost model, for the movement and
//         supply searches).
//   4.11, 11.3  whether a unit could enter a hex at all, enemy units and MPs aside: mayCross,
//         crossableBy (the zoc section asks it for every hexside of a stack; retreats and
//         advances ask it too).
// Tables: terrain.yaml (movement-costs).

const MOBILITY = { leg: "Leg", tracked: "Tracked", wheeled: "Wheeled" };

function tec(ctx) { return ctx.tables.terrain["movement-costs"]; }

// column(mobility): the TEC column of a unit's mobility type ("leg" -> "Leg", 10.11).
export function column(ctx, mobility) {
  const c = MOBILITY[mobility];
  if (!c) throw new Error("unknown mobility type " + JSON.stringify(mobility) + " (10.11: leg, tracked or wheeled)");
  return c;
}

// routes(): the route hexside features (roads and tracks), sorted.
export function routes(ctx) { return Object.keys(tec(ctx).routes).sort(); }

// routeOn(sides, col): the cheapest route crossing the hexside for this column, {f, mp}, or null.
export function routeOn(ctx, sides, col) {
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
  const col = column(ctx, mobility);
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

// terrainCosts(col): the hex part of the kernel's cost model for a TEC column: {terrain: MPs or
// "prohibited"}.
export function terrainCosts(ctx, col) {
  const out = {};
  const hex = tec(ctx).hex;
  for (const k of Object.keys(hex).sort()) out[k] = hex[k][col] === "P" ? "prohibited" : hex[k][col];
  return out;
}

// hexsideCosts(col): the hexside part of the kernel's cost model: routes replace the hex cost;
// escarpment, wadi and AT ditch add to it, or bar the way ("P") unless a route crosses the
// hexside. The model cannot say "a route cancels the add": the movement search puts those
// hexsides right.
export function hexsideCosts(ctx, col) {
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
