// Crusader exclusive rules 19.0 scenarios: victory conditions 19.17 (Campaign), victory points
// 19.27 (Sidi Rezeg) and 19.37 (Dash to the Wire, with 19.36 on units destroyed before it), and the
// scenario bookkeeping set up with the start position. Table: tables/crusader/victory.yaml; each
// scenario's victory.table names the table that decides it.
//
// State: state.victory = {scenario, table, previouslyDestroyed, hexes: {hex: side|null},
// at: {piece id: hex}} (hexes and at only where 19.37 scores hexes).

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
    ctx.trace({ rule: div.rule || "18.1", result: div.resolved, text: "18.1 the British diversion counts as already resolved, with no effect (" + (div.rule || "scenario") + ")" });
  }
  ctx.trace({ rule: t.rule, table, result: table,
    text: scenario.id + ": victory by " + t.rule + (prev.length ? "; " + prev.length + " units destroyed before the scenario are worth nothing (19.36)" : "") });
}

// ---- unit values and the route to Tobruk -------------------------------------------------------

// 19.27: what a destroyed unit is worth: attack + defense, or barrage + FPF for artillery,
// from the printed values (reading 5).
export function unitValue(ctx, p) {
  const u = ctx.tables.units.units["by-id"][p.unit || p.id];
  const v = u ? u.values : p;
  const art = u ? u.type.artillery : p.artillery;
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
    let axis = "";
    for (const p of ctx.pieces()) if (p.side === "axis" && p.hex && p.at === "map") axis += p.hex + " ";
    return ctx.recall("route " + axis, () => routeNow(ctx));
  });
}

function routeNow(ctx) {
  const r = ctx.table.campaign["route-to-tobruk"];
  const closed = ctx.tables.movement["closed-hexes"].closed;
  const board = ctx.rules.setup.board(), n = ctx.map.ids.length;
  // why each hex is shut: 1 holds an Axis unit, 2 is in an Axis zone of control
  const shut = new Uint8Array(n);
  for (const p of ctx.pieces((q) => q.side === "axis" && q.hex && q.at === "map")) shut[ctx.map.index(p.hex)] = 1;
  const zoc = ctx.rules.zoc.bits("axis");
  for (let i = 0; i < n; i++) if (zoc[i] === 1 && !shut[i]) shut[i] = 2;
  const to = ctx.map.index(r.to);
  if (shut[to]) return { open: false, blockedAt: r.to, reason: r.to + " " + (shut[to] === 1 ? "holds an Axis unit" : "is in an Axis zone of control") };
  const land = board.terrains.map((t) => closed.indexOf(t) < 0);
  // breadth first out from Tobruk, every land hex costing 1: the kernel's cheapest-path search
  // settles the hexes of each distance in map order and keeps the first hex that reached each one,
  // so this gives the same distances and the same path
  const dist = new Int32Array(n).fill(-1), prev = new Int32Array(n).fill(-1);
  dist[to] = 0;
  let level = [to];
  while (level.length) {
    level.sort((a, b) => a - b);
    const next = [];
    for (const h of level) {
      for (let d = 0; d < 6; d++) {
        const j = board.nb[h * 6 + d];
        if (j < 0 || dist[j] >= 0 || shut[j] || !land[board.terr[j]]) continue;
        dist[j] = dist[h] + 1;
        prev[j] = h;
        next.push(j);
      }
    }
    level = next;
  }
  let end = -1;
  for (const h of ctx.map.zone(r.from)) {
    const i = ctx.map.index(h);
    if (i === to || dist[i] < 0) continue;
    if (end < 0 || dist[i] < dist[end] || (dist[i] === dist[end] && h < ctx.map.ids[end])) end = i;
  }
  if (end < 0) return { open: false, reason: "every chain of hexes from the east edge to " + r.to + " meets an Axis unit or zone of control" };
  const path = [];
  for (let h = end; h >= 0; h = prev[h]) path.push(ctx.map.ids[h]);     // east edge first
  return { open: true, path };
}

