// North Africa standard rules 7.4 Effects of terrain on combat: which line of the Integrated CRT
// (7.61, the crt section) an attack is resolved on, and where terrain forbids combat.
//   7.41  only the defender's hex and its hexsides count; 7.43 the terrain is built into the CRT.
//   7.42  ridge, stream and ditch hexsides count only when every attacker crosses one; roads and
//         trails do not cancel them. 8.62: never against artillery and ground support alone; in a
//         combined attack every adjacent non-artillery attacker must cross.
//   7.44  the defender gets the single most favourable line it is entitled to; 7.45 with several
//         defenders, all get the line most favourable to any of them.
//   7.46  no combat across a bare escarpment hexside (no road or trail): combatAllowed().
//   10.22 the Minefield line when an adjacent attacker crosses a minefield of the defender's side.
//   10.31-10.33 fortified boxes: D1, D2 and Br have no effect on Allied units in a box attacked
//         solely across minefield hexsides (fortifiedBox()).
//   11.11-11.15 the Anti-Tank line, as the anti-tank section judges it.
// Table: tables/north-africa/combat-terrain.yaml.

// 7.46: combat is allowed between adjacent hexes unless a bare escarpment hexside (no road or
// trail across it: movement.yaml escarpment, 5.25) separates them, as the escarpment table says.
export function combatAllowed(ctx, a, b) {
  if (!ctx.map.adjacent(a, b)) return false;
  const E = escarpment(ctx);
  return E.across || !E.bare(a, b);
}

// 7.46 as the escarpment table says it, once per rules context.
function escarpment(ctx) {
  return ctx.once("escarpment", () => Object.freeze({ bare: ctx.rules.movement.bareEscarpmentFn(), across: ctx.table.escarpment["combat-across-bare-hexside"] === true }));
}

// What the tables alone decide of the line, once per rules context (they never change in a
// context); every value is read here, so a game that resolves a combat reads them all.
function terms(ctx) {
  return ctx.once("terms", () => {
    const T = ctx.table, rsd = T["hexside-conditions"]["ridge-stream-ditch"], mine = T["hexside-conditions"]["enemy-minefield"];
    const order = T["favourability-order"]["most-to-least-favourable"];
    const rankOf = {};
    order.forEach((tier, i) => { for (const l of tier) rankOf[l] = i; });
    const least = T.precedence.choose === "least-favourable-to-defender";
    return Object.freeze({
      types: rsd.types.concat(T.bridge.kind === "hexside" ? ["bridge"] : []),
      lineOf: Object.assign({ bridge: T.bridge.line }, T["hexside-terrain"].line),         // 7.42, the bridge reading
      everyCrosses: rsd["attackers-crossing"] !== "at-least-one",                       // 7.42
      cancels: T["hexside-terrain"]["road-or-trail-cancels"] === true,                    // 7.42
      mix: T["ridge-stream-ditch-mix"]["mixed-types"],
      mineEvery: mine["attackers-crossing"] === "every",                                  // 10.22
      mineAnySide: mine["minefield-owner"] === "any-side",
      rank: (l) => (rankOf[l] === undefined ? order.length : rankOf[l]),
      better: least ? (x, y) => x > y : (x, y) => x < y,                                  // 7.44
    });
  });
}

// 10.31-10.32 with the box readings, once per rules context, every value read.
function boxTerms(ctx) {
  return ctx.once("box terms", () => {
    const T = ctx.table, box = T["fortified-box"];
    return Object.freeze({
      noEffect: box["no-effect-results"], feature: box["hex-feature"],
      side: box.beneficiary === "allied" ? T["side-names"].allied : box.beneficiary,
      artilleryQualifies: T["fortified-box-artillery"]["artillery-or-ground-support-only-qualifies"] === true,
      any: T["fortified-box-several-defenders"]["applies-when"] === "any-defender-qualifies",
    });
  });
}

// ---------------------------------------------------------------- fortified boxes (10.31-10.33)

// 10.31: does fortified-box protection turn result `code` of this attack into no effect?
export function fortifiedBox(ctx, code, adjacent, defenders) {
  return boxTerms(ctx).noEffect.indexOf(code) >= 0 && boxProtects(ctx, adjacent, defenders);
}

// 10.31, 10.32 (with the fortified-box readings): every defender (or, by the several-defenders
// reading, any one) an Allied unit in a Fortified Box, every adjacent attacker across a minefield
// hexside into it; artillery/ground support alone never.
function boxProtects(ctx, adjacent, defenders) {
  const B = boxTerms(ctx);
  if (!adjacent.length && !B.artilleryQualifies) return false;
  const owners = ctx.rules.minefields.ownerOf();
  const qualifies = (d) => {
    if (d.side !== B.side) return false;                                        // 10.32
    if (!ctx.map.hasFeature(d.hex, B.feature)) return false;
    for (const a of adjacent) if (!owners(a.hex, d.hex)) return false;
    return true;
  };
  return defenders.length > 0 && (B.any ? defenders.some(qualifies) : defenders.every(qualifies));
}

// ---------------------------------------------------------------- the CRT line (7.4, 8.62, 10.22, 11.1)

// 7.41-7.45, 8.62, 10.22, 11.11-11.15: the CRT line of an attack by `attackers` (attacking from
// adjacent hexes, adjacent artillery included; ids or pieces) with `barrage` (barraging artillery,
// optional) on `defenders`.
export function line(ctx, attackers, defenders, barrage) {
  const P = (l) => (l || []).map((x) => (typeof x === "string" ? ctx.piece(x) : x));
  return lineDetail(ctx, P(attackers), P(defenders), P(barrage), false).line;
}

