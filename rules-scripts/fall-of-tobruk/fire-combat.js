// The Fall of Tobruk 11.1 the Antitank Fire Segment (fire combat).
//   11.1  every unit with a Hard Attack Factor may fire at the enemy armor of a combat: the
//         attacker's units at the defending armor, the defenders at the attacking armor of one hex
//         of their choice; no unit fires twice in a segment.
//   11.11 the First Fire Step comes first: defenders behind a friendly unbreached minefield (13.21),
//         on a Hill against an attacker not on one, or at the top of an Escarpment, and Axis Heavy
//         AT units always (our reading of 11.11 and its NOTE, which lets opposing units both have
//         First Fire); a unit may pass its First Fire to fire with the others in the Simultaneous
//         Fire Step. The results of each step are applied at its end.
//   11.12 each fire is resolved on the CRT (crt.js fire) and the Fire Combat Resolution table
//         (fire-combat.yaml); the results are 11.3's (combat-results.js).
// The combat queue's steps plan (who fires, at what, in which step; the owner's choice) and
// atfire (one step's fires); combat.js runs the queue. Query: firstFire.
// Tables: fire-combat.yaml (fire-combat), crt.yaml, minefields.yaml, terrain.yaml.

function ids(list) { return list.map((p) => p.id); }

function combatOf(ctx, ci) {
  return ctx.state.combat.imp.combats[ci];
}

// 11.11: an Axis Heavy AT unit (the 88) always has First Fire (fire-combat.yaml first-fire).
function axisHeavyAt(ctx, p) {
  const side = ctx.table["first-fire"]["heavy-at-side"];
  return !!p.heavyAT && p.side === side;
}

// 11.11, 13.21, 11.22: why every defender in `hex` has First Fire against the attacking armor in
// the adjacent `from` ([] if it has none).
function defenderFirstFire(ctx, hex, from, defSide) {
  const cb = ctx.rules.combat;
  const why = [];
  const mf = cb.minefieldOn(from, hex, defSide);
  if (mf && mf.friendly) why.push("friendly unbreached minefield (11.11, 13.21)");
  if (cb.hexIs(hex, "hill") && !cb.hexIs(from, "hill")) why.push("defender on a Hill, the attacker not (11.11, 11.22)");
  if (cb.escarpmentUp(from, hex)) why.push("defender at the top of an Escarpment (11.11, 11.22)");
  return why;
}

function hardAttack(ctx, p, role, c) {
  return ctx.rules.crt.attackFactor(p, "haf", role, c).v;
}

// 11.1: who may fire antitank fire in combat c: `who` "attacker" (its units with a Hard Attack at
// the defenders' armor) or "defender" (its units with a Hard Attack at the attacking armor, whose
// hexes it chooses among). The plan step and the combat preview both ask it.
export function antitankSides(ctx, c, who) {
  const cb = ctx.rules.combat;
  const own = who === "attacker" ? c.side : c.enemy, foe = who === "attacker" ? c.enemy : c.side;
  return {
    firers: cb.involved(c, own).filter((p) => hardAttack(ctx, p, who === "attacker" ? "attack" : "defend", c) > 0),
    targets: cb.involved(c, foe).filter((p) => p.armor),
  };
}

const STEP = {};
const CHOOSE = {};

STEP.plan = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (c.off || st.chosen) return [];
  if (st.who === "attacker") {
    const { firers, targets } = antitankSides(ctx, c, "attacker");
    if (!firers.length || !targets.length) { c.planA = null; return []; }
    const ff = firers.filter((p) => axisHeavyAt(ctx, p));
    if (ff.length && ff.length < firers.length) {
      st.side = c.side;
      st.ff = ids(ff);
      st.prompt = c.side + ": " + st.ff.join(", ") + " (Heavy AT) may use First Fire on the armor in " + c.hex + " alone, or pass it and fire with the others (11.11)";
      st.why = "choose whether the Heavy AT units fire first (11.11)";
      st.opts = [{ do: "fire", side: c.side, at: c.hex, first: true }, { do: "fire", side: c.side, at: c.hex, first: false }];
      st.firers = ids(firers); st.targets = ids(targets);
      return [st];
    }
    c.planA = { side: c.side, at: c.hex, first: ff.length > 0, firers: ids(firers), targets: ids(targets), why: ff.length ? "Axis Heavy AT (11.11)" : "" };
    return [];
  }
  const { firers, targets: armor } = antitankSides(ctx, c, "defender");
  if (!firers.length || !armor.length) { c.planD = null; return []; }
  const hexes = [];
  for (const p of armor) if (hexes.indexOf(p.hex) < 0) hexes.push(p.hex);
  hexes.sort();
  const ffSome = firers.filter((p) => axisHeavyAt(ctx, p));
  const opts = [];
  st.info = {};
  for (const h of hexes) {
    const why = defenderFirstFire(ctx, c.hex, h, c.enemy);
    st.info[h] = { all: why.join(", ") };
    if (why.length || ffSome.length === firers.length) opts.push({ do: "fire", side: c.enemy, at: h, first: true });
    else if (ffSome.length) { opts.push({ do: "fire", side: c.enemy, at: h, first: true }); opts.push({ do: "fire", side: c.enemy, at: h, first: false }); }
    else opts.push({ do: "fire", side: c.enemy, at: h, first: false });
  }
  st.side = c.enemy;
  st.firers = ids(firers);
  st.ff = ids(ffSome);
  st.prompt = c.enemy + ": the defenders of " + c.hex + " fire at the attacking armor of one hex, with First Fire where they have it (11.1, 11.11)";
  st.why = "the defenders fire at the attacking armor of one hex; First Fire only where 11.11 gives it (Heavy AT units alone may fire first, the others then hold)";
  st.opts = opts;
  return [st];
};

