// The Fall of Tobruk 9.0 air missions, flown in the Air Impulse (3.42).
//   3.42, 9.41  in an Air Impulse the active player resolves one mission: up to two units of one
//         nationality from one mission box of a sector (9.41), with up to two escorts of the box
//         beside it (9.423); air impulses cost no Activation Points (7.22); a unit flies one
//         mission an Operations Phase (3.4)
//   9.421 Fighter Sweep: the enemy's Fighter Sweep box of the sector first, else its Combat
//         Support or Strafing/Bombing box; contact (9.43), air-to-air combat (9.441); a miss
//         marks the sweep (B.132), a second miss sends it home. The Combat Support or
//         Strafing/Bombing units it engaged that survive in their box may fly a free Air Impulse at
//         once, interrupting the sweeping side's activation (state.air.free)
//   9.422 Defensive Patrol meets a Strafing/Bombing mission against an airbase of its sector
//   9.4241, 9.425  Combat Support against an enemy hex next to friendly units of the mission's
//         nationality, Strafing/Bombing against an enemy stack, an enemy airfield or airbase;
//         then AAA (9.442), then the attack (9.443, 9.444)
//   9.4242 Defensive Combat Support: the defender's Combat Support box flies before a Regular
//         Combat (a step of the combat queue, kind "air")
//   9.5   air damage (air.damage)
// Every decided outcome is traced with its table cell; the entries naming air units are their
// owner's (visibleTo), the others read the aircraft (6.11: face up in combat).
// Tables: air.yaml (mission-composition, msct, msct-reading, act, act-reading, aaa-columns,
// air-to-ground, air-to-ground-reading), crt.yaml (crt, artillery-row: the column of a factor),
// fire-combat.yaml (the Disruption Result), weather.yaml (air-contact-drm, the shifts), morale.yaml.
//
// ACTION SHAPES (decision impulse, the active player):
//   {do: "sweep", sector, nation, box}      box: "combat-support" | "strafing", searched when the
//                                           enemy's Fighter Sweep box is empty
//   {do: "support", sector, nation, hex}    Combat Support over an enemy hex
//   {do: "strafe", sector, nation, hex}     Strafing/Bombing an enemy stack or airfield hex
//   {do: "strafe", sector, nation, airbase} Strafing/Bombing the enemy's off-map airbase `airbase`
// While a 9.421 free Air Impulse is owed (state.air.free) the same decision is the engaged side's:
// the support or strafe missions of its surviving units, or {do: "decline"} (they stay in their box).
// Decision compose (9.41, an interrupt after the mission is chosen, while state.air.compose is set):
// the owner says which units of the box fly (one or two) and which escorts go along (none to two),
// starting from the strongest: {do: "add", unit}, {do: "drop", unit}, {do: "fly"}.
// Decision defensive (9.4242, a step of the combat queue): {do: "support", units: [id, ...]} (one or
// two Combat Support units of one nationality) or {do: "pass"}.

const USES = Object.freeze(["air/order-of-battle"]);

function A(ctx) { return ctx.rules.air; }
function T(ctx) { return ctx.tables.air; }
function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }
function other(ctx, side) { return ctx.sides.find((s) => s !== side); }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }

function activeSide(ctx) {
  const a = ctx.state.activation;
  return a && a.side ? a.side : ctx.active;
}

// ---- 9.41 mission composition -------------------------------------------------------------------

// The units of `side` in a mission box, not yet flown, of one nationality (all when omitted),
// the strongest first for the mission's work (the owner's choice, by its values here).
export function inBox(ctx, side, sector, box, nation) {
  const key = box === "strafing" ? "bf" : box === "combat-support" ? "csf" : "aaf";
  return A(ctx).airUnits(side)
    .filter((p) => p.sector === sector && p.mission === box && !p.flown && (!nation || A(ctx).nationality(p) === nation))
    .sort((a, b) => (b[key] - a[key]) || (a.steps - b.steps) || byId(a, b));
}

function pick(ctx, side, sector, box, nation) {
  return inBox(ctx, side, sector, box, nation).slice(0, T(ctx)["mission-composition"]["per-mission"]);
}

// 9.21, 9.22: who attacks, and with what: each unit of factor 1 or more alone, fighters of 1/2
// in pairs for 1 (an odd one ignored). [{units, factor}].
export function attackGroups(ctx, units, kind) {
  const half = T(ctx)["air-to-ground"]["pair-factor"];
  const key = kind === "support" ? "csf" : "bf";
  const out = [], halves = [];
  for (const p of units) {
    if (p[key] === half) halves.push(p);
    else if (p[key] > 0) out.push({ units: [p], factor: p[key] });
  }
  for (let i = 0; i + 1 < halves.length; i += 2) out.push({ units: [halves[i], halves[i + 1]], factor: halves[i][key] + halves[i + 1][key] });
  return out;
}

