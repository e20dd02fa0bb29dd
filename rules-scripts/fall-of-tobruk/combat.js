// The Fall of Tobruk 11.0 Combat and 12.0 Disruption.
// 3.44 and 11.0 the Combat Impulse; 11.1-11.12 the Antitank Fire Segment (11.11 First Fire with
// 13.21); 11.13 armor overruns; 11.2-11.22 the Regular Combat Segment (11.22 terrain and
// proficiency, 13.22 the Minefield Attack Table); 11.23 reconnaissance retreat before combat;
// 11.3 results (with 4.13 retreats into ZOC, 13.23 retreats across minefields, 13.4 boxes);
// 11.31 advances (with 13.24); 11.41-11.42 morale; 12.1-12.3 disruption; 4.12 NOTE and 7.1 the
// Forced Combat Impulse; 3.4 one Combat Impulse per unit per Operations Phase; 5.41 wrecks as far
// as combat makes them; 7.11 an HQ lost in combat; 8.3 artillery in combat; 16.43 release.
// Tables: crt.yaml (crt, odds, shift-rules, column-shifts, factor-modifiers), fire-combat.yaml,
// close-combat.yaml, morale.yaml, disruption.yaml, terrain.yaml (combat-effects, movement-costs),
// minefields.yaml (mat), refit.yaml (wrecks).
//
// ACTION SHAPES
// Decision `impulse` (the active player; one Combat Impulse, made of one or more combats):
//   {do: "attack", hex}          start a combat against the enemy units in `hex` (3.44: once per impulse)
//   {do: "add", unit, hex}       commit an activated (or activatable, 7.21) unit adjacent to `hex`
//   {do: "resolve"}              pay the APs (7.21) and fight every combat of the impulse
//   {do: "cancel"}               give up the impulse before anything is resolved
// Decision `forced` (the active player, end of an activation; 4.12 NOTE): the same shapes without
//   "cancel"; only the units owing a forced combat attack, at 1L, with no AP.
// Decision `choice` (an interrupt for the owner of the units concerned), one of:
//   {do: "fire", side, at, first}   11.11: which attacking armor the defenders fire on, and
//                                   whether First Fire is used or passed
//   {do: "withdraw", unit, to} | {do: "stand", unit}        11.23 recon retreat before combat
//   {do: "occupy", unit} | {do: "stop"}                      11.23 occupying the vacated hex
//   {do: "disrupt", unit}                                    11.3 the owner picks who is Disrupted
//   {do: "retreat", unit, to} | {do: "stay", unit}           11.3 retreat; 13.4 a Box may ignore it
//   {do: "advance", unit, to} | {do: "hold", unit} | {do: "stop"}   11.31 advance after combat
//
// STATE (state.combat): {n, imp, queue, began}
//   n      Combat Impulses begun so far
//   imp    the impulse under way: {n, side, enemy, forced, combats: [combat], resolving}
//          combat: {hex, attackers, noAp, defenders, off, stalled, overrun, retreated, targeted}
//   queue  the steps still to carry out once the impulse is resolved; a step waiting for its
//          owner's choice keeps the choice offered in `opts`
//   began  {key, ids}: units of the drawn formation in an enemy HZOC when the activation began
// Queries never write the state.
// Piece fields this section sets: fought, opsComplete (3.44, 7.3), disrupted (12.0), moraleLoss
// (11.42, B.127), hex/at/box/wreck when a unit is lost (11.3, 5.41).

// ---------------------------------------------------------------- small helpers

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

function enemyOf(ctx, side) {
  return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0];
}

// Another section's export, if that section has it (sections are written side by side).
function call(ctx, sec, f) {
  const s = ctx.rules[sec];
  return s && typeof s[f] === "function" ? s[f] : null;
}

