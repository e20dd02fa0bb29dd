// The Fall of Tobruk, section 7.0: formations, headquarters and activations.
//   7.13, B.121  at the start of each Operations Phase the Activation Marker (AM) of every
//         formation in play, or arriving as a reinforcement this turn, goes into the cup (one AM
//         may serve several formations: "Brit Corps", "Ital Corps", "5Inxx(+)"): fillCup. AMs are
//         drawn blind, one at a time, until the cup is empty: draw. The drawn AM's owner is the
//         active side and its formations the Active Formation (AF).
//   7.2   the owner rolls a d10 on the AM's column of the Command Control Table (+1 Haze,
//         +2 Khamsin) for the activation's Activation Points (AP): commandControl.
//   7.21  a stack is activated for 1 AP if at least half its SPs belong to the AF, otherwise 2 AP;
//         it pays once for all its impulses (each AM is drawn once per Operations Phase, so "once
//         per Operations Phase" is once in the activation: a stack another formation activated
//         earlier pays again); it must be within command range of an AF HQ (7.12: 10 hexes, 5 in
//         Khamsin) and never carries Operations Complete: eligible, spend.
//   7.22  artillery and air impulses cost no AP (the artillery section asks eligible with free).
//   3.4   the impulses of an activation in any order, each as often as allowed (Cardinal Rule 1):
//         the kernel's activation node, opened by each impulse section's impulseOpen: available.
//   7.3   at the end of an activation units that moved and fought (or moved and bombarded), and
//         artillery that moved more than half its MA, carry Operations Complete: end.
//   16.42 May 26 scenario, first AM: the Axis activates seven AMs of his choice first, one after
//         the other, with no command limits, triple MA and no move next to an Allied unit:
//         chooseTurningMovement, turningMovement(piece).
//   16.43 May 26: only Allied formations Axis units moved next to or attacked, plus one of the
//         Allied player's choice, go into the cup; one attacked later joins it at once:
//         chooseParalysis, release(formation).
//   16.44 May 27 scenario, first AM: three divisional AMs of the Axis player's choice are set
//         aside and activated first, in the order he gives before the first: chooseInitiative.
// Tables: activation.yaml (cct, activation-markers, command-range); scenarios.yaml special-rules.
// State: state.cup, state.activations, state.activation (docs/fall-of-tobruk.md); state.surprise
// (16.42), state.paralysis (16.43), state.initiative (16.44); piece.activated (7.21: its stack has
// paid in the activation under way).
// Hook: a section exporting beginActivation() hears of each activation as it starts (after the
// marker is drawn or chosen, before the Command Control roll), in section-name order.

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function has(ctx, section, name) { const s = ctx.rules[section]; return !!s && typeof s[name] === "function"; }
function plural(n, one, many) { return n + " " + (n === 1 ? one : many || one + "s"); }

// ---- markers and formations --------------------------------------------------------------------

function markerList(ctx, side) { return ctx.table["activation-markers"][side] || []; }

// marker(am): {am, side, formations, cct} of an activation marker, or null.
export function marker(ctx, am) {
  for (const side of ctx.sides) {
    const m = markerList(ctx, side).find((x) => String(x.am) === am);
    if (m) return { am, side, formations: m.formations.map(String), cct: m.cct };
  }
  return null;
}

// The formation ids a piece answers to (B.114): the formation it is attached to, where it is
// (the B.114 notes: the Indian brigades cross-attached, hence the one "5Inxx(+)" marker, B.121);
// otherwise its formation, and its brigade where it has one.
function formationsOf(p) {
  if (p.attached) return [p.attached];
  return p.brigade ? [p.formation, p.brigade] : [p.formation];
}

// formationsOf(p) meets `formations` (asked for every piece: no array made)
function belongsTo(p, formations) {
  if (p.attached) return formations.indexOf(p.attached) >= 0;
  return formations.indexOf(p.formation) >= 0 || (!!p.brigade && formations.indexOf(p.brigade) >= 0);
}

// markerOf(formation): the AM that activates a formation (B.121), or null.
export function markerOf(ctx, formation) {
  for (const side of ctx.sides) {
    for (const m of markerList(ctx, side)) if (m.formations.map(String).indexOf(formation) >= 0) return String(m.am);
  }
  return null;
}

// A piece that takes part in play now: on the map, or a reinforcement whose day has come (5.11).
function inPlay(ctx, p) {
  if (p.at === "map") return !!p.hex;
  return p.at === "arriving" && ctx.rules.reinforcements.waiting(p);
}

// ---- the scenario's special rules (16.4) -------------------------------------------------------

