// Rats of Tobruk 11.3 Direct Ranged Fire, 11.4 Opportunity Fire, 18.1 (optional).
//   11.3  a unit with a black triangle may fire at one enemy unit within its range (counted from,
//         not including, its own hex) along a line of sight no blocking terrain crosses (sight.js;
//         into blocking terrain it may fire); not in a sandstorm (option sandstorm-direct-fire-14-1:
//         14.1's -1 a die instead), not at night, not out of supply (5.2): canFire, targetsOf.
//         Two dice, each modified: -1 on an evening turn, -1 if the target is in blocking
//         terrain, +1 if it used road movement (9.2's marker, or along the road it is entering);
//         a hit if each die is higher than the range; then casualties (depleted, or eliminated)
//         if their sum is at least the target's defense plus the range (18.1: the higher die
//         plus the firer's printed range), else only pinned; a hit unit is pinned: it attacks
//         no more this turn and, under opportunity fire, halts: shoot. A 2-9-8 Flak is always
//         fired at as if on its reverse side (defense 5, setup.js fireDefense).
//   11.3  when activated, once, after moving and before any normal attack; it may then attack
//         normally but not advance after combat: actions, activeFire.
//   11.4  each time an enemy unit or stack enters a hex in range and in sight, each such unit
//         may fire at one unit of it (an HQ only if alone in the hex); the move halts in the hex
//         until the fire is done; units that advance after combat are no target, a stack moving
//         after an overrun is: chance (asked by movement.js at every hex), the decision
//         opportunity. Event chits are never drawn for direct fire.
// Tables: fire.yaml. Piece fields: directFired (its own activation's shot), pinned.

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// canFire(piece): may fire directly now, whatever at.
export function canFire(ctx, p) {
  if (p.fire !== "direct" || !p.hex || p.supply === "out") return false;
  if (ctx.rules.turns.night("direct-fire") === false) return false;
  return !ctx.rules.weather.isSandstorm() || ctx.option("sandstorm-direct-fire-14-1");
}

function inSight(ctx, from, to) {
  return ctx.map.distance(from, to) <= 1 || ctx.map.lineOfSight(from, to, ctx.rules.sight.blocking());
}

// The ids of the enemy units `side` may not inspect (1.1), worked out once per question and only
// if some target is in range and sight: fog of war reads the whole position.
function hiddenIds(ctx, side) {
  let ids = null;
  return () => ids || (ids = new Set(ctx.rules.fog.hiddenFrom(side).map((q) => q.id)));
}

// The targets `p` may fire at from where it is: {piece} for an enemy unit its side may inspect
// (an HQ only if alone in its hex), {hex} for a hex whose units it may not (1.1: the unit fired at
// is then drawn among them). `among`: only these enemy units (opportunity fire at a moving stack).
// `hidden`: hiddenIds(side), shared by every firer of one question. The units it may inspect come
// first, in id order, then the hidden hexes in hex order: an order that followed the hidden units'
// ids would tell them apart.
export function targetsOf(ctx, p, among, hidden) {
  const enemy = ctx.rules.zoc.enemyOf(p.side), out = [], isHidden = hidden || hiddenIds(ctx, p.side);
  const pool = among || ctx.piecesById((q) => q.side === enemy && q.hex);
  const blind = new Set();
  for (const t of pool) {
    if (!t.hex || ctx.map.distance(p.hex, t.hex) > p.range || !inSight(ctx, p.hex, t.hex)) continue;
    if (isHidden().has(t.id)) { blind.add(t.hex); continue; }
    if (t.hq && ctx.piecesAt(t.hex).length > 1) continue;
    out.push({ piece: t, hex: t.hex });
  }
  for (const hex of [...blind].sort()) out.push({ hex });
  return out;
}

function fireAction(p, t) { return t.piece ? { do: "fire", unit: p.id, target: t.piece.id } : { do: "fire", unit: p.id, hex: t.hex }; }

// The direct fire the activation may still shoot: {do: "fire", unit, target} or {do: "fire", unit, hex}.
export function actions(ctx) {
  const out = [], hidden = {};
  for (const p of ctx.piecesById((q) => q.fire === "direct" && !q.directFired && !q.attacked && ctx.rules.activation.activates(q))) {
    if (!canFire(ctx, p)) continue;
    // one fog-of-war answer per side for all the firers
    const h = hidden[p.side] || (hidden[p.side] = hiddenIds(ctx, p.side));
    for (const t of targetsOf(ctx, p, undefined, h)) out.push(fireAction(p, t));
  }
  return out;
}

// The unit a fire at a hidden hex falls on: drawn among them (never an HQ with others, 11.4).
function blindTarget(ctx, hex, among) {
  let pool = ctx.piecesAt(hex).filter((q) => !among || among.indexOf(q.id) >= 0).sort(byId);
  if (pool.some((q) => !q.hq)) pool = pool.filter((q) => !q.hq);
  return pool.length === 1 ? pool[0] : pool[ctx.roll("d" + pool.length, "which of the units in " + hex + " the fire falls on") - 1];
}

export function activeFire(ctx, a) {
  const p = ctx.piece(a.unit);
  ctx.rules.activation.commitStack(p);
  ctx.state.activation.acted = true;
  p.directFired = true;
  shoot(ctx, p, a.target ? ctx.piece(a.target) : blindTarget(ctx, a.hex, null), false, false);
}

// The target's defense strength as direct fire sees it (11.3's Flak exception).
function defenseOf(ctx, t) {
  if (t.fireDefense !== null) return { value: t.fireDefense, tables: ["units/flak-88"] };
  return ctx.rules.supply.defense(t);
}

