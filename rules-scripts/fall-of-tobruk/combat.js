// The Fall of Tobruk 11.0 Combat: the Combat Impulse.
//   3.44, 11.0  a Combat Impulse is one or more combats, each against the enemy units of one hex
//         (never attacked twice in an impulse), with activated units next to it (7.21: their
//         stacks pay their APs when the impulse is resolved); a unit attacks in one combat only
//         (11.1, 11.2) and in one Combat Impulse per Operations Phase (3.4), then is Operations
//         Complete (7.3); HQs never attack (7.11), artillery only with antitank fire (8.3).
//   11.0  the impulse is resolved segment by segment: the Antitank Fire Segment of every combat
//         (fire-combat.js: First Fire, then Simultaneous Fire), then each combat's Regular Combat
//         Segment (close-combat.js: the MAT, an Overrun, the fire), its results (combat-results.js,
//         disruption.js, morale.js) and advances; the stacking limits hold throughout (4.21, 4.23).
//   16.43 an Allied formation attacked is released (the activation section).
// The mandatory attacks and the Forced Combat Impulse (4.12, 11.0, 7.1) are forced-combat.js's; the
// CRT and the attack factors crt.js's.
//
// ACTION SHAPES
// Decision `impulse` (the active player; one Combat Impulse, made of one or more combats):
//   {do: "attack", hex}          start a combat against the enemy units in `hex` (3.44: once per impulse)
//   {do: "add", unit, hex}       commit an activated (or activatable, 7.21) unit adjacent to `hex`
//   {do: "resolve"}              pay the APs (7.21) and fight every combat of the impulse
//   {do: "cancel"}               give up the impulse before anything is resolved
// Decision `forced-combat.forced` (the active player, end of an activation; 4.12 NOTE): the same
//   shapes without "cancel"; only the units owing a forced combat attack, at 1L, with no AP.
// Decision `choice` (an interrupt for the owner of the units concerned), one of:
//   {do: "fire", side, at, first}   11.11: which attacking armor the defenders fire on, and
//                                   whether First Fire is used or passed
//   {do: "withdraw", unit, to} | {do: "stand", unit}        11.23 recon retreat before combat
//   {do: "occupy", unit} | {do: "stop"}                      11.23 occupying the vacated hex
//   {do: "disrupt", unit}                                    11.3 the owner picks who is Disrupted
//   {do: "retreat", unit, to} | {do: "stay", unit}           11.3 retreat; 13.4 a Box may ignore it
//   {do: "advance", unit, to} | {do: "hold", unit} | {do: "stop"}   11.31 advance after combat
// A step may ask through a decision of its own section instead (`decision`, `args`): the 7.11
// placement of an eliminated HQ is disruption.placement, which hands the answer back (answer).
//
// STATE (state.combat): {n, imp, queue, began}
//   n      Combat Impulses begun so far
//   imp    the impulse under way: {n, side, enemy, forced, combats: [combat], resolving}
//          combat: {hex, attackers, noAp, defenders, off, stalled, overrun, retreated, targeted}
//   queue  the steps still to carry out once the impulse is resolved; a step waiting for its
//          owner's choice keeps the choice offered in `opts`. Each step's kind `k` belongs to the
//          section that carries it out (OWNER below: its combatStep / combatChoice).
//   began  {key, ids}: units of the drawn formation in an enemy HZOC when the activation began
//          (forced-combat.js)
// Queries never write the state.
// Piece fields this section sets: fought, opsComplete, combats (3.44, 7.3).

// ---------------------------------------------------------------- small helpers

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

// enemyOf(side): the other side.
export function enemyOf(ctx, side) {
  return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0];
}

