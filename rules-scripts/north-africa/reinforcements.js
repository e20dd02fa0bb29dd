// North Africa standard rules, section 13.0: reinforcements.
//   13.0  reinforcements come on in their owner's movement phase, on or after the scheduled
//         game-turn, at the scheduled hex or on any hex of the scheduled map edge, at any time of
//         the phase (entryActions is part of the movement decision).
//   13.11 entering costs the entry hex's MP, at the road rate where a road leads off the map.
//   13.12 units scheduled at one hex wait off the map in a column, one behind the other.
//   13.13 each unit pays for the hypothetical hexes in front of it: Mixed hexes, or road hexes
//         on a road entry (1/2, 1, 1 1/2 ... MP): entryCost().
//   13.14 once on the map a reinforcement moves on normally (the decision movement.onward, answered
//         here: onward).
//   13.21 never into a hex holding an enemy unit; into an enemy zone, but it stops there.
//   13.22 a scheduled hex held by an enemy unit, or by a friendly unit in an enemy zone, is
//         replaced by the nearest unblocked map-edge hex toward the nearest friendly unit.
//   13.23 a reinforcement may be held back to a later turn (it stays pending).
//   13.24 it still comes on at its scheduled hex or the 13.22 alternate.
//   13.25 off the map it has no effect on play (pending pieces have no hex: no zone, no combat).
// Tables: tables/north-africa/reinforcements.yaml; entry costs in movement.yaml (map-edge).

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// Does key k (a list of measures) come before key j, measure by measure?
function before(k, j) {
  for (let i = 0; i < k.length; i++) if (k[i] !== j[i]) return k[i] < j[i];
  return false;
}
function mpText(ctx, x) { return ctx.rules.movement.mpLabel(x); }

// pending(side): reinforcements of `side` that may come on now (13.0, 13.23), sorted by id.
export function pending(ctx, side) {
  return ctx.pieces((p) => p.side === side && p.at === "pending" && p.arrives && p.arrives.turn <= ctx.turn).sort(byId);
}

function edgeHexes(ctx, edge) {
  const name = edge.endsWith("-edge") ? edge : edge + "-edge";
  return ctx.map.zone(name).slice().sort();
}

// 13.21, 13.22 as the tables say them, once per rules context (every value read here).
function terms(ctx) {
  return ctx.once("terms", () => {
    const E = ctx.table["entry-restrictions"], A = ctx.table.readings.alternate;
    return Object.freeze({ blockedBy: E["entry-hex-blocked-by"], zone: E["into-enemy-zone"],
      toward: A["prefer-no-farther-from-the-friendly-unit"] === true, then: A.then });
  });
}

// 13.22: why a scheduled hex is blocked (entry-restrictions entry-hex-blocked-by), or null.
function blockedBy(ctx, hex, side, data) {
  const by = terms(ctx).blockedBy;
  const here = data.occ.get(hex) || [];
  if (!here.length) return null;
  const p = ctx.piece(here[0]);
  if (p.side !== side) return by.indexOf("enemy-unit") >= 0 ? "the enemy unit " + p.id + " holds it" : null;
  if (data.enemyZoc[hex] && by.indexOf("friendly-unit-in-enemy-zone") >= 0) return "the friendly unit " + p.id + " holds it in an enemy zone of control";
  return null;
}

