// The Fall of Tobruk, section 3.0: the sequence of play (system.yaml's sequence: tree).
//   3.0   a game-turn is one day: the Dawn phases, the AM phases, the PM phases, the Dusk phases.
//   3.1   the Dawn phase (Reinforcement/Replacement) is skipped on the first turn of the game,
//         whichever scenario is played: dawnDue.
//   3.5   the Clean-Up phase ends each AM and PM half: disrupted units recover (12.3), Operations
//         Complete markers come off, and so do the markers of one Operations Phase (the 3.4
//         impulse flags, Movement Complete, Full Move/No Fire and Half Move/Half Fire: 8.12, 10.3
//         give them no life beyond the phase): cleanUp.
//   3.7   the Game Turn Record phase: after the Allied withdrawal check (victory section, 15.21)
//         the Game Turn marker goes to the AM side of the next day: nextDay; the day's date is
//         taken from the turn record as the game-turn begins: beginDay.
//   B.135 the Game Turn marker shows AM or PM: state.half (beginHalf).
// State: state.seq = {firstTurn} (the game-turn play began with), state.date, state.half.
// Hooks: a section exporting start() is called once before the first phase of play; one exporting
// cleanUp() at every Clean-Up phase (both in section-name order).

function dayOf(ctx, turn) {
  const d = ctx.table["turn-record"].days.find((x) => x.turn === turn);
  if (!d) throw new Error("game-turn " + turn + " is past the turn record (sequence.yaml turn-record ends on " + ctx.table["turn-record"].days.slice(-1)[0].date + ")");
  return d;
}

// date(turn?): the printed date of a game-turn ("May 27"), by the turn record.
export function date(ctx, turn) { return dayOf(ctx, turn === undefined ? ctx.turn : turn).date; }

// turnOf(date): the game-turn of a printed date ("June 1" -> 7), or null if the record lacks it.
export function turnOf(ctx, d) {
  const x = ctx.table["turn-record"].days.find((r) => r.date === d);
  return x ? x.turn : null;
}

// The first call of the game records the turn play began with and starts the sections that keep
// state of their own (start hooks). A scenario may start mid-turn: whatever step runs first does it.
function ensure(ctx) {
  const s = ctx.state;
  if (s.seq) return s.seq;
  s.seq = { firstTurn: ctx.turn };
  s.date = date(ctx);
  ctx.trace({ rule: "3.0", table: "turn-record", cell: { turn: ctx.turn }, result: s.date, text: "play begins on game-turn " + ctx.turn + ", " + s.date });
  for (const name of Object.keys(ctx.rules).sort()) {
    if (name === ctx.section) continue;
    const f = ctx.rules[name].start;
    if (typeof f === "function") f();
  }
  return s.seq;
}

// firstTurn(): the game-turn play began with (3.1, 16.2, 16.3: the first turn of the scenario).
export function firstTurn(ctx) {
  const s = ctx.state.seq;
  return s ? s.firstTurn : ctx.turn;
}

// isFirstTurn(): is this the first game-turn of the game?
export function isFirstTurn(ctx) { return ctx.turn === firstTurn(ctx); }

// 3.1 NOTE: no Reinforcement/Replacement phase on the first turn of either scenario. Before any
// step has run this is the first turn by definition.
export function dawnDue(ctx) { return !!ctx.state.seq && ctx.turn > ctx.state.seq.firstTurn; }

// 3.0, B.5: a new game-turn begins: the date by the turn record, the Dawn phases first.
export function beginDay(ctx) {
  ensure(ctx);
  const s = ctx.state;
  s.date = date(ctx);
  s.half = "dawn";
  ctx.trace({ rule: "3.0", table: "turn-record", cell: { turn: ctx.turn }, result: s.date, text: "game-turn " + ctx.turn + ": " + s.date });
}

// B.135: the half about to be played: the AM phases after Dawn (or at the start of play), the PM
// phases after the AM Clean-Up (3.5 flips the marker to its PM side).
export function beginHalf(ctx) {
  ensure(ctx);
  const s = ctx.state;
  s.half = s.half === "AM" ? "PM" : "AM";
  s.date = date(ctx);
  ctx.trace({ rule: "B.135", cell: { turn: ctx.turn, half: s.half }, result: s.half, text: s.date + ", " + s.half + " phases" });
}

const PHASE_FLAGS = ["moved", "fought", "bombarded", "opsComplete", "activated"];

// 3.5: the Clean-Up phase of the half (12.3: every disrupted unit recovers).
export function cleanUp(ctx) {
  ensure(ctx);
  const s = ctx.state;
  let recovered = 0, cleared = 0;
  const ids = Object.keys(s.pieces || {}).sort();
  for (const id of ids) {
    const p = s.pieces[id];
    if (p.disrupted) { p.disrupted = false; recovered++; }
    let had = false;
    for (const f of PHASE_FLAGS) if (p[f]) { p[f] = false; had = true; }
    if (p.moveMarker) { p.moveMarker = null; had = true; }
    if (p.moves || p.combats) { p.moves = 0; p.combats = 0; }
    if (had) cleared++;
  }
  s.cup = [];
  s.activations = [];
  s.activation = null;
  for (const name of Object.keys(ctx.rules).sort()) {
    if (name === ctx.section) continue;
    const f = ctx.rules[name].cleanUp;
    if (typeof f === "function") f();
  }
  const next = s.half === "PM" ? "the Dusk phases follow" : "the Game Turn marker flips to its PM side";
  ctx.trace({ rule: "3.5", cell: { turn: ctx.turn, half: s.half }, result: { recovered, cleared },
    text: s.date + " " + s.half + " Clean-Up: " + recovered + " disrupted unit" + (recovered === 1 ? "" : "s") + " recover (12.3), " +
      cleared + " unit" + (cleared === 1 ? "" : "s") + " lose their Operations Complete and movement markers; " + next });
  if (s.half === "PM") s.half = "dusk";
}

// 3.7: the Game Turn marker goes to the AM side of the next day, or after the last day victory is
// determined (the turns loop knows which day is the last; the next day begins with beginDay).
export function nextDay(ctx) {
  ensure(ctx);
  const s = ctx.state;
  const next = ctx.table["turn-record"].days.find((x) => x.turn === ctx.turn + 1);
  ctx.trace({ rule: "3.7", table: "turn-record", cell: { turn: ctx.turn }, result: next ? next.date : null,
    text: s.date + " ends: the Game Turn marker moves to " + (next ? next.date : "the next day") + ", AM side, unless this was the last day (then victory, 15.1)" });
}
