// Toy rule 4: one unit attacks one adjacent enemy; odds column, terrain shift, d6 on the table.
export function attacks(ctx, side) {
  const out = [];
  for (const p of ctx.pieces((q) => q.side === side && q.hex && !q.attacked)) {
    for (const h of ctx.map.neighbors(p.hex)) {
      for (const e of ctx.piecesAt(h)) if (e.side !== side) out.push({ do: "attack", unit: p.id, target: e.id });
    }
  }
  return out;
}

export const attack = {
  rule: "4.1",
  prompt: (ctx) => ctx.active + ": attack an adjacent enemy, or end the combat impulse",
  inactive: "attack",
  actions(ctx) { return attacks(ctx, ctx.active).concat([{ do: "done" }]); },
  apply(ctx, a) {
    if (a.do === "done") { ctx.done(); return; }
    resolve(ctx, ctx.piece(a.unit), ctx.piece(a.target));
  },
  why(ctx, a) {
    if (a.do !== "attack") return null;
    const att = ctx.piece(a.unit), def = ctx.piece(a.target);
    if (!att || att.side !== ctx.active || !att.hex) return { reason: "not allowed: " + a.unit + " is no unit of " + ctx.active + " on the map", rule: "4.1" };
    if (att.attacked) return { reason: a.unit + " has already attacked this turn", rule: "4.1" };
    // 6.1: to the attacker a face-down unit is no unit at all: the same words as for one that does not exist
    if (!def || def.side === ctx.active || !def.hex || def.faceDown) return { reason: "not allowed: " + a.target + " is no enemy unit " + ctx.active + " can see", rule: "4.1" };
    return { reason: a.target + " is not next to " + a.unit, rule: "4.1" };
  },
};

export function column(ctx, att, def) {
  const ratio = att.strength / def.strength;
  const col = ratio >= 3 ? 3 : ratio >= 2 ? 2 : ratio >= 1 ? 1 : 0;
  const terrain = ctx.map.terrain(def.hex);
  const shift = ctx.table.terrain.shift[terrain] || 0;
  if (shift) ctx.trace({ rule: "4.4", table: "terrain", cell: { terrain }, result: shift, text: "defender in " + terrain + ": shift " + shift });
  return Math.max(0, Math.min(3, col + shift));
}

export function resolve(ctx, att, def) {
  att.attacked = true;
  const col = column(ctx, att, def);
  const roll = ctx.roll("d6", "combat " + att.id + " vs " + def.id);
  const res = ctx.table.crt.results[roll][col];
  ctx.trace({ rule: "4.2", table: "crt", uses: ["terrain"], cell: { row: roll, column: ctx.table.crt.columns[col] }, result: res,
    text: att.id + " attacks " + def.id + " at " + ctx.table.crt.columns[col] + ", roll " + roll + ": " + res });
  if (res === "AE") eliminate(ctx, att);
  else if (res === "DE") eliminate(ctx, def);
  else if (res === "EX") {
    if (ctx.option("bloody")) { ctx.trace({ rule: "4.3", option: "bloody", text: "exchange: both eliminated" }); eliminate(ctx, att); eliminate(ctx, def); }
    else eliminate(ctx, att.strength <= def.strength ? att : def);
  } else if (res === "AR") retreatOrDie(ctx, att);
  else if (res === "DR") {
    // 4.5: the defender's owner chooses the retreat hex: an interrupt of the attacker's activation
    ctx.interrupt("retreat", { unit: def.id }, "retreat " + def.id);
  }
}

function retreatHexes(ctx, unit) {
  const enemyAdjacent = new Set();
  for (const e of ctx.pieces((p) => p.side !== unit.side && p.hex)) for (const h of ctx.map.neighbors(e.hex)) enemyAdjacent.add(h);
  return ctx.map.neighbors(unit.hex).filter((h) =>
    ctx.map.terrain(h) !== "lake" && !enemyAdjacent.has(h) &&
    ctx.piecesAt(h).every((p) => p.side === unit.side) && ctx.piecesAt(h).length < 2).sort();
}

function retreatOrDie(ctx, unit) {
  const hexes = retreatHexes(ctx, unit);
  if (hexes.length === 0) eliminate(ctx, unit);
  else {
    ctx.trace({ rule: "4.5", text: unit.id + " retreats " + unit.hex + " -> " + hexes[0] });
    unit.hex = hexes[0];
    ctx.rules.fog.revealContacts();
  }
}

function eliminate(ctx, unit) {
  ctx.trace({ rule: "4.6", text: unit.id + " eliminated in " + unit.hex });
  unit.hex = null;
  ctx.state.eliminated.push(unit.id);
  for (const side of ctx.sides) {
    if (ctx.pieces((p) => p.side === side && p.hex).length === 0) {
      ctx.gameOver({ winner: ctx.sides.find((s) => s !== side), reason: side + " has no units left", turn: ctx.turn });
    }
  }
}

