// North Africa standard rules 7.0 Combat, the procedure of one Combat Phase: 4.1B a-d (state the
// attack, barrage and ground support, final protective fire, differential and die), 7.13-7.15 and
// 7.22-7.23 (who may join an attack), 7.3 (a unit's strength is unitary), 7.52 (the differential is
// never reduced at the attacker's wish), 7.6 (resolution, 7.62 the results); with the parts of
// other rules that act inside a combat: 8.13-8.15, 8.31-8.33, 8.4 (artillery), 9.0 (ground
// support), 10.31 (fortified boxes), 12.33 (unsupplied strengths).
// The other sections of 7.0: mandatory-combat (7.1, 7.2: which units must attack), combat-terrain
// (7.4: the CRT line), crt (7.61), retreat (7.7, 7.8), advance (7.9). No table of its own.
//
// ACTION SHAPES
// Decision `attacks` (the phasing player, step combat.attacks). Attacks are built one at a time:
//   idle:      {do: "attack", hex}                 start an attack on the enemy unit(s) in `hex`
//              {do: "done"}                        end the Combat Phase (refused while a mandatory
//                                                  attack remains: 7.11, 7.12, 7.21)
//   building:  {do: "add-defender", hex}           another enemy hex (7.23: every attacker chosen
//                                                  so far is adjacent to it; 8.13: needs one
//                                                  adjacent attacker first)
//              {do: "add-attacker", unit}          a unit adjacent to every defender hex (adjacent
//                                                  artillery attacks with its barrage, 8.31)
//              {do: "add-barrage", unit}           non-adjacent artillery in range of a defender
//                                                  hex (8.11-8.13, 8.22)
//              {do: "add-ground-support", points}  1..the points left (9.0, 9.12)
//              {do: "resolve"}                     announce the attack; the defender may then add
//                                                  FPF (interrupt `fpf`), then the die is rolled
//              {do: "cancel"}                      drop the attack being built (nothing is spent)
//   whole:     {do: "resolve", defenders: [hex], attackers: [id], barrage: [id], gs}
//                                                  an attack stated at once, not listed but
//                                                  accepted when idle: checked as its steps
//                                                  would be (attack, add-attacker, add-defender,
//                                                  add-barrage, add-ground-support, resolve), then
//                                                  announced. A save or a bot states a whole
//                                                  attack in one action
// Decisions asked in the middle of a combat, each the combat section's by name and answered by
// the section of its rule: `fpf` (the non-phasing player; 8.4, 8.46, 9.0: artillery section),
// `retreat` (7.7, 7.8: retreat section), `advance` (7.9: advance section).
// Where a retreat or an advance leaves no choice it is carried out without asking.
//
// STATE (state.combat): {phase, side, build, fight, after, lastEnd}
//   phase  - Combat Phases begun so far (8.41 compares it with pieces' `adverse` and `fpfUsed`)
//   build  - the attack being composed: {defenders: [hex], attackers: [id], barrage: [id], gs,
//            feasible: whether every mandatory attack could still be made when it was begun}
//   fight  - the attack being resolved: its units, announced strength, line, result, and the
//            paths of retreat of the losing side (7.91)
//   after  - the queue of retreats and advances still to carry out; a step waiting for its owner's
//            choice keeps the choice offered (`opts`, and `routes` for advances)
//   lastEnd - {phase, side, unmet}: what the end of the last Combat Phase left unmet (checks)
// Queries (actions, prompts, refusals, mandatory, obligations) never write the state.
// Piece flags this section sets (reset in beginPhase): attacked, defended, displaced, retreated,
// advanced; fpfUsed and adverse hold Combat Phase numbers; noFpf follows 8.41.


// ---------------------------------------------------------------- small helpers

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

function enemyOf(ctx, side) {
  for (const s of ctx.sides) if (s !== side) return s;
  return null;
}

// state.combat for reading: queries (actions, prompts, refusals, mandatory) never write the state,
// so asking them as often as one likes changes nothing.
function C(ctx) {
  return ctx.state.combat || { phase: 0, side: ctx.active, build: null, fight: null, after: [], lastEnd: null };
}

// state.combat for writing (created if a scenario starts past the beginning of the Combat Phase).
function W(ctx) {
  const s = ctx.state;
  if (!s.combat) s.combat = { phase: 0, side: ctx.active, build: null, fight: null, after: [], lastEnd: null };
  if (!s.eliminated) s.eliminated = [];
  return s.combat;
}

function fmt(d) {
  return d > 0 ? "+" + d : String(d);
}

function ids(list) {
  return list.map((p) => p.id);
}

function mc(ctx) {
  return ctx.rules["mandatory-combat"];
}

// unitsByHex()(hex): the units on the map in hex, by id, or null (the position when asked).
export function unitsByHex(ctx) {
  const occ = new Array(ctx.map.ids.length).fill(null);
  for (const p of ctx.piecesById()) if (onMap(p)) { const i = ctx.map.index(p.hex); (occ[i] || (occ[i] = [])).push(p); }
  return (hex) => occ[ctx.map.index(hex)];
}

// ---------------------------------------------------------------- the phase

