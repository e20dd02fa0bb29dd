// The Fall of Tobruk, section 10.0: movement, with the movement parts of 3.4, 4.21, 4.3, 5.11,
// 8.2, 12.2, 14.3, 15.2 and 16.42. What a move costs and where it may end are reach.js's; the
// Terrain Effects Chart terrain.js's.
//   3.43  a Movement Impulse moves one unit, or a group of units of one stack, of the activation
//         under way (activation.eligible / activation.spend, 7.21).
//   3.4   a ground unit moves in at most one Movement Impulse per Operations Phase (`moved`).
//         CARDINAL RULE #2: a unit's move is made whole, in one go.
//   10.11 a unit spends MPs up to its MA (allowance); MPs are neither saved nor lent.
//   12.2  Disrupted units move with their reduced MA (movement.yaml disrupted-allowance, a
//         placeholder); 14.3 unsupplied units with 3 MPs at most; 16.42 triple MA on the May 26
//         turning movement.
//   4.21  no move ends over the stacking limit (stacking.fits); only one HQ a hex (7.11).
//   4.3, 10.3, 8.2  weapons and artillery that move get Half Move/Half Fire (half their available
//         MPs or less) or Full Move/No Fire (more); Axis Semovente and heavy AT are exempt.
//         Armor and infantry are simply Movement Complete (`moved`). Operations Complete (7.3) is
//         the activation section's, as the activation ends.
//   15.2  once withdrawal is triggered, Allied units may leave off the east edge.
//   5.11  reinforcements waiting off the map (piece.entry: the edge zones they came to) enter in a
//         Movement Impulse of their activation (reach.entering).
// Decisions: `impulse` (choose a unit or a stack) and `destination` (its group and where it goes).
// Hooks: every section exporting afterMove(piece, path) hears of each completed move.
// Tables: tables/fall-of-tobruk/movement.yaml.
// State: state.movement = {group: {hex, units} while a destination is chosen (hex: the stack's
// key off-map:<side>:<edges> for reinforcements entering)}.

const EPS = 1e-9;

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function has(ctx, section, name) { const s = ctx.rules[section]; return !!s && typeof s[name] === "function"; }

// Calls `name(...args)` of every section exporting it, in section-name order (this one skipped).
function hooks(ctx, name, ...args) {
  for (const s of Object.keys(ctx.rules).sort()) {
    if (s === ctx.section) continue;
    const f = ctx.rules[s][name];
    if (typeof f === "function") f(...args);
  }
}

function actingSide(ctx) {
  const a = ctx.state.activation;
  return (a && a.side) || ctx.active;
}

function mstate(ctx) {
  if (!ctx.state.movement) ctx.state.movement = { group: null };
  return ctx.state.movement;
}

// ---- movement allowance --------------------------------------------------------------------------

// 16.42: the turning-movement terms of the piece ({maMultiplier, ...}), or null.
function turning(ctx, p) { return has(ctx, "activation", "turningMovement") ? ctx.rules.activation.turningMovement(p) || null : null; }

// allowance(piece): the MPs the unit has for a move now, with the reasons: {mp, parts,
// placeholder} (`placeholder`: the Disrupted MA came from the disrupted-allowance stand-in).
export function allowance(ctx, p) {
  let mp = p.ma || 0, placeholder = false;
  const parts = ["MA " + mp];
  if (p.disrupted && !p.hq) {                                            // 12.2 (HQs never are: 12.1)
    const d = ctx.table["disrupted-allowance"];
    if (typeof p[d["piece-field"]] === "number") { mp = p[d["piece-field"]]; parts[0] = "Disrupted MA " + mp + " (12.2)"; }
    else { mp = mp * d.factor; placeholder = true; parts[0] = "MA " + p.ma + " x" + d.factor + " Disrupted = " + ctx.rules.reach.mpText(mp) + " (12.2; disrupted-allowance, placeholder)"; }
  }
  const t = turning(ctx, p);
  if (t) {
    mp *= t.maMultiplier;
    parts.push("x" + t.maMultiplier + " on the turning movement = " + ctx.rules.reach.mpText(mp) + " (16.42)");
  }
  const oosMax = ctx.tables.supply["out-of-supply"]["max-mp"];
  if (p.oos && mp > oosMax) {
    mp = oosMax;
    parts.push("out of supply: " + mp + " at most (14.3)");
  }
  if (p.artillery && p.bombarded && p.moveMarker === "half-move-half-fire") {
    const f = ctx.tables.artillery.readings["half-fire-movement"];
    mp = mp * f;
    parts.push("fired at half value: x" + f + " of its MPs, " + ctx.rules.reach.mpText(mp) + " (B.123, 8.12; artillery.yaml readings half-fire-movement)");
  }
  return { mp, parts, placeholder };
}