function byId(a, b) {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function unitsAt(ctx, hex) {
  return ctx.piecesAt(hex).filter(onMap).sort(byId);
}

function pieces(ctx, ids) {
  return ids.map((id) => ctx.piece(id)).filter(onMap);
}

function ids(list) {
  return list.map((p) => p.id);
}

function uniq(list) {
  const out = [];
  for (const x of list) if (out.indexOf(x) < 0) out.push(x);
  return out;
}

function fmt(x) {
  return Math.round(x * 100) / 100;
}

function sumOf(list, f) {
  let s = 0;
  for (const x of list) s += f(x);
  return s;
}

// state.combat for reading (queries never write the state)
function C(ctx) {
  return ctx.state.combat || { n: 0, imp: null, queue: [], began: null };
}

// state.combat for writing
function W(ctx) {
  if (!ctx.state.combat) ctx.state.combat = { n: 0, imp: null, queue: [], began: null };
  return ctx.state.combat;
}

// ---------------------------------------------------------------- the map as combat sees it

// Terrain and hexside names as the map file spells them (terrain.yaml terrain-types).
function hexIs(ctx, hex, name) {
  return ctx.map.terrain(hex) === name || ctx.map.hasFeature(hex, name);
}

// 13.4: a Defensive Box in the hex (the minefields section knows the map's feature name).
function inBox(ctx, hex) {
  const f = call(ctx, "minefields", "isBox");
  return f ? !!f(hex) : ctx.map.hasFeature(hex, "box");
}

// 11.22, 11.11: does an attack from `low` into `top` go up an escarpment? The zoc section reads
// the map's escarpment tops (4.11); where the map shows none, the hexside counts as climbed both
// ways, as it does for ZOC.
function escarpmentUp(ctx, low, top) {
  if (!ctx.map.hexsideHas(low, top, "escarpment")) return false;
  const z = call(ctx, "zoc", "escarpmentTop");
  if (!z) return true;
  const t = z(low, top);
  return t === null || t === undefined || t === top;
}

// 13.2, 13.23, 13.24: the unbreached minefield between a and b (minefields.crossing: every
// unbreached minefield binds every side; `friendly` when it is `side`'s own), or null.
function minefieldOn(ctx, a, b, side) {
  const f = call(ctx, "minefields", "crossing");
  return f ? f(a, b, side) || null : null;
}

function minefield(ctx, a, b, side) {
  return !!minefieldOn(ctx, a, b, side);
}

function zocLevel(ctx, hex, side) {
  const f = call(ctx, "zoc", "level");
  return f ? f(hex, side) || 0 : 0;
}

// zocLevel for many hexes: the ZOC section's whole-map answer, looked up (loops over every unit).
function zocLookup(ctx, side) {
  const f = call(ctx, "zoc", "levels");
  if (!f) return (hex) => zocLevel(ctx, hex, side);
  const z = f(side);
  return (hex) => z[ctx.map.index(hex)] || 0;
}

// 4.1: the ZOC the stack in `from` alone projects into the adjacent hex `into` (zoc.sources).
function projects(ctx, from, into, side) {
  const f = call(ctx, "zoc", "sources");
  if (!f) return zocLevel(ctx, into, side);
  for (const s of f(into, side) || []) if (s.hex === from) return s.level || 0;
  return 0;
}

// Mobility key of the movement-costs table (10.11).
function mobility(p) {
  const m = String(p.mobility || "leg");
  return m.charAt(0).toUpperCase() + m.slice(1);
}

// 11.3: may `p` retreat or advance from a into b (not into prohibited terrain, not across a
// prohibited hexside unless a road or track crosses it: the TEC, a placeholder, read by movement)?
function passable(ctx, p, a, b) {
  const mv = call(ctx, "movement", "mayCross");
  if (mv) return !!mv(p.mobility, a, b);
  const mc = ctx.tables.terrain["movement-costs"];
  const mob = mobility(p);
  const t = mc.hex[ctx.map.terrain(b)];
  if (t && t[mob] === "P") return false;
  for (const hs of ctx.map.hexside(a, b)) {
    const row = mc.hexside[hs];
    if (row && row[mob] === "P") {
      const road = Object.keys(mc.routes).some((r) => ctx.map.hexsideHas(a, b, r));
      if (!road) return false;
    }
  }
  return true;
}

// 15.21: units moved by combat (retreats, advances, occupying a vacated hex) enter hexes too.
function moved(ctx, p, path) {
  const S = W(ctx);
  if (S.imp && onMap(p)) (S.imp.arrived = S.imp.arrived || []).push(p.hex);   // 4.21, checked by STEP.stack
  const f = call(ctx, "victory", "afterMove");
  if (f && onMap(p)) f(p, path);
}

// ---------------------------------------------------------------- unit values

function morales(ctx) {
  return ctx.tables.morale["morale-scale"].order;
}

// 11.42, B.127: the current morale letter, the printed one less the letters lost.
export function moraleOf(ctx, p) {
  const u = typeof p === "string" ? ctx.piece(p) : p;
  const o = morales(ctx);
  const i = o.indexOf(u.morale);
  if (i < 0) return u.morale;
  return o[Math.max(0, i - (u.moraleLoss || 0))];
}

// 12.2: a Disrupted unit fights with the values of its reverse side: the piece's `hafDisrupted` /
// `safDisrupted` where the order of battle gives them, else the disruption.yaml stand-in.
const REVERSE = { haf: "hafDisrupted", saf: "safDisrupted" };

function reverseStandIn(p, k) {
  return !!p.disrupted && !!REVERSE[k] && typeof p[REVERSE[k]] !== "number";
}

function printedOf(ctx, p, k) {
  if (p.disrupted && REVERSE[k]) {
    if (typeof p[REVERSE[k]] === "number") return p[REVERSE[k]];
    return (+p[k] || 0) * ctx.tables.disruption["reverse-side"]["attack-factor"];
  }
  return +p[k] || 0;
}

function isTank(p) {
  return p.type === "tank";
}

// The units activated in the activation under way (7.21: their stack got its APs).
function activatedNow(ctx, p) {
  const a = ctx.state.activation;
  if (!a || !a.stacks) return false;
  for (const h of Object.keys(a.stacks)) if ((a.stacks[h] || []).indexOf(p.id) >= 0) return true;
  return false;
}

function supplied(ctx, p) {
  const f = call(ctx, "supply", "supplied");
  return f ? !!f(p) : !p.oos;
}

// A unit's Hard ("haf") or Soft ("saf") Attack Factor in combat `c`, with what changed it.
// role: "attack" for the units of the combat's attacker, "defend" for the defender's.
function factor(ctx, p, k, role, c) {
  let v = printedOf(ctx, p, k);
  const why = [];
  if (p.disrupted && REVERSE[k]) why.push(reverseStandIn(p, k) ? "Disrupted: reverse side stand-in (disruption.yaml reverse-side, placeholder)" : "Disrupted: reverse side (12.2)");
  if (k === "saf" && p.artillery) {
    if (v) why.push("artillery never attacks with its Soft Attack Factor (8.3)");
    return { v: 0, why };
  }
  if (p.hq) return { v: 0, why: ["HQ"] };
  if (role !== "attack" || !c) return { v, why };
  // 4.3: weapons and artillery that moved in this activation fire at half or not at all
  if (p.towed && p.moveMarker && activatedNow(ctx, p)) {
    if (p.moveMarker === "full-move-no-fire") { v = 0; why.push("Full Move/No Fire (4.3)"); }
    else if (p.moveMarker === "half-move-half-fire") { v /= 2; why.push("Half Move/Half Fire, halved (4.3)"); }
  }
  // 14.3: out of supply, halved when attacking
  if (!supplied(ctx, p)) { v /= 2; why.push("out of supply, halved (14.3)"); }
  // 11.22: armor attacking across an AT Ditch
  if (p.armor && ctx.map.hexsideHas(p.hex, c.hex, "at-ditch")) { v /= 2; why.push("armor across an AT Ditch, halved (11.22)"); }
  // 11.22, 13.22: across an unbreached minefield (the minefields section's reading of both)
  const mf = call(ctx, "minefields", "attackFactor");
  if (mf) {
    const r = mf(p, p.hex, c.hex, k === "haf" ? "hard" : "soft", v);
    if (r && r.halved) { v = r.value; why.push("across an unbreached minefield, halved (" + r.rule + ")"); }
  }
  // 11.13: after an Overrun the attacking tank companies double their Soft Attack
  if (k === "saf" && c.overrun && isTank(p)) { v *= 2; why.push("Overrun, doubled (11.13)"); }
  return { v, why };
}

// Can `p` take part in an attack at all (B.113, 8.3, 7.11)?
function canFight(ctx, p) {
  if (!onMap(p) || p.hq) return false;
  return printedOf(ctx, p, "haf") > 0 || (!p.artillery && printedOf(ctx, p, "saf") > 0);
}

// ---------------------------------------------------------------- 11.41 predominant morale

// 11.411 (role "defender"): the letter with the most SPs, the worst on a tie. 11.412 (role
// "attacker"): the letter of the largest unit by SPs; on a tie the attacker chooses, and the best
// tied letter is taken (on the CRT a better letter never falls in a heavier band).
// `units` are pieces or ids, or plain {sp, morale, moraleLoss} records. HQs count only in a
// stack of HQs.
export function predominant(ctx, units, role) {
  let list = units.map((u) => (typeof u === "string" ? ctx.piece(u) : u)).filter((u) => !!u);
  const nonHq = list.filter((u) => !u.hq);
  if (nonHq.length) list = nonHq;
  if (!list.length) return null;
  const o = morales(ctx);
  const idx = (u) => o.indexOf(moraleOf(ctx, u));
  if (role === "attacker") {
    let best = -1, letter = -1;
    for (const u of list) {
      const sp = +u.sp || 0;
      if (sp > best || (sp === best && idx(u) > letter)) { best = sp; letter = idx(u); }
    }
    return o[letter];
  }
  const by = {};
  for (const u of list) by[idx(u)] = (by[idx(u)] || 0) + (+u.sp || 0);
  let best = -1, letter = -1;
  for (const k of Object.keys(by).map(Number).sort((a, b) => a - b)) {
    if (by[k] > best) { best = by[k]; letter = k; }      // ascending: a tie keeps the worse letter
  }
  return o[letter];
}

// ---------------------------------------------------------------- 11.12, 11.21, 11.22 the CRT

function crt(ctx) {
  return ctx.tables.crt;
}

export function columns(ctx) {
  return crt(ctx).crt.columns;
}

// The basic odds column: the highest whose minimum ratio the attack reaches (rounded in favour
// of the target), -1 below the lowest column, and the 8+:1 column against no defence at all.
export function basicColumn(ctx, attack, defence) {
  const cols = columns(ctx);
  const min = crt(ctx).odds["min-ratio"];
  if (!(attack > 0)) return -1;
  if (!(defence > 0)) return cols.length - 1;
  const r = attack / defence;
  let col = -1;
  for (let i = 0; i < cols.length; i++) if (r >= min[cols[i]]) col = i;
  return col;
}

// "2L" -> -2, "1R" -> 1 (left shifts favour the target)
function shiftValue(s) {
  const m = /^(\d+)\s*([LR])$/.exec(String(s).trim());
  return m ? (m[2] === "R" ? 1 : -1) * +m[1] : 0;
}

function shiftText(n) {
  return n === 0 ? "0" : Math.abs(n) + (n > 0 ? "R" : "L");
}

function shiftRow(ctx, id) {
  for (const r of crt(ctx)["column-shifts"].shifts) if (r.id === id) return r;
  throw new Error("crt.yaml column-shifts has no row " + id);
}

// 11.22 NOTE: all shifts are netted, then applied; past 8+:1 resolves on 8+:1, below 1:2 that
// side does not roll. A basic ratio below 1:2 has no column to shift from: no roll either (our
// reading; the seed does not say).
export function finalColumn(ctx, basic, net) {
  const cols = columns(ctx);
  if (basic < 0) return { col: -1, label: null, why: "basic odds below " + cols[0] + ": no column to shift from, no roll (reading of 11.12, 11.21)" };
  const c = basic + net;
  if (c < 0) return { col: -1, label: null, why: cols[basic] + " shifted " + shiftText(net) + " falls below " + cols[0] + ": that side rolls no dice (11.22 NOTE)" };
  if (c >= cols.length) return { col: cols.length - 1, label: cols[cols.length - 1], why: cols[basic] + " shifted " + shiftText(net) + " is past the table: resolved on " + cols[cols.length - 1] + " (11.22 NOTE)" };
  return { col: c, label: cols[c], why: cols[basic] + (net ? " shifted " + shiftText(net) : "") + " -> " + cols[c] };
}

function inRange(ctx, range, letter) {
  if (range === "-" || !range) return false;
  const o = morales(ctx);
  const parts = range.split("-");
  const lo = o.indexOf(parts[0]);
  const hi = o.indexOf(parts.length > 1 ? parts[1] : parts[0]);
  const i = o.indexOf(letter);
  return i >= 0 && i >= lo && i <= hi;
}

// 11.12 step 2, 11.21 step 2: the general result band ("L", "M", "H") whose letters hold the
// target's predominant morale, or "-" (a miss in antitank fire, a standoff in regular combat).
export function cell(ctx, d10, col) {
  return crt(ctx).crt.rows[d10][col];
}

export function band(ctx, d10, col, letter) {
  const cl = cell(ctx, d10, col);
  for (const b of crt(ctx).crt.bands) if (inRange(ctx, cl[b], letter)) return b;
  return "-";
}

const BAND_NAME = { L: "LIGHT", M: "MEDIUM", H: "HEAVY" };

function rowFor(rows, d10) {
  for (const r of rows) {
    const p = String(r.d10).split("-");
    const lo = +p[0], hi = p.length > 1 ? +p[1] : lo;
    if (d10 >= lo && d10 <= hi) return r;
  }
  throw new Error("no row for d10 " + d10);
}

// The two result columns of a resolution table (fire-combat, close-combat or the engaged rows)
// for a band and two d10 rolls: {dis, retreat, morale}.
export function resolution(ctx, table, bandName, disRoll, retRoll) {
  const t = table === "fire-combat" ? ctx.tables["fire-combat"]["fire-combat"]
    : table === "close-combat" ? ctx.tables["close-combat"]["close-combat"]
    : ctx.tables["close-combat"]["close-combat-engaged"];
  const d = rowFor(t["disruption-result"][bandName], disRoll);
  const r = rowFor(t["retreat-result"][bandName], retRoll);
  return { dis: d.Disruption, retreat: r.Retreat, morale: r.Morale };
}

// 11.42: the Morale Checks Table: the new letter ("E" = eliminated). The two blank g cells read
// as printed-g (morale.yaml mct-blank-cells).
export function mct(ctx, letter, d10) {
  const v = ctx.tables.morale.mct.rows[String(d10)][letter];
  if (v === "" || v === undefined || v === null) {
    const blank = ctx.tables.morale["mct-blank-cells"].cells[String(d10)];
    return blank && blank[letter] ? blank[letter] : letter;
  }
  return v;
}

// ---------------------------------------------------------------- 12.0 disruption, losses

// 12.2 EXCEPTION: these causes never eliminate a unit that is already Disrupted.
const SPARES_DISRUPTED = ["bombardment", "strafing", "bombing"];

// 12.1, 12.2: disrupts `p` (its reverse side); a second disruption eliminates it, except one from
// bombardment or strafing. HQs have no disrupted side and ignore every Dis (12.1 NOTE).
// Returns "disrupted", "eliminated", "immune" or "no effect".
function disruptPiece(ctx, p, cause, rule, text) {
  const why = text ? text + ": " : "";
  if (!onMap(p)) return "no effect";
  if (p.hq) {
    ctx.trace({ rule: "12.1", result: "immune", text: why + p.id + " is an HQ: no disrupted side, the Dis is ignored (12.1 NOTE)" });
    return "immune";
  }
  if (p.disrupted) {
    if (SPARES_DISRUPTED.indexOf(cause) >= 0) {
      ctx.trace({ rule: "12.2", result: "no effect", text: why + p.id + " is already Disrupted; a disruption from " + cause + " cannot eliminate it (12.2 EXCEPTION)" });
      return "no effect";
    }
    lose(ctx, p, "12.2", why + p.id + " is Disrupted a second time (" + cause + ")", cause);
    return "eliminated";
  }
  p.disrupted = true;
  ctx.trace({ rule: rule || "12.1", table: "disruption/causes", result: "disrupted", text: why + p.id + " is Disrupted (" + cause + "), flipped to its reverse side" });
  return "disrupted";
}

// For other sections (artillery 8.11, air 9.444, stacking 4.23, minefields): disrupt a unit by
// id. `cause` names where it comes from ("bombardment", "strafing", "overstacking", ...).
export function disrupt(ctx, unit, cause, rule) {
  const p = typeof unit === "string" ? ctx.piece(unit) : unit;
  return disruptPiece(ctx, p, causeOf(cause), rule, null);
}

// A cause given as text ("4.23 overstacking", "artillery bombardment") as one word for 12.2.
function causeOf(cause) {
  const t = String(cause || "combat").toLowerCase();
  for (const w of SPARES_DISRUPTED) if (t.indexOf(w) >= 0) return w;
  return t;
}

// 12.3, 3.5: the Clean-Up Phase flips `side`'s Disrupted units back (every side when omitted).
export function recover(ctx, side) {
  const back = [];
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (p.disrupted && (!side || p.side === side)) { p.disrupted = false; back.push(id); }
  }
  if (back.length) ctx.trace({ rule: "12.3", table: "disruption/removal", text: (side || "every side") + ": " + back.length + " Disrupted unit" + (back.length === 1 ? "" : "s") + " flipped back to the front side (" + back.join(", ") + ")" });
  return back;
}

function norm(s) {
  return String(s || "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

// 5.4, 5.41: does an eliminated tank of this model leave a Wreck marker (units.yaml models, else
// the refit.yaml list)?
function wreckable(ctx, p) {
  if (!p.armor || !isTank(p)) return false;
  const models = ctx.tables.units && ctx.tables.units.models ? ctx.tables.units.models["by-model"] : null;
  if (models && p.model && models[p.model]) return !!models[p.model].wreck;
  const list = (ctx.tables.refit.wrecks["wreck-types"] || {})[p.side] || [];
  const model = norm(p.model || p.vehicle || p.name);
  for (const t of list) { const n = norm(t); if (n && model.indexOf(n) === 0) return true; }
  return false;
}

// 7.11: an HQ lost in combat is put on the nearest unit of its formation (ties: the lowest hex
// id; the owner's choice among equals is not asked).
function hqRefuge(ctx, p) {
  let best = null, bd = Infinity;
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const q = ctx.state.pieces[id];
    if (q === p || !onMap(q) || q.hq || q.side !== p.side || q.formation !== p.formation) continue;
    const d = ctx.map.distance(p.hex, q.hex);
    if (d < bd || (d === bd && q.hex < best)) { bd = d; best = q.hex; }
  }
  return best;
}

// 11.3, 5.41, 7.11: a unit leaves the map. Armor that can be repaired leaves a Wreck marker in its
// hex; other armor goes to the Units Destroyed box, other units to Units to be Refitted.
function lose(ctx, p, rule, text, cause) {
  if (!onMap(p)) return;
  const hex = p.hex;
  if (p.hq) {
    const to = hqRefuge(ctx, p);
    if (to) {
      p.hex = to;
      p.disrupted = false;
      ctx.trace({ rule: "7.11", result: "placed", text: text + ": " + p.id + " (HQ) is placed on the nearest unit of its formation, in " + to });
      return;
    }
  }
  p.hex = null;
  p.at = "eliminated";
  p.lostIn = hex;
  if (p.armor) p.box = wreckable(ctx, p) ? "wreck" : "units-destroyed";
  else p.box = "units-to-be-refitted";
  ctx.trace({ rule, result: "eliminated", text: text + ": " + p.id + " eliminated in " + hex +
    (p.box === "wreck" ? "; a Wreck marker is placed there (5.41)" : p.box === "units-destroyed" ? "; to the Units Destroyed box (5.41)" : "; to the Units to be Refitted box (11.3)") });
  const rec = call(ctx, "victory", "recordLoss");
  if (rec) rec(p);
  const imp = C(ctx).imp;
  if (imp) imp.lost = (imp.lost || 0) + 1;
}

// For other sections: eliminate a unit by id (as in combat: wrecks, HQ placement, losses).
export function eliminate(ctx, unit, cause, rule) {
  const p = typeof unit === "string" ? ctx.piece(unit) : unit;
  lose(ctx, p, rule || "11.3", (cause || "eliminated"), cause);
  return !onMap(p);
}

// ---------------------------------------------------------------- 11.22 shifts

// 11.22: Trained if at least 51% of the SPs are Trained, Veteran if 51% are Veteran, else
// Regular; an HQ counts as Regular (7.11).
export function proficiency(ctx, units) {
  let tot = 0, tr = 0, vet = 0;
  for (const x of units) {
    const u = typeof x === "string" ? ctx.piece(x) : x;
    const sp = +u.sp || 0;
    const w = sp > 0 ? sp : 0;
    tot += w;
    const pr = u.hq ? "regular" : u.proficiency;
    if (pr === "trained") tr += w;
    if (pr === "veteran") vet += w;
  }
  if (tot > 0 && tr * 100 >= 51 * tot) return "trained";
  if (tot > 0 && vet * 100 >= 51 * tot) return "veteran";
  return "regular";
}

const HEX_SHIFT = { hill: "defender-on-hill", box: "defender-in-box", "mud-pan": "defender-on-mud-pan" };
const SIDE_SHIFT = { "at-ditch": "across-at-ditch", wadi: "across-wadi", escarpment: "up-escarpment" };

function shiftEntry(ctx, id, text) {
  const r = shiftRow(ctx, id);
  return { id, n: shiftValue(r.shift), rule: r.rule, text };
}

// An outside shift, given as a number (positive = right) or "2L" / "1R", or {shift}.
function outsideShift(v) {
  if (v === null || v === undefined || v === false) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "string") return shiftValue(v);
  if (typeof v === "object") return outsideShift(v.shift !== undefined ? v.shift : v.net);
  return 0;
}

