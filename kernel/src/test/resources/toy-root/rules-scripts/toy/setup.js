// Toy rule 1: the scenario's pieces go on the map as listed.
export function setup(ctx, scenario) {
  const s = ctx.state;
  s.pieces = {};
  for (const p of scenario.pieces) {
    s.pieces[p.id] = { id: p.id, side: p.side, hex: p.hex, strength: p.strength, ma: p.ma, moved: false, attacked: false };
    if (p["face-down"]) s.pieces[p.id].faceDown = true;       // 6.1: set up face down
  }
  s.cup = [];
  s.eliminated = [];
  const down = scenario.pieces.filter((p) => p["face-down"]).length;
  ctx.trace({ rule: "1", uses: ["scenario"], text: "set up " + scenario.pieces.length + " pieces for " + scenario.id + (down ? ", " + down + " of them face down" : "") });
  ctx.rules.fog.digIn();
  ctx.rules.fog.revealContacts();
}
