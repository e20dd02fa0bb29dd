// The Fall of Tobruk, the air game: the Air Displays and basing.
//   6.11  each side's Air Display: air units face down in their sectors' airbases or mission boxes
//         (the system's view: the other side sees none of them, B.3's screen)
//   6.12  basing: an on-map sector's capacity is its controlled airfields', an off-map sector's is
//         printed, less damage in both
//   6.13  airfield control changes the instant a side's unit occupies the hex; damage moves with it
//   6.14, 6.15  units over capacity escape or are lost
//   3.6   the Airbase Repair Phase; 5.12 Axis air arrivals and withdrawals; 5.5 consolidation
//   9.5   air damage; 16.15 air set-up
// The Air Planning phase is air-planning.js's (3.3, 6.2, 6.3), the missions air-missions.js's (3.42,
// 9.0-9.5). Tables: air.yaml (display and order-of-battle are placeholders: the Air Displays and
// the Air Order of Battle are not in the rulebook).
//
// Air units are pieces with at: "air" (on a display), "air-later" (5.12, not yet arrived),
// "withdrawn" (5.12) or "air-lost" (Units Permanently Eliminated); hex is always null, so the
// ground sections never meet them. Fields: base (the sector of its airbase), sector and mission
// (the mission box it is in, or null), steps (Air Steps lost, 9.5), missed (B.132), flown (3.4).
//
// STATE (state.air): {damage: {side: {sector: n}}, markers: {hex: {R, L}}, grounded: [sector], stepLosses: [{side, sector}] (3.6, the owner to choose),
//   planning: {side, unit} | null, rolled: [5.12 rows used], flown: {side: {mission: n}},
//   mission: the mission being resolved (air-missions.js) | null, free: the 9.421 free Air Impulse
//   owed {side, sector, box, units} | null, compose: the mission its owner is composing (9.41)
//   {side, mission, units, escorts} | null, escapes: sectors over capacity being settled (6.14),
//   consolidating: the sides still to be asked about 5.5 this Dawn,
//   fight: an air-to-air combat under way (air-combat.js)}

const AIR_USES = Object.freeze(["air/order-of-battle", "air/display"]);

function T(ctx) { return ctx.tables.air; }
function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

export function S(ctx) {
  if (!ctx.state.air) ctx.state.air = { damage: {}, markers: {}, grounded: [], planning: null, rolled: [], flown: {}, mission: null };
  return ctx.state.air;
}

// ---- the display (6.11, 6.12) -------------------------------------------------------------------

// Every sector of the Air Displays: the four on-map sectors, then each side's off-map ones.
export function sectors(ctx) {
  return ctx.once("sectors", () => {
    const d = T(ctx).display;
    const out = Object.keys(d["on-map"]);
    for (const side of ctx.sides) for (const s of Object.keys(d["off-map"][side] || {})) out.push(s);
    return out;
  });
}

export function onMapSector(ctx, sector) { return !!T(ctx).display["on-map"][sector]; }

// The sectors a hex lies in (split hexes lie in two, 9.4241).
export function sectorsOf(ctx, hex) {
  const d = T(ctx).display["on-map"];
  return Object.keys(d).filter((s) => ctx.map.zone(d[s]).indexOf(hex) >= 0);
}

export function sectorHexes(ctx, sector) {
  const z = T(ctx).display["on-map"][sector];
  return z ? ctx.map.zone(z) : [];
}

// 6.2: the air distance between two sector boxes (display, a placeholder).
export function distance(ctx, a, b) {
  if (a === b) return 0;
  const d = T(ctx).display.distances;
  const v = (d[a] && d[a][b]) !== undefined ? d[a][b] : d[b] && d[b][a];
  return v === undefined ? Infinity : v;
}

export function inRange(ctx, p, sector, multiple) {
  return distance(ctx, p.base, sector) <= p.range * (multiple || 1);
}

// 6.12: the printed capacity of `side`'s airbase in `sector` (before damage).
export function printedCapacity(ctx, side, sector) {
  const d = T(ctx).display;
  if (!onMapSector(ctx, sector)) return (d["off-map"][side] || {})[sector] || 0;
  const control = ctx.state.control || {};
  let n = 0;
  for (const r of T(ctx).airfields.rows) if (r.sector === sector && control[r.hex] === side) n += r.capacity;
  return n;
}

export function damageOf(ctx, side, sector) {
  const d = S(ctx).damage[side];
  return (d && d[sector]) || 0;
}

// 6.12: capacity less damage, never below 0.
export function capacity(ctx, side, sector) {
  return Math.max(0, printedCapacity(ctx, side, sector) - damageOf(ctx, side, sector));
}

export function airUnits(ctx, side) {
  return ctx.pieces((p) => p.at === "air" && (!side || p.side === side)).sort(byId);
}

export function basedAt(ctx, side, sector) {
  return airUnits(ctx, side).filter((p) => p.base === sector);
}