function byId(a, b) {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// unitsAt(hex): the units on the map in hex, by id.
export function unitsAt(ctx, hex) {
  return ctx.piecesAt(hex).filter(onMap).sort(byId);
}

// alive(ids): the pieces of these ids that are on the map.
export function alive(ctx, ids) {
  return ids.map((id) => ctx.piece(id)).filter(onMap);
}

function ids(list) {
  return list.map((p) => p.id);
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

// record(): state.combat, made if the game has none yet (for the combat sections that write it).
export function record(ctx) {
  return W(ctx);
}

// ---------------------------------------------------------------- the map as combat sees it

// hexIs(hex, name): terrain and hexside names as the map file spells them (terrain.yaml terrain-types).
export function hexIs(ctx, hex, name) {
  return ctx.map.terrain(hex) === name || ctx.map.hasFeature(hex, name);
}

// inBox(hex): 13.4: a Defensive Box in the hex (the minefields section knows the map's feature name).
export function inBox(ctx, hex) {
  return !!ctx.rules.minefields.isBox(hex);
}

// escarpmentUp(low, top): 11.22, 11.11: does an attack from `low` into `top` go up an escarpment?
// The zoc section reads the map's escarpment tops (4.11); where the map shows none, the hexside
// counts as climbed both ways, as it does for ZOC.
export function escarpmentUp(ctx, low, top) {
  if (!ctx.map.hexsideHas(low, top, "escarpment")) return false;
  const t = ctx.rules.zoc.escarpmentTop(low, top);
  return t === null || t === undefined || t === top;
}

// minefieldOn(a, b, side): 13.2, 13.23, 13.24: the unbreached minefield between a and b
// (minefields.crossing: every unbreached minefield binds every side; `friendly` when it is
// `side`'s own), or null.
export function minefieldOn(ctx, a, b, side) {
  return ctx.rules.minefields.crossing(a, b, side) || null;
}

// zocLookup(side): the ZOC level `side` projects into a hex, as a lookup hex -> level: the ZOC
// section's whole-map answer (for loops over every unit).
export function zocLookup(ctx, side) {
  const z = ctx.rules.zoc.levels(side);
  return (hex) => z[ctx.map.index(hex)] || 0;
}

// projects(from, into, side): 4.1: the ZOC the stack in `from` alone projects into the adjacent
// hex `into` (zoc.sources).
export function projects(ctx, from, into, side) {
  for (const s of ctx.rules.zoc.sources(into, side) || []) if (s.hex === from) return s.level || 0;
  return 0;
}

// ---------------------------------------------------------------- the units of a combat

// activatedNow(p): the unit is activated in the activation under way (7.21: its stack got its APs).
export function activatedNow(ctx, p) {
  const a = ctx.state.activation;
  if (!a || !a.stacks) return false;
  for (const h of Object.keys(a.stacks)) if ((a.stacks[h] || []).indexOf(p.id) >= 0) return true;
  return false;
}

// canFight(p): can `p` take part in an attack at all (B.113, 8.3, 7.11)?
export function canFight(ctx, p) {
  if (!onMap(p) || p.hq) return false;
  const dis = ctx.rules.disruption;
  return dis.attackValue(p, "haf") > 0 || (!p.artillery && dis.attackValue(p, "saf") > 0);
}

// involved(c, side): the units of `side` still in combat c: the attackers still next to the
// defender's hex that have not retreated, or the units still in that hex.
export function involved(ctx, c, side) {
  if (side === c.side) return alive(ctx, c.attackers).filter((p) => ctx.map.adjacent(p.hex, c.hex) && (c.gone || []).indexOf(p.id) < 0);
  return unitsAt(ctx, c.hex).filter((p) => p.side === side);
}

// noteTargets(c, list): the units of `list` were fired on in combat c (16.43 releases their formations).
export function noteTargets(ctx, c, list) {
  c.targeted = c.targeted || [];
  for (const p of list) if (c.targeted.indexOf(p.id) < 0) c.targeted.push(p.id);
}

// ---------------------------------------------------------------- the steps of a resolved impulse
//
// Each handler gets the step just taken off the queue and returns the steps to run next (itself,
// with `opts` set, when it waits for its owner's choice). CHOOSE applies such a choice. The steps
// of this section are here; the others' in their sections (OWNER).

const STEP = {};
const CHOOSE = {};

const OWNER = {
  plan: "fire-combat", atfire: "fire-combat",
  mat: "close-combat", regular: "close-combat",
  recon: "combat-results", occupy: "combat-results", retreat: "combat-results", advance: "combat-results",
  dis: "disruption", disAll: "disruption", hq: "disruption",
  morale: "morale",
  air: "air-missions",
};

function runStep(ctx, st) {
  const sec = OWNER[st.k];
  return sec ? ctx.rules[sec].combatStep(st) : STEP[st.k](ctx, st);
}

function runChoice(ctx, st, a) {
  const sec = OWNER[st.k];
  if (sec) ctx.rules[sec].combatChoice(st, a);
  else CHOOSE[st.k](ctx, st, a);
}

function combatOf(ctx, ci) {
  return C(ctx).imp.combats[ci];
}

// 11.0: the combat is announced; its defenders are the enemy units in the hex.
STEP.declare = (ctx, st) => {
  const imp = C(ctx).imp;
  const c = imp.combats[st.ci];
  c.defenders = ids(unitsAt(ctx, c.hex).filter((p) => p.side === c.enemy));
  // 4.12: a forced impulse owes its attacks to the ZOC its units stand in
  const uses = imp.forced ? ctx.rules.zoc.usesAt(c.attackers.map((id) => ctx.piece(id).hex), c.enemy) : [];
  ctx.trace({ rule: imp.forced ? "4.12" : "11.0", uses, text: "Combat Impulse " + imp.n + (imp.forced ? " (Forced)" : "") + ": " + c.side + " attacks " + c.hex + " (" + c.defenders.join(", ") + ") with " + c.attackers.join(", ") });
  return [];
};

// ---- stacking in the Combat Impulse (4.21, 4.23)

// 4.21: the limits hold throughout Combat Impulses. Once a combat's retreats and advances are
// done, every hex a unit was moved into pays the 4.23 penalties, its owner choosing the units.
STEP.stack = (ctx, st) => {
  const S = W(ctx);
  const st4 = ctx.rules.stacking;
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
    st.why = "the units in " + o.hex + " are over the stacking limit: the SPs above " + ctx.tables.stacking.limits["absolute-max"] + " are eliminated first, then the SPs over the limit and as many more are Disrupted (4.23)";
    st.opts = k.units.map((id) => ({ do: k.what, unit: id }));
    return [st];
  }
};

CHOOSE.stack = (ctx, st, a) => { ctx.rules.stacking.choose(a.unit); };

// 16.43: an Allied formation attacked while its activation is held back is released.
STEP.conclude = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  const forms = [];
  for (const id of (c.defenders || []).concat(c.targeted || [])) {
    const p = ctx.piece(id);
    if (p && p.side !== c.side && p.formation && forms.indexOf(p.formation) < 0) forms.push(p.formation);
  }
  for (const f of forms.sort()) ctx.rules.activation.release(f);
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

STEP.drop = (ctx) => {
  W(ctx).imp = null;
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
        runChoice(ctx, st, a);
        continue;
      }
      // a step may name a decision of its owning section (its own rule number), else choice
      ctx.interrupt(st.decision || "combat.choice", st.args || null, st.prompt || "combat");
      return;
    }
    S.queue.shift();
    const more = runStep(ctx, st) || [];
    if (more.length) S.queue.unshift.apply(S.queue, more);
  }
}

