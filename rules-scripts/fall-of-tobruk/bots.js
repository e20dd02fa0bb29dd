// The Fall of Tobruk: the heuristic player, for either side (15.1: whoever holds Tobruk at the end
// wins). It answers every decision from the position its side may see and the legal actions:
//   activation (3.4, 7.21)  the impulses in a fixed order while each is worth it: Movement, then
//         Artillery (8.1), then Air (3.42, bots-air.js), then Combat; then the activation ends.
//         Each is chosen only when the impulse's own decision will do something with it, so an
//         activation never offers the same impulse back and forth.
//   movement (10.0)  the Axis makes for Tobruk (3902, 4002), every formation behind its HQ (7.12,
//         14.22); the Allies keep Tobruk garrisoned and draw units towards it when the Axis comes
//         near; reinforcements enter and march to their goal.
//   combat (11.0)  the attacks the rules owe (4.12, 11.0), and every other attack whose column on
//         the Integrated CRT (after the 11.22 shifts the crt section works out) reaches the
//         weights' threshold, within the Activation Points left (7.21).
//   choices in combat  First Fire taken, retreats away from the enemy and towards Tobruk, advances
//         into Tobruk and towards the goal, losses taken by the weakest units.
//   refit (5.2-5.42)  every refit, reserve tank and repair allowed, returned units placed towards
//         Tobruk away from the enemy.
// Weights: WEIGHTS below (a player's weights, not rules). The game state is never written.

const WEIGHTS = {
  attackColumn: 3,          // the lowest CRT column index ("2:1") for an attack nobody owes
  garrison: 2,              // Allied units kept in each Tobruk hex
  alarmRange: 8,            // an Axis unit this near Tobruk draws the Allied units within twice it
  hqLag: 3,                 // an HQ follows when its units' centre is this far or more
  goal: 10,                 // a hop nearer the goal
  exposed: 6,               // ending next to an enemy stack stronger than the mover
  tobrukBonus: 40,          // ending in a Tobruk hex
};

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function enemyOf(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }
function first(actions, pred) { for (let i = 0; i < actions.length; i++) if (pred(actions[i])) return i; return -1; }
function finish(actions) {
  const i = first(actions, (a) => a.do === "done" || a.do === "end" || a.do === "stop" || a.do === "cancel" || a.do === "pass");
  return i >= 0 ? i : 0;
}

// ---- the map: hops to Tobruk ------------------------------------------------------------------------

function tobruk(ctx) { return ctx.rules.victory.tobrukHexes(); }

// Hops from the nearest Tobruk hex over land (the tables and the map alone decide it).
function tobrukField(ctx) {
  return ctx.once("bot tobruk field", () => {
    const n = ctx.map.ids.length, d = new Int32Array(n).fill(-1);
    let front = [];
    for (const h of tobruk(ctx)) { const i = ctx.map.index(h); d[i] = 0; front.push(i); }
    while (front.length) {
      const next = [];
      for (const i of front) for (let k = 0; k < 6; k++) {
        const j = ctx.map.neighborIndex(i, k);
        if (j < 0 || d[j] >= 0 || ctx.map.terrain(ctx.map.ids[j]) === "sea") continue;
        d[j] = d[i] + 1;
        next.push(j);
      }
      front = next;
    }
    return d;
  });
}
function hops(ctx, hex) {
  if (!hex) return 99;
  const d = tobrukField(ctx)[ctx.map.index(hex)];
  return d < 0 ? 99 : d;
}

// ---- the position as the player reads it -------------------------------------------------------------

// Per side, the units on the map by hex, and the enemy hexes with their defence.
function world(ctx, side) {
  return ctx.memo("bot world " + side, () => {
    const mine = new Map(), foes = new Map();
    for (const p of ctx.piecesById()) {
      if (!onMap(p) || p.air) continue;
      const m = p.side === side ? mine : foes;
      const l = m.get(p.hex);
      if (l) l.push(p); else m.set(p.hex, [p]);
    }
    let nearest = 99;
    const axis = ctx.sides[0];
    for (const [h, l] of (side === axis ? mine : foes)) if (l.some((p) => !p.hq)) nearest = Math.min(nearest, hops(ctx, h));
    return { side, enemy: enemyOf(ctx, side), mine, foes, axisNearTobruk: nearest };
  });
}

