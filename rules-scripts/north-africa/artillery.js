// North Africa standard rules 8.0: artillery. 8.1 barrage (8.11-8.15), 8.2 combined attacks
// (8.21-8.22), 8.3 adjacent attacks (8.31-8.34), 8.4 final protective fire (8.41-8.46),
// 8.5 defence, 8.6 terrain (8.61-8.62). Table: tables/north-africa/artillery.yaml.
//
// The combat section builds and resolves attacks; this section says which artillery may barrage,
// which may fire FPF, with what strength, and what an artillery-only attack can do, and asks the
// defender for final protective fire (the combat section's decision `fpf`, answered here).
// Piece flags read here (reset each Combat Phase by the combat section): attacked, displaced,
// fpfUsed (the Combat Phase number it fired FPF in, -1 never), adverse (the Combat Phase number of
// the last adverse result it suffered, -1 never), noFpf (8.41, set by the combat section).

export function isArtillery(ctx, piece) {
  return !!(piece && piece.artillery);
}

// 2.32, 8.12, 8.42: counted from the firer's hex (excluded) to the defender's hex (included), which
// is the hex distance (the range table's count-firer-hex and count-target-hex); terrain and units
// in between do not matter (8.61).
export function range(ctx, fromHex, toHex) {
  return ctx.map.distance(fromHex, toHex) + rangeOffset(ctx);
}

// What the range table adds to the hex distance: 1 if the firer's hex counts, -1 if the target's does not.
function rangeOffset(ctx) { return terms(ctx).offset; }

// 8.0 as the tables say it, once per rules context (every value read here); the combat sections
// read the barrage and adjacent-attack rules from it too.
export function terms(ctx) {
  return ctx.once("terms", () => {
    const T = ctx.table, B = T.barrage, A = T.adjacent, F = T.fpf, R = T.readings;
    return Object.freeze({
      offset: (T.range["count-firer-hex"] ? 1 : 0) - (T.range["count-target-hex"] ? 0 : 1),     // 2.32, 8.12
      singleHex: B["single-hex"] === true, multiHexCombined: B["multi-hex-when-combined"] === true,  // 8.13
      rangeToEvery: B["combined-range-to"] === "every-defender",                                  // 8.22
      barrageSuffers: B["suffers-results"] === true, onlyAffecting: B["artillery-only-affecting-results"],   // 8.14, 8.15
      acrossEscarpment: B["across-escarpment"] === true,                                          // 8.34
      mustAttack: A["must-attack"] === true, adjacentStrength: A.strength,                        // 8.31
      adjacentOnly: A.targets === "adjacent-only", adjacentSuffers: A["suffers-results"] === true, // 8.32, 8.33
      fpfSide: F.side, fpfNot: F["not-if"], fpfNotAgainst: F["not-against"],                     // 8.41, 8.45
      defense: T.defense.strength,                                                                // 8.5
      allAdjacentCross: T.terrain["hexsides-vs-combined"] === "every-adjacent-attacker-crosses",  // 8.62
      adjacentMeans: R["adjacent-means"], fpfAdjacentMeans: R["fpf-adjacent-means"],              // readings (1)
      fpfPerPhase: R["fpf-per-phase"], displacedNoFire: R["displaced-may-not-fire"] === true,     // readings (2), (3)
    });
  });
}

// 8.11, 8.42: is `hex` within the Range Allowance of artillery `piece`?
export function inRange(ctx, piece, hex) {
  if (!isArtillery(ctx, piece) || !piece.hex || !hex) return false;
  return range(ctx, piece.hex, hex) <= (piece.range || 0);
}

// 8.31, 8.32 (reading 1): enemy units `piece` is adjacent to, as readings adjacent-means reads
// "adjacent": with combat allowed across the hexside, or on the map.
export function adjacentEnemies(ctx, piece) {
  const out = [];
  if (!piece.hex) return out;
  const allowed = adjacency(ctx, "adjacent-means");
  for (const h of ctx.map.neighbors(piece.hex)) {
    if (!allowed(piece.hex, h)) continue;
    for (const q of ctx.piecesAt(h)) if (q.side !== piece.side && onMap(q)) out.push(q);
  }
  return out;
}

// Is there any adjacentEnemies(piece)? One pass over the pieces, each hex tested against the six
// around the piece.
function nextToEnemy(ctx, piece) {
  if (!piece.hex) return false;
  const around = ctx.map.neighbors(piece.hex), allowed = adjacency(ctx, "adjacent-means");
  for (const q of Object.values(ctx.state.pieces || {})) {
    if (q.side === piece.side || !onMap(q) || around.indexOf(q.hex) < 0) continue;
    if (allowed(piece.hex, q.hex)) return true;
  }
  return false;
}

// What "adjacent" means for readings `key` (adjacent-means, fpf-adjacent-means): (a, b) => bool
// for two neighbouring hexes: combat allowed across their hexside (7.46), or any two neighbours.
function adjacency(ctx, key) {
  const T = terms(ctx);
  return (key === "fpf-adjacent-means" ? T.fpfAdjacentMeans : T.adjacentMeans) === "combat-allowed-adjacency" ? ctx.rules["combat-terrain"].combatAllowed : anyNeighbours;
}

