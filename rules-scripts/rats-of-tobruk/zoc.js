// Rats of Tobruk 8.0 Zones of Control.
//   8.0   every combat unit but an HQ exerts a ZOC into the six hexes around it, except into a
//         hex or across a hexside wheeled units may not enter (NA on the Terrain Key), unless a
//         road or path crosses that hexside: zones, inZoc. A friendly unit does not cancel an
//         enemy's ZOC except for supply (5.1 c: supply.js).
//   8.0 a-e  what an EZOC does to movement (stop on entering, +1 MP to leave, no road movement
//         out of it, no ditch/wire crossing into it but along a road or path) is the movement
//         section's (movement.js), to retreats the combat results' (results.js).
// Tables: zoc.yaml zoc; terrain.yaml (what wheeled units may not enter or cross).

// The hexsides a ZOC does not cross and the hexes it does not enter, from the tables and the map
// alone: {closed: Uint8Array by hex, shut: Uint8Array by hex*6+dir}. Cleared ditch/wire (12.0)
// opens a hexside again (state.cleared).
function board(ctx) {
  return ctx.once("board", () => {
    const ids = ctx.map.ids, n = ids.length, tr = ctx.rules.terrain;
    const closed = new Uint8Array(n), shut = new Uint8Array(n * 6);
    const opens = ctx.table.zoc["crosses-with"];
    for (let i = 0; i < n; i++) {
      if (tr.prohibited("wheeled", ctx.map.terrain(ids[i]))) closed[i] = 1;
      for (let d = 0; d < 6; d++) {
        const j = ctx.map.neighborIndex(i, d);
        if (j < 0) continue;
        const f = ctx.map.hexside(ids[i], ids[j]);
        if (f.some((x) => tr.prohibited("wheeled", x)) && !f.some((x) => opens.indexOf(x) >= 0)) shut[i * 6 + d] = 1;
      }
    }
    return { closed, shut };
  });
}

function cleared(ctx) { return ctx.rules.fortifications.clearedSet(); }

// positionKey(side?): where the side's units (every unit without a side) stand and which
// ditch/wire is cleared, as a string: what the zones, the movement specs and the supply searches
// depend on (ctx.recall keys on it, so an answer worked out once serves every later question
// while those units stand: a side's own moves leave its enemy's zones alone).
export function positionKey(ctx, side) {
  return ctx.memo("position key " + side, () => {
    const parts = [];
    for (const p of ctx.piecesById((q) => !!q.hex && (!side || q.side === side))) parts.push(p.id + "@" + p.hex);
    return parts.join(",") + "|" + ctx.state.cleared.join(",");
  });
}

// zones(side): a Uint8Array by hex index, 1 where `side`'s combat units exert a ZOC now.
export function zones(ctx, side) {
  return ctx.recall("zones " + side + " " + positionKey(ctx, side), () => {
    const b = board(ctx), ids = ctx.map.ids, out = new Uint8Array(ids.length);
    const fromHq = ctx.table.zoc["from-hq"], gaps = cleared(ctx);
    for (const p of ctx.pieces((q) => q.side === side && q.hex)) {
      if (p.hq && !fromHq) continue;
      const i = ctx.map.index(p.hex);
      for (let d = 0; d < 6; d++) {
        const j = ctx.map.neighborIndex(i, d);
        if (j < 0 || b.closed[j]) continue;
        if (b.shut[i * 6 + d] && !gaps.has(ctx.rules.fortifications.sideKey(p.hex, ids[j]))) continue;
        out[j] = 1;
      }
    }
    return out;
  });
}

// inZoc(hex, side): `side`'s units exert a ZOC into hex (an EZOC for the other side).
export function inZoc(ctx, hex, side) { return zones(ctx, side)[ctx.map.index(hex)] === 1; }

export function enemyOf(ctx, side) { return side === ctx.sides[0] ? ctx.sides[1] : ctx.sides[0]; }

// For the inspector: each side's ZOC, "both" where they meet.
export function zocOverlay(ctx, args) {
  const out = {}, ids = ctx.map.ids;
  for (const side of ctx.sides) {
    if (args && args.side && args.side !== side) continue;
    const z = zones(ctx, side);
    for (let i = 0; i < ids.length; i++) if (z[i]) out[ids[i]] = out[ids[i]] ? "both" : side;
  }
  return out;
}
