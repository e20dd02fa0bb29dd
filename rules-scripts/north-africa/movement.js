// North Africa standard rules, sections 5.0-5.2: movement, with the movement effects of 6.1
// (zones of control), 10.1 (minefields), 12.23 and 12.32 (supply), 13.1 (reinforcements, through
// the reinforcements section) and 14.0 (exits, through the exit section).
//   5.0   units move one at a time along contiguous hexes, paying movement points (MP) per hex.
//   5.11  only the phasing side moves, in its own movement phase (the decision is the phasing side's).
//   5.12  never into a hex holding an enemy unit (the cost spec blocks enemy hexes).
//   5.13  never more MP than the allowance; unused MP are lost (one search per unit, budget = allowance).
//   5.14  never out of an enemy-controlled hex (units that start the phase in one are not offered a move).
//   5.15  a unit moves once per player-turn (`moved`; a reinforcement's entry and onward move are one move).
//   5.21  Mixed costs 2, other hexes more; hexside costs add to the hex cost; costs add up.
//   5.22  road hex to road hex across a road hexside: 1/2 MP instead of the hex cost, plus minefields.
//   5.23  trail hex to trail hex across a trail hexside: 1 MP instead of the hex cost, plus minefields.
//   5.24  example: mechanized, Mixed to Mixed across a road hexside that is a friendly minefield: 4 1/2.
//   5.25  escarpment hexsides are crossed only where a road or trail crosses them.
//   5.26  a unit may not enter a hex it cannot pay for (hex and hexside together).
//   6.0   entering an enemy-controlled hex ends the move (the spec's stop zone); 6.12: at no extra cost.
//   10.11 a friendly minefield hexside costs 2 more MP (non-mechanized) or 4 (mechanized); 10.13 on
//         roads and trails too. 10.12 an enemy minefield is crossed only by a unit that held a hex
//         beside it at the start of the phase, for its whole allowance, and then it stops: the
//         separate action cross-minefield (the minefields section carries it out); ordinary moves
//         never cross one.
//   12.23 no move into an unsupplied position; a unit unsupplied at the start of the phase moves, if
//         at all, toward the nearest friendly source. 12.32 an unsupplied unit's allowance is halved.
//   5.0   the moving player picks the path: a move takes the cheapest path to its end hex, or, where
//         a rule counts the hexes a unit passes (sections exporting routeHexes, Crusader 19.37),
//         {via: hex} routes it through one of them.
// Decision `move` (actions: move, cross-minefield, exit, enter, done) and `onward` (a reinforcement
// that has just entered moves on, or stops). Hooks: every section exporting afterMove(piece, path)
// hears of each completed move; movementPhaseStart(side) is called at the start of each phase.
// Tables: tables/north-africa/movement.yaml.

function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }
function asSet(list) { const o = {}; for (const x of list) o[x] = true; return o; }
function mpText(x) {
  const whole = Math.floor(x), half = x - whole;
  return half === 0.5 ? (whole ? whole + "\u00bd" : "\u00bd") : String(x);
}
// mpLabel(x): movement points as the Terrain Key prints them (a half as ½), for other sections' texts.
export function mpLabel(ctx, x) { return mpText(x); }

// Calls `name(...args)` of every section exporting it, in section-name order (skipping this one).
function hooks(ctx, name, ...args) {
  for (const s of Object.keys(ctx.rules).filter((x) => x !== ctx.section && typeof ctx.rules[x][name] === "function").sort()) {
    ctx.rules[s][name](...args);
  }
}

// moved(piece, path): reports a completed move to every section exporting afterMove (the
// minefields section's 10.12 crossings are moves too).
export function moved(ctx, piece, path) { hooks(ctx, "afterMove", piece, path); }

// ---- costs -------------------------------------------------------------------------------------

// The MP to enter a hex of this terrain (Terrain Key; placeholder prices for unpriced types);
// null if the terrain is closed to movement. `placeholder` says an unpriced figure was used.
function hexCost(ctx, terrain) {
  const t = ctx.table;
  if (t["closed-hexes"].closed.indexOf(terrain) >= 0) return { mp: null };
  if (terrain in t["hex-costs"].mp) return { mp: t["hex-costs"].mp[terrain] };
  if (terrain in t["hex-costs-unpriced"].mp) {
    const v = t["hex-costs-unpriced"].mp[terrain];
    return { mp: v === "prohibited" ? null : v, placeholder: true };
  }
  return { mp: null };
}

// hexCostOf(hex): the MP of the hex's own terrain, or null if closed.
export function hexCostOf(ctx, hex) { return hexCost(ctx, ctx.map.terrain(hex)).mp; }

// crossingCost(piece): what crossing an enemy minefield costs the unit (10.12: its whole allowance).
export function crossingCost(ctx, piece) {
  const c = crossing(ctx).mineCost;
  return c === "entire-movement-allowance" ? allowance(ctx, piece) : c;
}

// entryQueue(road): the terrain of the hypothetical hexes queued behind a reinforcement's entry hex
// (13.13: road hexes at a road entry, Mixed otherwise), and the MP each costs.
export function entryQueue(ctx, road) {
  const q = crossing(ctx).queue, terrain = road ? q["road-entry"] : q.otherwise;
  return { terrain, mp: terrain === "road" ? ctx.table["road-and-trail"].road.mp : hexCost(ctx, terrain).mp };
}

