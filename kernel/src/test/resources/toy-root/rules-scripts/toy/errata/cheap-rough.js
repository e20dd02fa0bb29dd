// Toy errata item 2: one more movement point for everyone.
export function movementAllowance(ctx, piece) { return piece.ma + 1; }
