// Rats of Tobruk 5.1 Supply Determination, 5.2 Low Supply and Out of Supply.
//   5.1   in the Supply Phase every unit traces a path of any length to its own battalion's HQ,
//         and each HQ to any other HQ of its side: phase. No path passes a hex with an enemy
//         unit, a hex in an EZOC unless a friendly unit is there, or terrain or a hexside closed
//         to wheeled units unless along a road or path (5.1 a-c): reached. A unit's own hex and
//         the HQ's are where the path starts and ends, not hexes it passes.
//   5.1   a battalion without an HQ on the map nominates one stack, which is in supply all turn
//         (units that leave it stay so; others that join it do not): the decision nominate.
//   5.2   one phase without a path: low supply (attack halved, rounded up); two: out of supply
//         (attack and defense halved, rounded down; tracked, wheeled and HQ movement halved:
//         movement.js; no direct fire: fire.js; artillery on its Fired side until supplied
//         again); three or more: a casualty each phase (casualties.js).
// Units off the map are in supply. Tables: supply.yaml states. Piece fields: supply (in, low,
// out), unsupplied (phases in a row without a path), nominated.

const BIG = 100000;
// what decides a supply path besides the rule: the map, the counters, the Terrain Key (where wheeled units may not go)
const USES = ["map", "units/counters", "terrain/movement", "terrain/movement-printed"];

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// The search a supply path makes for `side`: every open hex costs 1. Kept by what it depends on
// (where both sides stand, the cleared ditch/wire), so a Supply Phase and the questions after it
// share it.
function spec(ctx, side) {
  return ctx.recall("supply spec " + side + " " + ctx.rules.zoc.positionKey(), () => {
    const base = ctx.once("supply base", () => {
      const terrain = {};
      for (const t of new Set(ctx.map.ids.map((h) => ctx.map.terrain(h)))) terrain[t] = ctx.rules.terrain.prohibited("wheeled", t) ? "prohibited" : 1;
      const bunkerClosed = ctx.rules.terrain.prohibited("wheeled", "bunker");
      return { terrain, features: { bunker: bunkerClosed ? "prohibited" : 1 }, hexsides: { "ditch-wire": { block: true, unless: ["road", "path"] } } };
    });
    const enemy = ctx.rules.zoc.enemyOf(side), ez = ctx.rules.zoc.zones(enemy), ids = ctx.map.ids;
    const friendly = new Set(ctx.pieces((p) => p.side === side && p.hex).map((p) => p.hex));
    const zones = new Uint8Array(ids.length);
    for (let i = 0; i < ids.length; i++) if (ez[i] && !friendly.has(ids[i])) zones[i] = 1;
    for (const p of ctx.pieces((q) => q.side === enemy && q.hex)) zones[ctx.map.index(p.hex)] = 1;
    const s = { base, zones, zoneBlocked: [1] };
    if (ctx.state.cleared.length) s.removed = { "ditch-wire": ctx.state.cleared.slice().sort() };
    return s;
  });
}

// reached(from, side): what a supply path from `from` costs to every hex, by hex index (a
// Float64Array, Infinity where none reaches).
function reached(ctx, from, side) {
  return ctx.recall("supply from " + from + " " + side + " " + ctx.rules.zoc.positionKey(), () => {
    const c = ctx.map.reachCosts(from, BIG, spec(ctx, side)).costs;
    c[ctx.map.index(from)] = 0;
    return c;
  });
}

// reaches(from, to, side): a supply path runs from `from` to `to`: `to` itself is reached, or it
// lies next to a reached hex across a hexside open to it (the unit's own hex, like the HQ's, is
// no hex the path passes, 5.1).
export function reaches(ctx, from, to, side) {
  if (from === to) return true;
  const c = reached(ctx, from, side);
  if (c[ctx.map.index(to)] < Infinity) return true;
  const fo = ctx.rules.fortifications;
  return ctx.map.neighbors(to).some((n) => c[ctx.map.index(n)] < Infinity
    && (!fo.ditch(n, to) || ctx.map.hexsideHas(n, to, "road") || ctx.map.hexsideHas(n, to, "path")));
}

function hqs(ctx, side) { return ctx.piecesById((p) => p.side === side && p.hq && p.hex); }

// traced(piece, hq?): the unit has a supply path now (5.1); `hq`, if given, the side's HQs on the map.
export function traced(ctx, p, hq) {
  if (!p.hex) return true;
  const all = hq || hqs(ctx, p.side);
  if (p.hq) return all.some((h) => h.id !== p.id && reaches(ctx, p.hex, h.hex, p.side));
  const own = all.find((h) => h.battalion === p.battalion);
  return !!own && reaches(ctx, own.hex, p.hex, p.side);
}

// The battalions of a side with units on the map but no HQ there (5.1: nominate a stack).
function headless(ctx, side) {
  const withHq = new Set(hqs(ctx, side).map((h) => h.battalion)), out = new Set();
  for (const p of ctx.pieces((q) => q.side === side && q.hex && !withHq.has(q.battalion))) out.add(p.battalion);
  return [...out].sort();
}

