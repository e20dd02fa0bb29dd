// The Fall of Tobruk 5.2-5.4: refitting, reserve tanks, wrecks and tank repair (the
// Reinforcement/Replacement Phase, 3.1).
//   5.2, 5.21  each side may refit one non-tank unit a phase: three units of its Units to be Refit
//         box of the same size, nationality and type; the one with the lowest Defense Factor (then
//         the lowest Hard + Soft Attack, then the owner's choice) returns, the other two go to
//         Units Permanently Eliminated: the owner names the unit, then its two companions.
//   5.22  a returned unit goes in any hex that traces a supply line to its formation HQ (the 14.22
//         line), one morale letter better than the most letters any of the three had lost.
//   5.31-5.33  a tank in Units to be Refit comes back when its model's Reserve Tank track has a
//         step: the track loses one; at most two a side a phase; placed as 5.22 says.
//   5.42, 5.421, 5.422  at the end of the phase, wrecks next to or under friendly units are repaired:
//         the Germans one automatically and up to two more by a d10 each, the Italians and the
//         Allies up to two by a d10; a failed roll makes the wreck Unrecoverable. The first German
//         tank repaired goes back on the map in its hex; every other repaired tank goes to Units
//         to be Refit and adds one to its model's reserve (never above 5.32's eight).
//   5.423 an enemy unit in a wreck's hex with none of the owner's units adjacent: Unrecoverable.
// The owner's choices are one decision, `choose`, over a queue of tasks (side, stage); a stage
// with nothing to choose is passed over. Tables: refit.yaml; units.yaml models (reserve tracks);
// supply.yaml (the 14.22 line). State: state.logistics = {tasks, done: {side: {refit, reserve}},
// repair: {group: {automatic, attempts, toMap}}, pick}; state.reserveTankTypes and
// state.reserveTanks (16.16); piece.box and piece.lostIn (disruption section).

const REFIT = "units-to-be-refitted", WRECK = "wreck", GONE = "units-destroyed";

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map") && !p.air; }
function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }
function T(ctx) { return ctx.tables.refit; }
function S(ctx) { return ctx.state.logistics; }

function boxed(ctx, side, box) {
  return ctx.pieces((p) => p.side === side && p.at === "eliminated" && p.box === box && !p.air).sort(byId);
}

// ---- 5.21 who may be refitted with whom -----------------------------------------------------------

function attack(p) { return (+p.haf || 0) + (+p.saf || 0); }

// The 5.21 keys of the returned unit, in order (refit returned-unit: each a sum of piece fields).
function keys(ctx, p) {
  return T(ctx).refit["returned-unit"].map((k) => k.lowest.reduce((n, f) => n + (+p[f] || 0), 0));
}

// May `q` go with `p` (5.21): the same size, nationality and type, and not lower than `p` by the
// order of returned-unit (p stays the one to return).
function companion(ctx, p, q) {
  if (q.id === p.id) return false;
  const eq = T(ctx).readings["missing-field-equal"];
  for (const f of T(ctx).refit.same) {
    const a = p[f] === undefined ? null : p[f], b = q[f] === undefined ? null : q[f];
    if (a !== b && !(eq && (a === null || b === null))) return false;
  }
  const kp = keys(ctx, p), kq = keys(ctx, q);
  for (let i = 0; i < kp.length; i++) { if (kq[i] < kp[i]) return false; if (kq[i] > kp[i]) return true; }
  return true;
}

function refittable(ctx, p) {
  const r = T(ctx);
  return r.refit["excluded-types"].indexOf(p.type) < 0 && r.readings["never-refitted"].indexOf(p.type) < 0;
}

function companionsOf(ctx, p, chosen) {
  return boxed(ctx, p.side, REFIT).filter((q) => refittable(ctx, q) && companion(ctx, p, q) && (!chosen || chosen.indexOf(q.id) < 0));
}

// ---- 5.22 where a returned unit goes ---------------------------------------------------------------

