// Rats of Tobruk 10.0-10.1 Combat (10.2 artillery support: artillery.js; 10.4-10.6 results:
// results.js; 10.8, 15, 16 modifiers: fortifications.js).
//   10.0  after its movement an activated unit may attack an adjacent enemy hex, once; combat is
//         never mandatory, some units of a stack may attack and others not; a unit attacks only
//         within its HQ's activation range at the time, or, if Australian, from a friendly bunker
//         hex (eligible). All the enemy units in the hex defend together.
//   10.1  the procedure, attack after attack, in the attacker's order: he names the hex and his
//         units and artillery (the decision attacks: attack, add, support, resolve; a whole
//         attack in one action by accepts), the defender his artillery (artillery.defend), then
//         resolve: the strengths compared as a ratio (fractions down; above 5-1 is 5-1, below 1-4
//         1-4), the terrain and bunker and ditch/wire modifiers, +1 on an evening turn, +3 in a
//         sandstorm (14.1), the event chits if played (10.3), two dice (three at night), the net
//         roll between 2 and 12, the CRT (placeholder) and its result (results.js).
//   10.1 note, 11.3  a unit pinned by direct fire does not attack this turn.
//   9.4   an overrun is a normal attack made during movement without artillery: overrun.js calls
//         resolve with the attack it declared.
// The combat decision also offers direct fire (fire.js), barrages (artillery.js) and the 12.0
// stand-in's clearing of ditch/wire (fortifications.js). State: state.attack = {hex, units,
// artillery, defArtillery, overrun, stage}: the attack being declared or resolved.

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// eligible(piece): may take part in a normal attack now (10.0).
export function eligible(ctx, p) {
  if (!p.hex || p.hq || p.attacked || p.pinned || p.barraged) return false;
  if (p.fire === "artillery" && p.fired) return false;
  if (ctx.rules.supply.attack(p).value <= 0) return false;
  const a = ctx.state.activation;
  if (!a || p.battalion !== a.battalion || p.side !== a.side) return false;
  if (ctx.rules.activation.activates(p)) return true;
  return p.nation === "australian" && ctx.rules.fortifications.bunker(p.hex) && (a.hq !== null || a.stack === null || a.stackUnits.indexOf(p.id) >= 0);
}

// The units that may attack the enemy hex `hex`.
export function attackersOf(ctx, hex) {
  const out = [];
  for (const n of ctx.map.neighbors(hex)) for (const p of ctx.piecesAt(n)) if (eligible(ctx, p)) out.push(p);
  return out.sort(byId);
}

function enemy(ctx) { return ctx.rules.zoc.enemyOf(ctx.state.activation.side); }

// The enemy hexes the activation may attack now, sorted.
export function targets(ctx) {
  return ctx.memo("targets", () => {
    const side = enemy(ctx), out = new Set();
    for (const p of ctx.pieces((q) => q.side === side && q.hex)) if (attackersOf(ctx, p.hex).length) out.add(p.hex);
    return [...out].sort();
  });
}

export function defendersIn(ctx, hex) { return ctx.piecesAt(hex).sort(byId); }

function listing(ctx) {
  const s = ctx.state, at = s.attack, out = [];
  if (at) {
    const added = new Set(at.units);
    for (const p of attackersOf(ctx, at.hex)) if (!added.has(p.id)) out.push({ do: "add", unit: p.id });
    if (!at.overrun) for (const p of ctx.rules.artillery.supporters(at.hex, s.activation.side)) if (at.artillery.indexOf(p.id) < 0) out.push({ do: "support", unit: p.id });
    if (at.units.length) out.push({ do: "resolve" });
    out.push({ do: "cancel" });
    return out;
  }
  for (const h of targets(ctx)) out.push({ do: "attack", hex: h });
  for (const a of ctx.rules.fire.actions()) out.push(a);
  for (const a of ctx.rules.artillery.barrages()) out.push(a);
  for (const p of ctx.piecesById((q) => eligible(ctx, q))) for (const side of ctx.rules.fortifications.clearTargets(p)) out.push({ do: "clear", unit: p.id, side });
  out.push({ do: "done" });
  return out;
}

