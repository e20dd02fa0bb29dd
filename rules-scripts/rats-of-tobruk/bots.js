// Rats of Tobruk: the heuristic player, for both sides of the Battle of the Salient (17.8).
// It answers every decision of the system from the position alone (no memory between calls):
//   set-up (17.14)  the Allied infantry and machine-gun battalions hold the bunkers nearest the
//         threat (Ras el Medauuar, the map's place), each battalion a stretch of them with its HQ
//         behind it; anti-tank guns just behind them; tanks, the last infantry battalion and the
//         engineers in reserve; the artillery in the middle, in range of the wire.
//   movement (9.0)  never into a hex the stack would overfill (7.1); the Axis makes for its focus,
//         the Allied hex nearest its units and the harbour, entering by the edge hexes nearest it;
//         its artillery for a hex with Tobruk harbour in range (17.11) away from the enemy; HQs
//         stay behind their units. The Allied player holds the bunkers and moves its reserves
//         against Axis units inside the wire.
//   combat (10.0-11.4)  attacks whose expected result on the CRT (the table the variant plays)
//         favours it, with the artillery that improves the column; direct and opportunity fire
//         whenever a hit is possible; barrages with an even chance or better; engineers clear
//         the wire next to them; the defender adds artillery while it improves his column.
//   results, supply, stacking  the weakest unit suffers; retreats end farthest from the enemy;
//         advances take bunkers and ground toward the focus.
// Scores read the tables through the sections' own exports (column, modifiers, strengths), so
// an erratum or option changes the bot's judgement with the rules.

const VALUE = { DE: 4, DD: 3, DC: 2, DR: 1.5, "-": 0, AR: -1, AC: -1.5, AD: -2.5, AP: -3, AE: -4 };
// what the bot guesses of an enemy unit it may not inspect (1.1): a company's attack and defense
const GUESS = { attack: 3, defense: 4 };

function attackOf(ctx, p) { return p.hidden ? GUESS.attack : ctx.rules.supply.attack(p).value; }
function defenseOf(ctx, p) { return p.hidden ? GUESS.defense : ctx.rules.supply.defense(p).value; }

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function best(list, score) {
  let bi = -1, bs = -Infinity;
  for (let i = 0; i < list.length; i++) { const s = score(list[i], i); if (s > bs) { bs = s; bi = i; } }
  return { index: bi, score: bs };
}
function enemyOf(ctx, side) { return ctx.rules.zoc.enemyOf(side); }
function harbour(ctx) { return ctx.map.place(ctx.tables.victory.strategic.harbour); }
// Where the Axis is expected: the map's Ras el Medauuar (or the perimeter hex nearest the west
// edge), and the gap a road makes in the wire nearest the harbour.
function threats(ctx) {
  return ctx.once("threats", () => {
    const inside = ctx.map.zone("perimeter"), h = harbour(ctx), fo = ctx.rules.fortifications;
    let west;
    try { west = ctx.map.place("Ras el Medauuar"); } catch (e) {
      const edge = ctx.map.zone("west-edge");
      west = inside[best(inside, (x) => -Math.min(...edge.map((w) => ctx.map.distance(x, w)))).index];
    }
    const gaps = inside.filter((x) => ctx.map.neighbors(x).some((n) => fo.ditch(x, n) && (ctx.map.hexsideHas(x, n, "road") || ctx.map.hexsideHas(x, n, "path"))));
    const road = gaps.length ? gaps[best(gaps, (x) => -ctx.map.distance(x, h)).index] : west;
    return road === west ? [west] : [west, road];
  });
}
function threat(ctx) { return threats(ctx)[0]; }

// ---- dice --------------------------------------------------------------------------------------

function sumDistribution(n) {
  let d = [1];
  for (let k = 0; k < n; k++) {
    const next = new Array(d.length + 6).fill(0);
    for (let i = 0; i < d.length; i++) for (let f = 1; f <= 6; f++) next[i + f] += d[i] / 6;
    d = next;
  }
  return d;                          // d[total] = probability
}
const TWO = sumDistribution(2), THREE = sumDistribution(3);