export function room(ctx, side, sector) {
  return capacity(ctx, side, sector) - basedAt(ctx, side, sector).length;
}

// 9.41: Italian, German or Allied.
export function nationality(ctx, p) {
  const g = T(ctx)["mission-composition"]["nationality-groups"];
  return g[p.nation] || p.side;
}

// What the other side may read of an air unit once it is face up in a combat (6.11): its aircraft
// and side, never its identity.
export function label(ctx, p) {
  return p.side + " " + p.aircraft + (p.air === "B" ? " bomber" : " fighter");
}

// An entry naming the side's own air units: theirs only (6.11, 9.42). `pub` is what the other
// side reads, if anything.
export function tell(ctx, side, entry, pub) {
  ctx.trace(Object.assign({ visibleTo: [side] }, entry));
  if (pub) ctx.trace(Object.assign({}, entry, { text: pub }));
}

function secret(side) { return { visibleTo: [side] }; }

// ---- 16.15 set-up -------------------------------------------------------------------------------

const AIR_FIELDS = ["air", "aircraft", "aaf", "adf", "csf", "bf", "range"];

// 16.15: every unit of the Air Order of Battle in its sector's airbase (or waiting for 5.12).
// Called by setup once the ground units stand.
// A scenario without an air set-up (a test position) has no air units.
export function setupUnits(ctx, scenario, entry) {
  const oob = T(ctx)["order-of-battle"];
  const s = S(ctx);
  for (const side of ctx.sides) s.damage[side] = {};
  for (const side of ctx.sides) s.flown[side] = {};
  if (!entry || !entry["air-setup"]) return;
  for (const u of oob.units) {
    const a = oob.aircraft[u.aircraft];
    if (!a) throw new Error("air.yaml order-of-battle: unit " + u.id + " flies " + JSON.stringify(u.aircraft) + ", which is no aircraft of the table");
    if (!u.arrives && sectors(ctx).indexOf(u.sector) < 0) throw new Error("air.yaml order-of-battle: unit " + u.id + " sets up in " + JSON.stringify(u.sector) + ", which is no sector of the display");
    const p = { id: PREFIX + u.id, unit: u.id, name: u.name, side: u.side, nation: u.nation };
    p.air = a.type; p.aircraft = u.aircraft; p.aaf = a.aaf; p.adf = a.adf; p.csf = a.csf; p.bf = a.bf; p.range = a.range;
    p.hex = null;
    p.at = u.arrives ? "air-later" : "air";
    p.base = u.arrives ? null : u.sector;
    p.sector = null; p.mission = null; p.steps = 0; p.missed = false; p.flown = false;
    ctx.state.pieces[p.id] = p;
  }
  const over = [];
  for (const side of ctx.sides) for (const sec of sectors(ctx)) if (room(ctx, side, sec) < 0) over.push(side + " " + sec);
  ctx.trace({ rule: "16.15", table: "order-of-battle", uses: ["display", "scenario"], result: airUnits(ctx).length,
    text: "air set-up: " + ctx.sides.map((side) => side + " " + airUnits(ctx, side).length).join(", ") + " air units in their airbases (Air Order of Battle stand-in)" +
      (over.length ? "; over capacity: " + over.join(", ") : "") });
}

// ---- 9.5 air damage, returning to base ------------------------------------------------------------

// 6.11, 9.421: a unit back from its mission box to its airbase, face down again. It keeps its base,
// unless it is home from a mission flown in the Air Impulse (its owners' choices asked): then it
// waits for its owner's choice of airbase (9.4, the decision home).
export function toBase(ctx, p) {
  const m = S(ctx).mission;
  if (m && m.ask && p.sector) queueHome(ctx, p, p.sector, "9.4");
  p.sector = null;
  p.mission = null;
  p.missed = false;
}

// ---- 9.4 home from a mission ---------------------------------------------------------------------

// A unit sent home from over `from` outside an Air Impulse mission, by Khamsin (6.3) or from
// Defensive Combat Support (9.4242): its owner names the airbase as after a mission (any friendly
// airbase with room within range), asked once homeward runs.
export function sendHome(ctx, p, from, rule) {
  queueHome(ctx, p, from, rule);
  toBase(ctx, p);
}

// `p`, on the Air Display, waits for its owner's choice of airbase (once).
function queueHome(ctx, p, from, rule) {
  const s = S(ctx);
  if (p.at !== "air" || (s.homing || []).some((h) => h.unit === p.id)) return;
  (s.homing || (s.homing = [])).push({ side: p.side, unit: p.id, from, rule });
}

// What sent them home, in the prompt, the trace and the decision's label.
const SENT = {
  "6.3": { prompt: "6.3 sent home by Khamsin: ", told: ", sent home by Khamsin,", label: "6.3 Khamsin: air units return to an airbase" },
  "9.4242": { prompt: "9.4242 home from Defensive Combat Support: ", told: " (Defensive Combat Support)", label: "9.4242 air units return to an airbase" },
  "9.4": { prompt: "9.4 home from the mission: ", told: "", label: "9.4 air units return to an airbase" },
};

