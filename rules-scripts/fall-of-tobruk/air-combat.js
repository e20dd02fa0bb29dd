// The Fall of Tobruk 9.43-9.442: contact, air-to-air combat and antiaircraft fire, for the missions
// air-missions.js flies.
//   9.43  units on Fighter Sweep or Defensive Patrol roll to contact (Mission Contact Table); a miss
//         marks them (B.132), a second sends them home
//   9.441 up to two rounds. In each the intercepting player pairs each of his fighters with a target
//         (pairing): the escorts first, no bomber while an escort is not targeted, and no target
//         twice while another is not; every pair fires at once on the Air Combat Table. A target
//         two interceptors doubled up on fires back at one of them, its owner's choice
//         (returnFire). Round 2, against the bombers, only once no escort is left.
//   9.442 every Light and Heavy AAA and Heavy AT unit of the target hexes fires at each bomber
//   9.5   hits and aborts send a unit home (air.damage)
// Both decisions are asked only where there is a choice and when the mission was flown from the
// Air Impulse (`ask`); a mission flown by a test or the console takes the first offered, which is
// the pairing in order and the return fire at the first attacker.
//
// STATE (state.air.fight, while a combat is fought): {by (the intercepting side), rule (the
// mission's: 9.421 or 9.422), I, E, B
// (the interceptors', escorts' and bombers' ids), round, rounds, pairs (the target index of each
// interceptor, into E then B), back ({target, attacker}: the return fire of a doubled-up target),
// ask, seen: {I, T} (how the other side reads the units, face up in combat, 6.11)}. Each side's
// view keeps the ids of its own units only.

const USES = Object.freeze(["air/order-of-battle"]);

function A(ctx) { return ctx.rules.air; }
function T(ctx) { return ctx.tables.air; }
function other(ctx, side) { return ctx.sides.find((s) => s !== side); }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }
function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function F(ctx) { return A(ctx).S().fight; }

// ---- 9.43 contact ---------------------------------------------------------------------------------

// The contact roll of the units attempting contact (Fighter Sweep, Defensive Patrol); true on
// Contact. A miss marks them (B.132), a second sends them home.
export function contact(ctx, units, rule) {
  const t = T(ctx).msct, side = units[0].side;
  const mods = [];
  const w = ctx.rules.weather.drm("air-contact");
  if (w) mods.push({ value: w, why: ctx.rules.weather.current() + " (4.43, 4.44)" });
  const worst = Math.max.apply(null, units.map((p) => p.steps));
  if (worst > 0 && t.drm["step-loss"][String(worst)]) mods.push({ value: t.drm["step-loss"][String(worst)], why: "-" + worst + " Air Step loss marker" });
  const fighters = units.filter((p) => p.air === "F").length;
  if (T(ctx)["msct-reading"]["pair-rolls-once"] && fighters >= 2) mods.push({ value: t.drm["two-fighters"], why: "two fighter units attempting contact" });
  const d = ctx.roll(t.die, "9.43 contact by " + units.map((p) => A(ctx).label(p)).join(" and "), mods);
  const r = Math.max(0, Math.min(9, d));
  const hit = t.rows.find((x) => A(ctx).inSpan(x.d10, r)).result === t.contact;
  ctx.trace({ rule: "9.43", table: "air/msct", uses: ["air/msct-reading"].concat(USES), cell: "d10=" + d, result: hit ? "Contact" : "Missed Contact",
    text: units.map((p) => A(ctx).label(p)).join(" and ") + (hit ? " make contact" : " miss contact") });
  if (hit) return true;
  for (const p of units) {
    if (p.missed) { p.flown = true; A(ctx).toBase(p); A(ctx).tell(side, { rule: "9.43, B.132", text: p.name + " misses a second time and goes home" }); }
    else { p.missed = true; A(ctx).tell(side, { rule: "9.43, B.132", text: p.name + " takes a Missed Contact marker and stays in its box" }); }
  }
  return false;
}

// ---- 9.441 the Air Combat Table ----------------------------------------------------------------------

// The ACT column of a differential; beyond the ends the end column (act-reading), else none.
function actColumn(ctx, diff) {
  const cols = T(ctx).act.columns;
  const i = cols.indexOf("Even") + diff;
  if (i >= 0 && i < cols.length) return cols[i];
  return T(ctx)["act-reading"].beyond === "end-column" ? cols[i < 0 ? 0 : cols.length - 1] : null;
}