// closedTerrain(): the terrain types no unit may enter (closed-hexes, and the unpriced types
// priced "prohibited"), sorted; the zone of control and set-up rules close the same (6.14).
export function closedTerrain(ctx) {
  return ctx.once("closed terrain", () => {
    const t = ctx.table, out = t["closed-hexes"].closed.slice(), un = t["hex-costs-unpriced"].mp;
    for (const k of Object.keys(un)) if (un[k] === "prohibited" && out.indexOf(k) < 0) out.push(k);
    return Object.freeze(out.sort());
  });
}

// beyondEdge(hex): the terrain of the imaginary hex beyond the map edge at hex (14.0: map-edge
// exit-imaginary-hex, the same as the hex left) and the MP to enter it (null: closed).
export function beyondEdge(ctx, hex) {
  const x = crossing(ctx).beyond;
  const terrain = x === "same-terrain-as-exit-hex" ? ctx.map.terrain(hex) : x;
  return { terrain, mp: hexCost(ctx, terrain).mp };
}

// What the hexsides and hex features cost or bar, as the tables say, once per rules context:
// escUnless (5.25: the hexside features that open an escarpment; null if escarpments do not bar),
// prohibited (Terrain Key: whether a prohibited hexside bars), featureMp (10.3: the hex features
// that add to a hex's cost, with what; none by the printed rules), mineCost (10.12), queue (13.13:
// the hypothetical hexes of an entry column), beyond (14.0: the imaginary hex beyond the edge).
function crossing(ctx) {
  return ctx.once("crossing", () => {
    const hs = ctx.table.hexsides, extra = ctx.table["hex-features"]["extra-mp"], featureMp = {}, edge = ctx.table["map-edge"];
    for (const f of Object.keys(extra).sort()) if (extra[f]) featureMp[f] = extra[f];
    return Object.freeze({ escUnless: hs.escarpment.crossable === false ? hs.escarpment.unless.slice() : null,
      prohibited: hs.prohibited.crossable === false, featureMp, featured: Object.keys(featureMp).length > 0,
      mineCost: hs["enemy-minefield"].cost,                                                  // 10.12
      queue: edge["entry-queue-hex"], beyond: edge["exit-imaginary-hex"] });                 // 13.13, 14.0
  });
}

// bareEscarpmentFn(): (a, b) => whether the hexside between adjacent a and b is an escarpment that
// bars movement (5.25: no road or trail across it), read from the board's hexside masks: for the
// rules that follow 5.25 (7.46 combat, 7.72 retreat, 10.12 crossings, 12.21 supply paths).
export function bareEscarpmentFn(ctx) {
  return ctx.once("bare escarpment", () => {
    const board = ctx.rules.setup.board(), k = bareEscarpmentBits(ctx);
    return (a, b) => {
      const d = ctx.map.direction(a, b);
      const m = d < 0 ? 0 : board.mask[ctx.map.index(a) * 6 + d];
      return (m & k.esc) !== 0 && (m & k.open) === 0;
    };
  });
}

// bareEscarpmentBits(): the same as board mask bits, {esc, open}: a hexside whose mask m has
// (m & esc) and not (m & open) is a bare escarpment (for loops over the board's masks).
export function bareEscarpmentBits(ctx) {
  return ctx.once("bare escarpment bits", () => {
    const board = ctx.rules.setup.board(), C = crossing(ctx), bit = (f) => ctx.rules.setup.bit(board, f);
    let open = 0;
    for (const f of C.escUnless || []) open |= bit(f);
    return Object.freeze({ esc: C.escUnless ? bit("escarpment") : 0, open });
  });
}

// The MP the features of hex `hex` add to entering it (10.3 hex-features), 0 by the printed rules.
function featureCost(ctx, hex) {
  const C = crossing(ctx);
  if (!C.featured) return 0;
  let mp = 0;
  for (const f of ctx.map.features(hex)) if (C.featureMp[f]) mp += C.featureMp[f];
  return mp;
}

// baseSpec(side, mechanized): the part of the cost model the tables alone decide, compiled once
// per rules context: terrain (5.21, Terrain Key), roads and trails (5.22, 5.23), escarpments
// (5.25), minefields (10.11-10.13, drawn or added by an option: minefields never change, 10.0),
// hexes ringed by enemy minefields (10.12).
function baseSpec(ctx, side, mechanized) {
  return ctx.once("movement base " + side + (mechanized ? "/mechanized" : "/non-mechanized"), () => baseSpecNow(ctx, side, mechanized));
}

function baseSpecNow(ctx, side, mechanized) {
  const board = ctx.rules.setup.board();
  const t = ctx.table;
  const hasS = asSet(board.hexsideFeatures);
  const unit = { side, mechanized };
  const terrain = {};
  for (const k of board.terrains) {                                       // 5.21, Terrain Key
    const c = hexCost(ctx, k);
    terrain[k] = c.mp === null ? "prohibited" : c.mp;
  }
  const hexsides = {};
  const rt = t["road-and-trail"], C = crossing(ctx);
  if (hasS.road) hexsides.road = { replace: rt.road.mp };                // 5.22
  if (hasS.trail) hexsides.trail = { replace: rt.trail.mp };             // 5.23
  if (hasS.escarpment && C.escUnless) hexsides.escarpment = { block: true, unless: C.escUnless.filter((f) => hasS[f]) };   // 5.25
  const mines = ctx.rules.minefields.featureOf();
  const own = mines[side], theirs = mines[other(ctx, side)];
  if (own && hasS[own]) hexsides[own] = { add: ctx.rules.minefields.extraMp(unit) };   // 10.11, 10.13
  if (theirs && hasS[theirs]) hexsides[theirs] = { block: true };        // 10.12: only by cross-minefield
  const unpriced = t["hexside-costs-unpriced"]["extra-mp"];
  for (const f of Object.keys(unpriced).sort()) if (hasS[f]) hexsides[f] = { add: unpriced[f] };
  if (hasS.prohibited && C.prohibited) hexsides.prohibited = { block: true };   // Terrain Key: Prohibited
  const sideAdd = {};                                                     // 10.11: friendly minefields a section adds
  for (const ab of ctx.rules.minefields.undrawn(side)) sideAdd[ab] = ctx.rules.minefields.extraMp(unit);
  const blocked = ctx.rules.minefields.ringed(other(ctx, side)).slice().sort();   // 10.12: a hex ringed by enemy minefields
  const spec = { terrain, defaultProhibited: true, hexsides, sideAdd, blocked };
  if (C.featured) spec.enterAdd = ctx.map.ids.map((h) => featureCost(ctx, h));    // 10.3: hex features' extra cost
  return spec;
}