// 9.4: the airbases `p`, home from a mission over `from`, may return to besides its own: each sector
// where its side has an airbase with room within its range of `from`, in the display's order.
export function homes(ctx, p, from) {
  return sectors(ctx).filter((sec) => sec !== p.base && distance(ctx, from, sec) <= p.range && room(ctx, p.side, sec) > 0);
}

// The units still waiting for their airbase (one lost since it went home waits no more): pending
// reads them (for the decision's listing), waiting also drops the others from the state (applying).
function pending(ctx) {
  const s = S(ctx);
  return s.homing ? s.homing.filter((h) => { const p = ctx.piece(h.unit); return p && p.at === "air" && !p.sector; }) : [];
}
function waiting(ctx) {
  const s = S(ctx);
  if (!s.homing) return [];
  s.homing = pending(ctx);
  return s.homing;
}

// The mission flown by `side` is over: the owners of the units it sent home name their airbases,
// the mission's side first. Each side with a unit going home is asked once, even when every unit has
// its own airbase alone to go to: the displays are behind the screen, and neither how many units
// went home nor whether one had a choice may show; what shows is how many the owner sends elsewhere.
// One decision asks them all: units sent home while it waits (several Defensive Combat Supports of
// one Combat Impulse, each before its own combat) join its queue (`homeAsked`).
export function homeward(ctx, side) {
  const s = S(ctx), h = waiting(ctx);
  if (!h.length) { if (!s.homeAsked) delete s.homing; return; }
  if (s.homeAsked) return;
  h.sort((a, b) => (a.side === side ? 0 : 1) - (b.side === side ? 0 : 1));
  s.homeAsked = true;
  ctx.interrupt("air.home", null, SENT[homingRule(ctx)].label);
}

// The side asked, and its units waiting in the order they went home (none: every unit waiting was
// lost since, and the decision only ends). Who is asked is read from the queue as it was written,
// never from the units' state, which may be hidden from the other side.
function homingSide(ctx) { const h = S(ctx).homing; return h && h.length ? h[0].side : ctx.sides[0]; }
// what sent them: a mission (9.4), Khamsin (6.3) or Defensive Combat Support (9.4242)
function homingRule(ctx) { const h = S(ctx).homing; return h && h.length ? h[0].rule : "9.4"; }
function homingOf(ctx, side) { return pending(ctx).filter((h) => h.side === side); }

function homeTold(ctx, h, was) {
  const p = ctx.piece(h.unit), from = h.from;
  tell(ctx, p.side, { rule: h.rule, table: "air/display", uses: AIR_USES, result: p.base,
    text: p.name + " (" + p.aircraft + ") returns from " + from + SENT[h.rule].told + " to the " + p.base + " airbase" +
      (p.base === was ? "" : " (based in " + was + " before; distance " + distance(ctx, from, p.base) + ", range " + p.range + ")") });
}

export const home = {
  rule: "9.4",
  side(ctx) { return homingSide(ctx); },
  inactive: "send its air units home from the mission (9.4)",
  prompt(ctx) {
    const side = homingSide(ctx);
    const units = homingOf(ctx, side).map((h) => { const p = ctx.piece(h.unit); return p.name + " (" + p.aircraft + ", range " + p.range + ", based in " + p.base + ")"; });
    return side + ": " + SENT[homingRule(ctx)].prompt + units.join(", ") + "; send one to another of your airbases with room within its range, or each to its own";
  },
  // {do: "home"}: every unit left to its own airbase; {do: "return", unit, to}: one to another
  actions(ctx) {
    const out = [{ do: "home" }];
    for (const h of homingOf(ctx, homingSide(ctx))) {
      const p = ctx.piece(h.unit);
      for (const sec of homes(ctx, p, h.from)) out.push({ do: "return", unit: p.id, to: sec });
    }
    return out;
  },
  apply(ctx, a) {
    const s = S(ctx), side = homingSide(ctx);
    if (!waiting(ctx).length) { delete s.homing; delete s.homeAsked; ctx.done(); return; }
    if (a.do === "return") {
      const h = s.homing.find((x) => x.unit === a.unit), p = ctx.piece(a.unit), was = p.base;
      p.base = a.to;
      homeTold(ctx, h, was);
      s.homing.splice(s.homing.indexOf(h), 1);
      if (homingOf(ctx, side).length) return;
    } else {
      for (const h of homingOf(ctx, side)) homeTold(ctx, h, ctx.piece(h.unit).base);
      s.homing = s.homing.filter((h) => h.side !== side);
    }
    if (!waiting(ctx).length) { delete s.homing; delete s.homeAsked; ctx.done(); }
  },
  why(ctx, a) {
    return { rule: homingRule(ctx) === "9.4" ? "9.4" : homingRule(ctx) + ", 9.4", reason: "a unit home from its mission returns to its own airbase ({do: \"home\"}), or to another airbase of its side with room within its range of the mission's sector ({do: \"return\", unit, to})" };
  },
};

