// Toy rule 2: each turn both sides' chits go into a cup; each chit drawn activates its side.
export function fillCup(ctx) {
  const n = ctx.table.cup["chits-per-side"];
  const cup = [];
  for (const side of ctx.sides) for (let i = 0; i < n; i++) cup.push(side);
  ctx.state.cup = cup;
  for (const p of ctx.pieces()) { p.moved = false; p.attacked = false; }
  ctx.trace({ rule: "2.1", table: "cup", cell: { "chits-per-side": n }, result: cup.length, text: "cup filled with " + cup.length + " chits" });
}

export function cupNotEmpty(ctx) { return ctx.state.cup.length > 0; }

export function draw(ctx) {
  const cup = ctx.state.cup;
  const i = cup.length === 1 ? 0 : ctx.roll("d" + cup.length, "draw a chit from " + cup.length) - 1;
  const side = cup.splice(i, 1)[0];
  ctx.state.active = side;
  ctx.trace({ rule: "2.2", result: side, text: side + " chit drawn, " + cup.length + " left" });
}

// 2.3: an activation offers movement while a unit has not moved, combat while an attack is possible
export function available(ctx, impulse) {
  const side = ctx.state.active;
  if (impulse === "movement") return ctx.pieces((p) => p.side === side && p.hex && !p.moved).length > 0;
  if (impulse === "combat") return ctx.rules.combat.attacks(side).length > 0;
  return false;
}