// 4.1B: start of a Combat Phase. Per-phase flags of both sides are cleared; 8.41's memory of the
// previous Combat Phase is kept in `adverse` (the phase number of the last adverse result).
export function beginPhase(ctx) {
  const c = W(ctx);
  c.phase = (c.phase || 0) + 1;
  c.side = ctx.active;
  c.build = null;
  c.fight = null;
  c.after = [];
  for (const p of ctx.piecesById()) {
    p.attacked = false;
    p.defended = false;
    p.displaced = false;
    p.retreated = false;
    p.advanced = false;
    p.declined = false;
    // 8.41: a combat result suffered in the previous Combat Phase bars FPF in this one
    p.noFpf = p.artillery ? p.adverse === c.phase - 1 : false;
  }
  ctx.trace({ rule: "4.1B", text: "Combat Phase " + c.phase + ": " + ctx.active + " attacks" });
}

// 4.1B: end of the Combat Phase. Every mandatory attack that could still be made has been made
// (attacks refuses `done` otherwise); what could not be made any more is recorded and traced.
export function endPhase(ctx) {
  const c = W(ctx);
  const M = mc(ctx).model();
  const unmet = mc(ctx).unmetOf(M);
  const waived = mc(ctx).waivedOf(M);
  c.lastEnd = { phase: c.phase, side: ctx.active, unmet: unmet.map((u) => u.text) };
  for (const w of waived) {
    ctx.trace({ rule: w.rule, table: "mandatory-combat/readings", uses: ctx.rules.setup.uses("map"), result: "waived", text: w.text + ": no attack can meet it any more (the units able to attack it have attacked, moved or gone)" });
  }
  // 10.21 and Crusader 17.1: units that used an exemption made no attack and keep their zone of control
  for (const id of M.declined) {
    const p = ctx.piece(id);
    p.declined = true;
    const from = M.declinedFrom[id] || {};
    ctx.trace({ rule: M.declinedRule[id], table: from.table, uses: from.uses, text: id + " used its exemption: no attack, no advance this phase (it keeps its zone of control)" });
  }
  c.build = null;
  c.fight = null;
  c.after = [];
}

// ---------------------------------------------------------------- composing an attack

// The attacks `b` may start or extend, and whether it may be resolved.
function enemiesIn(M, hex) {
  return (M.enemyByHex.get(hex) || []).filter((e) => !e.defended);
}

function targetable(ctx, M, hex) {
  if (!enemiesIn(M, hex).length) return false;
  if (M.gs > 0) return true;                                   // 9.13
  if (M.reach.has(hex)) return true;                               // 7.15
  for (const a of M.arty) if (ctx.rules.artillery.inRange(M.pieces[a], hex)) return true;   // 8.11
  return false;
}

function canAddAttacker(ctx, M, b, p) {
  if (!p || p.side !== M.side || !onMap(p)) return { rule: "7.11", reason: "no phasing unit " + (p ? p.id : "") + " on the map" };
  if (b.attackers.indexOf(p.id) >= 0 || b.barrage.indexOf(p.id) >= 0) return { rule: "7.3", reason: p.id + " is already in this attack" };
  if (p.attacked) return { rule: "7.14", reason: p.id + " has already attacked this Combat Phase" };
  if (p.advanced) return { rule: "7.96", reason: p.id + " advanced after combat and may not attack again this phase" };
  if (p.artillery && p.displaced) return { rule: "7.82", reason: p.id + " was displaced before it fired and may not fire this Combat Phase" };
  for (const h of b.defenders) {
    if (!ctx.map.adjacent(p.hex, h)) return { rule: "7.23", reason: p.id + " is not adjacent to " + h + ": every attacker must be adjacent to every defender (barraging artillery excepted)" };
    if (!ctx.rules["combat-terrain"].combatAllowed(p.hex, h)) return { rule: "7.46", reason: p.id + " faces " + h + " across an escarpment hexside with no road or trail: no combat there" };
  }
  return null;
}

function canAddBarrage(ctx, M, b, p) {
  if (!p) return { rule: "8.0", reason: "no such artillery unit" };
  if (b.attackers.indexOf(p.id) >= 0 || b.barrage.indexOf(p.id) >= 0) return { rule: "7.3", reason: p.id + " is already in this attack" };
  const cb = ctx.rules.artillery.canBarrage(p);
  if (!cb.ok) return { rule: cb.rule, reason: cb.reason };
  const B = ctx.rules.artillery.terms();
  // 8.13, 8.22: a single hex, unless combined with units attacking from adjacent hexes
  if (b.defenders.length > 1 && (b.attackers.length === 0 ? B.singleHex : !B.multiHexCombined)) {
    return { rule: "8.13", reason: "a barrage hits a single hex unless units attack from adjacent hexes too" };
  }
  // 8.34: a barrage may cross an escarpment hexside
  if (!B.acrossEscarpment) {
    for (const h of b.defenders) if (ctx.map.adjacent(p.hex, h) && !ctx.rules["combat-terrain"].combatAllowed(p.hex, h)) return { rule: "8.34", reason: p.id + " faces " + h + " across an escarpment hexside: no barrage across it" };
  }
  // 8.11, 8.22: in range of one defender hex (combined-range-to any-one-defender), or of every one
  const every = B.rangeToEvery;
  for (const h of b.defenders) if (ctx.rules.artillery.inRange(p, h) !== every) return every ? outOfRange(p, [h]) : null;
  return every ? null : outOfRange(p, b.defenders);
}

