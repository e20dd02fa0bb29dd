// Toy rule 1: the scenario's pieces go on the map as listed.
export function setup(ctx, scenario) {
  const s = ctx.state;
  s.pieces = {};
  for (const p of scenario.pieces) {
    s.pieces[p.id] = { id: p.id, side: p.side, hex: p.hex, strength: p.strength, ma: p.ma, moved: false, attacked: false };
  }
  s.cup = [];
  s.eliminated = [];
  ctx.trace({ rule: "1", uses: ["scenario"], text: "set up " + scenario.pieces.length + " pieces for " + scenario.id });
}