function nations(ctx, units) {
  const out = [];
  for (const p of units) { const n = A(ctx).nationality(p); if (out.indexOf(n) < 0) out.push(n); }
  return out.sort();
}

// 9.4241: enemy hexes of the sector next to friendly ground units of the mission's nationality.
function supportTargets(ctx, side, sector, nation) {
  const art = ctx.rules.artillery;
  return A(ctx).sectorHexes(sector).filter((h) => {
    const here = ctx.piecesAt(h).filter(onMap);
    if (!here.length || here.some((q) => q.side === side)) return false;
    if (!here.some((q) => q.side !== side)) return false;
    return ctx.map.neighbors(h).some((n) => ctx.piecesAt(n).some((q) => onMap(q) && q.side === side && art.nationality(q) === nation));
  });
}

// 9.425: enemy stacks and enemy-controlled airfields of the sector.
function strafeTargets(ctx, side, sector) {
  const control = ctx.state.control || {};
  return A(ctx).sectorHexes(sector).filter((h) => {
    const here = ctx.piecesAt(h).filter(onMap);
    if (here.length) return here.every((q) => q.side !== side);
    return ctx.map.hasFeature(h, "airfield") && control[h] && control[h] !== side;
  });
}

// Every mission the active player may fly now. Not kept with ctx.memo: it reads the air units'
// secret fields, which the leak check changes and puts back in the same position.
export function missions(ctx) {
  const s = A(ctx).S();
  if (s.free) return freeMissions(ctx, s.free).concat([{ do: "decline" }]);
  const side = activeSide(ctx);
  const out = [];
  for (const sector of A(ctx).sectors()) {
    if (s.grounded.indexOf(sector) >= 0) continue;
    for (const n of nations(ctx, inBox(ctx, side, sector, "fighter-sweep"))) {
      for (const box of ["combat-support", "strafing"]) out.push({ do: "sweep", sector, nation: n, box });
    }
    for (const box of ["combat-support", "strafing"]) {
      for (const n of nations(ctx, inBox(ctx, side, sector, box))) attacks(ctx, side, sector, box, n, pick(ctx, side, sector, box, n), out);
    }
  }
  return out;
}

// The Combat Support (9.4241) or Strafing/Bombing (9.425) missions `units` of `side` may fly from
// `box` of `sector`, added to `out`.
function attacks(ctx, side, sector, box, n, units, out) {
  const kind = box === "combat-support" ? "support" : "strafe";
  if (!attackGroups(ctx, units, kind).length) return;
  if (kind === "support") {
    for (const hex of supportTargets(ctx, side, sector, n)) out.push({ do: "support", sector, nation: n, hex });
    return;
  }
  for (const hex of strafeTargets(ctx, side, sector)) out.push({ do: "strafe", sector, nation: n, hex });
  if (!A(ctx).onMapSector(sector) && A(ctx).printedCapacity(other(ctx, side), sector) > 0) out.push({ do: "strafe", sector, nation: n, airbase: sector });
}

// 9.421: the missions of the engaged units that survived a Fighter Sweep in their box.
function freeUnits(ctx, f) {
  return f.units.map((id) => ctx.piece(id)).filter((p) => p && p.at === "air" && p.sector === f.sector && p.mission === f.box && !p.flown);
}

function freeMissions(ctx, f) {
  const out = [], units = freeUnits(ctx, f);
  for (const n of nations(ctx, units)) attacks(ctx, f.side, f.sector, f.box, n, units.filter((p) => A(ctx).nationality(p) === n), out);
  return out;
}

// The side to act in the Air Impulse: the engaged side while its free Air Impulse is owed (9.421).
function impulseSide(ctx) {
  const f = A(ctx).S().free;
  return f ? f.side : activeSide(ctx);
}

export function impulseOpen(ctx) {
  if (ctx.option("basic-air-game")) return false;
  return missions(ctx).length > 0;
}

function same(a, b) {
  return a.do === b.do && a.sector === b.sector && a.nation === b.nation && a.box === b.box && a.hex === b.hex && a.airbase === b.airbase;
}