// The hexes `p` may come back in: those tracing the 14.22 line to its formation HQ, free of enemy
// units, where it may stack (4.21). [] without the HQ on the map.
export function placements(ctx, p) {
  return ctx.memo("refit placements " + p.id, () => {
    const hq = ctx.rules.supply.hqFor(p);
    if (!hq) return [];
    return ctx.rules.supply.hexesTracingTo(hq).filter((h) => ctx.rules.stacking.fits([p], h).ok);
  });
}

function placeUses(ctx) { return ["supply/readings", "refit/readings", "units/units", "map"]; }

// ---- the tasks -------------------------------------------------------------------------------------

// The repair groups (refit.yaml repair groups) by id, in the table's order.
function groups(ctx) { return Object.keys(T(ctx).repair.groups).map((id) => Object.assign({ id }, T(ctx).repair.groups[id])); }

// 5.421, 5.422: may this wreck be repaired now?
function repairable(ctx, p, g) {
  const h = p.lostIn;
  const at = ctx.piecesAt(h).filter(onMap);
  const near = [h].concat(ctx.map.neighbors(h));
  const around = [];
  for (const x of near) for (const q of ctx.piecesAt(x)) if (onMap(q)) around.push(q);
  const friends = g.friendly === "in" ? at : around;
  const enemies = g["enemy-barred"] === "in" ? at : around;
  return friends.some((q) => q.side === p.side) && !enemies.some((q) => q.side !== p.side);
}

function wrecksFor(ctx, g) {
  return boxed(ctx, g.side, WRECK).filter((p) => g.nations.indexOf(p.nation) >= 0 && p.lostIn && repairable(ctx, p, g));
}

function reserveOf(ctx, p) {
  const m = ctx.tables.units.models["by-model"][p.model];
  return m && m.reserve ? m.reserve : null;
}

function reserveLeft(ctx, side, type) { return ((ctx.state.reserveTankTypes || {})[side] || {})[type] || 0; }

// What the task at the front may choose now: a list of actions without the closing "done".
function options(ctx, task) {
  const L = S(ctx);
  if (task.stage === "refit") {
    if (L.pick) {
      if (L.pick.with.length < T(ctx).refit["units-used"] - 1) return companionsOf(ctx, ctx.piece(L.pick.unit), L.pick.with).map((q) => ({ do: "with", unit: q.id }));
      return placements(ctx, ctx.piece(L.pick.unit)).map((h) => ({ do: "place", unit: L.pick.unit, hex: h }));
    }
    if (L.done[task.side].refit >= T(ctx).refit["per-phase"]) return [];
    const need = T(ctx).refit["units-used"] - 1;
    return boxed(ctx, task.side, REFIT).filter((p) => refittable(ctx, p) && companionsOf(ctx, p).length >= need && placements(ctx, p).length)
      .map((p) => ({ do: "refit", unit: p.id }));
  }
  if (task.stage === "reserve") {
    if (L.pick) return placements(ctx, ctx.piece(L.pick.unit)).map((h) => ({ do: "place", unit: L.pick.unit, hex: h }));
    if (L.done[task.side].reserve >= T(ctx)["reserve-tanks"]["per-side-per-phase"]) return [];
    return boxed(ctx, task.side, REFIT).filter((p) => reserveOf(ctx, p) && reserveLeft(ctx, p.side, reserveOf(ctx, p)) > 0 && placements(ctx, p).length)
      .map((p) => ({ do: "return", unit: p.id }));
  }
  const g = T(ctx).repair.groups[task.group], used = L.repair[task.group];
  const out = [];
  for (const p of wrecksFor(ctx, Object.assign({ id: task.group }, g))) {
    if (used.automatic < g.automatic) out.push({ do: "repair", unit: p.id });
    if (used.attempts < g.attempts) out.push({ do: "attempt", unit: p.id });
  }
  return out;
}

// Passes over the tasks with nothing to choose.
function settle(ctx) {
  const L = S(ctx);
  while (L.tasks.length && !L.pick && !options(ctx, L.tasks[0]).length) L.tasks.shift();
}