// costSpec(piece, enemyZoc?, enemyHexes?): the cost model of the kernel's path search for this
// unit now: the base for its side and class, enemy hexes blocked (5.12) and the enemy's zones of
// control as zone 1, where a move stops (6.0). enemyZoc: an array over ctx.map.ids (1 = controlled)
// as the zoc section's bits(), or {hex: true}; enemyHexes: the hexes enemy units stand in.
export function costSpec(ctx, piece, enemyZoc, enemyHexes) {
  const enemy = other(ctx, piece.side);
  let zones = enemyZoc || ctx.rules.zoc.bits(enemy);
  if (!(zones instanceof Uint8Array)) {
    const z = new Uint8Array(ctx.map.ids.length);
    for (const h of Object.keys(zones)) if (zones[h]) z[ctx.map.index(h)] = 1;
    zones = z;
  }
  let blocked = enemyHexes;
  if (!blocked) {
    blocked = [];
    for (const p of ctx.pieces((q) => q.hex && q.at === "map" && q.side === enemy)) blocked.push(p.hex);
    blocked.sort();
  }
  const z = zocEffects(ctx);
  const spec = { base: baseSpec(ctx, piece.side, !!piece.mechanized), zones, zoneStop: z.stop ? [1] : [], blocked };
  if (z.enter) spec.zoneEnterAdd = [0, z.enter];                         // 6.12
  return spec;
}

// 6.0, 6.12, 5.14: what an enemy zone does to a move (zoc.yaml effects), once per rules context.
function zocEffects(ctx) {
  return ctx.once("zoc effects", () => {
    const e = ctx.tables.zoc.effects;
    return Object.freeze({ stop: e["stop-on-entering-enemy-zone"] !== false, enter: e["extra-mp-to-enter"] || 0, leave: e["leave-during-movement"] === true });
  });
}

// stepCost(piece, a, b, explain = true): the MP to move from a into the adjacent b, as the cost spec
// prices it, with the reasons, for traces and tests: {mp, parts: [text], placeholder, option, mined,
// unpricedHex, unpricedSide}: placeholder when a stand-in price (hex or hexside) was paid, mined when
// a friendly minefield's price went by the unit's class. mp null = prohibited. `explain` false leaves the parts empty (no trace will read them).
export function stepCost(ctx, piece, a, b, explain) {
  const say = explain !== false;
  const t = ctx.table;
  const board = ctx.rules.setup.board();
  const f = (board.sides[a] && board.sides[a][b]) || [];
  const terrain = ctx.map.terrain(b);
  const hc = hexCost(ctx, terrain);
  if (hc.mp === null) return { mp: null, parts: [terrain + " is closed to movement (Terrain Key)"] };
  if (bareEscarpmentFn(ctx)(a, b)) return { mp: null, parts: ["escarpment hexside without " + crossing(ctx).escUnless.join(" or ") + " (5.25)"] };
  if (f.indexOf("prohibited") >= 0 && crossing(ctx).prohibited) return { mp: null, parts: ["prohibited hexside (Terrain Key)"] };
  const mines = ctx.rules.minefields.featureOf();
  const theirs = mines[other(ctx, piece.side)], own = mines[piece.side];
  if (theirs && f.indexOf(theirs) >= 0) return { mp: null, parts: ["enemy minefield hexside (10.12)"] };
  if (ctx.rules.minefields.owner(a, b) === other(ctx, piece.side)) return { mp: null, parts: ["enemy minefield hexside " + a + "/" + b + ", added by an option (10.12)"] };
  let mp = hc.mp, parts = say ? [terrain + " " + mpText(hc.mp)] : [], placeholder = !!hc.placeholder, option = null;
  if (f.indexOf("road") >= 0) { mp = t["road-and-trail"].road.mp; parts = say ? ["road " + mpText(mp)] : parts; placeholder = false; }
  else if (f.indexOf("trail") >= 0) { mp = t["road-and-trail"].trail.mp; parts = say ? ["trail " + mpText(mp)] : parts; placeholder = false; }
  let mined = false;
  if (own && f.indexOf(own) >= 0) { const x = ctx.rules.minefields.extraMp(piece); mp += x; mined = true; if (say) parts.push("friendly minefield +" + mpText(x)); }
  else if (ctx.rules.minefields.owner(a, b) === piece.side) {
    const x = ctx.rules.minefields.extraMp(piece);
    option = ctx.rules.minefields.addedUnder(a, b);
    mp += x;
    mined = true;
    if (say) parts.push("friendly minefield (" + a + "/" + b + ", added by " + (option ? "option " + option : "an option") + ") +" + mpText(x));
  }
  const unpriced = t["hexside-costs-unpriced"]["extra-mp"];
  const unpricedHex = placeholder;
  let unpricedSide = false;
  for (const k of unpricedFeatures(ctx)) if (f.indexOf(k) >= 0) { mp += unpriced[k]; if (say) parts.push(k + " +" + mpText(unpriced[k])); placeholder = unpricedSide = true; }
  const fx = featureCost(ctx, b);
  if (fx) { mp += fx; if (say) parts.push("hex features +" + mpText(fx) + " (10.3)"); }
  return { mp, parts, placeholder, option, mined, unpricedHex, unpricedSide };
}

