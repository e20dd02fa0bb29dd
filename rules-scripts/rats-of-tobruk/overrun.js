// Rats of Tobruk 9.4 Overrun.
//   9.4   a tracked unit or stack of tracked units moving (9.3), with no leg unit riding along
//         (9.5), may stop next to an enemy hex and attack it normally, without artillery on
//         either side: actions, declare (combat.js resolves it). If every defender is
//         eliminated or forced back, the overrunning units may move on with the MP they have
//         left (entering the combat hex costs its MP, unlike a normal advance), marked as
//         overrunning; the units of the stack that did not overrun end their move. Otherwise
//         the overrunning units' activation ends there: after. Units from other hexes never
//         join an overrun. Opportunity fire (11.4) may strike the moving stack afterwards.
// The rulebook text of 9.4 is cut after "Thus,": nothing of the rest is implemented.

// The overruns the stack in motion may declare now: {do: "overrun", hex}.
export function actions(ctx) {
  const m = ctx.state.moving;
  if (!m || m.at === "off") return [];
  const g = ctx.rules.movement.group(m.units.map((id) => ctx.piece(id)));
  if (g.riders.length) return [];
  const tanks = overrunners(ctx, m);
  if (!tanks.length) return [];
  const enemy = ctx.rules.zoc.enemyOf(g.side), out = [];
  for (const n of ctx.map.neighbors(m.at)) if (ctx.piecesAt(n).some((p) => p.side === enemy)) out.push({ do: "overrun", hex: n });
  return out.sort((a, b) => (a.hex < b.hex ? -1 : 1));
}

function overrunners(ctx, m) {
  return m.units.map((id) => ctx.piece(id)).filter((p) => p.kind === "tracked" && !p.hq && !p.attacked && !p.pinned && ctx.rules.supply.attack(p).value > 0);
}

export function declare(ctx, a) {
  const m = ctx.state.moving, tanks = overrunners(ctx, m).map((p) => p.id);
  ctx.state.attack = { hex: a.hex, units: tanks, artillery: [], defArtillery: [], overrun: true, stage: "declare" };
  ctx.trace({ rule: "9.4", text: tanks.join(", ") + " overrun " + a.hex + " from " + m.at });
  ctx.rules.combat.declared();
}

// The overrun attack is over: success lets the overrunning units move on, failure ends them.
export function after(ctx, at) {
  const m = ctx.state.moving;
  if (!m) return;
  const survivors = at.units.filter((id) => m.units.indexOf(id) >= 0 && ctx.piece(id).hex === m.at);
  const cleared = !ctx.piecesAt(at.hex).some((p) => p.side !== ctx.state.activation.side);
  for (const id of m.units.slice()) if (survivors.indexOf(id) < 0 || !cleared) ctx.rules.movement.halt(id);
  if (!cleared || !ctx.state.moving) {
    ctx.trace({ rule: "9.4", text: "the overrun of " + at.hex + " fails: the overrunning units' activation ends" });
    return;
  }
  for (const id of survivors) ctx.piece(id).overrun = true;
  ctx.state.moving.stopped = false;
  ctx.trace({ rule: "9.4", text: "the overrun clears " + at.hex + ": " + survivors.join(", ") + " may move on with their MP left" });
}