// The column shifts of one fire F ({kind, by, firers, targets}) in combat c.
function shiftsFor(ctx, c, F) {
  const out = [];
  const kind = F.kind === "at" ? "antitank-fire" : "close-combat";
  const eff = ctx.tables.terrain["combat-effects"];
  const atDefender = F.by === c.side;
  if (atDefender) {
    // 11.22: the defender's hex (Hill, Box, Mud Pan), for the combat types the TEC names
    for (const name of Object.keys(HEX_SHIFT).sort()) {
      const e = eff.hex[name];
      if (!e || (e.combat || []).indexOf(kind) < 0) continue;
      if (name === "box" ? inBox(ctx, c.hex) : hexIs(ctx, c.hex, name)) out.push(shiftEntry(ctx, HEX_SHIFT[name], "defender in a " + name + " hex"));
    }
    // 11.22: across an AT Ditch or Wadi or up an Escarpment: when every firing hex faces one
    // (our reading of "the attacker is attacking across"); one shift whatever the mix
    if (kind === "close-combat" && F.firers.length) {
      const hexes = uniq(F.firers.map((p) => p.hex));
      let all = true, what = null;
      for (const h of hexes) {
        let hit = null;
        for (const s of Object.keys(SIDE_SHIFT).sort()) {
          const e = eff.hexside[s];
          if (!e || (e.combat || []).indexOf(kind) < 0) continue;
          if (s === "escarpment" ? escarpmentUp(ctx, h, c.hex) : ctx.map.hexsideHas(h, c.hex, s)) { hit = s; break; }
        }
        if (!hit) { all = false; break; }
        what = what || hit;
      }
      if (all && what) out.push(shiftEntry(ctx, SIDE_SHIFT[what], "every attacking hex attacks " + (what === "escarpment" ? "up an escarpment" : "across " + what)));
    }
    // 4.12 NOTE: a Forced Combat Impulse fights at 1L
    if (c.forcedShift) out.push(shiftEntry(ctx, "forced-combat", "Forced Combat Impulse: " + c.noAp.join(", ") + " attack without Activation Points"));
  }
  // 11.22: proficiency of the firing stack (11.12 applies it to antitank fire as well)
  const pf = proficiency(ctx, F.firers);
  if (pf === "trained") out.push(shiftEntry(ctx, "trained-attacker", "firing units Trained (51% of their SPs)"));
  if (pf === "veteran") {
    if (proficiency(ctx, F.targets) !== "veteran") out.push(shiftEntry(ctx, "veteran-attacker", "firing units Veteran (51% of their SPs) against non-Veteran targets"));
    else ctx.trace({ rule: "11.22", text: "firing units Veteran, but so are the targets: no shift" });
  }
  // 4.43, 4.44: weather, as the weather section reads it for this kind of fire
  const ws = call(ctx, "weather", "shifts");
  if (ws) {
    const n = outsideShift(ws(kind));
    if (n) out.push({ id: "weather", n, rule: "4.43, 4.44", text: "weather " + (ctx.state.weather || "") });
  }
  // 9.443, 9.4242: Combat Support markers of this combat (the air section)
  const cs = call(ctx, "air", "closeSupportShift");
  if (cs) {
    const n = F.by === c.side ? outsideShift(cs(c.side, c.hex)) : 0;
    if (n) out.push({ id: "combat-support", n, rule: "9.443, 9.4242", text: "Combat Support for " + F.by });
  }
  return out;
}

// ---------------------------------------------------------------- 11.12, 11.21 one fire

function roleOf(c, side) {
  return side === c.side ? "attacker" : "defender";
}

function combatOf(ctx, ci) {
  return C(ctx).imp.combats[ci];
}

// The units of `side` still in combat c: the attackers still next to the defender's hex that have
// not retreated, or the units still in that hex.
function involved(ctx, c, side) {
  if (side === c.side) return pieces(ctx, c.attackers).filter((p) => ctx.map.adjacent(p.hex, c.hex) && (c.gone || []).indexOf(p.id) < 0);
  return unitsAt(ctx, c.hex).filter((p) => p.side === side);
}

// One fire F = {kind: "at" | "close", by, firers, targets} of combat c: odds, shifts, the CRT die
// and, for a band (or a regular-combat dash), the two resolution dice. Returns the result codes
// ({dis, retreat, morale}, from the table traced) or null (no roll, or a miss).
function fire(ctx, c, F) {
  const fac = F.kind === "at" ? "haf" : "saf";
  const fRole = F.by === c.side ? "attack" : "defend";
  const rule = F.kind === "at" ? "11.12" : "11.21";
  let att = 0;
  const parts = [];
  for (const p of F.firers) {
    const r = factor(ctx, p, fac, fRole, c);
    att += r.v;
    parts.push(p.id + " " + fmt(r.v) + (r.why.length ? " (" + r.why.join(", ") + ")" : ""));
  }
  const def = sumOf(F.targets, (p) => +p.df || 0);
  const basic = basicColumn(ctx, att, def);
  const shifts = shiftsFor(ctx, c, F);
  const net = sumOf(shifts, (s) => s.n);
  const fc = finalColumn(ctx, basic, net);
  const tRole = roleOf(c, F.targets[0].side);
  const pm = predominant(ctx, F.targets, tRole);
  const what = (F.kind === "at" ? "antitank fire" : "regular combat") + " by " + F.by + " (" + ids(F.firers).join(", ") + ") at " + ids(F.targets).join(", ");
  const odds = (F.kind === "at" ? "Hard Attack " : "Soft Attack ") + fmt(att) + " [" + parts.join("; ") + "] against Defense " + fmt(def) +
    ": basic " + (basic >= 0 ? columns(ctx)[basic] : "below " + columns(ctx)[0]) +
    "; shifts " + (shifts.length ? shifts.map((s) => shiftText(s.n) + " " + s.text + " (" + s.rule + ")").join(", ") : "none") + ", net " + shiftText(net);
  if (fc.col < 0) {
    ctx.trace({ rule: "11.22", table: "crt/shift-rules", cell: { basic: basic >= 0 ? columns(ctx)[basic] : null, net: shiftText(net) }, result: "no roll", text: what + ": " + odds + "; " + fc.why });
    return null;
  }
  const d = ctx.roll("d10", rule + " CRT: " + what);
  const b = band(ctx, d, fc.col, pm);
  ctx.trace({
    rule, table: "crt/crt", cell: { d10: d, column: fc.label, morale: pm, cell: cell(ctx, d, fc.col), shifts: shifts.map((s) => ({ id: s.id, shift: shiftText(s.n), rule: s.rule })) },
    result: b, text: what + ": " + odds + " -> column " + fc.label + " (" + fc.why + "); d10 " + d + ", target predominant morale " + pm + " (11.41" + (tRole === "defender" ? "1" : "2") + "): " +
      (b === "-" ? (F.kind === "at" ? "no letter in any band: a miss (11.12)" : "a dash: standoff, both sides roll on Close Combat (Engaged) (11.21)") : "band " + b),
  });
  let table, bandName;
  if (b === "-") {
    if (F.kind === "at") return null;
    table = "close-combat-engaged"; bandName = "ENGAGED";
  } else {
    table = F.kind === "at" ? "fire-combat" : "close-combat"; bandName = BAND_NAME[b];
  }
  const dr = ctx.roll("d10", "Disruption Result, " + bandName + " (" + table + ")");
  const rr = ctx.roll("d10", "Retreat Result, " + bandName + " (" + table + ")");
  const res = resolution(ctx, table === "close-combat-engaged" ? "engaged" : table, bandName, dr, rr);
  const tkey = table === "close-combat-engaged" ? "close-combat/close-combat-engaged" : table + "/" + table;
  ctx.trace({
    rule: b === "-" ? "11.21" : "11.3", table: tkey, cell: { band: bandName, disruption: dr, retreat: rr },
    result: [res.dis, res.retreat, res.morale].filter((x) => x && x !== "-").join(" + ") || "-",
    text: what + ": " + bandName + " Disruption d10 " + dr + " -> " + res.dis + "; Retreat d10 " + rr + " -> " + res.retreat + " / " + res.morale +
      (table === "close-combat" ? " (regular combat reads Close Combat Resolution: close-combat.yaml cell-readings)" : ""),
  });
  res.pm = pm;
  res.table = tkey;
  return res;
}

// 11.3: the steps a fire's result codes call for, sorted into disruptions, morale checks and
// retreats (applied in that order once every simultaneous fire has been rolled). "Atkr" names the
// side that fired (our reading, see close-combat.yaml cell-readings).
function effectsOf(ctx, c, F, res, into) {
  const own = F.by;
  const foe = enemyOf(ctx, own);
  const foeUnits = F.kind === "at" ? F.targets : involved(ctx, c, foe);
  const ownUnits = involved(ctx, c, own);
  const ownPm = () => predominant(ctx, ownUnits, roleOf(c, own));
  const src = (F.kind === "at" ? "antitank fire" : "regular combat") + " by " + own + " on " + c.hex;
  const dis = (side, list, n, pm, code) => into.dis.push({ k: "dis", side, pool: ids(list), n, pm, rule: "11.3", text: code + " (" + src + ")", cause: "combat" });
  switch (res.dis) {
    case "Dis": dis(foe, F.targets, 1, res.pm, "Dis"); break;
    case "2 Dis": dis(foe, F.targets, 2, res.pm, "2 Dis"); break;
    case "All Dis": into.dis.push({ k: "disAll", units: ids(F.targets), rule: "11.3", text: "All Dis (" + src + ")", cause: "combat" }); break;
    case "Both Dis": dis(foe, F.targets, 1, res.pm, "Both Dis"); dis(own, ownUnits, 1, ownPm(), "Both Dis"); break;
    case "Atkr Dis": dis(own, ownUnits, 1, ownPm(), "Atkr Dis"); break;
    default: break;
  }
  let subject = foeUnits, subjectSide = foe;
  const r = String(res.retreat || "-");
  let m;
  if ((m = /^(All )?R\s*(\d+)h$/.exec(r))) {
    into.retreat.push(retreatStep(ctx, c, foe, foeUnits, +m[2], (m[1] ? "All " : "") + "R" + m[2] + "h (" + src + ")"));
  } else if (r === "Morale" || r === "2 Morale") {
    into.morale.push({ k: "morale", units: ids(foeUnits), times: r === "2 Morale" ? 2 : 1, rule: "11.42", text: r + " (" + src + ")" });
  } else if ((m = /^Atkr(?:\s+R\s*(\d+)h)?$/.exec(r))) {
    subject = ownUnits; subjectSide = own;
    if (m[1]) into.retreat.push(retreatStep(ctx, c, own, ownUnits, +m[1], "Atkr R" + m[1] + "h (" + src + ")"));
  }
  const mo = String(res.morale || "-");
  if (mo === "Morale" || mo === "2 Morale") {
    into.morale.push({ k: "morale", units: ids(subject), times: mo === "2 Morale" ? 2 : 1, rule: "11.42", text: (subjectSide === own && subject === ownUnits ? "Atkr " : "") + mo + " (" + src + ")" });
  }
}