function outOfRange(p, hexes) {
  return { rule: "8.11", reason: p.id + " (range " + p.range + ") cannot reach " + hexes.join(", ") + " (range counts the target hex, not its own, 8.12)" };
}

function canAddDefender(ctx, M, b, hex) {
  if (b.defenders.indexOf(hex) >= 0) return { rule: "7.23", reason: hex + " is already a defender of this attack" };
  if (!ctx.map.has(hex) || !enemiesIn(M, hex).length) return { rule: "7.14", reason: "no enemy unit in " + hex + " that has not been attacked this phase" };
  // 8.13: more than one hex needs a unit attacking from an adjacent hex
  const B = ctx.rules.artillery.terms();
  if (!b.attackers.length && B.singleHex) return { rule: "8.13", reason: "add an adjacent attacker first: an attack on several hexes needs units attacking from adjacent hexes" };
  if (b.barrage.length && !B.multiHexCombined) return { rule: "8.13", reason: "a barrage joins an attack on a single hex only" };
  for (const a of b.attackers) {
    const p = ctx.piece(a);
    if (!ctx.rules["combat-terrain"].combatAllowed(p.hex, hex)) return { rule: "7.23", reason: a + " is not adjacent to " + hex + " (or faces it across an escarpment, 7.46): every attacker must be adjacent to every defender" };
  }
  return null;
}

function defenderIds(ctx, M, b) {
  const out = [];
  for (const h of b.defenders) for (const e of enemiesIn(M, h)) out.push(e.id);
  return out.sort();
}

// May `b` be resolved now? null or {rule, reason}.
function resolveRefusal(ctx, M, b, curFeasible) {
  if (!b.attackers.length && !b.barrage.length && !(b.gs > 0)) {
    return { rule: "7.0", reason: "add at least one attacking unit, artillery barrage or ground support point" };
  }
  if (b.defenders.length > 1 && !b.attackers.length && ctx.rules.artillery.terms().singleHex) return { rule: "8.13", reason: "an attack on several hexes needs units attacking from adjacent hexes" };
  // 7.11, 7.12, 7.21: the remaining obligations must stay possible
  if (curFeasible === true) {
    const defs = defenderIds(ctx, M, b);
    const after = mc(ctx).feasibleAfter(M, { attackers: b.attackers, barrage: b.barrage, defenders: defs, gs: b.gs });
    if (after === false) return mc(ctx).blameAfter(M, { attackers: b.attackers, barrage: b.barrage, defenders: defs, gs: b.gs });
  }
  return null;
}

// {do: "resolve"} naming its defenders is a whole attack; without them it resolves the one built.
function isWhole(a) { return a.do === "resolve" && a.defenders !== undefined; }

// A whole attack ({do: "resolve", defenders, attackers, barrage, gs}) may be made now if each of
// its steps would be allowed in turn: the first defender hex attacked, the attackers added, the
// other defender hexes, the barrage, the ground support, then resolved. null, or {rule, reason}
// of the first step refused.
export function wholeAttackRefusal(ctx, a) {
  const b0 = C(ctx).build;
  if (b0) return { rule: "7.0", reason: "an attack on " + b0.defenders.join(", ") + " is being built: resolve or cancel it first" };
  const ids = (x) => (x === undefined ? [] : Array.isArray(x) && x.every((v) => typeof v === "string") ? x : null);
  const defs = ids(a.defenders), atts = ids(a.attackers), bar = ids(a.barrage);
  if (!defs || !atts || !bar) return { rule: "7.0", reason: "a whole attack is {do: \"resolve\", defenders: [hex], attackers: [unit id], barrage: [unit id], gs: points}" };
  if (!defs.length) return { rule: "7.0", reason: "a whole attack names at least one defender hex" };
  const gs = a.gs === undefined ? 0 : a.gs;
  if (!Number.isInteger(gs) || gs < 0) return { rule: "9.0", reason: "ground support is a whole number of points (" + JSON.stringify(a.gs) + ")" };
  const M = mc(ctx).model();
  if (!targetable(ctx, M, defs[0])) return attacks.why(ctx, { do: "attack", hex: defs[0] });
  const b = { defenders: [defs[0]], attackers: [], barrage: [], gs: 0 };
  for (const id of atts) {
    const p = ctx.piece(id);
    const r = p ? canAddAttacker(ctx, M, b, p) : { rule: "7.0", reason: "no unit " + id };
    if (r) return r;
    b.attackers.push(id);
  }
  for (const h of defs.slice(1)) {
    const r = canAddDefender(ctx, M, b, h);
    if (r) return r;
    b.defenders.push(h);
  }
  for (const id of bar) {
    const p = ctx.piece(id);
    const r = p ? canAddBarrage(ctx, M, b, p) : { rule: "8.0", reason: "no unit " + id };
    if (r) return r;
    if (M.arty.indexOf(id) < 0) return { rule: "8.11", reason: id + " may not barrage now" };
    b.barrage.push(id);
  }
  if (gs > M.gs) return { rule: "9.0", reason: ctx.active + " has " + M.gs + " ground support point" + (M.gs === 1 ? "" : "s") + " left this Game-Turn, not " + gs };
  b.gs = gs;
  return resolveRefusal(ctx, M, b, mc(ctx).feasibleAfter(M, null));
}

