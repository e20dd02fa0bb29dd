// Rats of Tobruk 2.3: casualties; 17.11: losses counted in attack strength.
//   2.3   a full-strength unit that suffers casualties is flipped to its depleted side; a
//         depleted unit, or one printed without a depleted side, is eliminated: hit.
//   17.11 each side's losses are the attack strength its units lost: flipping costs the
//         difference between the two sides' attack strengths, eliminating the strength it had.
// Every loss of the game goes through here (combat results, barrages, direct fire, supply,
// stacking), so the count and the trace are kept in one place. State: state.losses[side].

function attackOf(p) { return p.depleted ? p.da : p.fa; }

// hit(piece, rule, why): one casualty (2.3): depleted if it can be, else eliminated.
export function hit(ctx, p, rule, why) {
  if (p.da !== null && !p.depleted) deplete(ctx, p, rule, why);
  else eliminate(ctx, p, rule, why);
}

export function deplete(ctx, p, rule, why) {
  if (p.da === null || p.depleted) return eliminate(ctx, p, rule, why);
  const lost = p.fa - p.da;
  p.depleted = true;
  p.revealed = true;                 // 1.1: the flipped counter is seen for what it is
  count(ctx, p, lost);
  ctx.trace({ rule, table: "units/counters", cell: { unit: p.unit, lost }, result: "depleted",
    text: p.name + " in " + p.hex + " is depleted (" + why + "): attack strength lost " + lost });
}

export function eliminate(ctx, p, rule, why) {
  const lost = attackOf(p), at = p.hex;
  p.hex = null;
  p.at = "eliminated";
  p.riding = null;
  count(ctx, p, lost);
  for (const q of ctx.pieces((r) => r.riding === p.id)) q.riding = null;
  ctx.trace({ rule, table: "units/counters", cell: { unit: p.unit, lost }, result: "eliminated",
    text: p.name + " in " + at + " is eliminated (" + why + "): attack strength lost " + lost });
}

function count(ctx, p, lost) { ctx.state.losses[p.side] += lost; }