// The expected value of a normal attack (VALUE of the CRT's results), from the attacker's view.
function attackValue(ctx, side, units, artillery, hex) {
  let att = 0, def = 0;
  for (const p of units.concat(artillery)) att += attackOf(ctx, p);
  for (const p of ctx.piecesAt(hex)) def += defenseOf(ctx, p);
  const col = ctx.rules.combat.column(att, def);
  const mods = ctx.rules.combat.modifiers({ hex, units: units.map((p) => p.id) }, null);
  const shift = mods.reduce((s, m) => s + m.value, 0);
  const night = ctx.rules.turns.night("attack-dice");
  const dist = night ? THREE : TWO, rows = ctx.tables.combat.crt.rows, lim = ctx.tables.combat.procedure["net-roll"];
  let v = 0;
  for (let t = 0; t < dist.length; t++) {
    if (!dist[t]) continue;
    const net = Math.max(lim[0], Math.min(lim[1], t + shift));
    v += dist[t] * (VALUE[rows[net][col.index]] || 0);
  }
  return v;
}

// Direct fire: the chance of a hit and of casualties, by the 36 faces and the modifiers; `t` a
// unit, or for a fire at a hidden stack ({hex}) a guessed one.
function fireChances(ctx, p, t, road) {
  if (!t.id) t = { hex: t.hex, hidden: true, roadMove: false };
  const r = ctx.map.distance(p.hex, t.hex);
  let per = ctx.rules.turns.eveningDirectFire();
  if (ctx.rules.sight.blocks(t.hex)) per += ctx.tables.fire.modifiers["target-in-blocking-terrain"];
  if (t.roadMove || road) per += ctx.tables.fire.modifiers["target-on-road"];
  if (ctx.rules.weather.isSandstorm()) per += ctx.rules.weather.effect("direct-fire-per-die") || 0;
  const def = !t.hidden && t.fireDefense !== null ? t.fireDefense : defenseOf(ctx, t);
  const opt = ctx.option("direct-ranged-fire-18-1");
  let hit = 0, cas = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    const x = a + per, y = b + per;
    if (x <= r || y <= r) continue;
    hit++;
    if (opt ? Math.max(x, y) + p.range >= def + r : x + y >= def + r) cas++;
  }
  return { hit: hit / 36, casualties: cas / 36 };
}

function unitValue(ctx, p) { return attackOf(ctx, p) + defenseOf(ctx, p); }

function fireTarget(ctx, a) { return a.target ? ctx.piece(a.target) : { hex: a.hex }; }

// ---- the Allied set-up (17.14) ----------------------------------------------------------------------