export const attacks = {
  rule: "7.0",
  prompt(ctx) {
    const b = C(ctx).build;
    if (!b) return ctx.active + ": choose an enemy hex to attack, or end the Combat Phase once every mandatory attack is made (7.11, 7.12)";
    return ctx.active + ": attack on " + b.defenders.join(", ") + " with " +
      (b.attackers.concat(b.barrage).join(", ") || "nothing yet") + (b.gs ? " + " + b.gs + " ground support" : "") +
      ": add units, artillery or ground support, then resolve";
  },
  actions(ctx) {
    const c = C(ctx);
    const M = mc(ctx).model();
    const out = [];
    const b = c.build;
    if (!b) {
      const hexes = Array.from(M.enemyByHex.keys()).sort();
      for (const h of hexes) if (targetable(ctx, M, h)) out.push({ do: "attack", hex: h });
      if (!mc(ctx).unmetOf(M).length) out.push({ do: "done" });
      if (!out.length) out.push({ do: "done" });
      return out;
    }
    // building: every addition that keeps the attack legal
    // 7.23: another defender hex touches every attacker, so it lies next to the first one
    if (b.attackers.length) {
      const first = ctx.piece(b.attackers[0]).hex;
      for (const h of ctx.map.neighbors(first).slice().sort()) if (M.enemyByHex.has(h) && !canAddDefender(ctx, M, b, h)) out.push({ do: "add-defender", hex: h });
    }
    // 7.23: an attacker touches every defender hex, so it stands next to the first one
    const near = [];
    for (const h of ctx.map.neighbors(b.defenders[0])) for (const p of M.byHex.get(h) || []) if (M.able[p.id]) near.push(p.id);
    for (const a of near.sort()) if (!canAddAttacker(ctx, M, b, M.pieces[a])) out.push({ do: "add-attacker", unit: a });
    for (const a of M.arty) if (!canAddBarrage(ctx, M, b, M.pieces[a])) out.push({ do: "add-barrage", unit: a });
    for (let n = 1; n <= M.gs - (b.gs || 0); n++) out.push({ do: "add-ground-support", points: n });
    if (!resolveRefusal(ctx, M, b, b.feasible)) out.push({ do: "resolve" });
    out.push({ do: "cancel" });
    return out;
  },
  // a whole attack, stated at once (its steps are too many to list)
  accepts(ctx, a) { return isWhole(a) && !wholeAttackRefusal(ctx, a); },
  apply(ctx, a) {
    if (isWhole(a)) {
      // built as its steps would build it, then announced; the obligations as the check that
      // accepted it judged them, before anything is written
      const feasible = mc(ctx).feasibleAfter(mc(ctx).modelBefore(), null);
      const c = W(ctx);
      c.build = { defenders: a.defenders.slice(), attackers: (a.attackers || []).slice(), barrage: (a.barrage || []).slice(), gs: a.gs || 0, feasible };
      announce(ctx);
      return;
    }
    const c = W(ctx);
    if (a.do === "done") {
      ctx.trace({ rule: "7.11", text: ctx.active + " ends the Combat Phase: every mandatory attack has been made" });
      ctx.done();
      return;
    }
    if (a.do === "attack") {
      // the position does not change while an attack is built: whether the obligations can all be
      // met now is worked out once (7.11, 7.12, 7.21), as the legal attacks saw it
      const M = mc(ctx).modelBefore();
      c.build = { defenders: [a.hex], attackers: [], barrage: [], gs: 0, feasible: mc(ctx).feasibleAfter(M, null) };
      return;
    }
    const b = c.build;
    if (a.do === "add-defender") b.defenders.push(a.hex);
    else if (a.do === "add-attacker") b.attackers.push(a.unit);
    else if (a.do === "add-barrage") b.barrage.push(a.unit);
    else if (a.do === "add-ground-support") b.gs = (b.gs || 0) + a.points;
    else if (a.do === "cancel") {
      ctx.trace({ rule: "7.0", text: "attack on " + b.defenders.join(", ") + " dropped before it was announced" });
      c.build = null;
    } else if (a.do === "resolve") announce(ctx);
  },
  why(ctx, a) {
    const c = C(ctx);
    // the position is modelled only for the refusals that read it (a bot asks about resolving often)
    let model_ = null;
    const M = () => model_ || (model_ = mc(ctx).model());
    const b = c.build;
    if (!a || typeof a.do !== "string") return { rule: "7.0", reason: "an action is an object with a `do` field" };
    if (isWhole(a)) return wholeAttackRefusal(ctx, a);
    if (a.do === "done") {
      if (b) return { rule: "7.0", reason: "an attack is being built: resolve or cancel it first" };
      const u = mc(ctx).unmetOf(M());
      if (u.length) return { rule: u[0].rule === "7.12" || u[0].rule === "8.31" ? "7.12" : "7.11", reason: "mandatory attacks remain: " + u.map((x) => x.text + " (" + x.rule + ")").join("; ") };
      return null;
    }
    if (a.do === "attack") {
      if (b) return { rule: "7.0", reason: "an attack on " + b.defenders.join(", ") + " is being built: resolve or cancel it first" };
      if (!a.hex || !ctx.map.has(a.hex)) return { rule: "7.0", reason: "no hex " + JSON.stringify(a.hex) + " on the map" };
      if (!(M().enemyByHex.get(a.hex) || []).length) return { rule: "7.0", reason: "no enemy unit in " + a.hex };
      if (!enemiesIn(M(), a.hex).length) return { rule: "7.14", reason: "the enemy unit in " + a.hex + " has already been attacked this Combat Phase" };
      return { rule: "7.15", reason: "no unit able to attack is adjacent to " + a.hex + " (or only across an escarpment, 7.46), no artillery can reach it (8.11) and no ground support points are left (9.0)" };
    }
    if (!b) return { rule: "7.0", reason: "choose an enemy hex to attack first ({do: \"attack\", hex})" };
    if (a.do === "add-defender") return canAddDefender(ctx, M(), b, a.hex);
    if (a.do === "add-attacker") return canAddAttacker(ctx, M(), b, ctx.piece(a.unit));
    if (a.do === "add-barrage") return canAddBarrage(ctx, M(), b, ctx.piece(a.unit));
    if (a.do === "add-ground-support") {
      const left = M().gs - (b.gs || 0);
      return { rule: "9.0", reason: ctx.active + " has " + left + " ground support point" + (left === 1 ? "" : "s") + " left to add this Game-Turn (whole points, at least one)" };
    }
    if (a.do === "resolve") return resolveRefusal(ctx, b.feasible === true ? M() : null, b, b.feasible);
    return { rule: "7.0", reason: "unknown combat action " + JSON.stringify(a.do) };
  },
};