export const impulse = {
  rule: "3.42",
  side(ctx) { return impulseSide(ctx); },
  inactive: "fly an air mission",
  prompt(ctx) {
    const f = A(ctx).S().free;
    if (f) return f.side + ": 9.421 free Air Impulse: the units the Fighter Sweep engaged over " + f.sector + " may fly their mission now, or stay in their box";
    return activeSide(ctx) + ": 3.42 Air Impulse: fly one mission (9.41)";
  },
  actions(ctx) { return missions(ctx); },
  apply(ctx, a) {
    const s = A(ctx).S(), f = s.free;
    if (f) {
      s.free = null;
      if (a.do === "decline") A(ctx).tell(f.side, { rule: "9.421", result: "declined", text: f.side + " keeps the engaged units in their box: no free Air Impulse" });
      else fly(ctx, f.side, a, freeUnits(ctx, f).filter((p) => A(ctx).nationality(p) === a.nation), null, true);
      ctx.done();
      return;
    }
    const side = activeSide(ctx);
    const c = composing(ctx, side, a);
    if (c) {
      s.compose = c;
      ctx.interrupt("air-missions.compose", null, "9.41 compose the mission");
    } else fly(ctx, side, a, null, null, true);
    ctx.done();
  },
  why(ctx, a) {
    if (!missions(ctx).some((m) => same(m, a))) return { rule: "9.41", reason: "no such mission: it needs unflown units of that nationality in that mission box, in a sector not grounded by Khamsin (6.3), and a target the mission may attack (9.4241, 9.425)" };
    return null;
  },
};

// ---- 9.41 the owner composes the mission -----------------------------------------------------------

const BOX = { sweep: "fighter-sweep", support: "combat-support", strafe: "strafing" };
const ESCORT = { "combat-support": "escort-combat-support", strafing: "escort-strafing" };

function perMission(ctx) { return T(ctx)["mission-composition"]["per-mission"]; }

// The box a mission `a` flies from: its own, or (9.421, {do: "defend"}) the box a sweep found.
function boxOf(a) { return a.do === "defend" ? a.box : BOX[a.do]; }

// The units `side` may put in mission `a`: those of its box, and the escorts of the box beside it
// (9.423; a Fighter Sweep has none), the strongest first, all of one nationality: the mission's, or
// for a package meeting a sweep that of the units already in it (any while it is empty).
function eligible(ctx, side, a, chosen) {
  const box = boxOf(a);
  let nation = a.nation || null;
  if (!nation && chosen && chosen.length) nation = A(ctx).nationality(ctx.piece(chosen[0]));
  return {
    units: inBox(ctx, side, a.sector, box, nation),
    escorts: ESCORT[box] ? inBox(ctx, side, a.sector, ESCORT[box], nation) : [],
  };
}

// The mission to compose, starting from the strongest package, or null when the owner has nothing
// to choose (one unit and no escort).
function composing(ctx, side, a) {
  const e = eligible(ctx, side, a);
  if (e.units.length < 2 && !e.escorts.length) return null;
  const n = perMission(ctx), id = (p) => p.id;
  return { side, mission: a, units: e.units.slice(0, n).map(id), escorts: e.escorts.slice(0, n).map(id) };
}

// 9.421: a free Air Impulse owed after this mission is flown at once, as an interrupt.
function owed(ctx) {
  if (A(ctx).S().free) ctx.interrupt("air-missions.impulse", null, "9.421 free Air Impulse");
}

function names(ctx, ids) { return ids.length ? ids.map((id) => ctx.piece(id).name).join(" and ") : "none"; }