// start(): the sequence's hook before the first phase.
export function start(ctx) { mstate(ctx); }

// ---- who may move --------------------------------------------------------------------------------

// activation.eligible (7.21), asked for the whole side at once where the section can.
// With `sit.lazy` (one candidate is enough) piece by piece, for a few pieces only.
function eligibility(ctx, sit, p) {
  if (sit.lazy && ++sit.asked > 8) { sit.lazy = false; sit.eligible = null; }
  if (sit.eligible === null) sit.eligible = !sit.lazy && has(ctx, "activation", "eligibleAll") ? new Map(ctx.rules.activation.eligibleAll()) : new Map();
  if (!sit.eligible.has(p.id)) sit.eligible.set(p.id, has(ctx, "activation", "eligible") ? ctx.rules.activation.eligible(p) : { ok: true, cost: 0 });
  return sit.eligible.get(p.id);
}

// Why the unit may not take part in a Movement Impulse now, or null.
function cannotMove(ctx, sit, p) {
  if (!p || p.air) return { rule: "3.43", reason: "no such unit" };    // air units fly (6.2), and the enemy's are behind its screen
  if (p.side !== sit.side) return { rule: "3.4", reason: p.id + " is not " + sit.side + "'s" };
  if ((p.at !== "map" || !p.hex) && !ctx.rules.reach.entering(p)) {
    return { rule: p.at === "arriving" ? "5.11" : "10.1", reason: p.id + (p.at === "arriving" ? " has not arrived yet: its day has not come" : " is not on the map") };
  }
  if (!ctx.rules.activation.impulseOpen(p, "movement")) return { rule: "3.4", reason: p.id + " has had its Movement Impulse this Operations Phase (Movement Complete, 10.3)" };
  if (p.opsComplete) return { rule: "7.3", reason: p.id + " is marked Operations Complete" };
  if (p.bombarded && p.moveMarker !== "half-move-half-fire") return { rule: "8.12", reason: p.id + " fired its full Bombardment Factor this phase" };
  const e = eligibility(ctx, sit, p);
  if (!e.ok) return { rule: e.rule || "7.21", reason: e.reason || p.id + " is not activated and cannot be" };
  const a = allowance(ctx, p);
  if (a.mp <= 0) return { rule: "10.2", reason: p.id + " has no MPs to spend (" + a.parts.join(", ") + ")" };
  return null;
}

// The units of the acting side that may move now, by hex: {hex: [pieces sorted]}.
function candidates(ctx, sit) {
  const out = {};
  for (const h of Array.from(sit.friendly.keys()).sort()) {
    for (const p of sit.friendly.get(h).slice().sort(byId)) if (!cannotMove(ctx, sit, p)) (out[h] = out[h] || []).push(p);
  }
  for (const k of Object.keys(sit.waiting).sort()) {                    // 5.11: reinforcements off the map
    for (const p of sit.waiting[k]) if (!cannotMove(ctx, sit, p)) (out[k] = out[k] || []).push(p);
  }
  return out;
}

// reachable(pieceId): {hex: MPs} of the hexes the unit may move to alone now (tests, bots).
export function reachable(ctx, id) {
  const p = ctx.piece(id);
  const sit = ctx.rules.reach.situation(p.side);
  if (cannotMove(ctx, sit, p)) return {};
  const d = ctx.rules.reach.destinations(sit, [p]);
  const out = {};
  for (const h of d.hexes) out[h] = ctx.rules.reach.costTo(d.per[p.id].r, h);
  return out;
}

// reachOverlay({unit}): for the inspector, the hexes the selected unit may move to alone now, with
// the MPs each costs; a unit that may not move shows why, on its own hex ("cannot move: ... (3.4)").
export function reachOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (!p) return {};
  const why = cannotMove(ctx, ctx.rules.reach.situation(p.side), p);
  if (why) return p.hex && p.at === "map" ? { [p.hex]: "cannot move: " + why.reason + " (" + why.rule + ")" } : {};
  return reachable(ctx, p.id);
}