function retreatStep(ctx, c, side, units, n, text) {
  const from = {};
  for (const p of units) from[p.id] = p.hex;
  return { k: "retreat", side, units: ids(units), n, from, ci: c.ci, defender: side !== c.side, rule: "11.3", text };
}

function flush(b) {
  return b.dis.concat(b.morale).concat(b.retreat);
}

function buckets() {
  return { dis: [], morale: [], retreat: [] };
}

// ---------------------------------------------------------------- the steps of a resolved impulse
//
// Each handler gets the step just taken off the queue and returns the steps to run next (itself,
// with `opts` set, when it waits for its owner's choice). CHOOSE applies such a choice.

const STEP = {};
const CHOOSE = {};

function occupied(ctx, side) {
  const occ = {};
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (onMap(p) && p.side === side) occ[p.hex] = true;
  }
  return occ;
}

// 11.0: the combat is announced; its defenders are the enemy units in the hex.
STEP.declare = (ctx, st) => {
  const imp = C(ctx).imp;
  const c = imp.combats[st.ci];
  c.defenders = ids(unitsAt(ctx, c.hex).filter((p) => p.side === c.enemy));
  ctx.trace({ rule: imp.forced ? "4.12" : "11.0", text: "Combat Impulse " + imp.n + (imp.forced ? " (Forced)" : "") + ": " + c.side + " attacks " + c.hex + " (" + c.defenders.join(", ") + ") with " + c.attackers.join(", ") });
  return [];
};

// 11.23: recon units among the defenders may retreat before combat up to two hexes, unless every
// attacker is recon: never into or through an enemy HZOC, into an enemy LZOC only as the first
// hex, and then Disrupted and stopped.
function reconDests(ctx, p, foe) {
  const occ = occupied(ctx, foe);
  const out = {};
  const origin = p.hex;
  for (const h of ctx.map.neighbors(origin)) {
    if (occ[h] || !passable(ctx, p, origin, h)) continue;
    const z = zocLevel(ctx, h, foe);
    if (z >= 2) continue;
    out[h] = true;
    if (z === 1) continue;
    for (const h2 of ctx.map.neighbors(h)) {
      if (h2 === origin || ctx.map.distance(origin, h2) !== 2 || occ[h2] || !passable(ctx, p, h, h2)) continue;
      if (zocLevel(ctx, h2, foe) > 0) continue;
      out[h2] = true;
    }
  }
  return Object.keys(out).sort();
}

STEP.recon = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (c.off) return [];
  const att = pieces(ctx, c.attackers);
  if (att.length && att.every((p) => p.recon)) {
    if (unitsAt(ctx, c.hex).some((p) => p.side === c.enemy && p.recon)) ctx.trace({ rule: "11.23", text: "attacked solely by recon units: no retreat before combat" });
    return [];
  }
  st.done = st.done || [];
  const recon = unitsAt(ctx, c.hex).filter((p) => p.side === c.enemy && p.recon && st.done.indexOf(p.id) < 0);
  if (recon.length) {
    const p = recon[0];
    const to = reconDests(ctx, p, c.side);
    if (!to.length) { st.done.push(p.id); return [st]; }
    st.side = c.enemy;
    st.prompt = c.enemy + ": " + p.id + " (recon) may retreat before combat up to two hexes (11.23)";
    st.why = "a recon unit retreats before combat up to two hexes, never into or through an enemy HZOC, into an enemy LZOC only as its first hex (11.23)";
    st.opts = to.map((h) => ({ do: "withdraw", unit: p.id, to: h })).concat([{ do: "stand", unit: p.id }]);
    return [st];
  }
  // 11.23: the hex emptied: no combat; the attackers may occupy it
  if ((st.left || 0) > 0 && !unitsAt(ctx, c.hex).some((p) => p.side === c.enemy)) {
    c.off = true;
    ctx.trace({ rule: "11.23", text: c.hex + " is empty after the recon retreat: no combat; the attackers may occupy it and are still Combat Complete" });
    return [{ k: "occupy", ci: st.ci, done: [] }];
  }
  return [];
};

CHOOSE.recon = (ctx, st, a) => {
  const c = combatOf(ctx, st.ci);
  const p = ctx.piece(a.unit);
  st.done.push(a.unit);
  if (a.do === "stand") { ctx.trace({ rule: "11.23", text: a.unit + " stands and fights" }); return; }
  const from = p.hex;
  p.hex = a.to;
  moved(ctx, p, [from, a.to]);
  st.left = (st.left || 0) + 1;
  ctx.trace({ rule: "11.23", text: a.unit + " (recon) retreats before combat " + from + " -> " + a.to });
  if (ctx.map.adjacent(from, a.to) && zocLevel(ctx, a.to, c.side) === 1) disruptPiece(ctx, p, "combat", "11.23", "recon retreat into an enemy LZOC");
};

STEP.occupy = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (st.stopped) return [];
  const cand = pieces(ctx, c.attackers).filter((p) => st.done.indexOf(p.id) < 0 && ctx.map.adjacent(p.hex, c.hex) && passable(ctx, p, p.hex, c.hex));
  if (!cand.length || unitsAt(ctx, c.hex).some((p) => p.side === c.enemy)) return [];
  st.side = c.side;
  st.prompt = c.side + ": occupy the hex " + c.hex + " the recon units left (11.23), or stop";
  st.why = "only attackers of this combat next to " + c.hex + " may occupy it (11.23)";
  st.opts = cand.map((p) => ({ do: "occupy", unit: p.id })).concat([{ do: "stop" }]);
  return [st];
};

CHOOSE.occupy = (ctx, st, a) => {
  if (a.do === "stop") { st.stopped = true; return; }
  const c = combatOf(ctx, st.ci);
  const p = ctx.piece(a.unit);
  st.done.push(p.id);
  ctx.trace({ rule: "11.23", text: p.id + " occupies " + c.hex + " (from " + p.hex + ")" });
  const from = p.hex;
  p.hex = c.hex;
  moved(ctx, p, [from, c.hex]);
};

// 11.1, 11.11: who fires in the Antitank Fire Segment, at what, and in which step. The attacker's
// units with a Hard Attack Factor fire at the defending armor; the defenders fire at the attacking
// armor of one hex (their choice). First Fire: defenders behind a friendly unbreached minefield,
// on a Hill against an attacker not on one, or at the top of an Escarpment; Axis Heavy AT units
// always (our reading of 11.11 and its NOTE, which lets opposing units both have First Fire).
function axisHeavyAt(ctx, p) {
  return !!p.heavyAT && p.side === ctx.sides[0];
}

// 11.11, 13.21, 11.22: why every defender in `hex` has First Fire against the attacking armor in
// the adjacent `from` ([] if it has none).
function defenderFirstFire(ctx, hex, from, defSide) {
  const why = [];
  const mf = minefieldOn(ctx, from, hex, defSide);
  if (mf && mf.friendly) why.push("friendly unbreached minefield (11.11, 13.21)");
  if (hexIs(ctx, hex, "hill") && !hexIs(ctx, from, "hill")) why.push("defender on a Hill, the attacker not (11.11, 11.22)");
  if (escarpmentUp(ctx, from, hex)) why.push("defender at the top of an Escarpment (11.11, 11.22)");
  return why;
}

STEP.plan = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (c.off || st.chosen) return [];
  if (st.who === "attacker") {
    const firers = involved(ctx, c, c.side).filter((p) => factor(ctx, p, "haf", "attack", c).v > 0);
    const targets = involved(ctx, c, c.enemy).filter((p) => p.armor);
    if (!firers.length || !targets.length) { c.planA = null; return []; }
    const ff = firers.filter((p) => axisHeavyAt(ctx, p));
    if (ff.length && ff.length < firers.length) {
      st.side = c.side;
      st.ff = ids(ff);
      st.prompt = c.side + ": " + st.ff.join(", ") + " (Heavy AT) may use First Fire on the armor in " + c.hex + " alone, or pass it and fire with the others (11.11)";
      st.why = "choose whether the Heavy AT units fire first (11.11)";
      st.opts = [{ do: "fire", side: c.side, at: c.hex, first: true }, { do: "fire", side: c.side, at: c.hex, first: false }];
      st.firers = ids(firers); st.targets = ids(targets);
      return [st];
    }
    c.planA = { side: c.side, at: c.hex, first: ff.length > 0, firers: ids(firers), targets: ids(targets), why: ff.length ? "Axis Heavy AT (11.11)" : "" };
    return [];
  }
  const firers = involved(ctx, c, c.enemy).filter((p) => factor(ctx, p, "haf", "defend", c).v > 0);
  const armor = involved(ctx, c, c.side).filter((p) => p.armor);
  if (!firers.length || !armor.length) { c.planD = null; return []; }
  const hexes = uniq(armor.map((p) => p.hex)).sort();
  const ffSome = firers.filter((p) => axisHeavyAt(ctx, p));
  const opts = [];
  st.info = {};
  for (const h of hexes) {
    const why = defenderFirstFire(ctx, c.hex, h, c.enemy);
    st.info[h] = { all: why.join(", ") };
    if (why.length || ffSome.length === firers.length) opts.push({ do: "fire", side: c.enemy, at: h, first: true });
    else if (ffSome.length) { opts.push({ do: "fire", side: c.enemy, at: h, first: true }); opts.push({ do: "fire", side: c.enemy, at: h, first: false }); }
    else opts.push({ do: "fire", side: c.enemy, at: h, first: false });
  }
  st.side = c.enemy;
  st.firers = ids(firers);
  st.ff = ids(ffSome);
  st.prompt = c.enemy + ": the defenders of " + c.hex + " fire at the attacking armor of one hex, with First Fire where they have it (11.1, 11.11)";
  st.why = "the defenders fire at the attacking armor of one hex; First Fire only where 11.11 gives it (Heavy AT units alone may fire first, the others then hold)";
  st.opts = opts;
  return [st];
};

CHOOSE.plan = (ctx, st, a) => {
  const c = combatOf(ctx, st.ci);
  st.chosen = true;
  if (st.who === "attacker") {
    const firers = a.first ? st.ff : st.firers;
    c.planA = { side: c.side, at: c.hex, first: !!a.first, firers, targets: st.targets, why: a.first ? "Axis Heavy AT alone (11.11)" : "" };
    ctx.trace({ rule: "11.11", text: c.side + ": " + (a.first ? st.ff.join(", ") + " use First Fire alone; the others hold their antitank fire at " + c.hex : "First Fire passed: every firing unit fires in the Simultaneous Fire Step") });
    return;
  }
  const armor = involved(ctx, c, c.side).filter((p) => p.armor && p.hex === a.at);
  const all = !!st.info[a.at].all;
  const firers = a.first && !all && st.ff.length < st.firers.length ? st.ff : st.firers;
  c.planD = { side: c.enemy, at: a.at, first: !!a.first, firers, targets: ids(armor), why: all ? st.info[a.at].all : a.first ? "Axis Heavy AT (11.11)" : "" };
  ctx.trace({ rule: "11.11", text: c.enemy + ": " + firers.join(", ") + " fire at the armor in " + a.at + (a.first ? " in the First Fire Step (" + c.planD.why + ")" : " in the Simultaneous Fire Step") });
};

