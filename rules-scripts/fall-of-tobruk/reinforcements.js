// The Fall of Tobruk, section 5.1: reinforcements (the Reinforcement/Replacement phase, 3.1).
//   5.11  ground reinforcements arrive on the day the Ground Units Reinforcement Chart gives
//         (reinforcements.yaml ground-schedule): Allied units off the east edge, or in Tobruk
//         where the chart says so; Axis units off the west or north-west edge. Units off the edge
//         wait there and move onto the map when activated in a later Operations Phase (the
//         movement section moves them in by piece.entry): arrive, choose.
//   7.13  an arriving formation's activation marker goes into the cup that turn (the activation
//         section counts waiting reinforcements as in play: waiting).
//   16.16 the initial reserve tanks of both scenarios (scenarios.yaml): start.
//   16.14 a battalion set aside (two South African battalions) takes the place of its components
//         as soon as all of them stand in one hex: recombine, at the end of each activation.
//   5.2-5.4  refitting, reserve tanks and wreck repair follow in the same phase: the refit section.
// A piece gives its day as `arrives` (a game-turn, a printed date, or {turn, where}); one that
// gives none is found by its name in the chart. State: state.reserveTanks {axis, allied} and
// state.reserveTankTypes {side: {type: n}} (16.16); piece.entry (the map edges it may enter by).

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// 16.16: the reserve tanks both scenarios begin with.
export function start(ctx) {
  const s = ctx.state;
  if (s.reserveTanks) return;
  const t = ctx.tables.scenarios["initial-reserve-tanks"];
  s.reserveTanks = {};
  s.reserveTankTypes = {};
  for (const side of ctx.sides) {
    const types = t[side] || {};
    s.reserveTankTypes[side] = {};
    let n = 0;
    for (const k of Object.keys(types).sort()) { s.reserveTankTypes[side][k] = types[k]; n += types[k]; }
    s.reserveTanks[side] = n;
  }
  ctx.trace({ rule: "16.16", table: "scenarios/initial-reserve-tanks", result: s.reserveTanks,
    text: "reserve tanks: " + ctx.sides.map((x) => x + " " + s.reserveTanks[x]).join(", ") });
}

// The chart's row that lists the piece by name, if any.
function chartRow(ctx, p) {
  for (const r of ctx.table["ground-schedule"].rows) if (r.side === p.side && r.units.indexOf(p.name) >= 0) return r;
  return null;
}

function turnOfDay(ctx, t) {
  if (typeof t === "number") return t;
  if (typeof t === "string") return ctx.rules.sequence.turnOf(t);
  return null;
}

// arrival(piece): {turn, where, row} of a reinforcement: its own `arrives`, completed from the
// chart (by name, else by its side and day); null for a piece with no day.
export function arrival(ctx, p) {
  const a = p.arrives;
  let turn = null, where = null;
  if (typeof a === "number" || typeof a === "string") turn = turnOfDay(ctx, a);
  else if (a && typeof a === "object") { turn = turnOfDay(ctx, a.turn !== undefined ? a.turn : a.date); where = a.where || null; }
  let row = chartRow(ctx, p);
  if (turn === null && row) turn = ctx.rules.sequence.turnOf(row.turn);
  if (turn === null) return null;
  if (!row || ctx.rules.sequence.turnOf(row.turn) !== turn) {
    row = ctx.table["ground-schedule"].rows.find((r) => r.side === p.side && ctx.rules.sequence.turnOf(r.turn) === turn) || null;
  }
  const otherwise = ctx.table["ground-arrival"]["default-where"][p.side];
  if (!where) where = row ? row.where : otherwise;
  return { turn, where, row };
}

// waiting(piece): a reinforcement off the map whose day has come (5.11).
export function waiting(ctx, p) {
  if (p.at !== "arriving") return false;
  const a = arrival(ctx, p);
  return !!a && a.turn <= ctx.turn;
}

// The places a chart entry names: "Tobruk", and map edges as the map's zone names.
function places(where) {
  return String(where).split(/\s+or\s+/i).map((w) => {
    const x = w.trim().toLowerCase().replace(/\s*edge$/, "").replace(/-/g, "");
    if (x === "tobruk") return "tobruk";
    return x.replace(/\s+/g, "") + "-edge";
  });
}

function groupKey(ctx, p, a) { return p.side + " " + ctx.rules.sequence.date(a.turn) + ": " + a.where; }