// ---- the steps ----------------------------------------------------------------------------------------

// 5.2, 5.33: the phase's refits and reserve tanks, Axis then Allies.
export function begin(ctx) {
  const done = {};
  for (const side of ctx.sides) done[side] = { refit: 0, reserve: 0 };
  const repair = {};
  for (const g of groups(ctx)) repair[g.id] = { automatic: 0, attempts: 0, toMap: 0 };
  ctx.state.logistics = { tasks: [], done, repair, pick: null };
  for (const side of ctx.sides) ctx.state.logistics.tasks.push({ side, stage: "refit" }, { side, stage: "reserve" });
  settle(ctx);
  const waiting = ctx.sides.map((s) => s + " " + boxed(ctx, s, REFIT).length).join(", ");
  ctx.trace({ rule: "5.2, 5.33", table: "refit", result: ctx.state.logistics.tasks.map((t) => t.side + " " + t.stage),
    text: "Units to be Refit: " + waiting + "; " + (ctx.state.logistics.tasks.length ? "to choose: " + ctx.state.logistics.tasks.map((t) => t.side + " " + (t.stage === "refit" ? "refit (5.2)" : "reserve tanks (5.33)")).join(", ") : "no refit or reserve tank can be made") });
}

// 5.423, then 5.42: wrecks held by the enemy are lost; the repairs of each group follow.
export function repairBegins(ctx) {
  const u = T(ctx).unrecoverable;
  for (const side of ctx.sides) {
    for (const p of boxed(ctx, side, WRECK)) {
      if (!p.lostIn) continue;
      const held = u["enemy-in-hex"] && ctx.piecesAt(p.lostIn).some((q) => onMap(q) && q.side !== side);
      const near = ctx.map.neighbors(p.lostIn).some((h) => ctx.piecesAt(h).some((q) => onMap(q) && q.side === side));
      if (held && near === u["owner-adjacent"]) {
        p.box = u.goes;
        ctx.trace({ rule: "5.423", table: "unrecoverable", uses: ["units/units"], cell: { hex: p.lostIn }, result: "unrecoverable",
          text: p.id + ": " + other(ctx, side) + " units hold its wreck's hex " + p.lostIn + " with no " + side + " unit adjacent: Unrecoverable, to Units Permanently Eliminated (5.423)" });
      }
    }
  }
  const L = S(ctx);
  L.pick = null;
  for (const g of groups(ctx)) L.tasks.push({ side: g.side, stage: "repair", group: g.id });
  settle(ctx);
  if (!L.tasks.length) ctx.trace({ rule: "5.42", table: "repair", result: [], text: "no wreck can be repaired this turn (5.421, 5.422)" });
}

export function due(ctx) { return !!(S(ctx) && S(ctx).tasks.length); }

// ---- what happens ---------------------------------------------------------------------------------------

// Back in play (5.22, 5.33, 5.421): on the map in `hex`, every mark of the game cleared.
function backInPlay(ctx, p, hex, moraleLoss) {
  p.hex = hex;
  p.at = "map";
  p.box = null;
  p.lostIn = null;
  p.disrupted = false;
  p.moved = false; p.fought = false; p.bombarded = false; p.opsComplete = false; p.activated = false;
  p.moveMarker = null; p.moves = 0; p.combats = 0; p.movedWith = null; p.entry = null; p.oos = false;
  if (typeof moraleLoss === "number") p.moraleLoss = moraleLoss;
  ctx.rules.victory.recordReturn(p);
  ctx.rules.victory.afterMove(p, [hex]);
}

// 5.32: a type's track holds 0 to max-per-type steps; the value kept is returned.
function setReserve(ctx, side, type, n) {
  const s = ctx.state, kept = Math.max(0, Math.min(n, T(ctx)["reserve-tanks"]["max-per-type"]));
  const was = s.reserveTankTypes[side][type] || 0;
  s.reserveTankTypes[side][type] = kept;
  s.reserveTanks[side] += kept - was;
  return kept;
}