function nextToEnemy(W, hex, ctx) {
  for (const n of ctx.map.neighbors(hex)) if (W.foes.has(n)) return true;
  return false;
}

function strength(list, k) { let s = 0; for (const p of list) if (!p.hq) s += p[k] || 0; return s; }

// ---- the activation (3.4) ----------------------------------------------------------------------------

function apLeft(ctx) {
  const l = ctx.rules.activation.apLeft();
  return l === null ? Infinity : l;
}

// The AP the stack of `p` costs now (0 once activated), or Infinity if it may not activate.
function costOf(ctx, p, judged) {
  if (p.activated) return 0;
  const r = judged.get(p.id) || ctx.rules.activation.eligible(p);
  if (!r || r.ok === false) return Infinity;
  return +r.cost || 0;
}

function activationChoice(ctx, actions, side) {
  const has = (imp) => first(actions, (a) => a.do === "impulse" && a.impulse === imp);
  const mv = has("movement");
  if (mv >= 0 && moveCandidates(ctx, side).length) return mv;
  const art = has("artillery");
  if (art >= 0 && bestBombardment(ctx, side)) return art;
  const air = has("air");
  if (air >= 0 && ctx.rules["bots-air"].bestMission(ctx.rules["air-missions"].missions(), side, planHexes(ctx, side))) return air;
  const cb = has("combat");
  if (cb >= 0 && planCombat(ctx, side)) return cb;
  const end = first(actions, (a) => a.do === "end");
  return end >= 0 ? end : 0;
}

// ---- movement (10.0) -----------------------------------------------------------------------------------

// What a unit wants: its goal hex field value here (lower is better) and whether it would move.
function roleOf(ctx, W, p) {
  const axis = ctx.sides[0];
  if (p.hq) return "hq";
  if (p.side === axis) return "attack";
  const t = tobruk(ctx);
  if (t.indexOf(p.hex) >= 0) return "hold";
  return "defend";
}

// The centre of a formation's combat units (an HQ follows it).
function centreOf(ctx, W, p) {
  let c = 0, r = 0, n = 0;
  for (const [h, l] of W.mine) for (const q of l) {
    if (q.hq || q.formation !== p.formation) continue;
    c += +h.slice(0, 2); r += +h.slice(2); n++;
  }
  if (!n) return null;
  const id = String(Math.round(c / n)).padStart(2, "0") + String(Math.round(r / n)).padStart(2, "0");
  return ctx.map.has(id) ? id : null;
}

// Does p want to move at all? Arriving units always; units next to the enemy stay to fight.
function wantsToMove(ctx, W, p) {
  if (!onMap(p)) return true;
  const role = roleOf(ctx, W, p);
  // next to the enemy: stand and fight, unless the Axis has no attack worth making from here
  if (nextToEnemy(W, p.hex, ctx)) return role === "attack" && !p.artillery && !goodAttackFrom(ctx, W, p.hex);
  if (role === "hq") { const c = centreOf(ctx, W, p); return !!c && ctx.map.distance(c, p.hex) >= WEIGHTS.hqLag; }
  if (role === "attack") return hops(ctx, p.hex) > 0;
  if (role === "hold") return false;
  // Allied: to Tobruk while its garrison is short or the Axis is near; else hold the line
  const d = hops(ctx, p.hex);
  if (garrisonShort(ctx, W)) return d < 99;
  return W.axisNearTobruk <= WEIGHTS.alarmRange && d <= 2 * WEIGHTS.alarmRange && d > 1;
}

// Is there an enemy hex next to `hex` that the units standing there attack at a good column?
function goodAttackFrom(ctx, W, hex) {
  const ids = (W.mine.get(hex) || []).filter((q) => !q.hq && !q.artillery && !q.fought).map((q) => q.id);
  if (!ids.length) return false;
  for (const n of ctx.map.neighbors(hex)) if (W.foes.has(n) && columnOf(ctx, n, ids, W) >= WEIGHTS.attackColumn) return true;
  return false;
}