CHOOSE.plan = (ctx, st, a) => {
  const c = combatOf(ctx, st.ci);
  st.chosen = true;
  if (st.who === "attacker") {
    const firers = a.first ? st.ff : st.firers;
    c.planA = { side: c.side, at: c.hex, first: !!a.first, firers, targets: st.targets, why: a.first ? "Axis Heavy AT alone (11.11)" : "" };
    ctx.trace({ rule: "11.11", uses: ["units/units"], text: c.side + ": " + (a.first ? st.ff.join(", ") + " use First Fire alone; the others hold their antitank fire at " + c.hex : "First Fire passed: every firing unit fires in the Simultaneous Fire Step") });
    return;
  }
  const armor = ctx.rules.combat.involved(c, c.side).filter((p) => p.armor && p.hex === a.at);
  const all = !!st.info[a.at].all;
  const firers = a.first && !all && st.ff.length < st.firers.length ? st.ff : st.firers;
  c.planD = { side: c.enemy, at: a.at, first: !!a.first, firers, targets: ids(armor), why: all ? st.info[a.at].all : a.first ? "Axis Heavy AT (11.11)" : "" };
  ctx.trace({ rule: "11.11", uses: ["map", "units/units"], text: c.enemy + ": " + firers.join(", ") + " fire at the armor in " + a.at + (a.first ? " in the First Fire Step (" + c.planD.why + ")" : " in the Simultaneous Fire Step") });
};

// 11.11: the First Fire Step (st.first) or the Simultaneous Fire Step: every planned fire of that
// step in every combat is rolled, then the results are applied together.
STEP.atfire = (ctx, st) => {
  const imp = ctx.state.combat.imp;
  const b = { dis: [], morale: [], retreat: [] };
  for (const c of imp.combats) {
    if (c.off) continue;
    for (const plan of [c.planA, c.planD]) {
      if (!plan || plan.done || !!plan.first !== !!st.first) continue;
      plan.done = true;
      const firers = ctx.rules.combat.alive(plan.firers).filter((p) => (p.side === c.side ? ctx.map.adjacent(p.hex, c.hex) : p.hex === c.hex));
      const targets = ctx.rules.combat.alive(plan.targets).filter((p) => p.hex === plan.at);
      if (!firers.length || !targets.length) continue;
      ctx.rules.combat.noteTargets(c, targets);
      const F = { kind: "at", by: plan.side, firers, targets };
      const res = ctx.rules.crt.fire(c, F);
      if (res) ctx.rules["combat-results"].effectsOf(c, F, res, b);
    }
  }
  ctx.trace({ rule: "11.11", text: (st.first ? "First Fire Step" : "Simultaneous Fire Step") + " of Combat Impulse " + imp.n + ": results applied at the end of the step" });
  return b.dis.concat(b.morale).concat(b.retreat);
};

// combatStep(st), combatChoice(st, action): the steps of the combat queue this section carries
// out (combat.js runs the queue).
export function combatStep(ctx, st) { return STEP[st.k](ctx, st); }
export function combatChoice(ctx, st, a) { CHOOSE[st.k](ctx, st, a); }

// ---------------------------------------------------------------- query for the console and tests

// firstFire(hex, attackers): who has First Fire if `attackers` attack `hex` (11.11): the
// attacker's Axis Heavy AT units, and for each hex of attacking armor the defenders' reasons (or
// their Heavy AT units alone).
export function firstFire(ctx, hex, attackers) {
  const c = ctx.rules.combat.probe(hex, attackers);
  const att = ctx.rules.combat.alive(c.attackers);
  const def = ctx.rules.combat.unitsAt(hex).filter((p) => p.side === c.enemy);
  const out = { attacker: ids(att.filter((p) => axisHeavyAt(ctx, p))), defender: {} };
  const hexes = [];
  for (const p of att) if (p.armor && hexes.indexOf(p.hex) < 0) hexes.push(p.hex);
  for (const h of hexes.sort()) {
    const why = defenderFirstFire(ctx, hex, h, c.enemy);
    out.defender[h] = why.length ? { units: ids(def.filter((p) => ctx.rules.disruption.attackValue(p, "haf") > 0)), why } : { units: ids(def.filter((p) => axisHeavyAt(ctx, p))), why: def.some((p) => axisHeavyAt(ctx, p)) ? ["Axis Heavy AT (11.11)"] : [] };
  }
  return out;
}
