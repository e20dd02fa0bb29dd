// The Fall of Tobruk, section 16.1: setting up the game.
//   16.1   the scenario's pieces go on their setup hexes; each piece carries the values of its unit
//          (units.yaml, the order of battle), so no other section reads the units table.
//   16.11  with `front-line: enforce` (the two scenarios), every piece on its own side of the
//          front line: the map zones allied-side / axis-side; Allied units may also use Hill 171.
//   16.12, 16.13  the setup hexes and zones the rule examples name are held (the setup maps are
//          not in the rulebook we have): checkSetupHexes.
//   16.14  a battalion set up as components waits aside until they stand in one hex.
//   16.16  the initial reserve tanks; 16.2, 16.3 the airfields each side controls at the start.
//   16.3   OPTIONAL: Trieste with the flanking force (the option trieste-with-flanking-force).
//   5.11   reinforcements wait off the map until their turn (`arrives`, the ground-schedule row).
//   14.1   the two Axis supply heads where the scenario puts them.
// Refused: a unit set up twice, a unit not in the order of battle, a hex not on the map, a hex
// whose terrain the unit may not enter (the TEC's "P", e.g. sea), a unit on the wrong side.

// The piece fields that come straight from the unit (docs/fall-of-tobruk.md, Pieces).
const VALUE_FIELDS = ["name", "side", "nation", "formation", "brigade", "type", "model", "sp", "haf", "saf", "df",
  "hard", "ma", "mobility", "morale", "proficiency", "bf", "br", "attached", "arrives"];
const TYPE_FLAGS = ["armor", "artillery", "recon", "hq", "towed", "heavyAT"];

function fail(scenario, text) {
  throw new Error("scenario " + JSON.stringify(scenario.id || "") + ": " + text);
}

// The order of battle by id (a unit listed twice in units.yaml is an error of the table).
function orderOfBattle(ctx) {
  const byId = {};
  for (const u of ctx.tables.units.units.list) {
    if (byId[u.id]) throw new Error("units.yaml lists unit " + u.id + " twice");
    byId[u.id] = u;
  }
  return byId;
}

// One piece from its unit: the values, the B.113 type flags, and the state every section resets.
// Every field a section may set is here from the start, in this order: pieces that all have the
// same fields are read fast in the loops over every piece.
export function makePiece(ctx, unit, id) {
  const flags = ctx.tables.units.types["by-type"][unit.type];
  if (!flags) throw new Error("unit " + unit.id + " has type " + JSON.stringify(unit.type) + ", which is not a B.113 type of units.yaml");
  const p = { id: id || unit.id, unit: unit.id };
  for (const f of VALUE_FIELDS) p[f] = unit[f] === undefined ? null : unit[f];
  for (const f of TYPE_FLAGS) p[f] = !!flags[f];
  p.bf = p.bf || 0;
  p.br = p.br || 0;
  p.whiteRectangle = unit["white-rectangle"] || null;
  p.combines = unit.combines || null;
  p.componentOf = unit["component-of"] || null;
  p.hex = null;
  p.at = "map";
  p.disrupted = false;
  p.moved = false;
  p.fought = false;
  p.bombarded = false;
  p.opsComplete = false;
  p.moveMarker = null;
  p.moraleLoss = 0;
  p.oos = false;
  p.activated = false;
  p.moves = 0;
  p.combats = 0;
  p.movedWith = null;
  p.entry = null;
  p.box = null;
  p.lostIn = null;
  return p;
}

// 16.1: a hex a unit may be set up in: on the map and not terrain the TEC prohibits to it.
function prohibited(ctx, piece, hex) {
  const costs = ctx.tables.terrain["movement-costs"].hex[ctx.map.terrain(hex)];
  if (!costs) return false;
  const key = piece.mobility ? piece.mobility.charAt(0).toUpperCase() + piece.mobility.slice(1) : null;
  const c = key ? costs[key] : undefined;
  return c === "P" || (key === null && Object.keys(costs).some((k) => costs[k] === "P"));
}

// 16.11: the side of the front line a piece must set up on (Allied units also on Hill 171,
// scenarios.yaml front-line hill-171, although it lies beyond the line).
function wrongSide(ctx, piece, hex) {
  const hill = ctx.tables.scenarios["front-line"]["hill-171"];
  if (piece.side === hill.side && hex === hill.hex) return false;
  const zone = ctx.map.zone(piece.side === "allied" ? "allied-side" : "axis-side");
  return zone.indexOf(hex) < 0;
}

function optionOn(ctx, id) {
  return !!(ctx.options && Object.prototype.hasOwnProperty.call(ctx.options, id) && ctx.options[id]);
}

// 16.3 OPTIONAL: the scenario's alternative hexes, when the option is in force.
function optionalHexes(ctx, scenario) {
  const out = {};
  const opts = scenario.options || {};
  for (const id of Object.keys(opts).sort()) {
    if (!optionOn(ctx, id)) continue;
    for (const e of opts[id].pieces || []) out[e.id] = String(e.hex);
    ctx.trace({ rule: opts[id].rule || "16.3", cell: { option: id }, result: Object.keys(out).length,
      text: "option " + id + " in force: " + (opts[id].pieces || []).length + " pieces set up in its location" });
  }
  return out;
}

