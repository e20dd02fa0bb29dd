// Crusader exclusive rules 19.0 scenarios: victory conditions 19.17 (Campaign), victory points
// 19.27 (Sidi Rezeg) and 19.37 (Dash to the Wire, with 19.36 on units destroyed before it), and the
// scenario bookkeeping set up with the start position. Table: tables/crusader/victory.yaml; each
// scenario's victory.table names the table that decides it.
//
// State: state.victory = {scenario, table, previouslyDestroyed, hexes: {hex: side|null},
// at: {piece id: hex}} (hexes and at only where 19.37 scores hexes).

function other(ctx, side) { return ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0]; }

function cap(side) { return side.charAt(0).toUpperCase() + side.slice(1); }

// ---- set-up ------------------------------------------------------------------------------------

// 3.0: the standard set-up, then what 18.1 and 19.x need to know about the scenario.
export function setup(ctx, scenario) {
  ctx.rules.setup.setup(scenario);
  const s = ctx.state;
  if (!s.eliminated) s.eliminated = [];
  if (!s.exited) s.exited = [];
  const vic = scenario.victory || {};
  const special = scenario.special || {};
  const table = vic.table || "campaign";
  if (!ctx.table[table]) throw new Error("scenario " + scenario.id + ": victory.table names \"" + table + "\", which victory.yaml does not have");
  const prev = special["previously-destroyed"] ? special["previously-destroyed"].units.slice().sort() : [];
  s.victory = { scenario: scenario.id, table, previouslyDestroyed: prev };
  const t = ctx.table[table];
  if (t.hexes) {
    // 19.37, reading 6: nobody holds the victory hexes when the scenario starts
    s.victory.hexes = {};
    for (const h of t.hexes.list) s.victory.hexes[h] = null;
    s.victory.at = positions(ctx);
    claimOccupied(ctx, "set-up");
  }
  // 18.1: the diversion, where the scenario has it in effect (19.36: resolved with no effect)
  const div = special.diversion || {};
  s.diversion = { inEffect: div["in-effect"] === true, rolled: false, success: null, rolls: [], required: 0,
    penaltyDone: false, removed: [], withdrawn: [], lastTurn: scenario.turns.last };
  if (div.resolved) {
    s.diversion.rolled = true;
    s.diversion.success = false;
    ctx.trace({ rule: div.rule || "18.1", uses: ctx.rules.setup.uses("scenario"), result: div.resolved, text: "18.1 the British diversion counts as already resolved, with no effect (" + (div.rule || "scenario") + ")" });
  }
  ctx.trace({ rule: t.rule, table, uses: ctx.rules.setup.uses("scenario"), result: table,
    text: scenario.id + ": victory by " + t.rule + (prev.length ? "; " + prev.length + " units destroyed before the scenario are worth " + beforeWorth(t) + " (19.36)" : "") });
}

// 19.36: what a unit destroyed before the scenario is worth to the enemy, in words.
function beforeWorth(t) {
  const n = t["previously-destroyed-units"] ? t["previously-destroyed-units"]["points-each"] : 0;
  return n ? n + " points each" : "nothing";
}

// ---- unit values and the route to Tobruk -------------------------------------------------------

// 19.27: what a destroyed unit is worth: attack + defense, or barrage + FPF for artillery,
// from the printed values (reading 5).
export function unitValue(ctx, p) {
  const u = ctx.tables.units.units["by-id"][p.unit || p.id];
  const v = u ? u.values : p;
  const art = p.artillery;
  const keys = ctx.table["victory-points"]["destroyed-enemy-unit"][art ? "artillery" : "non-artillery"];
  let sum = 0;
  for (const k of keys) sum += v[k] || 0;
  return sum;
}

