// Rats of Tobruk 2.3, 2.4, 17.13, 17.14: the pieces and the start of a scenario.
//   2.3   a combat unit's values, full-strength side and depleted side (none on a single-sided
//         counter), its movement type and its range triangle: makePiece, from the counters of
//         units.yaml (placeholder), the 2-9-8 Flak's from its printed table (11.3).
//   2.4   each unit belongs to a battalion, whose HQ activates it (6.0).
//   17.13 German and Italian units start off the map and enter along the edges the scenario names.
//   17.14 the Allied player sets up every Allied unit inside the ditch/wire perimeter, within the
//         stacking limits (7.1): the decision place, one unit after the other, in battalion order.
// State: state.pieces (docs/rats-of-tobruk.md), state.scenario (the scenario's set-up and entry
// rules), and the shared records the other sections fill: turn and weather, the cup, the
// activation under way, the move and the attack under way, losses, event chits, cleared hexsides.

const COUNTERS = "units/counters";

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// The units.yaml counter of a unit id, with its battalion; an unknown id is the scenario's mistake.
export function counter(ctx, id) {
  const units = ctx.tables.units;
  const index = ctx.once("counters", () => {
    const m = new Map();
    for (const c of units.counters.list) m.set(c.id, c);
    return m;
  });
  const c = index.get(id);
  if (!c) throw new Error("unit " + JSON.stringify(id) + " is not in units.yaml counters");
  return c;
}

export function battalion(ctx, id) {
  const index = ctx.once("battalions", () => {
    const m = new Map();
    for (const b of ctx.tables.units.battalions.list) m.set(String(b.id), b);
    return m;
  });
  const b = index.get(String(id));
  if (!b) throw new Error("battalion " + JSON.stringify(id) + " is not in units.yaml battalions");
  return b;
}

// makePiece(counter, id): a piece with every field it will ever have, in one order (so all pieces
// share one shape). The first fields are the counter's (fixed-piece-fields), the rest its status.
export function makePiece(ctx, c, id) {
  const b = battalion(ctx, c.battalion);
  const flak = c.values === "flak-88" ? ctx.tables.units["flak-88"] : null;
  const full = flak ? flak.full : c.full;
  const dep = c.depleted ? c.depleted.map((v, i) => (v === null && flak && i === 1 ? flak["reverse-defense"] : v)) : null;
  return {
    id: id || c.id, unit: c.id, name: c.name, side: b.side, nation: b.nation, battalion: String(c.battalion),
    type: c.type, kind: c.kind, hq: c.type === "hq",
    fa: full[0], fd: full[1], fm: full[2],
    da: dep ? dep[0] : null, dd: dep ? dep[1] : null, dm: dep ? dep[2] : null,
    range: c.range ? c.range.hexes : 0, fire: c.range ? c.range.fire : null,
    light: !!c.light, fireDefense: flak ? flak["reverse-defense"] : null,
    hex: null, at: "map", depleted: false,
    moved: false, attacked: false, directFired: false, fired: false, barraged: false,
    pinned: false, roadMove: false, overrun: false, advanced: false, riding: null,
    supply: "in", unsupplied: 0, nominated: false, entered: null, revealed: false,
  };
}