// The scenario's entry of scenarios.yaml (airfield control, first date), if it names one.
function scenarioEntry(ctx, scenario) {
  const t = ctx.tables.scenarios.scenarios;
  const key = scenario.scenario || scenario.id;
  return t[key] && typeof t[key] === "object" && t[key].rule ? t[key] : null;
}

// 16.2, 16.3 (airfields), 15.21 (villages, railhead, Tobruk): who controls each hex at the start.
// Airfields as the scenario says (a fixture may list `axis-airfields` itself); the rest by the
// side of the front line they lie on.
function initialControl(ctx, scenario, entry) {
  const axisFields = scenario["axis-airfields"] || (entry && entry["axis-airfields"]) || [];
  const control = {};
  for (const row of ctx.tables.air.airfields.rows) control[row.hex] = axisFields.indexOf(row.hex) >= 0 ? "axis" : "allied";
  const axisSide = {};
  for (const h of ctx.map.zone("axis-side")) axisSide[h] = true;
  const held = ctx.map.ids.filter((h) => ctx.map.terrain(h) === "village" || ctx.map.terrain(h) === "tobruk" || ctx.map.hasFeature(h, "railhead"));
  for (const h of held) control[h] = axisSide[h] ? "axis" : "allied";
  return control;
}

// 16.16: the reserve tank tracks: by tank type as printed (state.reserveTankTypes) and the total
// of each side (state.reserveTanks, what 15.2 and 15.3 count); no track starts above what it holds (5.32).
function reserveTanks(ctx, scenario) {
  const t = ctx.tables.scenarios["initial-reserve-tanks"], max = ctx.tables.refit["reserve-tanks"]["max-per-type"];
  const totals = {}, types = {};
  for (const side of ctx.sides) {
    types[side] = {};
    totals[side] = 0;
    for (const k of Object.keys(t[side] || {}).sort()) {
      if (t[side][k] > max) fail(scenario, "the " + side + " " + k + " reserve track starts at " + t[side][k] + " (16.16), above the " + max + " steps a track holds (5.32)");
      types[side][k] = t[side][k];
      totals[side] += t[side][k];
    }
  }
  return { totals, types };
}

// 15.2, 15.3: SPs lost or exited, by side and victory.yaml class.
function zeroLosses(ctx) {
  const out = {};
  for (const side of ctx.sides) {
    out[side] = {};
    for (const c of ctx.tables.victory.classes.list) out[side][c.id] = 0;
  }
  return out;
}

// Places one scenario entry, refusing what 16.1 and 16.11 forbid.
function placeEntry(ctx, scenario, entry, unit, hex) {
  const s = ctx.state;
  const id = String(entry.id);
  if (s.pieces[id]) {
    fail(scenario, "piece " + id + " is set up twice (in " + (s.pieces[id].hex || "off the map") + " and in " + (hex || "off the map") + ") (16.1)");
  }
  const p = makePiece(ctx, unit, id);
  if (entry.side && entry.side !== p.side) fail(scenario, "piece " + id + " is listed for side " + entry.side + " but unit " + unit.id + " is " + p.side);
  if (hex === null) {
    p.at = entry.at || "arriving";
  } else {
    if (!ctx.map.has(hex)) fail(scenario, "piece " + id + " is set up in " + hex + ", which is not on the map (16.1)");
    if (prohibited(ctx, p, hex)) fail(scenario, "piece " + id + " is set up in " + hex + ", " + ctx.map.terrain(hex) + " terrain, prohibited to " + p.mobility + " units (16.1)");
    if (scenario["front-line"] === "enforce" && wrongSide(ctx, p, hex)) {
      fail(scenario, "piece " + id + " (" + p.side + ") is set up in " + hex + ", on the wrong side of the front line (16.11)");
    }
    p.hex = hex;
  }
  s.pieces[id] = p;
  return p;
}

