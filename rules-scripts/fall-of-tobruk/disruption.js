// The Fall of Tobruk 12.0 Disruption, and units lost.
//   12.1  artillery bombardment, strafing and bombing, overstacking, an Overrun, a retreat into an
//         enemy ZOC or across a minefield, and the Dis results of combat disrupt a unit: it is
//         flipped to its reverse side. HQs have no reverse side and ignore every Dis (12.1 NOTE).
//   12.2  a Disrupted unit fights with its reverse side's attack factors (attackValue); disrupted a
//         second time it is eliminated, unless the second disruption comes from bombardment or
//         strafing (12.2 EXCEPTION): disrupt.
//   12.3  the Clean-Up Phase flips the Disrupted units back: recover.
//   11.3  the Dis, 2 Dis, All Dis, Both Dis and Atkr Dis results: the owner picks the units among
//         those of the Predominant Morale (the combat queue's steps dis and disAll).
//   11.3, 5.41, 7.11  a unit lost leaves the map: armor that can be repaired leaves a Wreck marker,
//         other armor goes to the Units Destroyed box, other units to Units to be Refitted; an HQ
//         is put on the nearest unit of its formation instead, the owner choosing among equally
//         near ones (the decision placement, or a step of the combat under way): lose, eliminate.
// Tables: disruption.yaml (causes, reverse-side), units.yaml (models), refit.yaml (wrecks combat-causes).
// Piece fields this section sets: disrupted; hex, at, box, lostIn when a unit is lost.

function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }

function pieces(ctx, ids) { return ids.map((id) => ctx.piece(id)).filter(onMap); }

// ---------------------------------------------------------------- 12.2 the reverse side

// 12.2: a Disrupted unit fights with the values of its reverse side: the piece's `hafDisrupted` /
// `safDisrupted` where the order of battle gives them, else the disruption.yaml stand-in.
const REVERSE = { haf: "hafDisrupted", saf: "safDisrupted" };

// reverseStandIn(p, k): does the disruption.yaml stand-in give `p` its factor k ("haf", "saf")?
export function reverseStandIn(ctx, p, k) {
  return !!p.disrupted && !!REVERSE[k] && typeof p[REVERSE[k]] !== "number";
}

// attackValue(p, k): the Hard ("haf") or Soft ("saf") Attack Factor the unit fights with before
// any other modifier: its printed value, or its reverse side's while Disrupted.
export function attackValue(ctx, p, k) {
  if (p.disrupted && REVERSE[k]) {
    if (typeof p[REVERSE[k]] === "number") return p[REVERSE[k]];
    return (+p[k] || 0) * ctx.tables.disruption["reverse-side"]["attack-factor"];
  }
  return +p[k] || 0;
}

// ---------------------------------------------------------------- 12.1, 12.2 disruption

// 12.2 EXCEPTION: the causes that never eliminate a unit already Disrupted (effects spared-by).
function spares(ctx) { return ctx.tables.disruption.effects["spared-by"]; }

// 12.1, 12.2: disrupts `p` (its reverse side); a second disruption eliminates it, except one from
// bombardment or strafing. HQs have no disrupted side and ignore every Dis (12.1 NOTE).
// Returns "disrupted", "eliminated", "immune" or "no effect". `uses`: the non-printed sources the
// cause rests on, for the trace.
function disruptPiece(ctx, p, cause, rule, text, uses) {
  const why = text ? text + ": " : "";
  const u = uses || [];
  if (!onMap(p)) return "no effect";
  if (p.hq && ctx.tables.disruption.effects.hq === "immune") {
    ctx.trace({ rule: "12.1", table: "disruption/effects", uses: u, result: "immune", text: why + p.id + " is an HQ: no disrupted side, the Dis is ignored (12.1 NOTE)" });
    return "immune";
  }
  if (p.disrupted) {
    if (spares(ctx).indexOf(cause) >= 0) {
      ctx.trace({ rule: "12.2", table: "disruption/effects", uses: u, result: "no effect", text: why + p.id + " is already Disrupted; a disruption from " + cause + " cannot eliminate it (12.2 EXCEPTION)" });
      return "no effect";
    }
    lose(ctx, p, "12.2", why + p.id + " is Disrupted a second time (" + cause + ")", cause, u);
    return "eliminated";
  }
  p.disrupted = true;
  ctx.trace({ rule: rule || "12.1", table: "disruption/effects", uses: u, result: "disrupted", text: why + p.id + " is Disrupted (" + cause + "), flipped to its reverse side" });
  return "disrupted";
}

