// Crusader 19.0 (with the advice of 20.0, the game notes): a heuristic player for either side, so a
// designer can see a variant's effect without a partner. British: open the route to Tobruk
// (19.17 nr. 1) and destroy Axis units, German armour first (20.0). Axis: cut that route, strike
// exposed British units and keep the German armour.
//
// Kernel bot contract: heuristic(ctx, actions, side) -> index into actions. One pass over the legal
// actions with cheap scores; what the scores need is computed once per call. The bot keeps nothing
// between calls and leaves the game state as it found it (a replay without the bot must give the
// same game); ties go to the earlier action, so it is deterministic. Ending a decision ("done",
// "stop", "fpf-done", "decline") scores 0 and is always available, so no decision is left hanging.

const DONE = { done: 1, decline: 1, end: 1, pass: 1, stop: 1, "fpf-done": 1 };

export function heuristic(ctx, actions, side) {
  if (actions.length <= 1) return 0;
  const kinds = {};
  for (const a of actions) kinds[a.do] = true;
  if (kinds.move || kinds.enter || kinds.exit || kinds["cross-minefield"]) return movement(ctx, actions, side);
  if (kinds.attack || kinds.resolve || kinds.cancel) return attackChoice(ctx, actions, side);
  if (kinds["fpf-done"]) return fpfChoice(ctx, actions, side);
  if (kinds.retreat || kinds.displace) return retreatChoice(ctx, actions, side);
  if (kinds.advance) return advanceChoice(ctx, actions, side);
  if (kinds.remove) return penaltyRemoval(ctx, actions);
  return fallback(actions);
}

// Anything not understood: end the decision if that is allowed, else the first action.
function fallback(actions) {
  for (let i = 0; i < actions.length; i++) if (DONE[actions[i].do]) return i;
  return 0;
}

// ---- what every score reads, built once per call ------------------------------------------------

function enemyOf(side) { return side === "axis" ? "british" : "axis"; }

function world(ctx, side) {
  const W = { side, enemy: enemyOf(side), occ: {}, friends: [], foes: [] };
  const all = ctx.state.pieces;
  for (const id of Object.keys(all).sort()) {
    const p = all[id];
    if (p.at !== "map" || !p.hex) continue;
    W.occ[p.hex] = p;
    (p.side === side ? W.friends : W.foes).push(p);
  }
  return W;
}

function unitEntry(ctx, p) { return ctx.tables.units.units["by-id"][p.unit || p.id]; }

// German armour (20.0: "the big German armoured units"): mechanized, non-artillery, attack 3+.
function isGermanArmour(ctx, p) {
  const u = unitEntry(ctx, p);
  return !!u && u.nationality === "german" && u.type.mechanized && !u.type.artillery && (p.attack || 0) >= 3;
}

// What a unit is worth keeping or killing: its 19.27 victory points, German armour more.
function worth(ctx, p) { return ctx.rules.victory.unitValue(p) + (isGermanArmour(ctx, p) ? 6 : 0); }

// Hops from the nearest source over land (sea and prohibited hexes closed), each source entered at
// its own offset; at most `depth` hops. sources: [[hex, offset >= 0]].
function field(ctx, sources, depth) {
  const closed = {};
  for (const t of ctx.tables.movement["closed-hexes"].closed) closed[t] = true;
  const dist = {};
  const src = sources.slice().sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const max = depth === undefined ? Infinity : depth;
  let si = 0, d = src.length ? src[0][1] : 0, frontier = [];
  while ((frontier.length || si < src.length) && d <= max) {
    while (si < src.length && src[si][1] <= d) {
      const h = src[si][0];
      if (dist[h] === undefined) { dist[h] = d; frontier.push(h); }
      si++;
    }
    if (d === max) break;
    const next = [];
    for (const h of frontier) {
      for (const n of ctx.map.neighbors(h)) {
        if (dist[n] !== undefined || closed[ctx.map.terrain(n)]) continue;
        dist[n] = d + 1;
        next.push(n);
      }
    }
    frontier = next;
    d++;
  }
  return dist;
}

