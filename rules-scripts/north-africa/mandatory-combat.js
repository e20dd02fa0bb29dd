// North Africa standard rules 7.1 Which units attack and 7.2 Multiple unit combat, as obligations:
//   7.11  every enemy unit next to a phasing unit must be attacked (7.46 and 10.21 excepted).
//   7.12  every phasing unit in an enemy zone must attack; all adjacent units take part.
//   7.21  a unit in the zones of several enemy units attacks all of them not engaged by another attack.
//   8.31  artillery next to an enemy unit must attack (with its barrage strength).
//   10.21 a unit across a minefield of its own side from enemy units need not attack them; with
//         Crusader 17.1, through the extension point combatExemption (exemption(), exemptions()).
// An attack may be committed only if the remaining obligations can still all be met (a search over
// the units involved, by connected groups); finishing is refused while any obligation that some
// attack could still meet remains. The combat section asks this section as it builds attacks.
// Table: tables/north-africa/mandatory-combat.yaml.

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

function enemyOf(ctx, side) {
  for (const s of ctx.sides) if (s !== side) return s;
  return null;
}

// ---------------------------------------------------------------- exemptions (10.21, 17.1)

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
  const hooks = Object.keys(ctx.rules).filter((n) => n !== ctx.section && typeof ctx.rules[n].combatExemption === "function")
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
export function model(ctx) {
  return ctx.memo("model", () => {
    const b = ctx.state.combat && ctx.state.combat.build;
    return b ? ctx.keep(b, "model", () => modelNow(ctx)) : modelNow(ctx);
  });
}

// model() as the question that accepted an action saw it, while the action applies
// (ctx.memoBefore: read before any write).
export function modelBefore(ctx) {
  return ctx.memoBefore("model", () => model(ctx));
}

// feasible() for the obligations left after committing attack `b` ({attackers, barrage, defenders
// (enemy ids), gs}; null: none), answered once per model: a bot and the legal actions ask the same.
export function feasibleAfter(ctx, M, b) {
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
    declinedFrom: {},   // id -> {table, uses}: the data the exemption went by, for the trace
    gs: ctx.rules["ground-support"].available(side),
    pieces: {},
    feasibleAfter: new Map(),   // feasibleAfter()'s answers: a cache, not the position
  };
  const exemption = exemptions(ctx);
  const artilleryMustAttack = ctx.rules.artillery.terms().mustAttack;
  const allowed = ctx.rules["combat-terrain"].combatAllowed;
  for (const p of phasing) {
    M.pieces[p.id] = p;
    if (p.advanced) continue;                                   // 7.96: no attack, no obligation
    const all = [];
    for (const h of ctx.map.neighbors(p.hex)) {
      const list = enemyByHex.get(h);
      if (list && allowed(p.hex, h)) for (const e of list) all.push(e);   // 7.46
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
      M.declinedFrom[p.id] = { table: exempt.table, uses: exempt.uses };
      continue;
    }
    if (!p.artillery || artilleryMustAttack) M.ra.push(p.id);    // 7.12, 8.31
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
export function unmetOf(ctx, M) {
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
export function waivedOf(ctx, M) {
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
  const bound = ctx.table.readings["search-bound"];               // readings (3): the steps one group may take
  let gsLeft = P.gs;
  let unknown = false;
  for (const g of order) {
    if (!g.ra.length && !g.rd.length) continue;
    let ok = false;
    // the fewest ground support points this group needs (usually none)
    for (let k = 0; k <= Math.max(0, gsLeft); k++) {
      const budget = { n: bound, out: false };
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
export function blameAfter(ctx, M, b) {
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