// The ridge, stream, ditch and bridge types that count for defender `d` against these attackers
// (7.42, 8.62, with the ridge-stream-ditch-mix reading), in name order.
function hexsideTypes(ctx, T, attackers, d) {
  const per = [];
  for (const a of attackers) {
    const track = T.cancels && (ctx.map.hexsideHas(a.hex, d.hex, "road") || ctx.map.hexsideHas(a.hex, d.hex, "trail"));
    const hs = track ? [] : T.types.filter((t) => ctx.map.hexsideHas(a.hex, d.hex, t));
    if (!hs.length && T.everyCrosses) return [];
    if (hs.length) per.push(hs);
  }
  if (!per.length) return [];
  const crossed = {};
  if (T.mix === "same-type-only") {
    for (const t of per[0]) if (per.every((hs) => hs.indexOf(t) >= 0)) crossed[t] = true;
  } else {
    for (const hs of per) for (const t of hs) crossed[t] = true;
  }
  const types = Object.keys(crossed).sort();
  if (T.mix !== "worst-line-among-crossed" || types.length < 2) return types;
  let worst = types[0];
  for (const t of types) if (T.rank(T.lineOf[t]) > T.rank(T.lineOf[worst])) worst = t;
  return [worst];
}

// `explain`: also the text saying why that line (only a kept trace reads it); `provenance`: also
// `uses`, the data sources besides favourability-order the line went by (the board, the unit
// types, and the readings that decided a candidate).
export function lineDetail(ctx, adjacent, defenders, barrage, explain, provenance) {
  const T = ctx.table, K = terms(ctx);
  const cands = [];
  const hexsideOk = ctx.rules.artillery.hexsideAttackers(adjacent);   // 8.62: the attackers that must cross
  const owners = ctx.rules.minefields.ownerOf();
  for (const d of defenders) {
    // 7.41, 7.43, 8.61-8.62: the terrain of the defender's own hex, against every kind of attack
    const terr = ctx.map.terrain(d.hex);
    if (T["hex-terrain"].line[terr]) cands.push({ line: T["hex-terrain"].line[terr], rule: "7.41", text: d.id + " in " + terr });
    for (const feat of ctx.map.features(d.hex)) {
      if (T["hex-terrain"].line[feat]) cands.push({ line: T["hex-terrain"].line[feat], rule: "7.41", text: d.id + " in " + feat });
    }
    // 7.42, 8.62: ridge/stream/ditch (and bridge) only when every attacker that must cross crosses one
    if (hexsideOk.length) {
      for (const t of hexsideTypes(ctx, K, hexsideOk, d)) {
        cands.push({ line: K.lineOf[t], rule: "7.42", text: d.id + " behind " + t + " hexsides crossed by " + (K.everyCrosses ? "every attacker" : "an attacker") });
      }
    }
    // 10.22: a minefield of the defender's side crossed by at least one adjacent attacker
    let mined = null, all = adjacent.length > 0;
    for (const a of adjacent) {
      const owner = owners(a.hex, d.hex);
      if (owner && owner !== a.side && (K.mineAnySide || owner === d.side)) { if (!mined) mined = { a, owner }; if (!K.mineEvery) break; }
      else all = false;
    }
    if (mined && (!K.mineEvery || all)) {
      cands.push({ line: T["hexside-terrain"].line["enemy-minefield"], rule: "10.22", text: mined.a.id + " attacks " + d.id + " across a " + mined.owner + " minefield hexside" });
    }
  }
  // 11.11-11.15: the anti-tank line
  const at = ctx.rules["anti-tank"].check(adjacent, defenders, barrage);
  if (at.uses) cands.push({ line: at.line, rule: "11.11", text: at.text });
  // 7.44, 7.45: the single line most favourable to the defender, for all defenders
  let best = null;
  for (const cnd of cands) if (!best || K.better(K.rank(cnd.line), K.rank(best.line))) best = cnd;
  if (!best) throw new Error("7.41: no CRT line for the terrain of " + defenders.map((d) => d.id + " in " + ctx.map.terrain(d.hex)).join(", "));
  const uses = provenance ? lineUses(ctx, cands, at) : undefined;
  if (!explain) return { line: best.line, rule: best.rule, text: "", candidates: cands, uses };
  const others = cands.filter((x) => x !== best).map((x) => x.line + " (" + x.rule + ": " + x.text + ")");
  const text = "CRT line " + best.line + " (" + best.rule + ": " + best.text + ")" +
    (others.length ? "; the defender's most favourable of: " + [best.line].concat(others).join(", ") + " (7.44" + (defenders.length > 1 ? ", 7.45" : "") + ")" : "") +
    (!at.uses && at.rule !== "11.11" ? "; no Anti-Tank line: " + at.text + " (" + at.rule + ")" : "");
  return { line: best.line, rule: best.rule, text, candidates: cands, uses };
}

// The sources a line went by: the board and the unit types (anti-tank, mechanized, artillery)
// always; the bridge and mixed-types readings where a hexside candidate came from them; the
// anti-tank readings where an anti-tank unit protected a defender.
function lineUses(ctx, cands, at) {
  const side = cands.filter((c) => c.rule === "7.42");
  const bridge = side.some((c) => c.text.indexOf(" behind bridge ") >= 0), mix = side.length > 1, anti = !!at.protector || at.rule === "11.12";
  const list = ["map", "units/types"];
  if (bridge) list.push("combat-terrain/bridge");
  if (mix) list.push("combat-terrain/ridge-stream-ditch-mix");
  if (anti) list.push("anti-tank/readings");
  return ctx.rules.setup.uses(...list);
}