export function lose(ctx, p, rule, why) {
  toBase(ctx, p);
  p.at = "air-lost";
  p.base = null;
  tell(ctx, p.side, { rule, table: "air-damage", uses: AIR_USES, result: "eliminated", text: p.name + " (" + p.aircraft + ") " + why + ": Units Permanently Eliminated" },
    label(ctx, p) + " " + why + ": Units Permanently Eliminated");
}

// 9.5: n Air Step hits; -3 in all eliminates it.
export function damage(ctx, p, n, rule, why) {
  p.steps += n;
  if (p.steps >= T(ctx)["air-damage"]["eliminated-at"]) { lose(ctx, p, rule, why + " (-" + p.steps + " Air Steps)"); return "eliminated"; }
  tell(ctx, p.side, { rule, table: "air-damage", uses: AIR_USES, result: -p.steps, text: p.name + " (" + p.aircraft + ") " + why + ": -" + p.steps + " Air Step marker" },
    label(ctx, p) + " " + why + ": -" + p.steps + " Air Step marker");
  return "damaged";
}

// ---- 6.13 airfield control, 6.14-6.15 excess units ------------------------------------------------

function span(s) { const [lo, hi] = String(s).split("-").map(Number); return [lo, hi === undefined ? lo : hi]; }
// inSpan("0-7", d): is d in the printed span? (other sections: air.inSpan(span, d))
export function inSpan(ctx, s, d) { const [lo, hi] = span(s); return d >= lo && d <= hi; }

// 6.13: `piece` occupies airfield `hex`, which `from` controlled: the sector's damage moves with the
// airfield's share of the old owner's capacity there, an odd point by a die roll (control-reading).
// victory.afterMove changes the control and calls this.
export function airfieldTaken(ctx, hex, piece, from) {
  const row = T(ctx).airfields.rows.find((r) => r.hex === hex);
  if (!row || !from || from === piece.side) return;
  const s = S(ctx), sec = row.sector, { die, "odd-point-moves": oddMoves } = T(ctx)["control-reading"];
  const capBefore = printedCapacity(ctx, from, sec) + row.capacity;   // control has already changed
  const dmg = damageOf(ctx, from, sec);
  let moved = 0, text = "";
  if (dmg > 0) {
    const share = dmg * row.capacity / capBefore;
    moved = Math.floor(share);
    if (share > moved) {
      const d = ctx.roll(die, "6.13 does the odd damage point of " + sec + " move with " + row.airfield + "?");
      if (inSpan(ctx, oddMoves, d)) moved++;
      text = " (d10 " + d + " for the odd point)";
    }
    s.damage[from][sec] = dmg - moved;
    s.damage[piece.side][sec] = damageOf(ctx, piece.side, sec) + moved;
  }
  ctx.trace({ rule: "6.13", table: "airfields", uses: dmg > 0 ? ["control-reading", "map"] : ["map"], cell: { hex, sector: sec }, result: piece.side,
    text: row.airfield + " (" + hex + ", capacity " + row.capacity + ") passes to the " + piece.side + ": " + sec + " capacity " + from + " " + capacity(ctx, from, sec) +
      ", " + piece.side + " " + capacity(ctx, piece.side, sec) + (dmg > 0 ? "; " + moved + " of " + dmg + " damage points move with it" + text : "") });
  excess(ctx, from, sec);
}

// 6.14, 6.15: while more units are based in `sector` than its capacity, its owner rolls for the
// excess: units with -2 Air Steps first, then -1, then the rest; within that order the owner says
// which unit rolls next, and where each that escapes goes among the sectors with room (escape).
// Asked only where there is a choice; otherwise it goes at once. State: state.air.escapes, the
// sectors over capacity still to settle [{side, sector, unit}] (unit: escaped, awaiting its sector).
export function excess(ctx, side, sector) {
  if (room(ctx, side, sector) >= 0) return;
  const s = S(ctx), list = s.escapes || (s.escapes = []);
  if (list.some((e) => e.side === side && e.sector === sector)) return;
  list.push({ side, sector, unit: null });
  if (list.length > 1) return;                 // the decision already asked settles it in turn
  if (settle(ctx)) ctx.interrupt("air.escape", null, escapePrompt(ctx));
}

// The units of the sector that may roll next: the most damaged class of those based there.
function escapers(ctx, e) {
  const based = basedAt(ctx, e.side, e.sector);
  const worst = Math.max.apply(null, based.map((p) => p.steps || 0));
  return based.filter((p) => (p.steps || 0) === worst).sort(byId);
}

// The sectors an escaping unit may go to: room for it, the nearest first (display order between equals).
function refuges(ctx, p) {
  const out = [];
  for (const s of sectors(ctx)) if (s !== p.base && room(ctx, p.side, s) > 0) out.push({ s, d: distance(ctx, p.base, s) });
  return out.sort((a, b) => a.d - b.d).map((x) => x.s);
}