function garrisonShort(ctx, W) {
  for (const h of tobruk(ctx)) { const l = W.mine.get(h); if (!l || l.filter((p) => !p.hq).length < WEIGHTS.garrison) return true; }
  return false;
}

// How good it is for p to end in hex (higher is better).
function standScore(ctx, W, p, hex) {
  const role = roleOf(ctx, W, p);
  if (role === "hq") {
    const c = centreOf(ctx, W, p);
    return -(c ? ctx.map.distance(c, hex) : 0) * WEIGHTS.goal - (nextToEnemy(W, hex, ctx) ? 100 : 0);
  }
  let s = -hops(ctx, hex) * WEIGHTS.goal;
  if (tobruk(ctx).indexOf(hex) >= 0) s += WEIGHTS.tobrukBonus;
  if (p.artillery && nextToEnemy(W, hex, ctx)) s -= 100;
  // next to the enemy: welcome where the unit outguns the stack, costly where it does not
  let foe = 0;
  for (const n of ctx.map.neighbors(hex)) { const l = W.foes.get(n); if (l) foe = Math.max(foe, strength(l, "df")); }
  if (foe > 0 && foe > (p.saf || 0) * 2) s -= WEIGHTS.exposed * WEIGHTS.goal / 10 * Math.min(3, foe / Math.max(1, p.saf || 1));
  return s;
}

// The units of the activation that would move now, best first: [{p, gain}] (gain from their goal).
function moveCandidates(ctx, side) {
  return ctx.memo("bot moves " + side, () => {
    const W = world(ctx, side);
    const judged = ctx.rules.activation.eligibleAll();
    const left = apLeft(ctx);
    const out = [];
    for (const [id, r] of judged) {
      if (!r || r.ok === false || !r.belongs) continue;       // the Active Formation's own units
      const p = ctx.piece(id);
      if (!p || p.side !== side || p.moved || p.air || !ctx.rules.activation.impulseOpen(p, "movement")) continue;
      if (p.hex && !onMap(p)) continue;
      if (costOf(ctx, p, judged) > left) continue;
      if (!wantsToMove(ctx, W, p)) continue;
      out.push(p);
    }
    // a lagging HQ first (its units must stay in its command range, 7.12), then the units whose
    // stack is activated already (no AP), then those nearest the goal
    out.sort((a, b) => (b.hq ? 1 : 0) - (a.hq ? 1 : 0) || costOf(ctx, a, judged) - costOf(ctx, b, judged) || hops(ctx, a.hex) - hops(ctx, b.hex) || byId(a, b));
    // keep those that can reach a hex better than where they stand
    const sit = ctx.rules.reach.situation(side);
    const good = [];
    for (const p of out.slice(0, 8)) {
      if (!ctx.rules.reach.canGo(sit, [p])) continue;
      const best = bestDestination(ctx, side, [p]);
      if (best) { good.push({ p, to: best }); break; }      // the first that gains is enough
    }
    return good;
  });
}

// The best hex for the group to end in if it beats standing still, else null.
function bestDestination(ctx, side, units) {
  const W = world(ctx, side);
  const sit = ctx.rules.reach.situation(side);
  const d = ctx.rules.reach.destinations(sit, units);
  const p = units[0];
  const here = onMap(p) ? standScore(ctx, W, p, p.hex) : -1e9;
  let best = null, bs = here + 0.5;
  for (const h of d.hexes) {
    const s = standScore(ctx, W, p, h);
    if (s > bs) { bs = s; best = h; }
  }
  return best;
}

// For the inspector's console and tests: the move the player would make next for `side`
// ({unit, to}), or null.
export function nextMove(ctx, side) {
  const c = moveCandidates(ctx, side);
  return c.length ? { unit: c[0].p.id, to: c[0].to } : null;
}

