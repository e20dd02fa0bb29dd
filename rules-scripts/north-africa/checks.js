// Invariants of the North Africa standard rules, checked by the fuzzer after every action.
//   3.0   a unit on the map has a hex of the map; a unit off it has none.
//   5.12  no unit shares a hex with an enemy unit.
//   5.31  no two units in a hex at the end of a movement phase (and none during it, but for a
//         reinforcement that has just entered a friendly hex and must move on).
//   5.14, 6.13  a unit that began the movement phase in an enemy zone has not left it.
//   7.11, 7.12  every mandatory attack made by the end of the combat phase: the combat section
//         records what its last phase left unmet (mandatory-combat.unmetObligations).

export function invariants(ctx) {
  const out = [];
  for (const p of ctx.piecesById()) {
    if (p.at === "map" && (!p.hex || !ctx.map.has(p.hex))) out.push("3.0: " + p.id + " is on the map without a hex of the map (" + p.hex + ")");
    if (p.at !== "map" && p.hex) out.push("3.0: " + p.id + " is " + p.at + " but still stands in " + p.hex);
  }
  const occ = ctx.rules.stacking.occupancy();
  for (const h of Object.keys(occ).sort()) {
    const sides = {};
    for (const id of occ[h]) sides[ctx.piece(id).side] = true;
    if (Object.keys(sides).length > 1) out.push("5.12: units of both sides in " + h + ": " + occ[h].join(", "));
  }
  const m = ctx.state.movement;
  if (m && m.active) {
    for (const h of ctx.rules.stacking.stacked()) {
      if (m.onward && occ[h].indexOf(m.onward) >= 0) continue;
      out.push("5.31: " + occ[h].join(", ") + " stacked in " + h + " during the movement phase");
    }
    for (const id of Object.keys(m.locked).sort()) {
      const p = ctx.piece(id);
      if (p.at === "map" && p.hex !== m.locked[id]) out.push("5.14: " + id + " began the movement phase in an enemy zone in " + m.locked[id] + " and is now in " + p.hex);
    }
  }
  if (m && m.violations) for (const v of m.violations) out.push(v);
  const c = ctx.rules["mandatory-combat"];
  if (c && typeof c.unmetObligations === "function") for (const v of c.unmetObligations() || []) out.push(v);
  return out;
}
