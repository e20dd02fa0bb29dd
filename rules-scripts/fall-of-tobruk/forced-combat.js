// The Fall of Tobruk: mandatory attacks and the Forced Combat Impulse.
//   11.0, 4.12  activated units in an enemy HZOC must attack, and every enemy non-armor unit
//         projecting those HZOCs must be attacked in that impulse; units in a Box need not (13.4):
//         owed.
//   4.12 NOTE, 7.1  units of the drawn formation that began the activation in an enemy HZOC and were
//         given no AP attack anyway at the end of it, in a Forced Combat Impulse at 1L; activated
//         units left in an enemy HZOC without having attacked attack there too (no shift: they had
//         APs): beginActivation (the hook that notes who began in an HZOC), forcedUnits, forcedDue,
//         and the decision forced.
//   11.2  a unit may not divide its factors: a forced impulse owes only as many of the HZOC hexes
//         as its units can attack at once, and a choice that would leave it unable to is refused.
// The impulse is built and resolved as any Combat Impulse (combat.js). State: state.combat.began
// {key, ids}: the drawn formation's units in an enemy HZOC when the activation began.

function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function enemyOf(ctx, side) { return ctx.rules.combat.enemyOf(side); }

// ---------------------------------------------------------------- 11.0, 4.12, 13.4 who must attack

// A unit in an enemy HZOC, able to attack, not in a Box, not yet in combat. `z`: the combat
// section's zocLookup(foe), when many units are asked.
function mustAttack(ctx, p, foe, z) {
  const cb = ctx.rules.combat;
  if (p.fought || p.opsComplete || p.hq || p.artillery || !cb.canFight(p)) return false;
  if (ctx.rules.minefields.mustAttackExempt(p)) return false;             // 13.4
  return (z ? z(p.hex) : ctx.rules.zoc.level(p.hex, foe) || 0) >= 2;
}

// The units of `list` that must attack (mustAttack), the enemy ZOC looked up once.
function mustAttackAmong(ctx, list, foe) {
  if (!list.length) return list;
  const z = ctx.rules.combat.zocLookup(foe);
  return list.filter((p) => mustAttack(ctx, p, foe, z));
}

// owed(imp): what impulse `imp` must hold: the units that must attack (activated units in an
// enemy HZOC; in a Forced Combat Impulse every unit that owes one) and the enemy hexes with
// non-armor units projecting those HZOCs, which must be attacked (11.0, 4.12, 13.4): {units, hexes}.
export function owed(ctx, imp) {
  const cb = ctx.rules.combat;
  const foe = imp.enemy || enemyOf(ctx, imp.side);
  const units = [];
  const hexes = [];
  const list = imp.forced ? (imp.pool || []).map((id) => ctx.piece(id)).filter(onMap)
    : mustAttackAmong(ctx, Object.keys(ctx.state.pieces).sort().map((id) => ctx.state.pieces[id]).filter((p) => onMap(p) && p.side === imp.side && cb.activatedNow(p)), foe);
  for (const p of list) {
    if (!imp.forced && cb.refuseAttacker({ side: imp.side, forced: false, combats: [] }, p)) continue;
    units.push(p.id);
    for (const h of ctx.map.neighbors(p.hex)) {
      if (hexes.indexOf(h) >= 0) continue;
      const soft = cb.unitsAt(h).filter((q) => q.side === foe && !q.armor && !q.hq && !q.disrupted);
      if (soft.length && cb.projects(h, p.hex, foe) >= 2) hexes.push(h);
    }
  }
  return { units, hexes: hexes.sort() };
}

// ---------------------------------------------------------------- 4.12 NOTE, 7.1 the forced impulse

function activationKey(ctx) {
  const a = ctx.state.activation;
  if (!a) return null;
  return ctx.turn + "/" + (ctx.state.half || "") + "/" + (a.marker || "") + "/" + (ctx.state.activations ? ctx.state.activations.length : 0);
}

function drawn(ctx, p) {
  const a = ctx.state.activation;
  const f = (a && a.formations) || [];
  return f.indexOf(p.formation) >= 0 || (!!p.brigade && f.indexOf(p.brigade) >= 0);
}

// Hook for the start of an activation: remembers which units of the drawn formation stand in an
// enemy HZOC (4.12: "begins its activation"). Without it the end-of-activation position is used.
export function beginActivation(ctx) {
  const a = ctx.state.activation;
  if (!a) return;
  const foe = enemyOf(ctx, a.side || ctx.active);
  const list = [];
  const z = ctx.rules.combat.zocLookup(foe);
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (onMap(p) && p.side !== foe && drawn(ctx, p) && z(p.hex) >= 2) list.push(id);
  }
  ctx.rules.combat.record().began = { key: activationKey(ctx), ids: list };
}

// forcedUnits(): the units that must still attack at the end of the activation: units of the
// drawn formation that began it in an enemy HZOC and were given no AP (they fight at 1L), and
// activated units left in an enemy HZOC without having attacked (4.12; no shift: they had APs).
export function forcedUnits(ctx) {
  const a = ctx.state.activation;
  if (!a) return [];
  const side = a.side || ctx.active;
  const foe = enemyOf(ctx, side);
  const b = ctx.state.combat ? ctx.state.combat.began : null;
  const snap = b && b.key === activationKey(ctx) ? b.ids : null;
  const out = [];
  const z = ctx.rules.combat.zocLookup(foe);
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (!onMap(p) || p.side !== side || !mustAttack(ctx, p, foe, z)) continue;
    if (ctx.rules.combat.activatedNow(p)) out.push(id);
    else if (drawn(ctx, p) && (!snap || snap.indexOf(id) >= 0)) out.push(id);
  }
  return out;
}