// 4.1B a-c, 8.46: the attack is announced; the defender may answer with FPF, then it is resolved.
function announce(ctx) {
  const c = W(ctx);
  const b = c.build;
  const defs = defendersIn(ctx, b.defenders);
  c.build = null;
  c.fight = {
    side: ctx.active, enemy: enemyOf(ctx, ctx.active),
    defenders: defs, defenderHexes: b.defenders.slice(),
    attackers: b.attackers.slice(), barrage: b.barrage.slice(), gs: b.gs || 0,
    fpf: [], fpfGs: 0, lost: {},
  };
  const f = c.fight;
  // 8.46, 12.0: the attack strength is announced now, supply judged at this instant
  f.att = attackTotal(ctx, f);
  ctx.trace({
    rule: "4.1B", text: ctx.active + " attacks " + defs.join(", ") + " in " + b.defenders.join(", ") + " with " +
      (f.attackers.length ? f.attackers.join(", ") : "no adjacent unit") +
      (f.barrage.length ? "; barrage " + f.barrage.join(", ") : "") + (f.gs ? "; " + f.gs + " ground support" : "") +
      ": attack strength " + f.att.total + " announced (8.46)",
  });
  if (ctx.rules.artillery.fpfOptions().length > 1) ctx.interrupt("combat.fpf", null, "final protective fire against the attack on " + f.defenderHexes.join(", "));
  else resolveFight(ctx);
}

// The enemy units an attack on `hexes` attacks: those not yet attacked this phase (7.14), by id.
function defendersIn(ctx, hexes) {
  const defs = [];
  for (const h of hexes) for (const e of ctx.piecesAt(h)) if (e.side !== ctx.active && onMap(e) && !e.defended) defs.push(e.id);
  return defs.sort();
}

// ---------------------------------------------------------------- resolution (7.0 procedure, 7.6)

// 12.0: supply for combat is judged at the instant of combat, unit by unit. `pre` is the supply
// section's search for the unit's side, made once per combat (supplied(piece, pre)).
function supplyPre(ctx, side) {
  const s = ctx.rules.supply;
  return typeof s.bits === "function" ? s.bits(side) : undefined;
}

function suppliedNow(ctx, p, pre) {
  return !!ctx.rules.supply.supplied(p, pre);
}

// The attack total of fight `f` (12.33: unsupplied attack and barrage strength count zero).
function attackTotal(ctx, f) {
  let total = 0;
  const parts = [];
  const pre = supplyPre(ctx, f.side);
  for (const id of f.attackers) {
    const p = ctx.piece(id);
    const sup = suppliedNow(ctx, p, pre);
    const v = p.artillery ? ctx.rules.artillery.adjacentStrength(p, sup) : ctx.rules.supply.strength("attack", p.attack, sup);   // 8.31, 12.33
    total += v;
    parts.push(id + " " + v + (sup ? "" : " (unsupplied, 12.33)") + (p.artillery ? " barrage, adjacent (8.31)" : ""));
  }
  for (const id of f.barrage) {
    const p = ctx.piece(id);
    const sup = suppliedNow(ctx, p, pre);
    const v = ctx.rules.artillery.barrageStrength(p, sup);
    total += v;
    parts.push(id + " " + v + " barrage" + (sup ? "" : " (unsupplied, 12.33)"));
  }
  if (f.gs) { const v = ctx.rules["ground-support"].strength(f.gs); total += v; parts.push(v + " ground support (9.11)"); }
  return { total, parts };
}