// The scenarios.yaml entry of the scenario played: the one whose first day is this game's first day.
function scenarioId(ctx) {
  const sc = ctx.tables.scenarios.scenarios;
  const own = ctx.state.scenario && ctx.state.scenario.id;
  if (own && sc[own] && sc[own]["first-turn"]) return own;
  const first = ctx.rules.sequence.date(ctx.rules.sequence.firstTurn());
  for (const id of Object.keys(sc).sort()) if (sc[id] && sc[id]["first-turn"] === first) return id;
  return null;
}

// special(key): the special rule (scenarios.yaml special-rules) if it is in effect now: each of
// 16.42-16.44 holds on the first turn of its own scenario only.
function special(ctx, key) {
  const r = ctx.tables.scenarios["special-rules"][key];
  if (!r || !ctx.rules.sequence.isFirstTurn()) return null;
  return r.scenario === scenarioId(ctx) ? r : null;
}

// ---- the cup -----------------------------------------------------------------------------------

// 7.13, B.121: the Operations Phase begins with every AM of a formation in play in the cup.
export function fillCup(ctx) {
  const s = ctx.state;
  s.activations = [];
  s.activation = null;
  const present = {};
  const pieces = ctx.pieces((p) => inPlay(ctx, p)).sort(byId);
  for (const p of pieces) for (const f of formationsOf(p)) if (f) present[f] = p.side;
  const cup = [], missing = {};
  for (const side of ctx.sides) {
    for (const m of markerList(ctx, side)) {
      const fs = m.formations.map(String);
      if (fs.some((f) => present[f])) cup.push(String(m.am));
    }
  }
  for (const p of pieces) if (!formationsOf(p).some((f) => f && markerOf(ctx, f))) missing[formationsOf(p)[0]] = true;
  startSpecials(ctx);
  const par = s.paralysis;
  s.cup = cup.filter((am) => !par || marker(ctx, am).side !== ruleSide(ctx, "allied-command-paralysis") || paralysisAdmits(ctx, am)).sort();
  const kept = cup.length - s.cup.length;
  ctx.trace({ rule: "7.13", table: "activation-markers", uses: ["units/units"], cell: { turn: ctx.turn, half: s.half }, result: s.cup.slice(),
    text: s.date + " " + s.half + " Operations Phase: " + plural(s.cup.length, "activation marker") + " in the cup (" + s.cup.join(", ") + ")" +
      (kept ? "; " + plural(kept, "Allied marker") + " held back by Allied command paralysis (16.43)" : "") });
  const lost = Object.keys(missing).sort();
  if (lost.length) {
    ctx.trace({ rule: "B.121", table: "activation-markers", cell: { formations: lost }, result: null,
      text: "no activation marker activates formation " + lost.join(", ") + ": its units can act only in stacks another formation pays 2 AP for (7.21)" });
  }
}

// The special rules' bookkeeping, set up with the cup of the half they begin in.
// Each holds for one turn: the AM of any other turn clears them.
function startSpecials(ctx) {
  const s = ctx.state;
  if (s.half !== "AM") return;
  s.surprise = special(ctx, "axis-turning-movement") ? { chosen: [], done: false } : null;
  s.paralysis = special(ctx, "allied-command-paralysis")
    ? { released: [], extra: null, paused: false, adjacentAtStart: alliedNextToAxis(ctx) } : null;
  s.initiative = special(ctx, "axis-initiative") ? { queue: [], done: false } : null;
}

// cupOpen(): does the Operations Phase go on: a marker in the cup or set aside, or a 16.4 choice?
export function cupOpen(ctx) {
  const s = ctx.state;
  if ((s.cup && s.cup.length) || (s.initiative && s.initiative.queue.length)) return true;
  return turningMovementDue(ctx) || paralysisDue(ctx);
}

// A die picks the marker among those in the cup, sorted by name (a d10 reads 0-9, any other 1-N).
function blindPick(ctx, n, purpose) {
  if (n === 1) return 0;
  const r = ctx.roll("d" + n, purpose);
  return n === 10 ? r : r - 1;
}

function startActivation(ctx, am, how) {
  const s = ctx.state;
  const m = marker(ctx, am);
  const hqs = ctx.pieces((p) => p.hq && p.side === m.side && belongsTo(p, m.formations)).sort(byId).map((p) => p.id);
  s.activation = { marker: am, side: m.side, formations: m.formations, column: m.cct, ap: null, apSpent: 0, rolled: false, stacks: {}, hqs,
    special: how === "16.42" ? "turning-movement" : null };
  s.activations.push(am);
  s.active = m.side;
  for (const name of Object.keys(ctx.rules).sort()) {
    if (name === ctx.section) continue;
    const f = ctx.rules[name].beginActivation;
    if (typeof f === "function") f();
  }
}