// 19.17 British nr. 1: a chain of hexes from any east-edge hex to Tobruk, every hex (both ends
// included) free of Axis units and Axis zones of control; sea and prohibited hexes are not part of
// it (reading 1). Returns {open, path (east edge to Tobruk), blockedAt?, reason?}: the shortest
// chain, every land hex counting 1 and Axis-held and Axis-controlled hexes closed. Only the Axis
// units' places decide it, so it is recalled by them (ctx.recall): British moves leave it standing.
export function route(ctx) {
  return ctx.memo("route", () => {
    const R = routeRule(ctx);
    let key = "";
    for (const p of ctx.pieces()) if (p.side === R.side && p.hex && p.at === "map") key += p.hex + " ";
    return ctx.recall("route " + key, () => routeNow(ctx, R));
  });
}

// 19.17 nr. 1 as the tables state it, once per rules context: the side whose units (and zones)
// the route must be free of, whether its two ends count, and the terrain it may not cross
// (reading 1, the table named by readings route-closed-terrain).
function routeRule(ctx) {
  return ctx.once("route rule", () => {
    const r = ctx.table.campaign["route-to-tobruk"];
    const free = { side: null, units: false, zoc: false };
    for (const f of r["hexes-free-of"]) {
      const cut = f.lastIndexOf("-"), side = f.slice(0, cut), what = f.slice(cut + 1);
      if (ctx.sides.indexOf(side) < 0 || (what !== "units" && what !== "zoc") || (free.side && free.side !== side)) {
        throw new Error("victory.yaml campaign route-to-tobruk hexes-free-of: expected <side>-units and <side>-zoc of one side, found " + JSON.stringify(f));
      }
      free.side = side;
      free[what] = true;
    }
    const [sec, tab] = ctx.table.readings["route-closed-terrain"].split(".");
    return Object.freeze({ r, side: free.side, units: free.units, zoc: free.zoc, ends: r["terminal-hexes-included"] !== false,
      closed: ctx.tables[sec][tab].closed });
  });
}

function routeNow(ctx, R) {
  const r = R.r, closed = R.closed;
  const board = ctx.rules.setup.board(), n = ctx.map.ids.length;
  // why each hex is shut: 1 holds a unit of the side, 2 is in its zone of control
  const shut = new Uint8Array(n);
  if (R.units) for (const p of ctx.pieces((q) => q.side === R.side && q.hex && q.at === "map")) shut[ctx.map.index(p.hex)] = 1;
  if (R.zoc) {
    const zoc = ctx.rules.zoc.bits(R.side);
    for (let i = 0; i < n; i++) if (zoc[i] === 1 && !shut[i]) shut[i] = 2;
  }
  const to = ctx.map.index(r.to);
  const who = R.side.charAt(0).toUpperCase() + R.side.slice(1);
  if (shut[to] && R.ends) return { open: false, blockedAt: r.to, reason: r.to + " " + (shut[to] === 1 ? "holds an " + who + " unit" : "is in an " + who + " zone of control") };
  const land = board.terrains.map((t) => closed.indexOf(t) < 0);
  // breadth first out from Tobruk, every land hex costing 1: the kernel's cheapest-path search
  // settles the hexes of each distance in map order and keeps the first hex that reached each one,
  // so this gives the same distances and the same path
  const fromZone = ctx.map.zone(r.from);
  // reading the ends out (terminal-hexes-included false): an east-edge hex may be shut and still end it
  const edge = new Set(R.ends ? [] : fromZone.map((h) => ctx.map.index(h)));
  const dist = new Int32Array(n).fill(-1), prev = new Int32Array(n).fill(-1);
  dist[to] = 0;
  let level = [to];
  while (level.length) {
    level.sort((a, b) => a - b);
    const next = [];
    for (const h of level) {
      for (let d = 0; d < 6; d++) {
        const j = board.nb[h * 6 + d];
        if (j < 0 || dist[j] >= 0 || (shut[j] && (R.ends || !edge.has(j))) || !land[board.terr[j]]) continue;
        dist[j] = dist[h] + 1;
        prev[j] = h;
        if (!shut[j]) next.push(j);                                     // a shut end hex ends the chain there
      }
    }
    level = next;
  }
  let end = -1;
  for (const h of fromZone) {
    const i = ctx.map.index(h);
    if (i === to || dist[i] < 0) continue;
    if (end < 0 || dist[i] < dist[end] || (dist[i] === dist[end] && h < ctx.map.ids[end])) end = i;
  }
  if (end < 0) return { open: false, reason: "every chain of hexes from the " + r.from + " to " + r.to + " meets an " + who + " unit or zone of control" };
  const path = [];
  for (let h = end; h >= 0; h = prev[h]) path.push(ctx.map.ids[h]);     // east edge first
  return { open: true, path };
}