export function phase(ctx) {
  const t = ctx.table.states, uses = USES;
  const s = ctx.state;
  s.nominating = [];
  for (const side of ctx.sides) for (const bn of headless(ctx, side)) s.nominating.push(bn);
  const hq = {};
  for (const side of ctx.sides) hq[side] = hqs(ctx, side);
  const judged = ctx.pieces((p) => !!p.hex).sort(byId).map((p) => [p, traced(ctx, p, hq[p.side])]);
  for (const [p, ok] of judged) {
    if (ok || p.nominated) { if (p.supply !== "in") ctx.trace({ rule: "5.1", uses, text: p.name + " in " + p.hex + " traces supply again", visibleTo: [p.side] }); p.supply = "in"; p.unsupplied = 0; continue; }
    if (s.nominating.indexOf(p.battalion) >= 0) continue;      // judged once its stack is nominated
    cutOff(ctx, p);
  }
  stillHeadless(ctx);
  const n = judged.filter(([p, ok]) => !ok).length;
  ctx.trace({ rule: "5.1", table: "states", uses, result: n, text: "Supply Phase: " + n + " units without a supply path" });
}

function cutOff(ctx, p) {
  const t = ctx.table.states;
  p.unsupplied++;
  const uses = USES;
  if (p.unsupplied >= t.casualties.after) {
    p.supply = "out";
    ctx.rules.casualties.hit(p, "5.2", "no supply path for " + p.unsupplied + " Supply Phases in a row");
  } else if (p.unsupplied >= t.out.after) {
    p.supply = "out";
    if (p.fire === "artillery") p.fired = true;
    ctx.trace({ rule: "5.2", table: "states", uses, text: p.name + " in " + p.hex + " is out of supply" + (p.fire === "artillery" ? ": on its Fired side until supplied" : ""), visibleTo: [p.side] });
  } else {
    p.supply = "low";
    ctx.trace({ rule: "5.2", table: "states", uses, text: p.name + " in " + p.hex + " is in low supply", visibleTo: [p.side] });
  }
}

// A battalion whose last units the phase's casualties eliminated has no stack left to nominate.
function stillHeadless(ctx) {
  const s = ctx.state;
  s.nominating = s.nominating.filter((bn) => ctx.pieces((q) => q.battalion === bn && q.hex).length > 0);
}

export function nominationDue(ctx) { return (ctx.state.nominating || []).length > 0; }

// 5.1: a battalion with no HQ on the map nominates one of its stacks, in supply for the turn.
export const nominate = {
  rule: "5.1",
  side: (ctx) => ctx.rules.setup.battalion(ctx.state.nominating[0]).side,
  prompt: (ctx) => ctx.rules.setup.battalion(ctx.state.nominating[0]).name + " has no HQ: nominate one stack to be in supply this turn",
  actions(ctx) {
    const bn = ctx.state.nominating[0], hexes = new Set();
    for (const p of ctx.pieces((q) => q.battalion === bn && q.hex)) hexes.add(p.hex);
    return [...hexes].sort().map((h) => ({ do: "nominate", battalion: bn, hex: h }));
  },
  apply(ctx, a) {
    const s = ctx.state;
    s.nominating.shift();
    for (const p of ctx.piecesById((q) => q.battalion === a.battalion && q.hex)) {
      if (p.hex === a.hex) { p.nominated = true; p.supply = "in"; p.unsupplied = 0; }
      else if (!traced(ctx, p)) cutOff(ctx, p);
    }
    ctx.trace({ rule: "5.1", uses: USES, text: a.battalion + " nominates its stack in " + a.hex + ": in supply this turn" });
    stillHeadless(ctx);
    if (!s.nominating.length) ctx.done();
  },
};

// attack(piece) / defense(piece): the strength as printed on the side it shows, as its supply
// leaves it (5.2): {value, tables}.
export function attack(ctx, p) {
  const base = p.depleted && p.da !== null ? p.da : p.fa, t = ctx.table.states;
  if (p.supply === "low") return { value: ctx.rules.fractions.of(base, t.low.attack), tables: ["units/counters", "supply/states"] };
  if (p.supply === "out") return { value: ctx.rules.fractions.of(base, t.out.attack), tables: ["units/counters", "supply/states"] };
  return { value: base, tables: ["units/counters"] };
}

export function defense(ctx, p) {
  const base = p.depleted && p.dd !== null ? p.dd : p.fd, t = ctx.table.states;
  if (p.supply === "out") return { value: ctx.rules.fractions.of(base, t.out.defense), tables: ["units/counters", "supply/states"] };
  return { value: base, tables: ["units/counters"] };
}

// For the inspector: each unit's supply as last judged, and the selected unit's path now.
export function supplyOverlay(ctx, args) {
  const out = {};
  for (const p of ctx.pieces((q) => q.hex)) if (p.supply !== "in" || !out[p.hex]) out[p.hex] = p.supply === "in" ? (traced(ctx, p) ? "in supply" : "cut off now") : p.supply + " supply";
  return out;
}