function movementImpulse(ctx, actions, side) {
  const c = moveCandidates(ctx, side);
  if (c.length) {
    const i = first(actions, (a) => a.unit === c[0].p.id);
    if (i >= 0) return i;
  }
  return first(actions, (a) => a.do === "move" && !!a.unit) >= 0 ? first(actions, (a) => a.do === "move" && !!a.unit) : 0;
}

function destination(ctx, actions, side) {
  const g = ctx.state.movement && ctx.state.movement.group;
  const units = g ? g.units.map((id) => ctx.piece(id)) : [];
  if (units.length) {
    const W = world(ctx, side);
    const p = units[0];
    let bi = -1, bs = -Infinity;
    for (let i = 0; i < actions.length; i++) {
      if (actions[i].do !== "to") continue;
      const s = standScore(ctx, W, p, actions[i].hex);
      if (s > bs) { bs = s; bi = i; }
    }
    // the unit moves even where no hex beats its own: giving the impulse up would only bring the
    // same choice back
    if (bi >= 0) return bi;
  }
  return finish(actions);
}

// ---- artillery (8.1) --------------------------------------------------------------------------------

// The hex to bombard: the enemy stack most worth disrupting within range of enough factors.
function bestBombardment(ctx, side) {
  return ctx.memo("bot bombard " + side, () => {
    const a = ctx.rules.artillery;
    const firers = a.firers();
    if (!firers.length) return null;
    const min = ctx.tables.artillery["range-and-halving"]["minimum-alone"];
    const W = world(ctx, side);
    let best = null, bv = 0;
    for (const h of a.targets()) {
      let f = 0;
      for (const p of firers) if (a.canFire(p, h).ok) f += bombardment(p, h, ctx);
      const l = W.foes.get(h) || [];
      const v = f >= min ? f * l.filter((q) => !q.hq).length : 0;
      if (v > bv) { bv = v; best = h; }
    }
    return best;
  });
}

// A unit's Bombardment Factor against hex as the player reckons it: halved for a Half Move/Half
// Fire marker, beyond half its range and out of supply (8.12, 8.13, 14.3).
function bombardment(p, hex, ctx) {
  let f = p.bf || 0;
  if (p.moveMarker === "half-move-half-fire") f /= 2;
  if (ctx.map.range(p.hex, hex) * 2 > (p.br || 0)) f /= 2;
  if (p.oos) f /= 2;
  return f;
}

function artilleryImpulse(ctx, actions, side) {
  const imp = ctx.state.artillery;
  if (!imp || !imp.hex) {
    const h = bestBombardment(ctx, side);
    const i = first(actions, (a) => a.do === "target" && a.hex === h);
    return i >= 0 ? i : finish(actions);
  }
  let i = first(actions, (a) => a.do === "add" && a.fire === "full");
  if (i < 0) i = first(actions, (a) => a.do === "add");
  if (i >= 0) return i;
  i = first(actions, (a) => a.do === "fire");
  return i >= 0 ? i : finish(actions);
}

// ---- combat (11.0) ------------------------------------------------------------------------------------

// The CRT column an attack by `ids` on `hex` would be fought on (regular combat, or antitank fire
// against a hex of armor only), after the shifts: an index into crt.columns, -1 for no roll.
function columnOf(ctx, hex, ids, W) {
  const defenders = (W.foes.get(hex) || []).filter((p) => !p.hq);
  if (!defenders.length) return 9;
  const soft = defenders.filter((p) => !p.armor);
  const kind = soft.length ? "close" : "at";
  const f = ctx.rules.crt.factors(hex, ids);
  let att = 0;
  for (const id of ids) if (f[id]) att += kind === "close" ? f[id].saf : f[id].haf;
  const def = strength(soft.length ? soft : defenders, "df");
  const basic = ctx.rules.crt.basicColumn(att, def);
  let net = 0;
  for (const s of ctx.rules.crt.shiftsOf(hex, ids, kind)) {
    const m = /^(\d+)([LR])$/.exec(s.shift);
    if (m) net += (m[2] === "R" ? 1 : -1) * +m[1];
  }
  return ctx.rules.crt.finalColumn(basic, net).col;
}