// ---- the points and conditions -----------------------------------------------------------------

// The units of `side` destroyed in play (19.17, 19.27): eliminated, not destroyed before the
// scenario (19.36); units removed as the 18.2 penalty and units that exited counted as the
// readings say (penalty-removals-count-as-destroyed, exited-count-as-destroyed).
function destroyed(ctx, side) {
  const prev = ctx.state.victory.previouslyDestroyed;
  const r = ctx.table.readings, removed = r["penalty-removals-count-as-destroyed"], exited = r["exited-count-as-destroyed"];
  return ctx.piecesById((p) => p.side === side && !p.beforeStart && prev.indexOf(p.id) < 0 &&
    ((p.at === "eliminated" && (removed || !p.removedBy)) || (exited && p.at === "exited")));
}

function nationality(ctx, p) {
  const u = ctx.tables.units.units["by-id"][p.unit || p.id];
  return u ? u.nationality : null;
}

// 19.17: the campaign conditions, each with what was counted. trace=true writes the entries.
export function campaign(ctx, trace) {
  const t = ctx.table.campaign;
  const rt = route(ctx);
  const axis = routeRule(ctx).side, british = other(ctx, axis);
  const axisLost = destroyed(ctx, axis);
  const german = axisLost.filter((p) => nationality(ctx, p) === "german");
  const onMap = ctx.pieces((p) => p.side === axis && p.at === "map" && p.hex).length;
  const britishLost = destroyed(ctx, british).length;
  const [byLosses, byMap] = t["axis-losses"]["any-of"];
  const atLeast = byLosses["axis-units-destroyed-at-least"], germanAtLeast = byLosses["of-them-german-at-least"], fewer = byMap["axis-units-on-map-fewer-than"];
  const lossesMet = (axisLost.length >= atLeast && german.length >= germanAtLeast) || onMap < fewer;
  const second = t["axis-wins"][1];
  const lostMore = second["british-units-lost-more-than"], atMost = second["axis-units-destroyed-at-most"];
  const costly = britishLost > lostMore && axisLost.length <= atMost;
  if (trace) {
    ctx.trace({ rule: t["route-to-tobruk"].rule, table: "campaign", uses: ctx.rules.setup.uses("map", "victory/readings"), cell: { condition: "route-to-tobruk" }, result: rt.open,
      text: "19.17 British nr. 1, route to Tobruk: " + (rt.open ? "open, " + rt.path.join(" ") : "closed (" + rt.reason + ")") });
    for (const p of axisLost) {
      ctx.trace({ rule: t["axis-losses"].rule, table: "campaign", cell: { destroyed: p.id, nationality: nationality(ctx, p) }, result: 1,
        text: "19.17 Axis unit destroyed: " + p.id + " (" + nationality(ctx, p) + (p.removedBy ? ", removed under " + p.removedBy : "") + ")" });
    }
    ctx.trace({ rule: t["axis-losses"].rule, table: "campaign", uses: ctx.rules.setup.uses("victory/readings"), cell: { destroyed: axisLost.length, german: german.length, "on-map": onMap }, result: lossesMet,
      text: "19.17 British nr. 2: " + axisLost.length + " Axis units destroyed (" + german.length + " German; " + atLeast + " with " + germanAtLeast + " German needed), " +
        onMap + " Axis units on the map (fewer than " + fewer + " needed): " + (lossesMet ? "met" : "not met") });
    ctx.trace({ rule: second.rule, table: "campaign", uses: ctx.rules.setup.uses("victory/readings"), cell: { "british-lost": britishLost, "axis-destroyed": axisLost.length }, result: costly,
      text: "19.17 Axis nr. 2: British units lost " + britishLost + " (more than " + lostMore + "?), Axis units destroyed " + axisLost.length + " (" + atMost + " or fewer?): " + (costly ? "yes" : "no") });
  }
  return { route: rt.open, path: rt.path || null, axisDestroyed: axisLost.length, germanDestroyed: german.length, axisOnMap: onMap,
    britishLost, lossesMet, costly };
}