// stepCost(pieceId, a, b): the true MPs of one step for the unit moving alone now, with the parts
// (traces, tests): {mp, parts}; mp null if the step is barred.
export function stepCost(ctx, id, a, b) {
  const p = ctx.piece(id);
  const sit = ctx.rules.reach.situation(p.side);
  return ctx.rules.reach.exactStep(sit, ctx.rules.reach.model(sit, p, allowance(ctx, p).mp, !p.artillery), a, b);
}

// ---- after a move: markers (4.3, 10.3, 8.2) ------------------------------------------------------

function towed(ctx) { return ctx.table["towed-guns"]; }

// 4.3: Axis Semovente and Axis heavy AT units fire as if they had not moved (towed-guns exempt).
function exempt(ctx, p) { const e = towed(ctx).exempt; return p.side === e.side && e.types.indexOf(p.type) >= 0; }

// firesReduced(piece): do the 4.3 fire reductions of a move apply to the unit (a weapons or
// artillery unit of B.113, not exempt)?
export function firesReduced(ctx, p) {
  const t = ctx.tables.units.types["by-type"][p.type];
  return !!t && towed(ctx)["applies-to"].indexOf(t.class) >= 0 && !exempt(ctx, p);
}

// markerOf(marker): the 4.3 marker "half-move-half-fire" or "full-move-no-fire" as towed-guns
// gives it: {name, factor} (the factor on Hard Attack, Soft Attack and Bombardment).
export function markerOf(ctx, marker) { return towed(ctx).markers[marker]; }

// The markers a move leaves; Operations Complete (7.3) is the activation section's, as the
// activation ends.
function mark(ctx, p, mp, budget) {
  const notes = [];
  p.moved = true;
  p.moves = (p.moves || 0) + 1;                      // the checks section's 3.4 count
  if (ctx.state.activation) p.movedWith = ctx.state.activation.marker || null;
  const t = towed(ctx);
  const cls = ctx.tables.units.types["by-type"][p.type];
  if (cls && t["applies-to"].indexOf(cls.class) >= 0) {
    const txt = (m) => ctx.rules.reach.mpText(m);
    if (exempt(ctx, p)) notes.push("no fire penalty for an Axis " + (p.heavyAT ? "heavy AT unit" : "Semovente") + " (4.3)");
    else if (p.bombarded && p.moveMarker === "half-move-half-fire") notes.push("it fired at half and moves on its Half Move/Half Fire marker (B.123)");
    else {
      const k = mp > budget * t["half-of-ma"] ? "full-move-no-fire" : "half-move-half-fire", m = t.markers[k];
      p.moveMarker = k;
      notes.push("moved " + txt(mp) + " of " + txt(budget) + " MPs, " + (k === "full-move-no-fire" ? "more than" : "at most") + " x" + t["half-of-ma"] + ": " + m.name +
        ", attack and bombardment x" + m.factor + " this activation (4.3, 10.3)" + (k === "full-move-no-fire" && p.artillery ? "; Operations Complete as the activation ends (7.3)" : ""));
    }
  } else notes.push("Movement Complete (10.3)");
  if (p.fought || p.bombarded) notes.push("it has " + (p.fought ? "fought" : "bombarded") + " this phase: Operations Complete as the activation ends (7.3)");
  return notes;
}

// ---- doing it ------------------------------------------------------------------------------------

// The true MPs of a path, step by step: {mp, text}.
function walk(ctx, sit, m, path) {
  let mp = 0;
  const steps = [];
  for (let i = 1; i < path.length; i++) {
    const c = ctx.rules.reach.exactStep(sit, m, path[i - 1], path[i]);
    mp += c.mp;
    steps.push(path[i] + " (" + c.parts.join(", ") + ")");
  }
  return { mp, text: steps.join(" > ") };
}