// 11.11: the First Fire Step (st.first) or the Simultaneous Fire Step: every planned fire of that
// step in every combat is rolled, then the results are applied together.
STEP.atfire = (ctx, st) => {
  const imp = C(ctx).imp;
  const b = buckets();
  for (const c of imp.combats) {
    if (c.off) continue;
    for (const plan of [c.planA, c.planD]) {
      if (!plan || plan.done || !!plan.first !== !!st.first) continue;
      plan.done = true;
      const firers = pieces(ctx, plan.firers).filter((p) => (p.side === c.side ? ctx.map.adjacent(p.hex, c.hex) : p.hex === c.hex));
      const targets = pieces(ctx, plan.targets).filter((p) => p.hex === plan.at);
      if (!firers.length || !targets.length) continue;
      noteTargets(c, targets);
      const F = { kind: "at", by: plan.side, firers, targets };
      const res = fire(ctx, c, F);
      if (res) effectsOf(ctx, c, F, res, b);
    }
  }
  ctx.trace({ rule: "11.11", text: (st.first ? "First Fire Step" : "Simultaneous Fire Step") + " of Combat Impulse " + imp.n + ": results applied at the end of the step" });
  return flush(b);
};

function noteTargets(c, list) {
  c.targeted = c.targeted || [];
  for (const p of list) if (c.targeted.indexOf(p.id) < 0) c.targeted.push(p.id);
}

// 13.22: armor attacking across an unbreached minefield rolls on the MAT before the odds (the
// minefields section rolls it); the owner picks the armor units it Disrupts; a stall retreats
// every attacker 1 hex and there is no regular combat.
STEP.mat = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  const roll = call(ctx, "minefields", "mat");
  if (c.off || !roll) return [];
  const across = involved(ctx, c, c.side).filter((p) => p.armor && minefield(ctx, p.hex, c.hex, p.side));
  if (!across.length) return [];
  const m = roll(ids(across), true, "armor attacking " + c.hex);
  const out = [];
  if (m.count > 0) out.push({ k: "dis", side: c.side, pool: ids(across), n: m.count, pm: null, rule: "13.22", text: "MAT " + m.result, cause: "minefield" });
  if (m.stall) {
    c.stalled = true;
    ctx.trace({ rule: "13.22", text: "the attack on " + c.hex + " stalls: every attacker retreats 1 hex, no regular combat" });
    out.push(retreatStep(ctx, c, c.side, involved(ctx, c, c.side), 1, "MAT stall (13.22)"));
  }
  return out;
};

// 11.13, 11.2, 11.21: the Regular Combat Segment of one combat. Soft Attack against the units that
// are not armor, both sides firing if they reach 1:2 (11.21 NOTE); an Overrun first where the
// attacking armor SPs exceed the defenders' Hard Attack Factors.
STEP.regular = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (c.off || c.stalled) return [];
  const att = involved(ctx, c, c.side);
  const def = involved(ctx, c, c.enemy);
  if (!att.length || !def.length) {
    ctx.trace({ rule: "11.2", text: "no regular combat at " + c.hex + ": " + (att.length ? "no defender left" : "no attacker left") });
    return [];
  }
  const defSoft = def.filter((p) => !p.armor);
  const armorSp = sumOf(att.filter((p) => p.armor), (p) => +p.sp || 0);
  const defHaf = sumOf(def, (p) => factor(ctx, p, "haf", "defend", c).v);
  if (armorSp > 0) {
    c.overrun = defSoft.length > 0 && armorSp > defHaf;
    ctx.trace({ rule: "11.13", result: c.overrun ? "overrun" : "no overrun", text: "attacking armor " + armorSp + " SPs against the defenders' Hard Attack " + fmt(defHaf) + (c.overrun ? ": Overrun, tank Soft Attack doubled and every defender Disrupted" : defSoft.length ? ": no Overrun" : ": no non-armor defender, no Overrun") });
  }
  const b = buckets();
  const fires = [];
  // 11.0: regular combat is fought against non-armor units, with Soft Attack only
  const aFirers = att.filter((p) => factor(ctx, p, "saf", "attack", c).v > 0);
  if (aFirers.length && defSoft.length) fires.push({ kind: "close", by: c.side, firers: aFirers, targets: defSoft });
  const attSoft = att.filter((p) => !p.armor);
  const dFirers = def.filter((p) => factor(ctx, p, "saf", "defend", c).v > 0);
  if (dFirers.length && attSoft.length) fires.push({ kind: "close", by: c.enemy, firers: dFirers, targets: attSoft });
  if (!fires.length) ctx.trace({ rule: "11.2", text: "no regular combat at " + c.hex + ": no Soft Attack against a non-armor unit on either side" });
  for (const F of fires) {
    if (F.by === c.side) noteTargets(c, F.targets);
    const res = fire(ctx, c, F);
    if (res) effectsOf(ctx, c, F, res, b);
  }
  if (c.overrun) b.dis.push({ k: "disAll", units: ids(def), rule: "11.13", text: "Overrun", cause: "overrun" });
  return flush(b);
};

// ---- results

// 11.3: the owner disrupts `n` units of `pool`, picking among those of the predominant morale
// (then the rest); a lone unit takes both of a 2 Dis and is eliminated (12.2).
STEP.dis = (ctx, st) => {
  while (st.n > 0) {
    const pool = pieces(ctx, st.pool).filter((p) => !p.hq);
    if (!pool.length) {
      if (pieces(ctx, st.pool).length) ctx.trace({ rule: "12.1", text: st.text + ": only HQs, which ignore Dis (12.1 NOTE)" });
      return [];
    }
    if (pool.length === 1) {
      const p = pool[0];
      for (let i = 0; i < st.n && onMap(p); i++) disruptPiece(ctx, p, st.cause, st.rule, st.text + (st.n > 1 ? " on a lone unit" : ""));
      st.n = 0;
      break;
    }
    let cand = st.pm ? pool.filter((p) => moraleOf(ctx, p) === st.pm) : pool;
    if (!cand.length) cand = pool;
    if (cand.length <= st.n) {
      for (const p of cand) { disruptPiece(ctx, p, st.cause, st.rule, st.text); st.pool = st.pool.filter((x) => x !== p.id); st.n--; }
      continue;
    }
    st.prompt = st.side + ": " + st.text + ": choose the unit to Disrupt" + (st.pm ? " among those of predominant morale " + st.pm : "") + " (11.3)";
    st.why = "the owner disrupts one of the units " + (st.pm ? "with the predominant morale " + st.pm : "concerned") + " (11.3)";
    st.opts = cand.map((p) => ({ do: "disrupt", unit: p.id }));
    return [st];
  }
  return [];
};

CHOOSE.dis = (ctx, st, a) => {
  disruptPiece(ctx, ctx.piece(a.unit), st.cause, st.rule, st.text);
  st.pool = st.pool.filter((x) => x !== a.unit);
  st.n--;
};

STEP.disAll = (ctx, st) => {
  for (const p of pieces(ctx, st.units)) disruptPiece(ctx, p, st.cause, st.rule, st.text);
  return [];
};

// 11.42: each unit rolls on the MCT column of its current letter; E eliminates it.
STEP.morale = (ctx, st) => {
  const o = morales(ctx);
  for (const p of pieces(ctx, st.units)) {
    for (let t = 0; t < (st.times || 1) && onMap(p); t++) {
      const cur = moraleOf(ctx, p);
      const d = ctx.roll("d10", "11.42 Morale Check: " + p.id);
      const nw = mct(ctx, cur, d);
      if (nw === "E") {
        ctx.trace({ rule: "11.42", table: "morale/mct", cell: { d10: d, morale: cur }, result: "E", text: st.text + ": " + p.id + " (morale " + cur + ") rolls " + d + ": eliminated" });
        lose(ctx, p, "11.42", "Morale Check E", "morale");
        break;
      }
      const lost = Math.max(0, o.indexOf(cur) - o.indexOf(nw));
      p.moraleLoss = (p.moraleLoss || 0) + lost;
      ctx.trace({ rule: "11.42", table: "morale/mct", cell: { d10: d, morale: cur }, result: nw, text: st.text + ": " + p.id + " (morale " + cur + ") rolls " + d + ": " + nw + (lost ? ", Morale -" + p.moraleLoss + " marker (B.127)" : ", no loss") });
    }
  }
  return [];
};

// ---- retreats (11.3, 4.13, 13.23, 13.4)

// Every way `p` may retreat n hexes: each hex one further from where it began, on the map, not
// into prohibited terrain, never into a hex with enemy units. For each end hex the path doing
// least harm is kept (fewest enemy-ZOC and minefield disruptions, then the lowest hex ids).
// {hex: {path, zoc, mines}}
function retreatPaths(ctx, p, n) {
  const foe = enemyOf(ctx, p.side);
  const occ = occupied(ctx, foe);
  const origin = p.hex;
  const zc = {};
  const z = (h) => (zc[h] !== undefined ? zc[h] : (zc[h] = zocLevel(ctx, h, foe)));
  const best = {};
  const path = [];
  const walk = (cur, zoc, mines) => {
    if (path.length === n) {
      const end = cur;
      const harm = (zoc ? 1 : 0) + mines;
      const key = path.join(" ");
      const b = best[end];
      if (!b || harm < b.harm || (harm === b.harm && key < b.key)) best[end] = { path: path.slice(), zoc, mines, harm, key };
      return;
    }
    for (const h of ctx.map.neighbors(cur)) {
      if (ctx.map.distance(origin, h) !== path.length + 1) continue;
      if (occ[h] || !passable(ctx, p, cur, h)) continue;
      path.push(h);
      walk(h, zoc || z(h) > 0, mines + (minefield(ctx, cur, h, p.side) ? 1 : 0));
      path.pop();
    }
  };
  walk(origin, false, 0);
  return best;
}

STEP.retreat = (ctx, st) => {
  st.done = st.done || [];
  for (;;) {
    const left = pieces(ctx, st.units).filter((p) => st.done.indexOf(p.id) < 0 && p.hex === st.from[p.id]);
    if (!left.length) return [];
    const p = left[0];
    const box = inBox(ctx, p.hex);
    const paths = retreatPaths(ctx, p, st.n);
    const ends = Object.keys(paths).sort();
    if (!ends.length && !box) {
      st.done.push(p.id);
      lose(ctx, p, "11.3", st.text + ": " + p.id + " has no hex " + st.n + " away to retreat to (enemy units, prohibited terrain or the map edge)", "retreat");
      continue;
    }
    st.side = p.side;
    st.cur = p.id;
    st.paths = {};
    for (const h of ends) st.paths[h] = paths[h].path;
    st.prompt = p.side + ": " + st.text + ": retreat " + p.id + " " + st.n + " hex" + (st.n === 1 ? "" : "es") + (box ? ", or stay in its Box (13.4)" : "") + " (11.3)";
    st.why = "a retreat ends " + st.n + " hexes from where the unit began, each hex further away, never into enemy units or prohibited terrain; entering an enemy ZOC Disrupts (4.13)";
    st.opts = ends.map((h) => ({ do: "retreat", unit: p.id, to: h })).concat(box ? [{ do: "stay", unit: p.id }] : []);
    return [st];
  }
};

CHOOSE.retreat = (ctx, st, a) => {
  const p = ctx.piece(a.unit);
  st.done.push(p.id);
  if (a.do === "stay") {
    ctx.trace({ rule: "13.4", text: p.id + " is in a Box and ignores " + st.text });
    return;
  }
  const path = st.paths[a.to];
  const from = p.hex;
  const foe = enemyOf(ctx, p.side);
  let cur = from, zoc = false;
  const mines = [];
  for (const h of path) {
    if (minefield(ctx, cur, h, p.side)) mines.push([cur, h]);
    if (zocLevel(ctx, h, foe) > 0) zoc = true;
    cur = h;
  }
  p.hex = a.to;
  ctx.trace({ rule: "11.3", text: st.text + ": " + p.id + " retreats " + [from].concat(path).join(" -> ") });
  moved(ctx, p, [from].concat(path));
  if (st.ci !== undefined) {
    const c = combatOf(ctx, st.ci);
    if (st.defender && from === c.hex) c.retreated = Math.max(c.retreated || 0, st.n);
    if (!st.defender) (c.gone = c.gone || []).push(p.id);
  }
  // 4.13: a retreat into an enemy ZOC Disrupts (once per retreat: our reading)
  if (zoc) disruptPiece(ctx, p, "retreat", "4.13", "retreat into an enemy ZOC");
  // 13.23: across an unbreached minefield: Disrupted; armor rolls the MAT instead (minefields)
  const across = call(ctx, "minefields", "retreatAcross");
  for (const m of mines) {
    if (!onMap(p) || !across) break;
    across([p.id], m[0], m[1]);
  }
};