// ---- the points and conditions -----------------------------------------------------------------

function destroyed(ctx, side) {
  const prev = ctx.state.victory.previouslyDestroyed;
  return ctx.piecesById((p) => p.side === side && p.at === "eliminated" && !p.beforeStart && prev.indexOf(p.id) < 0);
}

function nationality(ctx, p) {
  const u = ctx.tables.units.units["by-id"][p.unit || p.id];
  return u ? u.nationality : null;
}

// 19.17: the campaign conditions, each with what was counted. trace=true writes the entries.
export function campaign(ctx, trace) {
  const t = ctx.table.campaign;
  const rt = route(ctx);
  const axisLost = destroyed(ctx, "axis");
  const german = axisLost.filter((p) => nationality(ctx, p) === "german");
  const onMap = ctx.pieces((p) => p.side === "axis" && p.at === "map" && p.hex).length;
  const britishLost = destroyed(ctx, "british").length;
  const [byLosses, byMap] = t["axis-losses"]["any-of"];
  const lossesMet = (axisLost.length >= byLosses["axis-units-destroyed-at-least"] && german.length >= byLosses["of-them-german-at-least"]) ||
    onMap < byMap["axis-units-on-map-fewer-than"];
  const second = t["axis-wins"][1];
  const costly = britishLost > second["british-units-lost-more-than"] && axisLost.length <= second["axis-units-destroyed-at-most"];
  if (trace) {
    ctx.trace({ rule: t["route-to-tobruk"].rule, table: "campaign", cell: { condition: "route-to-tobruk" }, result: rt.open,
      text: "19.17 British nr. 1, route to Tobruk: " + (rt.open ? "open, " + rt.path.join(" ") : "closed (" + rt.reason + ")") });
    for (const p of axisLost) {
      ctx.trace({ rule: t["axis-losses"].rule, table: "campaign", cell: { destroyed: p.id, nationality: nationality(ctx, p) }, result: 1,
        text: "19.17 Axis unit destroyed: " + p.id + " (" + nationality(ctx, p) + (p.removedBy ? ", removed under " + p.removedBy : "") + ")" });
    }
    ctx.trace({ rule: t["axis-losses"].rule, table: "campaign", cell: { destroyed: axisLost.length, german: german.length, "on-map": onMap }, result: lossesMet,
      text: "19.17 British nr. 2: " + axisLost.length + " Axis units destroyed (" + german.length + " German; 11 with 5 German needed), " +
        onMap + " Axis units on the map (fewer than 11 needed): " + (lossesMet ? "met" : "not met") });
    ctx.trace({ rule: second.rule, table: "campaign", cell: { "british-lost": britishLost, "axis-destroyed": axisLost.length }, result: costly,
      text: "19.17 Axis nr. 2: British units lost " + britishLost + " (more than 28?), Axis units destroyed " + axisLost.length + " (14 or fewer?): " + (costly ? "yes" : "no") });
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
    if (trace) ctx.trace({ rule, table: table === "campaign" ? "victory-points" : table, cell, result: pts, text: text + ": " + pts + " to " + side });
  };
  // 19.27: each enemy unit destroyed (19.36: not those destroyed before the scenario)
  for (const side of ["axis", "british"]) {
    const enemy = side === "axis" ? "british" : "axis";
    for (const p of destroyed(ctx, enemy)) {
      const u = ctx.tables.units.units["by-id"][p.unit || p.id];
      const art = u ? u.type.artillery : p.artillery;
      add(side, unitValue(ctx, p), vp.rule, { destroyed: p.id, kind: art ? "artillery" : "non-artillery" },
        "19.27 " + p.id + " destroyed (" + (art ? "barrage + FPF" : "attack + defense") + ")");
    }
  }
  // 19.27: the British route to Tobruk (19.17 nr. 1)
  const rt = route(ctx);
  if (rt.open) add("british", vp["route-to-tobruk"].points, vp["route-to-tobruk"].rule, { "route-to-tobruk": rt.path.join(" ") }, "19.27 route to Tobruk open");
  else if (trace) ctx.trace({ rule: vp["route-to-tobruk"].rule, table: "victory-points", cell: { "route-to-tobruk": "closed" }, result: 0, text: "19.27 no route to Tobruk: " + rt.reason });
  if (t.hexes) {
    // 19.37: 10 points for each of 3516 and 3614 an Axis unit was last to occupy or move through
    const v = ctx.state.victory;
    for (const h of t.hexes.list) {
      if (v.hexes[h] === "axis") add("axis", t.hexes["points-each"], t.rule, { hex: h, last: "axis" }, "19.37 hex " + h + " last occupied or passed by an Axis unit");
      else if (trace) ctx.trace({ rule: t.rule, table, cell: { hex: h, last: v.hexes[h] }, result: 0, text: "19.37 hex " + h + ": last held by " + (v.hexes[h] || "nobody") + ", no points" });
    }
    // 19.37: 2 points for each British unit out of supply at the end
    for (const p of ctx.piecesById((q) => q.side === "british" && q.at === "map" && q.hex)) {
      if (!ctx.rules.supply.supplied(p)) add("axis", t["unsupplied-british-units"]["points-each"], t.rule, { unsupplied: p.id, hex: p.hex }, "19.37 " + p.id + " out of supply in " + p.hex);
    }
  }
  const total = { axis: 0, british: 0 };
  for (const i of items) total[i.side] += i.points;
  return { axis: total.axis, british: total.british, items };
}