// The plan: unit id -> hex, from the tables and the map alone.
function alliedPlan(ctx) {
  return ctx.once("allied plan", () => {
    const inside = ctx.map.zone("perimeter"), t = threat(ctx), h = harbour(ctx);
    const wire = inside.filter((x) => ctx.map.neighbors(x).some((n) => ctx.rules.fortifications.ditch(x, n)));
    const onWire = new Set(wire), isInside = new Set(inside), points = threats(ctx), nearest = new Map();
    const near = (x) => { let d = nearest.get(x); if (d === undefined) { d = Math.min(...points.map((p) => ctx.map.distance(x, p))); nearest.set(x, d); } return d; };
    const bunkers = inside.filter((x) => ctx.map.hasFeature(x, "bunker") && onWire.has(x))
      .sort((a, b) => near(a) - near(b) || (a < b ? -1 : 1));
    const units = ctx.tables.units.counters.list, bns = ctx.tables.units.battalions.list.filter((b) => b.side === "allied");
    const of = (bn) => units.filter((u) => String(u.battalion) === String(bn.id));
    const main = (bn) => { const n = {}; for (const u of of(bn)) if (u.type !== "hq") n[u.type] = (n[u.type] || 0) + 1; return Object.keys(n).sort((a, b) => n[b] - n[a])[0]; };
    const plan = {};
    // the front: infantry and machine-gun battalions, in units.yaml order, all but the last infantry one
    const front = bns.filter((b) => ["inf", "mg"].indexOf(main(b)) >= 0);
    const reserve = front.length > 1 ? [front.pop()] : [];
    const needed = front.reduce((s, b) => s + of(b).filter((u) => u.type !== "hq").length, 0);
    // each battalion a cluster of the bunkers nearest the threat: seeded at the nearest left, grown by its nearest
    const free = bunkers.slice(0, needed);
    const interior = (from, n) => inside.filter((x) => !onWire.has(x) && ctx.map.distance(x, from) === n);
    front.forEach((b, k) => {
      const companies = of(b).filter((u) => u.type !== "hq");
      if (!free.length) return;
      const point = points[k % points.length];
      const seed = free.splice(best(free, (x) => -ctx.map.distance(x, point)).index, 1)[0], block = [seed];
      while (block.length < companies.length && free.length) {
        const n = best(free, (x) => -Math.max(...block.map((y) => ctx.map.distance(x, y)))).index;
        block.push(free.splice(n, 1)[0]);
      }
      companies.forEach((u, i) => { plan[u.id] = block[i % block.length]; });
      const hq = of(b).find((u) => u.type === "hq");
      const spots = [];
      for (const y of block) for (const n of [1, 2, 3]) for (const x of interior(y, n)) if (spots.indexOf(x) < 0) spots.push(x);
      spots.sort();
      if (hq && spots.length) plan[hq.id] = spots[best(spots, (x) => -Math.max(...block.map((y) => ctx.map.distance(x, y))) - ctx.map.distance(x, h) / 100).index];
    });
    // everyone else by the ring inside the threat: anti-tank 2-3 hexes behind the line, the
    // reserve 6-8, the artillery and anti-aircraft 10-12
    const ring = (lo, hi) => inside.filter((x) => { const d = near(x); return d >= lo && d <= hi && !onWire.has(x); })
      .sort((a, b) => ctx.map.distance(a, h) - ctx.map.distance(b, h) || (a < b ? -1 : 1));
    const bands = { at: [3, 4], inf: [6, 8], mg: [6, 8], eng: [6, 8], tank: [7, 9], art: [10, 12], aa: [10, 12] };
    for (const b of bns.filter((x) => front.indexOf(x) < 0 && reserve.indexOf(x) < 0)) {
      const band = bands[main(b)] || [6, 9], spots = ring(band[0], band[1]);
      const anchor = spots[(bns.indexOf(b) * 5) % Math.max(1, spots.length)];
      const around = spots.slice().sort((x, y) => ctx.map.distance(x, anchor) - ctx.map.distance(y, anchor) || (x < y ? -1 : 1));
      of(b).forEach((u, i) => { plan[u.id] = around[Math.floor(i / 2) % around.length]; });
    }
    // the last infantry battalion guards the gaps roads and paths make in the wire away from the front
    const held = Object.values(plan);
    const gaps = wire.filter((x) => ctx.map.neighbors(x).some((n) => ctx.map.terrain(n) !== "sea" && !ctx.rules.fortifications.ditch(x, n) && !isInside.has(n)
      || ctx.rules.fortifications.ditch(x, n) && (ctx.map.hexsideHas(x, n, "road") || ctx.map.hexsideHas(x, n, "path"))))
      .filter((x) => !held.some((y) => ctx.map.distance(x, y) <= 3))
      .sort((a, b) => ctx.map.distance(a, h) - ctx.map.distance(b, h) || (a < b ? -1 : 1));
    for (const b of reserve) {
      const companies = of(b).filter((u) => u.type !== "hq"), hq = of(b).find((u) => u.type === "hq");
      companies.forEach((u, i) => { plan[u.id] = gaps.length ? gaps[i % gaps.length] : ring(6, 8)[i]; });
      if (hq) { const s = gaps.length ? interior(gaps[0], 2) : ring(6, 8); plan[hq.id] = s[0] || ring(6, 8)[0]; }
    }
    return plan;
  });
}

function place(ctx, actions) {
  const plan = alliedPlan(ctx), want = plan[actions[0].unit];
  if (!want) return 0;
  return best(actions, (a) => -ctx.map.distance(a.hex, want) - (a.hex < want ? 0.001 : 0)).index;
}

// ---- movement (9.0) --------------------------------------------------------------------------------