// ---- advance after combat (11.3, 11.31, 13.24)

// Where `p` may end an advance of n hexes from the vacated hex `c.hex`: that hex first (always,
// 11.31's minimum of 1), then on while the allowance lasts: an enemy LZOC hex counts 2, an enemy
// HZOC hex ends the advance, never into enemy units or prohibited terrain. {hex: path}
function advanceDests(ctx, p, c, n) {
  const foe = c.enemy;
  const occ = occupied(ctx, foe);
  const out = {};
  if (occ[c.hex] || !passable(ctx, p, p.hex, c.hex)) return out;
  out[c.hex] = [c.hex];
  const z0 = zocLevel(ctx, c.hex, foe);
  if (z0 >= 2) return out;
  const left = {};
  let frontier = [{ h: c.hex, left: n - (z0 === 1 ? 2 : 1), path: [c.hex] }];
  left[c.hex] = frontier[0].left;
  while (frontier.length) {
    const next = [];
    for (const s of frontier) {
      for (const h of ctx.map.neighbors(s.h)) {
        if (h === p.hex || occ[h] || !passable(ctx, p, s.h, h)) continue;
        const z = zocLevel(ctx, h, foe);
        const cost = z === 1 ? 2 : 1;
        if (s.left < cost) continue;
        const l = z >= 2 ? 0 : s.left - cost;
        if (left[h] !== undefined && left[h] >= l) continue;
        left[h] = l;
        const path = s.path.concat([h]);
        if (!out[h] || out[h].length > path.length) out[h] = path;
        if (l > 0) next.push({ h, left: l, path });
      }
    }
    frontier = next;
  }
  return out;
}

STEP.advance = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  if (c.off || st.stopped) return [];
  if (st.n === undefined) {
    if (unitsAt(ctx, c.hex).some((p) => p.side === c.enemy) || !(c.retreated > 1)) {
      if (c.retreated === 1) ctx.trace({ rule: "11.3", text: "the defenders of " + c.hex + " retreated 1 hex: the attacker may advance 0 hexes" });
      return [];
    }
    st.n = c.retreated - 1;
    st.done = [];
    ctx.trace({ rule: "11.3", text: c.hex + " vacated after a retreat of " + c.retreated + ": the attackers may advance up to " + st.n + " hex" + (st.n === 1 ? "" : "es") + ", entering " + c.hex + " first (11.31)" });
  }
  for (;;) {
    const cand = involved(ctx, c, c.side).filter((p) => st.done.indexOf(p.id) < 0);
    if (!cand.length) return [];
    const p = cand[0];
    const dests = advanceDests(ctx, p, c, st.n);
    const ends = Object.keys(dests).sort();
    if (!ends.length) { st.done.push(p.id); continue; }
    st.side = c.side;
    st.cur = p.id;
    st.paths = dests;
    st.prompt = c.side + ": advance " + p.id + " after combat (up to " + st.n + " hex" + (st.n === 1 ? "" : "es") + ", " + c.hex + " first), hold it, or stop advancing (11.31)";
    st.why = "an advance enters the vacated hex first; an enemy LZOC hex counts 2, an enemy HZOC hex ends it (11.31)";
    st.opts = ends.map((h) => ({ do: "advance", unit: p.id, to: h })).concat([{ do: "hold", unit: p.id }, { do: "stop" }]);
    return [st];
  }
};

CHOOSE.advance = (ctx, st, a) => {
  if (a.do === "stop") { st.stopped = true; ctx.trace({ rule: "11.3", text: "no further advance" }); return; }
  st.done.push(a.unit);
  if (a.do === "hold") return;
  const c = combatOf(ctx, st.ci);
  const p = ctx.piece(a.unit);
  const from = p.hex;
  let cur = from;
  const went = [from];
  for (const h of st.paths[a.to]) {
    // 13.24: armor rolls the MAT before advancing across an unbreached minefield; a stall halts
    const across = call(ctx, "minefields", "advanceAcross");
    if (p.armor && across && minefield(ctx, cur, h, p.side)) {
      const r = across([p.id], cur, h);
      if (r && r.stalled) { st.stopped = true; break; }
      if (!onMap(p)) break;
    }
    cur = h;
    went.push(h);
  }
  if (onMap(p) && cur !== from) {
    p.hex = cur;
    ctx.trace({ rule: "11.31", text: p.id + " advances after combat " + went.join(" -> ") + " (" + c.hex + " vacated)" });
    moved(ctx, p, went);
  }
};

// ---- stacking in the Combat Impulse (4.21, 4.23)

// 4.21: the limits hold throughout Combat Impulses. Once a combat's retreats and advances are
// done, every hex a unit was moved into pays the 4.23 penalties, its owner choosing the units.
STEP.stack = (ctx, st) => {
  const S = W(ctx);
  const st4 = ctx.rules.stacking;
  if (!st4 || typeof st4.begin !== "function") return [];
  for (;;) {
    if (!ctx.state.overstack) {
      if (!st.hexes) st.hexes = ((S.imp && S.imp.arrived) || []).filter((h, i, a) => a.indexOf(h) === i).sort();
      const hex = st.hexes.shift();
      if (hex === undefined) { if (S.imp) S.imp.arrived = []; return []; }
      if (!st4.begin(hex)) continue;
    }
    const k = st4.picks();
    if (!k.units.length) { ctx.state.overstack = null; continue; }
    const o = ctx.state.overstack;
    st.side = o.side;
    st.rule = "4.23";
    st.prompt = o.side + ": 4.23: choose a unit in " + o.hex + " to " + (k.what === "eliminate" ? "eliminate (" + o.eliminate : "Disrupt (" + o.disrupt) + " SPs still to go)";
    st.why = "the units in " + o.hex + " are over the stacking limit: the SPs above 24 are eliminated first, then the SPs over the limit and as many more are Disrupted (4.23)";
    st.opts = k.units.map((id) => ({ do: k.what, unit: id }));
    return [st];
  }
};

CHOOSE.stack = (ctx, st, a) => { ctx.rules.stacking.choose(a.unit); };

// 16.43: an Allied formation attacked while its activation is held back is released.
STEP.conclude = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  const rel = call(ctx, "activation", "release");
  if (!rel) return [];
  const forms = [];
  for (const id of (c.defenders || []).concat(c.targeted || [])) {
    const p = ctx.piece(id);
    if (p && p.side !== c.side && p.formation && forms.indexOf(p.formation) < 0) forms.push(p.formation);
  }
  for (const f of forms.sort()) rel(f);
  return [];
};

// 3.44, 3.4, 7.3: every unit that attacked is Operations Complete and fights no other Combat
// Impulse this Operations Phase.
STEP.finish = (ctx, st) => {
  const S = W(ctx);
  const imp = S.imp;
  const all = [];
  for (const c of imp.combats) for (const id of c.attackers) if (all.indexOf(id) < 0) all.push(id);
  for (const id of all.sort()) {
    const p = ctx.piece(id);
    p.fought = true;
    p.opsComplete = true;
    p.combats = (p.combats || 0) + 1;
  }
  ctx.trace({ rule: "3.44", text: "Combat Impulse " + imp.n + " over: " + all.join(", ") + " marked Operations Complete" });
  S.imp = null;
  return [];
};

// ---------------------------------------------------------------- running the queue

function front(ctx) {
  const q = C(ctx).queue;
  return q && q.length ? q[0] : null;
}

// Carries out the queue, stopping at a choice for its owner (an interrupt), or choosing the first
// offered action itself when the impulse resolves automatically (resolveNow).
function pump(ctx) {
  const S = W(ctx);
  let guard = 0;
  while (S.queue.length) {
    if (++guard > 10000) throw new Error("11.0: the combat queue does not empty");
    const st = S.queue[0];
    if (st.opts) {
      if (st.opts.length === 1 || (S.imp && S.imp.auto)) {
        const a = st.opts[0];
        st.opts = null;
        CHOOSE[st.k](ctx, st, a);
        continue;
      }
      ctx.interrupt("combat.choice", null, st.prompt || "combat");
      return;
    }
    S.queue.shift();
    const more = STEP[st.k](ctx, st) || [];
    if (more.length) S.queue.unshift.apply(S.queue, more);
  }
}

export const choice = {
  rule: "11.3",
  side(ctx) { const st = front(ctx); return st && st.side ? st.side : ctx.active; },
  prompt(ctx) { const st = front(ctx); return st ? st.prompt : "combat"; },
  actions(ctx) { const st = front(ctx); return st && st.opts ? st.opts : []; },
  apply(ctx, a) {
    const S = W(ctx);
    const st = S.queue[0];
    st.opts = null;
    CHOOSE[st.k](ctx, st, a);
    ctx.done();
    pump(ctx);
  },
  why(ctx) {
    const st = front(ctx);
    return st ? { rule: st.rule || "11.3", reason: st.why || "not one of the choices offered" } : null;
  },
};

// ---------------------------------------------------------------- the Combat Impulse (3.44, 11.0)

function activationSide(ctx) {
  const a = ctx.state.activation;
  return (a && a.side) || ctx.active;
}

// The hexes holding units of `side`'s enemy, a Set.
function enemyHexes(ctx, side) {
  const out = new Set();
  for (const p of Object.values(ctx.state.pieces)) if (onMap(p) && p.side !== side) out.add(p.hex);
  return out;
}

function nextToEnemy(ctx, p, foeAt) {
  for (const h of ctx.map.neighbors(p.hex)) if (foeAt.has(h)) return true;
  return false;
}

function inCombat(imp, id) {
  for (const c of imp.combats) if (c.attackers.indexOf(id) >= 0) return true;
  return false;
}

// May `p` attack in impulse `imp`? null, or {rule, reason}. `judged`: activation.eligibleAll's
// answers, when the caller asked for every unit at once.
function refuseAttacker(ctx, imp, p, judged) {
  if (!onMap(p) || p.side !== imp.side) return { rule: "11.0", reason: (p ? p.id : "that unit") + " is not a unit of " + imp.side + " on the map" };
  if (inCombat(imp, p.id)) return { rule: "11.1", reason: p.id + " already attacks in this impulse: a unit may not divide its factors between combats (11.1, 11.2)" };
  if (p.fought) return { rule: "3.4", reason: p.id + " has already taken part in a Combat Impulse this Operations Phase" };
  if (p.opsComplete) return { rule: "7.3", reason: p.id + " is Operations Complete" };
  if (p.hq) return { rule: "7.11", reason: p.id + " is an HQ" };
  if (!canFight(ctx, p)) return { rule: "8.3", reason: p.id + " has no attack factor it may use (artillery attacks only with antitank fire, 8.3)" };
  if (imp.forced) {
    if ((imp.pool || []).indexOf(p.id) < 0) return { rule: "4.12", reason: p.id + " owes no forced combat: only units that must attack take part in the Forced Combat Impulse" };
    return null;
  }
  const e = call(ctx, "activation", "eligible");
  if (e) {
    const r = judged && judged.has(p.id) ? judged.get(p.id) : e(p);
    if (r && r.ok === false) return { rule: r.rule || "7.21", reason: r.reason || p.id + " cannot be activated" };
  }
  return null;
}

// The units that may still join impulse `imp`, next to an enemy hex.
function candidates(ctx, imp) {
  const foeAt = enemyHexes(ctx, imp.side);
  const out = [];
  const all = call(ctx, "activation", "eligibleAll");
  let judged = null;
  const list = imp.forced ? (imp.pool || []).map((id) => ctx.piece(id)) : Object.keys(ctx.state.pieces).sort().map((id) => ctx.state.pieces[id]);
  for (const p of list) {
    if (!onMap(p) || p.side !== imp.side || p.fought || p.opsComplete || p.hq) continue;
    if (!nextToEnemy(ctx, p, foeAt)) continue;
    if (!judged && !imp.forced && all) judged = all();       // one pass, once a unit needs it
    if (!refuseAttacker(ctx, imp, p, judged)) out.push(p);
  }
  return out;
}

