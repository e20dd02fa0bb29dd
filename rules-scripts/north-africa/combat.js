// North Africa standard rules 7.0 Combat: 7.1 which units attack (7.11-7.15), 7.2 multiple unit and
// multi-hex combat (7.21-7.23), 7.3 unity, 7.4 terrain (7.41-7.46), 7.5 diversionary attacks (7.52),
// 7.6 resolution (7.62), 7.7 retreat (7.71-7.76), 7.8 displacement (7.81-7.83), 7.9 advance after
// combat (7.91-7.97); with the parts of other rules that act inside a combat: 8.13-8.15, 8.22,
// 8.31-8.33, 8.45-8.46, 8.62 (artillery), 9.0 (ground support), 10.21-10.22 and 10.31-10.33
// (minefields, fortified boxes), 11.11-11.15 (anti-tank line), 12.24 and 12.33 (supply).
// Tables: tables/north-africa/combat-terrain.yaml (this section's), crt.yaml (crt section).
//
// ACTION SHAPES
// Decision `attacks` (the phasing player, step combat.attacks). Attacks are built one at a time:
//   idle:      {do: "attack", hex}                 start an attack on the enemy unit(s) in `hex`
//              {do: "done"}                        end the Combat Phase (refused while a mandatory
//                                                  attack remains: 7.11, 7.12, 7.21)
//   building:  {do: "add-defender", hex}           another enemy hex (7.23: every attacker chosen
//                                                  so far is adjacent to it; 8.13: needs one
//                                                  adjacent attacker first)
//              {do: "add-attacker", unit}          a unit adjacent to every defender hex (adjacent
//                                                  artillery attacks with its barrage, 8.31)
//              {do: "add-barrage", unit}           non-adjacent artillery in range of a defender
//                                                  hex (8.11-8.13, 8.22)
//              {do: "add-ground-support", points}  1..the points left (9.0, 9.12)
//              {do: "resolve"}                     announce the attack; the defender may then add
//                                                  FPF (interrupt `fpf`), then the die is rolled
//              {do: "cancel"}                      drop the attack being built (nothing is spent)
//   whole:     {do: "resolve", defenders: [hex], attackers: [id], barrage: [id], gs}
//                                                  an attack stated at once, not listed but
//                                                  accepted when idle: checked as its steps
//                                                  would be (attack, add-attacker, add-defender,
//                                                  add-barrage, add-ground-support, resolve), then
//                                                  announced. A save or a bot states a whole
//                                                  attack in one action
// Decision `fpf` (interrupt, the non-phasing player; 8.4, 8.46, 9.0):
//              {do: "fpf", unit} | {do: "fpf-ground-support", points} | {do: "fpf-done"}
// Decision `retreat` (interrupt, the owner of the retreating units; 7.7, 7.8):
//              {do: "retreat", unit, path: [hex, ...]}                 the hexes entered, in order
//              {do: "retreat", unit, path: [...], eliminated: true}    cannot retreat the full
//                                                                      distance: lost in the last hex (7.74)
//              {do: "displace", unit, to}          a friendly unit in the way moves one hex (7.81-7.82)
// Decision `advance` (interrupt, the victor; 7.9):
//              {do: "advance", unit, to}           `to` is where the unit ends its advance
//              {do: "stop"}                        no (further) advance
// Where a retreat or an advance leaves no choice it is carried out without asking.
//
// STATE (state.combat): {phase, side, build, fight, after, lastEnd}
//   phase  - Combat Phases begun so far (8.41 compares it with pieces' `adverse` and `fpfUsed`)
//   build  - the attack being composed: {defenders: [hex], attackers: [id], barrage: [id], gs,
//            feasible: whether every mandatory attack could still be made when it was begun}
//   fight  - the attack being resolved: its units, announced strength, line, result, and the
//            paths of retreat of the losing side (7.91)
//   after  - the queue of retreats and advances still to carry out; a step waiting for its owner's
//            choice keeps the choice offered (`opts`, and `routes` for advances)
//   lastEnd - {phase, side, unmet}: what the end of the last Combat Phase left unmet (checks)
// Queries (actions, prompts, refusals, mandatory, obligations) never write the state.
// Piece flags this section sets (reset in beginPhase): attacked, defended, displaced, retreated,
// advanced; fpfUsed and adverse hold Combat Phase numbers; noFpf follows 8.41.

// ---------------------------------------------------------------- small helpers

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

function enemyOf(ctx, side) {
  for (const s of ctx.sides) if (s !== side) return s;
  return null;
}

// state.combat for reading: queries (actions, prompts, refusals, mandatory) never write the state,
// so asking them as often as one likes changes nothing.
function C(ctx) {
  return ctx.state.combat || { phase: 0, side: ctx.active, build: null, fight: null, after: [], lastEnd: null };
}

// state.combat for writing (created if a scenario starts past the beginning of the Combat Phase).
function W(ctx) {
  const s = ctx.state;
  if (!s.combat) s.combat = { phase: 0, side: ctx.active, build: null, fight: null, after: [], lastEnd: null };
  if (!s.eliminated) s.eliminated = [];
  return s.combat;
}

function fmt(d) {
  return d > 0 ? "+" + d : String(d);
}

function ids(list) {
  return list.map((p) => p.id);
}

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

// 7.72, 5.25 (retreat-reading): may a unit retreat or advance from a into b across their hexside
// and into b's terrain? As a function for loops, reading the board's hexside masks.
function passableFn(ctx) {
  const board = ctx.rules.setup.board(), bit = (f) => ctx.rules.setup.bit(board, f);
  const closed = ctx.tables.movement["closed-hexes"].closed;
  const closedT = board.terrains.map((t) => closed.indexOf(t) >= 0);
  const prohibited = bit("prohibited"), escarpment = bit("escarpment"), track = bit("road") | bit("trail");
  return (a, b) => {
    if (closedT[board.terr[ctx.map.index(b)]]) return false;                   // 7.72: prohibited hex, sea
    const d = ctx.map.direction(a, b);
    const m = d < 0 ? 0 : board.mask[ctx.map.index(a) * 6 + d];
    if (m & prohibited) return false;                                          // 7.72: prohibited hexside
    if ((m & escarpment) && !(m & track)) return false;                        // 5.25: only by road or trail
    return true;
  };
}

// ---------------------------------------------------------------- the phase

// 4.1B: start of a Combat Phase. Per-phase flags of both sides are cleared; 8.41's memory of the
// previous Combat Phase is kept in `adverse` (the phase number of the last adverse result).
export function beginPhase(ctx) {
  const c = W(ctx);
  c.phase = (c.phase || 0) + 1;
  c.side = ctx.active;
  c.build = null;
  c.fight = null;
  c.after = [];
  for (const p of ctx.piecesById()) {
    p.attacked = false;
    p.defended = false;
    p.displaced = false;
    p.retreated = false;
    p.advanced = false;
    p.declined = false;
    // 8.41: a combat result suffered in the previous Combat Phase bars FPF in this one
    p.noFpf = p.artillery ? p.adverse === c.phase - 1 : false;
  }
  ctx.trace({ rule: "4.1B", text: "Combat Phase " + c.phase + ": " + ctx.active + " attacks" });
}

// 4.1B: end of the Combat Phase. Every mandatory attack that could still be made has been made
// (attacks refuses `done` otherwise); what could not be made any more is recorded and traced.
export function endPhase(ctx) {
  const c = W(ctx);
  const M = model(ctx);
  const unmet = unmetOf(ctx, M);
  const waived = waivedOf(ctx, M);
  c.lastEnd = { phase: c.phase, side: ctx.active, unmet: unmet.map((u) => u.text) };
  for (const w of waived) {
    ctx.trace({ rule: w.rule, result: "waived", text: w.text + ": no attack can meet it any more (the units able to attack it have attacked, moved or gone)" });
  }
  // 10.21 and Crusader 17.1: units that used an exemption made no attack and keep their zone of control
  for (const id of M.declined) {
    const p = ctx.piece(id);
    p.declined = true;
    ctx.trace({ rule: M.declinedRule[id], text: id + " used its exemption: no attack, no advance this phase (it keeps its zone of control)" });
  }
  c.build = null;
  c.fight = null;
  c.after = [];
}

// ---------------------------------------------------------------- exemptions (7.46, 10.21, 17.1)

// 10.21 and any section's combatExemption (Crusader 17.1): may `attacker` leave `defender`
// unattacked? The first exemption found, asking the sections in name order, or null.
export function exemption(ctx, attacker, defender) {
  return exemptions(ctx)(attacker, defender);
}

// exemptions(): exemption(attacker, defender) as a function, for loops: the sections are looked up
// once per rules context, and they are handed the minefield owners as a function too (their third
// argument). The sections judge the position when asked, so the function serves every position.
export function exemptions(ctx) {
  return ctx.once("exemptions", () => exemptionsNow(ctx));
}

function exemptionsNow(ctx) {
  const hooks = Object.keys(ctx.rules).filter((n) => n !== "combat" && typeof ctx.rules[n].combatExemption === "function")
    .sort().map((n) => ctx.rules[n].combatExemption);
  const owners = ctx.rules.minefields.ownerOf();
  return (attacker, defender) => {
    for (const f of hooks) {
      const r = f(attacker, defender, owners);
      if (r) return r;
    }
    return null;
  };
}

