// Rats of Tobruk 6.0 Activation, 17.9 Scenario Activation, 2.4 eliminated HQs.
//   6.0   each turn every battalion's HQ activation chit goes into the draw cup (17.13, 17.14:
//         until the battalion is eliminated): fillCup; chits are drawn blind one at a time, and
//         the drawn battalion is activated: draw. Its units move and then fight (9.0, 10.0); a
//         unit takes part only if it is within the HQ's activation range (the number in the HQ's
//         white flag: units.yaml battalions, placeholder) counted from, not including, the HQ's
//         hex, whatever lies between: activates. Units that start the scenario off the map count
//         as in range on their turn of entry. A player may pass: the chit is discarded. When
//         the cup is empty the turn ends: cupOpen.
//   2.4, 6.0  a battalion whose HQ is eliminated still has its chit drawn, but only one stack
//         (its units in one hex) may be activated that turn: the first unit to move or fight
//         fixes the stack (commitStack).
//   17.9  the German player chooses the first German chit of the game before the others go into
//         the cup; after it all German chits are drawn: chooseFirst, then draw takes it first.
// State: state.cup, state.discard, state.chosen, state.activation = {battalion, side, hq, stack,
// stackUnits} (hq: the HQ's piece id, null when eliminated; stack: the hex an HQ-less battalion
// activated, null until fixed). Piece field `entered`: the turn the piece entered the map.

function order(ctx) {
  return ctx.once("battalion-order", () => ctx.tables.units.battalions.list.map((b) => String(b.id)));
}

export function battalionOf(ctx, id) { return ctx.rules.setup.battalion(id); }

// The HQ piece of a battalion still in play (on the map or waiting to enter), or null.
export function hqOf(ctx, bn) {
  const hq = ctx.piecesById((p) => p.hq && p.battalion === bn && p.at !== "eliminated");
  return hq.length ? hq[0] : null;
}

export function fillCup(ctx) {
  const alive = new Set();
  for (const p of ctx.pieces((q) => q.at !== "eliminated")) alive.add(p.battalion);
  const cup = order(ctx).filter((b) => alive.has(b));
  ctx.state.cup = cup;
  ctx.state.discard = [];
  ctx.trace({ rule: "6.0, 17.13, 17.14", table: "units/battalions", result: cup.length,
    text: cup.length + " HQ activation chits in the draw cup" });
}

export function cupOpen(ctx) { return ctx.state.cup.length > 0; }

// 17.9: on the scenario's first turn, before the draws.
export function choiceDue(ctx) {
  const r = ctx.state.scenario.firstChit;
  if (!r || ctx.turn !== r.turn || ctx.state.chosen !== null || ctx.state.activation) return false;
  return ctx.state.discard.length === 0 && ctx.state.cup.some((b) => battalionOf(ctx, b).side === r.side);
}

export const chooseFirst = {
  rule: "17.9",
  side: (ctx) => ctx.state.scenario.firstChit.side,
  prompt: (ctx) => "choose the first " + ctx.state.scenario.firstChit.side + " HQ activation chit of the game",
  actions(ctx) {
    const side = ctx.state.scenario.firstChit.side;
    return ctx.state.cup.filter((b) => battalionOf(ctx, b).side === side).map((b) => ({ do: "choose", battalion: b }));
  },
  apply(ctx, a) {
    ctx.state.chosen = a.battalion;
    ctx.trace({ rule: "17.9", uses: ["scenario", "units/battalions"], text: "the first chit is chosen: " + battalionOf(ctx, a.battalion).name });
    ctx.done();
  },
};

export function draw(ctx) {
  const s = ctx.state;
  let bn;
  if (s.chosen !== null && s.cup.indexOf(s.chosen) >= 0) {
    bn = s.chosen;
    s.cup.splice(s.cup.indexOf(bn), 1);
    s.chosen = "";                      // taken: 17.9 holds once
  } else {
    const i = s.cup.length === 1 ? 0 : ctx.roll("d" + s.cup.length, "draw an HQ activation chit from " + s.cup.length) - 1;
    bn = s.cup.splice(i, 1)[0];
  }
  const b = battalionOf(ctx, bn), hq = hqOf(ctx, bn);
  s.activation = { battalion: bn, side: b.side, hq: hq ? hq.id : null, stack: null, stackUnits: [] };
  s.active = b.side;
  ctx.trace({ rule: "6.0", table: "units/battalions", cell: { battalion: bn }, result: b.side,
    text: b.name + " (" + b.side + ") activated, " + s.cup.length + " chits left" + (hq ? "" : ": its HQ is eliminated, one stack only (2.4)") });
}

export function underWay(ctx) { return ctx.state.activation !== null; }

export function describe(ctx) {
  const a = ctx.state.activation;
  return a ? battalionOf(ctx, a.battalion).name + " activation" : null;
}

// The HQ activation range of a battalion (the white flag, placeholder).
export function range(ctx, bn) { return battalionOf(ctx, bn).range; }

// inRange(piece): within its HQ's activation range now (6.0), or entering on its turn of entry.
export function inRange(ctx, p) {
  if (p.hq) return true;
  if (p.at === "off" || p.entered === ctx.turn) return true;
  const hq = hqOf(ctx, p.battalion);
  if (!hq || !hq.hex || !p.hex) return false;
  return ctx.map.distance(hq.hex, p.hex) <= range(ctx, p.battalion);
}

// activates(piece): the activation under way may move or fight with this piece (6.0, 2.4).
export function activates(ctx, p) {
  const a = ctx.state.activation;
  if (!a || p.battalion !== a.battalion || p.side !== a.side || p.at === "eliminated") return false;
  if (a.hq === null) return a.stack === null || a.stackUnits.indexOf(p.id) >= 0;
  return inRange(ctx, p);
}

// 2.4: the first units an HQ-less battalion moves or fights with fix its one stack.
export function commitStack(ctx, p) {
  const a = ctx.state.activation;
  if (a.hq !== null || a.stack !== null) return;
  a.stack = p.hex || "off";
  a.stackUnits = ctx.piecesById((q) => q.battalion === a.battalion && q.at !== "eliminated" && (q.hex || "off") === a.stack).map((q) => q.id);
  ctx.trace({ rule: "2.4, 6.0", text: "the HQ-less " + a.battalion + " activates its stack in " + a.stack + " only: " + a.stackUnits.join(", "), visibleTo: [a.side] });
}

export function end(ctx) {
  const s = ctx.state;
  s.discard.push(s.activation.battalion);
  s.activation = null;
}

// For the inspector: the hexes within the activation range of the selected unit's HQ.
export function rangeOverlay(ctx, args) {
  const p = args && args.unit ? ctx.piece(args.unit) : null;
  if (!p) return {};
  const hq = hqOf(ctx, p.battalion);
  if (!hq || !hq.hex) return {};
  const out = {};
  for (const h of ctx.map.within(hq.hex, range(ctx, p.battalion))) out[h] = h === hq.hex ? "HQ" : "in range";
  return out;
}