export const retreat = {
  rule: "4.5",
  side: (ctx, args) => ctx.piece(args.unit).side,
  prompt: (ctx, args) => args.unit + " must retreat one hex",
  inactive: (ctx, args) => "retreat " + args.unit,
  actions(ctx, args) {
    const hexes = retreatHexes(ctx, ctx.piece(args.unit));
    return hexes.length ? hexes.map((h) => ({ do: "retreat", to: h })) : [{ do: "eliminate" }];
  },
  apply(ctx, a, args) {
    const unit = ctx.piece(args.unit);
    if (a.do === "eliminate") eliminate(ctx, unit);
    else {
      ctx.trace({ rule: "4.5", text: unit.id + " retreats " + unit.hex + " -> " + a.to });
      unit.hex = a.to;
      ctx.rules.fog.revealContacts();
    }
    ctx.done();
  },
};

// A bot that attacks at the best odds it can, moves toward the nearest enemy, and ends impulses otherwise.
export function aggressiveBot(ctx, actions, side) {
  let best = -1, score = -1e9;
  actions.forEach((a, i) => {
    let s = -1;
    if (a.do === "impulse") s = a.impulse === "combat" ? 50 : 40;
    else if (a.do === "attack") s = 100 + ctx.piece(a.unit).strength - ctx.piece(a.target).strength;
    else if (a.do === "move") {
      const enemies = ctx.pieces((p) => p.side !== side && p.hex);
      const d = Math.min(...enemies.map((e) => ctx.map.distance(a.to, e.hex)));
      s = 30 - d;
    } else if (a.do === "retreat") s = 10;
    else s = 0;
    if (s > score) { score = s; best = i; }
  });
  return best;
}

// The aggressive bot, but a move it picks ends the movement impulse with it (toy rule 3.4): an
// action the decision accepts beyond its list, proposed instead of an index.
export function hastyBot(ctx, actions, side) {
  const i = aggressiveBot(ctx, actions, side);
  const a = actions[i];
  return a.do === "move" ? { do: "move", unit: a.unit, to: a.to, last: true } : i;
}

// A bot that proposes a move the decision does not accept (for the kernel's error).
export function strayBot(ctx, actions, side) {
  const a = actions.find((x) => x.do === "move");
  return a ? { do: "move", unit: a.unit, to: "9999", last: true } : 0;
}

// 4.1-4.4 before the die: the attack of args.attackers[0] on the enemy unit in args.hex. An attack
// is one action here, so nothing is composed in the state: without args there is nothing to show.
export function preview(ctx, args) {
  const a = args || {};
  if (!a.hex || !a.attackers || !a.attackers.length) return null;
  const att = ctx.piece(a.attackers[0]);
  const out = { rule: "4.1", attackers: att && att.hex ? [{ id: att.id, hex: att.hex }] : [], hexes: [a.hex], fires: [], hidden: [] };
  const def = att && ctx.piecesAt(a.hex).find((p) => p.side !== att.side);
  if (!att || !att.hex || att.side !== ctx.active) { out.problem = { rule: "4.1", reason: "not allowed: " + a.attackers[0] + " is no unit of " + ctx.active + " on the map" }; return out; }
  if (!def) { out.problem = { rule: "4.1", reason: "no enemy unit " + ctx.active + " can see in " + a.hex }; return out; }
  if (!ctx.map.adjacent(att.hex, a.hex)) out.problem = { rule: "4.1", reason: a.hex + " is not next to " + att.id };
  // 6.1: a face-down unit's strength is not known to the side asking: no column can be shown
  if (def.hidden || typeof def.strength !== "number") { out.hidden.push("the strength of the face-down unit in " + a.hex + " (6.1)"); return out; }
  const col = column(ctx, att, def), t = ctx.table.crt;   // the column the resolution reads
  out.fires.push({
    label: att.id + " attacks " + def.id, rule: "4.2", table: "combat/crt", die: "d6",
    odds: { text: att.strength + " against " + def.strength, rule: "4.2" },
    column: { label: t.columns[col], rule: "4.2" },
    results: Object.keys(t.results).map((d) => ({ die: d, result: t.results[d][col] })),
  });
  return out;
}

// 4.6, beside the board: each side's eliminated units, in the order they fell.
export function eliminatedBox(ctx) {
  const fell = ctx.state.eliminated || [];
  return { title: "Eliminated units", rule: "4.6", boxes: ctx.sides.map((side) => ({
    label: side, rule: "4.6", pieces: fell.filter((id) => ctx.state.pieces[id] && ctx.state.pieces[id].side === side) })) };
}