// 19.27 (and 19.37 where the scenario's table adds to it): every point, as a list of items.
export function points(ctx, trace) {
  const table = ctx.state.victory.table;
  const t = ctx.table[table];
  const vp = ctx.table["victory-points"];
  const items = [];
  const add = (side, pts, rule, cell, text) => {
    items.push({ side, points: pts, rule, cell, text });
    if (trace) ctx.trace({ rule, table: table === "campaign" ? "victory-points" : table, uses: ctx.rules.setup.uses("victory/readings"), cell, result: pts, text: text + ": " + pts + " to " + side });
  };
  // 19.27: each enemy unit destroyed (19.36: not those destroyed before the scenario)
  for (const side of ctx.sides) {
    const enemy = other(ctx, side);
    for (const p of destroyed(ctx, enemy)) {
      const art = p.artillery;
      add(side, unitValue(ctx, p), vp.rule, { destroyed: p.id, kind: art ? "artillery" : "non-artillery" },
        "19.27 " + p.id + " destroyed (" + (art ? "barrage + FPF" : "attack + defense") + ")");
    }
  }
  // 19.36: units destroyed before the scenario, at what the table makes them worth (nothing)
  const before = t["previously-destroyed-units"];
  if (before && before["points-each"]) {
    for (const id of ctx.state.victory.previouslyDestroyed) {
      const p = ctx.piece(id);
      if (p) add(other(ctx, p.side), before["points-each"], before.rule, { destroyed: id, before: true }, "19.36 " + id + " destroyed before the scenario");
    }
  }
  // 19.27: the British route to Tobruk (19.17 nr. 1)
  const rt = route(ctx);
  // (the route's points also go by the board and the readings: the route trace above names them)
  if (rt.open) add(vp["route-to-tobruk"].side, vp["route-to-tobruk"].points, vp["route-to-tobruk"].rule, { "route-to-tobruk": rt.path.join(" ") }, "19.27 route to Tobruk open");
  else if (trace) ctx.trace({ rule: vp["route-to-tobruk"].rule, table: "victory-points", cell: { "route-to-tobruk": "closed" }, result: 0, text: "19.27 no route to Tobruk: " + rt.reason });
  if (t.hexes) {
    // 19.37: points for each of the hexes (3516, 3614) a unit of the side was last to occupy or move through
    const v = ctx.state.victory, hs = t.hexes.side;
    for (const h of t.hexes.list) {
      if (v.hexes[h] === hs) add(hs, t.hexes["points-each"], t.rule, { hex: h, last: hs }, "19.37 hex " + h + " last occupied or passed by a unit of " + hs);
      else if (trace) ctx.trace({ rule: t.rule, table, cell: { hex: h, last: v.hexes[h] }, result: 0, text: "19.37 hex " + h + ": last held by " + (v.hexes[h] || "nobody") + ", no points" });
    }
    // 19.37: points for each enemy unit (British) out of supply at the end
    const us = t["unsupplied-british-units"].side, them = other(ctx, us);
    for (const p of ctx.piecesById((q) => q.side === them && q.at === "map" && q.hex)) {
      if (!ctx.rules.supply.supplied(p)) add(us, t["unsupplied-british-units"]["points-each"], t.rule, { unsupplied: p.id, hex: p.hex }, "19.37 " + p.id + " out of supply in " + p.hex);
    }
  }
  const total = {};
  for (const side of ctx.sides) total[side] = 0;
  for (const i of items) total[i.side] += i.points;
  return Object.assign(total, { items });
}

// ---- the determination ---------------------------------------------------------------------------