// 5.22: the most letters lost among the units, less the table's step, never below none.
function refitMorale(ctx, units) {
  const m = T(ctx).refit["morale-letters-lost"];
  const most = units.reduce((n, q) => Math.max(n, q.moraleLoss || 0), 0);
  return Math.max(0, (m["most-lost-among-units"] ? most : 0) - m.less);
}

function refitDone(ctx, p, hex) {
  const L = S(ctx);
  const others = L.pick.with.map((id) => ctx.piece(id));
  const lost = refitMorale(ctx, [p].concat(others));
  for (const q of others) q.box = GONE;
  backInPlay(ctx, p, hex, lost);
  L.done[p.side].refit++;
  ctx.trace({ rule: "5.21, 5.22", table: "refit", uses: placeUses(ctx), cell: { unit: p.id, with: L.pick.with }, result: { hex, moraleLoss: lost },
    text: p.side + " refits " + p.id + " from " + [p.id].concat(L.pick.with).join(", ") + " (same size, nationality and type; the lowest Defense Factor returns): " +
      L.pick.with.join(" and ") + " to Units Permanently Eliminated; " + p.id + " returns in " + hex + ", tracing to its HQ, " +
      lost + " morale letter" + (lost === 1 ? "" : "s") + " lost (" + ctx.rules.morale.moraleOf(p) + ", 5.22)" });
}

function reserveDone(ctx, p, hex) {
  const type = reserveOf(ctx, p);
  setReserve(ctx, p.side, type, reserveLeft(ctx, p.side, type) - 1);
  backInPlay(ctx, p, hex);
  S(ctx).done[p.side].reserve++;
  ctx.trace({ rule: "5.33", table: "reserve-tanks", uses: placeUses(ctx).concat(["units/models"]), cell: { unit: p.id, type }, result: { hex, reserve: reserveLeft(ctx, p.side, type) },
    text: p.side + ": a " + type + " reserve step replaces " + p.id + ", which returns in " + hex + " (5.33, 5.22); " + type + " reserve now " + reserveLeft(ctx, p.side, type) });
}

// 5.421, 5.422: a repaired tank: back on the map in its wreck's hex (the group's to-map), else to
// Units to be Refit with one more step on its track (unless the track is full: refit readings).
function repaired(ctx, p, g, used, how) {
  const hex = p.lostIn;
  if (used.toMap < g["to-map"]) {
    used.toMap++;
    backInPlay(ctx, p, hex);
    ctx.trace({ rule: g.rule, table: "repair", uses: ["units/units", "refit/readings"], cell: { unit: p.id, hex }, result: "on the map",
      text: p.id + " is repaired (" + how + ") and is back in its wreck's hex " + hex + " at once, free to move and fight this turn (" + g.rule + ")" });
    return;
  }
  p.box = REFIT;
  const type = reserveOf(ctx, p), n = reserveLeft(ctx, p.side, type);
  const now = type ? setReserve(ctx, p.side, type, n + 1) : n, up = now > n;
  ctx.trace({ rule: g.rule, table: "repair", uses: ["units/units", "units/models"].concat(up ? [] : ["refit/readings"]), cell: { unit: p.id, type }, result: "to Units to be Refit",
    text: p.id + " is repaired (" + how + "): to Units to be Refit; " + (up ? type + " reserve +1, now " + now : "the " + type + " track already holds " + n + " (5.32): unchanged") });
}

function repairAct(ctx, task, a) {
  const g = Object.assign({ id: task.group }, T(ctx).repair.groups[task.group]), used = S(ctx).repair[task.group];
  const p = ctx.piece(a.unit);
  if (a.do === "repair") { used.automatic++; repaired(ctx, p, g, used, "automatically, " + used.automatic + " of " + g.automatic); return; }
  used.attempts++;
  const d = ctx.roll(T(ctx).repair.die, g.rule + " repair of " + p.id + " in " + p.lostIn);
  const ok = d >= g.repaired[0] && d <= g.repaired[1];
  if (ok) { repaired(ctx, p, g, used, "d10 " + d + " in " + g.repaired[0] + "-" + g.repaired[1]); return; }
  p.box = GONE;
  ctx.trace({ rule: g.rule + ", 5.423", table: "repair", uses: ["units/units"], cell: { unit: p.id, d10: d }, result: "unrecoverable",
    text: p.id + ": repair roll " + d + ", above " + g.repaired[1] + ": Unrecoverable, to Units Permanently Eliminated (5.423)" });
}