// disrupt(unit, cause, rule?, text?, uses?): disrupts a unit (a piece or an id) for every section
// (artillery 8.11, air 9.444, stacking 4.23, minefields, combat). `cause` names where it comes from
// ("bombardment", "strafing", "overstacking", ...); `text` heads the trace; `uses` names the
// non-printed sources the cause rests on (a trace's `uses`).
export function disrupt(ctx, unit, cause, rule, text, uses) {
  const p = typeof unit === "string" ? ctx.piece(unit) : unit;
  return disruptPiece(ctx, p, causeOf(ctx, cause), rule, text || null, uses);
}

// A cause given as text ("4.23 overstacking", "artillery bombardment") as one word for 12.2.
function causeOf(ctx, cause) {
  const t = String(cause || "combat").toLowerCase();
  for (const w of spares(ctx)) if (t.indexOf(w) >= 0) return w;
  return t;
}

// 12.3, 3.5: the Clean-Up Phase flips `side`'s Disrupted units back (every side when omitted).
export function recover(ctx, side) {
  const back = [];
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (p.disrupted && (!side || p.side === side)) { p.disrupted = false; back.push(id); }
  }
  if (back.length) ctx.trace({ rule: "12.3", table: "disruption/removal", text: (side || "every side") + ": " + back.length + " Disrupted unit" + (back.length === 1 ? "" : "s") + " flipped back to the front side (" + back.join(", ") + ")" });
  return back;
}

// ---------------------------------------------------------------- 11.3, 5.41, 7.11 units lost