// Goes on with the escapes while no choice is left to the owner: true when one is (the decision's
// actions say which), false when every sector is settled.
function settle(ctx) {
  const s = S(ctx);
  while (s.escapes && s.escapes.length) {
    const e = s.escapes[0];
    if (e.unit) {
      const p = ctx.piece(e.unit), to = refuges(ctx, p);
      if (to.length > 1) return true;
      e.unit = null;
      if (to.length) rebase(ctx, p, to[0]); else lose(ctx, p, "6.15", "escapes from " + e.sector + " but no airbase has room");
      continue;
    }
    if (room(ctx, e.side, e.sector) >= 0) { s.escapes.shift(); continue; }
    const next = escapers(ctx, e);
    if (next.length > -room(ctx, e.side, e.sector)) return true;
    roll(ctx, e, next[0]);
  }
  delete s.escapes;
  return false;
}

// 6.15: one unit's roll (the Air Step loss DRM applied): 0-7 escapes, 8-9 is lost.
function roll(ctx, e, p) {
  const b = T(ctx).basing.escape, drm = T(ctx)["escape-drm"].drm;
  const m = drm[String(p.steps)];
  const d = ctx.roll(b.die, "6.15 escape of an air unit from " + e.sector, m ? [{ value: m, why: "-" + p.steps + " Air Steps" }] : null, secret(e.side));
  if (inSpan(ctx, b.escapes, Math.min(9, d))) {
    tell(ctx, e.side, { rule: "6.15", table: "basing", uses: AIR_USES.concat(["escape-drm"]), result: "escapes", text: p.name + " escapes from " + e.sector + " (d10 " + d + ")" });
    e.unit = p.id;
  } else lose(ctx, p, "6.15", "fails to escape from " + e.sector + " (d10 " + d + ")");
}

function rebase(ctx, p, to) {
  const from = p.base;
  p.base = to;
  toBase(ctx, p);
  tell(ctx, p.side, { rule: "6.15", table: "basing", uses: AIR_USES, result: to, text: p.name + " rebases from " + from + " to " + to });
}

function escapePrompt(ctx) {
  const e = S(ctx).escapes[0];
  if (e.unit) return e.side + ": 6.15 " + ctx.piece(e.unit).name + " escaped from " + e.sector + ": to which sector with room?";
  return e.side + ": 6.14 " + e.sector + " holds " + (-room(ctx, e.side, e.sector)) + " air unit(s) over its capacity: which rolls to escape next (6.15: -2 Air Steps first, then -1, then the rest)?";
}

export const escape = {
  rule: "6.15",
  side(ctx) { return S(ctx).escapes[0].side; },
  inactive: "roll for air units over an airbase's capacity (6.14)",
  prompt(ctx) { return escapePrompt(ctx); },
  actions(ctx) {
    const e = S(ctx).escapes[0];
    if (e.unit) return refuges(ctx, ctx.piece(e.unit)).map((sector) => ({ do: "rebase", sector }));
    return escapers(ctx, e).map((p) => ({ do: "roll", unit: p.id }));
  },
  apply(ctx, a) {
    const e = S(ctx).escapes[0];
    if (a.do === "rebase") { const p = ctx.piece(e.unit); e.unit = null; rebase(ctx, p, a.sector); }
    else roll(ctx, e, ctx.piece(a.unit));
    if (!settle(ctx)) ctx.done();
  },
  why(ctx) {
    const e = S(ctx).escapes[0];
    if (e.unit) return { rule: "6.15", reason: "an escaping unit goes to another sector whose airbase has room for it" };
    return { rule: "6.15", reason: "roll for the units with -2 Air Steps first, then -1, then the rest, and only units based in " + e.sector };
  },
};

// ---- 3.6 the Airbase Repair Phase ---------------------------------------------------------------

function artColumn(ctx, dmg) {
  for (const c of T(ctx).art.columns) {
    if (/\+$/.test(c) ? dmg >= parseInt(c, 10) : inSpan(ctx, c, dmg)) return c;
  }
  return null;
}

