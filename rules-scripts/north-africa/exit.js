// North Africa standard rules, section 14.0: exiting the map.
//   14.0  a unit leaves the map by paying the MP to enter an imaginary hex beyond the edge, of the
//         same terrain as the hex it leaves from (exitOptions).
//   14.11 a unit that has left never returns (at: "exited"; nothing brings an exited unit back).
//   14.12 exited units are not eliminated and are kept apart (state.exited, not state.eliminated).
//   12.23 a unit unsupplied at the start of the phase leaves, if at all, from an edge hex nearer
//         the nearest friendly source than where it began.
//   14.13 units leave only in their owner's movement phase (the movement decision offers exits);
//         a unit pushed off the map by combat is eliminated instead (exitByCombat, for the combat
//         section).
// Hook: every section exporting exitAllowed(piece, hex) may refuse an exit (Crusader 18.3: which
// edges, from which turn). It gets a copy of the piece standing in the edge hex it would leave
// from, and returns true / {allowed: true} to allow, false / {allowed: false, rule, reason} to refuse.
// No table of its own: the costs are movement.yaml's (hex-costs; map-edge exit-imaginary-hex).

function mpText(ctx, x) { return ctx.rules.movement.mpLabel(x); }

// allowed(piece, hex): null if the exit from hex is allowed by every section's exitAllowed, else {rule, reason}.
export function allowed(ctx, piece, hex) {
  return allowedFn(ctx)(piece, hex);
}

// allowed(piece, hex) as a function, for loops: the sections are looked up once.
function allowedFn(ctx) {
  const names = Object.keys(ctx.rules).filter((x) => typeof ctx.rules[x].exitAllowed === "function").sort();
  return (piece, hex) => {
    for (const s of names) {
      const r = ctx.rules[s].exitAllowed(Object.assign(ctx.whole(piece), { hex }), hex);
      if (r === false || (r && typeof r === "object" && r.allowed === false)) {
        return { rule: (r && r.rule) || "14.0", reason: (r && r.reason) || "the " + s + " rules do not let " + piece.id + " leave the map from " + hex };
      }
    }
    return null;
  };
}

// 12.23: is hex nearer the sources a unit unsupplied at the start of the phase must head for?
function nearer(ctx, hex, toward) {
  if (toward.distance === null) return false;
  const strictly = ctx.rules.supply.movementRules().strictly;
  for (const s of toward.sources) { const d = ctx.map.distance(hex, s); if (strictly ? d < toward.distance : d <= toward.distance) return true; }
  return false;
}

// exitOptions(piece, raw?, budget?, enemyZoc?): the edge hexes the unit can leave from now, cheapest
// first: [{hex, mp, total}], mp to reach the hex and total with the imaginary hex beyond (14.0).
// raw: what the unit can reach this phase (movement section), as {hex: mp} or as map.reachCosts
// answers ({costs, hexes}); its own hex counts at 0.
// enemyZoc: {hex: true}, or an array over ctx.map.ids (1 = controlled) as the zoc section's bits().
export function exitOptions(ctx, piece, raw, budget, enemyZoc) {
  return options(ctx, piece, raw, budget, enemyZoc, false);
}

// The exit options; `first`: stop at the first one found (only whether there is any matters).
function options(ctx, piece, raw, budget, enemyZoc, first) {
  let r = raw, b = budget, ez = enemyZoc;
  if (r === undefined) {
    b = ctx.rules.movement.allowance(piece);
    r = ctx.rules.movement.reachable(piece);
    ez = ctx.rules.zoc.controlled(ctx.sides[0] === piece.side ? ctx.sides[1] : ctx.sides[0]);
  }
  const m = ctx.state.movement;
  const toward = m && m.toward && m.toward[piece.id];
  const controlled = (h) => (ez.length !== undefined ? ez[ctx.map.index(h)] === 1 : !!ez[h]);
  const allowedHere = allowedFn(ctx);
  const out = [];
  for (const [h, mp] of edgesReached(ctx, piece, r)) {
    if (h !== piece.hex && controlled(h)) continue;         // stopped in an enemy zone (6.0, 5.14)
    if (toward && !nearer(ctx, h, toward)) continue;        // 12.23: unsupplied units head for a source
    const beyond = ctx.rules.movement.beyondEdge(h).mp;
    if (beyond === null) continue;
    const total = mp + beyond;
    if (total > b + 1e-9) continue;                         // 5.26
    if (allowedHere(piece, h)) continue;
    out.push({ hex: h, mp, total });
    if (first) break;
  }
  out.sort((x, y) => x.total - y.total || (x.hex < y.hex ? -1 : 1));
  return out;
}