// The goal each side moves toward, as hops (lower is better).
// British: Tobruk, and the hexes next to Axis units, those nearest Tobruk first (19.17, 20.0).
// Axis: the open route to Tobruk if there is one (to cut it), and the hexes next to British units.
function goalField(ctx, W) {
  const src = [];
  if (W.side === "british") {
    src.push(["1103", 0]);
    for (const e of W.foes) {
      const off = Math.min(6, Math.floor(ctx.map.distance(e.hex, "1103") / 4));
      for (const n of ctx.map.neighbors(e.hex)) src.push([n, off]);
    }
  } else {
    const r = ctx.rules.victory.route();
    if (r.open) for (const h of r.path) src.push([h, 0]);
    for (const e of W.foes) for (const n of ctx.map.neighbors(e.hex)) src.push([n, r.open ? 4 : 0]);
  }
  return field(ctx, src);
}

// ---- movement (5.0, 13.0, 14.0, 18.1) ------------------------------------------------------------

function movement(ctx, actions, side) {
  const W = world(ctx, side);
  // per hex: the enemy units next to it, their attack (the threat next player-turn), the weakest
  const near = {};
  for (const e of W.foes) {
    for (const n of ctx.map.neighbors(e.hex)) {
      const r = near[n] || (near[n] = { threat: 0, weakest: null });
      if (!e.artillery) r.threat += e.attack || 0;
      if (!r.weakest || e.defense < r.weakest.defense) r.weakest = e;
    }
  }
  // the attack already standing next to each enemy unit
  const support = {};
  for (const f of W.friends) {
    for (const n of ctx.map.neighbors(f.hex)) {
      const e = W.occ[n];
      if (e && e.side === W.enemy) support[e.id] = (support[e.id] || 0) + ((f.artillery ? f.barrage : f.attack) || 0);
    }
  }
  const goal = goalField(ctx, W);
  const foeDist = field(ctx, W.foes.map((e) => [e.hex, 0]), 3);   // artillery ranges are 2-3
  const plan = side === "axis" ? exitPlanFor(ctx) : null;
  const info = {};
  const unit = (id) => {
    let u = info[id];
    if (!u) {
      const p = ctx.piece(id);
      u = info[id] = { p, g: goal[p.hex] === undefined ? 99 : goal[p.hex], armour: isGermanArmour(ctx, p), exit: !!(plan && plan[id]) };
    }
    return u;
  };
  let best = -1, bestScore = 0;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    let s;
    if (a.do === "move" || a.do === "cross-minefield") {
      s = moveScore(unit(a.unit), a.to, goal, near, foeDist, support);
      if (a.do === "cross-minefield") s -= 2;
    } else if (a.do === "enter") s = 40;                                  // 13.0: reinforcements come on at once
    else if (a.do === "exit") s = plan && plan[a.unit] ? 1000 : -1;       // 18.1: only the units picked to leave
    else s = DONE[a.do] ? 0 : -1;
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best >= 0 ? best : fallback(actions);
}

function moveScore(u, to, goal, near, foeDist, support) {
  const p = u.p;
  if (u.exit) return 5 * (westHops(p.hex) - westHops(to));              // 18.1: off by the west edge
  const gTo = goal[to] === undefined ? 99 : goal[to];
  let s = (u.g - gTo) * (p.artillery ? 1 : 2);
  const n = near[to];
  if (n) {
    if (p.artillery) return s - 30;          // 8.31, 8.33: adjacent artillery must attack and suffers the result
    // 7.12: ending here means attacking; value it against the weakest neighbour with the support there
    const w = n.weakest;
    const diff = (p.attack || 0) + (support[w.id] || 0) - w.defense;
    s += diff >= 3 ? 6 + diff : diff >= 1 ? 2 + diff : diff * 3 - 4;
    // their attack on this unit next player-turn
    const exposed = n.threat - p.defense;
    if (exposed > 2) s -= (exposed - 2) * (u.armour ? 3 : 1);
  } else if (p.artillery) {
    s += foeDist[to] !== undefined && foeDist[to] <= (p.range || 2) ? 3 : 0;   // 8.11: an enemy in range
  }
  return s;
}

function westHops(hex) { return +hex.slice(0, 2) - 1; }