// ---------------------------------------------------------------- mandatory combat (7.11, 7.12, 7.21)
//
// The obligations at the current position:
//   7.12, 8.31: an able phasing unit (not yet attacked, not advanced, not displaced artillery) next to
//     an enemy unit must attack, unless every enemy unit next to it is across an exemption (10.21,
//     17.1): then it may decline.
//   7.11, 7.21: an enemy unit not yet attacked must be attacked when it is next to a phasing unit
//     that must attack or has attacked this phase (and did not advance, 7.96). A unit that uses an
//     exemption brings no obligation; one that attacks brings all its neighbours in (10.21).
// An attack may be committed only if the remaining obligations can still all be met (a search over
// the units involved, by connected groups); finishing is refused while any obligation that some
// attack could still meet remains.

// The position as the obligations see it: worked out once per position while nothing may change
// it (ctx.memo; the attack being built is not part of it), and passed down. The position stands
// while an attack is built, so the model is kept beside that attack (ctx.keep) until it is
// resolved or dropped. Never written into, but for its cache of feasibility answers.
function model(ctx) {
  return ctx.memo("model", () => {
    const b = ctx.state.combat && ctx.state.combat.build;
    return b ? ctx.keep(b, "model", () => modelNow(ctx)) : modelNow(ctx);
  });
}

// model() as the question that accepted an action saw it, while the action applies
// (ctx.memoBefore: read before any write).
function modelBefore(ctx) {
  return ctx.memoBefore("model", () => model(ctx));
}

// feasible() for the obligations left after committing attack `b` ({attackers, barrage, defenders
// (enemy ids), gs}; null: none), answered once per model: a bot and the legal actions ask the same.
function feasibleAfter(ctx, M, b) {
  const key = b ? b.attackers.slice().sort().join(",") + "|" + b.barrage.slice().sort().join(",") + "|" + b.defenders.slice().sort().join(",") + "|" + (b.gs || 0) : "";
  let r = M.feasibleAfter.get(key);
  if (r === undefined) { r = feasible(ctx, M, problem(ctx, M, b)); M.feasibleAfter.set(key, r); }
  return r;
}

function modelNow(ctx) {
  const side = ctx.active;
  const enemy = enemyOf(ctx, side);
  const phasing = [];
  const enemyByHex = new Map();      // hex -> enemy units there
  const byHex = new Map();           // hex -> phasing units there
  const E = {};
  const add = (m, hex, p) => { const l = m.get(hex); if (l) l.push(p); else m.set(hex, [p]); };
  for (const p of ctx.piecesById()) {
    if (!onMap(p)) continue;
    if (p.side === side) { phasing.push(p); add(byHex, p.hex, p); }
    else {
      add(enemyByHex, p.hex, p);
      if (!p.defended) E[p.id] = p;
    }
  }
  const M = {
    side, enemy, E, enemyByHex, byHex,
    adj: {},            // able or attacked phasing unit -> unattacked enemy ids it may fight
    radj: {},           // unattacked enemy id -> able phasing units next to it
    reach: new Set(),   // enemy hexes an able unit may attack from an adjacent hex (7.15)
    able: {},           // id -> true: may still attack (7.14, 7.96, 7.82)
    ra: [],             // must attack (7.12, 8.31)
    rd: {},             // enemy id -> rule: must be attacked (7.11, 7.21)
    arty: [],           // artillery able to barrage (8.11, 8.32)
    declined: [],       // able units whose every neighbour is across an exemption, not attacking
    declinedRule: {},
    gs: ctx.rules["ground-support"].available(side),
    pieces: {},
    feasibleAfter: new Map(),   // feasibleAfter()'s answers: a cache, not the position
  };
  const exemption = exemptions(ctx);
  for (const p of phasing) {
    M.pieces[p.id] = p;
    if (p.advanced) continue;                                   // 7.96: no attack, no obligation
    const all = [];
    for (const h of ctx.map.neighbors(p.hex)) {
      const list = enemyByHex.get(h);
      if (list && combatAllowed(ctx, p.hex, h)) for (const e of list) all.push(e);   // 7.46
    }
    const able = !p.attacked && !(p.artillery && p.displaced);  // 7.14, 7.82
    if (able) M.able[p.id] = true;
    if (all.length === 0) {
      if (able && p.artillery) M.arty.push(p.id);                 // 8.11: may barrage
      continue;
    }
    M.adj[p.id] = all.filter((e) => !e.defended).map((e) => e.id);
    if (able) {
      for (const e of M.adj[p.id]) { (M.radj[e] = M.radj[e] || []).push(p.id); M.reach.add(M.E[e].hex); }
    }
    if (p.attacked) {
      for (const e of M.adj[p.id]) if (!M.rd[e]) M.rd[e] = "7.21";   // 7.21: left for another attacker
      continue;
    }
    if (!able) continue;
    // 10.21, 17.1: a unit whose every neighbour is across an exemption may decline to attack
    let exempt = null;
    for (const e of all) {
      const x = exemption(p, e);
      if (!x) { exempt = null; break; }
      exempt = exempt || x;
    }
    if (exempt) {
      M.declined.push(p.id);
      M.declinedRule[p.id] = exempt.rule || "10.21";
      continue;
    }
    M.ra.push(p.id);                                              // 7.12, 8.31
    for (const e of M.adj[p.id]) if (!M.rd[e] || M.rd[e] === "7.21") M.rd[e] = "7.11";
  }
  return M;
}

// Which units must attack and which must be attacked now: {attackers, defenders, exempt}.
export function mandatory(ctx, side) {
  if (side && side !== ctx.active) return { attackers: [], defenders: [], exempt: [] };
  const M = model(ctx);
  return { attackers: M.ra.slice(), defenders: Object.keys(M.rd).sort(), exempt: M.declined.slice() };
}

// Obligations some attack could still meet (each {id, rule, text}).
function unmetOf(ctx, M) {
  const out = [];
  for (const a of M.ra) {
    if (M.adj[a].length) out.push({ id: a, rule: M.pieces[a].artillery ? "8.31" : "7.12", text: a + " must attack an adjacent enemy unit" });
  }
  for (const e of Object.keys(M.rd).sort()) {
    if (coverable(ctx, M, e)) out.push({ id: e, rule: M.rd[e], text: e + " must be attacked" });
  }
  return out;
}

// Obligations no attack can meet any more (traced as waived at the end of the phase).
function waivedOf(ctx, M) {
  const out = [];
  for (const a of M.ra) if (!M.adj[a].length) out.push({ rule: "7.12", text: a + " must attack but every enemy unit next to it has been attacked" });
  for (const e of Object.keys(M.rd).sort()) if (!coverable(ctx, M, e)) out.push({ rule: M.rd[e], text: e + " should be attacked" });
  return out;
}

// Can some attack still be made on enemy `e`: an able unit next to it, artillery in range, or
// ground support points (9.13: any range)?
function coverable(ctx, M, e) {
  if (M.gs > 0) return true;
  if (M.radj[e] && M.radj[e].length) return true;
  const hex = M.E[e].hex;
  for (const a of M.arty) if (ctx.rules.artillery.inRange(M.pieces[a], hex)) return true;
  return false;
}

// The mandatory attacks still open at this position, as text.
export function obligations(ctx) {
  return unmetOf(ctx, model(ctx)).map((u) => u.text + " (" + u.rule + ")");
}

// Can every mandatory attack still open be made from this position (7.11, 7.12, 7.21)? true,
// false, or null when the search ran out of budget: what an attack begun now records as feasible.
export function obligationsFeasible(ctx) {
  const M = model(ctx);
  return feasibleAfter(ctx, M, null);
}

// One attack that keeps every other mandatory attack possible (7.11, 7.12, 7.21), as the
// feasibility search found it: {defenders: [hex], attackers: [id], barrage: [id], gs}, or null
// when there is no obligation left, none can be met, or the search ran out of budget. A player
// (or a bot) that cannot see a way through the obligations can start from it.
export function witnessAttack(ctx) {
  const M = model(ctx);
  const out = {};
  if (feasible(ctx, M, problem(ctx, M, null), out) !== true || !out.step) return null;
  const hexes = {};
  for (const e of out.step.defenders) hexes[M.E[e].hex] = true;
  return { defenders: Object.keys(hexes).sort(), attackers: out.step.attackers.slice().sort(), barrage: out.step.barrage.slice().sort(), gs: out.step.gs };
}

// For the invariants (checks section): what the end of the last Combat Phase left unmet (empty
// when every mandatory attack was made, 7.11, 7.12).
export function unmetAttacks(ctx) {
  return unmetObligations(ctx);
}

export function unmetObligations(ctx) {
  const c = ctx.state.combat;
  if (!c || !c.lastEnd) return [];
  return c.lastEnd.unmet.map((t) => "Combat Phase " + c.lastEnd.phase + " (" + c.lastEnd.side + "): " + t + " (7.11, 7.12)");
}

// ---- the feasibility search

const SEARCH_BUDGET = 4000;

// What the search needs of a model, worked out once per model: every unit it may name numbered in
// id order (ids[n], num), each unit's kind (0 may attack, 1 enemy, 2 artillery free to barrage),
// each attacker's enemies as numbers in the model's order, and artillery ranges asked once a pair.
function searchBase(ctx, M) {
  if (M.search) return M.search;
  const attAll = Object.keys(M.adj).filter((a) => M.able[a]).sort();
  const ids = Object.keys(M.E).concat(attAll, M.arty).sort();
  const num = new Map(), N = ids.length;
  ids.forEach((id, i) => num.set(id, i));
  const kind = new Uint8Array(N).fill(1);
  for (const a of attAll) kind[num.get(a)] = 0;
  for (const a of M.arty) kind[num.get(a)] = 2;
  const adj = [];
  for (const a of attAll) adj[num.get(a)] = M.adj[a].map((e) => num.get(e));
  const range = new Uint8Array(N * N);                // 0 not asked, 1 in range, 2 out of range
  const inRange = (r, e) => {
    let v = range[r * N + e];
    if (v === 0) v = range[r * N + e] = ctx.rules.artillery.inRange(M.pieces[ids[r]], M.E[ids[e]].hex) ? 1 : 2;
    return v === 1;
  };
  M.search = {
    ids, num, kind, adj, inRange,
    att: attAll, ra: M.ra.slice().sort(), rd: Object.keys(M.rd).sort(), arty: M.arty.slice().sort(), en: new Set(Object.keys(M.E)),
  };
  return M.search;
}

