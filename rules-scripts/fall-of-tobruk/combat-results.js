// The Fall of Tobruk 11.3 Combat Results, 11.23 reconnaissance retreat before combat and 11.31
// advances.
//   11.3  the codes a fire's resolution gives, sorted into disruptions (disruption.js), morale
//         checks (morale.js) and retreats, applied in that order once every simultaneous fire has
//         been rolled; "Atkr" names the side that fired (our reading, close-combat.yaml
//         cell-readings): effectsOf. R#h: the owner retreats each unit # hexes, each hex further
//         from where it began, never into enemy units or prohibited terrain; a unit with no such
//         hex is eliminated; a retreat into an enemy ZOC disrupts (4.13); across an unbreached
//         minefield disrupts, armor rolling the MAT instead (13.23); a unit in a Box may stay
//         (13.4). The attacker may advance one hex fewer than the defender retreated.
//   11.31 an advance enters the vacated hex first; an enemy LZOC hex counts 2, an enemy HZOC hex
//         ends it; advancing armor rolls the MAT before crossing an unbreached minefield, a stall
//         halts it (13.24).
//   11.23 recon units attacked by units not all recon may retreat before combat up to two hexes,
//         never into or through an enemy HZOC, into an enemy LZOC only as the first hex (then
//         Disrupted); if the hex empties there is no combat and the attackers may occupy it.
// The combat queue's steps recon, occupy, retreat and advance (combat.js runs the queue).
// Queries: retreatOptions, advanceOptions. Tables: fire-combat.yaml (result-codes),
// close-combat.yaml (cell-readings), zoc.yaml (combat), terrain.yaml (movement-costs).

function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function ids(list) { return list.map((p) => p.id); }
function enemyOf(ctx, side) { return ctx.rules.combat.enemyOf(side); }

function combatOf(ctx, ci) {
  return ctx.state.combat.imp.combats[ci];
}

function zocLevel(ctx, hex, side) {
  return ctx.rules.zoc.level(hex, side) || 0;
}

function minefield(ctx, a, b, side) {
  return !!ctx.rules.combat.minefieldOn(a, b, side);
}

// 11.3: may `p` retreat or advance from a into b (not into prohibited terrain, not across a
// prohibited hexside unless a road or track crosses it: the TEC, a placeholder)?
function passable(ctx, p, a, b) {
  return !!ctx.rules.terrain.mayCross(p.mobility, a, b);
}

// 15.21: units moved by combat (retreats, advances, occupying a vacated hex) enter hexes too.
function moved(ctx, p, path) {
  const S = ctx.state.combat;
  if (S.imp && onMap(p)) (S.imp.arrived = S.imp.arrived || []).push(p.hex);   // 4.21, checked by the step stack
  if (onMap(p)) ctx.rules.victory.afterMove(p, path);
}

function occupied(ctx, side) {
  const occ = {};
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (onMap(p) && p.side === side) occ[p.hex] = true;
  }
  return occ;
}

// ---------------------------------------------------------------- 11.3 the result codes

// effectsOf(c, F, res, into): the steps a fire's result codes call for, sorted into disruptions,
// morale checks and retreats (into = {dis, morale, retreat}).
export function effectsOf(ctx, c, F, res, into) {
  const cb = ctx.rules.combat;
  const own = F.by;
  const foe = enemyOf(ctx, own);
  const foeUnits = F.kind === "at" ? F.targets : cb.involved(c, foe);
  const ownUnits = cb.involved(c, own);
  const ownPm = () => ctx.rules.morale.predominant(ownUnits, own === c.side ? "attacker" : "defender");
  const src = (F.kind === "at" ? "antitank fire" : "regular combat") + " by " + own + " on " + c.hex;
  const dis = (side, list, n, pm, code) => into.dis.push({ k: "dis", side, pool: ids(list), n, pm, rule: "11.3", text: code + " (" + src + ")", cause: "combat" });
  // the Dis-type codes as fire-combat.yaml result-codes define them: how many units, on whom
  const code = codes(ctx)[res.dis];
  if (code && code.effect === "disrupt") {
    if (code.count === "all") into.dis.push({ k: "disAll", units: ids(F.targets), rule: "11.3", text: res.dis + " (" + src + ")", cause: "combat" });
    else {
      if (code.who === "target" || code.who === "both-sides") dis(foe, F.targets, code.count, res.pm, res.dis);
      if (code.who === "attacker" || code.who === "both-sides") dis(own, ownUnits, code.count, ownPm(), res.dis);
    }
  }
  let subject = foeUnits, subjectSide = foe;
  const r = String(res.retreat || "-");
  let m;
  if ((m = /^(All )?R\s*(\d+)h$/.exec(r))) {
    into.retreat.push(retreatStep(ctx, c, foe, foeUnits, +m[2], (m[1] ? "All " : "") + "R" + m[2] + "h (" + src + ")"));
  } else if (checks(ctx, r)) {
    into.morale.push({ k: "morale", units: ids(foeUnits), times: checks(ctx, r), rule: "11.42", text: r + " (" + src + ")" });
  } else if ((m = /^Atkr(?:\s+R\s*(\d+)h)?$/.exec(r))) {
    subject = ownUnits; subjectSide = own;
    if (m[1]) into.retreat.push(retreatStep(ctx, c, own, ownUnits, +m[1], "Atkr R" + m[1] + "h (" + src + ")"));
  }
  const mo = String(res.morale || "-");
  if (checks(ctx, mo)) {
    into.morale.push({ k: "morale", units: ids(subject), times: checks(ctx, mo), rule: "11.42", text: (subjectSide === own && subject === ownUnits ? "Atkr " : "") + mo + " (" + src + ")" });
  }
}