// 13.22: the nearest unblocked map-edge hex to `sched`, in the direction of the nearest friendly
// unit (reinforcements.yaml readings alternate: among the unblocked edge hexes no farther from
// that unit than the scheduled hex, if any, the first by the `then` order: nearest to the
// scheduled hex, then nearer the friendly unit, then the lowest id).
function alternate(ctx, sched, side, data) {
  let friend = null, fd = null;
  for (const p of ctx.pieces((q) => q.side === side && q.hex && q.at === "map").sort(byId)) {
    const d = ctx.map.distance(sched, p.hex);
    if (fd === null || d < fd) { fd = d; friend = p; }
  }
  const closed = ctx.tables.movement["closed-hexes"].closed;
  const edge = ctx.rules.setup.board().edge;
  const open = ctx.map.ids.filter((h, i) => edge[i] === 1 && h !== sched && !blockedBy(ctx, h, side, data) &&
    closed.indexOf(ctx.map.terrain(h)) < 0);
  const how = terms(ctx);
  let cands = open;
  if (friend && how.toward) {
    const toward = open.filter((h) => ctx.map.distance(h, friend.hex) <= fd);
    if (toward.length) cands = toward;
  }
  const measure = {
    "nearest-to-scheduled-hex": (h) => ctx.map.distance(h, sched),
    "nearest-to-friendly-unit": (h) => (friend ? ctx.map.distance(h, friend.hex) : 0),
    "lowest-id": (h) => h,
  };
  const by = how.then.map((k) => measure[k]);
  let best = null, key = null;
  for (const h of cands) {
    const k = by.map((f) => f(h));
    if (!key || before(k, key)) { best = h; key = k; }
  }
  return best ? { hex: best, friend: friend ? friend.id : null } : null;
}

// entryHexes(piece, data): where the piece may come on now: [{hex, scheduled, why}] (13.0, 13.21, 13.22, 13.24).
export function entryHexes(ctx, piece, data) {
  const a = piece.arrives;
  const closed = ctx.tables.movement["closed-hexes"].closed;
  if (a.hex) {
    const why = blockedBy(ctx, a.hex, piece.side, data);
    if (!why) return [{ hex: a.hex, scheduled: a.hex }];
    const alt = alternate(ctx, a.hex, piece.side, data);
    return alt ? [{ hex: alt.hex, scheduled: a.hex, why, friend: alt.friend }] : [];
  }
  return edgeHexes(ctx, a.edge).filter((h) => !blockedBy(ctx, h, piece.side, data) && closed.indexOf(ctx.map.terrain(h)) < 0)
    .map((h) => ({ hex: h, scheduled: a.edge + " edge" }));
}

// Is the entry hex a road entry (13.11, 13.12): a map-edge hex with a road?
function roadEntry(ctx, hex) {
  if (!ctx.map.isEdge(hex)) return false;
  const sides = ctx.rules.setup.board().sides[hex] || {};
  for (const n of Object.keys(sides)) if (sides[n].indexOf("road") >= 0) return true;
  return false;
}

// entryCost(piece, hex): {mp, place, road, parts}: the MP the next unit to come on at hex pays
// (13.11-13.13): the entry hex, plus one hypothetical hex for each unit that came on there before
// it this phase (road hexes on a road entry, Mixed otherwise).
export function entryCost(ctx, piece, hex) {
  const mv = ctx.tables.movement;
  const m = ctx.state.movement;
  const before = (m && m.entered && m.entered[hex]) || 0;
  const road = roadEntry(ctx, hex);
  const own = road ? mv["road-and-trail"].road.mp : ctx.rules.movement.hexCostOf(hex);
  const q = ctx.rules.movement.entryQueue(road);
  const parts = [(road ? "road entry hex " : ctx.map.terrain(hex) + " entry hex ") + mpText(ctx, own)];
  if (before) parts.push(before + " hypothetical " + q.terrain + " hex" + (before > 1 ? "es" : "") + " x " + mpText(ctx, q.mp));
  return { mp: own + before * q.mp, place: before + 1, road, parts };
}

// Can the piece finish its entry at hex: stop there, or move on from it?
function finish(ctx, piece, hex, left, data) {
  if (data.enemyZoc[hex] && intoZone(ctx).then === "stop") return ctx.rules.movement.endProblem(piece, hex, data);   // 13.21: it must stop there
  const stop = ctx.rules.movement.endProblem(piece, hex, data);
  if (!stop) return null;
  if (left > 0 && ctx.rules.movement.movesFrom(piece, hex, left, data).length) return null;
  return stop;
}

// 13.21: what entering an enemy zone does (entry-restrictions into-enemy-zone).
function intoZone(ctx) { return terms(ctx).zone; }