// The defense total (8.5, 8.43, 9.11, 12.33, 12.34).
function defenseTotal(ctx, f) {
  let total = 0;
  const parts = [];
  // 12.34: supply never touches a defense, so it is judged only if the table says it does
  const dpre = ctx.rules.supply.defenseAffected() ? supplyPre(ctx, f.enemy) : null;
  for (const id of f.defenders) {
    const p = ctx.piece(id);
    const base = p.artillery ? ctx.rules.artillery.defenseStrength(p) : p.defense || 0;   // 8.5
    const sup = dpre === null || suppliedNow(ctx, p, dpre);
    const v = dpre === null ? base : ctx.rules.supply.strength("defense", base, sup);      // 12.34
    total += v;
    parts.push(id + " " + v + (sup ? "" : " (unsupplied, 12.34)"));
  }
  const pre = f.fpf.length ? supplyPre(ctx, f.enemy) : undefined;
  for (const id of f.fpf) {
    const p = ctx.piece(id);
    const sup = suppliedNow(ctx, p, pre);
    const v = ctx.rules.artillery.fpfStrength(p, sup);
    total += v;
    parts.push(id + " FPF " + v + (sup ? "" : " (unsupplied, 12.33)"));
  }
  if (f.fpfGs) { const v = ctx.rules["ground-support"].strength(f.fpfGs); total += v; parts.push(v + " ground support FPF (9.0)"); }
  return { total, parts };
}

// 7.0 procedure d, 7.61: the differential, the line and the die, once the defender has added its
// final protective fire (8.46).
export function resolveFight(ctx) {
  const c = W(ctx);
  const f = c.fight;
  const adjacent = f.attackers.map((id) => ctx.piece(id));
  const barrage = f.barrage.map((id) => ctx.piece(id));
  const defenders = f.defenders.map((id) => ctx.piece(id));
  // 7.0 procedure: totals and differential (7.52: never reduced at the attacker's wish), the line
  const { att, def, differential, ln } = odds(ctx, f, adjacent, defenders, barrage);
  f.differential = differential;
  if (f.gs) ctx.rules["ground-support"].spend(f.side, f.gs, f.defenderHexes.join(", "));
  if (f.fpfGs) ctx.rules["ground-support"].spend(f.enemy, f.fpfGs, f.defenderHexes.join(", "));
  // 7.14: each takes part in one combat per phase; 8.44, 7.3: FPF artillery fires once
  for (const p of adjacent.concat(barrage)) p.attacked = true;
  for (const p of defenders) p.defended = true;
  for (const id of f.fpf) ctx.piece(id).fpfUsed = c.phase;
  // provenance: supply as traced on the board, the unit types where artillery took part, the
  // scenario's ground support points
  const S = ctx.rules.setup, arty = adjacent.concat(barrage, defenders).some((p) => p.artillery) || f.fpf.length > 0, gs = f.gs > 0 || f.fpfGs > 0;
  const uses = arty ? (gs ? S.uses("map", "supply/readings", "units/types", "scenario") : S.uses("map", "supply/readings", "units/types"))
    : gs ? S.uses("map", "supply/readings", "scenario") : S.uses("map", "supply/readings");
  ctx.trace({
    rule: "7.0", result: f.differential, uses,
    text: ctx.tracing && "attack " + att.total + " (" + att.parts.join(", ") + ") minus defense " + def.total + " (" + def.parts.join(", ") + ") = differential " + fmt(f.differential),
  });
  f.line = ln.line;
  ctx.trace({ rule: ln.rule, table: "combat-terrain/favourability-order", uses: ln.uses, cell: { candidates: ln.candidates.map((x) => x.line) }, result: ln.line, text: ln.text });
  // 7.61: the result decided by the differential and the line, and what they went by
  const all = uses.concat(ln.uses.filter((u) => uses.indexOf(u) < 0));
  const code = ctx.rules.crt.resolve(f.line, f.differential, "combat against " + f.defenderHexes.join(", "), all);
  f.result = code;
  applyResult(ctx, f, code, adjacent, defenders, barrage);
}

// 7.0 procedure d, 7.4: the totals, the differential and the line of fight `f` (its attack total
// announced, f.att), as the resolution and the preview both reckon them.
function odds(ctx, f, adjacent, defenders, barrage) {
  const att = f.att;
  const def = defenseTotal(ctx, f);
  // 7.4, 10.22, 11.1, 8.62: the line
  const ln = ctx.rules["combat-terrain"].lineDetail(adjacent, defenders, barrage, ctx.tracing, true);
  return { att, def, differential: att.total - def.total, ln };
}