function anyNeighbours() { return true; }

// 8.11, 8.13, 8.31, 7.82: may phasing artillery `piece` barrage from where it stands?
// {ok: true} or {ok: false, rule, reason}.
export function canBarrage(ctx, piece) {
  if (!isArtillery(ctx, piece)) return no("8.0", piece.id + " is not an artillery unit");
  if (!onMap(piece)) return no("13.25", piece.id + " is not on the map");
  if (piece.side !== ctx.active) return no("8.0", piece.id + " belongs to the non-phasing player: barrage is the phasing player's (FPF is the other's, 8.4)");
  if (piece.attacked) return no("7.14", piece.id + " has already attacked this Combat Phase");
  if (piece.advanced) return no("7.96", piece.id + " advanced after combat and may not attack again this phase");
  if (piece.displaced && terms(ctx).displacedNoFire) return no("7.82", piece.id + " was displaced before it fired and may not fire this Combat Phase");
  // 8.31, 8.32: artillery next to an enemy attacks it from the adjacent hex, never by barrage elsewhere
  if (terms(ctx).adjacentOnly && nextToEnemy(ctx, piece)) return no("8.32", piece.id + " is adjacent to an enemy unit: it attacks adjacent units only, with its barrage strength (8.31)");
  return { ok: true };
}

// 8.41-8.42 (with reading 2): may non-phasing artillery `piece` add FPF to a defender in one of `hexes`?
// {ok: true} or {ok: false, rule, reason}. `at(hex)`: the units in a hex, if the caller has them
// by hex already (default ctx.piecesAt).
export function canFpf(ctx, piece, hexes, at) {
  if (!isArtillery(ctx, piece)) return no("8.4", piece.id + " is not an artillery unit");
  if (!onMap(piece)) return no("13.25", piece.id + " is not on the map");
  const T = terms(ctx), not = T.fpfNot;
  if ((T.fpfSide === "non-phasing") === (piece.side === ctx.active)) return no("8.41", "only the " + T.fpfSide + " player's artillery gives final protective fire");
  const phase = phaseNo(ctx);
  if (T.fpfPerPhase === 1 && piece.fpfUsed === phase) return no("7.3", piece.id + " has already given final protective fire this Combat Phase (its strength is unitary)");
  // 8.41: displaced, or already attacked successfully in this Combat Phase
  if (piece.displaced && not.indexOf("displaced") >= 0) return no("8.41", piece.id + " has been displaced this Combat Phase");
  if (piece.adverse === phase && not.indexOf("attacked-successfully-this-phase") >= 0) return no("8.41", piece.id + " has already suffered a combat result this Combat Phase");
  // 8.41: suffered a combat result in the previous Combat Phase
  if ((piece.noFpf || piece.adverse === phase - 1) && not.indexOf("adverse-result-previous-combat-phase") >= 0) return no("8.41", piece.id + " suffered a combat result in the previous Combat Phase");
  // 8.41: adjacent to an enemy unit (plain adjacency, reading 1)
  if (not.indexOf("adjacent-to-enemy") >= 0) {
    const allowed = adjacency(ctx, "fpf-adjacent-means");
    for (const h of ctx.map.neighbors(piece.hex)) {
      if (!allowed(piece.hex, h)) continue;
      for (const q of (at ? at(h) || [] : ctx.piecesAt(h))) if (q.side !== piece.side && onMap(q)) return no("8.41", piece.id + " is adjacent to enemy unit " + q.id);
    }
  }
  // 8.42: range is counted to the friendly defender's hex
  const list = Array.isArray(hexes) ? hexes : [hexes];
  for (const h of list) if (inRange(ctx, piece, h)) return { ok: true };
  return no("8.42", piece.id + " (range " + piece.range + ") is out of range of " + list.join(", "));
}

// 8.0, 8.31, 12.33: the barrage strength `piece` adds (as supply leaves it: zero when unsupplied).
export function barrageStrength(ctx, piece, supplied) {
  return ctx.rules.supply.strength("barrage", piece.barrage, supplied);
}

// 8.43, 12.33: the FPF strength `piece` adds to the defense (as supply leaves it).
export function fpfStrength(ctx, piece, supplied) {
  return ctx.rules.supply.strength("fpf", piece.fpf, supplied);
}

// 8.31: the strength artillery attacking from an adjacent hex attacks with (its barrage strength),
// as supply leaves it.
export function adjacentStrength(ctx, piece, supplied) {
  const k = terms(ctx).adjacentStrength;
  return ctx.rules.supply.strength(k, piece[k], supplied);
}

// 8.5: an artillery unit under attack defends with its Defense Strength, never its FPF.
export function defenseStrength(ctx, piece) {
  return piece[terms(ctx).defense] || 0;
}