// The obligations, from the model, optionally after committing attack `b` ({attackers, barrage,
// defenders (enemy ids), gs}): att (may attack), ra (must attack), rd (must be attacked), arty (may
// barrage) as sorted ids, en (not yet attacked) as a set, adj each attacker's enemies, gs points left.
function problem(ctx, M, b) {
  const B = searchBase(ctx, M);
  if (!b) return { att: B.att, ra: B.ra, rd: B.rd, arty: B.arty, en: B.en, adj: M.adj, gs: M.gs };
  const out = (list, drop) => (drop.length ? list.filter((x) => drop.indexOf(x) < 0) : list);
  const en = new Set(B.en);
  for (const d of b.defenders) en.delete(d);
  const rd = new Set(out(B.rd, b.defenders));
  for (const a of b.attackers) for (const e of M.adj[a] || []) if (en.has(e)) rd.add(e);   // 7.21, 10.21: all its neighbours
  return { att: out(B.att, b.attackers), ra: out(B.ra, b.attackers), rd: Array.from(rd).sort(), arty: out(B.arty, b.barrage), en, adj: M.adj,
    gs: M.gs - (b.gs || 0) };
}

// Can every obligation of P be met? true, false, or null when the search ran out of budget.
// The search works on numbers: each unit is numbered in id order, so sorting numbers sorts ids.
// The obligations split into groups that share no unit (attackers and enemies linked by adjacency,
// artillery by range), taken in the order of their first unit (attackers, then enemies, in id order).
function feasible(ctx, M, P, out) {
  if (!P.rd.length && !P.ra.length) return true;
  const B = searchBase(ctx, M), N = B.ids.length, num = B.num;
  const parent = new Int32Array(N).fill(-1);
  const node = (x) => { if (parent[x] < 0) parent[x] = x; };
  const find = (x) => { while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; } return x; };
  const join = (a, b) => { const ra = find(a), rb = find(b); if (ra !== rb) { if (ra < rb) parent[rb] = ra; else parent[ra] = rb; } };
  for (const a of P.att) {
    const an = num.get(a);
    node(an);
    for (const e of P.adj[a]) if (P.en.has(e)) { const en = num.get(e); node(en); join(an, en); }
  }
  const rdNums = P.rd.map((e) => num.get(e));
  for (const e of rdNums) node(e);
  for (const a of P.arty) {
    const an = num.get(a);
    for (const e of rdNums) if (B.inRange(an, e)) { node(an); join(an, e); }
  }
  const ra = new Set(P.ra), rd = new Set(P.rd);
  const groups = new Map();
  for (let n = 0; n < N; n++) {
    if (parent[n] < 0) continue;
    const r = find(n);
    let g = groups.get(r);
    if (!g) groups.set(r, g = { att: [], en: [], arty: [], ra: [], rd: [] });
    const k = B.kind[n];
    if (k === 0) { g.att.push(n); if (ra.has(B.ids[n])) g.ra.push(n); }
    else if (k === 1) { g.en.push(n); if (rd.has(B.ids[n])) g.rd.push(n); }
    else g.arty.push(n);
  }
  // a group's first unit: its first attacker, else its first enemy (artillery joins only enemies)
  const first = (g) => (g.att.length ? g.att[0] : N + g.en[0]);
  const order = Array.from(groups.values()).sort((x, y) => first(x) - first(y));
  const env = { adj: B.adj, inRange: B.inRange };
  let gsLeft = P.gs;
  let unknown = false;
  for (const g of order) {
    if (!g.ra.length && !g.rd.length) continue;
    let ok = false;
    // the fewest ground support points this group needs (usually none)
    for (let k = 0; k <= Math.max(0, gsLeft); k++) {
      const budget = { n: SEARCH_BUDGET, out: false };
      const step = out && !out.step ? {} : null;
      const res = solve(env, { ra: g.ra, rd: g.rd, att: g.att, en: g.en, arty: g.arty }, k, new Map(), budget, step);
      if (budget.out) { unknown = true; ok = true; break; }
      if (res) {
        ok = true;
        gsLeft -= k;
        // the first attack of the plan the search found, in unit ids
        if (step && step.step) out.step = { attackers: step.step.attackers.map((n) => B.ids[n]), defenders: step.step.defenders.map((n) => B.ids[n]),
          barrage: step.step.arty.map((n) => B.ids[n]), gs: step.step.gs };
        break;
      }
    }
    if (!ok) return false;
  }
  return unknown ? null : true;
}

function minus(list, drop) {
  return list.filter((x) => drop.indexOf(x) < 0);
}

function union(list, add) {
  const out = list.slice();
  for (const x of add) if (out.indexOf(x) < 0) out.push(x);
  return out.sort((a, b) => a - b);
}

function subsets(list, mustHave) {
  // every subset of `list` (that contains `mustHave` when given), largest first
  const out = [];
  const n = list.length;
  for (let m = (1 << n) - 1; m >= 1; m--) {
    const s = [];
    for (let i = 0; i < n; i++) if (m & (1 << i)) s.push(list[i]);
    if (mustHave !== undefined && s.indexOf(mustHave) < 0) continue;
    out.push(s);
  }
  out.sort((a, b) => b.length - a.length);
  return out;
}

// The obligations of one group: ra (must attack), rd (must be attacked), att (may attack), en
// (not yet attacked), arty (may barrage), as sorted unit numbers; k ground support points to use.
function solve(env, S, k, memo, budget, out) {
  if (!S.ra.length && !S.rd.length) return true;
  if (--budget.n < 0) { budget.out = true; return true; }
  const key = S.ra.join(",") + "|" + S.rd.join(",") + "|" + S.att.join(",") + "|" + S.en.join(",") + "|" + S.arty.join(",") + "|" + k;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const nbOf = (a) => env.adj[a].filter((e) => S.en.indexOf(e) >= 0);
  let ok = false;
  if (S.ra.length) {
    // a unit that must attack: the one with the fewest enemies left to attack
    let a = null, best = Infinity;
    for (const x of S.ra) { const n = nbOf(x).length; if (n < best) { best = n; a = x; } }
    const nb = nbOf(a);
    for (const D of subsets(nb)) {
      const co = S.ra.filter((b) => b !== a && S.att.indexOf(b) >= 0 && D.every((d) => env.adj[b].indexOf(d) >= 0));
      for (const J of [[]].concat(subsets(co)).sort((x, y) => y.length - x.length)) {
        const group = [a].concat(J);
        let rd = S.rd;
        for (const g of group) rd = union(rd, nbOf(g));
        const next = { ra: minus(S.ra, group), rd: minus(rd, D), att: minus(S.att, group), en: minus(S.en, D), arty: S.arty };
        if (solve(env, next, k, memo, budget)) { ok = true; if (out) out.step = { attackers: group, defenders: D, arty: [], gs: 0 }; break; }
      }
      if (ok) break;
    }
  } else {
    // an enemy unit that must be attacked: barrage, ground support, or a unit free to attack it
    const e = S.rd[0];
    for (const r of S.arty) {
      if (!env.inRange(r, e)) continue;
      if (solve(env, { ra: S.ra, rd: minus(S.rd, [e]), att: S.att, en: minus(S.en, [e]), arty: minus(S.arty, [r]) }, k, memo, budget)) {
        ok = true;
        if (out) out.step = { attackers: [], defenders: [e], arty: [r], gs: 0 };
        break;
      }
    }
    if (!ok && k > 0) {
      ok = solve(env, { ra: S.ra, rd: minus(S.rd, [e]), att: S.att, en: minus(S.en, [e]), arty: S.arty }, k - 1, memo, budget);
      if (ok && out) out.step = { attackers: [], defenders: [e], arty: [], gs: 1 };
    }
    if (!ok) {
      for (const b of S.att) {
        const nb = nbOf(b);
        if (nb.indexOf(e) < 0) continue;
        for (const D of subsets(nb, e)) {
          const next = { ra: S.ra, rd: minus(union(S.rd, nb), D), att: minus(S.att, [b]), en: minus(S.en, D), arty: S.arty };
          if (solve(env, next, k, memo, budget)) { ok = true; if (out) out.step = { attackers: [b], defenders: D, arty: [], gs: 0 }; break; }
        }
        if (ok) break;
      }
    }
  }
  memo.set(key, ok);
  return ok;
}

// Why committing `b` would break the obligations (for `why`), as {reason, rule}.
function blameAfter(ctx, M, b) {
  const P = problem(ctx, M, b);
  for (const a of P.ra) {
    if (!P.adj[a].some((e) => P.en.has(e))) {
      return { rule: M.pieces[a].artillery ? "8.31" : "7.12", reason: a + " must attack, and every enemy unit next to it would have been attacked without it: include it in this attack" };
    }
  }
  for (const e of P.rd) {
    const free = P.att.some((a) => P.adj[a].indexOf(e) >= 0);
    const arty = P.arty.some((a) => ctx.rules.artillery.inRange(M.pieces[a], M.E[e].hex));
    if (!free && !arty && P.gs <= 0) {
      return { rule: "7.21", reason: e + " is next to an attacking unit and no other unit could attack it afterwards: include it in this attack" };
    }
  }
  return { rule: "7.21", reason: "after this attack the remaining mandatory attacks (7.11, 7.12) could no longer all be made" };
}