// answer(a): the owner's choice `a` for the step in front of the queue, taken by the decision that
// asked it (choice, or the owning section's decision a step names); the impulse then goes on.
export function answer(ctx, a) {
  const st = W(ctx).queue[0];
  st.opts = null;
  runChoice(ctx, st, a);
  ctx.done();
  pump(ctx);
}

export const choice = {
  rule: "11.3",
  side(ctx) { const st = front(ctx); return st && st.side ? st.side : ctx.active; },
  prompt(ctx) { const st = front(ctx); return st ? st.prompt : "combat"; },
  actions(ctx) { const st = front(ctx); return st && st.opts ? st.opts : []; },
  apply(ctx, a) { answer(ctx, a); },
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

// refuseAttacker(imp, p, judged): may `p` attack in impulse `imp`? null, or {rule, reason}.
// `judged`: activation.eligibleAll's answers, when the caller asked for every unit at once.
export function refuseAttacker(ctx, imp, p, judged) {
  if (!onMap(p) || p.side !== imp.side) return { rule: "11.0", reason: (p && !p.air ? p.id : "that unit") + " is not a unit of " + imp.side + " on the map" };   // an air unit reads as none (6.11)
  if (inCombat(imp, p.id)) return { rule: "11.1", reason: p.id + " already attacks in this impulse: a unit may not divide its factors between combats (11.1, 11.2)" };
  if (!ctx.rules.activation.impulseOpen(p, "combat")) return { rule: "3.4", reason: p.id + " has already taken part in a Combat Impulse this Operations Phase" };
  if (p.opsComplete) return { rule: "7.3", reason: p.id + " is Operations Complete" };
  if (p.hq) return { rule: "7.11", reason: p.id + " is an HQ" };
  if (!canFight(ctx, p)) return { rule: "8.3", reason: p.id + " has no attack factor it may use (artillery attacks only with antitank fire, 8.3)" };
  if (imp.forced) {
    if ((imp.pool || []).indexOf(p.id) < 0) return { rule: "4.12", reason: p.id + " owes no forced combat: only units that must attack take part in the Forced Combat Impulse" };
    return null;
  }
  const r = judged && judged.has(p.id) ? judged.get(p.id) : ctx.rules.activation.eligible(p);
  if (r && r.ok === false) return { rule: r.rule || "7.21", reason: r.reason || p.id + " cannot be activated" };
  return null;
}

// The units that may still join impulse `imp`, next to an enemy hex.
function candidates(ctx, imp) {
  const foeAt = enemyHexes(ctx, imp.side);
  const out = [];
  let judged = null;
  const list = imp.forced ? (imp.pool || []).map((id) => ctx.piece(id)) : Object.keys(ctx.state.pieces).sort().map((id) => ctx.state.pieces[id]);
  for (const p of list) {
    if (!onMap(p) || p.side !== imp.side || p.fought || p.opsComplete || p.hq) continue;
    if (!nextToEnemy(ctx, p, foeAt)) continue;
    if (!judged && !imp.forced) judged = ctx.rules.activation.eligibleAll();       // one pass, once a unit needs it
    if (!refuseAttacker(ctx, imp, p, judged)) out.push(p);
  }
  return out;
}

function apLeft(ctx) {
  const a = ctx.state.activation;
  if (!a || a.ap === undefined || a.ap === null) return Infinity;
  return (+a.ap || 0) - (+a.apSpent || 0);
}

// 7.21: the APs the attackers' stacks not yet activated would cost (once per stack).
function apCost(ctx, attackerIds) {
  const byHex = {};
  for (const id of attackerIds) {
    const p = ctx.piece(id);
    const r = ctx.rules.activation.eligible(p);
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
  const fc = ctx.rules["forced-combat"];
  const o = fc.owed(imp);
  const miss = o.units.filter((id) => all.indexOf(id) < 0);
  if (miss.length) {
    return imp.forced ? { rule: "4.12", reason: miss.join(", ") + " must attack in the Forced Combat Impulse (4.12 NOTE, 7.1)" }
      : { rule: "11.0", reason: miss.join(", ") + " are activated in an enemy HZOC and must attack in this impulse (11.0, 4.12)" };
  }
  const hx = o.hexes.filter((h) => !imp.combats.some((c) => c.hex === h));
  // 11.2: a forced impulse owes only as many of those hexes as its units can attack at once
  if (hx.length && !(imp.forced && fc.reachable(o, imp.combats))) return { rule: "11.0", reason: "the non-armor units in " + hx.join(", ") + " project an HZOC onto units that must attack, and must be attacked in this impulse (11.0)" };
  if (!imp.forced) {
    const cost = apCost(ctx, all);
    const left = apLeft(ctx);
    if (cost > left) return { rule: "7.21", reason: "activating these stacks costs " + cost + " AP and only " + left + " are left" };
  }
  return null;
}

function newImp(ctx, forced) {
  const side = activationSide(ctx);
  return { side, enemy: enemyOf(ctx, side), forced: !!forced, pool: forced ? ctx.rules["forced-combat"].forcedUnits() : null, combats: [] };
}

function curImp(ctx, forced) {
  const imp = C(ctx).imp;
  return imp && !imp.resolving && !!imp.forced === !!forced ? imp : newImp(ctx, forced);
}

// impulseOf(forced): the impulse being built (forced or not), as the decisions show it.
export function impulseOf(ctx, forced) {
  return curImp(ctx, forced);
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
  return imp.forced ? ctx.rules["forced-combat"].keep(imp, out) : out;
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
    return (imp.forced && ctx.rules["forced-combat"].deadEnd(imp, a)) || { rule: "11.2", reason: "no unit able to attack stands next to " + a.hex };
  }
  if (a.do === "add") {
    const c = imp.combats.find((x) => x.hex === a.hex);
    if (!c) return { rule: "11.0", reason: "no combat against " + a.hex + " in this impulse" };
    const p = ctx.piece(a.unit);
    const r = refuseAttacker(ctx, imp, p);
    if (r) return r;
    if (!ctx.map.adjacent(p.hex, a.hex)) return { rule: "11.2", reason: a.unit + " is not adjacent to " + a.hex };
    return imp.forced ? ctx.rules["forced-combat"].deadEnd(imp, a) : null;
  }
  return { rule: "11.0", reason: "not possible now" };
}

// Starts the resolution of `imp`: APs paid (7.21), markers, the queue of steps.
function startResolution(ctx, imp) {
  const S = W(ctx);
  const all = allAttackers(imp);
  if (!imp.forced && !imp.auto) {
    const r = ctx.rules.activation.spend(all);
    if (r && r.ok === false) {
      ctx.trace({ rule: r.rule || "7.21", result: "refused", text: "Combat Impulse not fought: " + (r.reason || "the APs do not suffice") });
      S.imp = null;
      return false;
    }
  }
  S.n = (S.n || 0) + 1;
  imp.n = S.n;
  imp.resolving = true;
  S.imp = imp;
  if (imp.forced) ctx.rules["forced-combat"].unattacked(imp);
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
  // 9.4242, B.131: the defender's Combat Support before each Regular Combat, the markers gone after
  imp.combats.forEach((c, i) => { q.push({ k: "air", ci: i, when: "before" }); q.push({ k: "mat", ci: i }); q.push({ k: "regular", ci: i }); q.push({ k: "air", ci: i, when: "after" }); q.push({ k: "advance", ci: i }); q.push({ k: "stack" }); q.push({ k: "conclude", ci: i }); });
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

// actionsOf(forced), build(forced, action), refusalOf(forced, action): the decisions' actions,
// their effect and why one is refused, for a Combat Impulse or the Forced one.
export function actionsOf(ctx, forced) { return buildActions(ctx, curImp(ctx, forced)); }
export function build(ctx, forced, a) { applyBuild(ctx, curImp(ctx, forced), a); }
export function refusalOf(ctx, forced, a) { return buildWhy(ctx, curImp(ctx, forced), a); }

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

// The activation's `available` for the Combat Impulse: a unit that may attack stands next to an
// enemy unit, and no combat is being resolved.
export function impulseOpen(ctx) {
  const imp = C(ctx).imp;
  if (imp && imp.resolving) return false;
  return candidates(ctx, newImp(ctx, false)).length > 0;
}

// ---------------------------------------------------------------- queries for the console and tests

// The combat preview (system.yaml preview): each combat of the Combat Impulse being composed, or
// the candidate args {hex, attackers}, before any die: the antitank fires (11.1) and the regular
// combat (11.2) on the CRT as they stand now, each with its odds, shifts, column and the band each
// d10 gives (crt.row). What the dice at resolution decide is said, not guessed: antitank results,
// the Minefield Attack Table and recon retreats come before regular combat, and every band's
// Disruption and Retreat Results are two more d10 (11.3).
export function preview(ctx, args) {
  const a = args || {};
  const imp = C(ctx).imp;
  const combats = a.hex ? [{ hex: a.hex, attackers: a.attackers || [] }] : imp && !imp.resolving ? imp.combats : [];
  if (!combats.length) return null;
  const out = { rule: "11.0", attackers: [], hexes: [], fires: [], hidden: [], notes: [] };
  for (const k of combats) {
    out.hexes.push(k.hex);
    const units = alive(ctx, k.attackers);
    for (const p of units) out.attackers.push({ id: p.id, hex: p.hex, to: k.hex });
    if (!units.length) { out.notes.push({ rule: "11.0", text: k.hex + ": no attacker yet" }); continue; }
    const c = probe(ctx, k.hex, ids(units), { forced: !!(imp && imp.forced && !a.hex) });
    const att = involved(ctx, c, c.side), def = involved(ctx, c, c.enemy);
    if (!def.length) { out.problem = { rule: "11.0", reason: "no enemy unit in " + k.hex }; continue; }
    const F = [];
    const A = ctx.rules["fire-combat"].antitankSides(c, "attacker"), D = ctx.rules["fire-combat"].antitankSides(c, "defender");
    if (A.firers.length && A.targets.length) F.push({ kind: "at", by: c.side, firers: A.firers, targets: A.targets });
    // 11.11: the defenders fire at the attacking armor of one hex, their choice: each hex is shown
    const armorHexes = [];
    for (const p of D.targets) if (armorHexes.indexOf(p.hex) < 0) armorHexes.push(p.hex);
    if (D.firers.length) for (const h of armorHexes.sort()) F.push({ kind: "at", by: c.enemy, firers: D.firers, targets: D.targets.filter((p) => p.hex === h) });
    for (const f of ctx.rules["close-combat"].regularFires(c, att, def)) F.push(f);
    for (const f of F) out.fires.push(ctx.rules.crt.row(c, f));
    if (armorHexes.length > 1 && D.firers.length) out.notes.push({ rule: "11.11", text: "the defenders of " + k.hex + " fire at the armor of one attacking hex, their choice: each is shown" });
    if (F.some((f) => f.kind === "at")) out.notes.push({ rule: "11.0, 13.22, 11.23", text: "antitank fire, the Minefield Attack Table and recon retreats are resolved first: the regular combat shown is the position before their results" });
  }
  if (out.fires.length) out.notes.push({ rule: "11.3", text: "a band (L, M, H) is read further with two more d10 for the Disruption and Retreat Results at resolution" });
  return out;
}

// probe(hex, attackers, opts): a combat of `attackers` (ids) against `hex`, as the resolution
// would see it (not stored). opts: {forced, overrun}.
export function probe(ctx, hex, attackers, opts) {
  const side = ctx.piece(attackers[0]).side;
  const o = opts || {};
  const noAp = o.forced ? attackers.filter((id) => !activatedNow(ctx, ctx.piece(id))) : [];
  return { hex, side, enemy: enemyOf(ctx, side), attackers: attackers.slice().sort(), noAp, forcedShift: noAp.length > 0, overrun: !!o.overrun, retreated: 0, targeted: [] };
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
  const b = { dis: [], morale: [], retreat: [] };
  const pm = ctx.rules.morale.predominant(F.targets, F.targets[0].side === c.side ? "attacker" : "defender");
  ctx.rules["combat-results"].effectsOf(c, F, { dis: res.dis || "-", retreat: res.retreat || "-", morale: res.morale || "-", pm }, b);
  S.queue = b.dis.concat(b.morale).concat(b.retreat).concat([{ k: "advance", ci: 0 }, { k: "stack" }, { k: "drop" }]).concat(S.queue || []);
  pump(ctx);
  return { retreated: c.retreated };
}

// For the console and for tests: resolves one combat at once, outside the activation, choosing
// the first offered action wherever an owner would choose (`opts.ask`: ask them instead). `opts.forced`:
// a Forced Combat (1L for attackers without APs). Returns the state of the units afterwards.
export function resolveNow(ctx, hex, attackers, opts) {
  const S = W(ctx);
  if (S.imp && S.imp.resolving) throw new Error("a Combat Impulse is being resolved");
  const side = ctx.piece(attackers[0]).side;
  const imp = { side, enemy: enemyOf(ctx, side), forced: !!(opts && opts.forced), pool: attackers.slice(), combats: [{ hex, attackers: attackers.slice() }], auto: !(opts && opts.ask) };
  const defenders = ids(unitsAt(ctx, hex).filter((p) => p.side !== side));
  startResolution(ctx, imp);
  pump(ctx);
  const out = {};
  for (const id of attackers.concat(defenders).sort()) {
    const p = ctx.piece(id);
    out[id] = { hex: p.hex, at: p.at || "map", disrupted: !!p.disrupted, morale: onMap(p) ? ctx.rules.morale.moraleOf(p) : null, box: p.box || null };
  }
  return out;
}