// The hexside features whose extra cost the seed does not print, in name order (the tables alone).
function unpricedFeatures(ctx) {
  return ctx.once("unpriced features", () => Object.keys(ctx.table["hexside-costs-unpriced"]["extra-mp"]).sort());
}

// allowance(piece): the movement allowance this phase: halved, fractions up, if the unit began
// the phase unsupplied (12.32).
export function allowance(ctx, piece) {
  return piece.unsupplied ? ctx.rules.supply.halved(piece.movement) : piece.movement;
}

function spent(ctx, piece) {
  const m = ctx.state.movement;
  return (m && m.spent && m.spent[piece.id]) || 0;
}

// ---- what a phase needs, computed once per call ------------------------------------------------

// phaseData(side): occupancy (occ: a Map of hex -> unit ids; occAt: 1 by hex index where a unit
// stands), enemy hexes and zones, supplied positions and cost specs, passed down to every check of
// one call (the reinforcements and exit sections use it too). During the side's own movement phase
// the parts that only enemy positions decide (zones, cost specs, each unit's reach) are kept beside
// the phase's record (ctx.keep on state.movement, never in the state), keyed on the enemy hexes:
// enemy units do not move in that phase. Supply is recomputed when friendly units beside enemy
// minefields change (12.22), the only way friendly moves alter it. Once per position (ctx.memo).
export function phaseData(ctx, side) {
  return ctx.memo("phase data " + side, () => phaseDataNow(ctx, side));
}

// phaseData() as the legal moves saw it, while a move applies (ctx.memoBefore: read before any write).
function phaseDataBefore(ctx, side) {
  return ctx.memoBefore("phase data " + side, () => phaseData(ctx, side));
}

function phaseDataNow(ctx, side) {
  const enemy = other(ctx, side);
  const mines = ctx.rules.minefields.hexsidesOf(enemy);                   // drawn or added by an option
  const occ = new Map(), occAt = new Uint8Array(ctx.map.ids.length);
  const enemyHexes = [], mineHexes = [];
  for (const p of ctx.pieces((q) => q.hex && q.at === "map")) {
    const here = occ.get(p.hex);
    if (here) here.push(p.id); else occ.set(p.hex, [p.id]);
    const i = ctx.map.index(p.hex);
    occAt[i] = 1;
    if (p.side === enemy) enemyHexes.push(p.hex);
    else for (let d = 0; d < 6; d++) if (mines[i * 6 + d]) { mineHexes.push(p.hex); break; }
  }
  enemyHexes.sort();
  const key = enemyHexes.join(" "), mineKey = mineHexes.sort().join(" ");
  const m = ctx.state.movement;
  const own = !!(m && m.active && m.side === side);
  const make = () => ({ mineKey, enemyZoc: ctx.rules.zoc.controlled(enemy), zocBits: ctx.rules.zoc.bits(enemy), supplied: Array.from(ctx.rules.supply.bits(side)),
    ringed: ctx.rules.minefields.ringed(enemy), specs: {}, reach: {}, ends: {}, exits: {}, crossings: {} });
  const c = own ? ctx.keep(m, "phase data " + key, make) : make();
  if (c.mineKey !== mineKey) {
    const supplied = Array.from(ctx.rules.supply.bits(side));
    if (supplied.some((x, i) => x !== c.supplied[i])) c.ends = {};
    else {
      // the same supplied positions: only a unit beside an enemy minefield may hold one open alone
      // (12.22), so only its ends can differ
      for (const h of c.mineKey.split(" ").concat(mineHexes)) delete c.ends[h];
    }
    c.mineKey = mineKey;
    c.supplied = supplied;
  }
  return { side, enemy, occ, occAt, enemyHexes, enemyZoc: c.enemyZoc, zocBits: c.zocBits, supplied: c.supplied, ringed: c.ringed, specs: c.specs, reach: c.reach, ends: c.ends, exits: c.exits,
    crossings: c.crossings, supplyRules: ctx.rules.supply.movementRules() };
}

// Hexes a move may be routed through because a rule counts passing through them: every section
// exporting routeHexes(side) names them as [{hex, rule, points}] (Crusader 19.37): {hex: {rule, points}}.
function routeHexes(ctx, side, data) {
  if (data.route === undefined) {
    const out = {};
    for (const name of Object.keys(ctx.rules).filter((x) => typeof ctx.rules[x].routeHexes === "function").sort()) {
      for (const r of ctx.rules[name].routeHexes(side) || []) out[r.hex] = r;
    }
    data.route = out;
  }
  return data.route;
}

