// Rats of Tobruk 2.2, 9.0: the Terrain Key, read in one place.
//   9.0   each terrain has three movement costs, leg / tracked / wheeled: a number of MP, H (half
//         the unit's movement allowance), ALL (its whole allowance) or NA (prohibited): cost,
//         price. The cells the rules print (terrain.yaml movement-printed) win over the stand-ins
//         (movement, placeholder); every answer says which table it came from.
//   10.1  the hex terrain's dice roll modifier (terrain.yaml combat-modifiers, placeholder):
//         modifier.
// A key is a hex terrain type (hamada, ravine, hill, town, sea), the hex feature bunker, or a
// hexside feature (road, path, ditch-wire).

const PRINTED = "movement-printed", STAND_IN = "movement";

// cost(kind, key): {value, table} for a movement type, or null when neither table prices it.
export function cost(ctx, kind, key) {
  const p = ctx.table[PRINTED][key];
  if (p && p[kind] !== undefined) return { value: p[kind], table: "terrain/" + PRINTED };
  const s = ctx.table[STAND_IN][key];
  if (s && s[kind] !== undefined) return { value: s[kind], table: "terrain/" + STAND_IN };
  return null;
}

export function prohibited(ctx, kind, key) {
  const c = cost(ctx, kind, key);
  return !!c && c.value === "NA";
}

// price(value, allowance): the MP a cost takes from a unit whose allowance this turn is
// `allowance`. H leaves at most half the allowance (rounded down) spent before the hex (9.0), so
// it takes the other half, rounded up; ALL takes the whole allowance, so only a first hex pays it.
export function price(ctx, value, allowance) {
  if (value === "NA") return Infinity;
  if (value === "H") return allowance - Math.floor(allowance / 2);
  if (value === "ALL") return allowance;
  if (typeof value !== "number") throw new Error("terrain.yaml: a movement cost is a number, H, ALL or NA, found " + JSON.stringify(value));
  return value;
}

// The hex terrain's dice roll modifier to attacks and barrages (10.1 step 3, 11.2).
export function modifier(ctx, hex) {
  const t = ctx.map.terrain(hex), m = ctx.table["combat-modifiers"][t];
  return { value: m === undefined ? 0 : m, terrain: t, table: "terrain/combat-modifiers" };
}