export function due(ctx) { return !!ctx.state.activation && !ctx.state.activation.passed; }

export const attacks = {
  rule: "10.1",
  side: (ctx) => ctx.state.activation.side,
  prompt(ctx) {
    const at = ctx.state.attack;
    if (at) return "attack on " + at.hex + " with " + (at.units.join(", ") || "no unit yet") + (at.artillery.length ? " and " + at.artillery.join(", ") : "") + ": add units or artillery, then resolve";
    return ctx.rules.activation.describe() + ": attack, fire, barrage, or end the combat";
  },
  actions(ctx) { return ctx.memo("listing", () => listing(ctx)); },
  // a whole attack in one action: {do: "attack", hex, units: [...], artillery: [...]}
  accepts(ctx, a) {
    if (ctx.state.attack || a.do !== "attack" || !Array.isArray(a.units) || !a.units.length) return false;
    if (targets(ctx).indexOf(a.hex) < 0) return false;
    const ok = new Set(attackersOf(ctx, a.hex).map((p) => p.id));
    if (!a.units.every((u) => ok.has(u)) || new Set(a.units).size !== a.units.length) return false;
    const arty = a.artillery || [];
    const sup = new Set(ctx.rules.artillery.supporters(a.hex, ctx.state.activation.side).map((p) => p.id));
    const act = ctx.state.activation;          // 2.4: an HQ-less battalion fights with one stack
    if (act.hq === null && act.stack === null && new Set(a.units.map((u) => ctx.piece(u).hex)).size > 1) return false;
    return arty.every((u) => sup.has(u)) && new Set(arty).size === arty.length;
  },
  apply(ctx, a) {
    const s = ctx.state;
    if (a.do === "done") { ctx.done(); return; }
    if (a.do === "fire") { ctx.rules.fire.activeFire(a); return; }
    if (a.do === "barrage") { ctx.rules.artillery.barrage(a); return; }
    if (a.do === "clear") { clearing(ctx, a); return; }
    if (a.do === "attack") {
      s.attack = { hex: a.hex, units: [], artillery: [], defArtillery: [], overrun: false, stage: "declare" };
      if (a.units) { s.attack.units = a.units.slice().sort(); s.attack.artillery = (a.artillery || []).slice().sort(); declared(ctx); }
      return;
    }
    if (a.do === "add") { ctx.rules.activation.commitStack(ctx.piece(a.unit)); s.attack.units.push(a.unit); s.attack.units.sort(); return; }
    if (a.do === "support") { s.attack.artillery.push(a.unit); s.attack.artillery.sort(); return; }
    if (a.do === "cancel") { s.attack = null; return; }
    if (a.do === "resolve") declared(ctx);
  },
  why(ctx, a) {
    if (!a || a.do !== "attack") return null;
    if (targets(ctx).indexOf(a.hex) < 0) return { reason: "no eligible unit of the activation is next to an enemy in " + a.hex + " (activation range, already attacked, pinned)", rule: "10.0" };
    return { reason: "every unit must be eligible and next to " + a.hex + ", every artillery unit in range and not yet fired", rule: "10.0, 10.2" };
  },
};

function clearing(ctx, a) {
  const p = ctx.piece(a.unit);
  ctx.rules.activation.commitStack(p);
  ctx.state.activation.acted = true;
  p.attacked = true;
  p.revealed = true;
  ctx.rules.fortifications.clear(p, a.side);
}

// The attacker has declared: the defender adds his artillery (10.2), then the attack is resolved.
export function declared(ctx) {
  const s = ctx.state, at = s.attack;
  for (const id of at.units) ctx.rules.activation.commitStack(ctx.piece(id));
  s.activation.acted = true;
  at.stage = "defender";
  const def = enemy(ctx);
  if (!at.overrun && ctx.rules.artillery.supporters(at.hex, def).length) {
    ctx.interrupt("artillery.defend", { hex: at.hex }, "defensive artillery for " + at.hex);
    return;
  }
  resolve(ctx);
}