// ---- the decision -------------------------------------------------------------------------------------

function stageWords(task) {
  if (task.stage === "refit") return "refit (5.2)";
  if (task.stage === "reserve") return "reserve tanks (5.33)";
  return task.group + " wreck repair (" + (task.group === "german" ? "5.421" : "5.422") + ")";
}

function promptOf(ctx) {
  const L = S(ctx), t = L.tasks[0];
  if (L.pick && t.stage === "refit" && L.pick.with.length < T(ctx).refit["units-used"] - 1) {
    return t.side + ", refit (5.21): choose a unit to refit " + L.pick.unit + " with (it goes to Units Permanently Eliminated)";
  }
  if (L.pick) return t.side + ", " + stageWords(t) + ": place " + L.pick.unit + " in a hex that traces supply to its HQ (5.22)";
  if (t.stage === "refit") return t.side + ": refit a unit from Units to be Refit, or none (5.2)";
  if (t.stage === "reserve") return t.side + ": return a tank from Units to be Refit with a reserve step (" + (T(ctx)["reserve-tanks"]["per-side-per-phase"] - L.done[t.side].reserve) + " more at most), or none (5.33)";
  const g = T(ctx).repair.groups[t.group], used = L.repair[t.group];
  return t.side + ", " + stageWords(t) + ": " + (g.automatic - used.automatic > 0 ? (g.automatic - used.automatic) + " automatic repair and " : "") +
    (g.attempts - used.attempts) + " repair roll" + (g.attempts - used.attempts === 1 ? "" : "s") + " left: designate a wreck, or stop";
}

function actionsOf(ctx) {
  const L = S(ctx), t = L.tasks[0];
  const out = options(ctx, t);
  return L.pick ? out : out.concat([{ do: "done" }]);
}

// 5.2-5.42: the owner's choices of the phase, one at a time.
export const choose = {
  rule: "5.2-5.42",
  side(ctx) { return S(ctx).tasks[0].side; },
  prompt(ctx) { return promptOf(ctx); },
  actions(ctx) { return actionsOf(ctx); },
  apply(ctx, a) {
    const L = S(ctx), t = L.tasks[0];
    if (a.do === "done") {
      ctx.trace({ rule: t.stage === "refit" ? "5.2" : t.stage === "reserve" ? "5.33" : "5.42", text: t.side + " ends its " + stageWords(t) });
      L.tasks.shift();
    } else if (a.do === "refit") {
      L.pick = { unit: a.unit, with: [] };
    } else if (a.do === "with") {
      L.pick.with.push(a.unit);
    } else if (a.do === "return") {
      L.pick = { unit: a.unit, with: [] };
    } else if (a.do === "place") {
      const p = ctx.piece(a.unit);
      if (t.stage === "refit") refitDone(ctx, p, a.hex); else reserveDone(ctx, p, a.hex);
      L.pick = null;
    } else {
      repairAct(ctx, t, a);
    }
    settle(ctx);
    if (!L.tasks.length) ctx.done();
  },
  why(ctx, a) { return refusal(ctx, a); },
};

const UNIT_ACTIONS = ["refit", "with", "return", "place", "repair", "attempt"];