// 18.1: the German units the Axis sends off the west edge while the diversion demands it: the
// least valuable ones nearest the edge, as many as are still owed.
function exitPlanFor(ctx) {
  const d = ctx.state.diversion;
  if (!d || !d.success || d.penaltyDone || ctx.turn < 6) return null;
  const owed = ctx.rules.diversion.outstanding();
  if (owed <= 0) return null;
  const cands = ctx.pieces((p) => p.side === "axis" && p.at === "map" && p.hex && ctx.rules.diversion.nationality(p) === "german")
    .map((p) => ({ id: p.id, v: ctx.rules.victory.unitValue(p) * 2 + westHops(p.hex) }))
    .sort((a, b) => a.v - b.v || (a.id < b.id ? -1 : 1));
  const plan = {};
  for (const c of cands.slice(0, owed)) plan[c.id] = true;
  return plan;
}

// ---- 18.2: the British remove the most valuable Axis units, German armour first -----------------

function penaltyRemoval(ctx, actions) {
  let best = fallback(actions), bestScore = -1;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "remove") continue;
    const s = worth(ctx, ctx.piece(a.unit));
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best;
}

// ---- combat (7.0-9.0) --------------------------------------------------------------------------
// The combat section builds an attack step by step (attack a hex, add attackers, barrage, ground
// support, resolve). The bot works the whole attack out from the position each time it is asked,
// so building it needs no memory: it adds what the plan still lacks, then resolves. It starts only
// attacks the combat rules will let it resolve (the remaining mandatory attacks must stay possible,
// 7.21), so it never has to drop one.

// What a result is worth to the attacker, by code (7.62).
const RESULT_VALUE = { D1: 1, D2: 1.5, D3: 2, D4: 3, Br: 0.2, A1: -1, A2: -1.5, Ae: -4 };

// The expected value of each CRT column (1-12); artilleryOnly: 8.15, only D4 counts and barraging
// artillery suffers nothing.
function columnValues(ctx) {
  const rows = ctx.tables.crt.results.rows;
  const out = { all: [0], artillery: [0] };
  for (let c = 1; c <= 12; c++) {
    let sum = 0, art = 0, n = 0;
    for (const r of Object.keys(rows)) {
      const code = rows[r][c - 1];
      sum += RESULT_VALUE[code];
      art += code === "D4" ? RESULT_VALUE.D4 : 0;
      n++;
    }
    out.all.push(sum / n);
    out.artillery.push(art / n);
  }
  return out;
}

// Per-call combat data: the world, supplied hexes, column values.
function combatData(ctx, side) {
  const W = world(ctx, side);
  W.supplied = ctx.rules.supply.suppliedHexes(side);
  W.values = columnValues(ctx);
  W.gs = ctx.rules["ground-support"].available(side);
  return W;
}

function strengthOf(ctx, p, supplied) {
  const s = ctx.rules.supply;
  if (typeof s.attackFactor === "function") return s.attackFactor(p, supplied) || 0;
  return (p.artillery ? p.barrage : p.attack) || 0;
}

function touches(ctx, p, hex) {
  return ctx.map.adjacent(p.hex, hex) && ctx.rules.combat.combatAllowed(p.hex, hex);
}

function nextToSide(W, hex, side, ctx) {
  for (const n of ctx.map.neighbors(hex)) { const q = W.occ[n]; if (q && q.side === side) return true; }
  return false;
}

