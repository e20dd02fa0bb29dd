// Rats of Tobruk 4.1 Replacements (missing from the rulebook text: reinforcements.yaml stands in).
//   4.1, 14.1  at the end of each turn each side rolls a die, modified by the weather (clear -1,
//         sandstorm +3): on the stand-in's number one depleted unit of the side, on the map, in
//         supply and not in an EZOC, is restored to full strength: replacements. The attack
//         strength it lost stays counted for 17.11.

function candidates(ctx, side) {
  const ez = ctx.rules.zoc.zones(ctx.rules.zoc.enemyOf(side));
  return ctx.piecesById((p) => p.side === side && p.hex && p.depleted && p.supply === "in" && !ez[ctx.map.index(p.hex)])
    .sort((a, b) => (b.fa - b.da) - (a.fa - a.da) || (a.id < b.id ? -1 : 1));
}

export function replacements(ctx) {
  const t = ctx.table.replacements;
  for (const side of ctx.sides) {
    const pool = candidates(ctx, side);
    if (!pool.length) continue;
    const m = ctx.rules.weather.effect("replacement-modifier") || 0;
    const r = ctx.roll(t.die, side + " replacement roll (4.1)", m ? [{ value: m, why: ctx.rules.weather.current() }] : []);
    const ok = r >= t["restores-at-least"];
    const restored = ok ? pool.slice(0, t.units) : [];
    for (const p of restored) p.depleted = false;
    ctx.trace({ rule: "4.1", table: "replacements", uses: m ? ["weather/effects"] : undefined, cell: { roll: r }, result: restored.length,
      text: side + " replacement roll " + r + (ok ? ": " + restored.map((p) => p.name).join(", ") + " back to full strength" : ": none"), visibleTo: [side] });
    if (ok) ctx.trace({ rule: "4.1", text: side + ": " + restored.length + " unit back to full strength" });
  }
}
