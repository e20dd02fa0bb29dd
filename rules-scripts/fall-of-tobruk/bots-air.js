// The Fall of Tobruk: the heuristic player's air decisions (3.3, 3.42, 9.0), for either side.
//   3.3 Air Planning  the fighters sweep (9.11) and the bombers fly Combat Support (9.21) over the
//         sector where the side's ground units touch the enemy most (the sector of Tobruk when none
//         do); fighters also escort the Combat Support there (9.13); what cannot reach that sector
//         goes to the nearest sector it can reach with the same box, or stays at its base.
//   3.42 Air Impulse  Combat Support over a hex the ground player means to attack, else over the
//         enemy stack its units touch with most of its own beside it; Strafing/Bombing of the
//         biggest enemy stack or an airbase; a Fighter Sweep last.
//   9.41  each mission flies the box's strongest units with the strongest escorts, as offered.
//   9.4242  Defensive Combat Support is always flown when the box holds it, the strongest package.
//   6.15  escapes in the order offered, to the nearest sector with room.
//   5.5   every consolidation offered, the least damaged pair first (bots.js).
//   9.421, 9.441  meets a sweep with the box's strongest; pairs and fires back in order.
// Called from bots.heuristic; reads only the side's own air units (its Air Display) and the map.

const WEIGHTS = {
  support: 10,              // Combat Support over a hex the player attacks
  supportTouch: 3,          // Combat Support over another hex its units touch, per own unit there
  strafeUnit: 2,            // Strafing/Bombing, per enemy unit in the stack
  strafeAirbase: 3,         // Strafing/Bombing an airbase
  sweep: 1,                 // a Fighter Sweep
};

function first(actions, pred) { for (let i = 0; i < actions.length; i++) if (pred(actions[i])) return i; return -1; }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }

// The on-map sector where the side's units touch the enemy most (the side's own count of contacts).
function battleSector(ctx, side) {
  return ctx.memo("bot battle sector " + side, () => {
    const count = {};
    const foes = new Set(), mine = [];
    for (const p of ctx.piecesById()) {
      if (!onMap(p) || p.air || p.hq) continue;
      if (p.side === side) mine.push(p.hex); else foes.add(p.hex);
    }
    for (const h of mine) for (const n of ctx.map.neighbors(h)) {
      if (!foes.has(n)) continue;
      for (const s of ctx.rules.air.sectorsOf(n)) count[s] = (count[s] || 0) + 1;
    }
    let best = null, bn = 0;
    for (const s of Object.keys(count).sort()) if (count[s] > bn) { bn = count[s]; best = s; }
    if (best) return best;
    const t = ctx.rules.victory.tobrukHexes()[0];
    return ctx.rules.air.sectorsOf(t)[0] || null;
  });
}

// 3.3: which box each picked unit goes to; which unit to pick next.
export function planning(ctx, actions, side) {
  const target = battleSector(ctx, side);
  if (first(actions, (a) => a.do === "pick") >= 0) {
    // the next unit that has a box worth sending it to
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      if (a.do !== "pick") continue;
      const p = ctx.piece(a.unit);
      if (p && choiceFor(ctx, p, ctx.rules["air-planning"].boxesFor(p), target)) return i;
    }
    return first(actions, (a) => a.do === "done");
  }
  const u = ctx.state.air.planning.unit;
  const p = ctx.piece(u);
  const boxes = actions.filter((a) => a.do === "send");
  const c = p ? choiceFor(ctx, p, boxes, target) : null;
  if (c) return first(actions, (a) => a.do === "send" && a.sector === c.sector && a.mission === c.mission);
  const s = first(actions, (a) => a.do === "send");
  return s >= 0 ? s : first(actions, (a) => a.do === "back");
}

// The box for `p` among `boxes` ({sector, mission}): its mission by type (fighters alternate
// between sweeping and escorting by their id's parity, so both boxes fill), the battle sector
// first, else the nearest sector in reach.
function choiceFor(ctx, p, boxes, target) {
  const missions = p.air === "B" ? ["combat-support", "strafing"]
    : (p.id.length % 2 ? ["fighter-sweep", "combat-support"] : ["combat-support", "fighter-sweep"]);
  for (const m of missions) {
    const ok = boxes.filter((b) => b.mission === m);
    if (!ok.length) continue;
    const here = ok.find((b) => b.sector === target);
    if (here) return here;
    if (!target) return ok[0];
    let best = ok[0], bd = Infinity;
    for (const b of ok) { const d = ctx.rules.air.distance(b.sector, target); if (d < bd) { bd = d; best = b; } }
    return best;
  }
  return null;
}

// 3.42: the value of a mission (0: not worth an impulse).
function value(ctx, a, side, attacks) {
  if (a.do === "support") {
    if (attacks.indexOf(a.hex) >= 0) return WEIGHTS.support;
    let n = 0;
    for (const h of ctx.map.neighbors(a.hex)) for (const q of ctx.piecesAt(h)) if (onMap(q) && q.side === side && !q.hq) n++;
    return n >= 2 ? WEIGHTS.supportTouch * n / 2 : 0;
  }
  if (a.do === "strafe") {
    if (a.airbase) return WEIGHTS.strafeAirbase;
    const here = ctx.piecesAt(a.hex).filter((q) => onMap(q) && q.side !== side);
    return here.length ? WEIGHTS.strafeUnit * here.length : WEIGHTS.strafeAirbase;
  }
  if (a.do === "sweep") return WEIGHTS.sweep;
  return 0;
}

export function bestMission(ctx, missions, side, attacks) {
  let best = null, bv = 0;
  for (const a of missions) { const v = value(ctx, a, side, attacks); if (v > bv) { bv = v; best = a; } }
  return best;
}

export function mission(ctx, actions, side, attacks) {
  let bi = 0, bv = -1;
  for (let i = 0; i < actions.length; i++) { const v = value(ctx, actions[i], side, attacks); if (v > bv) { bv = v; bi = i; } }
  return bi;
}

// 9.41: the package as offered, the box's strongest units and escorts.
export function compose(ctx, actions) {
  const i = first(actions, (a) => a.do === "fly");
  return i >= 0 ? i : 0;
}

// 9.4242: fly the Defensive Combat Support whenever offered, the strongest package (listed first).
export function defensive(ctx, actions) {
  const i = first(actions, (a) => a.do === "support");
  return i >= 0 ? i : 0;
}

// 3.6: the Airbase Repair Table's step loss falls on the least damaged unit based there (the
// lowest id between equals), so no unit is eliminated while another could take it.
export function stepLoss(ctx, actions) {
  let bi = 0, bv = null;
  for (let i = 0; i < actions.length; i++) {
    const p = ctx.piece(actions[i].unit);
    const v = p ? p.steps || 0 : 99;
    if (bv === null || v < bv) { bi = i; bv = v; }
  }
  return bi;
}