// shoot(firer, target, opportunity, road): 11.3's procedure; true if the target was hit.
export function shoot(ctx, p, t, opportunity, road) {
  const { "target-in-blocking-terrain": blocking, "target-on-road": onRoad } = ctx.table.modifiers, range = ctx.map.distance(p.hex, t.hex);
  const mods = [], uses = ["map", "units/counters", "fire/modifiers", "terrain/blocking"];
  const ev = ctx.rules.turns.eveningDirectFire();
  if (ev) { mods.push({ value: ev, why: "evening" }); uses.push("turns/evening"); }
  if (ctx.rules.sight.blocks(t.hex)) mods.push({ value: blocking, why: "target in blocking terrain" });
  if (t.roadMove || road) mods.push({ value: onRoad, why: "target using road movement" });
  if (ctx.rules.weather.isSandstorm()) { mods.push({ value: ctx.rules.weather.effect("direct-fire-per-die"), why: "sandstorm (14.1)" }); uses.push("weather/effects"); }
  const per = mods.reduce((s, m) => s + m.value, 0);
  const roll = ctx.dice("2d6", p.name + " fires at " + t.name + " in " + t.hex + (opportunity ? " (opportunity fire)" : ""));
  const faces = roll.faces.map((f) => f + per);
  const hit = faces.every((f) => f > range);
  const def = defenseOf(ctx, t);
  def.tables.forEach((x) => uses.push(x));
  let casualties = false, how;
  if (hit) {
    if (ctx.option("direct-ranged-fire-18-1")) {
      const high = Math.max(faces[0], faces[1]);
      casualties = high + p.range >= def.value + range;
      how = "higher die " + high + " + range " + p.range + (casualties ? " >= " : " < ") + "defense " + def.value + " + " + range + " (18.1)";
    } else {
      const sum = faces[0] + faces[1];
      casualties = sum >= def.value + range;
      how = "sum " + sum + (casualties ? " >= " : " < ") + "defense " + def.value + " + range " + range;
    }
  }
  ctx.trace({ rule: ctx.option("direct-ranged-fire-18-1") && hit ? "11.3, 18.1" : opportunity ? "11.4, 11.3" : "11.3", table: "modifiers", uses: [...new Set(uses)],
    option: ctx.option("direct-ranged-fire-18-1") && hit ? "direct-ranged-fire-18-1" : undefined, dice: roll.faces, mods,
    cell: { range, faces }, result: !hit ? "miss" : casualties ? "casualties" : "pinned",
    text: p.name + (opportunity ? " opportunity-fires (11.4) at " : " fires at ") + t.name + " in " + t.hex + " at range " + range + ": " + roll.faces.join(", ")
      + (per ? " (" + (per > 0 ? "+" : "") + per + " a die: " + mods.map((m) => m.why).join(", ") + ")" : "")
      + (hit ? ", each above " + range + ": a hit; " + how + (casualties ? ": casualties" : ": pinned") : ": not each above " + range + ", a miss") });
  p.revealed = true;
  t.revealed = true;
  const tally = ctx.state.shots[p.side];
  tally.fired++;
  if (!hit) return false;
  tally.hits++;
  if (casualties) tally.casualties++;
  t.pinned = true;
  if (casualties) ctx.rules.casualties.hit(t, opportunity ? "11.4" : "11.3", "direct fire by " + p.name);
  if (opportunity) ctx.rules.movement.halt(t.id);
  return true;
}

// ---- 11.4 opportunity fire ------------------------------------------------------------------------

// The pairs that may fire as `units` (moving) enter `hex`: [[firer, target]] (targetsOf's).
function pairs(ctx, units, hex) {
  const o = ctx.state.opportunity, fired = o && o.hex === hex ? new Set(o.fired) : new Set();
  const moving = units.map((id) => ctx.piece(id)).filter((p) => p.hex === hex);
  if (!moving.length) return [];
  const enemy = ctx.rules.zoc.enemyOf(moving[0].side), out = [], hidden = hiddenIds(ctx, enemy);
  for (const f of ctx.piecesById((q) => q.side === enemy && q.fire === "direct" && !fired.has(q.id))) {
    if (!canFire(ctx, f)) continue;
    for (const t of targetsOf(ctx, f, moving, hidden)) out.push([f, t]);
  }
  return out;
}

// chance(units, hex, road): the moving units just entered hex; true (and the opportunity noted)
// if any enemy unit may fire at them.
export function chance(ctx, units, hex, road) {
  if (!pairs(ctx, units, hex).length) return false;
  ctx.state.opportunity = { hex, units: units.slice(), road, fired: [] };
  return true;
}

export const opportunity = {
  rule: "11.4",
  side: (ctx) => ctx.rules.zoc.enemyOf(ctx.piece(ctx.state.opportunity.units[0]).side),
  prompt: (ctx) => "enemy units enter " + ctx.state.opportunity.hex + ": opportunity fire, or hold fire",
  actions(ctx) {
    const o = ctx.state.opportunity;
    const out = pairs(ctx, o.units, o.hex).map(([f, t]) => fireAction(f, t));
    out.push({ do: "hold" });
    return out;
  },
  apply(ctx, a) {
    const o = ctx.state.opportunity;
    if (a.do === "fire") {
      o.fired.push(a.unit);
      shoot(ctx, ctx.piece(a.unit), a.target ? ctx.piece(a.target) : blindTarget(ctx, a.hex, o.units), true, o.road);
      const m = ctx.state.moving;          // a unit hit has halted (movement.halt): no longer a mover
      o.units = m ? o.units.filter((id) => m.units.indexOf(id) >= 0) : [];
      if (pairs(ctx, o.units, o.hex).length) return;
    }
    ctx.state.opportunity = null;
    ctx.done();
  },
};