// One unit firing at another (or an AAA column): the ACT cell.
function fire(ctx, who, col, target, rule) {
  if (col === null) {
    ctx.trace({ rule, table: "air/act-reading", text: who + " at " + A(ctx).label(target) + ": off the table, no effect" });
    return "";
  }
  const d = ctx.roll(T(ctx).act.die, rule + " " + who + " fires at " + A(ctx).label(target) + " on the " + col + " column");
  const cell = T(ctx).act.rows[String(d)][col];
  ctx.trace({ rule, table: "air/act", uses: ["air/act-reading"].concat(USES), cell: "d10=" + d + ", " + col, result: cell || "-",
    text: who + " at " + A(ctx).label(target) + ": " + (cell === "A" ? "Abort" : cell ? cell + " Air Steps" : "no effect") });
  return cell;
}

// Applies what a round did to each unit: hits (9.5) or an Abort; both send it home.
function settle(ctx, got, rule) {
  const out = new Set();
  for (const [p, cells] of got) {
    let hits = 0, abort = false;
    for (const c of cells) { if (c === "A") abort = true; else if (c) hits += -Number(c); }
    if (hits > 0) { A(ctx).damage(p, hits, "9.5", "is hit in " + (rule === "9.442" ? "antiaircraft" : "air-to-air") + " combat"); out.add(p.id); }
    else if (abort) { A(ctx).tell(p.side, { rule, table: "air/act", text: p.name + " aborts and goes home" }, A(ctx).label(p) + " aborts and goes home"); out.add(p.id); }
    if (out.has(p.id) && p.at === "air") { p.flown = true; A(ctx).toBase(p); }
  }
  return out;
}

function note(got, p, c) { const l = got.get(p); if (l) l.push(c); else got.set(p, [c]); }

// ---- 9.441 the rounds --------------------------------------------------------------------------------

// begin({by, rule, I, E, B, ask}): the combat of interceptors I against escorts E and bombers B
// (ids); when it is over, air-missions.foughtOut(the bombers that carry on) goes on with the mission.
export function begin(ctx, f) {
  A(ctx).S().fight = { by: f.by, rule: f.rule, I: f.I.slice(), E: f.E.slice(), B: f.B.slice(), round: 1, rounds: f.E.length ? 2 : 1,
    pairs: null, back: null, ask: !!f.ask, seen: null };
  run(ctx);
}

// The ways the interceptors may take their targets (indexes into E then B), the one in order first:
// every escort before any bomber, no target twice while another is free (9.441).
function pairings(f) {
  const nI = f.I.length, nE = f.E.length, nT = nE + f.B.length;
  const first = [];
  for (let k = 0; k < nI; k++) first.push(nE ? k % nE : nE + k % f.B.length);
  const out = [first], key = (x) => x.join(",");
  const seen = new Set([key(first)]);
  const ok = (x) => {
    const esc = new Set(x.filter((t) => t < nE));
    if (nE) return esc.size === Math.min(nI, nE) && (esc.size === nE || x.every((t) => t < nE));
    return new Set(x).size === Math.min(nI, nT);
  };
  const grow = (x) => {
    if (x.length === nI) { if (ok(x) && !seen.has(key(x))) { seen.add(key(x)); out.push(x); } return; }
    for (let t = 0; t < nT; t++) grow(x.concat([t]));
  };
  grow([]);
  return out;
}

// The target two interceptors doubled up on, or -1.
function doubled(f) {
  for (let k = 0; k < f.pairs.length; k++) if (f.pairs.indexOf(f.pairs[k]) !== k) return f.pairs[k];
  return -1;
}

// The units as the other side reads them, face up in the combat (6.11).
function seen(ctx, f) {
  const lab = (id) => A(ctx).label(ctx.piece(id));
  return { I: f.I.map(lab), T: f.E.concat(f.B).map(lab) };
}

function run(ctx) {
  const f = F(ctx);
  for (;;) {
    if (f.round > f.rounds || !f.I.length || !(f.E.length + f.B.length)) return end(ctx);
    f.seen = seen(ctx, f);
    if (!f.pairs) {
      const opts = pairings(f);
      if (opts.length > 1 && f.ask) { ctx.interrupt("air-combat.pairing", null, "9.441 pairing, round " + f.round); return; }
      f.pairs = opts[0];
    }
    if (!f.back) {
      const d = doubled(f);
      f.back = { target: d, attacker: d < 0 ? null : f.pairs.indexOf(d) };
      if (d >= 0 && f.ask) { f.back.attacker = null; ctx.interrupt("air-combat.returnFire", null, "9.441 return fire"); return; }
    }
    round(ctx, f);
  }
}