// The attack on `defHexes` as the plan would make it: every able unit adjacent to all of them that
// is not exempt (10.21, 17.1), barrage from free artillery in range when it helps. `fixed` is what
// the attack being built already holds.
function planAttack(ctx, W, defHexes, fixed) {
  const defenders = [];
  for (const h of defHexes) { const q = W.occ[h]; if (q && q.side === W.enemy && !q.defended) defenders.push(q); }
  if (!defenders.length) return null;
  const attackers = fixed ? fixed.attackers.map((id) => ctx.piece(id)) : [];
  const barrage = fixed ? fixed.barrage.map((id) => ctx.piece(id)) : [];
  const inPlan = {};
  for (const p of attackers.concat(barrage)) inPlan[p.id] = true;
  for (const p of W.friends) {
    if (inPlan[p.id] || p.attacked || p.advanced || (p.artillery && p.displaced)) continue;
    if (!defHexes.every((h) => touches(ctx, p, h))) continue;
    if (defenders.every((d) => ctx.rules.combat.exemption(p, d))) continue;   // 10.21, 17.1: may stay idle
    attackers.push(p);
    inPlan[p.id] = true;
  }
  const plan = { defHexes: defHexes.slice(), defenders, attackers, barrage, gs: fixed ? fixed.gs || 0 : 0, att: 0, def: 0, fpf: 0 };
  for (const p of attackers.concat(barrage)) plan.att += strengthOf(ctx, p, W.supplied);
  for (const d of defenders) plan.def += d.defense || 0;
  // the final protective fire the defender can be expected to add (8.41-8.45, 9.0)
  if (attackers.some((p) => !p.artillery)) {
    for (const q of W.foes) {
      if (!q.artillery || q.noFpf || nextToSide(W, q.hex, W.side, ctx)) continue;
      if (defHexes.some((h) => ctx.map.distance(q.hex, h) <= (q.range || 0))) plan.fpf += q.fpf || 0;
    }
    plan.fpf += Math.min(2, ctx.rules["ground-support"].available(W.enemy));
  }
  plan.line = ctx.rules.combat.line(attackers, defenders, barrage);
  // barrage from artillery free to fire and in range of a defender (8.11, 8.22, 8.32), if it helps
  for (const p of W.friends) {
    if (!p.artillery || inPlan[p.id] || p.attacked || p.advanced || p.displaced) continue;
    if (nextToSide(W, p.hex, W.enemy, ctx)) continue;
    if (!defHexes.some((h) => ctx.map.distance(p.hex, h) <= (p.range || 0))) continue;
    const before = value(ctx, W, plan);
    const str = strengthOf(ctx, p, W.supplied);
    plan.barrage.push(p);
    plan.att += str;
    if (value(ctx, W, plan) <= before + 0.05) { plan.barrage.pop(); plan.att -= str; }
    else inPlan[p.id] = true;
  }
  return plan;
}

// Expected worth of the plan to the attacker: column value times what the defenders are worth if
// positive, times what the attackers risk if negative.
function value(ctx, W, plan) {
  const adjacent = plan.attackers.length > 0;
  const col = ctx.rules.crt.column(plan.line, plan.att + plan.gs - plan.def - plan.fpf);
  const ev = (adjacent ? W.values.all : W.values.artillery)[col];
  if (ev > 0) {
    let w = 0;
    for (const d of plan.defenders) w += worth(ctx, d);
    return ev * w / 4;
  }
  let risk = 0;
  for (const a of plan.attackers) risk += worth(ctx, a);
  return ev * risk / 6;
}

// Would the combat rules let this attack be resolved? The combat section's own answer: the `why`
// it gives for {do: "resolve"} with the attack in place (null = allowed), asked with the attack put
// in state.combat.build for the question only and taken out again at once.
function resolvable(ctx, plan) {
  const c = ctx.state.combat;
  if (!c) return true;
  const build = { defenders: plan.defHexes.slice(), attackers: plan.attackers.map((p) => p.id), barrage: plan.barrage.map((p) => p.id), gs: plan.gs || 0 };
  const saved = c.build;
  const asCombat = Object.create(ctx, { table: { value: ctx.tables.combat }, section: { value: "combat" } });
  try {
    c.build = build;
    return !ctx.rules.combat.attacks.why(asCombat, { do: "resolve" });
  } finally {
    c.build = saved;
  }
}