// ---------------------------------------------------------------- composing an attack

// The attacks `b` may start or extend, and whether it may be resolved.
function enemiesIn(M, hex) {
  return (M.enemyByHex.get(hex) || []).filter((e) => !e.defended);
}

function targetable(ctx, M, hex) {
  if (!enemiesIn(M, hex).length) return false;
  if (M.gs > 0) return true;                                   // 9.13
  if (M.reach.has(hex)) return true;                               // 7.15
  for (const a of M.arty) if (ctx.rules.artillery.inRange(M.pieces[a], hex)) return true;   // 8.11
  return false;
}

function canAddAttacker(ctx, M, b, p) {
  if (!p || p.side !== M.side || !onMap(p)) return { rule: "7.11", reason: "no phasing unit " + (p ? p.id : "") + " on the map" };
  if (b.attackers.indexOf(p.id) >= 0 || b.barrage.indexOf(p.id) >= 0) return { rule: "7.3", reason: p.id + " is already in this attack" };
  if (p.attacked) return { rule: "7.14", reason: p.id + " has already attacked this Combat Phase" };
  if (p.advanced) return { rule: "7.96", reason: p.id + " advanced after combat and may not attack again this phase" };
  if (p.artillery && p.displaced) return { rule: "7.82", reason: p.id + " was displaced before it fired and may not fire this Combat Phase" };
  for (const h of b.defenders) {
    if (!ctx.map.adjacent(p.hex, h)) return { rule: "7.23", reason: p.id + " is not adjacent to " + h + ": every attacker must be adjacent to every defender (barraging artillery excepted)" };
    if (!combatAllowed(ctx, p.hex, h)) return { rule: "7.46", reason: p.id + " faces " + h + " across an escarpment hexside with no road or trail: no combat there" };
  }
  return null;
}

function canAddBarrage(ctx, M, b, p) {
  if (!p) return { rule: "8.0", reason: "no such artillery unit" };
  if (b.attackers.indexOf(p.id) >= 0 || b.barrage.indexOf(p.id) >= 0) return { rule: "7.3", reason: p.id + " is already in this attack" };
  const cb = ctx.rules.artillery.canBarrage(p);
  if (!cb.ok) return { rule: cb.rule, reason: cb.reason };
  // 8.13, 8.22: a single hex, unless combined with units attacking from adjacent hexes
  if (b.defenders.length > 1 && b.attackers.length === 0) return { rule: "8.13", reason: "a barrage hits a single hex unless units attack from adjacent hexes too" };
  for (const h of b.defenders) if (ctx.rules.artillery.inRange(p, h)) return null;
  return { rule: "8.11", reason: p.id + " (range " + p.range + ") cannot reach " + b.defenders.join(", ") + " (range counts the target hex, not its own, 8.12)" };
}

function canAddDefender(ctx, M, b, hex) {
  if (b.defenders.indexOf(hex) >= 0) return { rule: "7.23", reason: hex + " is already a defender of this attack" };
  if (!ctx.map.has(hex) || !enemiesIn(M, hex).length) return { rule: "7.14", reason: "no enemy unit in " + hex + " that has not been attacked this phase" };
  // 8.13: more than one hex needs a unit attacking from an adjacent hex
  if (!b.attackers.length) return { rule: "8.13", reason: "add an adjacent attacker first: an attack on several hexes needs units attacking from adjacent hexes" };
  for (const a of b.attackers) {
    const p = ctx.piece(a);
    if (!combatAllowed(ctx, p.hex, hex)) return { rule: "7.23", reason: a + " is not adjacent to " + hex + " (or faces it across an escarpment, 7.46): every attacker must be adjacent to every defender" };
  }
  return null;
}

function defenderIds(ctx, M, b) {
  const out = [];
  for (const h of b.defenders) for (const e of enemiesIn(M, h)) out.push(e.id);
  return out.sort();
}

// May `b` be resolved now? null or {rule, reason}.
function resolveRefusal(ctx, M, b, curFeasible) {
  if (!b.attackers.length && !b.barrage.length && !(b.gs > 0)) {
    return { rule: "7.0", reason: "add at least one attacking unit, artillery barrage or ground support point" };
  }
  if (b.defenders.length > 1 && !b.attackers.length) return { rule: "8.13", reason: "an attack on several hexes needs units attacking from adjacent hexes" };
  // 7.11, 7.12, 7.21: the remaining obligations must stay possible
  if (curFeasible === true) {
    const defs = defenderIds(ctx, M, b);
    const after = feasibleAfter(ctx, M, { attackers: b.attackers, barrage: b.barrage, defenders: defs, gs: b.gs });
    if (after === false) return blameAfter(ctx, M, { attackers: b.attackers, barrage: b.barrage, defenders: defs, gs: b.gs });
  }
  return null;
}

// {do: "resolve"} naming its defenders is a whole attack; without them it resolves the one built.
function isWhole(a) { return a.do === "resolve" && a.defenders !== undefined; }

// A whole attack ({do: "resolve", defenders, attackers, barrage, gs}) may be made now if each of
// its steps would be allowed in turn: the first defender hex attacked, the attackers added, the
// other defender hexes, the barrage, the ground support, then resolved. null, or {rule, reason}
// of the first step refused.
export function wholeAttackRefusal(ctx, a) {
  const b0 = C(ctx).build;
  if (b0) return { rule: "7.0", reason: "an attack on " + b0.defenders.join(", ") + " is being built: resolve or cancel it first" };
  const ids = (x) => (x === undefined ? [] : Array.isArray(x) && x.every((v) => typeof v === "string") ? x : null);
  const defs = ids(a.defenders), atts = ids(a.attackers), bar = ids(a.barrage);
  if (!defs || !atts || !bar) return { rule: "7.0", reason: "a whole attack is {do: \"resolve\", defenders: [hex], attackers: [unit id], barrage: [unit id], gs: points}" };
  if (!defs.length) return { rule: "7.0", reason: "a whole attack names at least one defender hex" };
  const gs = a.gs === undefined ? 0 : a.gs;
  if (!Number.isInteger(gs) || gs < 0) return { rule: "9.0", reason: "ground support is a whole number of points (" + JSON.stringify(a.gs) + ")" };
  const M = model(ctx);
  if (!targetable(ctx, M, defs[0])) return attacks.why(ctx, { do: "attack", hex: defs[0] });
  const b = { defenders: [defs[0]], attackers: [], barrage: [], gs: 0 };
  for (const id of atts) {
    const p = ctx.piece(id);
    const r = p ? canAddAttacker(ctx, M, b, p) : { rule: "7.0", reason: "no unit " + id };
    if (r) return r;
    b.attackers.push(id);
  }
  for (const h of defs.slice(1)) {
    const r = canAddDefender(ctx, M, b, h);
    if (r) return r;
    b.defenders.push(h);
  }
  for (const id of bar) {
    const p = ctx.piece(id);
    const r = p ? canAddBarrage(ctx, M, b, p) : { rule: "8.0", reason: "no unit " + id };
    if (r) return r;
    if (M.arty.indexOf(id) < 0) return { rule: "8.11", reason: id + " may not barrage now" };
    b.barrage.push(id);
  }
  if (gs > M.gs) return { rule: "9.0", reason: ctx.active + " has " + M.gs + " ground support point" + (M.gs === 1 ? "" : "s") + " left this Game-Turn, not " + gs };
  b.gs = gs;
  return resolveRefusal(ctx, M, b, feasibleAfter(ctx, M, null));
}

