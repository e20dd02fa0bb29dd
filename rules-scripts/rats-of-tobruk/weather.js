// Rats of Tobruk 14.0 Weather (the weather table is missing: weather.yaml weather-table stands in).
//   3.2   a new weather roll at the start of each turn (the first included): roll.
//   14.1  its effects (weather.yaml effects): sandstorm halves every movement allowance (fractions
//         up), adds +3 to normal attacks, takes 1 off each direct fire die (11.3 forbids direct
//         fire in a sandstorm: the option sandstorm-direct-fire-14-1 follows 14.1 instead),
//         modifies the replacement roll (clear -1, sandstorm +3), discards airstrike and strafing
//         event chits, and shortens observation to 5 hexes. The sections ask effect(key).
// State: state.weather.

export function roll(ctx) {
  const t = ctx.table["weather-table"];
  const r = ctx.roll(t.die, "weather (3.2)");
  const w = t.results[r];
  ctx.state.weather = w;
  ctx.trace({ rule: "3.2, 14.0", table: "weather-table", cell: { roll: r }, result: w, text: "weather roll " + r + ": " + w });
}

export function current(ctx) { return ctx.state.weather; }
export function isSandstorm(ctx) { return ctx.state.weather === "sandstorm"; }

// effect(key): the current weather's effect (weather.yaml effects), or null when it has none.
export function effect(ctx, key) {
  const e = ctx.table.effects[ctx.state.weather];
  return e && e[key] !== undefined ? e[key] : null;
}
