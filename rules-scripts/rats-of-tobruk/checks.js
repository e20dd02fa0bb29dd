// Invariants the fuzzer checks after every action: 7.0 (no enemy units share a hex), 7.1 (the
// stacking limit holds whenever no activation's movement may still be sorting itself out: outside
// an activation, and always for the side not activated), 9.1 (no unit in the sea), 2.3 (only a
// two-sided counter is depleted), and the pieces' bookkeeping (a piece on the map has a hex).

export function invariants(ctx) {
  const out = [];
  const by = new Map();
  const a = ctx.state.activation;
  for (const p of ctx.piecesById()) {
    if (p.at === "map") {
      if (!p.hex || !ctx.map.has(p.hex)) { out.push(p.id + " is on the map without a hex of the map (" + p.hex + ")"); continue; }
      if (ctx.map.terrain(p.hex) === "sea") out.push(p.id + " is in the sea at " + p.hex + " (9.1)");
      const l = by.get(p.hex);
      if (l) l.push(p); else by.set(p.hex, [p]);
    } else if (p.hex) out.push(p.id + " is " + p.at + " but has the hex " + p.hex);
    if (p.depleted && p.da === null) out.push(p.id + " is depleted but has no depleted side (2.3)");
  }
  const st = ctx.rules.stacking;
  for (const [h, l] of by) {
    if (l.some((p) => p.side !== l[0].side)) out.push("enemy units share " + h + " (7.0): " + l.map((p) => p.id).join(", "));
    else if (st.total(l) > st.limit(false) && (!a || l[0].side !== a.side)) out.push(h + " is over the stacking limit (7.1): " + l.map((p) => p.id).join(", "));
  }
  return out;
}