// column(att, def): the CRT column of an attack's strengths, {label, index} (10.1 step 2).
export function column(ctx, att, def) {
  const t = ctx.table.procedure, cols = ctx.table.crt.columns;
  let label;
  if (def <= 0) label = t.highest + "-1";
  else if (att >= def) label = Math.min(t.highest, Math.floor(att / def)) + "-1";
  else label = att <= 0 ? "1-" + t.lowest : "1-" + Math.min(t.lowest, Math.ceil(def / att));
  return { label, index: cols.indexOf(label) };
}

// The attack's strengths: {att, def, lines} (the attacker's units and artillery; the defenders'
// defense and the defender's artillery's attack strength, 10.2).
function strengths(ctx, at) {
  const sup = ctx.rules.supply, tables = new Set(["units/counters"]);
  let att = 0, def = 0;
  const parts = [];
  for (const id of at.units.concat(at.artillery)) {
    const v = sup.attack(ctx.piece(id));
    att += v.value;
    v.tables.forEach((t) => tables.add(t));
    parts.push(id + " " + v.value);
  }
  const dparts = [];
  for (const p of defendersIn(ctx, at.hex)) {
    const v = sup.defense(p);
    def += v.value;
    v.tables.forEach((t) => tables.add(t));
    dparts.push(p.id + " " + v.value);
  }
  for (const id of at.defArtillery) {
    const v = sup.attack(ctx.piece(id));
    def += v.value;
    dparts.push(id + " (artillery) " + v.value);
  }
  return { att, def, tables: [...tables], text: parts.join(" + ") + " = " + att + " against " + dparts.join(" + ") + " = " + def };
}

// The dice roll modifiers of a normal attack: [{value, why, table, rule}].
export function modifiers(ctx, at, chits) {
  const attackers = at.units.map((id) => ctx.piece(id));
  const mods = ctx.rules.fortifications.attackModifiers(attackers, at.hex, { bunkerCancelled: !!(chits && chits.bunkerCancelled) });
  const ev = ctx.rules.turns.eveningModifier();
  if (ev) mods.push({ value: ev, why: "evening turn", table: "turns/evening", rule: "10.1" });
  const storm = ctx.rules.weather.effect("attack-modifier");
  if (storm) mods.push({ value: storm, why: "sandstorm", table: "weather/effects", rule: "14.1" });
  if (chits) for (const m of chits.mods) mods.push(m);
  return mods;
}

// 10.1 steps 2-5 up to the dice: the strengths, the column, the modifiers and the dice, and the
// result a dice total gives (step 6). resolve and the combat preview both read them here.
function odds(ctx, at, chits) {
  const st = strengths(ctx, at), col = column(ctx, st.att, st.def);
  const mods = modifiers(ctx, at, chits);
  const dice = ctx.rules.turns.night("attack-dice") || ctx.table.procedure.dice;
  const range = ctx.table.procedure["net-roll"], sum = mods.reduce((t, m) => t + (m.value || 0), 0);
  const net = (total) => Math.max(range[0], Math.min(range[1], total));
  return { st, col, mods, dice, sum, net, result: (total) => ctx.table.crt.rows[net(total)][col.index] };
}