// drawDue(): may the next marker be drawn (no activation under way, no 16.4 choice pending)?
export function drawDue(ctx) {
  const s = ctx.state;
  if (s.activation) return false;
  if (!((s.cup && s.cup.length) || (s.initiative && s.initiative.queue.length))) return false;
  return !turningMovementDue(ctx) && !paralysisDue(ctx) && !initiativeDue(ctx);
}

// 7.13: the next marker: one the Axis set aside for 16.44, else one drawn blind from the cup.
export function draw(ctx) {
  const s = ctx.state;
  if (s.initiative && s.initiative.queue.length) {
    const am = s.initiative.queue.shift();
    s.initiative.done = true;
    startActivation(ctx, am, "16.44");
    ctx.trace({ rule: "16.44", uses: ["activation/activation-markers"], cell: { marker: am }, result: am, text: "Axis initiative: " + am + " activates as the Axis player ordered" });
    return;
  }
  const cup = s.cup;
  const i = blindPick(ctx, cup.length, "draw an activation marker (7.13)");
  const am = cup[i];
  ctx.trace({ rule: "7.13", uses: ["activation/activation-markers"], cell: { cup: cup.slice(), index: i }, result: am,
    text: am + " is drawn from the cup of " + cup.length + ": " + marker(ctx, am).side + " activate" });
  cup.splice(i, 1);
  startActivation(ctx, am, "7.13");
}

// ---- the Command Control Table (7.2) -----------------------------------------------------------

export function commandControlDue(ctx) {
  const a = ctx.state.activation;
  return !!a && !a.rolled && a.special !== "turning-movement";
}

function cctRow(rows, roll) {
  for (const r of rows) {
    const lab = String(r.d10);
    if (lab.startsWith("≥") ? roll >= Number(lab.slice(1)) : Number(lab) === roll) return r;
  }
  throw new Error("no row of the Command Control Table for a roll of " + roll);
}

// 7.2: the AM's owner rolls on its CCT column, with the weather's modifier, for the AP.
export function commandControl(ctx) {
  const a = ctx.state.activation;
  const cct = ctx.table.cct;
  const w = ctx.rules.weather.current();
  const printedW = w.charAt(0).toUpperCase() + w.slice(1);
  const drm = cct.drm[printedW] || 0;
  if (cct.columns.indexOf(a.column) < 0) throw new Error("activation marker " + a.marker + " reads the CCT column " + JSON.stringify(a.column) + ", which the Command Control Table does not print (7.2)");
  const roll = ctx.roll(cct.die, "Command Control Table, " + a.marker + " (7.2)", drm ? [{ value: drm, why: printedW + " (7.2)" }] : []);
  const row = cctRow(cct.rows, roll);
  a.ap = row[a.column];
  a.rolled = true;
  ctx.trace({ rule: "7.2", table: "cct", uses: ["activation/activation-markers"], cell: { column: a.column, roll, row: String(row.d10) }, result: a.ap,
    text: a.marker + " rolls " + roll + (drm ? " (+" + drm + " " + printedW + ")" : "") + " on the " + a.column + " column: " + plural(a.ap, "Activation Point") });
}

// ---- the activation under way --------------------------------------------------------------------

export function underWay(ctx) { return !!ctx.state.activation; }

// side(): the side of the activation under way (the activation node's acting side).
export function side(ctx) {
  const a = ctx.state.activation;
  return a ? a.side : ctx.state.active;
}

// describe(): the activation as the breadcrumb names it: "15xx activation, Ger Div: 3 of 5 AP left".
export function describe(ctx) {
  const a = ctx.state.activation;
  if (!a) return null;
  if (a.special === "turning-movement") return a.marker + " activation, turning movement (16.42)";
  if (!a.rolled || a.ap === null) return a.marker + " activation, " + a.column;
  return a.marker + " activation, " + a.column + ": " + (a.ap - a.apSpent) + " of " + a.ap + " AP left";
}

// activeFormations(): the formations the drawn marker activates ([] between activations).
export function activeFormations(ctx) {
  const a = ctx.state.activation;
  return a ? a.formations.slice() : [];
}

// apLeft(): Activation Points still to spend (null: no limit, 16.42).
export function apLeft(ctx) {
  const a = ctx.state.activation;
  if (!a) return 0;
  return a.ap === null ? null : a.ap - a.apSpent;
}