function entryProblem(ctx, piece, e, data) {
  if (data.enemyZoc[e.hex] && !intoZone(ctx).allowed) return { rule: "13.21", reason: e.hex + " is in an enemy zone of control: no reinforcement may enter it" };
  const c = entryCost(ctx, piece, e.hex);
  const all = ctx.rules.movement.allowance(piece);
  if (c.mp > all) return { rule: "5.26", reason: piece.id + " would pay " + mpText(ctx, c.mp) + " MP to come on at " + e.hex + " (" + c.parts.join(" + ") + ") and has " + mpText(ctx, all) + " (13.13)" };
  return finish(ctx, piece, e.hex, all - c.mp, data);
}

// entryActions(side, data?): the enter actions open now: {do: "enter", unit, hex}.
export function entryActions(ctx, side, data) {
  const d = data || ctx.rules.movement.phaseData(side);
  const out = [];
  for (const p of pending(ctx, side)) {
    for (const e of entryHexes(ctx, p, d)) if (!entryProblem(ctx, p, e, d)) out.push({ do: "enter", unit: p.id, hex: e.hex });
  }
  return out;
}

// refusal(action, data): why an enter action is not allowed now.
export function refusal(ctx, action, data) {
  const p = ctx.piece(action.unit);
  if (!p) return { rule: "13.0", reason: "there is no unit " + JSON.stringify(action.unit) };
  if (p.side !== ctx.active) return { rule: "13.0", reason: p.id + " is not a reinforcement of the phasing side " + ctx.active };
  if (p.at !== "pending") return { rule: "14.11", reason: p.id + " is not waiting off the map (" + p.at + ")" };
  if (p.arrives.turn > ctx.turn) return { rule: "13.0", reason: p.id + " is scheduled for game-turn " + p.arrives.turn + ", not before" };
  const hexes = entryHexes(ctx, p, data);
  const e = hexes.find((x) => x.hex === action.hex);
  if (!e) {
    const occ = data.occ.get(action.hex) || [];
    if (occ.length && ctx.piece(occ[0]).side !== p.side) return { rule: "13.21", reason: action.hex + " holds the enemy unit " + occ[0] };
    const sched = p.arrives.hex ? p.arrives.hex : p.arrives.edge + " edge";
    return { rule: hexes.length && hexes[0].why ? "13.22" : "13.24", reason: p.id + " comes on only at " + (hexes.length ? hexes.map((x) => x.hex).join(" ") : sched) +
      (hexes.length && hexes[0].why ? " (" + sched + " is blocked: " + hexes[0].why + ")" : "") };
  }
  return entryProblem(ctx, p, e, data);
}

// enter(action, data?): puts the reinforcement on its entry hex and charges the entry cost
// (13.11-13.13). Returns {stop, left}: stop when the hex is enemy-controlled (13.21).
export function enter(ctx, action, data) {
  const p = ctx.piece(action.unit);
  const d = data || ctx.rules.movement.phaseData(p.side);
  const e = entryHexes(ctx, p, d).find((x) => x.hex === action.hex);
  const c = entryCost(ctx, p, action.hex);
  const m = ctx.state.movement;
  m.entered[action.hex] = c.place;
  m.spent[p.id] = c.mp;
  p.at = "map";
  p.hex = action.hex;
  const all = ctx.rules.movement.allowance(p);
  if (e && e.why) {
    ctx.trace({ rule: "13.22", table: "reinforcements/readings", uses: ctx.rules.setup.uses("map", "scenario"), cell: { unit: p.id, scheduled: e.scheduled, friend: e.friend }, result: e.hex,
      text: p.id + "'s entry hex " + e.scheduled + " is blocked (" + e.why + "): it comes on at " + e.hex + ", the nearest open edge hex toward " + (e.friend || "its side") });
  }
  ctx.trace({ rule: "13.13", table: "movement/map-edge", uses: ctx.rules.setup.uses("map", "scenario"), cell: { unit: p.id, hex: p.hex, place: c.place, road: c.road }, result: c.mp,
    text: p.id + " comes on at " + p.hex + " as unit " + c.place + " of the column there: " + c.parts.join(" + ") + " = " + mpText(ctx, c.mp) +
      " of " + mpText(ctx, all) + " MP" });
  const stop = !!d.enemyZoc[p.hex] && intoZone(ctx).then === "stop";
  if (stop) {
    ctx.trace({ rule: "13.21", uses: ctx.rules.setup.uses("map"), cell: { unit: p.id, hex: p.hex }, text: p.hex + " is enemy-controlled: " + p.id + " stops there" });
  }
  return { stop, left: all - c.mp };
}