// 19.17 / 19.27 / 19.37: at the end of the last Game-Turn.
export function determine(ctx) {
  const v = ctx.state.victory;
  const t = ctx.table[v.table];
  if (v.table === "campaign") {
    const c = campaign(ctx, true);
    const axis = routeRule(ctx).side, british = other(ctx, axis), overlap = ctx.table.readings.overlap;
    let winner, level, reason;
    if (!c.route || !c.lossesMet) {
      winner = axis; level = "19.17 Axis nr. 1";
      reason = "the British fail " + (!c.route && !c.lossesMet ? "both conditions" : !c.route ? "condition 1 (route to Tobruk)" : "condition 2 (Axis losses)");
    } else if (c.costly && overlap !== "british-wins") {
      // reading 3: both British conditions met and Axis nr. 2 as well (overlap: axis-wins, or draw)
      winner = overlap === "draw" ? null : axis; level = overlap === "draw" ? "draw (19.17 overlap)" : "19.17 Axis nr. 2";
      reason = "the British meet both conditions but lost " + c.britishLost + " units while destroying only " + c.axisDestroyed;
    } else {
      winner = british; level = "19.17 British";
      reason = "route to Tobruk open and " + c.axisDestroyed + " Axis units destroyed (" + c.germanDestroyed + " German), " + c.axisOnMap + " left on the map";
    }
    ctx.trace({ rule: "19.17", table: "campaign", uses: ctx.rules.setup.uses("map", "victory/readings"), cell: { route: c.route, losses: c.lossesMet, costly: c.costly }, result: winner, text: "19.17 " + winner + " wins: " + reason });
    ctx.gameOver({ winner, level, reason, turn: ctx.turn, points: null, conditions: c });
    return;
  }
  // 19.27: the higher total wins (reading 4: equal totals are a tie)
  const pts = points(ctx, true);
  const tie = ctx.table.readings.tie;
  const [a, b] = ctx.sides.slice().reverse();
  const winner = pts[a] > pts[b] ? a : pts[b] > pts[a] ? b : null;
  const reason = "victory points: " + cap(a) + " " + pts[a] + ", " + cap(b) + " " + pts[b] + (winner ? "" : " (equal: " + tie + ")");
  ctx.trace({ rule: t.rule, table: v.table, uses: ctx.rules.setup.uses("map", "victory/readings", "scenario"), cell: { [a]: pts[a], [b]: pts[b] }, result: winner || tie, text: t.rule + " " + reason });
  const total = {};
  for (const side of ctx.sides) total[side] = pts[side];
  ctx.gameOver({ winner, level: winner ? t.rule + " higher total" : tie, reason, turn: ctx.turn, points: total });
}

// ---- for the variant lab and the inspector --------------------------------------------------------

// Numbers summarised over many games (system.yaml metrics): victory points, the route, losses,
// and the diversion.
export function metrics(ctx) {
  const v = ctx.state.victory || {};
  const c = campaign(ctx, false);
  const out = {
    "route-to-tobruk": c.route ? 1 : 0,
    "axis-destroyed": c.axisDestroyed,
    "german-destroyed": c.germanDestroyed,
    "german-armour-destroyed": destroyed(ctx, routeRule(ctx).side).filter((p) => germanArmour(ctx, p)).length,
    "british-lost": c.britishLost,
    "axis-on-map": c.axisOnMap,
  };
  if (v.table && v.table !== "campaign") {
    const pts = points(ctx, false);
    out["vp-axis"] = pts.axis;
    out["vp-british"] = pts.british;
  }
  const d = ctx.state.diversion;
  if (d && d.inEffect) {
    out["diversion-success"] = d.success ? 1 : 0;
    out["diversion-required"] = d.required || 0;
    if (d.penaltyDone) out["diversion-shortfall"] = d.shortfall || 0;
  }
  return out;
}

// 20.0's "big German armoured units", as the variant lab counts them (the metric
// german-armour-destroyed; the heuristic player weighs them higher): German, mechanized, not
// artillery, attack 3 or more. Not a rule: it decides no outcome, so it is no table's.
const GERMAN_ARMOUR = Object.freeze({ nationality: "german", mechanized: true, artillery: false, "attack-at-least": 3 });

// The units table alone decides it: the set of units is made once per rules context.
export function germanArmour(ctx, p) {
  return armourUnits(ctx).has(p.unit || p.id);
}

