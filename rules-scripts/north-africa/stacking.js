// North Africa standard rules, section 5.3: effects of other friendly units.
//   5.31  units move through friendly units at no extra cost but never end the movement phase
//         in a hex with another unit: mayEnd() (the movement section lets paths pass through).
//   5.32  any number of units may pass through one hex (no count is kept).
//   5.33  friendly zones never hinder friendly movement (the movement section uses enemy zones only).
// Retreat through friendly units and displacement (7.73, 7.8) are the combat section's.
// Tables: tables/north-africa/stacking.yaml.

// occupancy(): {hex: [piece ids, sorted]} of the units on the map.
export function occupancy(ctx) {
  const out = {};
  for (const p of ctx.pieces((q) => q.hex && q.at === "map")) (out[p.hex] = out[p.hex] || []).push(p.id);
  for (const h of Object.keys(out)) out[h].sort();
  return out;
}

// mayEnd(piece, hex, occ?): may the piece end its movement in hex (5.31)? No other unit may be there.
export function mayEnd(ctx, piece, hex, occ) {
  const limit = ctx.table.stacking["units-per-hex-at-end-of-movement-phase"];
  const o = occ || occupancy(ctx);
  const others = (o[hex] || []).filter((id) => id !== piece.id).length;
  return others + 1 <= limit;
}

// stacked(): hexes holding more units than 5.31 allows, sorted.
export function stacked(ctx) {
  const limit = ctx.table.stacking["units-per-hex-at-end-of-movement-phase"];
  const o = occupancy(ctx);
  return Object.keys(o).filter((h) => o[h].length > limit).sort();
}
