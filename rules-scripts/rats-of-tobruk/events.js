// Rats of Tobruk 10.3 Event Chits, 10.7 Anti-Aircraft, 17.10 (with the option event-chits-10-3).
//   10.3, 17.10  each player draws from his own pool: 30 blue and 30 red chits, not put back;
//         never for a barrage or direct fire (11.2, 11.3). Their effects are the rules of the
//         series' earlier games (events.yaml effects, a stand-in): forAttack, at every normal
//         attack (overruns included).
//   14.1  in a sandstorm an airstrike or strafing chit drawn is discarded.
//   10.7  an airstrike or strafing chit is cancelled if one of the opponent's AA or Flak units
//         rolls more than its distance to the combat hex: two dice, three for a light one.
// State: state.events = {side: {blue, red}}: the chits left in each pool.

function pools(ctx) {
  if (!ctx.state.events) {
    const p = ctx.table.pools, s = {};
    for (const side of ctx.sides) s[side] = { blue: p.blue, red: p.red };
    ctx.state.events = s;
  }
  return ctx.state.events;
}

// draw(side): a chit from the side's pool, {color, name}, or null when it is empty.
function draw(ctx, side) {
  const pool = pools(ctx)[side], n = pool.blue + pool.red;
  if (!n) return null;
  const color = !pool.red ? "blue" : !pool.blue ? "red" : ctx.roll("d" + n, side + " draws an event chit") <= pool.blue ? "blue" : "red";
  pool[color]--;
  const names = ctx.table.chits[color];
  return { color, name: names[ctx.roll("d" + names.length, "which " + color + " chit") - 1] };
}

// 10.7: the units of `side` that try to cancel an air chit drawn for the attack in hex: true if one does.
export function antiAircraft(ctx, side, hex, chit) {
  const t = ctx.table["anti-aircraft"];
  for (const p of ctx.piecesById((q) => q.side === side && q.hex && t.types.indexOf(q.type) >= 0)) {
    p.revealed = true;
    const d = ctx.map.distance(p.hex, hex), r = ctx.roll(p.light ? t["light-dice"] : t.dice, p.name + " against the " + chit.name + " (10.7)");
    if (r > d) {
      ctx.trace({ rule: "10.7", table: "anti-aircraft", cell: { roll: r, distance: d }, result: "cancelled", text: p.name + " rolls " + r + " > " + d + " hexes: the " + chit.name + " chit is cancelled" });
      return true;
    }
  }
  return false;
}

// play(chit, side, hex): what a chit drawn by `side` for the attack on hex does: {value, bunker}
// (the roll modifier, and whether it nullifies a bunker's), or null if it is discarded or cancelled.
export function play(ctx, c, side, hex) {
  const e = ctx.table.effects, chits = ctx.table.chits;
  const attacker = ctx.state.activation.side, defender = ctx.rules.zoc.enemyOf(attacker);
  const air = c.color === "blue" && chits.air.indexOf(c.name) >= 0;
  let note = null;
  if (air && ctx.rules.weather.effect("air-chits-discarded")) note = "discarded: sandstorm (14.1)";
  else if (air && antiAircraft(ctx, side === attacker ? defender : attacker, hex, c)) note = "cancelled by anti-aircraft (10.7)";
  if (note) {
    ctx.trace({ rule: "10.3", table: "chits", uses: ["weather/effects"], text: side + " draws " + c.name + " (" + c.color + "): " + note });
    return null;
  }
  const size = e.strong.indexOf(c.name) >= 0 ? e["strong-modifier"] : e.modifier;
  const helps = c.color === "blue" ? 1 : -1, forAttacker = side === attacker ? 1 : -1;
  const value = -size * helps * forAttacker;       // a lower roll is better for the attacker
  const bunker = c.color === "blue" && side === attacker && e["cancels-bunker"].indexOf(c.name) >= 0;
  ctx.trace({ rule: "10.3", table: "effects", uses: ["events/chits", "events/pools"], result: value,
    text: side + " draws " + c.name + " (" + c.color + "): " + (value > 0 ? "+" : "") + value + " to the roll" + (bunker ? ", the bunker's modifier nullified" : "") });
  return { value, bunker, why: c.name + " (" + side + ", " + c.color + " chit)" };
}

// forAttack(at): null without the option; else {mods, bunkerCancelled} from the chits both sides draw.
export function forAttack(ctx, at) {
  if (!ctx.option("event-chits-10-3")) return null;
  const out = { mods: [], bunkerCancelled: false };
  const attacker = ctx.state.activation.side;
  for (const side of [attacker, ctx.rules.zoc.enemyOf(attacker)]) {
    for (let k = 0; k < ctx.table.effects["draws-per-attack"]; k++) {
      const c = draw(ctx, side);
      const r = c ? play(ctx, c, side, at.hex) : null;
      if (!r) continue;
      out.mods.push({ value: r.value, why: r.why, table: "events/effects", rule: "10.3" });
      if (r.bunker) out.bunkerCancelled = true;
    }
  }
  return out;
}