export const compose = {
  rule: "9.41",
  side(ctx) { return A(ctx).S().compose.side; },
  inactive: "compose its air mission",
  prompt(ctx) {
    const c = A(ctx).S().compose, m = c.mission, box = boxOf(m);
    const label = T(ctx)["mission-composition"].boxes[box].label;
    const what = m.do === "defend" ? "9.421 a Fighter Sweep contacts the " + label + " box of " + m.sector + ": meeting it"
      : "9.41 " + label + " in " + m.sector + (m.hex ? " over " + m.hex : m.airbase ? " against the " + m.airbase + " airbase" : "") + ": flying";
    return c.side + ": " + what + " " + names(ctx, c.units) + (ESCORT[box] ? ", escorts " + names(ctx, c.escorts) : "") +
      " (up to " + perMission(ctx) + " each, one nationality); add or drop units, then fly";
  },
  actions(ctx) {
    const c = A(ctx).S().compose, n = perMission(ctx);
    const e = eligible(ctx, c.side, c.mission, c.units.concat(c.escorts));
    const out = c.units.length ? [{ do: "fly" }] : [];
    const least = c.mission.do === "defend" ? 0 : 1;       // a package meeting a sweep may change nationality
    for (const [list, chosen, min] of [[e.units, c.units, least], [e.escorts, c.escorts, 0]]) {
      for (const p of list) {
        if (chosen.indexOf(p.id) >= 0) { if (chosen.length > min) out.push({ do: "drop", unit: p.id }); }
        else if (chosen.length < n) out.push({ do: "add", unit: p.id });
      }
    }
    return out;
  },
  apply(ctx, a) {
    const s = A(ctx).S(), c = s.compose;
    if (a.do === "fly") {
      s.compose = null;
      ctx.done();
      if (c.mission.do === "defend") { engage(ctx, c.units, c.escorts); return; }
      const get = (ids) => ids.map((id) => ctx.piece(id));
      fly(ctx, c.side, c.mission, get(c.units), get(c.escorts), true);
      return;
    }
    const box = boxOf(c.mission);
    const key = ctx.piece(a.unit).mission === box ? "units" : "escorts";
    const order = inBox(ctx, c.side, c.mission.sector, key === "units" ? box : ESCORT[box], null).map((p) => p.id);
    if (a.do === "add") c[key].push(a.unit);
    else c[key].splice(c[key].indexOf(a.unit), 1);
    c[key].sort((x, y) => order.indexOf(x) - order.indexOf(y));
  },
  why(ctx, a) {
    const c = A(ctx).S().compose;
    const n = perMission(ctx);
    if (!a || ["fly", "add", "drop"].indexOf(a.do) < 0) return { rule: "9.41", reason: "choose {do: \"fly\"}, or {do: \"add\" | \"drop\", unit}" };
    if (a.do === "fly") return { rule: "9.41", reason: "the mission needs at least one unit of its box" };
    if (a.do === "drop") return { rule: "9.41", reason: "a mission keeps at least one of its own units; drop only a unit it holds" };
    return { rule: "9.41, 9.423", reason: "a mission takes up to " + n + " unflown units of its box and up to " + n + " escorts of the box beside it, all of one nationality" };
  },
};

// ---- flying a mission ----------------------------------------------------------------------------

// `units`, `escorts`: the package its owner composed (9.41), or the rules fixed (9.421's free Air
// Impulse); when omitted the box's strongest. `ask`: the owners choose what the mission leaves to
// them (the package that meets a sweep, the pairing, the return fire); else the first offered.
// The mission goes on through air-combat.js and ends in finish.
export function fly(ctx, side, a, units, escorts, ask) {
  const s = A(ctx).S(), enemy = other(ctx, side);
  const pkg = units || pick(ctx, side, a.sector, BOX[a.do], a.nation);
  const target = a.hex ? a.hex : a.airbase ? a.airbase + " airbase" : a.sector;
  s.mission = { side, kind: a.do, sector: a.sector, a, ask: !!ask, units: pkg.map((p) => p.id), escorts: [] };
  ctx.rules["air-planning"].count(side, a.do === "sweep" ? "fighter-sweep" : BOX[a.do]);
  A(ctx).tell(side, { rule: "3.42, 9.41", table: "air/mission-composition", uses: USES, result: a.do,
    text: side + " flies " + T(ctx)["mission-composition"].boxes[BOX[a.do]].label + " in " + a.sector + " against " + target + ": " + pkg.map((p) => p.name + " (" + p.aircraft + ")").join(", ") },
    side + " flies " + T(ctx)["mission-composition"].boxes[BOX[a.do]].label + " in " + a.sector + " against " + target + " with " + pkg.map((p) => A(ctx).label(p)).join(" and "));
  if (a.do === "sweep") { sweep(ctx, side, enemy, a, pkg); return; }
  if (!escorts) escorts = pick(ctx, side, a.sector, ESCORT[BOX[a.do]], a.nation);
  for (const p of pkg.concat(escorts)) p.flown = true;
  s.mission.escorts = escorts.map((p) => p.id);
  // 9.422: a Defensive Patrol meets a Strafing/Bombing mission against an airbase of its sector
  const airfield = a.airbase || (a.hex && ctx.map.hasFeature(a.hex, "airfield") && !ctx.piecesAt(a.hex).some(onMap));
  if (a.do === "strafe" && airfield) {
    const dp = pick(ctx, enemy, a.sector, "defensive-patrol", null);
    if (dp.length && ctx.rules["air-combat"].contact(dp, "9.422")) {
      for (const p of dp) p.flown = true;
      s.mission.stage = "patrol";
      s.mission.patrol = dp.map((p) => p.id);
      ctx.rules["air-combat"].begin({ by: enemy, rule: "9.422", I: s.mission.patrol, E: s.mission.escorts, B: s.mission.units, ask });
      return;
    }
  }
  onward(ctx, pkg);
}