function onwardOptions(ctx, piece, data) {
  const moves = ctx.rules.movement.movesFrom(piece, piece.hex, ctx.rules.movement.mpLeft(piece), data);
  return { moves, stop: ctx.rules.movement.endProblem(piece, piece.hex, data) };
}

// enterAndGoOn(action, data): the movement decision's `enter`: the unit comes on (13.11-13.13) and,
// unless it must stop (13.21) or has nowhere to go, is asked to move on (13.14: decision onward).
export function enterAndGoOn(ctx, action, data) {
  const piece = ctx.piece(action.unit);
  const r = enter(ctx, action, data);
  const fresh = ctx.rules.movement.phaseData(piece.side);
  if (r.stop) {                                                           // 13.21: stops in an enemy zone
    piece.moved = true;
    ctx.rules.movement.moved(piece, [piece.hex]);
    return;
  }
  const o = onwardOptions(ctx, piece, fresh);
  if (o.moves.length === 0) {
    piece.moved = true;
    ctx.trace({ rule: "13.14", uses: ctx.rules.setup.uses("map", "supply/readings"), cell: { unit: piece.id, hex: piece.hex }, text: piece.id + " stays in " + piece.hex + ": no hex within its remaining MP is open to it" });
    ctx.rules.movement.moved(piece, [piece.hex]);
    return;
  }
  ctx.state.movement.onward = piece.id;
  ctx.interrupt("movement.onward", { unit: piece.id }, "move " + piece.id + " on");
}

// The decision onward (13.14), asked under the movement section's name (movement.onward): a
// reinforcement that has just entered moves on with the MP it has left, or stops in its entry hex if
// it may end there; entering and moving on are one move (5.15).
export function onward(ctx, method, ...args) { return onwardDecision[method](ctx, ...args); }

const onwardDecision = {
  rule: "13.14",
  side(ctx, args) { return ctx.piece(args.unit).side; },
  prompt(ctx, args) {
    const p = ctx.piece(args.unit);
    return p.id + " has entered at " + p.hex + " with " + mpText(ctx, ctx.rules.movement.mpLeft(p)) + " MP left: move it on, or stop there";
  },
  actions(ctx, args) {
    const p = ctx.piece(args.unit);
    const o = onwardOptions(ctx, p, ctx.rules.movement.phaseData(p.side));
    const out = o.moves.map((m) => ({ do: "move", unit: p.id, to: m.hex }));
    if (!o.stop) out.push({ do: "stop" });
    return out;
  },
  apply(ctx, a, args) {
    const p = ctx.piece(args.unit);
    ctx.state.movement.onward = null;
    if (a.do === "move") ctx.rules.movement.moveTo(p, a.to, ctx.rules.movement.phaseData(p.side), "13.14");
    else {
      p.moved = true;
      ctx.trace({ rule: "13.14", cell: { unit: p.id, hex: p.hex }, text: p.id + " stops in its entry hex " + p.hex });
      ctx.rules.movement.moved(p, [p.hex]);
    }
    ctx.done();
  },
  why(ctx, a, args) {
    const p = ctx.piece(args.unit);
    const data = ctx.rules.movement.phaseData(p.side);
    if (a && a.do === "stop") return ctx.rules.movement.endProblem(p, p.hex, data);
    if (!a || a.do !== "move" || a.unit !== p.id) return { rule: "13.14", reason: "only " + p.id + " moves now: move it on or stop" };
    if (ctx.rules.movement.reaches(p, a.to, data)) return ctx.rules.movement.endProblem(p, a.to, data);
    return { rule: "5.26", reason: a.to + " is beyond the " + mpText(ctx, ctx.rules.movement.mpLeft(p)) + " MP " + p.id + " has left, or the way is barred (5.12, 5.25, 6.0)" };
  },
};