// The Combat Impulse to fight now: [{hex, attackers}] with what the rules owe (4.12, 11.0) and the
// good attacks, within the AP left (7.21); null if there is none or the owed part cannot be made.
function planCombat(ctx, side) {
  return ctx.memo("bot combat " + side, () => planCombatNow(ctx, side));
}

function planCombatNow(ctx, side) {
  const W = world(ctx, side);
  const judged = ctx.rules.activation.eligibleAll();
  const cb = ctx.rules.combat;
  const imp0 = { side, enemy: W.enemy, forced: false, combats: [] };
  const able = [];
  for (const [h, l] of W.mine) {
    if (!nextToEnemy(W, h, ctx)) continue;
    for (const p of l) if (!p.hq && !p.fought && !p.opsComplete && !cb.refuseAttacker(imp0, p, judged)) able.push(p);
  }
  if (!able.length) return null;
  able.sort(byId);
  const owed = ctx.rules["forced-combat"].owed(imp0);
  const used = new Set(), combats = [];
  const adjacent = (h) => able.filter((p) => !used.has(p.id) && ctx.map.adjacent(p.hex, h));
  const add = (h, ps) => { for (const p of ps) used.add(p.id); combats.push({ hex: h, attackers: ps.map((p) => p.id) }); };
  for (const h of owed.hexes) {
    const ps = adjacent(h);
    if (!ps.length) return null;
    add(h, ps);
  }
  for (const id of owed.units) {
    if (used.has(id)) continue;
    const p = ctx.piece(id);
    const c = combats.find((x) => ctx.map.adjacent(p.hex, x.hex));
    if (c) { c.attackers.push(id); used.add(id); continue; }
    const h = ctx.map.neighbors(p.hex).filter((n) => W.foes.has(n)).sort()[0];
    if (!h) return null;
    add(h, adjacent(h));
  }
  const owedN = combats.length;
  // the other attacks worth making, best column first
  const cands = [];
  for (const h of Array.from(W.foes.keys()).sort()) {
    if (combats.some((c) => c.hex === h)) continue;
    const ps = adjacent(h);
    if (!ps.length) continue;
    const col = columnOf(ctx, h, ps.map((p) => p.id), W);
    if (col >= WEIGHTS.attackColumn) cands.push({ h, col });
  }
  cands.sort((a, b) => b.col - a.col || (a.h < b.h ? -1 : 1));
  for (const c of cands) {
    const ps = adjacent(c.h);
    if (ps.length && columnOf(ctx, c.h, ps.map((p) => p.id), W) >= WEIGHTS.attackColumn) add(c.h, ps);
  }
  // 7.21: drop the unowed attacks from the last until the stacks' APs fit
  const left = apLeft(ctx);
  const cost = () => {
    const per = new Map();
    for (const c of combats) for (const id of c.attackers) { const p = ctx.piece(id); per.set(p.hex, Math.max(per.get(p.hex) || 0, costOf(ctx, p, judged))); }
    let t = 0;
    for (const v of per.values()) t += v;
    return t;
  };
  while (combats.length > owedN && cost() > left) combats.pop();
  if (!combats.length || cost() > left) return null;
  return combats;
}

// For the inspector's console and tests: the Combat Impulse the player would fight now for `side`
// ([{hex, attackers}]), or null.
export function nextAttack(ctx, side) {
  const p = planCombatNow(ctx, side);
  return p ? p.map((c) => ({ hex: c.hex, attackers: c.attackers.slice().sort() })) : null;
}

// The hexes the player means to attack (for its air support).
function planHexes(ctx, side) {
  const p = planCombat(ctx, side);
  return p ? p.map((c) => c.hex) : [];
}