// The Axis focus: the Allied hex nearest the Axis units (or the threat) and the harbour.
function focus(ctx) {
  return ctx.memo("bot focus", () => {
    const axis = ctx.pieces((p) => p.side === "axis" && p.hex && !p.hq), h = harbour(ctx), t = threat(ctx);
    const allied = ctx.piecesById((p) => p.side === "allied" && p.hex);
    if (!allied.length) return h;
    const near = (x) => axis.length ? Math.min(...axis.map((p) => ctx.map.distance(p.hex, x))) : ctx.map.distance(x, t);
    return allied[best(allied, (p) => -(near(p.hex) + 0.5 * ctx.map.distance(p.hex, h))).index].hex;
  });
}

function enemyNear(ctx, side, hex, n) {
  const e = enemyOf(ctx, side);
  for (const x of ctx.map.within(hex, n)) if (ctx.piecesAt(x).some((p) => p.side === e)) return true;
  return false;
}

// How good it is for the pieces to stand in hex: higher is better.
function standScore(ctx, pieces, hex) {
  const p = pieces[0], side = p.side, h = harbour(ctx);
  if (side === "axis") {
    if (pieces.every((q) => q.fire === "artillery")) {
      // escorted: within 2 hexes of an Axis combat unit, never within 3 of the enemy
      const f = focus(ctx), escorts = ctx.memo("bot escorts", () => ctx.pieces((q) => q.side === "axis" && q.hex && !q.hq && q.fire !== "artillery").map((q) => q.hex));
      const alone = escorts.some((x) => ctx.map.distance(x, hex) <= 2) ? 0 : 30;
      const inRange = ctx.map.distance(hex, h) <= p.range ? 20 : 0;
      return inRange - alone - ctx.map.distance(hex, h) / 4 - (enemyNear(ctx, side, hex, 3) ? 30 : 0) - ctx.map.distance(hex, f) / 10;
    }
    if (pieces.every((q) => q.hq)) return -Math.abs(ctx.map.distance(hex, focus(ctx)) - 3) - (enemyNear(ctx, side, hex, 1) ? 10 : 0);
    const f = focus(ctx);
    return -ctx.map.distance(hex, f) + (ctx.rules.fortifications.bunker(hex) ? 1 : 0) - ctx.map.distance(hex, h) / 20;
  }
  // Allied: the artillery keeps away from the enemy; the tanks hunt Axis units inside the wire,
  // its artillery first; everyone else holds (alliedMovers)
  if (pieces.every((q) => q.fire === "artillery")) return enemyNear(ctx, side, hex, 2) ? -10 : 0;
  const inside = ctx.once("inside set", () => new Set(ctx.map.zone("perimeter")));
  const targets = ctx.pieces((q) => q.side === "axis" && q.hex && inside.has(q.hex));
  if (!targets.length) return 0;
  return -Math.min(...targets.map((q) => ctx.map.distance(hex, q.hex) - (q.fire === "artillery" ? 3 : 0)));
}

// Whether the pieces may end their move in hex within 7.1's limit, beside the friendly units there:
// the limit is enforced only once the activation has moved, by losing units, so a move that would
// break it is worth nothing.
function roomIn(ctx, pieces, hex) { return ctx.rules.stacking.fits(hex, pieces, false); }

// The Allied units that move at all: tanks and artillery.
function alliedMovers(pieces) { return pieces.every((q) => q.type === "tank" || q.fire === "artillery"); }