function codes(ctx) { return ctx.tables["fire-combat"]["result-codes"].codes; }

// How many Morale Checks a code calls for (result-codes "Morale", "2 Morale"), or 0.
function checks(ctx, code) {
  const c = codes(ctx)[code];
  return c && c.effect === "morale-check" ? c.times : 0;
}

// retreatStep(c, side, units, n, text): the queue's step retreating `units` of `side` n hexes.
export function retreatStep(ctx, c, side, units, n, text) {
  const from = {};
  for (const p of units) from[p.id] = p.hex;
  return { k: "retreat", side, units: ids(units), n, from, ci: c.ci, defender: side !== c.side, rule: "11.3", text };
}

const STEP = {};
const CHOOSE = {};

// ---------------------------------------------------------------- 11.23 recon retreat before combat

// 11.23: recon units among the defenders may retreat before combat up to two hexes (zoc.yaml
// combat recon-retreat), unless every attacker is recon: each hex further from where it began,
// never into or through an enemy HZOC, into an enemy LZOC only as the first hex, and then
// Disrupted and stopped.
function reconDests(ctx, p, foe, max) {
  const occ = occupied(ctx, foe);
  const out = {};
  const origin = p.hex;
  let ring = [origin];
  for (let k = 1; k <= max && ring.length; k++) {
    const next = [];
    for (const h0 of ring) {
      for (const h of ctx.map.neighbors(h0)) {
        if (out[h] || ctx.map.distance(origin, h) !== k || occ[h] || !passable(ctx, p, h0, h)) continue;
        const z = zocLevel(ctx, h, foe);
        if (z >= 2 || (k > 1 && z > 0)) continue;
        out[h] = true;
        if (z === 0) next.push(h);
      }
    }
    ring = next;
  }
  return Object.keys(out).sort();
}

STEP.recon = (ctx, st) => {
  const c = combatOf(ctx, st.ci), max = ctx.tables.zoc.combat["recon-retreat"].hexes;
  if (c.off) return [];
  const att = ctx.rules.combat.alive(c.attackers);
  if (att.length && att.every((p) => p.recon)) {
    if (ctx.rules.combat.unitsAt(c.hex).some((p) => p.side === c.enemy && p.recon)) ctx.trace({ rule: "11.23", text: "attacked solely by recon units: no retreat before combat" });
    return [];
  }
  st.done = st.done || [];
  const recon = ctx.rules.combat.unitsAt(c.hex).filter((p) => p.side === c.enemy && p.recon && st.done.indexOf(p.id) < 0);
  if (recon.length) {
    const p = recon[0];
    const to = reconDests(ctx, p, c.side, max);
    if (!to.length) { st.done.push(p.id); return [st]; }
    st.side = c.enemy;
    st.prompt = c.enemy + ": " + p.id + " (recon) may retreat before combat up to " + max + " hexes (11.23)";
    st.why = "a recon unit retreats before combat up to " + max + " hexes, never into or through an enemy HZOC, into an enemy LZOC only as its first hex (11.23)";
    st.opts = to.map((h) => ({ do: "withdraw", unit: p.id, to: h })).concat([{ do: "stand", unit: p.id }]);
    return [st];
  }
  // 11.23: the hex emptied: no combat; the attackers may occupy it
  if ((st.left || 0) > 0 && !ctx.rules.combat.unitsAt(c.hex).some((p) => p.side === c.enemy)) {
    c.off = true;
    ctx.trace({ rule: "11.23", text: c.hex + " is empty after the recon retreat: no combat; the attackers may occupy it and are still Combat Complete" });
    return [{ k: "occupy", ci: st.ci, done: [] }];
  }
  return [];
};