// One round: each interceptor fires at its target, and each target back at one attacker.
function round(ctx, f) {
  const targets = f.E.concat(f.B).map((id) => ctx.piece(id));
  const got = new Map(), firedBack = new Set();
  f.I.forEach((id, k) => {
    const i = ctx.piece(id), t = targets[f.pairs[k]];
    note(got, t, fire(ctx, A(ctx).label(i), actColumn(ctx, i.aaf - t.adf), t, "9.441"));
    const at = f.back.target === f.pairs[k] ? f.back.attacker : f.pairs.indexOf(f.pairs[k]);
    if (at === k && !firedBack.has(t.id)) { firedBack.add(t.id); note(got, i, fire(ctx, A(ctx).label(t), actColumn(ctx, t.aaf - i.adf), i, "9.441")); }
  });
  const out = settle(ctx, got, "9.441");
  const keep = (id) => !out.has(id);
  f.I = f.I.filter(keep); f.E = f.E.filter(keep); f.B = f.B.filter(keep);
  f.pairs = null; f.back = null;
  f.round = f.E.length ? f.rounds + 1 : f.round + 1;     // escorts left: the combat is over (9.441)
}

function end(ctx) {
  const f = F(ctx);
  delete A(ctx).S().fight;
  ctx.rules["air-missions"].foughtOut(f.B.slice());
}

function fighting(ctx) {
  const f = F(ctx);
  return f.I.map((id) => ctx.piece(id).name);
}

export const pairing = {
  rule: "9.441",
  side(ctx) { return F(ctx).by; },
  inactive: "pair its fighters with their targets (9.441)",
  prompt(ctx) {
    const f = F(ctx), nE = f.E.length;
    const list = f.seen.T.map((l, k) => "[" + k + "] " + l + (k < nE ? " (escort)" : "")).join(", ");
    return f.by + ": 9.441 round " + f.round + " (" + (f.rule === "9.422" ? "9.422 Defensive Patrol" : "9.421 Fighter Sweep") + "): the target of " + fighting(ctx).join(", then ") + " among " + list + " (the escorts first)";
  },
  actions(ctx) { return pairings(F(ctx)).map((targets) => ({ do: "pair", targets })); },
  apply(ctx, a) {
    F(ctx).pairs = a.targets.slice();
    ctx.done();
    run(ctx);
  },
  why() {
    return { rule: "9.441", reason: "one target for each interceptor, in order: every escort before any bomber, and no target twice while another has none" };
  },
};

export const returnFire = {
  rule: "9.441",
  side(ctx) { return other(ctx, F(ctx).by); },
  inactive: "choose which attacker its unit fires back at (9.441)",
  prompt(ctx) {
    const f = F(ctx), t = ctx.piece(f.E.concat(f.B)[f.back.target]);
    const at = [];
    f.pairs.forEach((x, k) => { if (x === f.back.target) at.push("[" + k + "] " + f.seen.I[k]); });
    return other(ctx, f.by) + ": 9.441 " + t.name + " is doubled up on by " + at.join(" and ") + ": which does it fire back at?";
  },
  actions(ctx) {
    const f = F(ctx), out = [];
    f.pairs.forEach((x, k) => { if (x === f.back.target) out.push({ do: "fire-at", attacker: k }); });
    return out;
  },
  apply(ctx, a) {
    F(ctx).back.attacker = a.attacker;
    ctx.done();
    run(ctx);
  },
  why() { return { rule: "9.441", reason: "a doubled-up unit fires back at one of the interceptors that attack it" }; },
};

// ---- 9.442 antiaircraft ------------------------------------------------------------------------------

// Every Light and Heavy AAA and Heavy AT unit of the target hexes fires at each bomber; the bombers
// that carry on.
export function aaa(ctx, hexes, side, bombers, rule) {
  const cols = T(ctx)["aaa-columns"];
  const guns = [];
  for (const h of hexes) for (const q of ctx.piecesAt(h)) if (onMap(q) && q.side === side && cols[q.type] !== undefined) guns.push(q);
  if (!guns.length || !bombers.length) return bombers;
  const got = new Map();
  for (const g of guns.sort(byId)) for (const b of bombers) {
    const col = cols[g.type];
    const d = ctx.roll(T(ctx).act.die, "9.442 " + g.id + " (" + g.type + ") fires at " + A(ctx).label(b));
    const cell = T(ctx).act.rows[String(d)][col];
    ctx.trace({ rule: "9.442", table: "air/aaa-columns", uses: ["air/act", "units/units"].concat(USES), cell: "d10=" + d + ", " + col, result: cell || "-",
      text: g.id + " (" + g.type + ", column " + col + ") at " + A(ctx).label(b) + ": " + (cell === "A" ? "Abort" : cell ? cell + " Air Steps" : "no effect") });
    note(got, b, cell);
  }
  const out = settle(ctx, got, "9.442");
  return bombers.filter((p) => !out.has(p.id));
}
