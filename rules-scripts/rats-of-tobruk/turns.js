// Rats of Tobruk 3.0 Game Turns and 13.0 Evening & Night (both missing from the rulebook text:
// stand-ins, see turns.yaml), with what other rules print about them.
//   1.0   a game-turn is about six hours: four a day, Morning, Day, Evening, Night (17.12 names
//         them); the turn record says which: begin, kind, isEvening, isNight.
//   10.1, 11.2, 11.3  evening: +1 to attacks and barrages, -1 to each direct fire die (turns.yaml
//         evening); night: three dice for attacks, no direct fire, observation one hex, no
//         minimum move (turns.yaml night). The sections ask eveningModifier, night(key).
//   6.0, 10.2  the End of Turn Phase: every artillery unit that fired is flipped back (an
//         out-of-supply one stays on its Fired side, 5.2), and the turn's markers go: endOfTurn.
// State: state.date, state.turnKind.

const RECORD = "turn-record";

function record(ctx) {
  const t = ctx.table[RECORD];
  const sc = t.scenarios[ctx.state.scenario.id];
  if (!sc) throw new Error("turns.yaml turn-record has no entry for scenario " + ctx.state.scenario.id);
  return sc;
}

// The first turn of the scenario is the first Morning of its first day.
export function begin(ctx) {
  const t = ctx.table[RECORD], sc = record(ctx);
  const i = ctx.turn - 1, kinds = t.kinds;
  const day = sc.days[Math.floor(i / kinds.length)];
  if (day === undefined) throw new Error("turns.yaml turn-record: scenario " + ctx.state.scenario.id + " has no day for game-turn " + ctx.turn);
  ctx.state.date = day;
  ctx.state.turnKind = kinds[i % kinds.length];
  ctx.trace({ rule: "3.0", table: RECORD, cell: { turn: ctx.turn }, result: ctx.state.turnKind,
    text: "game-turn " + ctx.turn + ": " + day + ", " + ctx.state.turnKind });
}

export function kind(ctx) { return ctx.state.turnKind; }
export function isEvening(ctx) { return ctx.state.turnKind === "evening"; }
export function isNight(ctx) { return ctx.state.turnKind === "night"; }

// night(key): the night rule's value (turns.yaml night) on a night turn, null otherwise.
export function night(ctx, key) { return isNight(ctx) ? ctx.table.night[key] : null; }

// The evening modifier to a normal attack or a barrage (10.1 step 4, 11.2), 0 on other turns.
export function eveningModifier(ctx) { return isEvening(ctx) ? ctx.table.evening["attack-modifier"] : 0; }
export function eveningDirectFire(ctx) { return isEvening(ctx) ? ctx.table.evening["direct-fire-per-die"] : 0; }

export function describe(ctx) {
  return ctx.state.date ? ctx.state.date + ", " + ctx.state.turnKind + (ctx.state.weather ? ", " + ctx.state.weather : "") : null;
}

// 6.0, 10.2, 5.2: the End of Turn Phase.
export function endOfTurn(ctx) {
  let flipped = 0;
  for (const p of ctx.pieces()) {
    if (p.fired && p.supply !== "out") { p.fired = false; flipped++; }
    p.moved = false; p.attacked = false; p.directFired = false; p.barraged = false;
    p.pinned = false; p.roadMove = false; p.overrun = false; p.advanced = false; p.nominated = false;
    p.revealed = false; p.riding = null;
  }
  ctx.state.discard = [];
  ctx.trace({ rule: "10.2, 6.0", text: "end of game-turn " + ctx.turn + ": " + flipped + " artillery units flipped back from their Fired side" });
}
