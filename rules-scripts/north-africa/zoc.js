// North Africa standard rules, section 6.0: zones of control.
//   6.0   a unit controls the six hexes around it; enemy units entering a controlled hex stop.
//   6.1   every unit exerts its zone at all times, whatever the phase; other units never cancel it.
//   6.12  entering an enemy-controlled hex costs nothing extra (movement section: no cost added).
//   6.13  a unit leaves an enemy-controlled hex only by retreat or advance after combat, or when
//         combat removes the controlling unit (movement section: no move offered out of one).
//   6.14  zones reach into every hex and across every hexside, except those closed to movement.
//   6.15  zones do not cross an escarpment hexside unless a road or trail crosses it there.
//   6.21-6.23  zones of both sides coexist (mutual control); several zones add nothing.
// Tables: tables/north-africa/zoc.yaml. The neighbours a zone does not reach are worked out once
// per board (reaches(), stored by the setup section as board.zocClosed and board.zocBlocked).

function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }

// reaches(board, fromHex, toHex, terrain?, features?): does the zone of a unit in fromHex reach
// the adjacent toHex (6.14, 6.15)? Give the hexes, or the terrain of toHex and the features of
// the hexside between (the setup section works the board out that way, once).
export function reaches(ctx, board, fromHex, toHex, terrain, features) {
  const closed = ctx.table["closed-to-movement"];
  const t = terrain !== undefined && terrain !== null ? terrain : toHex ? ctx.map.terrain(toHex) : null;
  if (t !== null && closedTerrain(ctx).indexOf(t) >= 0) return false;             // 6.14 closed hex
  const f = features || (fromHex && board.sides[fromHex] && board.sides[fromHex][toHex]) || [];
  for (const x of closed.hexsides) if (f.indexOf(x) >= 0) return false;           // 6.14 closed hexside
  if (f.indexOf("escarpment") >= 0 && !ctx.table.extent.escarpment.crosses) {   // 6.15
    for (const u of ctx.table.extent.escarpment.unless) if (f.indexOf(u) >= 0) return true;
    return false;
  }
  return true;
}

// 6.14: the terrain a zone does not reach into: as closed-to-movement says, the movement section's
// closed terrain ("movement") or a list of its own.
export function closedTerrain(ctx) {
  const t = ctx.table["closed-to-movement"].terrain;
  return t === "movement" ? ctx.rules.movement.closedTerrain() : t;
}

// exerts(fromHex, toHex): true if a unit in fromHex controls toHex (adjacent, 6.14, 6.15).
export function exerts(ctx, fromHex, toHex) {
  const d = ctx.map.direction(fromHex, toHex);
  if (d < 0) return false;
  const b = ctx.rules.setup.board();
  const i = ctx.map.index(fromHex) * 6 + d;
  return b.zocClosed[b.terr[b.nb[i]]] === 0 && !b.zocBlocked[b.mask[i]];
}

// bits(side): an array over ctx.map.ids, 1 where a unit of `side` on the map exerts its zone.
// Answered once per position while nothing may change it (ctx.memo): never write into the answer.
export function bits(ctx, side) { return ctx.memo("bits " + side, () => bitsNow(ctx, side)); }

function bitsNow(ctx, side) {
  const b = ctx.rules.setup.board();
  const z = new Uint8Array(ctx.map.ids.length);
  for (const p of ctx.pieces((q) => q.side === side && q.hex && q.at === "map")) {
    const i = ctx.map.index(p.hex) * 6;
    for (let d = 0; d < 6; d++) {
      const j = b.nb[i + d];
      if (j >= 0 && b.zocClosed[b.terr[j]] === 0 && !b.zocBlocked[b.mask[i + d]]) z[j] = 1;
    }
  }
  return z;
}

// controlled(side): {hex: true} for every hex in the zone of a unit of `side` on the map (6.0, 6.1).
// Pieces off the map (pending reinforcements, 13.25; exited; eliminated) exert nothing.
export function controlled(ctx, side) {
  const b = ctx.rules.setup.board();
  const ids = ctx.map.ids;
  const out = {};
  for (const p of ctx.pieces((q) => q.side === side && q.hex && q.at === "map")) {
    const i = ctx.map.index(p.hex) * 6;
    for (let d = 0; d < 6; d++) {
      const j = b.nb[i + d];
      if (j >= 0 && b.zocClosed[b.terr[j]] === 0 && !b.zocBlocked[b.mask[i + d]]) out[ids[j]] = true;
    }
  }
  return out;
}

// inEnemyZoc(piece, enemyZoc?): is the piece's hex controlled by the other side (6.23: mutual)?
// Pass a precomputed controlled(enemy) map in loops.
export function inEnemyZoc(ctx, piece, enemyZoc) {
  if (!piece || !piece.hex) return false;
  const z = enemyZoc || controlled(ctx, other(ctx, piece.side));
  return !!z[piece.hex];
}

// controllers(hex, side): ids of `side`'s units whose zone covers hex, sorted (for traces).
export function controllers(ctx, hex, side) {
  const out = [];
  for (const n of ctx.map.neighbors(hex)) {
    for (const p of ctx.piecesAt(n)) if (p.side === side && p.at === "map" && exerts(ctx, n, hex)) out.push(p.id);
  }
  return out.sort();
}

// ---- the inspector's overlay -----------------------------------------------------------------------

// zocOverlay({side}): {hex: side} for every hex in a side's zone (6.0, 6.15), "both" where the
// zones meet (6.2); side limits it to one.
export function zocOverlay(ctx, args) {
  const out = {};
  for (const side of ctx.sides.filter((s) => !args || !args.side || s === args.side)) {
    for (const h of Object.keys(controlled(ctx, side))) out[h] = out[h] === undefined ? side : "both";
  }
  return out;
}