// available(impulse): is one more impulse of this kind possible (3.4)? Each impulse section says
// so through its impulseOpen(); a section without it has no impulse to offer yet.
export function available(ctx, impulse) {
  const sec = ctx.rules[impulse];
  if (!sec || typeof sec.impulseOpen !== "function") return false;
  return !!sec.impulseOpen();
}

// belongs(piece): is the piece one of the Active Formation's (its formation or brigade)?
export function belongs(ctx, piece) {
  const a = ctx.state.activation;
  return !!a && belongsTo(piece, a.formations);
}

// turningMovement(piece): the 16.42 terms for a piece of a turning-movement formation, or null.
export function turningMovement(ctx, piece) {
  const a = ctx.state.activation;
  if (!a || a.special !== "turning-movement" || !belongsTo(piece, a.formations)) return null;
  const r = ctx.tables.scenarios["special-rules"]["axis-turning-movement"];
  return { rule: r.rule, maMultiplier: r["ma-multiplier"], notAdjacentTo: r["may-move-adjacent-to-enemy"] ? null : other(ctx, r.side) };
}

// impulseOpen(piece, impulse): may the unit take part in one more Impulse of a kind ("movement",
// "combat", "artillery") this Operations Phase? 3.4: as many as activation.yaml impulse-limits
// gives (artillery units' own row where it names the impulse). Its count (moves, combats) is at
// least 1 once it carries the marker of one (moved, fought, bombarded).
export function impulseOpen(ctx, piece, impulse) {
  const l = ctx.tables.activation["activation-points"]["impulse-limits"];
  const own = piece.artillery ? l["artillery-unit"][impulse] : undefined;
  const limit = own !== undefined ? own : l["ground-unit"][impulse] || 0;
  const taken = impulse === "movement" ? Math.max(piece.moves || 0, piece.moved ? 1 : 0)
    : impulse === "combat" ? Math.max(piece.combats || 0, piece.fought ? 1 : 0) : piece.bombarded ? 1 : 0;
  return taken < limit;
}

// ---- who may activate (7.21) ---------------------------------------------------------------------

// stackKey(piece): what 7.21 counts as the piece's stack: its hex, or for a reinforcement
// waiting off the map the map edge it waits at (5.11).
export function stackKey(ctx, piece) {
  if (piece.at === "map") return piece.hex;
  return "off-map:" + piece.side + ":" + (piece.entry && piece.entry.length ? piece.entry.join("+") : "edge");
}

// The stacks of a side's pieces in play, a Map by stackKey (one pass over the pieces, once a position).
function stacksOf(ctx, side) { return ctx.memo("stacks " + side, () => stacksNow(ctx, side)); }

function stacksNow(ctx, side) {
  const out = new Map();
  for (const p of ctx.pieces((q) => q.side === side && inPlay(ctx, q)).sort(byId)) {
    const k = stackKey(ctx, p), l = out.get(k);
    if (l) l.push(p); else out.set(k, [p]);
  }
  return out;
}

// 7.21: 1 AP if at least half the stack's SPs belong to the AF, otherwise 2 (activation-points
// stack-cost; HQs count for no SPs: 7.11; a stack of HQs alone pays the AF's cost if one of them is
// the AF's); 0 if the stack has paid already in this activation.
function stackCost(ctx, stack, formations) {
  const live = stack.filter((p) => !p.opsComplete);
  if (live.length && live.every((p) => p.activated)) return 0;
  const c = ctx.table["activation-points"]["stack-cost"];
  let total = 0, own = 0, ownHq = false;
  for (const p of stack) {
    if (p.hq) { if (belongsTo(p, formations)) ownHq = true; continue; }
    total += p.sp || 0;
    if (belongsTo(p, formations)) own += p.sp || 0;
  }
  const share = total === 0 ? ownHq : own >= total * c["af-share"];
  return share ? c.af : c.otherwise;
}

// The AF's HQs on the map and the command range this half (7.12).
function commandPosts(ctx, a) {
  const hexes = [];
  for (const id of a.hqs) {
    const h = ctx.piece(id);
    if (h && h.at === "map" && h.hex) hexes.push(h.hex);
  }
  return { hexes, range: ctx.rules.weather.commandRange() };
}

function inRange(ctx, hex, posts) {
  for (const h of posts.hexes) if (ctx.map.distance(h, hex) <= posts.range) return true;
  return false;
}

function no(rule, reason) { return { ok: false, cost: null, reason, rule }; }