CHOOSE.recon = (ctx, st, a) => {
  const c = combatOf(ctx, st.ci);
  const p = ctx.piece(a.unit);
  st.done.push(a.unit);
  if (a.do === "stand") { ctx.trace({ rule: "11.23", text: a.unit + " stands and fights" }); return; }
  const from = p.hex;
  p.hex = a.to;
  moved(ctx, p, [from, a.to]);
  st.left = (st.left || 0) + 1;
  const uses = ctx.rules.zoc.usesAt([a.to], c.side);                 // the hexes it may reach: map, TEC, ZOC
  ctx.trace({ rule: "11.23", uses, text: a.unit + " (recon) retreats before combat " + from + " -> " + a.to });
  if (ctx.map.adjacent(from, a.to) && zocLevel(ctx, a.to, c.side) === 1) ctx.rules.disruption.disrupt(p, "combat", "11.23", "recon retreat into an enemy LZOC", uses);
};

STEP.occupy = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (st.stopped) return [];
  const cand = ctx.rules.combat.alive(c.attackers).filter((p) => st.done.indexOf(p.id) < 0 && ctx.map.adjacent(p.hex, c.hex) && passable(ctx, p, p.hex, c.hex));
  if (!cand.length || ctx.rules.combat.unitsAt(c.hex).some((p) => p.side === c.enemy)) return [];
  st.side = c.side;
  st.prompt = c.side + ": occupy the hex " + c.hex + " the recon units left (11.23), or stop";
  st.why = "only attackers of this combat next to " + c.hex + " may occupy it (11.23)";
  st.opts = cand.map((p) => ({ do: "occupy", unit: p.id })).concat([{ do: "stop" }]);
  return [st];
};

CHOOSE.occupy = (ctx, st, a) => {
  if (a.do === "stop") { st.stopped = true; return; }
  const c = combatOf(ctx, st.ci);
  const p = ctx.piece(a.unit);
  st.done.push(p.id);
  ctx.trace({ rule: "11.23", text: p.id + " occupies " + c.hex + " (from " + p.hex + ")" });
  const from = p.hex;
  p.hex = c.hex;
  moved(ctx, p, [from, c.hex]);
};

// ---------------------------------------------------------------- retreats (11.3, 4.13, 13.23, 13.4)

// Every way `p` may retreat n hexes: each hex one further from where it began, on the map, not
// into prohibited terrain, never into a hex with enemy units. For each end hex the path doing
// least harm is kept (fewest enemy-ZOC and minefield disruptions, then the lowest hex ids).
// {hex: {path, zoc, mines}}
function retreatPaths(ctx, p, n) {
  const foe = enemyOf(ctx, p.side);
  const occ = occupied(ctx, foe);
  const origin = p.hex;
  const zc = {};
  const z = (h) => (zc[h] !== undefined ? zc[h] : (zc[h] = zocLevel(ctx, h, foe)));
  const best = {};
  const path = [];
  const walk = (cur, zoc, mines) => {
    if (path.length === n) {
      const end = cur;
      const harm = (zoc ? 1 : 0) + mines;
      const key = path.join(" ");
      const b = best[end];
      if (!b || harm < b.harm || (harm === b.harm && key < b.key)) best[end] = { path: path.slice(), zoc, mines, harm, key };
      return;
    }
    for (const h of ctx.map.neighbors(cur)) {
      if (ctx.map.distance(origin, h) !== path.length + 1) continue;
      if (occ[h] || !passable(ctx, p, cur, h)) continue;
      path.push(h);
      walk(h, zoc || z(h) > 0, mines + (minefield(ctx, cur, h, p.side) ? 1 : 0));
      path.pop();
    }
  };
  walk(origin, false, 0);
  return best;
}