// 5.11: the day's arrivals: units for an edge wait off it (piece.entry); units for Tobruk go in;
// where the chart offers Tobruk or an edge, the owner chooses (choose).
export function arrive(ctx) {
  const s = ctx.state;
  const groups = {};
  for (const p of ctx.pieces((q) => q.at === "arriving").sort(byId)) {
    const a = arrival(ctx, p);
    if (!a || a.turn > ctx.turn || p.entry) continue;
    const k = groupKey(ctx, p, a);
    (groups[k] = groups[k] || { where: a.where, side: p.side, ids: [] }).ids.push(p.id);
  }
  s.arrivalChoices = [];
  for (const k of Object.keys(groups).sort()) {
    const g = groups[k];
    const ps = places(g.where);
    if (ps.indexOf("tobruk") >= 0 && ps.length > 1) {
      s.arrivalChoices.push({ group: k, side: g.side, ids: g.ids, places: ps });
      continue;
    }
    settle(ctx, k, g.ids, ps);
  }
  if (!Object.keys(groups).length) ctx.trace({ rule: "5.11", cell: { turn: ctx.turn }, result: [], text: ctx.rules.sequence.date() + ": no ground reinforcements arrive" });
}

// Puts a group where it arrives: in Tobruk (the hex holding the fewest SPs), or off the edges.
function settle(ctx, key, ids, ps) {
  if (ps.length === 1 && ps[0] === "tobruk") {
    const hex = emptiestTobrukHex(ctx, ctx.piece(ids[0]).side);
    for (const id of ids) { const p = ctx.piece(id); p.at = "map"; p.hex = hex; p.entry = null; }
    ctx.rules.victory.afterMove(ctx.piece(ids[0]), [hex]);
    ctx.trace({ rule: "5.11", table: "ground-schedule", uses: ["units/units", "map", "sequence/turn-record"], cell: { group: key }, result: hex, text: key + ": " + ids.join(", ") + " arrive in Tobruk (" + hex + ")" });
    return;
  }
  for (const id of ids) ctx.piece(id).entry = ps.slice();
  ctx.trace({ rule: "5.11", table: "ground-schedule", uses: ["units/units", "sequence/turn-record"], cell: { group: key }, result: ps,
    text: key + ": " + ids.join(", ") + " wait off the " + ps.join(" or ") + " and enter when activated" });
}

function emptiestTobrukHex(ctx, side) {
  let best = null, bestSp = null;
  for (const h of ctx.rules.victory.tobrukHexes()) {
    const sp = ctx.piecesAt(h).filter((p) => !p.hq).reduce((n, p) => n + (p.sp || 0), 0);
    if (best === null || sp < bestSp) { best = h; bestSp = sp; }
  }
  if (best === null) throw new Error("the map names no Tobruk hex for reinforcements to arrive in (5.11)");
  return best;
}

export function choiceDue(ctx) { return !!(ctx.state.arrivalChoices && ctx.state.arrivalChoices.length); }

// 5.11: "Tobruk or East Edge": the owner places the day's group in Tobruk or off the edge.
export const choose = {
  rule: "5.11",
  side(ctx) { return ctx.state.arrivalChoices[0].side; },
  prompt(ctx) { return "Reinforcements " + ctx.state.arrivalChoices[0].group + ": where do they arrive?"; },
  actions(ctx) { return ctx.state.arrivalChoices[0].places.map((p) => ({ do: "arrive", at: p })); },
  apply(ctx, action) {
    const c = ctx.state.arrivalChoices.shift();
    settle(ctx, c.group, c.ids, [action.at]);
    if (!ctx.state.arrivalChoices.length) ctx.done();
  },
};


// 16.14: a battalion waiting aside comes into play when every one of its components stands on the
// map in one hex: it takes their place (the components are set aside), with the worst of their
// marks (Disrupted, morale letters lost, moved, fought, Operations Complete, out of supply).
export function recombine(ctx) {
  for (const b of ctx.pieces((p) => p.at === "aside" && p.combines).sort(byId)) {
    const parts = b.combines.map((id) => ctx.piece(id));
    if (parts.some((q) => !q || q.at !== "map" || !q.hex || q.hex !== parts[0].hex)) continue;
    const hex = parts[0].hex;
    for (const f of ["disrupted", "moved", "fought", "bombarded", "opsComplete", "activated", "oos"]) b[f] = parts.some((q) => !!q[f]);
    b.moraleLoss = parts.reduce((n, q) => Math.max(n, q.moraleLoss || 0), 0);
    b.hex = hex;
    b.at = "map";
    for (const q of parts) { q.hex = null; q.at = "aside"; }
    ctx.trace({ rule: "16.14", table: "units/units", uses: ["units/units"], cell: { battalion: b.id, hex }, result: "recombined",
      text: b.combines.join(", ") + " stand together in " + hex + ": they recombine into " + b.id + " (16.14)" });
  }
}
