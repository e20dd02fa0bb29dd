// Toy rule 5: after the last turn the side with more strength on the map wins.
export function decide(ctx) {
  const strength = {};
  for (const s of ctx.sides) strength[s] = 0;
  for (const p of ctx.pieces((q) => q.hex)) strength[p.side] += p.strength;
  const [a, b] = ctx.sides;
  const winner = strength[a] > strength[b] ? a : strength[b] > strength[a] ? b : null;
  ctx.trace({ rule: "5.1", result: winner || "draw", text: "strength on the map: " + JSON.stringify(strength) });
  ctx.gameOver({ winner, strength, turn: ctx.turn });
}

// Scenario metrics for the variant lab: what a designer compares between variants.
export function metrics(ctx) {
  const strength = {};
  for (const s of ctx.sides) strength[s] = 0;
  for (const p of ctx.pieces((q) => q.hex)) strength[p.side] += p.strength;
  return { "red-strength": strength.red, "blue-strength": strength.blue, eliminated: ctx.state.eliminated.length };
}
