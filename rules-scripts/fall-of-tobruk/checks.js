// Invariants of The Fall of Tobruk, checked by the fuzzer after every action.
//   4.21  never more than 24 SPs in a hex once its 4.23 penalties are paid (HQs count for none, 7.11).
//   4.1   no hex holds units of both sides.
//   7.2   an activation never spends more Activation Points than its Command Control roll gave.
//   3.4   no ground unit takes part in two Movement Impulses, or two Combat Impulses, in one
//         Operations Phase (the impulse sections count them: piece.moves, piece.combats).
//   4.12  no activation ends with a unit still owing a forced attack (state.lastActivation.owed,
//         as the activation section found it at the end).

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

export function invariants(ctx) {
  const out = [];
  const max = ctx.tables.stacking.limits["absolute-max"];
  const hexes = {};
  for (const p of ctx.pieces((q) => q.at === "map").sort(byId)) {
    if (!p.hex || !ctx.map.has(p.hex)) { out.push("16.1: " + p.id + " is on the map without a hex of the map (" + p.hex + ")"); continue; }
    const h = hexes[p.hex] = hexes[p.hex] || { sp: 0, sides: {}, ids: [] };
    if (!p.hq) h.sp += p.sp || 0;
    h.sides[p.side] = true;
    h.ids.push(p.id);
  }
  // hexes whose 4.23 penalties are still being paid: the pending choice, and retreats and advances
  // of a combat whose stacking check (combat STEP.stack) has not come yet
  const paying = {};
  if (ctx.state.overstack) paying[ctx.state.overstack.hex] = true;
  const imp = ctx.state.combat && ctx.state.combat.imp;
  for (const h of (imp && imp.arrived) || []) paying[h] = true;
  for (const hex of Object.keys(hexes).sort()) {
    const h = hexes[hex];
    if (h.sp > max && !paying[hex]) out.push("4.21: " + h.sp + " SPs in " + hex + " (" + h.ids.join(", ") + "), more than " + max);
    if (Object.keys(h.sides).length > 1) out.push("4.1: units of both sides in " + hex + ": " + h.ids.join(", "));
  }
  const a = ctx.state.activation;
  if (a && a.ap !== null && a.apSpent > a.ap) out.push("7.2: " + a.marker + " spent " + a.apSpent + " AP of the " + a.ap + " its roll gave");
  const last = ctx.state.lastActivation;
  if (last && last.owed.length) out.push("4.12: the activation of " + last.marker + " ended with " + last.owed.join(", ") + " still owing a forced attack");
  const lim = ctx.tables.activation["activation-points"]["impulse-limits"]["ground-unit"];
  for (const p of ctx.pieces((q) => (q.moves || 0) > lim.movement || (q.combats || 0) > lim.combat).sort(byId)) {
    if ((p.moves || 0) > lim.movement) out.push("3.4: " + p.id + " took part in " + p.moves + " Movement Impulses this Operations Phase");
    if ((p.combats || 0) > lim.combat) out.push("3.4: " + p.id + " took part in " + p.combats + " Combat Impulses this Operations Phase");
  }
  return out.concat(ctx.rules.air.invariants());     // 6.12, 9.41, 9.5
}
