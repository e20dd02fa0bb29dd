// Rats of Tobruk 17.11 Victory Conditions (the Battle of the Salient).
//   17.11 the German player wins a strategic victory at once if at least two of his artillery,
//         anti-tank or tank units with ranged fire have Tobruk harbour (4614) within their printed
//         range and could theoretically attack it (artillery needs no line of sight, 11.1; direct
//         fire does, 11.3), or if one of his units is adjacent to the harbour hex: strategic,
//         checked after each movement and each activation (check). Otherwise, at the end, the
//         attack strength lost by each side (casualties.js) is compared: determine.
// "German" in 17.11 is read as the German player's side (axis), Italian units included.
// Tables: victory.yaml strategic, ranged-types, levels.

function harbour(ctx) { return ctx.map.place(ctx.table.strategic.harbour); }

// The strategic victory's two tests as they stand: {inRange: [ids], adjacent: [ids]}.
export function strategic(ctx) {
  const t = ctx.table.strategic, h = harbour(ctx), types = ctx.table["ranged-types"].types;
  const blocking = ctx.rules.sight.blocking();
  const inRange = [], adjacent = [];
  for (const p of ctx.piecesById((q) => q.side === "axis" && q.hex)) {
    const d = ctx.map.distance(p.hex, h);
    if (d === 1) adjacent.push(p.id);
    if (p.fire && types.indexOf(p.type) >= 0 && d <= p.range && (p.fire === "artillery" || ctx.map.lineOfSight(p.hex, h, blocking))) inRange.push(p.id);
  }
  return { inRange, adjacent, won: inRange.length >= t["units-in-range"] || adjacent.length >= t["adjacent-units"] };
}

export function check(ctx) {
  const s = strategic(ctx);
  if (!s.won) return;
  const t = ctx.table.strategic;
  const why = s.adjacent.length >= t["adjacent-units"]
    ? s.adjacent.join(", ") + " adjacent to Tobruk harbour " + harbour(ctx)
    : s.inRange.join(", ") + " have Tobruk harbour " + harbour(ctx) + " within range";
  ctx.trace({ rule: "17.11", table: "strategic", uses: ["map", "units/counters", "victory/ranged-types", "terrain/blocking"], result: "axis",
    text: "German strategic victory: " + why, visibleTo: ["axis"] });
  ctx.trace({ rule: "17.11", table: "strategic", result: "axis", text: "German strategic victory: " + (s.adjacent.length >= t["adjacent-units"] ? "a unit next to" : "units in range of") + " Tobruk harbour" });
  ctx.gameOver({ winner: "axis", level: "Strategic Victory", reason: why, turn: ctx.turn, losses: ctx.state.losses });
}

// The loss ratio's level (17.11), or the last level beyond the printed list.
export function level(ctx, axisLost, alliedLost) {
  const list = ctx.table.levels.list;
  for (const l of list) if (axisLost <= l.ratio * alliedLost) return { level: l, beyond: false };
  return { level: list[list.length - 1], beyond: true };
}

export function determine(ctx) {
  const lost = ctx.state.losses, r = level(ctx, lost.axis, lost.allied);
  const ratio = lost.allied > 0 ? (lost.axis / lost.allied).toFixed(2) + ":1" : lost.axis > 0 ? "no Allied losses" : "no losses";
  ctx.trace({ rule: "17.11", table: "levels", uses: ["units/counters"], cell: { axis: lost.axis, allied: lost.allied }, result: r.level.level,
    text: "attack strength lost: Axis " + lost.axis + ", Allied " + lost.allied + " (" + ratio + "): " + r.level.level
      + (r.beyond ? " (beyond the 6:1 the table lists, read as its last level)" : "") });
  ctx.gameOver({ winner: r.level.winner === "draw" ? null : r.level.winner, level: r.level.level, turn: ctx.turn, losses: lost });
}

// Numbers the variant lab sums over many games.
export function metrics(ctx) {
  const lost = ctx.state.losses, s = strategic(ctx);
  let onMap = 0, inside = 0;
  const perimeter = ctx.once("perimeter", () => new Set(ctx.map.zone("perimeter")));
  for (const p of ctx.pieces((q) => q.side === "axis" && q.hex)) { onMap++; if (perimeter.has(p.hex)) inside++; }
  const shots = ctx.state.shots;
  return { "axis-lost": lost.axis, "allied-lost": lost.allied, "axis-in-range": s.inRange.length, "axis-inside-perimeter": inside, "axis-on-map": onMap,
    "axis-fire-casualties": shots.axis.casualties, "allied-fire-casualties": shots.allied.casualties,
    "axis-fire-hits": shots.axis.hits, "allied-fire-hits": shots.allied.hits };
}

// For the inspector: the harbour, and the hexes from which a unit of the selected one's range
// would have it in range.
export function harbourOverlay(ctx, args) {
  const h = harbour(ctx), out = {};
  out[h] = "Tobruk harbour";
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (p && p.range) for (const x of ctx.map.within(h, p.range)) if (x !== h && !out[x]) out[x] = "in range of the harbour";
  return out;
}