// The judgement for one piece, given its stack and the AF's command posts. `per`: what the
// stack's pieces share (command range, AP cost), worked out for the first piece that needs it.
function judge(ctx, a, p, stack, posts, opts, per) {
  per = per || {};
  if (p.side !== a.side) return no("7.1", p.id + " is not a unit of the active side (" + a.side + ")");
  if (!inPlay(ctx, p)) return no("5.11", p.id + " is not in play (" + p.at + ")");
  if (p.opsComplete) return no("7.21", p.id + " carries an Operations Complete marker");
  const own = belongsTo(p, a.formations);
  if (a.special === "turning-movement") {
    if (!own) return no("16.42", p.id + " is not of " + a.marker + ": only the seven chosen formations act in the turning movement");
    return { ok: true, cost: 0, belongs: true, rule: "16.42", reason: null };
  }
  if (p.at === "map" && per.inRange === undefined) per.inRange = inRange(ctx, p.hex, posts);
  if (p.at === "map" && !per.inRange) {
    return no("7.12", p.id + " in " + p.hex + " is beyond the " + posts.range + "-hex command range of " +
      (posts.hexes.length ? a.marker + "'s HQ (" + posts.hexes.join(", ") + ")" : a.marker + ", whose HQ is not on the map"));
  }
  if (!p.activated && per.cost === undefined) per.cost = stackCost(ctx, stack, a.formations);
  const cost = p.activated ? 0 : per.cost;
  if (opts && opts.free) return { ok: true, cost: 0, belongs: own, rule: "7.22", reason: null };
  const left = a.ap === null ? Infinity : a.ap - a.apSpent;
  if (cost > left) return no("7.21", p.id + "'s stack needs " + plural(cost, "AP") + " and " + a.marker + " has " + left + " left");
  return { ok: true, cost, belongs: own, rule: "7.21", reason: null };
}

// eligible(piece, {free}?): may the piece take part in an impulse of the activation under way?
// {ok, cost (0, 1, 2), belongs (one of the AF's), reason, rule}. free: an artillery or air impulse
// (7.22), which costs no AP.
export function eligible(ctx, piece, opts) {
  const a = ctx.state.activation;
  if (!a) return no("7.1", "no formation is active");
  let stack = [piece];
  if (piece.side === a.side && piece.at === "map" && piece.hex) {
    stack = ctx.piecesAt(piece.hex).filter((q) => q.side === piece.side && q.at === "map");
  } else if (piece.side === a.side && inPlay(ctx, piece)) {
    const k = stackKey(ctx, piece);
    stack = ctx.pieces((q) => q.side === piece.side && q.at === "arriving" && inPlay(ctx, q) && stackKey(ctx, q) === k);
  }
  return judge(ctx, a, piece, stack, commandPosts(ctx, a), opts);
}

// eligibleAll({free}?): eligible() for every piece of the active side in play, a Map id -> result,
// in one pass (for impulses that list their candidates). Read it, never change it.
export function eligibleAll(ctx, opts) {
  const free = !!(opts && opts.free);
  return ctx.memo(free ? "eligibleAll free" : "eligibleAll", () => eligibleAllNow(ctx, free));
}

function eligibleAllNow(ctx, free) {
  const a = ctx.state.activation;
  const out = new Map();
  if (!a) return out;
  const posts = commandPosts(ctx, a);
  const stacks = stacksOf(ctx, a.side);
  const opts = free ? { free: true } : null;
  for (const k of Array.from(stacks.keys()).sort()) {
    const per = {}, stack = stacks.get(k);
    for (const p of stack) out.set(p.id, judge(ctx, a, p, stack, posts, opts, per));
  }
  return out;
}