// Why an action is not among the choices, with its rule.
function refusal(ctx, a) {
  const L = S(ctx), t = L.tasks[0];
  const p = a && a.unit ? ctx.piece(a.unit) : null;
  if (!a || UNIT_ACTIONS.indexOf(a.do) < 0) return { rule: "5.2-5.42", reason: "not a choice now: " + promptOf(ctx) };
  if (!p) return { rule: "5.2", reason: "there is no unit " + (a.unit === undefined ? "named" : a.unit) };
  if (t.stage === "refit" && a.do === "refit") {
    if (L.done[t.side].refit >= T(ctx).refit["per-phase"]) return { rule: "5.2", reason: "a side refits at most " + T(ctx).refit["per-phase"] + " unit a phase" };
    if (p.side !== t.side || p.at !== "eliminated" || p.box !== REFIT) return { rule: "5.21", reason: p.id + " is not in " + t.side + "'s Units to be Refit box" };
    if (T(ctx).refit["excluded-types"].indexOf(p.type) >= 0) return { rule: "5.31", reason: "tanks are not refitted: they come back with reserve tank steps (5.33)" };
    if (!refittable(ctx, p)) return { rule: "5.21", reason: p.id + " (" + p.type + ") is not refitted from other units (refit readings)" };
    if (companionsOf(ctx, p).length < T(ctx).refit["units-used"] - 1) {
      return { rule: "5.21", reason: p.id + " has no two units of its size, nationality and type in the box that leave it the lowest Defense Factor (then Hard + Soft Attack) to return" };
    }
    if (!placements(ctx, p).length) return { rule: "5.22", reason: p.id + " has no hex to return to: none traces a supply line to its formation HQ" };
  }
  if (a.do === "with" && L.pick) return { rule: "5.21", reason: a.unit + " may not go with " + L.pick.unit + ": not in the box, of another size, nationality or type, or lower in Defense Factor (then Hard + Soft Attack), which would make it the one to return" };
  if (a.do === "place" && L.pick) return { rule: "5.22", reason: a.hex + " traces no supply line to the formation HQ of " + L.pick.unit + ", holds enemy units, or has no room to stack it" };
  if (a.do === "return") {
    if (L.done[t.side].reserve >= T(ctx)["reserve-tanks"]["per-side-per-phase"]) return { rule: "5.33", reason: "at most " + T(ctx)["reserve-tanks"]["per-side-per-phase"] + " reserve tanks a side a phase" };
    if (p.side !== t.side || p.box !== REFIT) return { rule: "5.31", reason: p.id + " is not in " + t.side + "'s Units to be Refit box" };
    const type = reserveOf(ctx, p);
    if (!type) return { rule: "5.32", reason: p.id + " is no tank with a Reserve Tank track" };
    if (reserveLeft(ctx, p.side, type) <= 0) return { rule: "5.33", reason: "the " + type + " reserve track is empty" };
  }
  if (a.do === "repair" || a.do === "attempt") {
    if (t.stage !== "repair") return { rule: "5.42", reason: "wrecks are repaired at the end of the phase, after the refits and reserve tanks" };
    const g = T(ctx).repair.groups[t.group];
    if (!p || p.box !== WRECK || g.nations.indexOf(p.nation) < 0) return { rule: g.rule, reason: a.unit + " is not a " + t.group + " wreck" };
    if (a.do === "repair" && L.repair[t.group].automatic >= g.automatic) return { rule: g.rule, reason: "no automatic repair is left this turn" };
    if (a.do === "attempt" && L.repair[t.group].attempts >= g.attempts) return { rule: g.rule, reason: "at most " + g.attempts + " repair rolls a turn" };
    return { rule: g.rule, reason: "the wreck in " + p.lostIn + " needs a friendly unit " + (g.friendly === "in" ? "in its hex" : "in or next to its hex") + " and no enemy unit " + (g["enemy-barred"] === "in" ? "in it" : "in or next to it") };
  }
  return { rule: "5.2-5.42", reason: "not a choice now: " + promptOf(ctx) };
}

// Which stage the decision is at (the heuristic player reads it): {side, stage, group, pick}.
export function stage(ctx) {
  const L = S(ctx);
  return L && L.tasks.length ? Object.assign({ pick: L.pick }, L.tasks[0]) : null;
}