// Moves the group to `to` (or off the east edge when `exit`), each unit on its own cheapest path
// at its own costs. The stacks pay their APs first (7.21).
function moveGroup(ctx, sit, units, to, exit) {
  const d = ctx.rules.reach.destinations(sit, units);
  const paid = has(ctx, "activation", "spend") ? ctx.rules.activation.spend(units.map((p) => p.id)) || { ok: true } : { ok: true };
  if (paid.ok === false) {
    ctx.trace({ rule: paid.rule || "7.21", cell: { units: units.map((p) => p.id) }, text: "no move: " + (paid.reason || "the APs do not suffice") });
    return false;
  }
  const paths = {};
  for (const p of units) {
    const s = d.per[p.id];
    const a = allowance(ctx, p);
    const end = exit ? cheapestExit(ctx, d, s, units[0].hex) : to;
    const enters = p.at !== "map";
    let path, w;
    if (enters) {                                                         // 5.11: onto the map at an entry hex
      const e = s.r.entry[ctx.map.index(end)], sub = s.r.subs[e];
      path = end === e ? [e] : ctx.rules.reach.pathTo(sub.r, s.m, e, end, s.a - sub.cost);
      const first = ctx.rules.reach.entryStep(sit, s.m, e);
      const rest = walk(ctx, sit, s.m, path);
      w = { mp: first.mp + rest.mp, text: e + " (" + first.parts.join(", ") + ")" + (rest.text ? " > " + rest.text : "") };
    } else {
      path = end === p.hex ? [p.hex] : ctx.rules.reach.pathTo(s.r, s.m, p.hex, end, s.a);
      w = walk(ctx, sit, s.m, path);
    }
    const from = enters ? "off the " + p.entry.join(" or ") : p.hex;
    paths[p.id] = path;
    const notes = exit ? [] : mark(ctx, p, w.mp, s.a);
    if (exit) { p.moved = true; p.moves = (p.moves || 0) + 1; }
    p.hex = end;
    if (enters) { p.at = "map"; p.entry = null; }
    // the TEC stand-in (table), the map, the order of battle (MA, mobility), the enemy's ZOC;
    // the Disrupted MA stand-in and the minefield readings where they priced the move
    const uses = ["map", "units/units"].concat(ctx.rules.zoc.uses(sit.enemy));
    if (a.placeholder) uses.push("movement/disrupted-allowance");
    if (path.some((h, i) => i > 0 && ctx.rules.minefields.minefieldAt(path[i - 1], h))) uses.push("minefields/readings");
    if (a.placeholder) {
      ctx.trace({ rule: "12.2", table: "disrupted-allowance", uses: ["units/units"], cell: { unit: p.id, ma: p.ma }, result: a.mp,
        text: p.id + " is Disrupted: its reverse-side MA is not known, so it moves with " + ctx.rules.reach.mpText(a.mp) + " MPs" });
    }
    const hz = !exit && sit.z[ctx.map.index(end)] === 2;
    ctx.trace({ rule: enters ? "5.11" : "10.11", table: "terrain/movement-costs", uses, cell: { unit: p.id, from, to: end, path, mobility: p.mobility, allowance: s.a }, result: w.mp,
      text: p.id + " (" + p.mobility + ", " + a.parts.join(", ") + ") " + (enters ? "enters from " + from + ": " + w.text : "moves " + from + (path.length > 1 ? " > " + w.text : "")) +
        " = " + ctx.rules.reach.mpText(w.mp) + " of " + ctx.rules.reach.mpText(s.a) + " MPs (placeholder TEC)" +
        (units.length > 1 ? "; with " + units.filter((q) => q !== p).map((q) => q.id).join(", ") : "") +
        (hz ? "; " + end + " is in an enemy HZOC: it stops and must attack in a Combat Impulse (4.12, 10.12)" : "") +
        (!exit && sit.z[ctx.map.index(end)] ? " [" + ctx.rules.zoc.explain(end, sit.enemy) + "]" : "") +
        (notes.length ? "; " + notes.join("; ") : "") });
  }
  for (const p of units) hooks(ctx, "afterMove", p, paths[p.id]);
  if (exit) {
    for (const p of units) exitUnit(ctx, p);
  } else {
    const pen = ctx.rules.stacking.penalties(to);                        // 4.21: checked as the move ends
    if (pen.eliminate || pen.disrupt) ctx.rules.stacking.enforce(to);
  }
  return true;
}

function cheapestExit(ctx, d, s, here) {
  if (d.exits.indexOf(here) >= 0) return here;
  let best = null;
  for (const h of d.exits) if (best === null || ctx.rules.reach.costTo(s.r, h) < ctx.rules.reach.costTo(s.r, best) - EPS) best = h;
  return best;
}

// 15.2: off the east edge; the victory section keeps the count.
function exitUnit(ctx, p) { ctx.rules.victory.exit(p); }