// spend(pieceIds): activates the stacks those pieces stand in and pays their AP (7.21). Refused,
// with nothing paid, if a piece may not activate or the AP do not suffice: {ok, cost, reason, rule}.
export function spend(ctx, pieceIds) {
  const a = ctx.state.activation;
  if (!a) return no("7.1", "no formation is active");
  const posts = commandPosts(ctx, a);
  const groups = {};
  for (const id of pieceIds.slice().sort()) {
    const p = ctx.piece(id);
    if (!p) return no("7.21", "there is no unit " + JSON.stringify(id));
    (groups[stackKey(ctx, p)] = groups[stackKey(ctx, p)] || []).push(p);
  }
  const stacks = stacksOf(ctx, a.side);
  let total = 0;
  const paid = [];
  for (const k of Object.keys(groups).sort()) {
    const stack = stacks.get(k) || groups[k];
    for (const p of groups[k]) {
      const j = judge(ctx, a, p, stack, posts, { free: true });
      if (!j.ok) return j;
    }
    const cost = a.special === "turning-movement" || groups[k].every((p) => p.activated) ? 0 : stackCost(ctx, stack, a.formations);
    total += cost;
    paid.push({ key: k, stack, cost });
  }
  const left = a.ap === null ? Infinity : a.ap - a.apSpent;
  if (total > left) return no("7.21", "activating " + plural(paid.length, "stack") + " costs " + plural(total, "AP") + "; " + a.marker + " has " + left + " left");
  for (const x of paid) {
    const ids = [];
    for (const p of x.stack) if (!p.opsComplete) { p.activated = true; ids.push(p.id); }
    a.stacks[x.key] = ids;
    if (x.cost) {
      const sc = ctx.table["activation-points"]["stack-cost"];
      ctx.trace({ rule: "7.21", table: "activation-points", uses: ["activation/activation-markers", "units/units"], cell: { stack: x.key, cost: x.cost }, result: x.cost,
        text: a.marker + " activates the stack in " + x.key + " (" + ids.join(", ") + ") for " + plural(x.cost, "AP") +
          (x.cost === sc.af ? ": at least x" + sc["af-share"] + " of its SPs are the formation's" : ": less than x" + sc["af-share"] + " of its SPs are the formation's") });
    }
  }
  a.apSpent += total;
  return { ok: true, cost: total, reason: null, rule: a.special === "turning-movement" ? "16.42" : "7.21" };
}

// ---- the end of an activation (7.3) --------------------------------------------------------------

// 7.3: units that moved and fought or bombarded, and artillery that moved more than half its MA
// (Full Move/No Fire, 8.2), are marked Operations Complete; the activation ends.
export function end(ctx) {
  const s = ctx.state;
  const a = s.activation;
  // 4.12 NOTE, 7.1: the forced combat came before this step; a unit still owing one is a broken game
  const owed = has(ctx, "forced-combat", "forcedUnits") ? ctx.rules["forced-combat"].forcedUnits() : [];
  if (owed.length) ctx.trace({ rule: "4.12", cell: { marker: a.marker }, result: owed, text: "the activation of " + a.marker + " ends with " + owed.join(", ") + " still owing a forced attack" });
  s.lastActivation = { marker: a.marker, owed };
  const marked = [];
  for (const p of ctx.pieces((q) => q.side === a.side && q.at === "map" && !q.opsComplete).sort(byId)) {
    const both = p.moved && (p.fought || p.bombarded);
    const fullMove = p.artillery && p.moveMarker === "full-move-no-fire";
    if (both || fullMove) { p.opsComplete = true; marked.push(p.id); }
  }
  for (const k of Object.keys(a.stacks).sort()) for (const id of a.stacks[k]) { const p = ctx.piece(id); if (p) p.activated = false; }
  ctx.rules.reinforcements.recombine();                              // 16.14
  if (marked.length) {
    ctx.trace({ rule: "7.3", cell: { marker: a.marker }, result: marked, text: plural(marked.length, "unit") + " marked Operations Complete: " + marked.join(", ") });
  }
  ctx.trace({ rule: "7.13", cell: { marker: a.marker }, result: a.apSpent,
    text: "the activation of " + a.marker + " ends" + (a.ap === null ? "" : " (" + a.apSpent + " of " + plural(a.ap, "AP") + " spent)") });
  s.activation = null;
}

// ---- 16.42 Axis turning movement (May 26) --------------------------------------------------------

// The side a 16.4 special rule is for (scenarios.yaml special-rules), and the other side.
function ruleSide(ctx, key) { return ctx.tables.scenarios["special-rules"][key].side; }
function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }

// The markers of `side` in the cup.
function inCup(ctx, side) { return (ctx.state.cup || []).filter((am) => marker(ctx, am).side === side); }

export function turningMovementDue(ctx) {
  const s = ctx.state;
  const t = s.surprise;
  if (!t || t.done || s.half !== "AM" || s.activation) return false;
  const n = ctx.tables.scenarios["special-rules"]["axis-turning-movement"].formations;
  return t.chosen.length < n && inCup(ctx, ruleSide(ctx, "axis-turning-movement")).length > 0;
}