// The attack to make next, from the position alone (so the same plan comes out at every step of
// building it). With mandatory attacks left (7.11, 7.12): the best single-hex attack that keeps the
// rest possible, else the one the combat rules' own search tries first (the unit that must attack
// with the fewest enemy neighbours, on all of them). Otherwise only a clearly good attack.
function choosePlan(ctx, W) {
  const m = ctx.rules.combat.mandatory(W.side);
  const must = {};
  for (const id of m.attackers) must[id] = true;
  const target = {};
  for (const id of m.defenders) target[id] = true;
  const obliged = m.attackers.length > 0 || ctx.rules.combat.obligations().length > 0;
  // hexes any attack could reach: next to a unit able to attack, or in range of free artillery
  const reach = {};
  for (const p of W.friends) {
    if (p.attacked || p.advanced) continue;
    if (p.artillery) for (const h of ctx.map.within(p.hex, p.range || 0)) reach[h] = true;
    else for (const h of ctx.map.neighbors(p.hex)) reach[h] = true;
  }
  const cands = [];
  const seen = {};
  for (const e of W.foes) {
    if (e.defended || seen[e.hex] || !reach[e.hex]) continue;
    seen[e.hex] = true;
    const plan = planAttack(ctx, W, [e.hex], null);
    if (!plan || (!plan.attackers.length && !plan.barrage.length)) continue;
    if (obliged && !plan.attackers.some((p) => must[p.id]) && !target[e.id]) continue;
    cands.push({ plan, v: value(ctx, W, plan) });
  }
  cands.sort((a, b) => b.v - a.v || (a.plan.defHexes[0] < b.plan.defHexes[0] ? -1 : 1));
  for (const c of cands) {
    if (!obliged && c.v <= 1) break;
    if (resolvable(ctx, c.plan)) return c.plan;
  }
  if (!obliged) return null;
  const first = searchFirst(ctx, W, m);
  return first && resolvable(ctx, first) ? first : cands.length ? cands[0].plan : first;
}

function searchFirst(ctx, W, m) {
  let a = null, fewest = Infinity, hexes = null;
  for (const id of m.attackers) {
    const p = ctx.piece(id);
    const hs = [];
    for (const n of ctx.map.neighbors(p.hex)) { const q = W.occ[n]; if (q && q.side === W.enemy && !q.defended && touches(ctx, p, n)) hs.push(n); }
    if (hs.length && hs.length < fewest) { fewest = hs.length; a = p; hexes = hs.sort(); }
  }
  return a ? planAttack(ctx, W, hexes, null) : null;
}

// Ground support to add: the fewest points that move the attack up a column, if worth it.
function gsToAdd(ctx, W, plan, left) {
  if (left <= 0 || !plan.attackers.length) return 0;
  const base = plan.att + plan.gs - plan.def - plan.fpf;
  const col = ctx.rules.crt.column(plan.line, base);
  for (let n = 1; n <= left && col < 12; n++) {
    const c2 = ctx.rules.crt.column(plan.line, base + n);
    if (c2 > col) return W.values.all[c2] - W.values.all[col] >= 0.25 * n ? n : 0;
  }
  return 0;
}

function attackChoice(ctx, actions, side) {
  const key = (a) => a.do + "|" + (a.unit || "") + "|" + (a.hex || "") + "|" + (a.points || "");
  const idx = {};
  actions.forEach((a, i) => { idx[key(a)] = i; });
  const at = (a) => idx[key(a)];
  const W = combatData(ctx, side);
  const b = ctx.state.combat && ctx.state.combat.build;
  if (!b) {
    const plan = choosePlan(ctx, W);
    if (plan && at({ do: "attack", hex: plan.defHexes[0] }) !== undefined) return at({ do: "attack", hex: plan.defHexes[0] });
    if (at({ do: "done" }) !== undefined) return at({ do: "done" });
    for (let i = 0; i < actions.length; i++) if (actions[i].do === "attack") return i;
    return fallback(actions);
  }
  // building: follow the plan for this hex (all of it, or the search's multi-hex attack)
  let plan = planAttack(ctx, W, b.defenders, b);
  if (plan && !resolvable(ctx, plan)) {
    const m = ctx.rules.combat.mandatory(side);
    const first = searchFirst(ctx, W, m);
    if (first && first.defHexes[0] === b.defenders[0]) plan = planAttack(ctx, W, first.defHexes, b);
  }
  if (plan) {
    for (const h of plan.defHexes) if (b.defenders.indexOf(h) < 0 && at({ do: "add-defender", hex: h }) !== undefined) return at({ do: "add-defender", hex: h });
    for (const p of plan.attackers) if (b.attackers.indexOf(p.id) < 0 && at({ do: "add-attacker", unit: p.id }) !== undefined) return at({ do: "add-attacker", unit: p.id });
    for (const p of plan.barrage) if (b.barrage.indexOf(p.id) < 0 && at({ do: "add-barrage", unit: p.id }) !== undefined) return at({ do: "add-barrage", unit: p.id });
    const n = b.gs ? 0 : gsToAdd(ctx, W, plan, W.gs - gsNeeded(ctx, W));
    if (n > 0 && at({ do: "add-ground-support", points: n }) !== undefined) return at({ do: "add-ground-support", points: n });
  }
  if (at({ do: "resolve" }) !== undefined) return at({ do: "resolve" });
  // not resolvable yet: bring in whatever else is offered, attackers first
  for (const kind of ["add-attacker", "add-defender", "add-barrage", "add-ground-support"]) {
    for (let i = 0; i < actions.length; i++) if (actions[i].do === kind) return i;
  }
  return fallback(actions);
}