STEP.retreat = (ctx, st) => {
  st.done = st.done || [];
  for (;;) {
    const left = ctx.rules.combat.alive(st.units).filter((p) => st.done.indexOf(p.id) < 0 && p.hex === st.from[p.id]);
    if (!left.length) return [];
    const p = left[0];
    const box = ctx.rules.minefields.ignoresRetreat(p);                 // 13.4
    const paths = retreatPaths(ctx, p, st.n);
    const ends = Object.keys(paths).sort();
    if (!ends.length && !box) {
      st.done.push(p.id);
      ctx.rules.disruption.loseUnit(p, "11.3", st.text + ": " + p.id + " has no hex " + st.n + " away to retreat to (enemy units, prohibited terrain or the map edge)", "retreat",
        ctx.rules.zoc.uses(enemyOf(ctx, p.side)));
      continue;
    }
    st.side = p.side;
    st.cur = p.id;
    st.paths = {};
    for (const h of ends) st.paths[h] = paths[h].path;
    st.prompt = p.side + ": " + st.text + ": retreat " + p.id + " " + st.n + " hex" + (st.n === 1 ? "" : "es") + (box ? ", or stay in its Box (13.4)" : "") + " (11.3)";
    st.why = "a retreat ends " + st.n + " hexes from where the unit began, each hex further away, never into enemy units or prohibited terrain; entering an enemy ZOC Disrupts (4.13)";
    st.opts = ends.map((h) => ({ do: "retreat", unit: p.id, to: h })).concat(box ? [{ do: "stay", unit: p.id }] : []);
    return [st];
  }
};

CHOOSE.retreat = (ctx, st, a) => {
  const p = ctx.piece(a.unit);
  st.done.push(p.id);
  if (a.do === "stay") {
    ctx.trace({ rule: "13.4", text: p.id + " is in a Box and ignores " + st.text });
    return;
  }
  const path = st.paths[a.to];
  const from = p.hex;
  const foe = enemyOf(ctx, p.side);
  let cur = from, zoc = false;
  const mines = [];
  for (const h of path) {
    if (minefield(ctx, cur, h, p.side)) mines.push([cur, h]);
    if (zocLevel(ctx, h, foe) > 0) zoc = true;
    cur = h;
  }
  p.hex = a.to;
  const uses = ctx.rules.zoc.usesAt(path, foe);                      // the ways open to it: map, TEC, ZOC
  ctx.trace({ rule: "11.3", uses, text: st.text + ": " + p.id + " retreats " + [from].concat(path).join(" -> ") });
  moved(ctx, p, [from].concat(path));
  if (st.ci !== undefined) {
    const c = combatOf(ctx, st.ci);
    if (st.defender && from === c.hex) c.retreated = Math.max(c.retreated || 0, st.n);
    if (!st.defender) (c.gone = c.gone || []).push(p.id);
  }
  // 4.13: a retreat into an enemy ZOC Disrupts (once per retreat: our reading)
  if (zoc) ctx.rules.disruption.disrupt(p, "retreat", "4.13", "retreat into an enemy ZOC", uses);
  // 13.23: across an unbreached minefield: Disrupted; armor rolls the MAT instead (minefields)
  for (const m of mines) {
    if (!onMap(p)) break;
    ctx.rules.minefields.retreatAcross([p.id], m[0], m[1]);
  }
};

// ---------------------------------------------------------------- advance after combat (11.3, 11.31, 13.24)

// Where `p` may end an advance of n hexes from the vacated hex `c.hex`: that hex first (always,
// 11.31's minimum of 1), then on while the allowance lasts: an enemy LZOC hex counts 2, an enemy
// HZOC hex ends the advance, never into enemy units or prohibited terrain. {hex: path}
function advanceDests(ctx, p, c, n) {
  const foe = c.enemy;
  const occ = occupied(ctx, foe);
  const out = {};
  if (occ[c.hex] || !passable(ctx, p, p.hex, c.hex)) return out;
  out[c.hex] = [c.hex];
  const z0 = zocLevel(ctx, c.hex, foe);
  if (z0 >= 2) return out;
  const lzoc = ctx.tables.zoc.combat.advance["lzoc-hex-costs"];
  const left = {};
  let frontier = [{ h: c.hex, left: n - (z0 === 1 ? lzoc : 1), path: [c.hex] }];
  left[c.hex] = frontier[0].left;
  while (frontier.length) {
    const next = [];
    for (const s of frontier) {
      for (const h of ctx.map.neighbors(s.h)) {
        if (h === p.hex || occ[h] || !passable(ctx, p, s.h, h)) continue;
        const z = zocLevel(ctx, h, foe);
        const cost = z === 1 ? lzoc : 1;
        if (s.left < cost) continue;
        const l = z >= 2 ? 0 : s.left - cost;
        if (left[h] !== undefined && left[h] >= l) continue;
        left[h] = l;
        const path = s.path.concat([h]);
        if (!out[h] || out[h].length > path.length) out[h] = path;
        if (l > 0) next.push({ h, left: l, path });
      }
    }
    frontier = next;
  }
  return out;
}

