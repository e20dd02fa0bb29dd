// North Africa standard rules, section 10.0: minefields (movement side and the queries the combat
// and supply sections ask).
//   10.0  minefield hexsides belong to one side and never change (owner).
//   10.11 crossing a friendly minefield costs 2 more MP, 4 for a mechanized unit (extraMp).
//   10.12 crossing an enemy minefield takes the whole allowance from a hex the unit held at the
//         start of its movement phase, then the unit stops: the movement decision's cross-minefield
//         action (crossings, crossRefusal, cross).
//   10.13 roads and trails do not cancel minefield costs (movement section: costs are added).
//   10.14 advancing along a path of retreat crosses enemy minefields freely (combat section).
//   10.21 a unit need not attack enemy units beyond a minefield of its own side (combatExemption).
//   10.22 the Minefield line of the CRT, 10.3 fortified boxes: resolved by the combat section with
//         owner() and separatedByEnemyMinefield().
// Tables: tables/north-africa/minefields.yaml (owners, 10.21); costs in movement.yaml.


// Sections that add minefields the map does not draw, through minefieldOwner(a, b) (Crusader's
// tobruk section, for the DG 17.1 option), in section-name order.
function hookSections(ctx) {
  return Object.keys(ctx.rules).filter((s) => s !== ctx.section && typeof ctx.rules[s].minefieldOwner === "function").sort();
}

// owner(a, b): "axis" | "british" | null: whose minefield is the hexside between adjacent a and b
// (10.0): the map's minefield features, else what any section's minefieldOwner(a, b) says.
export function owner(ctx, a, b) {
  return ownerOf(ctx)(a, b);
}

// ownerOf(): owner(a, b) as a function, for loops: the features and sections are looked up once
// per rules context (10.0: minefields never change; the sections answer from the tables and options).
export function ownerOf(ctx) {
  return ctx.once("owner of", () => ownerNow(ctx));
}

function ownerNow(ctx) {
  const by = ctx.table.owners["by-feature"];
  const features = Object.keys(by).sort();
  const hooks = hookSections(ctx).map((s) => ctx.rules[s].minefieldOwner);
  return (a, b) => {
    for (const f of features) if (ctx.map.hexsideHas(a, b, f)) return by[f];
    for (const h of hooks) {
      const o = h(a, b);
      if (o) return o;
    }
    return null;
  };
}

// addedUnder(a, b): the option under which a section made the hexside a/b a minefield (the
// section's minefieldOption()), or null: so a trace can say which option decided a cost.
export function addedUnder(ctx, a, b) {
  for (const s of hookSections(ctx)) {
    const r = ctx.rules[s];
    if (r.minefieldOwner(a, b) && typeof r.minefieldOption === "function") return r.minefieldOption() || null;
  }
  return null;
}

// ringed(side): the hexes every hexside of which is a minefield of `side` only because a section
// says so (minefieldOwner), looked for among the hexes carrying a hex feature (the Fortified Boxes
// of the DG 17.1 option); sorted. The movement section bars enemy units from walking into them
// (10.12: only a cross-minefield action enters one).
// The sections answer from the tables, the options and the map alone (10.0: minefields never
// change), so the list is made once per rules context; it is frozen, for every caller shares it.
export function ringed(ctx, side) {
  return ctx.once("ringed " + side, () => Object.freeze(ringedNow(ctx, side)));
}

function ringedNow(ctx, side) {
  const hooks = hookSections(ctx);
  if (!hooks.length) return [];
  const own = ownerOf(ctx);
  const out = [];
  for (const id of ctx.map.ids) {
    if (ctx.map.features(id).length === 0) continue;
    const around = ctx.map.neighbors(id);
    if (around.length && around.every((n) => own(id, n) === side)) out.push(id);
  }
  return out.sort();
}

// undrawn(side): the hexsides that are minefields of `side` only because a section says so
// (minefieldOwner), as "a/b" (a < b), sorted; looked for round the hexes carrying a hex feature.
// The movement section prices them for that side's units (10.11), as the map's own are priced.
// Made once per rules context and frozen, as ringed() is.
export function undrawn(ctx, side) {
  return ctx.once("undrawn " + side, () => Object.freeze(undrawnNow(ctx, side)));
}