// After the air-to-air combat, if any: AAA (9.442), the attack (9.443, 9.444), home.
function onward(ctx, live) {
  const m = A(ctx).S().mission, a = m.a;
  const aaaHexes = a.hex ? [a.hex] : [];
  live = ctx.rules["air-combat"].aaa(aaaHexes, other(ctx, m.side), live, a.do === "support" ? "9.4241" : "9.425");
  if (live.length) attack(ctx, m.side, a, live);
  home(ctx, m.units.concat(m.escorts));
  finish(ctx);
}

function home(ctx, ids) {
  for (const id of ids) { const p = ctx.piece(id); if (p && p.at === "air") A(ctx).toBase(p); }
}

// The mission is over: its units' owners name the airbases they return to (9.4), then a 9.421 free
// Air Impulse it left owed is flown at once (the interrupt pushed last is asked first).
function finish(ctx) {
  const m = A(ctx).S().mission;
  A(ctx).S().mission = null;
  owed(ctx);
  A(ctx).homeward(m.side);
}

// air-combat.js is done: `live`, the ids of the bombers that carry on.
export function foughtOut(ctx, live) {
  const m = A(ctx).S().mission;
  if (m.stage === "patrol") {
    home(ctx, m.patrol);
    onward(ctx, live.map((id) => ctx.piece(id)));
    return;
  }
  swept(ctx, live);
}

// 9.421: a Fighter Sweep.
function sweep(ctx, side, enemy, a, pkg) {
  const m = A(ctx).S().mission;
  let box = "fighter-sweep";
  if (!inBox(ctx, enemy, a.sector, box, null).length) box = a.box;
  const label = T(ctx)["mission-composition"].boxes[box].label;
  if (!inBox(ctx, enemy, a.sector, box, null).length) {
    ctx.trace({ rule: "9.421", result: "empty", text: "the " + enemy + " has no air unit in the Fighter Sweep or " + T(ctx)["mission-composition"].boxes[a.box].label + " box of " + a.sector + ": the sweep finds nothing and goes home" });
    for (const p of pkg) { p.flown = true; A(ctx).toBase(p); }
    finish(ctx);
    return;
  }
  ctx.trace({ rule: "9.421", result: box, text: "the sweep seeks the " + enemy + " " + label + " box of " + a.sector });
  if (!ctx.rules["air-combat"].contact(pkg, "9.421")) { finish(ctx); return; }
  for (const p of pkg) p.flown = true;
  m.box = box;
  // 9.421: the owner of the box makes up the package that meets the sweep
  const c = defending(ctx, enemy, a.sector, box);
  if (m.ask && c.choice) {
    delete c.choice;
    A(ctx).S().compose = c;
    ctx.interrupt("air-missions.compose", null, "9.421 the package that meets the sweep");
    return;
  }
  engage(ctx, c.units, c.escorts);
}

// The package `enemy` meets a sweep with, the box's strongest of one nationality first; `choice`
// when its owner has one.
function defending(ctx, side, sector, box) {
  const all = inBox(ctx, side, sector, box, null);
  const nation = A(ctx).nationality(all[0]);
  const units = pick(ctx, side, sector, box, nation);
  const escorts = ESCORT[box] ? inBox(ctx, side, sector, ESCORT[box], null) : [];
  const n = perMission(ctx), id = (p) => p.id;
  return { side, mission: { do: "defend", sector, box }, units: units.map(id),
    escorts: escorts.filter((p) => A(ctx).nationality(p) === nation).slice(0, n).map(id), choice: all.length > 1 || escorts.length > 0 };
}

// 9.421: the sweepers meet the package (ids): air-to-air combat, the sweep's side intercepting.
function engage(ctx, units, escorts) {
  const m = A(ctx).S().mission;
  for (const id of escorts) ctx.piece(id).flown = true;
  m.metEscorts = escorts.slice();
  ctx.rules["air-combat"].begin({ by: m.side, rule: "9.421", I: m.units, E: escorts, B: units, ask: m.ask });
}