STEP.advance = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (c.off || st.stopped) return [];
  if (st.n === undefined) {
    const less = codes(ctx)["R#h"]["advance-less"];
    if (ctx.rules.combat.unitsAt(c.hex).some((p) => p.side === c.enemy) || !(c.retreated > less)) {
      if (c.retreated && c.retreated <= less) ctx.trace({ rule: "11.3", text: "the defenders of " + c.hex + " retreated " + c.retreated + " hex" + (c.retreated === 1 ? "" : "es") + ": the attacker may advance 0 hexes" });
      return [];
    }
    st.n = c.retreated - less;
    st.done = [];
    ctx.trace({ rule: "11.3", text: c.hex + " vacated after a retreat of " + c.retreated + ": the attackers may advance up to " + st.n + " hex" + (st.n === 1 ? "" : "es") + ", entering " + c.hex + " first (11.31)" });
  }
  for (;;) {
    const cand = ctx.rules.combat.involved(c, c.side).filter((p) => st.done.indexOf(p.id) < 0);
    if (!cand.length) return [];
    const p = cand[0];
    const dests = advanceDests(ctx, p, c, st.n);
    const ends = Object.keys(dests).sort();
    if (!ends.length) { st.done.push(p.id); continue; }
    st.side = c.side;
    st.cur = p.id;
    st.paths = dests;
    st.prompt = c.side + ": advance " + p.id + " after combat (up to " + st.n + " hex" + (st.n === 1 ? "" : "es") + ", " + c.hex + " first), hold it, or stop advancing (11.31)";
    st.why = "an advance enters the vacated hex first; an enemy LZOC hex counts 2, an enemy HZOC hex ends it (11.31)";
    st.opts = ends.map((h) => ({ do: "advance", unit: p.id, to: h })).concat([{ do: "hold", unit: p.id }, { do: "stop" }]);
    return [st];
  }
};

CHOOSE.advance = (ctx, st, a) => {
  if (a.do === "stop") { st.stopped = true; ctx.trace({ rule: "11.3", text: "no further advance" }); return; }
  st.done.push(a.unit);
  if (a.do === "hold") return;
  const c = combatOf(ctx, st.ci);
  const p = ctx.piece(a.unit);
  const from = p.hex;
  let cur = from;
  const went = [from];
  for (const h of st.paths[a.to]) {
    // 13.24: armor rolls the MAT before advancing across an unbreached minefield; a stall halts
    if (p.armor && minefield(ctx, cur, h, p.side)) {
      const r = ctx.rules.minefields.advanceAcross([p.id], cur, h);
      if (r && r.stalled) { st.stopped = true; break; }
      if (!onMap(p)) break;
    }
    cur = h;
    went.push(h);
  }
  if (onMap(p) && cur !== from) {
    p.hex = cur;
    ctx.trace({ rule: "11.31", uses: ctx.rules.zoc.usesAt(went, c.enemy), text: p.id + " advances after combat " + went.join(" -> ") + " (" + c.hex + " vacated)" });
    moved(ctx, p, went);
  }
};

// combatStep(st), combatChoice(st, action): the steps of the combat queue this section carries
// out (combat.js runs the queue).
export function combatStep(ctx, st) { return STEP[st.k](ctx, st); }
export function combatChoice(ctx, st, a) { CHOOSE[st.k](ctx, st, a); }

// ---------------------------------------------------------------- queries for the console and tests

// retreatOptions(id, n): where unit `id` may end a retreat of n hexes: {hex: {path, zoc, mines}}
// (11.3, 4.13, 13.23).
export function retreatOptions(ctx, id, n) {
  const r = retreatPaths(ctx, ctx.piece(id), n);
  const out = {};
  for (const h of Object.keys(r).sort()) out[h] = { path: r[h].path, zoc: r[h].zoc, mines: r[h].mines };
  return out;
}

// advanceOptions(id, hex, n): where attacker `id` may end an advance of n hexes into the vacated
// `hex`: {hex: path} (11.31).
export function advanceOptions(ctx, id, hex, n) {
  const p = ctx.piece(id);
  return advanceDests(ctx, p, { hex, side: p.side, enemy: enemyOf(ctx, p.side) }, n);
}