export function airbaseRepair(ctx) {
  if (ctx.option("basic-air-game")) {
    ctx.trace({ rule: "6.4", option: "basic-air-game", text: "Airbase Repair (3.6): the basic air game keeps no airbase damage" });
    return;
  }
  const art = T(ctx).art, s = S(ctx);
  let any = false;
  for (const side of ctx.sides) {
    for (const sec of sectors(ctx)) {
      const dmg = damageOf(ctx, side, sec);
      if (dmg <= 0) continue;
      any = true;
      const col = artColumn(ctx, dmg);
      const d = ctx.roll(art.die, "3.6 airbase repair: " + side + " " + sec + " (" + dmg + " damage)");
      const row = art.rows.find((r) => inSpan(ctx, r.d10, d));
      const cell = String(row[col]);
      const n = Math.min(dmg, parseInt(cell, 10));
      s.damage[side][sec] = dmg - n;
      ctx.trace({ rule: "3.6", table: "art", cell: "d10=" + d + ", " + col, result: cell, text: side + " " + sec + ": " + n + " of " + dmg + " damage points repaired" });
      if (cell.indexOf(art["step-loss-mark"]) >= 0) {
        // the owner apportions the loss (stepLoss): asked when two or more units could take it
        const based = basedAt(ctx, side, sec);
        if (based.length === 1) damage(ctx, based[0], 1, "3.6", STEP_LOSS + sec);
        else if (based.length > 1) (s.stepLosses = s.stepLosses || []).push({ side, sector: sec });
        else ctx.trace({ rule: "3.6", table: "art", text: "no " + side + " air unit is based in " + sec + " to take the step loss" });
      }
    }
  }
  if (!any) ctx.trace({ rule: "3.6", table: "art", result: 0, text: "Airbase Repair (3.6): no airbase carries damage" });
  if (s.stepLosses && s.stepLosses.length) ctx.interrupt("air.stepLoss", {}, stepLossPrompt(ctx));
}

const STEP_LOSS = "takes the Airbase Repair Table's step loss in ";

function stepLossPrompt(ctx) {
  const l = S(ctx).stepLosses[0];
  return l.side + ": the Airbase Repair Table's step loss in " + l.sector + ": which air unit based there takes it? (3.6)";
}

// 3.6: "The owning player always apportions all losses to his units": the owner picks the air unit
// based in the sector that takes each step loss the Airbase Repair Table gave.
export const stepLoss = {
  rule: "3.6",
  side(ctx) { return S(ctx).stepLosses[0].side; },
  prompt(ctx) { return stepLossPrompt(ctx); },
  actions(ctx) {
    const l = S(ctx).stepLosses[0];
    return basedAt(ctx, l.side, l.sector).map((p) => ({ do: "take-loss", unit: p.id }));
  },
  apply(ctx, a) {
    const s = S(ctx), l = s.stepLosses.shift();
    damage(ctx, ctx.piece(a.unit), 1, "3.6", STEP_LOSS + l.sector);
    if (!s.stepLosses.length) { delete s.stepLosses; ctx.done(); }
  },
  why(ctx, a) { return { rule: "3.6", reason: (a && a.unit) + " is not one of the " + S(ctx).stepLosses[0].side + " air units based in " + S(ctx).stepLosses[0].sector }; },
};

// ---- 5.12 arrivals and withdrawals, 5.5 consolidation (Dawn) -----------------------------------

export function arrivals(ctx) {
  if (ctx.option("basic-air-game")) {
    ctx.trace({ rule: "6.4", option: "basic-air-game", text: "Air arrivals (5.12) and consolidation (5.5): the basic air game has no air units" });
    return;
  }
  const t = T(ctx).arrivals, s = S(ctx);
  if (ctx.turn >= ctx.rules.sequence.turnOf(t.from)) {
    const d = ctx.roll(t.die, "5.12 Axis air arrivals and withdrawals");
    const row = t.rows[String(d)];
    if (s.rolled.indexOf(d) >= 0) {
      ctx.trace({ rule: "5.12", table: "arrivals", cell: "d10=" + d, result: "no effect", text: row.text + " was rolled before: no effect (5.12)" });
    } else {
      s.rolled.push(d);
      const moved = [];
      for (const uid of row.units) {
        const p = ctx.piece(PREFIX + uid);
        if (!p) continue;
        if (row.effect === "reinforcement" && p.at === "air-later") {
          const sec = arrivalSector(ctx, p);
          if (!sec) { ctx.trace({ rule: "5.11", table: "arrivals", text: "no airbase of the " + p.side + " has room for " + p.name + ": it waits" }); continue; }
          p.at = "air"; p.base = sec; moved.push(p.name + " to " + sec);
        } else if (row.effect === "withdrawal" && p.at === "air") {
          toBase(ctx, p); p.at = "withdrawn"; p.base = null; moved.push(p.name);
        }
      }
      ctx.trace({ rule: "5.12", table: "arrivals", uses: AIR_USES, cell: "d10=" + d, result: row.effect,
        text: row.text + ": " + row.effect + (moved.length ? " (" + moved.join(", ") + ")" : ", none of its units is there to move") });
    }
  } else ctx.trace({ rule: "5.12", table: "arrivals", result: null, text: "Axis air arrivals and withdrawals are rolled from " + t.from });
  s.consolidating = ctx.sides.slice();
}

// 5.11: an arriving air unit goes to an airbase of its side with room (the nearest to the front
// first: the on-map sectors, then the off-map ones, in the display's order).
function arrivalSector(ctx, p) {
  for (const s of sectors(ctx)) if (room(ctx, p.side, s) > 0 && (onMapSector(ctx, s) || printedCapacity(ctx, p.side, s) > 0)) return s;
  return null;
}