function combatImpulse(ctx, actions, side) {
  const plan = planCombat(ctx, side);
  const imp = ctx.rules.combat.impulseOf(false);
  if (plan) {
    for (const c of plan) {
      const built = imp.combats.find((x) => x.hex === c.hex);
      if (!built) {
        const i = first(actions, (a) => a.do === "attack" && a.hex === c.hex);
        if (i >= 0) return i;
        break;
      }
      for (const id of c.attackers) {
        if (built.attackers.indexOf(id) >= 0) continue;
        const i = first(actions, (a) => a.do === "add" && a.unit === id && a.hex === c.hex);
        if (i >= 0) return i;
      }
    }
  }
  const r = first(actions, (a) => a.do === "resolve");
  if (r >= 0) return r;
  // the plan could not be built as it stands: bring in what the rules still take until the
  // impulse can be resolved (giving it up would only bring the same choice back)
  const add = first(actions, (a) => a.do === "add");
  if (add >= 0) return add;
  return finish(actions);
}

// 4.12 NOTE: the Forced Combat Impulse: every owing unit against the hexes it must attack.
function forcedImpulse(ctx, actions) {
  const r = first(actions, (a) => a.do === "resolve");
  if (r >= 0) return r;
  const imp = ctx.rules.combat.impulseOf(true);
  const last = imp.combats[imp.combats.length - 1];
  if (last && !last.attackers.length) { const i = first(actions, (a) => a.do === "add" && a.hex === last.hex); if (i >= 0) return i; }
  let i = first(actions, (a) => a.do === "add");
  if (i >= 0) return i;
  i = first(actions, (a) => a.do === "attack");
  return i >= 0 ? i : finish(actions);
}

// ---- choices inside a combat (11.11-11.31, 4.23) ------------------------------------------------------

function worth(p) { return (p.df || 0) + (p.saf || 0) + (p.haf || 0) + (p.hq ? 20 : 0); }

// The unit to lose or Disrupt: the one worth least.
function weakest(ctx, actions) {
  let bi = 0, bs = Infinity;
  for (let i = 0; i < actions.length; i++) {
    const p = actions[i].unit ? ctx.piece(actions[i].unit) : null;
    if (!p) continue;
    const s = worth(p);
    if (s < bs) { bs = s; bi = i; }
  }
  return bi;
}

// Retreat: away from the enemy, towards Tobruk; a Box stays (13.4).
function retreatChoice(ctx, actions, side) {
  const stay = first(actions, (a) => a.do === "stay");
  if (stay >= 0) return stay;
  const p = ctx.piece(actions[0].unit);
  const W = world(ctx, p ? p.side : side);
  let bi = 0, bs = -Infinity;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "retreat") continue;
    let foes = 0;
    for (const n of ctx.map.neighbors(a.to)) if (W.foes.has(n)) foes++;
    const s = -foes * 10 - hops(ctx, a.to);
    if (s > bs) { bs = s; bi = i; }
  }
  return bi;
}

// Advance after combat (11.31) and occupying a vacated hex (11.23): into Tobruk, or nearer it for
// the Axis; the Allies advance only into Tobruk.
function advanceChoice(ctx, actions, side) {
  const axis = ctx.sides[0] === side;
  let bi = -1, bs = 0;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "advance" && a.do !== "occupy") continue;
    const p = ctx.piece(a.unit);
    const to = a.to || null;
    if (!p || !to) { if (a.do === "occupy" && axis) { bi = i; bs = 1; } continue; }
    let s = (hops(ctx, p.hex) - hops(ctx, to)) * (axis ? 1 : 0) + (tobruk(ctx).indexOf(to) >= 0 ? 10 : 0);
    if (p.artillery || p.hq) s = -1;
    if (s > bs) { bs = s; bi = i; }
  }
  if (bi >= 0) return bi;
  const stop = first(actions, (a) => a.do === "stop");
  if (stop >= 0) return stop;
  const hold = first(actions, (a) => a.do === "hold");
  return hold >= 0 ? hold : 0;
}

// 11.23: a recon unit withdraws before combat unless it holds Tobruk.
function reconChoice(ctx, actions) {
  const p = ctx.piece(actions[0].unit);
  if (p && tobruk(ctx).indexOf(p.hex) >= 0) { const s = first(actions, (a) => a.do === "stand"); if (s >= 0) return s; }
  const w = first(actions, (a) => a.do === "withdraw");
  return w >= 0 ? w : 0;
}

// ---- the player --------------------------------------------------------------------------------------

