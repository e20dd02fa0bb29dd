// Rats of Tobruk 1.1 Fog of War, 11.2 observation, 11.3 line of sight.
//   11.2, 11.3  a terrain whose Terrain Key symbol carries a black triangle blocks observation and
//         direct fire through it (not into it); a line along a hex spine is blocked only if the
//         hexes on both sides block; units never block; elevation plays no part: blocking. As
//         printed, the map leaves the triangle off the hills 1124, 1125, 1224 (2.1): they do not
//         block unless the erratum hill-triangles is applied.
//   1.1, 11.2  a unit observes up to 10 hexes (5 in a sandstorm, 1 at night): range, observed.
// Tables: sight.yaml observation; terrain.yaml blocking, unmarked-hills.

// The hexes that block observation and direct fire, sorted: one list per rules context.
export function blocking(ctx) {
  return ctx.once("blocking", () => {
    const t = ctx.tables.terrain;
    const types = new Set(t.blocking.terrain);
    const unmarked = new Set(t["unmarked-hills"].hexes.split(/\s+/).filter((h) => h));
    return Object.freeze(ctx.map.ids.filter((h) => types.has(ctx.map.terrain(h)) && !unmarked.has(h)));
  });
}

export function blocks(ctx, hex) {
  const set = ctx.once("blocking-set", () => new Set(blocking(ctx)));
  return set.has(hex);
}

// The observation range now (1.1, 11.2): 10, 5 in a sandstorm, 1 at night.
export function range(ctx) {
  const night = ctx.rules.turns.night("observation");
  if (night !== null) return night;
  const storm = ctx.rules.weather.effect("observation");
  return storm !== null ? storm : ctx.table.observation.range;
}

// What decided a range, for the trace: the table the number came from.
export function rangeSource(ctx) {
  if (ctx.rules.turns.night("observation") !== null) return "turns/night";
  return ctx.rules.weather.effect("observation") !== null ? "weather/effects" : "sight/observation";
}

// observes(from, to, n): a unit in `from` sees `to` within n hexes (n: the current range).
export function observes(ctx, from, to, n) {
  const d = ctx.map.distance(from, to);
  if (d > (n === undefined ? range(ctx) : n)) return false;
  return d <= 1 || ctx.map.lineOfSight(from, to, blocking(ctx));
}

// observed(side): the set of hexes the side's units on the map observe now (their own included).
export function observed(ctx, side) {
  return ctx.recall("observed " + side + " " + range(ctx) + " " + ctx.rules.zoc.positionKey(side), () => {
    const n = range(ctx), out = new Set(), from = new Set();
    for (const p of ctx.pieces((q) => q.side === side && q.hex)) from.add(p.hex);
    for (const h of [...from].sort()) {
      out.add(h);
      for (const x of ctx.map.visible(h, n, blocking(ctx))) out.add(x);
    }
    return out;
  });
}

// For the inspector: from the selected unit (or the marked hex), each hex within the observation
// range "in sight" or "hidden".
export function lineOfSightOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  const from = p && p.hex ? p.hex : args && args.hex && ctx.map.has(args.hex) ? args.hex : null;
  if (!from) return {};
  const n = range(ctx), seen = new Set(ctx.map.visible(from, n, blocking(ctx))), out = {};
  for (const h of ctx.map.within(from, n)) if (h !== from) out[h] = seen.has(h) ? "in sight" : "hidden";
  return out;
}

// For the inspector: the hexes a side observes now (args.side, default the side to act).
export function observationOverlay(ctx, args) {
  const side = args && args.side ? args.side : ctx.state.active || "allied";
  const out = {};
  for (const h of observed(ctx, side)) out[h] = side;
  return out;
}