// 9.421 after the combat: the sweepers and the escorts home; the engaged Combat Support or
// Strafing/Bombing units still in their box may fly at once.
function swept(ctx, survivors) {
  const m = A(ctx).S().mission, enemy = other(ctx, m.side);
  home(ctx, m.units.concat(m.metEscorts));
  if (m.box !== "fighter-sweep") {
    const f = { side: enemy, sector: m.sector, box: m.box, units: survivors.slice().sort() };
    if (freeMissions(ctx, f).length) {
      A(ctx).S().free = f;
      ctx.trace({ rule: "9.421", result: "free Air Impulse", text: "the engaged " + enemy + " " + T(ctx)["mission-composition"].boxes[m.box].label + " units that survived may fly a free Air Impulse now, interrupting the activation" });
    }
  }
  finish(ctx);
}

// ---- 9.443, 9.444 the attack -----------------------------------------------------------------------

// The average morale of units (air-to-ground-reading: the mean place on the scale, rounded down).
export function averageMorale(ctx, units) {
  const order = ctx.tables.morale["morale-scale"].order;
  if (!units.length) return null;
  let sum = 0;
  for (const q of units) sum += order.indexOf(ctx.rules.morale.moraleOf(q));
  const mean = sum / units.length;
  return order[T(ctx)["air-to-ground-reading"]["average-round"] === "down" ? Math.floor(mean) : Math.round(mean)];
}

// 9.444 NOTE: an airbase's average morale by its printed capacity.
function airbaseMorale(ctx, hex) {
  const m = T(ctx)["air-to-ground"]["airbase-morale"];
  const row = hex ? T(ctx).airfields.rows.find((r) => r.hex === hex) : null;
  return (row && m[String(row.capacity)]) || m.other;
}

// One group's roll: the CRT column of its factor, the band of the target's morale, the Disruption
// Result; the number of Dis it makes.
export function strike(ctx, group, kind, letter, what, rule) {
  const cols = ctx.tables.crt.crt.columns;
  const col0 = ctx.rules.artillery.column(group.factor);
  const shift = ctx.rules.weather.shifts(kind === "support" || kind === "defend" ? "combat-support" : "bombardment");
  const col = col0 < 0 ? -1 : Math.min(cols.length - 1, col0 + shift);
  const who = group.units.map((p) => A(ctx).label(p)).join(" and ");
  const uses = ["crt/artillery-row", "air/air-to-ground-reading"].concat(USES);
  if (col < 0) {
    ctx.trace({ rule, table: "crt/artillery-row", uses, cell: "factor " + group.factor, result: "-",
      text: who + ": factor " + group.factor + (shift ? ", weather " + shift : "") + " falls below the first column: no effect" });
    return 0;
  }
  const d = ctx.roll(ctx.tables.crt.crt.die, rule + " " + who + " against " + what + " on the " + cols[col] + " column");
  const band = ctx.rules.crt.band(d, col, letter);
  ctx.trace({ rule, table: "crt/crt", uses, cell: "d10=" + d + ", " + cols[col] + ", morale " + letter, result: band,
    text: who + " (factor " + group.factor + (shift ? ", weather " + shift + " shift" : "") + ") against " + what + " (average morale " + letter + "): " + (band === "-" ? "no band" : band) });
  if (band === "-") return 0;
  const d2 = ctx.roll(ctx.tables["fire-combat"]["fire-combat"].die, rule + " Disruption Result (" + band + ")");
  const r = ctx.rules.artillery.disruption(band, d2);
  const g = T(ctx)["air-to-ground"];
  // 9.443, 9.444: what each result counts; All Dis is the group's factor, at least the minimum
  const counts = Object.assign({ "All Dis": Math.max(g["all-dis-minimum"], Math.floor(group.factor)) }, g["dis-count"]);
  const n = counts[r.printed] || 0;
  ctx.trace({ rule, table: "fire-combat/fire-combat", uses: ["air/air-to-ground"].concat(uses), cell: r.row, result: r.printed, text: who + ": " + r.printed + " = " + n + " Dis" });
  return n;
}