// 5.5: in the Reinforcement/Replacement Phase each owner may pool the losses of two damaged units of
// one aircraft type based in one sector: one is brought up to strength, the other carries both
// markers; allowed only while that leaves fewer damaged units (the two together short of
// elimination, 9.5: we read consolidating as moving losses, never as giving up a unit to mend
// another). Every side is asked, one after the other (state.air.consolidating), even with
// nothing to pool: its display is behind the screen, so whether it has a choice must not show.
// The pairs are offered the least damaged first, the first unit brought up to strength.
function consolidations(ctx, side) {
  const out = [], limit = T(ctx)["air-damage"]["eliminated-at"];
  const order = (a, b) => (a.steps - b.steps) || byId(a, b);
  for (const sec of sectors(ctx)) {
    const byType = {};
    for (const p of basedAt(ctx, side, sec)) if (p.steps > 0) (byType[p.aircraft] = byType[p.aircraft] || []).push(p);
    for (const type of Object.keys(byType).sort()) {
      const list = byType[type].sort(order);
      for (const a of list) for (const b of list) if (a !== b && a.steps + b.steps < limit) out.push({ whole: a, carries: b, sector: sec });
    }
  }
  return out;
}

export function consolidationDue(ctx) { const s = S(ctx); return !!(s.consolidating && s.consolidating.length); }

function pool(ctx, side, a, b, sector) {
  b.steps += a.steps; a.steps = 0;
  tell(ctx, side, { rule: "5.5", table: "air-damage", uses: AIR_USES, result: -b.steps,
    text: "consolidation in " + sector + ": " + a.name + " brought up to strength, " + b.name + " carries -" + b.steps + " Air Steps (" + b.aircraft + ")" });
}

export const consolidate = {
  rule: "5.5",
  side(ctx) { return S(ctx).consolidating[0]; },
  inactive: "consolidating air unit losses (5.5)",
  prompt() { return "5.5: pool the losses of two damaged air units of one type in one sector, or keep them as they are"; },
  actions(ctx) {
    const side = S(ctx).consolidating[0];
    return consolidations(ctx, side).map((c) => ({ do: "consolidate", unit: c.whole.id, into: c.carries.id })).concat([{ do: "keep" }]);
  },
  apply(ctx, a) {
    const s = S(ctx), side = s.consolidating[0];
    if (a.do === "consolidate") {
      const p = ctx.piece(a.unit);
      pool(ctx, side, p, ctx.piece(a.into), p.base);
      if (consolidations(ctx, side).length) return;
    }
    s.consolidating.shift();
    if (!s.consolidating.length) { delete s.consolidating; ctx.done(); }
  },
  why() {
    return { rule: "5.5", reason: "only two damaged air units of the same aircraft type based in the same sector, whose losses together stay short of elimination (a consolidation must leave fewer damaged units)" };
  },
};

// ---- hooks ---------------------------------------------------------------------------------------

// 3.5: at Clean-Up every unit left in a mission box goes home, Missed Contact markers and Combat
// Support markers are removed, and units may fly again next Operations Phase (3.4).
export function cleanUp(ctx) {
  const s = S(ctx);
  for (const p of ctx.pieces((q) => q.at === "air")) { toBase(ctx, p); p.flown = false; }
  delete s.homing;
  delete s.homeAsked;
  s.markers = {};
  s.grounded = [];
}

// closeSupportShift(attackerSide, hex, kind): the Combat Support markers on the defender's hex for
// a Regular Combat (B.131): 1R per attacker's Dis, 1L per defender's, each at most 4 (9.443, 9.4242).
export function closeSupportShift(ctx, attackerSide, hex, kind) {
  if (kind && kind !== "close") return 0;
  const m = S(ctx).markers[hex];
  if (!m) return 0;
  return (m.side === attackerSide ? m.R : 0) - (m.L || 0);
}

// 3.42: the activation offers an Air Impulse while a mission may be flown (air-missions.js).
export function impulseOpen(ctx) { return ctx.rules["air-missions"].impulseOpen(); }

// superiorityDrm: the basic game's sector air superiority (9.61) is air-basic.js's.
export function superiorityDrm(ctx, side, hex) { return 0; }

// Metrics for the variant lab: air missions flown, by side and mission.
export function metrics(ctx) {
  const out = {};
  const f = (ctx.state.air && ctx.state.air.flown) || {};
  for (const side of Object.keys(f).sort()) for (const m of Object.keys(f[side]).sort()) out[side + "-air-" + m] = f[side][m];
  return out;
}