function undrawnNow(ctx, side) {
  const hooks = hookSections(ctx).map((s) => ctx.rules[s].minefieldOwner);
  if (!hooks.length) return [];
  const features = Object.keys(ctx.table.owners["by-feature"]);
  const out = {};
  for (const id of ctx.map.ids) {
    if (ctx.map.features(id).length === 0) continue;
    for (const n of ctx.map.neighbors(id)) {
      if (features.some((f) => ctx.map.hexsideHas(id, n, f))) continue;     // the map draws it: priced already
      let o = null;
      for (const h of hooks) if ((o = h(id, n))) break;
      if (o === side) out[id < n ? id + "/" + n : n + "/" + id] = true;
    }
  }
  return Object.keys(out).sort();
}

// hexsidesOf(side): every minefield hexside of `side` as an array over hexes x 6 directions, 1 in
// both hexes' entries of each: drawn on the map (featureOf) or added by a section (undrawn). For
// loops over the board (12.22 supply paths). Made once per rules context (10.0); never write into it.
export function hexsidesOf(ctx, side) {
  return ctx.once("hexsides " + side, () => {
    const b = ctx.rules.setup.board(), out = new Uint8Array(b.mask.length);
    const mineBit = ctx.rules.setup.bit(b, featureOf(ctx)[side]);
    if (mineBit) for (let k = 0; k < b.mask.length; k++) if (b.mask[k] & mineBit) out[k] = 1;
    for (const ab of undrawn(ctx, side)) {
      const [x, y] = ab.split("/").map((h) => ctx.map.index(h));
      for (let d = 0; d < 6; d++) { if (b.nb[x * 6 + d] === y) out[x * 6 + d] = 1; if (b.nb[y * 6 + d] === x) out[y * 6 + d] = 1; }
    }
    return out;
  });
}

// Hexside features of each side's minefields: {axis: "minefield-axis", british: "minefield-british"}.
export function featureOf(ctx) {
  const by = ctx.table.owners["by-feature"], out = {};
  for (const f of Object.keys(by).sort()) out[by[f]] = f;
  return out;
}

// friendly(a, b, side) / enemy(a, b, side): the hexside holds a minefield of `side` / of the other side.
export function friendly(ctx, a, b, side) { return owner(ctx, a, b) === side; }
export function enemy(ctx, a, b, side) { const o = owner(ctx, a, b); return o !== null && o !== side; }

// separatedByEnemyMinefield(attackerHex, defenderHex, attackerSide): the attack crosses a minefield
// of the defender's side (10.22 Minefield line; 10.3 fortified boxes).
export function separatedByEnemyMinefield(ctx, attackerHex, defenderHex, attackerSide) {
  return ctx.map.adjacent(attackerHex, defenderHex) && enemy(ctx, attackerHex, defenderHex, attackerSide);
}

// extraMp(piece): what crossing a friendly minefield adds for this unit (10.11).
export function extraMp(ctx, piece) {
  const t = ctx.tables.movement.hexsides["friendly-minefield"]["extra-mp"];
  return piece.mechanized ? t.mechanized : t["non-mechanized"];
}

// combatExemption(attacker, defender, owners?) -> {rule, reason} or null (10.21): the two units are
// separated by a minefield of the attacker's side, so the attack is not mandatory. `owners`: an
// ownerOf() the caller made for its loop (optional).
export function combatExemption(ctx, attacker, defender, owners) {
  const a = typeof attacker === "string" ? ctx.piece(attacker) : attacker;
  const d = typeof defender === "string" ? ctx.piece(defender) : defender;
  if (!a || !d || !a.hex || !d.hex || !ctx.map.adjacent(a.hex, d.hex)) return null;
  const own = ctx.table["combat-exemption"]["minefield-owner"] === "attacker-side";
  const o = (owners || ownerOf(ctx))(a.hex, d.hex);
  if (!o || (o !== a.side && own)) return null;
  return { rule: "10.21", table: "minefields/combat-exemption", uses: ctx.rules.setup.uses("map"), reason: a.id + " and " + d.id + " are separated by a " + o + " minefield (" + a.hex + "/" + d.hex + "): " + a.id + " need not attack" };
}

