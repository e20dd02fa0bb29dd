// Rats of Tobruk 10.2 Artillery, 11.1 Artillery Ranged Fire, 11.2 Artillery Barrages.
//   10.2, 11.1  an artillery unit (white triangle) within range of the combat hex, counted from
//         (not including) its own hex, that has not fired this turn may add its attack strength
//         to an attack, activated or not, moved or not, pinned or not, whatever lies between or
//         whatever EZOC: supporters. The attacker declares his first (combat.js), then the
//         defender adds the attack strength of his (the decision defend), never of artillery in
//         the defending hex itself. Artillery that added its strength has fired (flipped) until
//         the End of Turn Phase (turns.js).
//   11.2  instead, an activated artillery unit that has not fired may barrage an enemy unit in
//         range that any friendly unit observes (sight.js: 10 hexes, 5 in a sandstorm, 1 at
//         night, through no blocking terrain): barrages, barrage. One die plus the target hex's
//         terrain modifier (the bunker's included, the ditch/wire's not) plus the evening's +1:
//         below the artillery's printed attack strength, one unit of the hex is depleted; with
//         several units each rolls a die and the highest suffers, all the tied highest if tied; a
//         leg unit riding a tracked unit that suffers suffers too, twice if both rolled highest
//         (9.5). A barraging unit may not attack or advance after it (combat.js, results.js).
// Piece fields: fired (on its Fired side), barraged.

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

function isArtillery(p) { return p.fire === "artillery"; }

// The artillery of `side` that may add its strength to a combat in `hex` now.
export function supporters(ctx, hex, side) {
  const at = ctx.state.attack, own = at ? new Set(at.units) : new Set();
  return ctx.piecesById((p) => isArtillery(p) && p.side === side && p.hex && p.hex !== hex && !p.fired && !p.barraged && !p.attacked
    && !own.has(p.id) && ctx.map.distance(p.hex, hex) <= p.range && ctx.rules.supply.attack(p).value > 0);
}

export const defend = {
  rule: "10.2",
  side: (ctx) => ctx.rules.zoc.enemyOf(ctx.state.activation.side),
  prompt: (ctx, args) => "the attack on " + args.hex + ": add the attack strength of artillery in range to the defense, or go on",
  actions(ctx, args) {
    const side = ctx.rules.zoc.enemyOf(ctx.state.activation.side), chosen = new Set(ctx.state.attack.defArtillery);
    const out = supporters(ctx, args.hex, side).filter((p) => !chosen.has(p.id)).map((p) => ({ do: "support", unit: p.id }));
    out.push({ do: "done" });
    return out;
  },
  apply(ctx, a, args) {
    const at = ctx.state.attack;
    if (a.do === "support") {
      at.defArtillery.push(a.unit);
      at.defArtillery.sort();
      if (supporters(ctx, args.hex, ctx.rules.zoc.enemyOf(ctx.state.activation.side)).some((p) => at.defArtillery.indexOf(p.id) < 0)) return;
    }
    ctx.done();
    ctx.rules.combat.resolve();
  },
};

// ---- 11.2 barrages -------------------------------------------------------------------------------

function barrageTargets(ctx, p) {
  const enemy = ctx.rules.zoc.enemyOf(p.side), seen = ctx.rules.sight.observed(p.side), out = new Set();
  for (const e of ctx.pieces((q) => q.side === enemy && q.hex)) {
    if (ctx.map.distance(p.hex, e.hex) <= p.range && seen.has(e.hex)) out.add(e.hex);
  }
  return [...out].sort();
}

// The barrages the activation may fire: {do: "barrage", unit, hex}.
export function barrages(ctx) {
  const out = [];
  for (const p of ctx.piecesById((q) => isArtillery(q) && q.hex && !q.fired && !q.barraged && !q.attacked && ctx.rules.activation.activates(q))) {
    if (ctx.rules.supply.attack(p).value <= 0) continue;
    for (const h of barrageTargets(ctx, p)) out.push({ do: "barrage", unit: p.id, hex: h });
  }
  return out;
}

export function barrage(ctx, a) {
  const p = ctx.piece(a.unit);
  ctx.rules.activation.commitStack(p);
  ctx.state.activation.acted = true;
  p.barraged = true;
  p.fired = true;
  p.revealed = true;
  const terr = ctx.rules.terrain.modifier(a.hex), mods = [], uses = ["map", "units/counters", "sight/observation", "terrain/blocking", terr.table];
  if (terr.value) mods.push({ value: terr.value, why: terr.terrain });
  if (ctx.rules.fortifications.bunker(a.hex)) { mods.push({ value: ctx.tables.fortifications.modifiers.bunker, why: "bunker" }); uses.push("fortifications/modifiers"); }
  const ev = ctx.rules.turns.eveningModifier();
  if (ev) { mods.push({ value: ev, why: "evening turn" }); uses.push("turns/evening"); }
  const strength = p.depleted && p.da !== null ? p.da : p.fa;
  const roll = ctx.dice("d6", p.name + " barrages " + a.hex, mods);
  const hit = roll.total < strength;
  ctx.trace({ rule: "11.2", uses, cell: { roll: roll.total, strength }, result: hit ? "hit" : "miss", dice: roll.faces, mods,
    text: p.name + " barrages " + a.hex + ": " + roll.faces[0] + mods.map((m) => " +" + m.value + " " + m.why).join("") + " = " + roll.total + (hit ? " < " : " >= ") + strength + (hit ? ": a hit" : ": no effect") });
  if (!hit) return;
  const units = ctx.piecesAt(a.hex).sort(byId);
  let victims = units;
  if (units.length > 1) {
    let best = -1;
    const rolls = units.map((u, i) => { const r = ctx.roll("d6", "which unit in " + a.hex + " the barrage hits: unit " + (i + 1) + " of " + units.length); best = Math.max(best, r); return r; });
    victims = units.filter((u, i) => rolls[i] === best);
  }
  const hits = new Map();
  for (const v of victims) {
    hits.set(v.id, (hits.get(v.id) || 0) + 1);
    for (const r of units) if (r.riding === v.id) hits.set(r.id, (hits.get(r.id) || 0) + 1);
  }
  for (const id of [...hits.keys()].sort()) {
    for (let k = 0; k < hits.get(id); k++) {
      const v = ctx.piece(id);
      if (v.hex) ctx.rules.casualties.hit(v, "11.2", "barrage by " + p.name + (k ? ", hit again (riding, 9.5)" : ""));
    }
  }
}

// For the inspector: the artillery's reach from the selected unit.
export function rangeOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (!p || !p.hex || !p.range) return {};
  const out = {};
  for (const h of ctx.map.within(p.hex, p.range)) if (h !== p.hex) out[h] = p.fire === "artillery" ? "artillery range" : "direct fire range";
  return out;
}