export const chooseTurningMovement = {
  rule: "16.42",
  side(ctx) { return ruleSide(ctx, "axis-turning-movement"); },
  prompt(ctx) {
    const n = ctx.tables.scenarios["special-rules"]["axis-turning-movement"].formations;
    return "Axis turning movement: choose formation " + (ctx.state.surprise.chosen.length + 1) + " of " + n + " to activate, or end the surprise";
  },
  actions(ctx) {
    return inCup(ctx, ruleSide(ctx, "axis-turning-movement")).map((am) => ({ do: "activate", marker: am })).concat([{ do: "done" }]);
  },
  apply(ctx, action) {
    const s = ctx.state;
    if (action.do === "done") {
      s.surprise.done = true;
      ctx.trace({ rule: "16.42", result: s.surprise.chosen.slice(), text: "the Axis turning movement ends after " + plural(s.surprise.chosen.length, "formation") });
    } else {
      s.cup.splice(s.cup.indexOf(action.marker), 1);
      s.surprise.chosen.push(action.marker);
      startActivation(ctx, action.marker, "16.42");
      ctx.trace({ rule: "16.42", cell: { marker: action.marker, order: s.surprise.chosen.length }, result: action.marker,
        text: "Axis turning movement " + s.surprise.chosen.length + ": " + action.marker + " activates with no command limits, triple movement, and may not move next to an Allied unit" });
    }
    ctx.done();
  },
  why(ctx, action) {
    if (action.do === "activate") return { reason: action.marker + " is not an Axis marker in the cup", rule: "16.42" };
    return null;
  },
};

// ---- 16.43 Allied command paralysis (May 26) -----------------------------------------------------

// 16.43: the paralysed side's pieces on the map next to an enemy piece, sorted by id.
function alliedNextToAxis(ctx) {
  const side = ruleSide(ctx, "allied-command-paralysis"), enemy = other(ctx, side);
  const near = {};
  for (const p of ctx.pieces((q) => q.side === enemy && q.at === "map" && q.hex)) near[p.hex] = true;
  const out = [];
  for (const p of ctx.pieces((q) => q.side === side && q.at === "map" && q.hex).sort(byId)) {
    if (ctx.map.neighbors(p.hex).some((h) => near[h])) out.push(p.id);
  }
  return out;
}

function paralysisAdmits(ctx, am) {
  const par = ctx.state.paralysis;
  if (!par.paused) return false;
  if (am === par.extra) return true;
  return marker(ctx, am).formations.some((f) => par.released.indexOf(f) >= 0);
}

// The formations released when the Allied response is prepared: those attacked so far and those
// an Axis unit has moved next to since the turn began.
function releasedAtPause(ctx) {
  const par = ctx.state.paralysis;
  const out = {};
  for (const f of par.released) out[f] = true;
  const before = {};
  for (const id of par.adjacentAtStart) before[id] = true;
  for (const id of alliedNextToAxis(ctx)) if (!before[id]) for (const f of formationsOf(ctx.piece(id))) if (f) out[f] = true;
  return Object.keys(out).sort();
}

// Allied AMs of formations in play, with whether the release already admits them.
function alliedCandidates(ctx, released) {
  const present = {};
  const side = ruleSide(ctx, "allied-command-paralysis");
  for (const p of ctx.pieces((q) => q.side === side && inPlay(ctx, q))) for (const f of formationsOf(p)) if (f) present[f] = true;
  const out = [];
  for (const m of markerList(ctx, side)) {
    const fs = m.formations.map(String);
    if (!fs.some((f) => present[f])) continue;
    if (fs.some((f) => released.indexOf(f) >= 0)) continue;
    out.push(String(m.am));
  }
  return out.sort();
}

export function paralysisDue(ctx) {
  const s = ctx.state;
  const par = s.paralysis;
  if (!par || par.paused || s.half !== "AM" || s.activation) return false;
  return !turningMovementDue(ctx);
}

export const chooseParalysis = {
  rule: "16.43",
  side(ctx) { return ruleSide(ctx, "allied-command-paralysis"); },
  prompt() { return "Allied command paralysis: choose the one formation that may activate besides those the Axis has engaged"; },
  actions(ctx) {
    const c = alliedCandidates(ctx, releasedAtPause(ctx));
    return c.length ? c.map((am) => ({ do: "choose", marker: am })) : [{ do: "done" }];
  },
  apply(ctx, action) {
    const s = ctx.state;
    const par = s.paralysis;
    par.released = releasedAtPause(ctx);
    par.extra = action.do === "choose" ? action.marker : null;
    par.paused = true;
    const add = [];
    for (const m of markerList(ctx, ruleSide(ctx, "allied-command-paralysis"))) {
      const am = String(m.am);
      if (s.cup.indexOf(am) < 0 && s.activations.indexOf(am) < 0 && paralysisAdmits(ctx, am) && alliedInPlay(ctx, am)) add.push(am);
    }
    s.cup = s.cup.concat(add).sort();
    ctx.trace({ rule: "16.43", uses: ["activation/activation-markers"], cell: { released: par.released, extra: par.extra }, result: add,
      text: "Allied response to the surprise: " + (add.length ? add.join(", ") + " go into the cup" : "no Allied marker goes into the cup") +
        " (engaged formations: " + (par.released.length ? par.released.join(", ") : "none") + "; chosen: " + (par.extra || "none") + ")" });
    ctx.done();
  },
};