function movement(ctx, actions, side) {
  const m = ctx.state.moving;
  if (m) {
    const cont = actions.findIndex((a) => a.do === "continue");
    if (cont >= 0) return cont;
    const ov = actions.filter((a) => a.do === "overrun");
    for (const a of ov) {
      const tanks = m.units.map((id) => ctx.piece(id)).filter((p) => p.kind === "tracked" && !p.attacked);
      if (attackValue(ctx, side, tanks, [], a.hex) > 0.5) return actions.indexOf(a);
    }
    if (m.first === false && m.spent > 0 && ctx.piece(m.units[0]).entered === ctx.turn && m.path.length === 0 && !m.stopped) {
      // just entered from off the map: one more leg toward where the stack is going
      const ps = m.units.map((id) => ctx.piece(id)), here = standScore(ctx, ps, m.at);
      const legs = actions.filter((a) => a.do === "move" && roomIn(ctx, ps, a.to));
      const b = best(legs, (a) => standScore(ctx, ps, a.to));
      if (b.index >= 0 && b.score > here && m.spent <= 1) return actions.indexOf(legs[b.index]);
    }
    return actions.findIndex((a) => a.do === "stop");
  }
  let bi = -1, bs = 0.5;
  const cache = new Map();
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "move" && a.do !== "enter") continue;
    const key = a.units.join(",");
    let c = cache.get(key);
    if (!c) {
      const ps = a.units.map((id) => ctx.piece(id));
      if (side === "allied" && !alliedMovers(ps)) { cache.set(key, { skip: true }); continue; }
      c = { ps, now: a.do === "enter" ? -1000 : standScore(ctx, ps, ps[0].hex), size: a.units.length };
      cache.set(key, c);
    }
    if (c.skip || !roomIn(ctx, c.ps, a.to)) continue;
    const s = standScore(ctx, c.ps, a.to) - c.now + c.size * 0.01;
    if (s > bs) { bs = s; bi = i; }
  }
  return bi >= 0 ? bi : actions.findIndex((a) => a.do === "done");
}

// ---- combat (10.0-11.4) ---------------------------------------------------------------------------

function combatTop(ctx, actions, side) {
  // direct fire first: it may pin a defender before the attack (and the firer may still attack)
  const fires = actions.filter((a) => a.do === "fire");
  const f = best(fires, (a) => { const c = fireChances(ctx, ctx.piece(a.unit), fireTarget(ctx, a), false); return c.hit + 2 * c.casualties; });
  if (f.index >= 0 && f.score > 0.15) return actions.indexOf(fires[f.index]);
  // the best attack, stated whole
  let bestAttack = null, bv = 0.3;
  for (const a of actions) {
    if (a.do !== "attack") continue;
    const units = ctx.rules.combat.attackersOf(a.hex);
    const one = ctx.state.activation.hq === null ? units.filter((p) => p.hex === units[0].hex) : units;
    const arty = [];
    let v = attackValue(ctx, side, one, arty, a.hex);
    for (const g of ctx.rules.artillery.supporters(a.hex, side)) {
      const w = attackValue(ctx, side, one, arty.concat([g]), a.hex);
      if (w > v + 0.15) { arty.push(g); v = w; }
    }
    if (v > bv) { bv = v; bestAttack = { do: "attack", hex: a.hex, units: one.map((p) => p.id).sort(), artillery: arty.map((p) => p.id).sort() }; }
  }
  if (bestAttack) return bestAttack;
  const clears = actions.filter((a) => a.do === "clear");
  if (clears.length && side === "axis") return actions.indexOf(clears[0]);
  const bars = actions.filter((a) => a.do === "barrage");
  const b = best(bars, (a) => barrageChance(ctx, ctx.piece(a.unit), a.hex) * ctx.piecesAt(a.hex).length);
  if (b.index >= 0 && barrageChance(ctx, ctx.piece(bars[b.index].unit), bars[b.index].hex) >= 1 / 3) return actions.indexOf(bars[b.index]);
  return actions.findIndex((a) => a.do === "done");
}

function barrageChance(ctx, p, hex) {
  let m = ctx.rules.terrain.modifier(hex).value + ctx.rules.turns.eveningModifier();
  if (ctx.rules.fortifications.bunker(hex)) m += ctx.tables.fortifications.modifiers.bunker;
  const s = p.depleted && p.da !== null ? p.da : p.fa;
  let n = 0;
  for (let f = 1; f <= 6; f++) if (f + m < s) n++;
  return n / 6;
}

// The attack being declared one step at a time (a person's path; the bot states attacks whole).
function declaring(ctx, actions) {
  const r = actions.findIndex((a) => a.do === "resolve");
  return r >= 0 ? r : actions.findIndex((a) => a.do === "cancel");
}

