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

function hasSide(ctx, a, b, f) {
  return ctx.map.hexsideHas(a, b, f);
}

// 7.46: combat is allowed between adjacent hexes unless a bare escarpment hexside (no road or
// trail across it) separates them.
export function combatAllowed(ctx, a, b) {
  if (!ctx.map.adjacent(a, b)) return false;
  return !bareEscarpment(ctx, a, b);
}

function bareEscarpment(ctx, a, b) {
  return hasSide(ctx, a, b, "escarpment") && !hasSide(ctx, a, b, "road") && !hasSide(ctx, a, b, "trail");
}

// ---------------------------------------------------------------- fortified boxes (10.31-10.33)

// 10.31: does fortified-box protection turn result `code` of this attack into no effect?
export function fortifiedBox(ctx, code, adjacent, defenders) {
  return ctx.table["fortified-box"]["no-effect-results"].indexOf(code) >= 0 && boxProtects(ctx, adjacent, defenders);
}

// 10.31, 10.32 (with the fortified-box readings): every defender an Allied unit in a Fortified Box,
// every adjacent attacker across a minefield hexside into it; artillery/ground support alone never.
function boxProtects(ctx, adjacent, defenders) {
  const t = ctx.table["fortified-box"];
  const allied = ctx.table["side-names"].allied;
  if (!adjacent.length && !ctx.table["fortified-box-artillery"]["artillery-or-ground-support-only-qualifies"]) return false;
  const owners = ctx.rules.minefields.ownerOf();
  for (const d of defenders) {
    if (t.beneficiary === "allied" && d.side !== allied) return false;          // 10.32
    if (!ctx.map.hasFeature(d.hex, "fortified-box")) return false;
    for (const a of adjacent) if (!owners(a.hex, d.hex)) return false;
  }
  return defenders.length > 0;
}

// ---------------------------------------------------------------- the CRT line (7.4, 8.62, 10.22, 11.1)

// 7.41-7.45, 8.62, 10.22, 11.11-11.15: the CRT line of an attack by `attackers` (attacking from
// adjacent hexes, adjacent artillery included; ids or pieces) with `barrage` (barraging artillery,
// optional) on `defenders`.
export function line(ctx, attackers, defenders, barrage) {
  const P = (l) => (l || []).map((x) => (typeof x === "string" ? ctx.piece(x) : x));
  return lineDetail(ctx, P(attackers), P(defenders), P(barrage), false).line;
}

// `explain`: also the text saying why that line (only a kept trace reads it)
export function lineDetail(ctx, adjacent, defenders, barrage, explain) {
  const T = ctx.table;
  const cands = [];
  const hexsideOk = ctx.rules.artillery.hexsideAttackers(adjacent);   // 8.62: non-artillery adjacent attackers
  const cond = T["hexside-conditions"]["ridge-stream-ditch"];
  const types = cond.types.concat(T.bridge.kind === "hexside" ? ["bridge"] : []);
  const lineOfType = (t) => (t === "bridge" ? T.bridge.line : T["hexside-terrain"].line[t]);
  const owners = ctx.rules.minefields.ownerOf();
  for (const d of defenders) {
    // 7.41, 7.43, 8.61-8.62: the terrain of the defender's own hex, against every kind of attack
    const terr = ctx.map.terrain(d.hex);
    if (T["hex-terrain"].line[terr]) cands.push({ line: T["hex-terrain"].line[terr], rule: "7.41", text: d.id + " in " + terr });
    for (const feat of ctx.map.features(d.hex)) {
      if (T["hex-terrain"].line[feat]) cands.push({ line: T["hex-terrain"].line[feat], rule: "7.41", text: d.id + " in " + feat });
    }
    // 7.42, 8.62: ridge/stream/ditch (and bridge) only when every adjacent non-artillery attacker crosses one
    if (hexsideOk.length) {
      let all = true;
      const crossed = {};
      for (const a of hexsideOk) {
        const hs = types.filter((t) => ctx.map.hexsideHas(a.hex, d.hex, t));
        if (!hs.length) { all = false; break; }
        for (const t of hs) crossed[t] = true;
      }
      if (all) {
        // ridge-stream-ditch-mix reading: the best line among the types crossed (7.44)
        for (const t of Object.keys(crossed).sort()) cands.push({ line: lineOfType(t), rule: "7.42", text: d.id + " behind " + t + " hexsides crossed by every attacker" });
      }
    }
    // 10.22: a minefield of the defender's side crossed by at least one adjacent attacker
    for (const a of adjacent) {
      const owner = owners(a.hex, d.hex);
      if (owner && owner === d.side && owner !== a.side) {
        cands.push({ line: T["hexside-terrain"].line["enemy-minefield"], rule: "10.22", text: a.id + " attacks " + d.id + " across a " + owner + " minefield hexside" });
        break;
      }
    }
  }
  // 11.11-11.15: the anti-tank line
  const at = ctx.rules["anti-tank"].check(adjacent, defenders, barrage);
  if (at.uses) cands.push({ line: "anti-tank", rule: "11.11", text: at.text });
  // 7.44, 7.45: the single line most favourable to the defender, for all defenders
  const order = T["favourability-order"]["most-to-least-favourable"];
  const rank = (l) => { for (let i = 0; i < order.length; i++) if (order[i].indexOf(l) >= 0) return i; return order.length; };
  let best = null;
  for (const cnd of cands) if (!best || rank(cnd.line) < rank(best.line)) best = cnd;
  if (!best) throw new Error("7.41: no CRT line for the terrain of " + defenders.map((d) => d.id + " in " + ctx.map.terrain(d.hex)).join(", "));
  if (!explain) return { line: best.line, rule: best.rule, text: "", candidates: cands };
  const others = cands.filter((x) => x !== best).map((x) => x.line + " (" + x.rule + ": " + x.text + ")");
  const text = "CRT line " + best.line + " (" + best.rule + ": " + best.text + ")" +
    (others.length ? "; the defender's most favourable of: " + [best.line].concat(others).join(", ") + " (7.44" + (defenders.length > 1 ? ", 7.45" : "") + ")" : "") +
    (!at.uses && at.rule !== "11.11" ? "; no Anti-Tank line: " + at.text + " (" + at.rule + ")" : "");
  return { line: best.line, rule: best.rule, text, candidates: cands };
}
