// Toy rule 6: hidden units. A unit the scenario sets up hidden is face down (6.1): the other side
// sees a counter's back in its hex, not which unit it is, its strength or its allowance. It is
// turned face up for good as soon as an enemy unit stands next to it (6.2, contact). Its moves are
// logged to its owner alone (6.3); at the setup its owner rolls in secret whether it dug in (6.4).

// 6.1: the state as `side` may know it: every unit of its own and every face-up unit as it is; a
// face-down enemy unit as the back of a counter in its hex ({hidden: true}, which the inspector
// draws as a counter's back). The backs come last, in hex order, and are named by their hex: in
// unit order, their order would tell which unit each one is.
export function view(ctx, side) {
  const pieces = {}, backs = [];
  for (const p of ctx.piecesById()) {
    if (p.side === side || !p.faceDown) pieces[p.id] = ctx.whole(p);
    else if (p.hex) backs.push({ side: p.side, hex: p.hex });
  }
  backs.sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : a.side < b.side ? -1 : a.side > b.side ? 1 : 0));
  backs.forEach((b, i) => {
    const n = backs.slice(0, i).filter((c) => c.hex === b.hex && c.side === b.side).length;
    const id = "face-down " + b.side + " " + b.hex + (n > 0 ? " " + (n + 1) : "");
    pieces[id] = Object.assign({ id }, b, { hidden: true });
  });
  return Object.assign({}, ctx.state, { pieces });
}

// What `side` may not know now: which unit each face-down enemy counter is, its strength and allowance.
export function secrets(ctx, side) {
  const out = {};
  for (const p of ctx.piecesById()) if (p.side !== side && p.faceDown) out[p.id] = ["id", "strength", "ma"];
  return out;
}

// 6.2: every face-down unit next to an enemy unit is turned face up for the rest of the game.
export function revealContacts(ctx) {
  for (const p of ctx.piecesById()) {
    if (!p.faceDown || !p.hex) continue;
    const contact = ctx.map.neighbors(p.hex).some((h) => ctx.piecesAt(h).some((e) => e.side !== p.side));
    if (!contact) continue;
    p.faceDown = false;
    ctx.trace({ rule: "6.2", uses: ["map"], text: p.id + " (" + p.side + ", strength " + p.strength + ") is turned face up in " + p.hex + ": an enemy unit is next to it" });
  }
}

// 6.4: at the setup each face-down unit's owner rolls in secret; on the table's roll or more the
// unit has dug in and gains the table's bonus in strength.
export function digIn(ctx) {
  const t = ctx.table["dig-in"];
  for (const p of ctx.piecesById()) {
    if (!p.faceDown) continue;
    const roll = ctx.roll(t.die, "does " + p.id + " dig in?", null, { visibleTo: [p.side] });
    if (roll < t.roll) continue;
    p.strength += t.bonus;
    ctx.trace({ rule: "6.4", table: "dig-in", cell: { roll }, result: t.bonus, text: p.id + " digs in: strength " + p.strength, visibleTo: [p.side] });
  }
}
