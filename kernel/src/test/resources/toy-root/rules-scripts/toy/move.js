// Toy rule 3: movement by terrain cost, roads and rivers on hexsides, stopping next to the enemy.
export function movementAllowance(ctx, piece) { return piece.ma; }

export function costSpec(ctx, piece) {
  const enemies = ctx.pieces((p) => p.side !== piece.side && p.hex);
  const stop = new Set();
  // 3.2: entering a hex next to an enemy ends the move (optional rule zoc-stops)
  if (ctx.option("zoc-stops")) for (const e of enemies) for (const h of ctx.map.neighbors(e.hex)) stop.add(h);
  return {
    terrain: ctx.table.terrain.costs,
    hexsides: { road: ctx.table.hexsides.road, river: ctx.table.hexsides.river },
    blocked: enemies.map((e) => e.hex).sort(),
    stop: [...stop].sort(),
    noEnd: fullHexes(ctx, piece.side),
  };
}

function fullHexes(ctx, side) {
  const count = {};
  for (const p of ctx.pieces((q) => q.side === side && q.hex)) count[p.hex] = (count[p.hex] || 0) + 1;
  return Object.keys(count).filter((h) => count[h] >= 2).sort();
}

export const move = {
  rule: "3",
  prompt: (ctx) => ctx.active + ": move a unit, or end the movement impulse",
  inactive: "move",
  actions(ctx) {
    const out = [];
    // kept while the position stands (ctx.memo): every question before the next move shares it
    const movers = ctx.memo("movers " + ctx.active, () => ctx.pieces((q) => q.side === ctx.active && q.hex && !q.moved));
    for (const p of movers) {
      const reach = ctx.map.reach(p.hex, ctx.rules.move.movementAllowance(p), ctx.rules.move.costSpec(p));
      for (const h of Object.keys(reach).sort()) out.push({ do: "move", unit: p.id, to: h });
    }
    out.push({ do: "done" });
    return out;
  },
  // toy rule 3.4: a move may end the impulse with it ({do: "move", unit, to, last: true}), accepted
  // though not listed: the move itself must be one of the listed ones
  accepts(ctx, a) {
    if (a.do !== "move" || a.last !== true) return false;
    return move.actions(ctx).some((b) => b.do === "move" && b.unit === a.unit && b.to === a.to);
  },
  apply(ctx, a) {
    if (a.do === "done") { ctx.done(); return; }
    // the units free to move as the listing saw them, read before anything is written (null: not asked)
    const listed = ctx.memoBefore("movers " + ctx.active, () => null);
    const p = ctx.piece(a.unit);
    const from = p.hex;
    p.hex = a.to;
    p.moved = true;
    // 6.3: a face-down unit's move is its owner's to read; the other side sees its counter move
    ctx.trace(Object.assign({ rule: "3.1", uses: ["map", "move/hexsides"], cell: { movers: listed === null ? null : listed.length }, text: p.id + " moves " + from + " -> " + a.to },
      p.faceDown ? { visibleTo: [p.side] } : {}));
    if (p.faceDown) ctx.trace({ rule: "6.3", text: "a face-down " + p.side + " counter moves " + from + " -> " + a.to });
    ctx.rules.fog.revealContacts();
    if (a.last === true) { ctx.trace({ rule: "3.4", text: "and the movement impulse ends" }); ctx.done(); }
  },
  why(ctx, a) {
    if (a.do !== "move") return null;
    const p = ctx.piece(a.unit);
    if (!p || p.side !== ctx.active) return { reason: "no unit " + a.unit + " of " + ctx.active + " to move", rule: "3" };
    if (p.moved) return { reason: a.unit + " has already moved this turn", rule: "3.3" };
    return { reason: a.to + " is beyond " + a.unit + "'s movement allowance, blocked, or past a hex next to the enemy", rule: "3.1" };
  },
};

// Overlays for the inspector: every hex the unit args.unit may reach, with its cost in MP.
export function reachOverlay(ctx, args) {
  const p = args && ctx.piece(args.unit);
  if (!p || !p.hex) return {};
  return ctx.map.reach(p.hex, ctx.rules.move.movementAllowance(p), ctx.rules.move.costSpec(p));
}

// The hexes next to `args.side`'s units (where rule 3.2 stops the other side).
export function zocOverlay(ctx, args) {
  const out = {};
  for (const p of ctx.pieces((q) => q.hex && (!args || !args.side || q.side === args.side))) {
    for (const h of ctx.map.neighbors(p.hex)) out[h] = p.side;
  }
  return out;
}

// Toy rule 3.3, for the inspector: from the hex args.hex, every hex within sight range, "in sight" or
// "hidden" (blocking terrain between the two hexes; spines blocked only when both sides block).
export function sightOverlay(ctx, args) {
  const from = args && args.hex;
  if (!from || !ctx.map.has(from)) return {};
  const t = ctx.table.sight;
  const blocking = ctx.map.ids.filter((h) => t.blocking.indexOf(ctx.map.terrain(h)) >= 0);
  const out = {};
  for (const h of ctx.map.within(from, t.range)) if (h !== from) out[h] = ctx.map.lineOfSight(from, h, blocking) ? "in sight" : "hidden";
  return out;
}