// Moves routed through such a hex: {do: "move", unit, to, via} for every hex the unit may end in
// with the MPs left once there. The unit must pass it, not stop in it (an enemy zone, 6.0).
function viaMoves(ctx, p, budget, data) {
  const route = routeHexes(ctx, p.side, data);
  const vs = Object.keys(route).sort(), out = [];
  if (!vs.length) return out;
  const raw = rawReach(ctx, p, p.hex, budget, data), ids = ctx.map.ids;
  for (const v of vs) {
    const mp = mpTo(ctx, raw, v);
    if (v === p.hex || mp === undefined || data.enemyZoc[v]) continue;
    for (const i of supplyOk(ctx, p, v, budget - mp, data)) if (data.occAt[i] === 0 && ids[i] !== v) out.push({ do: "move", unit: p.id, to: ids[i], via: v });
  }
  return out;
}

// Why a routed move is refused, or null if only the end hex is left to judge.
function viaProblem(ctx, piece, to, via, budget, data) {
  const route = routeHexes(ctx, piece.side, data);
  if (typeof via !== "string" || route[via] === undefined) {
    return { rule: "5.0", reason: "a move names a hex to pass (via) only where a rule counts passing it: " + (Object.keys(route).sort().join(", ") || "none now") };
  }
  const toVia = mpTo(ctx, rawReach(ctx, piece, piece.hex, budget, data), via);
  if (toVia === undefined) return { rule: "5.26", reason: piece.id + " cannot reach " + via + " with " + mpText(budget) + " MP (5.12, 5.25, 6.0 may bar the way)" };
  if (data.enemyZoc[via]) return { rule: "6.0", reason: via + " is enemy-controlled: a move entering it ends there" };
  const rest = rawReach(ctx, piece, via, budget - toVia, data);
  if (mpTo(ctx, rest, to) === undefined) return { rule: "5.26", reason: to + " is beyond the " + mpText(budget - toVia) + " MP left once in " + via };
  return null;
}

function specFor(ctx, piece, data) {
  const key = piece.side + (piece.mechanized ? "/mechanized" : "/non-mechanized");
  if (!data.specs[key]) data.specs[key] = costSpec(ctx, piece, data.zocBits, data.enemyHexes);
  return data.specs[key];
}

// ---- legality ------------------------------------------------------------------------------------

// occupied(piece, hex, data): why another unit's presence bars ending in hex (5.12, 5.31), or null.
function occupied(ctx, piece, hex, data) {
  const here = data.occ.get(hex);
  if (!here) return null;
  const others = here.filter((id) => id !== piece.id);
  if (!others.length) return null;
  const p = ctx.piece(others[0]);
  if (p.side !== piece.side) return { rule: "5.12", reason: hex + " holds the enemy unit " + p.id };
  return { rule: "5.31", reason: hex + " holds " + others.join(", ") + ": units may pass through friends but not end the movement phase stacked" };
}

// endProblem(piece, hex, data): why the unit may not end its move in hex, or null.
export function endProblem(ctx, piece, hex, data) {
  return occupied(ctx, piece, hex, data) || ctx.rules.supply.moveEndProblem(piece, hex, data);
}

// cannotMove(piece, data): why the unit may not start a move now, or null.
function cannotMove(ctx, piece, data) {
  if (!piece) return { rule: "5.0", reason: "there is no such unit" };
  if (piece.side !== ctx.active) return { rule: "5.11", reason: piece.id + " is not a unit of the phasing side " + ctx.active };
  if (piece.at === "pending") return { rule: "13.0", reason: piece.id + " is a reinforcement not yet on the map: bring it on with an enter action" };
  if (piece.at !== "map") return { rule: "14.11", reason: piece.id + " is no longer on the map (" + piece.at + ")" };
  if (piece.moved) return { rule: "5.15", reason: piece.id + " has already moved this player-turn" };
  if (data.enemyZoc[piece.hex] && !zocEffects(ctx).leave) return { rule: "5.14", reason: piece.id + " is in an enemy-controlled hex (" + piece.hex + ") and may leave it only by combat (6.13)" };
  if (allowance(ctx, piece) - spent(ctx, piece) <= 0) return { rule: "5.13", reason: piece.id + " has no movement points to spend" };
  return null;
}

// 10.12: a unit in a hex ringed by enemy minefields (a section's minefieldOwner) leaves it only by
// crossing one: no ordinary move, no exit.
function ringProblem(ctx, piece, data) {
  if (data.ringed && data.ringed.indexOf(piece.hex) >= 0) return { rule: "10.12", reason: piece.id + " stands in a hex ringed by enemy minefields: only a cross-minefield action takes it out" };
  return null;
}

// mpLeft(piece): the MP the unit has left to spend this phase (5.13).
export function mpLeft(ctx, piece) { return allowance(ctx, piece) - spent(ctx, piece); }

// rawReach(piece, from, budget, data): the hexes the unit can get to (ending there or stopped
// there), as map.reachCosts answers: {costs: MP by hex index, Infinity out of reach and at the
// start; hexes: the indexes reached, ascending, so in hex order}. One kernel search per unit,
// kept for the phase.
const NOWHERE = Object.freeze({ costs: null, hexes: Object.freeze([]) });

function rawReach(ctx, piece, from, budget, data) {
  if (budget <= 0) return NOWHERE;
  const key = piece.id + "@" + from + "/" + budget;
  let r = data.reach[key];
  if (!r) r = data.reach[key] = ctx.map.reachCosts(from, budget, specFor(ctx, piece, data));
  return r;
}

// The MP a reach needs to get to hex, or undefined if it does not get there.
function mpTo(ctx, raw, hex) {
  if (!raw.costs || !ctx.map.has(hex)) return undefined;
  const mp = raw.costs[ctx.map.index(hex)];
  return mp === Infinity ? undefined : mp;
}