// Ground support kept back for enemy units that must be attacked and that nothing else can reach.
function gsNeeded(ctx, W) {
  const m = ctx.rules.combat.mandatory(W.side);
  let n = 0;
  for (const id of m.defenders) {
    const e = ctx.piece(id);
    if (!e || e.defended || !e.hex) continue;
    const reach = W.friends.some((p) => !p.attacked && !p.advanced &&
      (touches(ctx, p, e.hex) || (p.artillery && !nextToSide(W, p.hex, W.enemy, ctx) && ctx.map.distance(p.hex, e.hex) <= (p.range || 0))));
    if (!reach) n++;
  }
  return n;
}

// 8.4, 9.0: the defender adds artillery FPF whenever it lowers the column, and ground support when
// a few points save a valuable unit.
function fpfChoice(ctx, actions, side) {
  const f = ctx.state.combat && ctx.state.combat.fight;
  const done = actions.findIndex((a) => a.do === "fpf-done");
  if (!f) return done >= 0 ? done : fallback(actions);
  let att = f.gs || 0;
  for (const id of f.attackers.concat(f.barrage)) att += strengthOf(ctx, ctx.piece(id));
  let def = f.fpfGs || 0, w = 0;
  for (const id of f.defenders) { const p = ctx.piece(id); def += p.defense || 0; w += worth(ctx, p); }
  for (const id of f.fpf) def += ctx.piece(id).fpf || 0;
  const line = ctx.rules.combat.line(f.attackers, f.defenders, f.barrage);
  const col = ctx.rules.crt.column(line, att - def);
  const vals = columnValues(ctx).all;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do === "fpf" && ctx.rules.crt.column(line, att - def - (ctx.piece(a.unit).fpf || 0)) < col) return i;
  }
  if (vals[col] > 0.3) {
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      if (a.do !== "fpf-ground-support") continue;
      const c2 = ctx.rules.crt.column(line, att - def - a.points);
      if (c2 < col) {
        if ((vals[col] - vals[c2]) * w >= 1.5 * a.points) return i;
        break;
      }
    }
  }
  return done >= 0 ? done : fallback(actions);
}

// 7.7, 7.8: retreat away from the enemy and toward friends; elimination only when nothing else.
function retreatChoice(ctx, actions, side) {
  const W = world(ctx, side);
  const score = (hex) => {
    let s = 0;
    for (const n of ctx.map.neighbors(hex)) {
      const q = W.occ[n];
      if (q) s += q.side === W.enemy ? -5 : 1;
    }
    return s;
  };
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    let s = -1000;
    if (a.do === "retreat") s = (a.eliminated ? -100 : 0) + (a.path.length ? score(a.path[a.path.length - 1]) : -50);
    else if (a.do === "displace") s = score(a.to);
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best;
}

// 7.9: advance when it gains ground toward the goal without leaving the unit exposed.
function advanceChoice(ctx, actions, side) {
  const W = world(ctx, side);
  const goal = goalField(ctx, W);
  let best = actions.findIndex((a) => a.do === "stop"), bestScore = 0;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "advance") continue;
    const p = ctx.piece(a.unit);
    const gFrom = goal[p.hex] === undefined ? 99 : goal[p.hex];
    const gTo = goal[a.to] === undefined ? 99 : goal[a.to];
    let threat = 0;
    for (const n of ctx.map.neighbors(a.to)) { const q = W.occ[n]; if (q && q.side === W.enemy && !q.artillery) threat += q.attack || 0; }
    const s = (gFrom - gTo) * 2 - Math.max(0, threat - p.defense) * (isGermanArmour(ctx, p) ? 2 : 1) - (p.artillery ? 5 : 0);
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best >= 0 ? best : fallback(actions);
}