// move(ids, to): moves these units of one stack to `to` ("exit": off the east edge, 15.2) as a
// Movement Impulse of the acting side would: {ok: true}, or {ok: false, rule, reason}.
// The decisions below use the same checks; tests and scripted events call it directly.
export function move(ctx, ids, to) {
  const units = ids.map((id) => ctx.piece(id));
  if (!units.length || !units[0]) return { ok: false, rule: "3.43", reason: "no unit named" };
  judge(ctx, ids);
  const sit = ctx.rules.reach.situation(actingSide(ctx) || units[0].side);
  for (const p of units) {
    const c = cannotMove(ctx, sit, p);
    if (c) return Object.assign({ ok: false }, c);
    if (ctx.rules.reach.origin(p) !== ctx.rules.reach.origin(units[0])) return { ok: false, rule: "3.43", reason: "a group moves from one stack: " + p.id + " is in " + ctx.rules.reach.origin(p) + ", " + units[0].id + " in " + ctx.rules.reach.origin(units[0]) };
  }
  const d = ctx.rules.reach.destinations(sit, units);
  if (to === "exit") {
    if (!d.exits.length) return { ok: false, rule: "15.2", reason: ctx.rules.reach.mayExit(sit.side) ? "no east-edge hex is within reach of the whole group" : "only Allied units leave the map, once withdrawal is triggered (15.21)" };
    return { ok: moveGroup(ctx, sit, units, null, true) };
  }
  if (d.hexes.indexOf(to) < 0) return Object.assign({ ok: false }, ctx.rules.reach.refuseTo(sit, units, to) || { rule: "10.1", reason: "not allowed now" });
  return { ok: moveGroup(ctx, sit, units, to, false) };
}

// 14.22: the units' supply is judged again as their impulse begins (the supply section).
function judge(ctx, ids) { if (has(ctx, "supply", "judgeUnits")) ctx.rules.supply.judgeUnits(ids); }

// ---- the decisions -------------------------------------------------------------------------------

// The impulse's choices: each unit that can go somewhere alone, and each stack of two or more
// movable units that can go somewhere together. `first`: stop at the first one found.
function choices(ctx, sit, first) {
  const out = [];
  if (first) {                       // one unit that can go is enough: the Active Formation's first
    sit.lazy = true;
    const own = has(ctx, "activation", "belongs") ? (p) => ctx.rules.activation.belongs(p) : () => true;
    const mine = [], others = [];
    for (const h of Array.from(sit.friendly.keys()).sort()) for (const p of sit.friendly.get(h)) (own(p) ? mine : others).push(p);
    for (const k of Object.keys(sit.waiting).sort()) for (const p of sit.waiting[k]) (own(p) ? mine : others).push(p);
    for (const p of mine.concat(others)) if (!cannotMove(ctx, sit, p) && ctx.rules.reach.canGo(sit, [p])) return [{ do: "move", unit: p.id }];
  }
  const c = candidates(ctx, sit);
  for (const h of Object.keys(c)) {
    for (const p of c[h]) if (ctx.rules.reach.canGo(sit, [p])) { out.push({ do: "move", unit: p.id }); if (first) return out; }
  }
  const stacks = [];
  for (const h of Object.keys(c)) {
    if (c[h].length >= 2 && ctx.rules.reach.canGo(sit, c[h])) { stacks.push({ do: "move", stack: h }); if (first) return stacks; }
  }
  out.sort((a, b) => (a.unit < b.unit ? -1 : 1));
  return out.concat(stacks);
}

// choicesNow(): the Movement Impulse's choices for the acting side now (tests, bots).
export function choicesNow(ctx) { return choices(ctx, ctx.rules.reach.situation(actingSide(ctx)), false); }

// impulseOpen(): may the acting side make one more Movement Impulse now?
export function impulseOpen(ctx) {
  const side = actingSide(ctx);
  if (!side) return false;
  return choices(ctx, ctx.rules.reach.situation(side), true).length > 0;
}