// reaches(piece, to, data): whether the unit gets to hex `to` with the MP it has left.
export function reaches(ctx, piece, to, data) { return mpTo(ctx, rawReach(ctx, piece, piece.hex, mpLeft(ctx, piece), data), to) !== undefined; }

// The hexes of the unit's reach that 12.23 lets it end in, as map indexes in hex order; kept until
// supply changes.
function supplyOk(ctx, piece, from, budget, data) {
  // filed by the hex moved from, so a change of supply beside one hex drops only its units' ends
  const here = data.ends[from] || (data.ends[from] = {}), key = piece.id + "/" + budget;
  let e = here[key];
  if (!e) {
    const raw = rawReach(ctx, piece, from, budget, data);
    // 12.22: a unit beside an enemy minefield no longer holds it open once it has moved away (the
    // supply section traces again only for a unit that alone held one open)
    const own = piece.hex === from ? ctx.rules.supply.bits(piece.side, piece.id) : null;
    const ids = ctx.map.ids, m = ctx.state.movement, sup = own || data.supplied;
    // 12.23 for every hex (supply section); a unit that began the phase supplied needs only the supply bits
    e = here[key] = m && m.toward && m.toward[piece.id] ? raw.hexes.filter((i) => !ctx.rules.supply.moveEndProblem(piece, ids[i], data, own))
      : data.supplyRules.intoUnsupplied ? raw.hexes.slice() : raw.hexes.filter((i) => sup[i] === 1);
  }
  return e;
}

// movesFrom(piece, from, budget, data): the legal end hexes, sorted: [{hex, mp}].
export function movesFrom(ctx, piece, from, budget, data) {
  const raw = rawReach(ctx, piece, from, budget, data);
  const ids = ctx.map.ids, out = [];
  for (const i of supplyOk(ctx, piece, from, budget, data)) if (data.occAt[i] === 0) out.push({ hex: ids[i], mp: raw.costs[i] });
  return out;
}

// Can the unit leave the map this phase (exit section)? Kept for the phase.
function exitsFor(ctx, piece, budget, data) {
  const key = piece.id + "@" + piece.hex + "/" + budget;
  if (data.exits[key] === undefined) {
    data.exits[key] = ctx.rules.exit.exitActions(piece, rawReach(ctx, piece, piece.hex, budget, data), budget, data.enemyZoc).length > 0;
  }
  return data.exits[key];
}

// reachable(piece): {hex: mp} of every hex the unit may move to now.
export function reachable(ctx, piece) {
  const data = phaseData(ctx, piece.side);
  if (cannotMove(ctx, piece, data) || ringProblem(ctx, piece, data)) return {};
  const out = {};
  for (const m of movesFrom(ctx, piece, piece.hex, mpLeft(ctx, piece), data)) out[m.hex] = m.mp;
  return out;
}

// reachOverlay({unit}): for the inspector, the hexes the selected unit may move to now with the MPs
// each costs; a unit that may not move shows why on its own hex ("cannot move: ... (5.15)").
export function reachOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (!p || !p.hex || p.at !== "map") return {};
  const m = ctx.state.movement;
  if (!m || !m.active || m.side !== p.side) return { [p.hex]: "cannot move: it is not " + p.side + "'s movement phase (4.0)" };
  const data = phaseData(ctx, p.side);
  const why = cannotMove(ctx, p, data) || ringProblem(ctx, p, data);
  if (why) return { [p.hex]: "cannot move: " + why.reason + " (" + why.rule + ")" };
  return reachable(ctx, p);
}

// ---- doing it ------------------------------------------------------------------------------------

function describePath(ctx, piece, path) {
  let total = 0, placeholder = false, option = null, mined = false, unpriced = false;
  const steps = [];
  for (let i = 1; i < path.length; i++) {
    const c = stepCost(ctx, piece, path[i - 1], path[i], ctx.tracing);
    total += c.mp;
    placeholder = placeholder || c.unpricedHex;
    option = option || c.option;
    mined = mined || c.mined;
    unpriced = unpriced || c.unpricedSide;
    if (ctx.tracing) steps.push(path[i] + " (" + c.parts.join(", ") + ")");
  }
  // provenance: the board always; the unit types where a friendly minefield's price went by class;
  // the stand-in hexside prices where one was paid
  const S = ctx.rules.setup;
  const uses = mined ? (unpriced ? S.uses("map", "units/types", "movement/hexside-costs-unpriced") : S.uses("map", "units/types"))
    : unpriced ? S.uses("map", "movement/hexside-costs-unpriced") : S.uses("map");
  return { total, placeholder, option, text: steps.join(" > "), uses };
}