// ---- 5.2-5.42 the Reinforcement/Replacement Phase ------------------------------------------------------

// Every refit, reserve tank and repair the rules allow: the biggest unit refitted, the units
// placed as near Tobruk as they may stand without an enemy next to them, the automatic repair first.
function logistics(ctx, actions, side) {
  const kinds = ["repair", "attempt", "return", "refit", "with"];
  for (const kind of kinds) {
    const i = kind === "refit" ? biggest(ctx, actions) : first(actions, (a) => a.do === kind);
    if (i >= 0) return i;
  }
  const places = actions.map((a, i) => ({ a, i })).filter((x) => x.a.do === "place");
  if (!places.length) return finish(actions);
  const w = world(ctx, side);
  const exposed = (h) => ctx.map.neighbors(h).some((n) => w.foes.has(n));
  let best = places[0], bv = Infinity;
  for (const x of places) {
    const v = hops(ctx, x.a.hex) + (exposed(x.a.hex) ? WEIGHTS.exposed : 0);
    if (v < bv) { best = x; bv = v; }
  }
  return best.i;
}

function biggest(ctx, actions) {
  let bi = -1, bv = -1;
  for (let i = 0; i < actions.length; i++) {
    if (actions[i].do !== "refit") continue;
    const p = ctx.piece(actions[i].unit), v = p ? p.sp || 0 : 0;
    if (v > bv) { bi = i; bv = v; }
  }
  return bi;
}

export function heuristic(ctx, actions, side) {
  if (actions.length <= 1) return 0;
  const k = actions[0].do;
  if (ctx.rules.refit.stage()) return logistics(ctx, actions, side);
  if (k === "impulse" || first(actions, (a) => a.do === "impulse") >= 0) return activationChoice(ctx, actions, side);
  const air = ctx.rules["bots-air"];
  if (k === "pick" || (k === "done" && first(actions, (a) => a.do === "pick") >= 0) || k === "send" || k === "transfer") return air.planning(actions, side);
  if (k === "fly") return air.compose(actions);
  if (first(actions, (a) => a.do === "pass") >= 0) return air.defensive(actions, side);
  if (k === "sweep" || k === "support" || k === "strafe") return air.mission(actions, side, planHexes(ctx, side));
  if (k === "take-loss") return air.stepLoss(actions);
  // 6.15 escapes and 9.441 pairing and return fire as offered: in order, the nearest sector first;
  // 5.5 every consolidation offered, the least damaged pair first; 9.4 each unit home to its own airbase
  if (k === "roll" || k === "rebase" || k === "pair" || k === "fire-at" || k === "consolidate" || k === "home") return 0;
  const group = ctx.state.movement && ctx.state.movement.group;
  if (k === "move" && !group) return movementImpulse(ctx, actions, side);
  if (k === "to" || k === "exit" || group) return destination(ctx, actions, side);
  if (k === "target" || ctx.state.artillery) return artilleryImpulse(ctx, actions, side);
  if (k === "fire") { const i = first(actions, (a) => a.first === true); return i >= 0 ? i : 0; }
  if (k === "withdraw" || k === "stand") return reconChoice(ctx, actions);
  if (k === "retreat" || k === "stay") return retreatChoice(ctx, actions, side);
  if (k === "advance" || k === "occupy" || k === "hold") return advanceChoice(ctx, actions, side);
  if (k === "disrupt" || k === "eliminate") return weakest(ctx, actions);
  // 16.42, 16.44: the formations in the cup's order, as many as the rule allows; 16.43, 5.11: the first offered
  if (k === "activate" || k === "initiative" || k === "choose" || k === "arrive") return 0;
  if (k === "attack" || k === "add" || k === "resolve" || first(actions, (a) => a.do === "resolve" || a.do === "attack") >= 0) {
    const forced = ctx.rules.combat.impulseOf(true);
    if (first(actions, (a) => a.do === "cancel") < 0 && forced && forced.pool && forced.pool.length) return forcedImpulse(ctx, actions);
    return combatImpulse(ctx, actions, side);
  }
  return finish(actions);
}