export const attacks = {
  rule: "7.0",
  prompt(ctx) {
    const b = C(ctx).build;
    if (!b) return ctx.active + ": choose an enemy hex to attack, or end the Combat Phase once every mandatory attack is made (7.11, 7.12)";
    return ctx.active + ": attack on " + b.defenders.join(", ") + " with " +
      (b.attackers.concat(b.barrage).join(", ") || "nothing yet") + (b.gs ? " + " + b.gs + " ground support" : "") +
      ": add units, artillery or ground support, then resolve";
  },
  actions(ctx) {
    const c = C(ctx);
    const M = model(ctx);
    const out = [];
    const b = c.build;
    if (!b) {
      const hexes = Array.from(M.enemyByHex.keys()).sort();
      for (const h of hexes) if (targetable(ctx, M, h)) out.push({ do: "attack", hex: h });
      if (!unmetOf(ctx, M).length) out.push({ do: "done" });
      if (!out.length) out.push({ do: "done" });
      return out;
    }
    // building: every addition that keeps the attack legal
    // 7.23: another defender hex touches every attacker, so it lies next to the first one
    if (b.attackers.length) {
      const first = ctx.piece(b.attackers[0]).hex;
      for (const h of ctx.map.neighbors(first).slice().sort()) if (M.enemyByHex.has(h) && !canAddDefender(ctx, M, b, h)) out.push({ do: "add-defender", hex: h });
    }
    // 7.23: an attacker touches every defender hex, so it stands next to the first one
    const near = [];
    for (const h of ctx.map.neighbors(b.defenders[0])) for (const p of M.byHex.get(h) || []) if (M.able[p.id]) near.push(p.id);
    for (const a of near.sort()) if (!canAddAttacker(ctx, M, b, M.pieces[a])) out.push({ do: "add-attacker", unit: a });
    for (const a of M.arty) if (!canAddBarrage(ctx, M, b, M.pieces[a])) out.push({ do: "add-barrage", unit: a });
    for (let n = 1; n <= M.gs - (b.gs || 0); n++) out.push({ do: "add-ground-support", points: n });
    if (!resolveRefusal(ctx, M, b, b.feasible)) out.push({ do: "resolve" });
    out.push({ do: "cancel" });
    return out;
  },
  // a whole attack, stated at once (its steps are too many to list)
  accepts(ctx, a) { return isWhole(a) && !wholeAttackRefusal(ctx, a); },
  apply(ctx, a) {
    if (isWhole(a)) {
      // built as its steps would build it, then announced; the obligations as the check that
      // accepted it judged them, before anything is written
      const feasible = feasibleAfter(ctx, modelBefore(ctx), null);
      const c = W(ctx);
      c.build = { defenders: a.defenders.slice(), attackers: (a.attackers || []).slice(), barrage: (a.barrage || []).slice(), gs: a.gs || 0, feasible };
      announce(ctx);
      return;
    }
    const c = W(ctx);
    if (a.do === "done") {
      ctx.trace({ rule: "7.11", text: ctx.active + " ends the Combat Phase: every mandatory attack has been made" });
      ctx.done();
      return;
    }
    if (a.do === "attack") {
      // the position does not change while an attack is built: whether the obligations can all be
      // met now is worked out once (7.11, 7.12, 7.21), as the legal attacks saw it
      const M = modelBefore(ctx);
      c.build = { defenders: [a.hex], attackers: [], barrage: [], gs: 0, feasible: feasibleAfter(ctx, M, null) };
      return;
    }
    const b = c.build;
    if (a.do === "add-defender") b.defenders.push(a.hex);
    else if (a.do === "add-attacker") b.attackers.push(a.unit);
    else if (a.do === "add-barrage") b.barrage.push(a.unit);
    else if (a.do === "add-ground-support") b.gs = (b.gs || 0) + a.points;
    else if (a.do === "cancel") {
      ctx.trace({ rule: "7.0", text: "attack on " + b.defenders.join(", ") + " dropped before it was announced" });
      c.build = null;
    } else if (a.do === "resolve") announce(ctx);
  },
  why(ctx, a) {
    const c = C(ctx);
    // the position is modelled only for the refusals that read it (a bot asks about resolving often)
    let model_ = null;
    const M = () => model_ || (model_ = model(ctx));
    const b = c.build;
    if (!a || typeof a.do !== "string") return { rule: "7.0", reason: "an action is an object with a `do` field" };
    if (isWhole(a)) return wholeAttackRefusal(ctx, a);
    if (a.do === "done") {
      if (b) return { rule: "7.0", reason: "an attack is being built: resolve or cancel it first" };
      const u = unmetOf(ctx, M());
      if (u.length) return { rule: u[0].rule === "7.12" || u[0].rule === "8.31" ? "7.12" : "7.11", reason: "mandatory attacks remain: " + u.map((x) => x.text + " (" + x.rule + ")").join("; ") };
      return null;
    }
    if (a.do === "attack") {
      if (b) return { rule: "7.0", reason: "an attack on " + b.defenders.join(", ") + " is being built: resolve or cancel it first" };
      if (!a.hex || !ctx.map.has(a.hex)) return { rule: "7.0", reason: "no hex " + JSON.stringify(a.hex) + " on the map" };
      if (!(M().enemyByHex.get(a.hex) || []).length) return { rule: "7.0", reason: "no enemy unit in " + a.hex };
      if (!enemiesIn(M(), a.hex).length) return { rule: "7.14", reason: "the enemy unit in " + a.hex + " has already been attacked this Combat Phase" };
      return { rule: "7.15", reason: "no unit able to attack is adjacent to " + a.hex + " (or only across an escarpment, 7.46), no artillery can reach it (8.11) and no ground support points are left (9.0)" };
    }
    if (!b) return { rule: "7.0", reason: "choose an enemy hex to attack first ({do: \"attack\", hex})" };
    if (a.do === "add-defender") return canAddDefender(ctx, M(), b, a.hex);
    if (a.do === "add-attacker") return canAddAttacker(ctx, M(), b, ctx.piece(a.unit));
    if (a.do === "add-barrage") return canAddBarrage(ctx, M(), b, ctx.piece(a.unit));
    if (a.do === "add-ground-support") {
      const left = M().gs - (b.gs || 0);
      return { rule: "9.0", reason: ctx.active + " has " + left + " ground support point" + (left === 1 ? "" : "s") + " left to add this Game-Turn (whole points, at least one)" };
    }
    if (a.do === "resolve") return resolveRefusal(ctx, b.feasible === true ? M() : null, b, b.feasible);
    return { rule: "7.0", reason: "unknown combat action " + JSON.stringify(a.do) };
  },
};

// 4.1B a-c, 8.46: the attack is announced; the defender may answer with FPF, then it is resolved.
function announce(ctx) {
  const c = W(ctx);
  const b = c.build;
  const defs = [];
  for (const h of b.defenders) for (const e of ctx.piecesAt(h)) if (e.side !== ctx.active && onMap(e) && !e.defended) defs.push(e.id);
  defs.sort();
  c.build = null;
  c.fight = {
    side: ctx.active, enemy: enemyOf(ctx, ctx.active),
    defenders: defs, defenderHexes: b.defenders.slice(),
    attackers: b.attackers.slice(), barrage: b.barrage.slice(), gs: b.gs || 0,
    fpf: [], fpfGs: 0, lost: {},
  };
  const f = c.fight;
  // 8.46, 12.0: the attack strength is announced now, supply judged at this instant
  f.att = attackTotal(ctx, f);
  ctx.trace({
    rule: "4.1B", text: ctx.active + " attacks " + defs.join(", ") + " in " + b.defenders.join(", ") + " with " +
      (f.attackers.length ? f.attackers.join(", ") : "no adjacent unit") +
      (f.barrage.length ? "; barrage " + f.barrage.join(", ") : "") + (f.gs ? "; " + f.gs + " ground support" : "") +
      ": attack strength " + f.att.total + " announced (8.46)",
  });
  if (fpfOptions(ctx).length > 1) ctx.interrupt("combat.fpf", null, "final protective fire against the attack on " + f.defenderHexes.join(", "));
  else resolveFight(ctx);
}

// ---------------------------------------------------------------- final protective fire (8.4, 9.0)

function fpfOptions(ctx) {
  const f = C(ctx).fight;
  const out = [];
  const adjacent = f.attackers.map((id) => ctx.piece(id));
  // 8.45: no FPF against an attack made solely by artillery and/or ground support
  if (!ctx.rules.artillery.fpfAllowedAgainst(adjacent)) return out;
  const at = unitsByHex(ctx);
  for (const p of ctx.piecesById()) {
    if (p.side !== f.enemy || !p.artillery || f.fpf.indexOf(p.id) >= 0) continue;
    if (ctx.rules.artillery.canFpf(p, f.defenderHexes, at).ok) out.push({ do: "fpf", unit: p.id });
  }
  const left = ctx.rules["ground-support"].available(f.enemy) - f.fpfGs;
  for (let n = 1; n <= left; n++) out.push({ do: "fpf-ground-support", points: n });
  out.push({ do: "fpf-done" });
  return out;
}

export const fpf = {
  rule: "8.4",
  side(ctx) { return C(ctx).fight.enemy; },
  prompt(ctx) {
    const f = C(ctx).fight;
    const att = f.att;
    return f.enemy + ": " + f.side + " attacks " + f.defenders.join(", ") + " with " + att.total +
      " (8.46): add final protective fire from artillery in range or ground support, then let the die be rolled";
  },
  actions(ctx) { return fpfOptions(ctx); },
  apply(ctx, a) {
    const f = W(ctx).fight;
    if (a.do === "fpf") {
      f.fpf.push(a.unit);
      ctx.trace({ rule: "8.41", text: a.unit + " gives final protective fire to " + f.defenders.join(", ") + " (in range, 8.42)" });
      return;
    }
    if (a.do === "fpf-ground-support") { f.fpfGs += a.points; return; }
    ctx.done();
    resolveFight(ctx);
  },
  why(ctx, a) {
    const f = C(ctx).fight;
    if (a.do === "fpf") {
      const p = ctx.piece(a.unit);
      if (!p) return { rule: "8.4", reason: "no unit " + a.unit };
      if (!ctx.rules.artillery.fpfAllowedAgainst(f.attackers.map((id) => ctx.piece(id)))) return { rule: "8.45", reason: "no final protective fire against an attack made solely by artillery and/or ground support" };
      if (f.fpf.indexOf(a.unit) >= 0) return { rule: "7.3", reason: a.unit + " already fires in this combat" };
      const r = ctx.rules.artillery.canFpf(p, f.defenderHexes);
      return r.ok ? null : { rule: r.rule, reason: r.reason };
    }
    if (a.do === "fpf-ground-support") return { rule: "9.0", reason: "not that many ground support points left this Game-Turn (or FPF is not allowed against this attack, 8.45)" };
    return { rule: "8.4", reason: "unknown action" };
  },
};

// ---------------------------------------------------------------- resolution (7.0 procedure, 7.6)