// The combat preview (system.yaml preview): the attack being composed (state.combat.build), or the
// candidate args {hex, attackers, barrage, gs} (7.23: more hexes as hexes), reckoned as resolveFight
// reckons it (odds), with the row of results the die may give on the CRT (crt.row). Rolls nothing,
// writes nothing: the final protective fire the defender may still add (8.46) is not in it.
export function preview(ctx, args) {
  const a = args || {}, c = C(ctx);
  const b = a.hex || a.hexes || a.attackers ? { defenders: a.hexes || [a.hex], attackers: a.attackers || [], barrage: a.barrage || [], gs: a.gs || 0 } : c.build;
  // an attack announced and waiting for the defender's final protective fire (8.46): as it stands
  const announced = !b && c.fight && c.fight.result === undefined ? c.fight : null;
  if (!announced && (!b || !b.defenders.length)) return null;
  const side = announced ? announced.side : ctx.active, pieces = (list) => list.map((id) => ctx.piece(id)).filter((p) => !!p);
  const f = announced ? Object.assign({}, announced) : { side, enemy: enemyOf(ctx, side), defenders: defendersIn(ctx, b.defenders), defenderHexes: b.defenders.slice(),
    attackers: b.attackers.slice(), barrage: b.barrage.slice(), gs: b.gs || 0, fpf: [], fpfGs: 0 };
  const adjacent = pieces(f.attackers), barrage = pieces(f.barrage), defenders = pieces(f.defenders);
  const out = { rule: "7.0", attackers: adjacent.concat(barrage).map((p) => ({ id: p.id, hex: p.hex })), hexes: f.defenderHexes, fires: [], hidden: [], notes: [] };
  const missing = f.attackers.concat(f.barrage).filter((id) => !ctx.piece(id) || ctx.piece(id).side !== side);
  if (missing.length) { out.problem = { rule: "7.13", reason: missing.join(", ") + ": no unit of " + side }; return out; }
  if (!defenders.length) { out.problem = { rule: "7.13", reason: "no enemy unit of " + side + " to attack in " + f.defenderHexes.join(", ") }; return out; }
  if (!adjacent.length && !barrage.length && !f.gs) { out.notes.push({ rule: "7.13", text: "no attacker yet: add units adjacent to " + f.defenderHexes.join(", ") }); }
  if (!announced) f.att = attackTotal(ctx, f);
  const o = odds(ctx, f, adjacent, defenders, barrage);
  const r = ctx.rules.crt.row(o.ln.line, o.differential);
  out.fires.push({
    label: side + " attacks " + f.defenders.join(", ") + " in " + f.defenderHexes.join(", "), rule: "7.61", table: "crt/results", die: r.die,
    odds: { kind: "differential", value: o.differential, text: "attack " + o.att.total + " (" + o.att.parts.join(", ") + ") minus defense " + o.def.total + " (" + o.def.parts.join(", ") + ") = differential " + fmt(o.differential), rule: "7.0" },
    steps: [{ rule: o.ln.rule, text: o.ln.text || "the " + r.label + " line" }],
    column: { label: r.band, index: r.column, line: r.line, lineLabel: r.label, rule: "7.61", text: r.clamped ? "resolved as " + r.band + " (7.61 note)" : null },
    results: r.results,
  });
  out.notes.push({ rule: "8.46", text: announced ? "the attack strength is announced; the defender's final protective fire added so far is counted, and more would lower the differential"
    : "once the attack is announced the defender may add final protective fire, which lowers the differential before the die is rolled" });
  return out;
}

// 7.62 with 8.14, 8.15, 8.33 and 10.31: what the result does to whom.
function applyResult(ctx, f, code, adjacent, defenders, barrage) {
  const c = W(ctx);
  const meanings = ctx.tables.crt["result-meanings"].codes[code];
  let hitDefender = meanings.who === "defender" || meanings.who === "both";
  let hitAttacker = meanings.who === "attacker" || meanings.who === "both";
  const n = meanings.hexes || 0;
  const artilleryOnly = ctx.rules.artillery.artilleryOnly(adjacent);
  // 8.15: an attack made solely by artillery and/or ground support affects the defender only on D4
  if (hitDefender && artilleryOnly && !ctx.rules.artillery.affectsDefender(code)) {
    hitDefender = false;
    ctx.trace({ rule: "8.15", table: "artillery/barrage", uses: ctx.rules.setup.uses("units/types"), cell: { result: code }, result: "no effect on the defender",
      text: "attack made solely by artillery and/or ground support: " + code + " does not affect " + f.defenders.join(", ") + " (only " + ctx.rules.artillery.terms().onlyAffecting.join(", ") + ")" });
  }
  // 10.31-10.32: Allied units in a Fortified Box attacked solely through minefield hexsides
  if (ctx.rules["combat-terrain"].fortifiedBox(code, adjacent, defenders)) {
    ctx.trace({ rule: "10.31", table: "combat-terrain/fortified-box", uses: ctx.rules.setup.uses("map", "combat-terrain/side-names", "combat-terrain/fortified-box-several-defenders", "combat-terrain/fortified-box-artillery"), cell: { result: code, hexes: f.defenderHexes }, result: "no effect",
      text: code + " against " + f.defenders.join(", ") + " in a Fortified Box attacked solely through minefield hexsides: no effect, every unit stays in place" });
    finishFight(ctx);
    return;
  }
  // 8.14: barraging artillery never suffers a result; adjacent artillery does (8.33)
  const A = ctx.rules.artillery.terms();
  const hit = (A.adjacentSuffers ? adjacent : adjacent.filter((p) => !p.artillery)).concat(A.barrageSuffers ? barrage : []);
  if (hitAttacker && !hit.length) {
    hitAttacker = false;
    ctx.trace({ rule: "8.14", table: "artillery/barrage", uses: ctx.rules.setup.uses("units/types"), cell: { result: code }, text: code + ": barraging artillery and ground support suffer no combat result" });
  }
  const after = ctx.rules.advance.terms();
  if (code === "Ae" && hitAttacker) {
    for (const p of hit) {
      f.lost[p.id] = { from: p.hex, path: [], eliminated: true };
      eliminate(ctx, p, "7.62", p.id + " eliminated (Ae)");
    }
    // 7.62: the defender may advance into the vacated hex(es) (advance readings after-Ae)
    if (after.afterAe === "vacated-hexes-only") c.after.push({ kind: "advance", side: f.enemy, units: f.defenders.slice(), n: 0, why: "Ae" });
  } else if (meanings.effect === "retreat") {
    if (hitDefender) {
      for (const p of defenders) markAdverse(ctx, p);
      c.after.push({ kind: "retreat", side: f.enemy, role: "defender", units: f.defenders.slice(), n, avoid: [], moving: null, chain: [] });
    }
    if (hitAttacker) {
      for (const p of hit) markAdverse(ctx, p);
      // 7.75: in a Br the attackers may not retreat into a hex the defenders held
      c.after.push({ kind: "retreat", side: f.side, role: "attacker", units: hit.map((p) => p.id), n,
        avoid: code === "Br" ? f.defenderHexes.slice() : [], moving: null, chain: [] });
    }
    // 7.91: the side that did not retreat may advance along the path of retreat (after A1 and A2 the
    // defenders, as advance readings after-A1-A2 says; a Br has no victor)
    if (hitDefender && !hitAttacker && adjacent.length) c.after.push({ kind: "advance", side: f.side, units: f.attackers.slice(), n, why: code });
    const defendersWin = code === "Br" ? after.afterBr !== "none" : after.afterA === "defenders-advance";
    if (hitAttacker && !hitDefender && defendersWin) c.after.push({ kind: "advance", side: f.enemy, units: f.defenders.slice(), n, why: code });
  }
  continueAfter(ctx);
}