// moveTo(piece, to, data, rule?, via?): carries out a move along the cheapest path (through `via`).
export function moveTo(ctx, piece, to, data, rule, via) {
  const from = piece.hex;
  const budget = mpLeft(ctx, piece);
  const spec = specFor(ctx, piece, data);
  let path = ctx.map.path(from, via || to, budget, spec);
  if (via) path = path.concat(ctx.map.path(via, to, budget - mpTo(ctx, rawReach(ctx, piece, from, budget, data), via), spec).slice(1));
  const d = describePath(ctx, piece, path);
  const routed = via ? routeHexes(ctx, piece.side, data)[via] : null;
  const m = ctx.state.movement;
  m.spent[piece.id] = spent(ctx, piece) + d.total;
  piece.hex = to;
  piece.moved = true;
  const stop = !!data.enemyZoc[to];
  ctx.trace({ rule: rule || "5.21", table: d.placeholder ? "movement/hex-costs-unpriced" : "movement/hex-costs", uses: d.uses,
    cell: { unit: piece.id, from, to, path }, result: d.total, option: d.option || undefined,
    text: ctx.tracing && piece.id + " moves " + from + " > " + d.text + " = " + mpText(d.total) + " of " + mpText(allowance(ctx, piece)) + " MP" +
      (routed ? " (routed through " + via + ", which counts under " + routed.rule + ")" : "") +
      (piece.unsupplied ? " (halved, unsupplied: 12.32)" : "") +
      (stop ? "; " + to + " is enemy-controlled (by " + ctx.rules.zoc.controllers(to, data.enemy).join(", ") + "): the move ends there (6.0)" : "") });
  hooks(ctx, "afterMove", piece, path);
}

function doExit(ctx, piece, data) {
  const budget = mpLeft(ctx, piece);
  const raw = rawReach(ctx, piece, piece.hex, budget, data);
  const opts = ctx.rules.exit.exitOptions(piece, raw, budget, data.enemyZoc);
  const best = opts[0];
  const path = best.hex === piece.hex ? [piece.hex] : ctx.map.path(piece.hex, best.hex, budget, specFor(ctx, piece, data));
  if (path.length > 1) hooks(ctx, "afterMove", piece, path);
  ctx.state.movement.spent[piece.id] = spent(ctx, piece) + best.total;
  piece.moved = true;
  ctx.rules.exit.exit(piece, { hex: best.hex, path, mp: best.total, budget });
}

function refusal(ctx, action, data) {
  if (!action || typeof action !== "object") return { rule: "5.0", reason: "an action is an object such as {do: \"move\", unit, to}" };
  const piece = action.unit ? ctx.piece(action.unit) : null;
  if (action.do === "enter") return ctx.rules.reinforcements.refusal(action, data) || { rule: "13.0", reason: "not allowed now" };
  if (action.do === "exit") {
    const c = cannotMove(ctx, piece, data) || ringProblem(ctx, piece, data);
    if (c) return c;
    return ctx.rules.exit.refusal(piece, rawReach(ctx, piece, piece.hex, mpLeft(ctx, piece), data), mpLeft(ctx, piece), data.enemyZoc);
  }
  if (action.do !== "move" && action.do !== "cross-minefield") {
    return { rule: "5.0", reason: "unknown action " + JSON.stringify(action.do) + " (move, cross-minefield, exit, enter, done)" };
  }
  const c = cannotMove(ctx, piece, data);
  if (c) return c;
  const to = action.to;
  if (typeof to !== "string" || !ctx.map.has(to)) return { rule: "5.0", reason: JSON.stringify(to) + " is not a hex of the map" };
  if (to === piece.hex) return { rule: "5.0", reason: piece.id + " is already in " + to };
  const board = ctx.rules.setup.board();
  const f = (board.sides[piece.hex] && board.sides[piece.hex][to]) || [];
  const theirs = ctx.rules.minefields.featureOf()[data.enemy];
  if (action.do === "cross-minefield") return ctx.rules.minefields.crossRefusal(piece, to, data);
  const ring = ringProblem(ctx, piece, data);
  if (ring) return ring;
  const budget = mpLeft(ctx, piece);
  if (action.via !== undefined) {
    const v = viaProblem(ctx, piece, to, action.via, budget, data);
    if (v) return v;
    if (data.occ.has(to)) return occupied(ctx, piece, to, data) || { rule: "5.31", reason: to + " is occupied" };
    return endProblem(ctx, piece, to, data) || { rule: "5.0", reason: "not allowed now" };
  }
  if (mpTo(ctx, rawReach(ctx, piece, piece.hex, budget, data), to) !== undefined) return endProblem(ctx, piece, to, data) || { rule: "5.0", reason: "not allowed now" };
  const there = data.occ.get(to);
  if (there && ctx.piece(there[0]).side !== piece.side) return { rule: "5.12", reason: to + " holds the enemy unit " + there[0] };
  if (hexCost(ctx, ctx.map.terrain(to)).mp === null) return { rule: "5.21", reason: to + " is " + ctx.map.terrain(to) + ", closed to movement (Terrain Key)" };
  if (ctx.map.adjacent(piece.hex, to)) {
    if (theirs && f.indexOf(theirs) >= 0) return { rule: "10.12", reason: piece.hex + "/" + to + " is an enemy minefield: only a cross-minefield action crosses it" };
    const s = stepCost(ctx, piece, piece.hex, to);
    if (s.mp === null) return { rule: "5.25", reason: s.parts.join("; ") };
  }
  const spec = specFor(ctx, piece, data);
  const far = ctx.map.reach(piece.hex, 1000, spec);
  if (far[to] !== undefined) {
    return { rule: "5.26", reason: "reaching " + to + " costs at least " + mpText(far[to]) + " MP; " + piece.id + " has " + mpText(budget) + " (5.13)" };
  }
  const free = ctx.map.reach(piece.hex, 1000, Object.assign({}, spec, { zoneStop: [] }));
  if (free[to] !== undefined) return { rule: "6.0", reason: "every path to " + to + " enters an enemy-controlled hex, where the move must end" };
  return { rule: "5.25", reason: "no path to " + to + ": enemy units (5.12), bare escarpments (5.25), minefields (10.12) or closed terrain bar the way" };
}

// ---- the phase -----------------------------------------------------------------------------------