// ---- the determination ---------------------------------------------------------------------------

// 19.17 / 19.27 / 19.37: at the end of the last Game-Turn.
export function determine(ctx) {
  const v = ctx.state.victory;
  const t = ctx.table[v.table];
  if (v.table === "campaign") {
    const c = campaign(ctx, true);
    let winner, level, reason;
    if (!c.route || !c.lossesMet) {
      winner = "axis"; level = "19.17 Axis nr. 1";
      reason = "the British fail " + (!c.route && !c.lossesMet ? "both conditions" : !c.route ? "condition 1 (route to Tobruk)" : "condition 2 (Axis losses)");
    } else if (c.costly) {
      winner = "axis"; level = "19.17 Axis nr. 2";
      reason = "the British meet both conditions but lost " + c.britishLost + " units while destroying only " + c.axisDestroyed;
    } else {
      winner = "british"; level = "19.17 British";
      reason = "route to Tobruk open and " + c.axisDestroyed + " Axis units destroyed (" + c.germanDestroyed + " German), " + c.axisOnMap + " left on the map";
    }
    ctx.trace({ rule: "19.17", table: "campaign", cell: { route: c.route, losses: c.lossesMet, costly: c.costly }, result: winner, text: "19.17 " + winner + " wins: " + reason });
    ctx.gameOver({ winner, level, reason, turn: ctx.turn, points: null, conditions: c });
    return;
  }
  const pts = points(ctx, true);
  const tie = ctx.table.readings.tie;
  const winner = pts.british > pts.axis ? "british" : pts.axis > pts.british ? "axis" : null;
  const reason = "victory points: British " + pts.british + ", Axis " + pts.axis + (winner ? "" : " (equal: " + tie + ")");
  ctx.trace({ rule: t.rule, table: v.table, cell: { british: pts.british, axis: pts.axis }, result: winner || tie, text: t.rule + " " + reason });
  ctx.gameOver({ winner, level: winner ? t.rule + " higher total" : tie, reason, turn: ctx.turn, points: { axis: pts.axis, british: pts.british } });
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
    "german-armour-destroyed": destroyed(ctx, "axis").filter((p) => {
      const u = ctx.tables.units.units["by-id"][p.unit || p.id];
      return u && u.nationality === "german" && u.type.mechanized && !u.type.artillery && (u.values.attack || 0) >= 3;
    }).length,
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
  ctx.trace({ rule: "19.37", table: "dash-to-the-wire", cell: { hex }, result: side, text: "19.37 hex " + hex + " now last held by " + side + ": " + why });
}
