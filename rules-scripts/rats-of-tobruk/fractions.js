// Rats of Tobruk: halving and its rounding, as the rules print it (5.2 "halved (rounded up)",
// "halved (rounded down)"; 9.1; 14.1; 16.0). A table writes half-up or half-down; every section
// that halves a strength, an allowance or a modifier asks here.

export function of(ctx, value, how) {
  if (how === "half-up") return Math.ceil(value / 2);
  if (how === "half-down") return Math.floor(value / 2);
  throw new Error("a fraction is half-up or half-down, found " + JSON.stringify(how));
}