// 12.0: supply for combat is judged at the instant of combat, unit by unit. `pre` is the supply
// section's search for the unit's side, made once per combat (supplied(piece, pre)).
function supplyPre(ctx, side) {
  const s = ctx.rules.supply;
  return typeof s.bits === "function" ? s.bits(side) : undefined;
}

function suppliedNow(ctx, p, pre) {
  return !!ctx.rules.supply.supplied(p, pre);
}

// The attack total of fight `f` (12.33: unsupplied attack and barrage strength count zero).
function attackTotal(ctx, f) {
  let total = 0;
  const parts = [];
  const pre = supplyPre(ctx, f.side);
  for (const id of f.attackers) {
    const p = ctx.piece(id);
    const sup = suppliedNow(ctx, p, pre);
    const v = p.artillery ? ctx.rules.artillery.barrageStrength(p, sup) : (sup ? p.attack || 0 : 0);   // 8.31
    total += v;
    parts.push(id + " " + v + (sup ? "" : " (unsupplied, 12.33)") + (p.artillery ? " barrage, adjacent (8.31)" : ""));
  }
  for (const id of f.barrage) {
    const p = ctx.piece(id);
    const sup = suppliedNow(ctx, p, pre);
    const v = ctx.rules.artillery.barrageStrength(p, sup);
    total += v;
    parts.push(id + " " + v + " barrage" + (sup ? "" : " (unsupplied, 12.33)"));
  }
  if (f.gs) { const v = ctx.rules["ground-support"].strength(f.gs); total += v; parts.push(v + " ground support (9.11)"); }
  return { total, parts };
}

// The defense total (8.5, 8.43, 9.11, 12.33, 12.34).
function defenseTotal(ctx, f) {
  let total = 0;
  const parts = [];
  for (const id of f.defenders) {
    const p = ctx.piece(id);
    const v = p.artillery ? ctx.rules.artillery.defenseStrength(p) : p.defense || 0;   // 8.5; 12.34
    total += v;
    parts.push(id + " " + v);
  }
  const pre = f.fpf.length ? supplyPre(ctx, f.enemy) : undefined;
  for (const id of f.fpf) {
    const p = ctx.piece(id);
    const sup = suppliedNow(ctx, p, pre);
    const v = ctx.rules.artillery.fpfStrength(p, sup);
    total += v;
    parts.push(id + " FPF " + v + (sup ? "" : " (unsupplied, 12.33)"));
  }
  if (f.fpfGs) { const v = ctx.rules["ground-support"].strength(f.fpfGs); total += v; parts.push(v + " ground support FPF (9.0)"); }
  return { total, parts };
}

function resolveFight(ctx) {
  const c = W(ctx);
  const f = c.fight;
  const adjacent = f.attackers.map((id) => ctx.piece(id));
  const barrage = f.barrage.map((id) => ctx.piece(id));
  const defenders = f.defenders.map((id) => ctx.piece(id));
  // 7.0 procedure: totals and differential (7.52: never reduced at the attacker's wish)
  const att = f.att;
  const def = defenseTotal(ctx, f);
  f.differential = att.total - def.total;
  if (f.gs) ctx.rules["ground-support"].spend(f.side, f.gs, f.defenderHexes.join(", "));
  if (f.fpfGs) ctx.rules["ground-support"].spend(f.enemy, f.fpfGs, f.defenderHexes.join(", "));
  // 7.14: each takes part in one combat per phase; 8.44, 7.3: FPF artillery fires once
  for (const p of adjacent.concat(barrage)) p.attacked = true;
  for (const p of defenders) p.defended = true;
  for (const id of f.fpf) ctx.piece(id).fpfUsed = c.phase;
  ctx.trace({
    rule: "7.0", result: f.differential,
    text: ctx.tracing && "attack " + att.total + " (" + att.parts.join(", ") + ") minus defense " + def.total + " (" + def.parts.join(", ") + ") = differential " + fmt(f.differential),
  });
  // 7.4, 10.22, 11.1, 8.62: the line
  const ln = lineDetail(ctx, adjacent, defenders, barrage, ctx.tracing);
  f.line = ln.line;
  ctx.trace({ rule: ln.rule, table: "favourability-order", cell: { candidates: ln.candidates.map((x) => x.line) }, result: ln.line, text: ln.text });
  // 7.61
  const code = ctx.rules.crt.resolve(f.line, f.differential, "combat against " + f.defenderHexes.join(", "));
  f.result = code;
  applyResult(ctx, f, code, adjacent, defenders);
}

// 7.62 with 8.14, 8.15, 8.33 and 10.31: what the result does to whom.
function applyResult(ctx, f, code, adjacent, defenders) {
  const c = W(ctx);
  const meanings = ctx.tables.crt["result-meanings"].codes[code];
  let hitDefender = meanings.who === "defender" || meanings.who === "both";
  let hitAttacker = meanings.who === "attacker" || meanings.who === "both";
  const n = meanings.hexes || 0;
  const artilleryOnly = ctx.rules.artillery.hexsideAttackers(adjacent).length === 0;
  // 8.15: an attack made solely by artillery and/or ground support affects the defender only on D4
  if (hitDefender && artilleryOnly && !ctx.rules.artillery.affectsDefender(code)) {
    hitDefender = false;
    ctx.trace({ rule: "8.15", table: "artillery/barrage", cell: { result: code }, result: "no effect on the defender",
      text: "attack made solely by artillery and/or ground support: " + code + " does not affect " + f.defenders.join(", ") + " (only D4 does)" });
  }
  // 10.31-10.32: Allied units in a Fortified Box attacked solely through minefield hexsides
  const box = ctx.table["fortified-box"];
  if (box["no-effect-results"].indexOf(code) >= 0 && boxProtects(ctx, adjacent, defenders)) {
    ctx.trace({ rule: "10.31", table: "fortified-box", cell: { result: code, hexes: f.defenderHexes }, result: "no effect",
      text: code + " against " + f.defenders.join(", ") + " in a Fortified Box attacked solely through minefield hexsides: no effect, every unit stays in place" });
    finishFight(ctx);
    return;
  }
  // 8.14: barraging artillery never suffers a result; adjacent artillery does (8.33)
  if (hitAttacker && !adjacent.length) {
    hitAttacker = false;
    ctx.trace({ rule: "8.14", text: code + ": barraging artillery and ground support suffer no combat result" });
  }
  if (code === "Ae" && hitAttacker) {
    for (const p of adjacent) {
      f.lost[p.id] = { from: p.hex, path: [], eliminated: true };
      eliminate(ctx, p, "7.62", p.id + " eliminated (Ae)");
    }
    // 7.62: the defender may advance into the vacated hex(es)
    c.after.push({ kind: "advance", side: f.enemy, units: f.defenders.slice(), n: 0, why: "Ae" });
  } else if (meanings.effect === "retreat") {
    if (hitDefender) {
      for (const p of defenders) markAdverse(ctx, p);
      c.after.push({ kind: "retreat", side: f.enemy, role: "defender", units: f.defenders.slice(), n, avoid: [], moving: null, chain: [] });
    }
    if (hitAttacker) {
      for (const p of adjacent) markAdverse(ctx, p);
      // 7.75: in a Br the attackers may not retreat into a hex the defenders held
      c.after.push({ kind: "retreat", side: f.side, role: "attacker", units: f.attackers.slice(), n,
        avoid: code === "Br" ? f.defenderHexes.slice() : [], moving: null, chain: [] });
    }
    // 7.91: the side that did not retreat may advance along the path of retreat
    if (hitDefender && !hitAttacker && adjacent.length) c.after.push({ kind: "advance", side: f.side, units: f.attackers.slice(), n, why: code });
    if (hitAttacker && !hitDefender && code !== "Br") c.after.push({ kind: "advance", side: f.enemy, units: f.defenders.slice(), n, why: code });
  }
  continueAfter(ctx);
}

