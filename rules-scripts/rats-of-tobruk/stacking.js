// Rats of Tobruk 7.0-7.1 Stacking.
//   7.0  friendly and enemy units never share a hex (movement and retreats never enter an enemy
//        hex; checks.invariants watches it).
//   7.1  a hex holds four full-strength units (two while using road movement, 9.2); a depleted
//        unit counts as half, a single-sided unit or an HQ as a full one: share, fits. The limit
//        holds once all the activation's units have moved: an overstacked hex then loses enough
//        units, depleted or eliminated as its owner chooses: overstacked, comply.
// Tables: stacking.yaml limits.

// What a piece counts for in the stacking limit: 1, or the depleted share.
export function share(ctx, p) {
  return p.depleted && p.da !== null ? ctx.table.limits["depleted-counts"] : 1;
}

export function total(ctx, pieces) {
  let t = 0;
  for (const p of pieces) t += share(ctx, p);
  return t;
}

export function limit(ctx, road) {
  return road ? ctx.table.limits["road-full-units"] : ctx.table.limits["full-units"];
}

// fits(hex, pieces, road): the pieces may be added to the friendly units in hex within the limit
// (road: the limit of units using road movement). Pieces already in the hex are not counted twice.
export function fits(ctx, hex, pieces, road) {
  const side = pieces[0].side;
  const moving = new Set(pieces.map((p) => p.id));
  let t = total(ctx, pieces);
  for (const q of ctx.piecesAt(hex)) {
    if (q.side !== side) return false;
    if (!moving.has(q.id)) t += share(ctx, q);
  }
  return t <= limit(ctx, road);
}

// The hexes of a side over the limit, sorted.
export function overstacked(ctx, side) {
  const by = new Map();
  for (const p of ctx.pieces((q) => q.side === side && q.hex)) by.set(p.hex, (by.get(p.hex) || 0) + share(ctx, p));
  const out = [];
  for (const [h, t] of by) if (t > limit(ctx, false)) out.push(h);
  return out.sort();
}

export function complyDue(ctx) {
  const a = ctx.state.activation;
  return !!a && overstacked(ctx, a.side).length > 0;
}

export const comply = {
  rule: "7.1",
  side: (ctx) => ctx.state.activation.side,
  prompt(ctx) {
    const h = overstacked(ctx, ctx.state.activation.side)[0];
    return h + " holds more than " + limit(ctx, false) + " full-strength units: deplete or eliminate one of them";
  },
  actions(ctx) {
    const h = overstacked(ctx, ctx.state.activation.side)[0];
    const out = [];
    for (const p of ctx.piecesById((q) => q.hex === h)) {
      if (p.da !== null && !p.depleted) out.push({ do: "deplete", unit: p.id });
      out.push({ do: "eliminate", unit: p.id });
    }
    return out;
  },
  apply(ctx, a) {
    const p = ctx.piece(a.unit);
    const why = p.hex + " over the stacking limit after the activation's movement";
    if (a.do === "deplete") ctx.rules.casualties.deplete(p, "7.1", why);
    else ctx.rules.casualties.eliminate(p, "7.1", why);
    if (!complyDue(ctx)) ctx.done();
  },
};