// 11.0, 4.12, 13.4: what the impulse must hold: the units that must attack (activated units in an
// enemy HZOC; in a Forced Combat Impulse every unit that owes one) and the enemy hexes with
// non-armor units projecting those HZOCs, which must be attacked. Units in a Box are exempt.
function owed(ctx, imp) {
  const foe = imp.enemy || enemyOf(ctx, imp.side);
  const units = [];
  const hexes = [];
  const list = imp.forced ? (imp.pool || []).map((id) => ctx.piece(id)).filter(onMap)
    : mustAttackAmong(ctx, Object.keys(ctx.state.pieces).sort().map((id) => ctx.state.pieces[id]).filter((p) => onMap(p) && p.side === imp.side && activatedNow(ctx, p)), foe);
  for (const p of list) {
    if (!imp.forced && refuseAttacker(ctx, { side: imp.side, forced: false, combats: [] }, p)) continue;
    units.push(p.id);
    for (const h of ctx.map.neighbors(p.hex)) {
      if (hexes.indexOf(h) >= 0) continue;
      const soft = unitsAt(ctx, h).filter((q) => q.side === foe && !q.armor && !q.hq && !q.disrupted);
      if (soft.length && projects(ctx, h, p.hex, foe) >= 2) hexes.push(h);
    }
  }
  return { units, hexes: hexes.sort() };
}

// 4.12, 11.0, 13.4: a unit in an enemy HZOC, able to attack, not in a Box, not yet in combat.
// `z`: zocLookup(foe), when many units are asked.
function mustAttack(ctx, p, foe, z) {
  if (p.fought || p.opsComplete || p.hq || p.artillery || !canFight(ctx, p)) return false;
  if (inBox(ctx, p.hex)) return false;
  return (z ? z(p.hex) : zocLevel(ctx, p.hex, foe)) >= 2;
}

// The units of `list` that must attack (mustAttack), the enemy ZOC looked up once.
function mustAttackAmong(ctx, list, foe) {
  if (!list.length) return list;
  const z = zocLookup(ctx, foe);
  return list.filter((p) => mustAttack(ctx, p, foe, z));
}

function apLeft(ctx) {
  const a = ctx.state.activation;
  if (!a || a.ap === undefined || a.ap === null) return Infinity;
  return (+a.ap || 0) - (+a.apSpent || 0);
}

// 7.21: the APs the attackers' stacks not yet activated would cost (once per stack).
function apCost(ctx, attackerIds) {
  const e = call(ctx, "activation", "eligible");
  if (!e) return 0;
  const byHex = {};
  for (const id of attackerIds) {
    const p = ctx.piece(id);
    const r = e(p);
    const cost = r && r.cost ? +r.cost : 0;
    byHex[p.hex] = Math.max(byHex[p.hex] || 0, cost);
  }
  return sumOf(Object.keys(byHex), (h) => byHex[h]);
}

function allAttackers(imp) {
  const out = [];
  for (const c of imp.combats) for (const id of c.attackers) if (out.indexOf(id) < 0) out.push(id);
  return out.sort();
}

function resolveRefusal(ctx, imp) {
  if (!imp.combats.length) return { rule: "11.0", reason: "choose an enemy hex to attack first" };
  for (const c of imp.combats) if (!c.attackers.length) return { rule: "11.0", reason: "the combat against " + c.hex + " has no attacker yet" };
  const all = allAttackers(imp);
  const o = owed(ctx, imp);
  const miss = o.units.filter((id) => all.indexOf(id) < 0);
  if (miss.length) {
    return imp.forced ? { rule: "4.12", reason: miss.join(", ") + " must attack in the Forced Combat Impulse (4.12 NOTE, 7.1)" }
      : { rule: "11.0", reason: miss.join(", ") + " are activated in an enemy HZOC and must attack in this impulse (11.0, 4.12)" };
  }
  const hx = o.hexes.filter((h) => !imp.combats.some((c) => c.hex === h));
  // 11.2: a forced impulse owes only as many of those hexes as its units can attack at once
  if (hx.length && !(imp.forced && forcedReachable(ctx, o, imp.combats))) return { rule: "11.0", reason: "the non-armor units in " + hx.join(", ") + " project an HZOC onto units that must attack, and must be attacked in this impulse (11.0)" };
  if (!imp.forced) {
    const cost = apCost(ctx, all);
    const left = apLeft(ctx);
    if (cost > left) return { rule: "7.21", reason: "activating these stacks costs " + cost + " AP and only " + left + " are left" };
  }
  return null;
}

function newImp(ctx, forced) {
  const side = activationSide(ctx);
  return { side, enemy: enemyOf(ctx, side), forced: !!forced, pool: forced ? forcedUnits(ctx) : null, combats: [] };
}

function curImp(ctx, forced) {
  const imp = C(ctx).imp;
  return imp && !imp.resolving && !!imp.forced === !!forced ? imp : newImp(ctx, forced);
}

function buildActions(ctx, imp) {
  const out = [];
  const cand = candidates(ctx, imp);
  for (const c of imp.combats) for (const p of cand) if (ctx.map.adjacent(p.hex, c.hex)) out.push({ do: "add", unit: p.id, hex: c.hex });
  const last = imp.combats[imp.combats.length - 1];
  if (!last || last.attackers.length) {
    const foeAt = enemyHexes(ctx, imp.side);
    const hs = {};
    for (const p of cand) for (const h of ctx.map.neighbors(p.hex)) if (foeAt.has(h) && !imp.combats.some((c) => c.hex === h)) hs[h] = true;
    for (const h of Object.keys(hs).sort()) out.push({ do: "attack", hex: h });
  }
  if (imp.combats.length && !resolveRefusal(ctx, imp)) out.push({ do: "resolve" });
  if (!imp.forced) out.push({ do: "cancel" });
  if (imp.forced && !(imp.pool || []).length) out.push({ do: "done" });
  return imp.forced ? forcedKeep(ctx, imp, out) : out;
}

function buildWhy(ctx, imp, a) {
  if (!a || typeof a.do !== "string") return { rule: "11.0", reason: "an action is an object with a `do` field" };
  if (a.do === "resolve") return resolveRefusal(ctx, imp) || { rule: "11.0", reason: "nothing to resolve" };
  if (imp.forced && a.do === "cancel") return { rule: "4.12", reason: "a Forced Combat Impulse cannot be given up or begun again: the units that owe it must attack (4.12 NOTE, 7.1)" };
  if (a.do === "attack") {
    if (!a.hex || !ctx.map.has(a.hex)) return { rule: "11.0", reason: "no hex " + JSON.stringify(a.hex) + " on the map" };
    if (imp.combats.some((c) => c.hex === a.hex)) return { rule: "3.44", reason: "no enemy unit may be attacked twice in one Combat Impulse" };
    if (!unitsAt(ctx, a.hex).some((p) => p.side !== imp.side)) return { rule: "11.0", reason: "no enemy unit in " + a.hex };
    const last = imp.combats[imp.combats.length - 1];
    if (last && !last.attackers.length) return { rule: "11.0", reason: "give the combat against " + last.hex + " an attacker first" };
    return (imp.forced && forcedDeadEnd(ctx, imp, a)) || { rule: "11.2", reason: "no unit able to attack stands next to " + a.hex };
  }
  if (a.do === "add") {
    const c = imp.combats.find((x) => x.hex === a.hex);
    if (!c) return { rule: "11.0", reason: "no combat against " + a.hex + " in this impulse" };
    const p = ctx.piece(a.unit);
    const r = refuseAttacker(ctx, imp, p);
    if (r) return r;
    if (!ctx.map.adjacent(p.hex, a.hex)) return { rule: "11.2", reason: a.unit + " is not adjacent to " + a.hex };
    return imp.forced ? forcedDeadEnd(ctx, imp, a) : null;
  }
  return { rule: "11.0", reason: "not possible now" };
}

// Starts the resolution of `imp`: APs paid (7.21), markers, the queue of steps.
function startResolution(ctx, imp) {
  const S = W(ctx);
  const all = allAttackers(imp);
  if (!imp.forced && !imp.auto) {
    const spend = call(ctx, "activation", "spend");
    if (spend) {
      const r = spend(all);
      if (r && r.ok === false) {
        ctx.trace({ rule: r.rule || "7.21", result: "refused", text: "Combat Impulse not fought: " + (r.reason || "the APs do not suffice") });
        S.imp = null;
        return false;
      }
    }
  }
  S.n = (S.n || 0) + 1;
  imp.n = S.n;
  imp.resolving = true;
  S.imp = imp;
  if (imp.forced) forcedUnattacked(ctx, imp);
  imp.combats.forEach((c, i) => {
    c.ci = i;
    c.side = imp.side;
    c.enemy = imp.enemy;
    c.attackers.sort();
    // 4.12 NOTE: units attacking without APs fight at 1L
    c.noAp = imp.forced ? c.attackers.filter((id) => !activatedNow(ctx, ctx.piece(id))) : [];
    c.forcedShift = c.noAp.length > 0;
    c.retreated = 0;
    c.targeted = [];
  });
  const q = [];
  imp.combats.forEach((c, i) => { q.push({ k: "declare", ci: i }); q.push({ k: "recon", ci: i }); });
  imp.combats.forEach((c, i) => { q.push({ k: "plan", ci: i, who: "attacker" }); q.push({ k: "plan", ci: i, who: "defender" }); });
  q.push({ k: "atfire", first: true });
  q.push({ k: "atfire", first: false });
  imp.combats.forEach((c, i) => { q.push({ k: "mat", ci: i }); q.push({ k: "regular", ci: i }); q.push({ k: "advance", ci: i }); q.push({ k: "stack" }); q.push({ k: "conclude", ci: i }); });
  q.push({ k: "finish" });
  S.queue = q.concat(S.queue || []);
  return true;
}

function applyBuild(ctx, imp, a) {
  const S = W(ctx);
  if (a.do === "attack") {
    imp.combats.push({ hex: a.hex, attackers: [] });
    S.imp = imp;
    return;
  }
  if (a.do === "add") {
    const c = imp.combats.find((x) => x.hex === a.hex);
    c.attackers.push(a.unit);
    S.imp = imp;
    return;
  }
  if (a.do === "cancel" && !imp.forced) {
    ctx.trace({ rule: "11.0", text: "Combat Impulse given up before resolution" });
    S.imp = null;
    ctx.done();
    return;
  }
  if (a.do === "done") { S.imp = null; ctx.done(); return; }
  if (a.do === "resolve") {
    ctx.done();
    if (startResolution(ctx, imp)) pump(ctx);
  }
}

export const impulse = {
  rule: "11.0",
  side(ctx) { return activationSide(ctx); },
  prompt(ctx) {
    const imp = curImp(ctx, false);
    if (!imp.combats.length) return imp.side + ": choose an enemy hex to attack (Combat Impulse, 3.44)";
    return imp.side + ": Combat Impulse: " + imp.combats.map((c) => c.hex + " <- " + (c.attackers.join(", ") || "nobody yet")).join("; ") + ": add attackers or another hex, then resolve";
  },
  actions(ctx) { return buildActions(ctx, curImp(ctx, false)); },
  apply(ctx, a) { applyBuild(ctx, curImp(ctx, false), a); },
  why(ctx, a) { return buildWhy(ctx, curImp(ctx, false), a); },
};

// ---------------------------------------------------------------- the Forced Combat Impulse (4.12 NOTE, 7.1)

function activationKey(ctx) {
  const a = ctx.state.activation;
  if (!a) return null;
  return ctx.turn + "/" + (ctx.state.half || "") + "/" + (a.marker || "") + "/" + (ctx.state.activations ? ctx.state.activations.length : 0);
}

function drawn(ctx, p) {
  const a = ctx.state.activation;
  const f = (a && a.formations) || [];
  return f.indexOf(p.formation) >= 0 || (!!p.brigade && f.indexOf(p.brigade) >= 0);
}

// Optional hook for the start of an activation: remembers which units of the drawn formation stand
// in an enemy HZOC (4.12: "begins its activation"). Without it the end-of-activation position is used.
export function beginActivation(ctx) {
  const a = ctx.state.activation;
  if (!a) return;
  const foe = enemyOf(ctx, a.side || ctx.active);
  const list = [];
  const z = zocLookup(ctx, foe);
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (onMap(p) && p.side !== foe && drawn(ctx, p) && z(p.hex) >= 2) list.push(id);
  }
  W(ctx).began = { key: activationKey(ctx), ids: list };
}