function norm(s) {
  return String(s || "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

// 5.4, 5.41: does an eliminated tank of this model leave a Wreck marker (units.yaml models: the
// models with a Reserve Tank track)?
function wreckable(ctx, p) {
  const m = p.armor && p.type === "tank" && p.model ? ctx.tables.units.models["by-model"][p.model] : null;
  return !!(m && m.wreck);
}

// 5.41: only Antitank Fire and Regular Combat leave wrecks: a loss by one of the refit.yaml
// combat causes while a Combat Impulse is resolved. Other tanks with a track go to Units to be Refit.
function inCombat(ctx, cause) {
  const imp = ctx.state.combat && ctx.state.combat.imp;
  return !!imp && ctx.tables.refit.wrecks["combat-causes"].indexOf(causeOf(ctx, cause)) >= 0;
}

// 7.11: an HQ lost in combat is put on the nearest unit of its formation: the hexes of those
// nearest units, sorted (several when they are equally near: the owner chooses), or [] when none is
// on the map.
function hqRefuges(ctx, p) {
  let bd = Infinity, out = [];
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const q = ctx.state.pieces[id];
    if (q === p || !onMap(q) || q.hq || q.side !== p.side || q.formation !== p.formation) continue;
    const d = ctx.map.distance(p.hex, q.hex);
    if (d < bd) { bd = d; out = [q.hex]; } else if (d === bd && out.indexOf(q.hex) < 0) out.push(q.hex);
  }
  return out.sort();
}

function placeHq(ctx, p, hex, text, uses) {
  p.hex = hex;
  p.at = "map";
  p.disrupted = false;
  ctx.trace({ rule: "7.11", uses, result: "placed", text: text + ": " + p.id + " (HQ) is placed on the nearest unit of its formation, in " + hex });
}

// 7.11: equally near units: the HQ waits off the map (at "placing") for its owner's choice, a step
// of the combat being resolved or else a decision of its own (placement).
function awaitPlacement(ctx, p, hexes, text) {
  p.hex = null;
  p.at = "placing";
  ctx.trace({ rule: "7.11", uses: ["units/units"], result: "choice", text: text + ": " + p.id + " (HQ) goes on the nearest unit of its formation; " +
    hexes.join(", ") + " are as near: " + p.side + " chooses" });
  const S = ctx.state.combat, args = { unit: p.id, hexes, text };
  if (S && S.imp && S.imp.resolving) {
    // a step of the combat under way: asked when it comes to the front of the queue
    S.queue.unshift({ k: "hq", unit: p.id, hexes, text, side: p.side, rule: "7.11", prompt: placementPrompt(p, hexes), why: placementWhy(hexes),
      decision: "disruption.placement", args: Object.assign({ step: true }, args), opts: placementActions(p.id, hexes) });
  } else {
    ctx.interrupt("disruption.placement", args, placementPrompt(p, hexes));
  }
}

function placementActions(unit, hexes) { return hexes.map((h) => ({ do: "place", unit, hex: h })); }

function placementPrompt(p, hexes) {
  return p.side + ": the HQ " + p.id + " was eliminated: place it on the nearest unit of its formation, in " + hexes.join(" or ") + " (7.11)";
}

function placementWhy(hexes) {
  return "an eliminated HQ goes on the nearest unit of its formation; these are as near: " + hexes.join(", ") + " (7.11)";
}

// placement: 7.11, the owner places an eliminated HQ on one of its formation's equally near units.
// Inside a Combat Impulse it answers the combat's step (combat.answer), which goes on resolving.
export const placement = {
  rule: "7.11",
  side(ctx, args) { return ctx.piece(args.unit).side; },
  prompt(ctx, args) { return placementPrompt(ctx.piece(args.unit), args.hexes); },
  actions(ctx, args) { return placementActions(args.unit, args.hexes); },
  apply(ctx, a, args) {
    if (args.step) { ctx.rules.combat.answer(a); return; }
    placeHq(ctx, ctx.piece(args.unit), a.hex, args.text, ["units/units"]);
    ctx.done();
  },
  why(ctx, a, args) { return { rule: "7.11", reason: placementWhy(args.hexes) }; },
};

// 11.3, 5.41, 7.11: a unit leaves the map. Armor that can be repaired leaves a Wreck marker in its
// hex; other armor goes to the Units Destroyed box, other units to Units to be Refitted.
function lose(ctx, p, rule, text, cause, uses) {
  if (!onMap(p)) return;
  const hex = p.hex;
  const u = (uses || []).concat(["units/units"]);
  if (p.hq) {
    const to = hqRefuges(ctx, p);
    if (to.length === 1) { placeHq(ctx, p, to[0], text, u); return; }
    if (to.length > 1) { awaitPlacement(ctx, p, to, text); return; }
  }
  p.hex = null;
  p.at = "eliminated";
  p.lostIn = hex;
  if (p.armor) p.box = !wreckable(ctx, p) ? "units-destroyed" : inCombat(ctx, cause) ? "wreck" : "units-to-be-refitted";
  else p.box = "units-to-be-refitted";
  ctx.trace({ rule, uses: u, result: "eliminated", text: text + ": " + p.id + " eliminated in " + hex +
    (p.box === "wreck" ? "; a Wreck marker is placed there (5.41)" : p.box === "units-destroyed" ? "; to the Units Destroyed box (5.41)" : p.armor ? "; not lost in combat, so no wreck: to the Units to be Refitted box (5.41)" : "; to the Units to be Refitted box (11.3)") });
  ctx.rules.victory.recordLoss(p);
  const imp = ctx.state.combat && ctx.state.combat.imp;
  if (imp) imp.lost = (imp.lost || 0) + 1;
}

// eliminate(unit, cause, rule?): a unit lost (a piece or an id), as in combat: wrecks, HQ
// placement, the loss count of 15.3. `cause` heads the trace.
export function eliminate(ctx, unit, cause, rule) {
  const p = typeof unit === "string" ? ctx.piece(unit) : unit;
  lose(ctx, p, rule || "11.3", (cause || "eliminated"), cause);
  return !onMap(p);
}

// loseUnit(unit, rule, text, cause, uses?): eliminate, with the trace's rule and text given whole.
export function loseUnit(ctx, unit, rule, text, cause, uses) {
  lose(ctx, typeof unit === "string" ? ctx.piece(unit) : unit, rule, text, cause, uses);
}

// ---------------------------------------------------------------- 11.3 the Dis results (combat steps)

const STEP = {};
const CHOOSE = {};

// The non-printed sources behind a combat step's disruptions (a trace's `uses`): the minefield's
// map and readings for the MAT, else the order of battle (the predominant morale, the SPs).
function stepUses(st) { return st.cause === "minefield" ? ["map", "minefields/readings", "units/units"] : ["units/units"]; }

// 11.3: the owner disrupts `n` units of `pool`, picking among those of the predominant morale
// (then the rest); a lone unit takes both of a 2 Dis and is eliminated (12.2).
STEP.dis = (ctx, st) => {
  while (st.n > 0) {
    const hqImmune = ctx.tables.disruption.effects.hq === "immune";
    const pool = pieces(ctx, st.pool).filter((p) => !(p.hq && hqImmune));
    if (!pool.length) {
      if (pieces(ctx, st.pool).length) ctx.trace({ rule: "12.1", text: st.text + ": only HQs, which ignore Dis (12.1 NOTE)" });
      return [];
    }
    if (pool.length === 1) {
      const p = pool[0];
      for (let i = 0; i < st.n && onMap(p); i++) disruptPiece(ctx, p, st.cause, st.rule, st.text + (st.n > 1 ? " on a lone unit" : ""), stepUses(st));
      st.n = 0;
      break;
    }
    let cand = st.pm ? pool.filter((p) => ctx.rules.morale.moraleOf(p) === st.pm) : pool;
    if (!cand.length) cand = pool;
    if (cand.length <= st.n) {
      for (const p of cand) { disruptPiece(ctx, p, st.cause, st.rule, st.text, stepUses(st)); st.pool = st.pool.filter((x) => x !== p.id); st.n--; }
      continue;
    }
    st.prompt = st.side + ": " + st.text + ": choose the unit to Disrupt" + (st.pm ? " among those of predominant morale " + st.pm : "") + " (11.3)";
    st.why = "the owner disrupts one of the units " + (st.pm ? "with the predominant morale " + st.pm : "concerned") + " (11.3)";
    st.opts = cand.map((p) => ({ do: "disrupt", unit: p.id }));
    return [st];
  }
  return [];
};

// 7.11: the owner's choice of hex for an eliminated HQ (awaitPlacement).
STEP.hq = () => [];

CHOOSE.hq = (ctx, st, a) => { placeHq(ctx, ctx.piece(a.unit), a.hex, st.text, ["units/units"]); };

CHOOSE.dis = (ctx, st, a) => {
  disruptPiece(ctx, ctx.piece(a.unit), st.cause, st.rule, st.text, stepUses(st));
  st.pool = st.pool.filter((x) => x !== a.unit);
  st.n--;
};

STEP.disAll = (ctx, st) => {
  for (const p of pieces(ctx, st.units)) disruptPiece(ctx, p, st.cause, st.rule, st.text, stepUses(st));
  return [];
};

// combatStep(st), combatChoice(st, action): the steps of the combat queue this section carries
// out (combat.js runs the queue).
export function combatStep(ctx, st) { return STEP[st.k](ctx, st); }
export function combatChoice(ctx, st, a) { CHOOSE[st.k](ctx, st, a); }