// 11.2: how many of `hexes` units `ids` can attack at once, one combat each (max matching); -1 if a `need` hex cannot be.
function attackable(ctx, ids, need, hexes) {
  const at = ids.map((id) => ctx.piece(id).hex);
  const hexOf = ids.map(() => null);
  const augment = (h, seen) => {
    for (let i = 0; i < ids.length; i++) {
      if (seen[i] || !ctx.map.adjacent(at[i], h)) continue;
      seen[i] = true;
      if (hexOf[i] === null || augment(hexOf[i], seen)) { hexOf[i] = h; return true; }
    }
    return false;
  };
  for (const h of need) if (!augment(h, ids.map(() => false))) return -1;
  let n = need.filter((h) => hexes.indexOf(h) >= 0).length;
  for (const h of hexes) if (need.indexOf(h) < 0 && augment(h, ids.map(() => false))) n++;
  return n;
}

// reachable(o, combats): 4.12 NOTE, 11.0, 11.2: can `combats` still grow into a forced impulse
// attacking as many of the owed hexes (`o`, owed()) as the pool can?
export function reachable(ctx, o, combats) {
  const used = [];
  for (const c of combats) for (const id of c.attackers) used.push(id);
  const free = o.units.filter((id) => used.indexOf(id) < 0);
  const hit = o.hexes.filter((h) => combats.some((c) => c.hex === h && c.attackers.length));
  const empty = combats.filter((c) => !c.attackers.length).map((c) => c.hex);
  const more = attackable(ctx, free, empty, o.hexes.filter((h) => hit.indexOf(h) < 0));
  return more >= 0 && hit.length + more >= attackable(ctx, o.units, [], o.hexes);
}

// The combats of `imp` as they would be after the build action `a` (null if `a` names no combat).
function withAction(imp, a) {
  const combats = imp.combats.map((c) => ({ hex: c.hex, attackers: c.attackers.slice() }));
  if (a.do === "attack") combats.push({ hex: a.hex, attackers: [] });
  else { const c = combats.find((x) => x.hex === a.hex); if (!c) return null; c.attackers.push(a.unit); }
  return combats;
}

// deadEnd(imp, a): 4.12 NOTE: a forced choice that would leave the impulse unresolvable is
// refused, with the reason; null if `a` keeps it resolvable.
export function deadEnd(ctx, imp, a) {
  if (a.do !== "attack" && a.do !== "add") return null;
  const combats = withAction(imp, a);
  if (!combats) return null;
  const o = owed(ctx, imp);
  if (reachable(ctx, o, combats)) return null;
  return { rule: "11.2", reason: "then " + o.units.join(", ") + " could no longer attack as many of " + o.hexes.join(", ") +
    " (the non-armor units projecting the HZOC) as they can reach at once, each unit in one combat only (11.0, 11.2, 4.12 NOTE)" };
}

// keep(imp, actions): 4.12 NOTE: only choices that keep the forced impulse resolvable are
// offered, so the decision always ends.
export function keep(ctx, imp, acts) {
  const o = owed(ctx, imp);
  return acts.filter((a) => (a.do !== "attack" && a.do !== "add") || reachable(ctx, o, withAction(imp, a)));
}

// unattacked(imp): 11.0, 11.2: the trace says which owed hexes went unattacked because the pool
// could not reach them all at once.
export function unattacked(ctx, imp) {
  const o = owed(ctx, imp);
  const left = o.hexes.filter((h) => !imp.combats.some((c) => c.hex === h));
  if (!left.length) return;
  ctx.trace({ rule: "11.2", uses: ctx.rules.zoc.usesAt(o.units.map((id) => ctx.piece(id).hex), imp.enemy || enemyOf(ctx, imp.side)), text: "Forced Combat Impulse: " + left.join(", ") + " not attacked: " + o.units.join(", ") +
    " attack as many of the hexes projecting the HZOC as they can reach at once, and a unit may not divide its factors between combats (11.0, 11.2)" });
}

// forcedDue(): does the activation end with a Forced Combat Impulse (the sequence's condition)?
export function forcedDue(ctx) {
  const imp = ctx.state.combat ? ctx.state.combat.imp : null;
  if (imp && imp.resolving) return false;
  return forcedUnits(ctx).length > 0;
}

// The decision the sequence runs at the end of each activation while forcedDue: the units that owe
// a forced combat attack, at 1L where they had no AP, with no AP spent; no "cancel".
export const forced = {
  rule: "4.12",
  side(ctx) { const a = ctx.state.activation; return (a && a.side) || ctx.active; },
  prompt(ctx) {
    const imp = ctx.rules.combat.impulseOf(true);
    return imp.side + ": Forced Combat Impulse (4.12 NOTE): " + (imp.pool || []).join(", ") + " must attack" +
      (imp.combats.length ? "; so far " + imp.combats.map((c) => c.hex + " <- " + (c.attackers.join(", ") || "nobody yet")).join("; ") : "");
  },
  actions(ctx) { return ctx.rules.combat.actionsOf(true); },
  apply(ctx, a) { ctx.rules.combat.build(true, a); },
  why(ctx, a) { return ctx.rules.combat.refusalOf(true, a); },
};