// 4.12 NOTE, 7.1: the units that must still attack at the end of the activation: units of the
// drawn formation that began it in an enemy HZOC and were given no AP (they fight at 1L), and
// activated units left in an enemy HZOC without having attacked (4.12; no shift: they had APs).
export function forcedUnits(ctx) {
  const a = ctx.state.activation;
  if (!a) return [];
  const side = a.side || ctx.active;
  const foe = enemyOf(ctx, side);
  const b = C(ctx).began;
  const snap = b && b.key === activationKey(ctx) ? b.ids : null;
  const out = [];
  const z = zocLookup(ctx, foe);
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (!onMap(p) || p.side !== side || !mustAttack(ctx, p, foe, z)) continue;
    if (activatedNow(ctx, p)) out.push(id);
    else if (drawn(ctx, p) && (!snap || snap.indexOf(id) >= 0)) out.push(id);
  }
  return out;
}

// 11.2: how many of `hexes` units `ids` can attack at once, one combat each (max matching); -1 if a `need` hex cannot be.
function attackable(ctx, ids, need, hexes) {
  const at = ids.map((id) => ctx.piece(id).hex);
  const hexOf = ids.map(() => null);
  const augment = (h, seen) => {
    for (let i = 0; i < ids.length; i++) {
      if (seen[i] || !ctx.map.adjacent(at[i], h)) continue;
      seen[i] = true;
      if (hexOf[i] === null || augment(hexOf[i], seen)) { hexOf[i] = h; return true; }
    }
    return false;
  };
  for (const h of need) if (!augment(h, ids.map(() => false))) return -1;
  let n = need.filter((h) => hexes.indexOf(h) >= 0).length;
  for (const h of hexes) if (need.indexOf(h) < 0 && augment(h, ids.map(() => false))) n++;
  return n;
}

// 4.12 NOTE, 11.0, 11.2: can `combats` still grow into a forced impulse attacking as many owed hexes as the pool can?
function forcedReachable(ctx, o, combats) {
  const used = [];
  for (const c of combats) for (const id of c.attackers) used.push(id);
  const free = o.units.filter((id) => used.indexOf(id) < 0);
  const hit = o.hexes.filter((h) => combats.some((c) => c.hex === h && c.attackers.length));
  const empty = combats.filter((c) => !c.attackers.length).map((c) => c.hex);
  const more = attackable(ctx, free, empty, o.hexes.filter((h) => hit.indexOf(h) < 0));
  return more >= 0 && hit.length + more >= attackable(ctx, o.units, [], o.hexes);
}

// The combats of `imp` as they would be after the build action `a` (null if `a` names no combat).
function withAction(imp, a) {
  const combats = imp.combats.map((c) => ({ hex: c.hex, attackers: c.attackers.slice() }));
  if (a.do === "attack") combats.push({ hex: a.hex, attackers: [] });
  else { const c = combats.find((x) => x.hex === a.hex); if (!c) return null; c.attackers.push(a.unit); }
  return combats;
}

// 4.12 NOTE: a forced choice that would leave the impulse unresolvable is refused, with the reason.
function forcedDeadEnd(ctx, imp, a) {
  if (a.do !== "attack" && a.do !== "add") return null;
  const combats = withAction(imp, a);
  if (!combats) return null;
  const o = owed(ctx, imp);
  if (forcedReachable(ctx, o, combats)) return null;
  return { rule: "11.2", reason: "then " + o.units.join(", ") + " could no longer attack as many of " + o.hexes.join(", ") +
    " (the non-armor units projecting the HZOC) as they can reach at once, each unit in one combat only (11.0, 11.2, 4.12 NOTE)" };
}

// 4.12 NOTE: only choices that keep the forced impulse resolvable are offered, so the decision always ends.
function forcedKeep(ctx, imp, acts) {
  const o = owed(ctx, imp);
  return acts.filter((a) => (a.do !== "attack" && a.do !== "add") || forcedReachable(ctx, o, withAction(imp, a)));
}

// 11.0, 11.2: the trace says which owed hexes went unattacked because the pool could not reach them all at once.
function forcedUnattacked(ctx, imp) {
  const o = owed(ctx, imp);
  const left = o.hexes.filter((h) => !imp.combats.some((c) => c.hex === h));
  if (!left.length) return;
  ctx.trace({ rule: "11.2", text: "Forced Combat Impulse: " + left.join(", ") + " not attacked: " + o.units.join(", ") +
    " attack as many of the hexes projecting the HZOC as they can reach at once, and a unit may not divide its factors between combats (11.0, 11.2)" });
}

export function forcedDue(ctx) {
  const imp = C(ctx).imp;
  if (imp && imp.resolving) return false;
  return forcedUnits(ctx).length > 0;
}

export const forced = {
  rule: "4.12",
  side(ctx) { return activationSide(ctx); },
  prompt(ctx) {
    const imp = curImp(ctx, true);
    return imp.side + ": Forced Combat Impulse (4.12 NOTE): " + (imp.pool || []).join(", ") + " must attack" +
      (imp.combats.length ? "; so far " + imp.combats.map((c) => c.hex + " <- " + (c.attackers.join(", ") || "nobody yet")).join("; ") : "");
  },
  actions(ctx) { return buildActions(ctx, curImp(ctx, true)); },
  apply(ctx, a) { applyBuild(ctx, curImp(ctx, true), a); },
  why(ctx, a) { return buildWhy(ctx, curImp(ctx, true), a); },
};

// The activation's `available` for the Combat Impulse: a unit that may attack stands next to an
// enemy unit, and no combat is being resolved.
export function impulseOpen(ctx) {
  const imp = C(ctx).imp;
  if (imp && imp.resolving) return false;
  return candidates(ctx, newImp(ctx, false)).length > 0;
}

// ---------------------------------------------------------------- queries for the console and tests

// A combat of `attackers` (ids) against `hex`, as the resolution would see it (not stored).
function probe(ctx, hex, attackers, opts) {
  const side = ctx.piece(attackers[0]).side;
  const o = opts || {};
  const noAp = o.forced ? attackers.filter((id) => !activatedNow(ctx, ctx.piece(id))) : [];
  return { hex, side, enemy: enemyOf(ctx, side), attackers: attackers.slice().sort(), noAp, forcedShift: noAp.length > 0, overrun: !!o.overrun, retreated: 0, targeted: [] };
}

// The column shifts the attacker's fire of `kind` ("at" or "close") against `hex` would get:
// [{id, shift, rule, text}]. opts: {forced, overrun}.
export function shiftsOf(ctx, hex, attackers, kind, opts) {
  const c = probe(ctx, hex, attackers, opts);
  const firers = pieces(ctx, c.attackers);
  const targets = unitsAt(ctx, hex).filter((p) => p.side === c.enemy && (kind === "at" ? p.armor : !p.armor));
  return shiftsFor(ctx, c, { kind: kind === "at" ? "at" : "close", by: c.side, firers, targets: targets.length ? targets : unitsAt(ctx, hex).filter((p) => p.side === c.enemy) })
    .map((x) => ({ id: x.id, shift: shiftText(x.n), rule: x.rule, text: x.text }));
}

// Each attacker's Hard and Soft Attack Factor against `hex`, with what changed them (4.3, 11.13,
// 11.22, 12.2, 13.22, 14.3): {id: {haf, saf, why}}.
export function factors(ctx, hex, attackers, opts) {
  const c = probe(ctx, hex, attackers, opts);
  const out = {};
  for (const p of pieces(ctx, c.attackers)) {
    const h = factor(ctx, p, "haf", "attack", c), s = factor(ctx, p, "saf", "attack", c);
    out[p.id] = { haf: h.v, saf: s.v, why: uniq(h.why.concat(s.why)) };
  }
  return out;
}

// 11.11: who has First Fire if `attackers` attack `hex`: the attacker's Axis Heavy AT units, and
// for each hex of attacking armor the defenders' reasons (or their Heavy AT units alone).
export function firstFire(ctx, hex, attackers) {
  const c = probe(ctx, hex, attackers);
  const att = pieces(ctx, c.attackers);
  const def = unitsAt(ctx, hex).filter((p) => p.side === c.enemy);
  const out = { attacker: ids(att.filter((p) => axisHeavyAt(ctx, p))), defender: {} };
  for (const h of uniq(att.filter((p) => p.armor).map((p) => p.hex)).sort()) {
    const why = defenderFirstFire(ctx, hex, h, c.enemy);
    out.defender[h] = why.length ? { units: ids(def.filter((p) => printedOf(ctx, p, "haf") > 0)), why } : { units: ids(def.filter((p) => axisHeavyAt(ctx, p))), why: def.some((p) => axisHeavyAt(ctx, p)) ? ["Axis Heavy AT (11.11)"] : [] };
  }
  return out;
}

// Where unit `id` may end a retreat of n hexes: {hex: {path, zoc, mines}} (11.3, 4.13, 13.23).
export function retreatOptions(ctx, id, n) {
  const r = retreatPaths(ctx, ctx.piece(id), n);
  const out = {};
  for (const h of Object.keys(r).sort()) out[h] = { path: r[h].path, zoc: r[h].zoc, mines: r[h].mines };
  return out;
}

// Where attacker `id` may end an advance of n hexes into the vacated `hex`: {hex: path} (11.31).
export function advanceOptions(ctx, id, hex, n) {
  const p = ctx.piece(id);
  return advanceDests(ctx, p, { hex, side: p.side, enemy: enemyOf(ctx, p.side) }, n);
}

// Applies a result as if rolled: `res` = {by: "attacker" | "defender", kind: "at" | "close", dis,
// retreat, morale} (codes as the resolution tables print them), in the combat of `attackers`
// against `hex`, owners' choices taken as the first offered; an attacker advance follows an R#h.
export function applyResult(ctx, hex, attackers, res) {
  const S = W(ctx);
  if (S.imp && S.imp.resolving) throw new Error("a Combat Impulse is being resolved");
  const c = probe(ctx, hex, attackers);
  c.ci = 0;
  c.defenders = ids(unitsAt(ctx, hex).filter((p) => p.side === c.enemy));
  S.imp = { side: c.side, enemy: c.enemy, forced: false, combats: [c], auto: true, resolving: true, n: 0 };
  const by = res.by === "defender" ? c.enemy : c.side;
  const own = involved(ctx, c, by), foe = involved(ctx, c, enemyOf(ctx, by));
  const targets = res.kind === "at" ? foe.filter((p) => p.armor) : foe.filter((p) => !p.armor);
  const F = { kind: res.kind === "at" ? "at" : "close", by, firers: own, targets: targets.length ? targets : foe };
  const b = buckets();
  effectsOf(ctx, c, F, { dis: res.dis || "-", retreat: res.retreat || "-", morale: res.morale || "-", pm: predominant(ctx, F.targets, roleOf(c, F.targets[0].side)) }, b);
  S.queue = flush(b).concat([{ k: "advance", ci: 0 }, { k: "stack" }, { k: "drop" }]).concat(S.queue || []);
  pump(ctx);
  return { retreated: c.retreated };
}

STEP.drop = (ctx) => {
  W(ctx).imp = null;
  return [];
};

// For the console and for tests: resolves one combat at once, outside the activation, choosing
// the first offered action wherever an owner would choose. `opts.forced`: a Forced Combat (1L for
// attackers without APs). Returns the state of the units afterwards.
export function resolveNow(ctx, hex, attackers, opts) {
  const S = W(ctx);
  if (S.imp && S.imp.resolving) throw new Error("a Combat Impulse is being resolved");
  const side = ctx.piece(attackers[0]).side;
  const imp = { side, enemy: enemyOf(ctx, side), forced: !!(opts && opts.forced), pool: attackers.slice(), combats: [{ hex, attackers: attackers.slice() }], auto: true };
  const defenders = ids(unitsAt(ctx, hex).filter((p) => p.side !== side));
  startResolution(ctx, imp);
  pump(ctx);
  const out = {};
  for (const id of attackers.concat(defenders).sort()) {
    const p = ctx.piece(id);
    out[id] = { hex: p.hex, at: p.at || "map", disrupted: !!p.disrupted, morale: onMap(p) ? moraleOf(ctx, p) : null, box: p.box || null };
  }
  return out;
}