function alliedInPlay(ctx, am) {
  const fs = marker(ctx, am).formations;
  const side = ruleSide(ctx, "allied-command-paralysis");
  return ctx.pieces((p) => p.side === side && inPlay(ctx, p) && belongsTo(p, fs)).length > 0;
}

// release(formation): 16.43, an Allied formation was attacked (bombarded, close support, antitank
// fire or regular combat, whatever the result). Called by the combat and artillery sections with
// a formation id or the attacked piece. After the Allied response its marker joins the cup at once.
export function release(ctx, formation) {
  const s = ctx.state;
  const par = s.paralysis;
  if (!par || !special(ctx, "allied-command-paralysis")) return false;
  const fs = typeof formation === "string" ? [formation] : formationsOf(formation).filter((f) => f);
  let any = false;
  for (const f of fs) {
    if (par.released.indexOf(f) >= 0) continue;
    par.released.push(f);
    par.released.sort();
    any = true;
    const am = markerOf(ctx, f);
    const current = s.activation && s.activation.marker === am;
    if (par.paused && am && s.cup.indexOf(am) < 0 && s.activations.indexOf(am) < 0 && !current) {
      s.cup.push(am);
      s.cup.sort();
      ctx.trace({ rule: "16.43", uses: ["activation/activation-markers"], cell: { formation: f }, result: am, text: f + " was attacked: " + am + " goes into the cup" });
    } else {
      ctx.trace({ rule: "16.43", cell: { formation: f }, result: null, text: f + " was attacked: it is free to act once the Allied response is prepared" });
    }
  }
  return any;
}

// ---- 16.44 Axis initiative (May 27) ----------------------------------------------------------------

// 16.44: a divisional formation's marker reads a divisional column of the CCT (special-rules cct-columns).
function divisional(ctx, am) { return ctx.tables.scenarios["special-rules"]["axis-initiative"]["cct-columns"].indexOf(marker(ctx, am).cct) >= 0; }

function initiativeCandidates(ctx) { return inCup(ctx, ruleSide(ctx, "axis-initiative")).filter((am) => divisional(ctx, am)); }

export function initiativeDue(ctx) {
  const s = ctx.state;
  const t = s.initiative;
  if (!t || t.done || s.half !== "AM" || s.activation) return false;
  const n = ctx.tables.scenarios["special-rules"]["axis-initiative"].formations;
  return t.queue.length < n && initiativeCandidates(ctx).length > 0;
}

export const chooseInitiative = {
  rule: "16.44",
  side(ctx) { return ruleSide(ctx, "axis-initiative"); },
  prompt(ctx) {
    const n = ctx.tables.scenarios["special-rules"]["axis-initiative"].formations;
    return "Axis initiative: set aside divisional formation " + (ctx.state.initiative.queue.length + 1) + " of " + n + " (they activate in this order)";
  },
  actions(ctx) { return initiativeCandidates(ctx).map((am) => ({ do: "initiative", marker: am })).concat([{ do: "done" }]); },
  apply(ctx, action) {
    const s = ctx.state;
    const t = s.initiative;
    const n = ctx.tables.scenarios["special-rules"]["axis-initiative"].formations;
    if (action.do === "done") {
      t.done = true;
    } else {
      s.cup.splice(s.cup.indexOf(action.marker), 1);
      t.queue.push(action.marker);
      if (t.queue.length >= n) t.done = true;
    }
    ctx.trace({ rule: "16.44", cell: { queue: t.queue.slice() }, result: t.queue.slice(),
      text: action.do === "done" ? "the Axis initiative order is " + (t.queue.join(", ") || "empty") : action.marker + " is set aside as Axis initiative " + t.queue.length });
    ctx.done();
  },
};

// ---- the inspector's overlay -----------------------------------------------------------------------

// commandRangeOverlay(): the hexes within command range of the active formation's HQs, valued by
// the range ("10 hexes, clear"); empty between activations.
export function commandRangeOverlay(ctx) {
  const a = ctx.state.activation;
  const out = {};
  if (!a) return out;
  const posts = commandPosts(ctx, a);
  const label = posts.range + " hexes, " + ctx.rules.weather.current();
  for (const h of posts.hexes) for (const x of ctx.map.within(h, posts.range)) out[x] = label;
  return out;
}