// The map-edge hexes of a reach, with the unit's own hex at 0 MP, in hex order: [[hex, mp]]. Only
// edge hexes can be left from: they are picked out before anything is sorted.
function edgesReached(ctx, piece, raw) {
  const out = [];
  if (ctx.map.isEdge(piece.hex)) out.push([piece.hex, 0]);
  if (raw.hexes !== undefined) {                         // by hex index: the start is never among them
    const edge = edgeBits(ctx), ids = ctx.map.ids;
    for (const i of raw.hexes) if (edge[i] === 1) out.push([ids[i], raw.costs[i]]);
  } else {
    for (const h of Object.keys(raw)) if (h !== piece.hex && ctx.map.isEdge(h)) out.push([h, raw[h]]);
  }
  return out.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

// 1 for every hex on the map's edge, by hex index; the map alone decides it.
function edgeBits(ctx) {
  return ctx.once("edge hexes", () => Uint8Array.from(ctx.map.ids, (h) => (ctx.map.isEdge(h) ? 1 : 0)));
}

// exitActions(piece, raw?, budget?, enemyZoc?): [{do: "exit", unit}] if the unit can leave the map now.
export function exitActions(ctx, piece, raw, budget, enemyZoc) {
  return options(ctx, piece, raw, budget, enemyZoc, true).length ? [{ do: "exit", unit: piece.id }] : [];
}

// refusal(piece, raw, budget, enemyZoc): why the unit cannot leave the map now.
export function refusal(ctx, piece, raw, budget, enemyZoc) {
  const edges = edgesReached(ctx, piece, raw).map((e) => e[0]);
  if (!edges.length) return { rule: "14.0", reason: piece.id + " cannot reach a map-edge hex this phase" };
  const allowedHere = allowedFn(ctx);
  for (const h of edges) { const a = allowedHere(piece, h); if (a) return a; }
  return { rule: "14.0", reason: piece.id + " cannot reach a map-edge hex with MP left to pay for the imaginary hex beyond it, or only through an enemy zone" };
}

// exit(piece, via?): the unit leaves the map (14.0, 14.11, 14.12). via: {hex, path, mp} from the movement section.
export function exit(ctx, piece, via) {
  const from = (via && via.hex) || piece.hex;
  piece.hex = null;
  piece.at = "exited";
  ctx.state.exited.push(piece.id);
  ctx.trace({ rule: "14.0", table: "movement/map-edge", uses: ctx.rules.setup.uses("map", "movement/readings"), cell: { unit: piece.id, from, path: via && via.path, terrain: ctx.map.terrain(from) },
    result: via ? via.mp : null,
    text: piece.id + " leaves the map from " + from + (via ? ", paying " + mpText(ctx, via.mp) + " MP with the imaginary " + ctx.rules.movement.beyondEdge(from).terrain + " hex beyond" : "") +
      "; it may not return and is not eliminated (14.11, 14.12)" });
}

// exitByCombat(piece): a unit forced off the map by combat is eliminated instead (14.13).
export function exitByCombat(ctx, piece) {
  const from = piece.hex;
  piece.hex = null;
  piece.at = "eliminated";
  ctx.state.eliminated.push(piece.id);
  ctx.trace({ rule: "14.13", uses: ctx.rules.setup.uses("map"), cell: { unit: piece.id, from }, text: piece.id + " would leave the map from " + from + " as a result of combat: it is eliminated instead" });
}