function armourUnits(ctx) {
  return ctx.once("german armour", () => {
    const a = GERMAN_ARMOUR, by = ctx.tables.units.units["by-id"], types = ctx.tables.units.types["by-id"];
    return new Set(Object.keys(by).filter((id) => {
      const u = by[id], t = types[id].type;
      return u.nationality === a.nationality && !!t.mechanized === a.mechanized && !!t.artillery === a.artillery &&
        (u.values.attack || 0) >= a["attack-at-least"];
    }));
  });
}

// Inspector overlay: the route to Tobruk, numbered from the east edge (empty when closed).
export function routeOverlay(ctx) {
  const r = route(ctx);
  const out = {};
  if (r.open) r.path.forEach((h, i) => { out[h] = i; });
  return out;
}

// ---- 19.37: who last occupied or moved through the victory hexes ----------------------------

export function watching(ctx) {
  const v = ctx.state.victory;
  return !!(v && v.hexes);
}

// routeHexes(side): the 19.37 hexes a move of `side` may be routed through to take them (those
// not already `side`'s): [{hex, rule, points}]; none in scenarios that do not count them.
export function routeHexes(ctx, side) {
  if (!watching(ctx)) return [];
  const v = ctx.state.victory, t = ctx.table[v.table];
  const points = t && t.hexes ? t.hexes["points-each"] : 0;
  return Object.keys(v.hexes).sort().filter((h) => v.hexes[h] !== side).map((hex) => ({ hex, rule: "19.37", points }));
}

// 19.37: the movement section reports every completed move with its path (hook afterMove): each
// victory hex on the path, the end hex included, goes to the mover's side.
export function afterMove(ctx, piece, path) {
  if (!watching(ctx)) return;
  const v = ctx.state.victory;
  for (const h of path || []) if (v.hexes[h] !== undefined) claim(ctx, h, piece.side, piece.id + " moved " + (h === piece.hex ? "into" : "through") + " it");
  if (piece.hex && piece.at === "map") v.at[piece.id] = piece.hex;
  else delete v.at[piece.id];
}

// 19.37 after a Combat Phase: units that retreated or advanced are taken along the hex line from
// where they were to where they are (reading 6), the non-phasing side's first (the defender
// retreats before the attacker advances); then every occupied victory hex goes to its occupant.
export function watchCombat(ctx) {
  const v = ctx.state.victory;
  const order = ctx.sides.filter((s) => s !== ctx.active).concat([ctx.active]);
  const now = positions(ctx);
  const hexes = Object.keys(v.hexes).sort();
  for (const side of order) {
    for (const id of Object.keys(now).sort()) {
      const p = ctx.piece(id);
      const from = v.at[id], to = now[id];
      if (p.side !== side || !from || from === to) continue;
      const near = hexes.filter((h) => h !== to && ctx.map.distance(from, h) + ctx.map.distance(h, to) <= ctx.map.distance(from, to) + 1);
      if (!near.length) continue;
      const way = ctx.map.line(from, to);
      for (const h of near) if (way.indexOf(h) >= 0) claim(ctx, h, side, p.id + " went through it after combat (" + from + " to " + to + ")");
    }
  }
  v.at = now;
  claimOccupied(ctx, "end of the Combat Phase");
}

function positions(ctx) {
  const out = {};
  for (const p of ctx.pieces((q) => q.at === "map" && q.hex)) out[p.id] = p.hex;
  return out;
}

function claimOccupied(ctx, when) {
  const v = ctx.state.victory;
  for (const p of ctx.piecesById((q) => q.at === "map" && q.hex && v.hexes[q.hex] !== undefined)) {
    claim(ctx, p.hex, p.side, p.id + " occupies it (" + when + ")");
  }
}

function claim(ctx, hex, side, why) {
  const v = ctx.state.victory;
  if (v.hexes[hex] === side) return;
  v.hexes[hex] = side;
  ctx.trace({ rule: "19.37", table: "dash-to-the-wire", uses: ctx.rules.setup.uses("map", "victory/readings"), cell: { hex }, result: side, text: "19.37 hex " + hex + " now last held by " + side + ": " + why });
}