// 8.15: in an attack made solely by artillery and/or ground support only D4 touches the defender.
// Returns true when `code` still affects the defender.
export function affectsDefender(ctx, code) {
  return terms(ctx).onlyAffecting.indexOf(code) >= 0;
}

// 8.45: FPF may not be given against an attack made solely by artillery (adjacent or not) and/or
// ground support: `adjacent` are the attack's adjacent attackers.
export function fpfAllowedAgainst(ctx, adjacent) {
  return terms(ctx).fpfNotAgainst !== "attack-solely-by-artillery-or-ground-support" || !artilleryOnly(ctx, adjacent);
}

// 8.15, 8.45: is an attack whose adjacent attackers are `adjacent` made solely by artillery
// (adjacent or not) and/or ground support?
export function artilleryOnly(ctx, adjacent) {
  for (const p of adjacent) if (!isArtillery(ctx, p)) return false;
  return true;
}

// 8.62: may the defender claim hexside terrain against this attack? Never against artillery and/or
// ground support alone; against a combined attack the hexside test runs over the adjacent
// non-artillery attackers only (the combat section applies it).
export function hexsideAttackers(ctx, adjacent) {
  if (terms(ctx).allAdjacentCross) return adjacent;
  return adjacent.filter((p) => !isArtillery(ctx, p));
}

// ---- 8.4 final protective fire: the defender's decision (asked as the combat section's `fpf`)
//   {do: "fpf", unit} | {do: "fpf-ground-support", points} | {do: "fpf-done"}

// The final protective fire the defender may still add to the fight being resolved (8.41-8.46,
// 9.0), ending with fpf-done; none at all where 8.45 bars it.
export function fpfOptions(ctx) {
  const f = ctx.state.combat.fight;
  const out = [];
  const adjacent = f.attackers.map((id) => ctx.piece(id));
  // 8.45: no FPF against an attack made solely by artillery and/or ground support
  if (!fpfAllowedAgainst(ctx, adjacent)) return out;
  const at = ctx.rules.combat.unitsByHex();
  for (const p of ctx.piecesById()) {
    if (p.side !== f.enemy || !p.artillery || f.fpf.indexOf(p.id) >= 0) continue;
    if (canFpf(ctx, p, f.defenderHexes, at).ok) out.push({ do: "fpf", unit: p.id });
  }
  const left = ctx.rules["ground-support"].available(f.enemy) - f.fpfGs;
  for (let n = 1; n <= left; n++) out.push({ do: "fpf-ground-support", points: n });
  out.push({ do: "fpf-done" });
  return out;
}

const fpf = {
  rule: "8.4",
  side(ctx) { return ctx.state.combat.fight.enemy; },
  prompt(ctx) {
    const f = ctx.state.combat.fight;
    const att = f.att;
    return f.enemy + ": " + f.side + " attacks " + f.defenders.join(", ") + " with " + att.total +
      " (8.46): add final protective fire from artillery in range or ground support, then let the die be rolled";
  },
  actions(ctx) { return fpfOptions(ctx); },
  apply(ctx, a) {
    const f = ctx.state.combat.fight;
    if (a.do === "fpf") {
      f.fpf.push(a.unit);
      ctx.trace({ rule: "8.41", table: "readings", uses: ctx.rules.setup.uses("map", "units/types"), text: a.unit + " gives final protective fire to " + f.defenders.join(", ") + " (in range, 8.42)" });
      return;
    }
    if (a.do === "fpf-ground-support") { f.fpfGs += a.points; return; }
    ctx.done();
    ctx.rules.combat.resolveFight();
  },
  why(ctx, a) {
    const f = ctx.state.combat.fight;
    if (a.do === "fpf") {
      const p = ctx.piece(a.unit);
      if (!p) return { rule: "8.4", reason: "no unit " + a.unit };
      if (!fpfAllowedAgainst(ctx, f.attackers.map((id) => ctx.piece(id)))) return { rule: "8.45", reason: "no final protective fire against an attack made solely by artillery and/or ground support" };
      if (f.fpf.indexOf(a.unit) >= 0) return { rule: "7.3", reason: a.unit + " already fires in this combat" };
      const r = canFpf(ctx, p, f.defenderHexes);
      return r.ok ? null : { rule: r.rule, reason: r.reason };
    }
    if (a.do === "fpf-ground-support") return { rule: "9.0", reason: "not that many ground support points left this Game-Turn (or FPF is not allowed against this attack, 8.45)" };
    return { rule: "8.4", reason: "unknown action" };
  },
};

// The combat section asks this decision as its own `fpf` (a save's control stack names it so).
export function answer(ctx, method, ...args) {
  return fpf[method](ctx, ...args);
}

function phaseNo(ctx) {
  return ctx.state.combat ? ctx.state.combat.phase || 0 : 0;
}

function onMap(p) {
  return !!p.hex && (p.at === undefined || p.at === "map");
}

function no(rule, reason) {
  return { ok: false, rule, reason };
}