// For the fuzzer: no airbase holds more units than its capacity (6.14 acts at once: its owner's
// escape decision, when it has one, comes next), no unit sits
// in a mission box of a sector Khamsin closed (6.3), none carries -3 Air Steps (9.5).
export function invariants(ctx) {
  const out = [];
  if (!ctx.state.air) return out;
  const s = S(ctx), lim = T(ctx)["air-damage"]["eliminated-at"];
  for (const side of ctx.sides) for (const sec of sectors(ctx)) {
    if (room(ctx, side, sec) < 0 && !(s.escapes || []).some((e) => e.side === side && e.sector === sec)) out.push("6.14: " + side + " has " + basedAt(ctx, side, sec).length + " air units based in " + sec + " over its capacity " + capacity(ctx, side, sec));
  }
  for (const p of airUnits(ctx)) {
    if (p.mission && s.grounded.indexOf(p.sector) >= 0) out.push("6.3: " + p.id + " is in a mission box of " + p.sector + ", closed by Khamsin");
    if (p.steps >= lim) out.push("9.5: " + p.id + " carries -" + p.steps + " Air Steps and is still in play");
  }
  return out;
}

// ---- 6.11, B.3 what each side may know ---------------------------------------------------------

// view(side): the state without the other side's air units (its display is behind the screen,
// 9.42), nor the other side's planning or mission under way.
export function view(ctx, side) {
  const st = ctx.state, out = {};
  for (const k of Object.keys(st)) out[k] = st[k];
  const pieces = {};
  for (const id of Object.keys(st.pieces)) {
    const p = st.pieces[id];
    if (p.side !== side && isAirId(id)) continue;
    pieces[id] = p;
  }
  out.pieces = pieces;
  if (st.air) {
    const a = {};
    for (const k of Object.keys(st.air)) a[k] = st.air[k];
    if (a.planning && a.planning.side !== side) a.planning = { side: a.planning.side };
    if (a.mission) a.mission = { side: a.mission.side, kind: a.mission.kind, sector: a.mission.sector };
    if (a.free && a.free.side !== side) a.free = { side: a.free.side, sector: a.free.sector, box: a.free.box };
    if (a.compose && a.compose.side !== side) a.compose = { side: a.compose.side };
    if (a.fight) a.fight = Object.assign({}, a.fight, a.fight.by === side ? { E: null, B: null } : { I: null });
    if (a.escapes) a.escapes = a.escapes.map((e) => (e.side === side ? e : { side: e.side, sector: e.sector }));
    if (a.homing) a.homing = a.homing.filter((h) => h.side === side);
    const flown = {};
    flown[side] = (a.flown || {})[side];
    a.flown = flown;
    out.air = a;
  }
  return out;
}

// Air units are known by their key (air-...), which no secret field changes.
function isAirId(id) { return id.lastIndexOf(PREFIX, 0) === 0; }
const PREFIX = "air-";

const SECRET_FIELDS = ["id", "unit", "name", "nation", "air", "aircraft", "aaf", "adf", "csf", "bf", "range", "at", "base", "sector", "mission", "steps", "missed", "flown"];

export function secrets(ctx, side) {
  const out = {};
  for (const id of Object.keys(ctx.state.pieces).sort()) {
    const p = ctx.state.pieces[id];
    if (p.side !== side && isAirId(id)) out[id] = SECRET_FIELDS;
  }
  return out;
}

// The inspector's panel: the side's own display, sector by sector.
export function displayOverlay(ctx, args) {
  const side = (args && args.side) || ctx.active;
  const out = {};
  for (const sec of sectors(ctx)) {
    const based = basedAt(ctx, side, sec);
    if (!based.length && !printedCapacity(ctx, side, sec)) continue;
    for (const h of sectorHexes(ctx, sec)) {
      if (!ctx.map.hasFeature(h, "airfield")) continue;
      out[h] = sec + ": " + based.length + "/" + capacity(ctx, side, sec);
    }
  }
  return out;
}

// 6.11 beside the board: each Air Display as the side asking may see it (the other side's is behind
// the screen: its view holds none of those units), box by box: the airbase of each sector, each
// mission box in use, then the units still to arrive, withdrawn (5.12) and permanently eliminated.
export function display(ctx) {
  const boxes = [];
  const box = (label, rule, units) => { if (units.length) boxes.push({ label, rule, pieces: units.map((p) => p.id) }); };
  for (const side of ctx.sides) {
    const mine = ctx.pieces((p) => p.side === side && isAirId(p.id)).sort(byId);
    for (const sec of sectors(ctx)) {
      box(side + " · " + sec + " airbase", "6.12", mine.filter((p) => p.at === "air" && p.base === sec && !p.mission));
      const missions = [...new Set(mine.filter((p) => p.at === "air" && p.sector === sec && p.mission).map((p) => p.mission))].sort();
      for (const m of missions) box(side + " · " + sec + " · " + m, "9.0", mine.filter((p) => p.at === "air" && p.sector === sec && p.mission === m));
    }
    box(side + " · to arrive", "5.12", mine.filter((p) => p.at === "air-later"));
    box(side + " · withdrawn", "5.12", mine.filter((p) => p.at === "withdrawn"));
    box(side + " · permanently eliminated", "9.5", mine.filter((p) => p.at === "air-lost"));
  }
  return { title: "Air Display", rule: "6.11", boxes };
}