// ---- 10.12: crossing an enemy minefield (the movement decision's cross-minefield action) ----------

// 10.12: the hexes across an enemy minefield the unit may cross into this phase. Minefields never
// change (10.0) and the unit does not leave its start hex before crossing, so the hexsides it could
// cross are found once a phase (kept with the phase data); where it may end is judged each time.
export function crossings(ctx, piece, data) {
  const m = ctx.state.movement;
  if (!m || (fromStart(ctx) && m.start[piece.id] !== piece.hex)) return [];
  const key = piece.id + "@" + piece.hex;
  let cands = data.crossings[key];
  if (!cands) {
    const board = ctx.rules.setup.board();
    const owner = ownerOf(ctx);
    cands = data.crossings[key] = [];
    for (const n of ctx.map.neighbors(piece.hex).slice().sort()) {
      if (owner(piece.hex, n) !== data.enemy) continue;
      const f = (board.sides[piece.hex] && board.sides[piece.hex][n]) || [];
      if (!crossingBarred(ctx, piece.hex, n, f)) cands.push(n);
    }
  }
  return cands.filter((n) => !ctx.rules.movement.endProblem(piece, n, data));
}

// 10.12 (movement.yaml readings enemy-minefield-crossing): only from the hex the unit began its
// movement phase in?
function fromStart(ctx) {
  return ctx.tables.movement.readings["enemy-minefield-crossing"].from === "start-of-phase-hex";
}

// Why the hexside from `from` into `to` (features f) cannot be crossed, whoever stands where; null if it can.
function crossingBarred(ctx, from, to, f) {
  if (ctx.rules.movement.hexCostOf(to) === null) return { rule: "10.12", reason: to + " is " + ctx.map.terrain(to) + ", closed to movement" };
  if (ctx.tables.movement.readings["enemy-minefield-crossing"]["bare-escarpment"] === "prohibited" && ctx.rules.movement.bareEscarpmentFn()(from, to)) {
    return { rule: "5.25", reason: "the minefield hexside is also a bare escarpment" };
  }
  if (f.indexOf("prohibited") >= 0) return { rule: "5.25", reason: "the hexside is prohibited" };
  return null;
}

// crossRefusal(piece, to, data): why the unit may not cross the hexside into `to` now (10.12).
export function crossRefusal(ctx, piece, to, data) {
  if (!ctx.map.adjacent(piece.hex, to) || owner(ctx, piece.hex, to) !== data.enemy) return { rule: "10.12", reason: piece.hex + "/" + to + " is not an enemy minefield hexside next to " + piece.id };
  const m = ctx.state.movement;
  if (!m || (fromStart(ctx) && m.start[piece.id] !== piece.hex)) return { rule: "10.12", reason: piece.id + " did not begin this movement phase in " + piece.hex };
  const board = ctx.rules.setup.board();
  const f = (board.sides[piece.hex] && board.sides[piece.hex][to]) || [];
  return crossingBarred(ctx, piece.hex, to, f) || ctx.rules.movement.endProblem(piece, to, data) || { rule: "10.12", reason: "not allowed now" };
}

// cross(piece, to, data): the unit crosses the enemy minefield into `to` for its whole allowance
// and stops there (10.12).
export function cross(ctx, piece, to, data) {
  const from = piece.hex;
  const all = ctx.rules.movement.crossingCost(piece);
  const theirs = featureOf(ctx)[data.enemy];
  ctx.state.movement.spent[piece.id] = all;
  piece.hex = to;
  piece.moved = true;
  ctx.trace({ rule: "10.12", table: "movement/hexsides", uses: ctx.rules.setup.uses("map", "movement/readings"), cell: { unit: piece.id, from, to, hexside: theirs }, result: all,
    text: piece.id + " crosses the enemy minefield " + from + "/" + to + ", spending its whole allowance (" + ctx.rules.movement.mpLabel(all) +
      " MP; other terrain costs ignored) and stops in " + to });
  ctx.rules.movement.moved(piece, [from, to]);
}