// beginPhase: the phasing side's units may move again (5.15); supply is judged now for the whole
// phase (12.0): unsupplied units get half their allowance (12.32) and must head for a source
// (12.23); units in enemy zones are held (5.14).
export function beginPhase(ctx) {
  const side = ctx.active, enemy = other(ctx, side);
  const m = ctx.state.movement = { side, turn: ctx.turn, active: true, start: {}, locked: {}, toward: {}, spent: {}, entered: {}, onward: null, violations: [] };
  for (const p of ctx.pieces((q) => q.side === side)) { p.moved = false; p.unsupplied = false; }
  const supplied = ctx.rules.supply.bits(side);
  const ezoc = ctx.rules.zoc.controlled(enemy);
  const srcs = ctx.rules.supply.sources(side);
  const locked = [];
  for (const p of ctx.piecesById((q) => q.side === side && q.hex && q.at === "map")) {
    m.start[p.id] = p.hex;
    if (ezoc[p.hex] && !zocEffects(ctx).leave) { m.locked[p.id] = p.hex; locked.push(p.id); }
    ctx.rules.supply.movementStart(p, supplied, srcs, m);
  }
  if (locked.length) {
    ctx.trace({ rule: "5.14", uses: ctx.rules.setup.uses("map"), cell: { units: locked }, text: locked.join(", ") + " begin the movement phase in enemy-controlled hexes and may not leave them (5.14, 6.13)" });
  }
  hooks(ctx, "movementPhaseStart", side);
}

// endPhase: records any stacking left at the end of the phase (5.31; the checks section reports it).
export function endPhase(ctx) {
  const m = ctx.state.movement;
  if (!m) return;
  const occ = ctx.rules.stacking.occupancy();
  const violations = [];
  for (const h of ctx.rules.stacking.stacked()) violations.push("5.31: " + occ[h].join(", ") + " end the movement phase stacked in " + h);
  const moved = ctx.pieces((p) => p.side === m.side && p.moved && p.at === "map").length;
  const entered = Object.keys(m.entered).reduce((n, h) => n + m.entered[h], 0);
  ctx.trace({ rule: "5.0", result: { moved, entered }, text: "the " + m.side + " movement phase ends: " + moved + " units moved" + (entered ? ", " + entered + " reinforcements entered" : "") });
  ctx.state.movement = { side: m.side, turn: m.turn, active: false, violations };
}

// moveActions(side): the complete list of the movement decision's legal actions for `side` now.
export function moveActions(ctx, side) {
  const data = phaseData(ctx, side);
  const ids = ctx.map.ids;
  const out = [], at = [];
  for (const p of ctx.piecesById((q) => q.side === side && q.at === "map")) {
    if (cannotMove(ctx, p, data)) continue;
    const budget = mpLeft(ctx, p);
    const ring = ringProblem(ctx, p, data);
    if (!ring) for (const i of supplyOk(ctx, p, p.hex, budget, data)) if (data.occAt[i] === 0) { out.push({ do: "move", unit: p.id, to: ids[i] }); at.push(i); }
    if (!ring) for (const a of viaMoves(ctx, p, budget, data)) { out.push(a); at.push(-1); }
    for (const h of ctx.rules.minefields.crossings(p, data)) { out.push({ do: "cross-minefield", unit: p.id, to: h }); at.push(-1); }
    if (!ring && exitsFor(ctx, p, budget, data)) { out.push({ do: "exit", unit: p.id }); at.push(-1); }
  }
  for (const a of ctx.rules.reinforcements.entryActions(side, data)) { out.push(a); at.push(-1); }
  out.push({ do: "done" });
  at.push(-1);
  const l = listing(ctx);
  l.actions = out;
  l.at = at;
  return out;
}

// Where moveActions leaves its last list and the end hexes' indexes, for this position (ctx.memo).
function listing(ctx) {
  return ctx.memo("listing", () => ({ actions: null, at: null }));
}

// listedHexes(actions): for the list moveActions gave in this position, the end hex of each plain
// move as a map index (-1 for the other actions), so a bot scoring every move reads no hex id; null
// for any other list.
export function listedHexes(ctx, actions) {
  const l = listing(ctx);
  return l.actions === actions ? l.at : null;
}

export const move = {
  rule: "5.0",
  prompt(ctx) { return ctx.active + ": move a unit, bring on a reinforcement, exit a unit, or end the movement phase"; },
  actions(ctx) { return moveActions(ctx, ctx.active); },
  apply(ctx, a) {
    if (a.do === "done") { ctx.done(); return; }
    const data = phaseDataBefore(ctx, ctx.active);
    const piece = ctx.piece(a.unit);
    if (a.do === "move") moveTo(ctx, piece, a.to, data, null, a.via);
    else if (a.do === "cross-minefield") ctx.rules.minefields.cross(piece, a.to, data);
    else if (a.do === "exit") doExit(ctx, piece, data);
    else if (a.do === "enter") ctx.rules.reinforcements.enterAndGoOn(a, data);
  },
  why(ctx, a) { return refusal(ctx, a, phaseData(ctx, ctx.active)); },
};

// onward (13.14), a reinforcement that has just entered moving on: answered by the reinforcements
// section under this section's name, which a save's control stack records.
const byReinforcements = (method) => (ctx, ...args) => ctx.rules.reinforcements.onward(method, ...args);
export const onward = { rule: "13.14", side: byReinforcements("side"), prompt: byReinforcements("prompt"), actions: byReinforcements("actions"), apply: byReinforcements("apply"), why: byReinforcements("why") };