// 8.41: the Combat Phase of a unit's last adverse result (and an artillery unit's loss of FPF).
export function markAdverse(ctx, p) {
  p.adverse = W(ctx).phase;
  if (p.artillery) p.noFpf = true;     // 8.41
}
// ---------------------------------------------------------------- after the die: retreats and advances

// Carries out the queue of retreats and advances, asking only where there is a choice.
export function continueAfter(ctx) {
  const c = W(ctx);
  let guard = 0;
  while (c.after.length) {
    if (++guard > 1000) throw new Error("7.7: the retreat and advance queue does not empty");
    const step = c.after[0];
    if (step.kind === "retreat") {
      const r = ctx.rules.retreat.options(step);
      if (r.stuck.length) {
        // 7.74: a unit with nowhere at all to go is lost where it stands
        ctx.rules.retreat.eliminateStuck(step, r.stuck);
        continue;
      }
      const opts = r.opts;
      if (step.units.length === 0 && !step.moving && !step.chain.length) { c.after.shift(); continue; }
      if (opts.length === 1) { ctx.rules.retreat.carryOut(step, opts[0]); continue; }
      step.opts = opts;     // the choice offered, kept until it is made
      ctx.interrupt("combat.retreat", null, step.side + " retreats " + step.units.concat(step.moving ? [step.moving.unit] : []).join(", "));
      return;
    }
    if (step.kind === "advance") {
      const r = ctx.rules.advance.options(step);
      const opts = r.opts;
      step.opts = opts;
      step.routes = r.routes;
      if (opts.length <= 1) {
        if (step.units.length) ctx.trace({ rule: "7.91", table: "advance/readings", uses: ctx.rules.setup.uses("map"), text: "no advance after combat open to " + step.units.join(", ") });
        c.after.shift();
        continue;
      }
      ctx.interrupt("combat.advance", null, step.side + " may advance after combat");
      return;
    }
    c.after.shift();
  }
  finishFight(ctx);
}

function finishFight(ctx) {
  const c = W(ctx);
  c.after = [];
  c.fight = null;
}

// `from` (optional): {table, uses}, the data that decided the loss, for the trace.
export function eliminate(ctx, p, rule, text, from) {
  const hex = p.hex;
  p.hex = null;
  p.at = "eliminated";
  const s = ctx.state;
  if (!s.eliminated) s.eliminated = [];
  if (s.eliminated.indexOf(p.id) < 0) s.eliminated.push(p.id);
  ctx.trace({ rule, table: from && from.table, uses: from && from.uses, result: "eliminated", text: text + (hex ? " in " + hex : "") });
}

// A decision a combat asks of a player mid-way (final protective fire, retreat, advance) is the combat section's by name,
// as a save's control stack records it; the section of its rule answers it (its answer()).
function askedOf(section, rule) {
  const to = (method) => (ctx, ...args) => ctx.rules[section].answer(method, ...args);
  return { rule, side: to("side"), prompt: to("prompt"), actions: to("actions"), apply: to("apply"), why: to("why") };
}

export const fpf = askedOf("artillery", "8.4");
export const retreat = askedOf("retreat", "7.7");
export const advance = askedOf("advance", "7.9");