// 16.12, 16.13: the setup hexes and zones the rule examples print (scenarios.yaml
// known-setup-hexes) hold, in a scenario that enforces its setup area: an HQ in its hex (16.12;
// the 13xxx example names two), a sub-formation's units all in its hex (16.12), or all in its zone
// with every hex of the zone holding one of them (or a unit attached to it) or in the ZOC of a
// stack that holds one (16.13; the ZOC as the chart gives it, before 16.41, which starts with the
// AM phase). The setup maps with every other hex and zone are not in the rulebook we have.
function checkSetupHexes(ctx, scenario) {
  const t = ctx.tables.scenarios["known-setup-hexes"];
  const side = t.side;
  const mine = (f) => ctx.pieces((p) => p.side === side && p.at === "map" && !p.hq && (p.brigade === f || (p.formation === f && !p.brigade)));
  const joins = (p, f) => p.side === side && p.at === "map" && (p.brigade === f || p.formation === f || p.attached === f);
  for (const e of t.list) {
    if (e["hq-hex"]) {
      const ok = [].concat(e["hq-hex"]);
      for (const hq of ctx.pieces((p) => p.hq && p.side === side && p.formation === e.formation && p.at === "map")) {
        if (ok.indexOf(hq.hex) < 0) fail(scenario, "the " + e.formation + " HQ " + hq.id + " is set up in " + hq.hex + ", not in its setup hex " + ok.join(" or ") + " (" + e.rule + ")");
      }
    }
    if (e.hex) {
      for (const p of mine(e.formation)) if (p.hex !== e.hex) fail(scenario, "unit " + p.id + " of " + e.formation + " is set up in " + p.hex + ", not in its setup hex " + e.hex + " (" + e.rule + ")");
    }
    if (e.zone && mine(e.formation).length) {          // a position without the brigade has no zone to fill
      const zone = e.zone.split(/\s+/);
      for (const p of mine(e.formation)) if (zone.indexOf(p.hex) < 0) fail(scenario, "unit " + p.id + " of " + e.formation + " is set up in " + p.hex + ", outside its setup zone (" + e.rule + ")");
      for (const h of zone) {
        if (ctx.piecesAt(h).some((p) => joins(p, e.formation))) continue;
        const zoc = ctx.rules.zoc.sources(h, side).some((src) => src.base > 0 && src.units.some((id) => joins(ctx.piece(id), e.formation)));
        if (!zoc) fail(scenario, "hex " + h + " of the " + e.formation + " setup zone holds no " + e.formation + " unit and lies in none of its ZOC (" + e.rule + ")");
      }
    }
  }
}

// 5.11: the reinforcements of the order of battle; 16.14: the battalions whose components are set up.
function offMapUnits(ctx, scenario, byId) {
  const s = ctx.state;
  const rows = ctx.tables.reinforcements["ground-schedule"].rows;
  const where = {};
  for (const r of rows) where[r.turn + "/" + r.side] = r.where;
  for (const id of Object.keys(byId).sort()) {
    const u = byId[id];
    if (s.pieces[id]) continue;
    if (u.arrives && scenario.reinforcements === "from-units") {
      const p = placeEntry(ctx, scenario, { id }, u, null);
      p.at = "arriving";                  // the reinforcements section gives it its edge (piece.entry) on the day
      if (!where[u.arrives + "/" + u.side]) fail(scenario, "unit " + id + " arrives " + JSON.stringify(u.arrives) + ", a day the 5.11 schedule has no " + u.side + " row for");
    } else if (u.combines && u.combines.some((c) => s.pieces[c] && s.pieces[c].at === "map")) {
      const p = placeEntry(ctx, scenario, { id }, u, null);
      p.at = "aside";
    }
  }
}

export function setup(ctx, scenario) {
  const s = ctx.state;
  const byId = orderOfBattle(ctx);
  const entry = scenarioEntry(ctx, scenario);
  s.pieces = {};
  s.date = scenario.date || (entry && entry["first-turn"]) || "May 26";
  s.control = initialControl(ctx, scenario, entry);
  const reserve = reserveTanks(ctx, scenario);
  s.reserveTanks = reserve.totals;
  s.reserveTankTypes = reserve.types;
  s.losses = zeroLosses(ctx);
  s.exited = zeroLosses(ctx);
  s.supplyHeads = Object.assign({}, scenario["supply-heads"] || {});
  for (const k of Object.keys(s.supplyHeads).sort()) {
    if (!ctx.map.has(String(s.supplyHeads[k]))) fail(scenario, "the " + k + " supply head is placed in " + s.supplyHeads[k] + ", which is not on the map (14.1)");
  }

  const moved = optionalHexes(ctx, scenario);
  for (const e of scenario.pieces || []) {
    const unitId = e.unit || e.id;
    const unit = byId[unitId];
    if (!unit) fail(scenario, "piece " + e.id + ": unit " + JSON.stringify(unitId) + " is not in the order of battle (units.yaml)");
    const hex = moved[e.id] || (e.hex === null || e.hex === undefined ? null : String(e.hex));
    placeEntry(ctx, scenario, e, unit, hex);
  }
  offMapUnits(ctx, scenario, byId);
  if (scenario["front-line"] === "enforce") checkSetupHexes(ctx, scenario);
  ctx.rules.air.setupUnits(scenario, entry);      // 16.15

  const count = (at) => ctx.pieces((p) => p.at === at).length;
  ctx.trace({ rule: "16.1", table: "units/units", uses: ["scenario", "map"], cell: { scenario: scenario.id, date: s.date },
    result: { map: count("map"), arriving: count("arriving"), aside: count("aside") },
    text: "set up " + scenario.id + " (" + s.date + "): " + count("map") + " units on the map, " + count("arriving") +
      " reinforcements to come (5.11), " + count("aside") + " battalions aside until recombined (16.14); order of battle reconstructed" });
  const axisFields = Object.keys(s.control).filter((h) => s.control[h] === "axis" && ctx.map.hasFeature(h, "airfield")).sort();
  ctx.trace({ rule: entry ? entry.rule : "16.2", uses: ["map"], cell: { airfields: "start" }, result: axisFields,
    text: "Axis-controlled airfields at the start: " + axisFields.join(" ") + "; every other on-map airfield is Allied" });
}