function attack(ctx, side, a, live) {
  const s = A(ctx).S(), enemy = other(ctx, side);
  const g = T(ctx)["air-to-ground"];
  if (a.do === "support") {
    const units = ctx.piecesAt(a.hex).filter((q) => onMap(q) && q.side === enemy);
    const letter = averageMorale(ctx, units);
    let n = 0;
    for (const grp of attackGroups(ctx, live, "support")) n += strike(ctx, grp, "support", letter, a.hex, "9.443");
    release(ctx, units);
    if (!n) return;
    const m = s.markers[a.hex] || (s.markers[a.hex] = { side, R: 0, L: 0 });
    m.side = side;
    m.R = Math.min(g["combat-support"].max, m.R + n * g["combat-support"]["per-dis"]);
    ctx.trace({ rule: "9.443, B.131", table: "air/air-to-ground", uses: ["air/air-to-ground-reading"], cell: { hex: a.hex }, result: m.R + "R",
      text: "Combat Support marker " + m.R + "R on " + a.hex + " for the next Regular Combat against it (at most " + g["combat-support"].max + "R)" });
    return;
  }
  const base = a.airbase || (a.hex && ctx.map.hasFeature(a.hex, "airfield") && !ctx.piecesAt(a.hex).some(onMap) ? a.hex : null);
  if (base) {
    const sector = a.airbase || a.sector;
    const letter = airbaseMorale(ctx, a.airbase ? null : a.hex);
    let n = 0;
    for (const grp of attackGroups(ctx, live, "strafe")) n += strike(ctx, grp, "strafe", letter, sector + " airbase", "9.444");
    if (!n) return;
    s.damage[enemy][sector] = A(ctx).damageOf(enemy, sector) + n;
    ctx.trace({ rule: "9.444, B.129", table: "air/air-to-ground", cell: { sector }, result: s.damage[enemy][sector],
      text: n + " damage point" + (n === 1 ? "" : "s") + " on the " + enemy + " airbase of " + sector + ": capacity " + A(ctx).capacity(enemy, sector) });
    A(ctx).excess(enemy, sector);
    return;
  }
  const units = ctx.piecesAt(a.hex).filter((q) => onMap(q) && q.side === enemy).sort(byId);
  const letter = averageMorale(ctx, units);
  let n = 0;
  for (const grp of attackGroups(ctx, live, "strafe")) n += strike(ctx, grp, "strafe", letter, a.hex, "9.444");
  release(ctx, units);
  // each Dis one unit more, those not yet Disrupted first (air-to-ground-reading); HQs ignore it
  const order = units.filter((q) => ctx.rules.artillery.targetable(q, a.hex).ok).sort((x, y) => (x.disrupted - y.disrupted) || byId(x, y));
  for (let k = 0; k < n && k < order.length; k++) {
    ctx.rules.disruption.disrupt(order[k].id, "strafing", "9.444", null, ["air/air-to-ground-reading"]);
  }
}

function release(ctx, units) {
  const f = {};
  for (const q of units) if (q.formation) f[q.formation] = true;
  for (const id of Object.keys(f).sort()) ctx.rules.activation.release(id);
}

// ---- 9.4242 Defensive Combat Support: a step of the Combat Impulse --------------------------------

// The combat section's queue runs {k: "air", ci, when: "before" | "after"} around each Regular
// Combat: before it the defender may fly its Combat Support box (9.4242); after it the hex's Combat
// Support markers are gone (B.131).
export function combatStep(ctx, st) {
  const c = ctx.state.combat.imp.combats[st.ci];
  if (st.when === "after") { delete A(ctx).S().markers[c.hex]; return []; }
  if (ctx.option("basic-air-game")) { ctx.rules["air-basic"].closeAir(c); return []; }
  // answered: one Defensive Combat Support mission (or none) per Regular Combat
  if (st.chosen) return [];
  const sector = defensiveSector(ctx, c);
  if (!sector) return [];
  st.side = c.enemy;
  st.rule = "9.4242";
  st.sector = sector;
  st.prompt = c.enemy + ": 9.4242 fly Defensive Combat Support from the " + sector + " Combat Support box over " + c.hex + "?";
  st.why = "the defender may fly its Combat Support box of the hex's sector before the Regular Combat (9.4242)";
  // the owner's packages are listed by the decision (defensive), from its own display; the queue
  // keeps only the public shape: fly (the strongest, when the impulse resolves by itself) or not
  st.opts = [{ do: "support" }, { do: "pass" }];
  st.decision = "air-missions.defensive";
  st.args = { side: c.enemy, sector, hex: c.hex };
  return [st];
}