function markAdverse(ctx, p) {
  p.adverse = W(ctx).phase;
  if (p.artillery) p.noFpf = true;     // 8.41
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
function lineDetail(ctx, adjacent, defenders, barrage, explain) {
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

// ---------------------------------------------------------------- after the die: retreats and advances

// Carries out the queue of retreats and advances, asking only where there is a choice.
function continueAfter(ctx) {
  const c = W(ctx);
  let guard = 0;
  while (c.after.length) {
    if (++guard > 1000) throw new Error("7.7: the retreat and advance queue does not empty");
    const step = c.after[0];
    if (step.kind === "retreat") {
      const r = retreatOptions(ctx, step);
      if (r.stuck.length) {
        // 7.74: a unit with nowhere at all to go is lost where it stands
        for (const id of r.stuck) {
          const u = ctx.piece(id);
          step.units.splice(step.units.indexOf(id), 1);
          if (onMap(u)) lose(ctx, step, u, u.hex, [], "7.74", id + " cannot retreat a single hex (" + step.n + " required): eliminated");
        }
        continue;
      }
      const opts = r.opts;
      if (step.units.length === 0 && !step.moving && !step.chain.length) { c.after.shift(); continue; }
      if (opts.length === 1) { applyRetreat(ctx, step, opts[0]); continue; }
      step.opts = opts;     // the choice offered, kept until it is made
      ctx.interrupt("combat.retreat", null, step.side + " retreats " + step.units.concat(step.moving ? [step.moving.unit] : []).join(", "));
      return;
    }
    if (step.kind === "advance") {
      const r = advanceOptions(ctx, step);
      const opts = r.opts;
      step.opts = opts;
      step.routes = r.routes;
      if (opts.length <= 1) {
        if (step.units.length) ctx.trace({ rule: "7.91", text: "no advance after combat open to " + step.units.join(", ") });
        c.after.shift();
        continue;
      }
      ctx.interrupt("combat.advance", null, step.side + " may advance after combat");
      return;
    }
    c.after.shift();
  }
  finishFight(ctx);
}

function finishFight(ctx) {
  const c = W(ctx);
  c.after = [];
  c.fight = null;
}

function eliminate(ctx, p, rule, text) {
  const hex = p.hex;
  p.hex = null;
  p.at = "eliminated";
  const s = ctx.state;
  if (!s.eliminated) s.eliminated = [];
  if (s.eliminated.indexOf(p.id) < 0) s.eliminated.push(p.id);
  ctx.trace({ rule, result: "eliminated", text: text + (hex ? " in " + hex : "") });
}

// ---- retreat (7.7) and displacement (7.8)

// What retreats and advances read, as the position stands when asked: the units by hex (arrays
// indexed like ctx.map.ids), the enemy zones, supply (on first use) and the hexsides crossable.
function retreatEnv(ctx, side) {
  const zoc = ctx.rules.zoc.bits(enemyOf(ctx, side));
  return {
    side,
    at: unitsByHex(ctx),                                         // the units in hex, or null
    zoc: (hex) => zoc[ctx.map.index(hex)] === 1,                 // enemy-controlled (6.0)
    supplied: lazySupply(ctx, side),
    pass: passableFn(ctx),                                       // 7.72, 5.25
  };
}

// unitsByHex()(hex): the units on the map in hex, by id, or null (the position when asked).
function unitsByHex(ctx) {
  const occ = new Array(ctx.map.ids.length).fill(null);
  for (const p of ctx.piecesById()) if (onMap(p)) { const i = ctx.map.index(p.hex); (occ[i] || (occ[i] = [])).push(p); }
  return (hex) => occ[ctx.map.index(hex)];
}

// 12.24: is a hex a supplied position for `side`? The supply search runs on the first question only
// (many retreats and advances never need it).
function lazySupply(ctx, side) {
  let bits = null, hexes = null;
  return (hex) => {
    if (bits === null && hexes === null) {
      const s = ctx.rules.supply;
      if (typeof s.bits === "function") bits = s.bits(side);
      else hexes = s.suppliedHexes(side);
    }
    return bits !== null ? bits[ctx.map.index(hex)] === 1 : !!hexes[hex];
  };
}

function friendlyAt(env, hex, except) {
  const l = env.at(hex);
  if (!l) return null;
  for (const p of l) if (p.side === env.side && p.id !== except) return p;
  return null;
}

function enemyAt(env, hex) {
  const l = env.at(hex);
  if (!l) return false;
  for (const p of l) if (p.side !== env.side) return true;
  return false;
}

// 7.71, 7.72: may a retreating (or displaced) unit step from a into b?
function retreatStep(ctx, env, a, b, avoid) {
  if (!env.pass(a, b)) return false;               // 7.72
  if (enemyAt(env, b)) return false;                // 5.12
  if (env.zoc(b)) return false;                     // 7.71: no entering an enemy-controlled hex
  if (avoid && avoid.indexOf(b) >= 0) return false; // 7.75
  return true;
}

// 7.81, 7.82: can friendly `p` be displaced one hex without being eliminated? `excluded` hexes may
// not be entered (the retreating unit's hex and path, the hexes of the chain so far).
function canDisplace(ctx, env, p, excluded, depth) {
  for (const h of ctx.map.neighbors(p.hex)) {
    if (excluded.indexOf(h) >= 0 || !retreatStep(ctx, env, p.hex, h, null)) continue;
    const q = friendlyAt(env, h, p.id);
    if (!q) return true;
    if (depth > 0 && canDisplace(ctx, env, q, excluded.concat([p.hex, h]), depth - 1)) return true;
  }
  return false;
}

const DISPLACE_DEPTH = 4;

// Every legal retreat of `unit` (retreat-reading: each hex one further from the combat hex).
// {full: [{path, vacant, supplied}], partial: [paths], }
function retreatPaths(ctx, env, unit, n, avoid) {
  const origin = unit.hex;
  const full = [];
  const partial = [];
  let longest = 0;
  const walk = (path, cur, vacant) => {
    const k = path.length;
    if (vacant && k > longest) { longest = k; partial.length = 0; }
    if (vacant && k === longest && k > 0) partial.push(path.slice());
    if (k === n) {
      full.push({ path: path.slice(), vacant });
      return;
    }
    for (const h of ctx.map.neighbors(cur)) {
      if (ctx.map.distance(origin, h) !== k + 1) continue;
      if (!retreatStep(ctx, env, cur, h, avoid)) continue;
      const f = friendlyAt(env, h, unit.id);
      if (f) {
        // 7.73, 7.81: through a friendly unit only by displacing it, if it can go somewhere (7.82)
        if (!canDisplace(ctx, env, f, [cur, h], DISPLACE_DEPTH)) continue;
        // the last hex must be free at the end: the displaced unit vacates it
        path.push(h);
        walk(path, h, false);
        path.pop();
      } else {
        path.push(h);
        walk(path, h, vacant);
        path.pop();
      }
    }
  };
  walk([], origin, true);
  return { full, partial: longest < n ? partial : [] };
}

function byPath(a, b) {
  const x = a.join(" "), y = b.join(" ");
  return x < y ? -1 : x > y ? 1 : 0;
}

// 12.24, 7.73: the retreats the owner may choose among, for one unit.
function retreatChoices(ctx, env, unit, step) {
  const r = retreatPaths(ctx, env, unit, step.n, step.avoid);
  let full = r.full;
  if (full.length) {
    // 12.24: into an unsupplied hex only when nothing else avoids elimination
    if (full.length > 1) {
      const sup = full.filter((x) => env.supplied(x.path[x.path.length - 1]));
      if (sup.length) full = sup;
    }
    // 7.73, 7.82: through friendly units only when no vacant route exists
    const vac = full.filter((x) => x.vacant);
    if (vac.length) full = vac;
    return full.map((x) => x.path).sort(byPath).map((p) => ({ do: "retreat", unit: unit.id, path: p }));
  }
  // 7.74: cannot retreat the full distance: lost in the last hex it can reach
  return r.partial.slice().sort(byPath).map((p) => ({ do: "retreat", unit: unit.id, path: p, eliminated: true }));
}

function displaceChoices(ctx, env, step) {
  const top = step.chain[step.chain.length - 1];
  const p = ctx.piece(top.unit);
  const mover = ctx.piece(step.moving.unit);
  const excluded = [mover.hex].concat(step.moving.path.slice(step.moving.i)).concat(step.chain.map((x) => x.from));
  const vacant = [];
  const through = [];
  for (const h of ctx.map.neighbors(p.hex)) {
    if (excluded.indexOf(h) >= 0 || !retreatStep(ctx, env, p.hex, h, null)) continue;
    const q = friendlyAt(env, h, p.id);
    if (!q) vacant.push(h);
    else if (canDisplace(ctx, env, q, excluded.concat([p.hex, h]), DISPLACE_DEPTH - 1)) through.push(h);
  }
  // 7.82: a displaced unit displaces others only when it has no other way
  let list = vacant.length ? vacant : through;
  // 12.24: as if retreating: an unsupplied hex only when there is no other
  if (list.length > 1) {
    const sup = list.filter((h) => env.supplied(h));
    if (sup.length) list = sup;
  }
  return list.sort().map((h) => ({ do: "displace", unit: p.id, to: h }));
}

// The retreat choices open now (a query: it changes nothing). Units with none are listed in `stuck`.
function retreatOptions(ctx, step) {
  const env = retreatEnv(ctx, step.side);
  if (step.moving && step.chain.length) return { opts: displaceChoices(ctx, env, step), stuck: [] };
  const opts = [], stuck = [];
  for (const id of step.units) {
    const u = ctx.piece(id);
    if (!onMap(u)) { stuck.push(id); continue; }
    const ch = retreatChoices(ctx, env, u, step);
    if (!ch.length) stuck.push(id);
    for (const a of ch) opts.push(a);
  }
  return { opts, stuck };
}

function retreatActions(ctx, step) {
  return retreatOptions(ctx, step).opts;
}

// 7.91, 7.74: the path of retreat of a unit of the losing side, kept for the victor's advance.
function recordLost(ctx, step, id, from, path, eliminated) {
  const f = W(ctx).fight;
  if (!f || (step.role === "attacker" && f.result === "Br")) return;
  f.lost[id] = { from, path: path.slice(), eliminated };
}

function lose(ctx, step, u, from, path, rule, text) {
  recordLost(ctx, step, u.id, from, path, true);
  eliminate(ctx, u, rule, text);
}

function applyRetreat(ctx, step, a) {
  const c = W(ctx);
  if (a.do === "displace") {
    const env = retreatEnv(ctx, step.side);
    const top = step.chain[step.chain.length - 1];
    const q = friendlyAt(env, a.to, a.unit);
    if (q) {
      // 7.82: a chain: the unit in the way moves first
      top.to = a.to;
      step.chain.push({ unit: q.id, from: a.to });
      ctx.trace({ rule: "7.82", text: a.unit + " can only be displaced into " + a.to + ", so " + q.id + " is displaced first" });
      return;
    }
    top.to = a.to;
    // move the chain back down: each unit enters the hex the one above it vacated
    while (step.chain.length) {
      const e = step.chain.pop();
      const p = ctx.piece(e.unit);
      const from = p.hex;
      p.hex = e.to;
      p.displaced = true;
      markAdverse(ctx, p);
      ctx.trace({ rule: "7.81", text: p.id + " displaced " + from + " -> " + e.to + " to let " + step.moving.unit + " retreat" });
    }
    moveOn(ctx, step);
    return;
  }
  // a retreat path
  const u = ctx.piece(a.unit);
  step.units.splice(step.units.indexOf(a.unit), 1);
  step.moving = { unit: u.id, from: u.hex, path: a.path.slice(), i: 0, eliminated: !!a.eliminated };
  moveOn(ctx, step);
}

// Moves the retreating unit along its path until a friendly unit must be displaced or it arrives.
function moveOn(ctx, step) {
  const m = step.moving;
  const u = ctx.piece(m.unit);
  const env = retreatEnv(ctx, step.side);
  while (m.i < m.path.length) {
    const h = m.path[m.i];
    const q = friendlyAt(env, h, u.id);
    if (q) {
      if (!step.chain.length) step.chain.push({ unit: q.id, from: h });
      const ch = displaceChoices(ctx, env, step);
      if (!ch.length) {
        // 7.82: the displacement would destroy the unit in the way: the retreating unit is lost instead
        step.chain = [];
        step.moving = null;
        lose(ctx, step, u, m.from, m.path.slice(0, m.i), "7.82", u.id + " cannot displace " + q.id + " without destroying it: eliminated instead");
        return;
      }
      if (ch.length === 1) { applyRetreat(ctx, step, ch[0]); return; }
      return;   // the owner chooses where the displaced unit goes
    }
    u.hex = h;
    m.i++;
  }
  u.retreated = true;
  step.moving = null;
  if (m.eliminated) {
    lose(ctx, step, u, m.from, m.path, "7.74", u.id + " retreats " + [m.from].concat(m.path).join(" -> ") + " but cannot go the " + step.n + " hexes required: eliminated");
  } else {
    recordLost(ctx, step, u.id, m.from, m.path, false);
    ctx.trace({ rule: "7.7", text: u.id + " retreats " + step.n + " hex" + (step.n === 1 ? "" : "es") + ": " + [m.from].concat(m.path).join(" -> ") });
  }
}

export const retreat = {
  rule: "7.7",
  side(ctx) { const s = C(ctx).after[0]; return s ? s.side : ctx.active; },
  prompt(ctx) {
    const s = C(ctx).after[0];
    if (s.moving && s.chain.length) return s.side + ": displace " + s.chain[s.chain.length - 1].unit + " one hex so that " + s.moving.unit + " can retreat (7.81)";
    return s.side + ": retreat " + s.units.join(", ") + " " + s.n + " hex" + (s.n === 1 ? "" : "es") + " each (7.7)";
  },
  actions(ctx) { const s = C(ctx).after[0]; return s.opts || retreatActions(ctx, s); },
  apply(ctx, a) {
    const c = W(ctx);
    const step = c.after[0];
    step.opts = null;
    applyRetreat(ctx, step, a);
    if (!step.moving && !step.chain.length && !step.units.length) c.after.shift();
    ctx.done();
    continueAfter(ctx);
  },
  why(ctx, a) {
    const s = C(ctx).after[0];
    if (a.do === "displace") return { rule: "7.82", reason: "a displaced unit moves one hex as if retreating: not into an enemy zone of control or a prohibited hex, into a vacant hex where one is open (7.71-7.73, 7.82)" };
    if (s && s.units.indexOf(a.unit) < 0) return { rule: "7.7", reason: a.unit + " is not retreating now" };
    return { rule: "7.7", reason: "a retreat goes " + (s ? s.n : "the required number of") + " hexes, each further from the combat hex, never into an enemy zone of control (7.71), a prohibited hex or hexside (7.72)" +
      (s && s.avoid.length ? " or the defender's hex (7.75)" : "") + "; through friendly units only when no vacant route exists (7.73) and into an unsupplied hex only when no other retreat exists (12.24)" };
  },
};

// ---- advance after combat (7.9)

// 7.91: the paths of retreat left by the loser: its hex, the hexes it passed, and the hex it was lost in.
function pathsOfRetreat(ctx) {
  const f = C(ctx).fight;
  const out = [];
  for (const id of Object.keys(f.lost).sort()) {
    const l = f.lost[id];
    const p = [l.from].concat(l.eliminated ? l.path : l.path.slice(0, Math.max(0, l.path.length - 1)));
    out.push(p);
  }
  return out;
}

// 7.92-7.95, 10.14, 12.24: where victorious `unit` may end its advance: {hex: route}. Of several
// routes to a hex the shortest is kept, then the one that follows the path of retreat longest.
function advanceTargets(ctx, env, unit, paths, n) {
  const best = {};
  const vacant = (h) => !env.at(h) || !env.at(h).length;
  const ok = (h) => h !== unit.hex && vacant(h) && env.supplied(h);   // 5.31; 12.24
  const owner = ctx.rules.minefields.ownerOf();
  const enemyMine = (a, b) => { const o = owner(a, b); return !!o && o !== unit.side; };
  const offer = (h, route, along) => {
    if (!ok(h)) return;
    const cur = best[h];
    if (!cur || route.length < cur.route.length || (route.length === cur.route.length && along > cur.along)) best[h] = { route, along };
  };
  const free = (start, budget, route, along) => {
    // 7.95: independent advance: stops in the first enemy-controlled hex, no enemy minefield, no prohibited terrain
    let frontier = [{ h: start, route }];
    const seen = new Set([start]);
    for (let k = 0; k < budget; k++) {
      const next = [];
      for (const s of frontier) {
        for (const h of ctx.map.neighbors(s.h)) {
          if (seen.has(h) || !env.pass(s.h, h) || enemyAt(env, h) || enemyMine(s.h, h)) continue;
          seen.add(h);
          const r = s.route.concat([h]);
          offer(h, r, along);
          if (!env.zoc(h)) next.push({ h, route: r });     // 7.95 (2): stop in an enemy-controlled hex
        }
      }
      frontier = next;
    }
  };
  for (const p of paths) {
    // 7.91-7.93, 10.14: along the path of retreat, ignoring zones of control and minefields
    if (!p.length || !ctx.map.adjacent(unit.hex, p[0])) continue;
    let route = [];
    for (let i = 0; i < p.length && i < Math.max(n, 1); i++) {
      if (enemyAt(env, p[i])) break;
      route = route.concat([p[i]]);
      offer(p[i], route, i + 1);
      // 7.95: the rest of the advance independent of the path
      if (n - (i + 1) > 0) free(p[i], n - (i + 1), route, i + 1);
    }
  }
  if (n > 0) free(unit.hex, n, [], 0);
  const out = {};
  for (const h of Object.keys(best).sort()) out[h] = best[h].route;
  return out;
}

function advanceEnv(ctx, side) {
  return retreatEnv(ctx, side);
}

// The advances open now (a query), with the route to each hex: {opts, routes}.
function advanceOptions(ctx, step) {
  const env = advanceEnv(ctx, step.side);
  const paths = pathsOfRetreat(ctx);
  const opts = [], routes = {};
  for (const id of step.units.slice().sort()) {
    const u = ctx.piece(id);
    if (!onMap(u) || u.advanced || u.declined) continue;
    const t = advanceTargets(ctx, env, u, paths, step.n);
    routes[id] = t;
    for (const h of Object.keys(t).sort()) opts.push({ do: "advance", unit: id, to: h });
  }
  opts.push({ do: "stop" });
  return { opts, routes };
}

function advanceActions(ctx, step) {
  return advanceOptions(ctx, step).opts;
}

export const advance = {
  rule: "7.9",
  side(ctx) { const s = C(ctx).after[0]; return s ? s.side : ctx.active; },
  prompt(ctx) {
    const s = C(ctx).after[0];
    return s.side + ": advance " + s.units.join(", ") + " after combat along the path of retreat, or up to " + s.n + " hex" + (s.n === 1 ? "" : "es") + " independently (7.91-7.95), or stop";
  },
  actions(ctx) { const s = C(ctx).after[0]; return s.opts || advanceActions(ctx, s); },
  apply(ctx, a) {
    const c = W(ctx);
    const step = c.after[0];
    step.opts = null;
    if (a.do === "advance") {
      const u = ctx.piece(a.unit);
      const route = (step.routes && step.routes[a.unit] && step.routes[a.unit][a.to]) || [a.to];
      const from = u.hex;
      u.hex = a.to;
      u.advanced = true;
      // 7.96: after advancing it may neither attack nor be attacked this phase
      u.attacked = u.side === ctx.active ? true : u.attacked;
      u.defended = u.side !== ctx.active ? true : u.defended;
      step.units.splice(step.units.indexOf(a.unit), 1);
      ctx.trace({ rule: "7.9", text: a.unit + " advances after combat " + [from].concat(route).join(" -> ") });
      const next = advanceOptions(ctx, step);
      if (next.opts.length > 1) { step.opts = next.opts; step.routes = next.routes; return; }   // another unit may still advance
    } else {
      ctx.trace({ rule: "7.96", text: step.side + " stops advancing" + (step.units.length ? " (" + step.units.join(", ") + " stay)" : "") });
    }
    c.after.shift();
    ctx.done();
    continueAfter(ctx);
  },
  why(ctx, a) {
    return { rule: "7.95", reason: "an advance goes along the path of retreat (ignoring zones of control and minefields, 7.93, 10.14) or up to the result's number of hexes independently, stopping in the first enemy-controlled hex and never across an enemy minefield or prohibited terrain (7.95); it ends in a vacant, supplied hex (12.24)" };
  },
};