export const impulse = {
  rule: "3.43",
  side(ctx) { return actingSide(ctx); },
  prompt(ctx) { return actingSide(ctx) + ": Movement Impulse: choose a unit, or a stack to move together (3.43)"; },
  actions(ctx) { return choicesNow(ctx); },
  apply(ctx, a) {
    const sit = ctx.rules.reach.situation(actingSide(ctx));
    const units = a.unit ? [a.unit] : candidates(ctx, sit)[a.stack].map((p) => p.id);
    const hex = a.unit ? ctx.rules.reach.origin(ctx.piece(a.unit)) : a.stack;
    judge(ctx, units);
    mstate(ctx).group = { hex, units };
    ctx.interrupt("movement.destination", { hex }, "move from " + hex);
    ctx.done();
  },
  why(ctx, a) {
    const sit = ctx.rules.reach.situation(actingSide(ctx));
    if (!a || a.do !== "move") return { rule: "3.43", reason: "choose {do: \"move\", unit} or {do: \"move\", stack: hex}" };
    if (a.unit) {
      const p = ctx.piece(a.unit);
      return cannotMove(ctx, sit, p) || { rule: "10.2", reason: p.id + " can reach no hex it may end in with " + ctx.rules.reach.mpText(allowance(ctx, p).mp) +
        " MPs (terrain, enemy units and ZOCs" + (p.artillery ? ", 8.2" : "") + (turning(ctx, p) ? ", 16.42" : "") + ", stacking 4.21)" };
    }
    const units = (sit.friendly.get(a.stack) || sit.waiting[a.stack] || []).filter((p) => !cannotMove(ctx, sit, p));
    if (units.length < 2) return { rule: "3.43", reason: "fewer than two units in " + a.stack + " may move now" };
    return { rule: "10.2", reason: "the movable units in " + a.stack + " have no hex in common within their MPs" };
  },
};

function group(ctx) {
  const g = mstate(ctx).group;
  return g ? g.units.map((id) => ctx.piece(id)) : [];
}

export const destination = {
  rule: "10.1",
  side(ctx) { return actingSide(ctx); },
  prompt(ctx) {
    return "move " + group(ctx).map((p) => p.id + " (" + ctx.rules.reach.mpText(allowance(ctx, p).mp) + " MP)").join(", ") + " from " + mstate(ctx).group.hex +
      ": choose the hex to end in, add or drop units of the stack, or cancel";
  },
  actions(ctx) {
    const g = mstate(ctx).group;
    const sit = ctx.rules.reach.situation(actingSide(ctx));
    const units = group(ctx);
    const d = ctx.rules.reach.destinations(sit, units);
    const out = d.hexes.map((h) => ({ do: "to", hex: h }));
    if (d.exits.length) out.push({ do: "exit" });
    for (const p of candidates(ctx, sit)[g.hex] || []) if (g.units.indexOf(p.id) < 0) out.push({ do: "add", unit: p.id });
    if (units.length > 1) for (const p of units) out.push({ do: "drop", unit: p.id });
    out.push({ do: "cancel" });
    return out;
  },
  apply(ctx, a) {
    const g = mstate(ctx).group;
    if (a.do === "add") { g.units.push(a.unit); g.units.sort(); return; }
    if (a.do === "drop") { g.units.splice(g.units.indexOf(a.unit), 1); return; }
    const sit = ctx.rules.reach.situation(actingSide(ctx));
    const units = group(ctx);
    mstate(ctx).group = null;
    if (a.do === "to") moveGroup(ctx, sit, units, a.hex, false);
    else if (a.do === "exit") moveGroup(ctx, sit, units, null, true);
    else ctx.trace({ rule: "3.43", cell: { units: g.units }, text: "no move: the Movement Impulse from " + g.hex + " is called off" });
    ctx.done();
  },
  why(ctx, a) {
    const g = mstate(ctx).group;
    const sit = ctx.rules.reach.situation(actingSide(ctx));
    if (!a || typeof a !== "object") return { rule: "10.1", reason: "an action is an object such as {do: \"to\", hex}" };
    if (a.do === "add") {
      const p = ctx.piece(a.unit);
      if (!p || ctx.rules.reach.origin(p) !== g.hex) return { rule: "3.43", reason: "only units of the stack in " + g.hex + " move together" };
      return cannotMove(ctx, sit, p) || { rule: "3.43", reason: p.id + " is in the group already" };
    }
    if (a.do === "drop") return { rule: "3.43", reason: a.unit + " is not in the group, or is its only unit" };
    if (a.do === "exit") return { rule: "15.2", reason: ctx.rules.reach.mayExit(sit.side) ? "no east-edge hex is within reach of the whole group" : "only Allied units leave the map, once withdrawal is triggered (15.21)" };
    if (a.do !== "to") return { rule: "10.1", reason: "unknown action " + JSON.stringify(a.do) + " (to, exit, add, drop, cancel)" };
    return ctx.rules.reach.refuseTo(sit, group(ctx), a.hex) || { rule: "10.1", reason: "not allowed now" };
  },
};