// 9.41, 9.4242: the packages `side` may fly from the Combat Support box of `sector`: one or two
// units of one nationality (up to per-mission) that make an attack (9.21, 9.22), the strongest first.
function packages(ctx, side, sector) {
  const box = inBox(ctx, side, sector, "combat-support", null);
  if (!box.length) return [];
  const key = (ids) => ids.join(",");
  const first = pick(ctx, side, sector, "combat-support", A(ctx).nationality(box[0])).map((p) => p.id);
  const out = [first], seen = new Set([key(first)]);
  const n = perMission(ctx);
  for (const nation of nations(ctx, box)) {
    const units = inBox(ctx, side, sector, "combat-support", nation);
    // every set of 1 to n of them, in the box's order
    const grow = (set, from) => {
      if (set.length) {
        const ids = set.map((p) => p.id);
        if (!seen.has(key(ids)) && attackGroups(ctx, set, "support").length) { seen.add(key(ids)); out.push(ids); }
      }
      if (set.length < n) for (let i = from; i < units.length; i++) grow(set.concat([units[i]]), i + 1);
    };
    grow([], 0);
  }
  return out;
}

export const defensive = {
  rule: "9.4242",
  side(ctx, args) { return args.side; },
  inactive: "decide on Defensive Combat Support",
  prompt(ctx, args) {
    return args.side + ": 9.4242 Defensive Combat Support over " + args.hex + " from the " + args.sector + " Combat Support box: which units fly (9.41), or none?";
  },
  actions(ctx, args) {
    return packages(ctx, args.side, args.sector).map((units) => ({ do: "support", units })).concat([{ do: "pass" }]);
  },
  apply(ctx, a) { ctx.rules.combat.answer(a); },
  why(ctx, a, args) {
    return { rule: "9.41, 9.4242", reason: "fly one or two unflown units of one nationality from the " + args.sector + " Combat Support box that make an attack (9.21, 9.22), or pass" };
  },
};

function defensiveSector(ctx, c) {
  if (!c.defenders || !c.defenders.length) return null;
  for (const sec of A(ctx).sectorsOf(c.hex)) {
    if (A(ctx).S().grounded.indexOf(sec) >= 0) continue;
    const box = inBox(ctx, c.enemy, sec, "combat-support", null);
    if (box.length && attackGroups(ctx, pick(ctx, c.enemy, sec, "combat-support", A(ctx).nationality(box[0])), "support").length) return sec;
  }
  return null;
}

export function combatChoice(ctx, st, a) {
  st.chosen = true;
  if (a.do !== "support") { ctx.trace({ rule: "9.4242", text: st.side + " flies no Defensive Combat Support" }); return; }
  const c = ctx.state.combat.imp.combats[st.ci];
  const side = st.side, s = A(ctx).S();
  // the owner's package (defensive), else the strongest (the impulse resolving by itself)
  const pkg = a.units ? a.units.map((id) => ctx.piece(id)) : pick(ctx, side, st.sector, "combat-support", A(ctx).nationality(inBox(ctx, side, st.sector, "combat-support", null)[0]));
  ctx.rules["air-planning"].count(side, "defensive-support");
  for (const p of pkg) p.flown = true;
  A(ctx).tell(side, { rule: "9.4242", uses: USES, text: side + " flies Defensive Combat Support over " + c.hex + ": " + pkg.map((p) => p.name).join(", ") },
    side + " flies Defensive Combat Support over " + c.hex + " with " + pkg.map((p) => A(ctx).label(p)).join(" and "));
  const attackers = c.attackers.map((id) => ctx.piece(id)).filter(onMap);
  const hexes = [];
  for (const p of attackers) if (hexes.indexOf(p.hex) < 0) hexes.push(p.hex);
  const live = ctx.rules["air-combat"].aaa(hexes.sort(), c.side, pkg, "9.4242");
  const letter = averageMorale(ctx, attackers);
  let n = 0;
  for (const grp of attackGroups(ctx, live, "support")) n += strike(ctx, grp, "defend", letter, "the attackers of " + c.hex, "9.4242");
  // home to any friendly airbase within range of the sector, its owner's choice (9.4241 as 9.4)
  for (const p of pkg) if (p.at === "air") A(ctx).sendHome(p, st.sector, "9.4242");
  A(ctx).homeward(side);
  if (!n) return;
  const g = T(ctx)["air-to-ground"]["defensive-support"];
  const m = s.markers[c.hex] || (s.markers[c.hex] = { side: c.side, R: 0, L: 0 });
  m.L = Math.min(g.max, m.L + n * Math.abs(g["per-dis"]));
  ctx.trace({ rule: "9.4242, B.131", table: "air/air-to-ground", uses: ["air/air-to-ground-reading"], cell: { hex: c.hex }, result: m.L + "L",
    text: "Combat Support marker " + m.L + "L on " + c.hex + " (at most " + g.max + "L)" });
}
