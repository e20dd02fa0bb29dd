// North Africa standard rules 11.0: anti-tank units, 11.1 effect on combat (11.11-11.15).
// Table: tables/north-africa/anti-tank.yaml. The combat section asks usesLine() while choosing the
// CRT line of an attack (7.44: the defender then gets the most favourable line it is entitled to).

// 11.0: is `piece` an anti-tank unit?
export function isAntiTank(ctx, piece) {
  return !!(piece && piece.antiTank);
}

// 11.11-11.15 as the tables say them, once per rules context (every value read here).
function terms(ctx) {
  return ctx.once("terms", () => {
    const L = ctx.table.line, F = ctx.table.forfeit, R = ctx.table.readings;
    return Object.freeze({
      self: L["defender-qualifies"].indexOf("is-anti-tank") >= 0,                          // 11.11
      adjacent: L["defender-qualifies"].indexOf("adjacent-to-friendly-anti-tank") >= 0,    // 11.11
      mechanized: L["mechanized-participant-required"] === true,                           // 11.11, 11.12
      barrageOnly: L["barraging-artillery-only"] === true,                                 // 11.12
      notIn: L["not-in-hex-terrain"],                                                      // 11.15
      line: L["crt-line"],
      phasingKeeps: F.who === "non-phasing", after: F.after,                               // 11.13
      across: R.adjacency === "combat-allowed",                                            // reading (1)
      barrageCounts: R["mechanized-barrage-counts"] === true,                              // reading (2)
    });
  });
}

// 11.13: has non-phasing anti-tank unit `piece` forfeited its effect for this Combat Phase?
export function forfeited(ctx, piece) {
  const T = terms(ctx);
  if (T.phasingKeeps && piece.side === ctx.active) return false;
  for (const flag of T.after) if (piece[flag]) return true;
  return false;
}

// 11.11 (reading 1, 3): the anti-tank unit giving `defender` the line, or null: the defender itself,
// or an anti-tank unit of its side on a hex next to it, that has not forfeited it (11.13).
export function protector(ctx, defender, occ) {
  if (!defender || !defender.hex) return null;
  const T = terms(ctx);
  if (T.self && isAntiTank(ctx, defender) && !forfeited(ctx, defender)) return defender;
  if (!T.adjacent) return null;
  const o = occ || antiTankUnits(ctx);
  const across = T.across ? ctx.rules["combat-terrain"].combatAllowed : null;
  for (const h of ctx.map.neighbors(defender.hex)) {
    for (const q of o[h] || []) {
      if (q.side === defender.side && !forfeited(ctx, q) && (!across || across(defender.hex, h))) return q;
    }
  }
  return null;
}

// The anti-tank units on the map by hex, looked up once per position (a bot weighs many attacks in one).
function antiTankUnits(ctx) {
  return ctx.memo("anti-tank units", () => {
    const out = {};
    for (const q of ctx.pieces((p) => p.antiTank && onMap(p))) (out[q.hex] = out[q.hex] || []).push(q);
    return out;
  });
}

// 11.11-11.15: does the attack of `attackers` (units attacking from adjacent hexes, ids or pieces)
// with `barrage` (barraging artillery, optional) on `defenders` use the Anti-Tank line?
export function usesLine(ctx, attackers, defenders, barrage) {
  return check(ctx, attackers, defenders, barrage).uses;
}

// The same, with the reason: {uses, rule, text, protector, defender}.
export function check(ctx, attackers, defenders, barrage) {
  const adj = pieces(ctx, attackers);
  const bar = pieces(ctx, barrage || []);
  const defs = pieces(ctx, defenders);
  const prot = [];
  const occ = antiTankUnits(ctx);
  for (const d of defs) { const at = protector(ctx, d, occ); if (at) prot.push({ d, at }); }
  if (!prot.length) {
    // 11.13: a displaced or retreated anti-tank unit no longer counts
    for (const d of defs) {
      const near = [d].concat(neighbours(ctx, d)).filter((q) => q.side === d.side && isAntiTank(ctx, q) && forfeited(ctx, q));
      if (near.length) return { uses: false, rule: "11.13", text: "anti-tank unit " + near[0].id + " was displaced or retreated this Combat Phase and has lost its effect" };
    }
    return { uses: false, rule: "11.11", text: "no defender is, or is adjacent to, a friendly anti-tank unit" };
  }
  const T = terms(ctx);
  // 11.12: never for an attack made only by barraging artillery (or ground support)
  if (adj.length === 0 && !T.barrageOnly) return { uses: false, rule: "11.12", text: "an attack made only by barraging artillery or ground support never uses the Anti-Tank line" };
  // 11.11, 11.12 (reading 2): at least one mechanized unit must take part
  const mech = (T.barrageCounts ? adj.concat(bar) : adj).filter((p) => p.mechanized);
  if (mech.length === 0 && T.mechanized) return { uses: false, rule: "11.12", text: "no mechanized unit takes part in the attack" };
  for (const x of prot) {
    // 11.15: a defender in Rough uses the Rough line whatever its anti-tank defense
    const terr = ctx.map.terrain(x.d.hex);
    if (T.notIn.indexOf(terr) >= 0) continue;
    return {
      uses: true, rule: "11.11", line: T.line, protector: x.at.id, defender: x.d.id,
      text: (x.at.id === x.d.id ? x.d.id + " is an anti-tank unit" : x.d.id + " is adjacent to friendly anti-tank unit " + x.at.id) +
        (mech.length ? " and mechanized " + mech.map((p) => p.id).join(", ") + " take" + (mech.length === 1 ? "s" : "") + " part" : ""),
    };
  }
  const terr = ctx.map.terrain(prot[0].d.hex);
  return { uses: false, rule: "11.15", text: prot[0].d.id + " is in " + terr + " terrain: its own line, not the Anti-Tank line" };
}

function neighbours(ctx, piece) {
  const out = [];
  const occ = antiTankUnits(ctx);
  for (const h of ctx.map.neighbors(piece.hex)) for (const q of occ[h] || []) out.push(q);
  return out;
}

function pieces(ctx, list) {
  return (list || []).map((x) => (typeof x === "string" ? ctx.piece(x) : x)).filter((p) => !!p);
}

function onMap(p) {
  return !!p.hex && (p.at === undefined || p.at === "map");
}