export function setup(ctx, scenario) {
  const s = ctx.state;
  const special = scenario.special || {};
  const first = special["first-chit"] || null;
  s.scenario = { id: scenario.id, setUp: special["set-up"] || null, entry: special.entry || null,
    firstChit: first ? { side: first.side, turn: scenario.turns.first } : null };
  s.pieces = {};
  const list = (scenario.pieces || []).slice().sort(byId);
  for (const p of list) {
    const c = counter(ctx, p.unit || p.id);
    const piece = makePiece(ctx, c, p.id);
    if (piece.side !== p.side) throw new Error("scenario piece " + p.id + " is " + p.side + " but its battalion " + c.battalion + " is " + piece.side);
    piece.hex = p.hex || null;
    piece.at = p.hex ? "map" : placing(s, piece.side) ? "set-up" : "off";
    s.pieces[piece.id] = piece;
  }
  s.date = null;
  s.turnKind = null;
  s.weather = null;
  s.cup = [];
  s.discard = [];
  s.chosen = null;
  s.activation = null;
  s.moving = null;
  s.attack = null;
  s.losses = {};
  s.shots = {};                     // direct fire by side, for the variant lab: {fired, hits, casualties}
  for (const side of ctx.sides) { s.losses[side] = 0; s.shots[side] = { fired: 0, hits: 0, casualties: 0 }; }
  s.events = null;
  s.cleared = [];
  s.opportunity = null;
  s.nominating = [];
  s.result = null;
  const off = ctx.pieces((p) => p.at === "off").length, toPlace = ctx.pieces((p) => p.at === "set-up").length;
  ctx.trace({ rule: "17.13, 17.14", table: COUNTERS, uses: ["units/battalions", "scenario"],
    text: "set up " + list.length + " units for " + scenario.id + ": " + toPlace + " to be placed by their owner (17.14), " + off + " off the map to enter (17.13)" });
}

function placing(s, side) { return !!(s.scenario.setUp && s.scenario.setUp[side]); }

// ---- 17.14: the free set-up -------------------------------------------------------------------

// The next piece to be placed: battalion order (as units.yaml lists them), HQ first, then id.
function nextToPlace(ctx) {
  const order = ctx.once("battalion-order", () => {
    const m = new Map();
    ctx.tables.units.battalions.list.forEach((b, i) => m.set(String(b.id), i));
    return m;
  });
  let best = null;
  for (const p of ctx.piecesById((q) => q.at === "set-up")) {
    if (!best) { best = p; continue; }
    const a = order.get(p.battalion), b = order.get(best.battalion);
    if (a < b || (a === b && p.hq && !best.hq)) best = p;
  }
  return best;
}

export function placingDue(ctx) { return ctx.pieces((p) => p.at === "set-up").length > 0; }

// The hexes a piece may be set up in: the scenario's set-up zone, within the stacking limits.
export function placeHexes(ctx, piece) {
  const rule = ctx.state.scenario.setUp[piece.side];
  const st = ctx.rules.stacking, by = new Map(), room = st.limit(false) - st.share(piece);
  for (const p of ctx.pieces((q) => q.hex)) by.set(p.hex, (by.get(p.hex) || 0) + (p.side === piece.side ? st.share(p) : Infinity));
  return ctx.map.zone(rule.zone).filter((h) => (by.get(h) || 0) <= room);
}

export const place = {
  rule: "17.14",
  side: (ctx) => nextToPlace(ctx).side,
  prompt(ctx) {
    const p = nextToPlace(ctx);
    return "set up " + p.name + " (" + ctx.pieces((q) => q.at === "set-up").length + " to place) inside the perimeter";
  },
  actions(ctx) {
    const p = nextToPlace(ctx);
    return placeHexes(ctx, p).map((h) => ({ do: "place", unit: p.id, hex: h }));
  },
  apply(ctx, a) {
    const p = ctx.piece(a.unit);
    p.hex = a.hex;
    p.at = "map";
    ctx.trace({ rule: "17.14", uses: ["map", "scenario"], text: p.name + " set up in " + a.hex, visibleTo: [p.side] });
    ctx.trace({ rule: "17.14", uses: ["map", "scenario"], text: "an " + p.side + " unit is set up in " + a.hex });
    if (!placingDue(ctx)) ctx.done();
  },
  why(ctx, a) {
    const p = nextToPlace(ctx);
    if (!a || a.unit !== p.id) return { reason: "the units are set up one after the other: " + p.name + " is next", rule: "17.14" };
    if (!ctx.map.has(a.hex)) return { reason: a.hex + " is not a hex of the map", rule: "17.14" };
    if (ctx.map.zone(ctx.state.scenario.setUp[p.side].zone).indexOf(a.hex) < 0) return { reason: a.hex + " is outside the ditch/wire perimeter", rule: "17.14" };
    return { reason: a.hex + " is full: four full-strength units at most (7.1)", rule: "7.1" };
  },
};