// The combat preview (system.yaml preview): the attack being declared (state.attack) or the
// candidate args {hex, attackers}, before the dice: for each total the dice may show, the net roll
// with the modifiers known now and its result. Event chits (10.3) are drawn at resolution, and the
// defender's artillery (10.2) is named after the attacker's: both are said, not guessed. Asked as
// a side, hidden defenders (1.1, fog of war) have no strength to show.
export function preview(ctx, args) {
  const a = args || {}, s = ctx.state;
  const at = a.hex ? { hex: a.hex, units: a.attackers || [], artillery: [], defArtillery: [], overrun: false }
    : s.attack && s.attack.stage !== "resolved" && s.attack.result === undefined ? s.attack : null;
  if (!at) return null;
  const units = at.units.concat(at.artillery).map((id) => ctx.piece(id)).filter((p) => !!p && !!p.hex);
  const out = { rule: "10.1", attackers: units.map((p) => ({ id: p.id, hex: p.hex, to: at.hex })), hexes: [at.hex], fires: [], hidden: [], notes: [] };
  const backs = defendersIn(ctx, at.hex).filter((p) => p.hidden);
  if (backs.length) { out.hidden.push("the defense strength of " + backs.length + " unit" + (backs.length > 1 ? "s" : "") + " in " + at.hex + " not seen (1.1)"); return out; }
  if (!units.length || !defendersIn(ctx, at.hex).length) { out.notes.push({ rule: "10.0", text: units.length ? "no enemy unit in " + at.hex : "no attacker yet" }); return out; }
  const o = odds(ctx, at, null), faces = /^(\d+)d(\d+)$/.exec(o.dice);
  const results = [];
  for (let t = +faces[1]; t <= faces[1] * faces[2]; t++) results.push({ die: String(t), result: o.result(t + o.sum), text: "net roll " + o.net(t + o.sum) });
  out.fires.push({
    label: "attack on " + at.hex + (at.overrun ? " (overrun)" : ""), rule: "10.1", table: "combat/crt", die: o.dice,
    odds: { kind: "ratio", value: o.col.label, text: o.st.text, rule: "10.1" },
    steps: o.mods.filter((m) => m.value).map((m) => ({ rule: m.rule || "10.1", text: (m.value > 0 ? "+" : "") + m.value + " " + m.why })),
    column: { label: o.col.label, index: o.col.index, rule: "10.1" },
    results,
  });
  if (ctx.option("event-chits-10-3")) out.notes.push({ rule: "10.3", text: "event chits drawn at resolution may add modifiers" });
  if (at.stage !== "defender") out.notes.push({ rule: "10.2", text: "the defender may still add artillery to its defense" });
  return out;
}

// 10.1 steps 2-6.
export function resolve(ctx) {
  const s = ctx.state, at = s.attack;
  at.stage = "resolved";
  const chits = ctx.rules.events.forAttack(at);
  const { st, col, mods, dice, net: clamp, result: resultOf } = odds(ctx, at, chits);
  const roll = ctx.dice(dice, "attack on " + at.hex + (at.overrun ? " (overrun)" : ""), mods.filter((m) => m.value).map((m) => ({ value: m.value, why: m.why })));
  const net = clamp(roll.total);
  const result = resultOf(roll.total);
  const uses = ["map"].concat(st.tables, ["combat/procedure"]);
  for (const m of mods) { if (m.table) uses.push(m.table); if (m.uses) for (const u of m.uses) uses.push(u); }
  ctx.trace({ rule: at.overrun ? "9.4, 10.1" : "10.1", table: "crt", uses: [...new Set(uses)], cell: { row: net, column: col.label }, result,
    dice: roll.faces, mods, text: (at.overrun ? "overrun: " : "") + st.text + " = " + col.label + "; roll " + roll.faces.join("+")
      + (mods.length ? " " + mods.filter((m) => m.value).map((m) => (m.value > 0 ? "+" : "") + m.value + " " + m.why).join(" ") : "")
      + (net !== roll.total ? " = " + roll.total + ", read as " + net : " = " + net) + ": " + result });
  for (const id of at.units) { const p = ctx.piece(id); p.attacked = true; p.revealed = true; }
  for (const id of at.artillery.concat(at.defArtillery)) { const p = ctx.piece(id); p.fired = true; p.revealed = true; }
  for (const p of defendersIn(ctx, at.hex)) p.revealed = true;
  at.result = result;
  ctx.rules.results.apply(result);
}