// The defender adds artillery while it improves his column.
function defend(ctx, actions, side) {
  const at = ctx.state.attack, attacker = enemyOf(ctx, side);
  const units = at.units.map((id) => ctx.piece(id)), arty = at.artillery.map((id) => ctx.piece(id));
  let att = 0, def = 0;
  for (const p of units.concat(arty)) att += attackOf(ctx, p);
  for (const p of ctx.piecesAt(at.hex)) def += defenseOf(ctx, p);
  for (const id of at.defArtillery) def += attackOf(ctx, ctx.piece(id));
  const now = ctx.rules.combat.column(att, def).index;
  const adds = actions.filter((a) => a.do === "support");
  for (const a of adds) if (ctx.rules.combat.column(att, def + attackOf(ctx, ctx.piece(a.unit))).index < now) return actions.indexOf(a);
  return actions.findIndex((a) => a.do === "done");
}

function opportunity(ctx, actions) {
  const o = ctx.state.opportunity;
  const fires = actions.filter((a) => a.do === "fire");
  const f = best(fires, (a) => { const c = fireChances(ctx, ctx.piece(a.unit), fireTarget(ctx, a), o.road); return c.hit + 2 * c.casualties; });
  return f.index >= 0 && f.score > 0 ? actions.indexOf(fires[f.index]) : actions.findIndex((a) => a.do === "hold");
}

// ---- results, supply, stacking ----------------------------------------------------------------------

function weakest(ctx, actions) { return best(actions, (a) => -unitValue(ctx, ctx.piece(a.unit)) + (a.do === "deplete" ? 5 : 0)).index; }

function retreat(ctx, actions, side) {
  const mover = ctx.piece(actions[0].unit), mine = mover.side === side;
  return best(actions, (a) => {
    if (a.do === "stay") return -1;
    const end = a.route[1], d = ctx.piecesById((p) => p.side !== mover.side && p.hex).reduce((m, p) => Math.min(m, ctx.map.distance(p.hex, end)), 99);
    return mine ? d : -d;
  }).index;
}

function advance(ctx, actions, side) {
  const ok = actions.filter((a) => a.do === "advance" && (side === "axis" || ctx.rules.fortifications.bunker(a.to)));
  const b = best(ok, (a) => (ctx.rules.fortifications.bunker(a.to) ? 2 : 0) - (side === "axis" ? ctx.map.distance(a.to, focus(ctx)) / 10 : 0));
  return b.index >= 0 ? actions.indexOf(ok[b.index]) : actions.findIndex((a) => a.do === "stop");
}

function nominate(ctx, actions) {
  return best(actions, (a) => ctx.pieces((p) => p.hex === a.hex && p.battalion === a.battalion).reduce((s, p) => s + unitValue(ctx, p), 0)).index;
}

// ---- the player ------------------------------------------------------------------------------------

export function heuristic(ctx, actions, side) {
  const a0 = actions[0], s = ctx.state;
  if (!a0) return 0;
  switch (a0.do) {
    case "place": return place(ctx, actions);
    case "choose": return best(actions, (a) => (a.battalion === "KGK" ? 2 : 0) + (a.battalion === "Pio33" ? 1 : 0)).index;
    case "nominate": return nominate(ctx, actions);
    case "deplete": case "eliminate": return weakest(ctx, actions);
    case "retreat": case "stay": return retreat(ctx, actions, side);
    default: break;
  }
  if (s.opportunity && actions.some((a) => a.do === "hold")) return opportunity(ctx, actions);
  if (actions.some((a) => a.do === "advance") || (s.attack && s.attack.queue && actions.length === 1 && a0.do === "stop")) return advance(ctx, actions, side);
  if (s.attack && s.attack.stage === "defender") return defend(ctx, actions, side);
  if (s.attack && s.attack.stage === "declare") return declaring(ctx, actions);
  if (actions.some((a) => a.do === "pass") || s.moving || actions.some((a) => a.do === "move" || a.do === "enter")) return movement(ctx, actions, side);
  if (actions.some((a) => a.do === "attack" || a.do === "barrage" || a.do === "fire" || a.do === "clear")) return combatTop(ctx, actions, side);
  const done = actions.findIndex((a) => a.do === "done" || a.do === "stop" || a.do === "hold");
  return done >= 0 ? done : 0;
}
