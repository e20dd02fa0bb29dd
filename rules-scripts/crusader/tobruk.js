// Crusader exclusive rule 17.1: Tobruk defences, effect on zones of control; and the DG computer
// edition's second paragraph of 17.1 (option dg-fortified-box-minefields).
// Table: tables/crusader/tobruk.yaml. Offered through the extension point
// combatExemption(attacker, defender) that the standard combat section consults (7.11, 7.2).

// 17.1: may `attacker` (Axis) leave `defender` (British) unattacked? {rule, reason, table, cell} or null.
// An exemption, not a prohibition: the Axis player may still attack, and then 7.2 applies in full.
export function combatExemption(ctx, attacker, defender) {
  if (!attacker || !defender || !attacker.hex || !defender.hex) return null;
  // 17.1: only from a hex of the ring (below); asked for every pair of adjacent units, most are not
  if (!ringBits(ctx)[ctx.map.index(attacker.hex)]) return null;
  const t = ctx.table["perimeter-exemption"];
  // 17.1: only an Axis unit, facing a British unit
  if (attacker.side !== t.side || defender.side === t.side) return null;
  // 17.1: used at the Axis player's option while he is the phasing player
  if (ctx.active !== t.side) return null;
  if (!ctx.map.adjacent(attacker.hex, defender.hex)) return null;
  // 17.1: the Axis unit's hex is exactly three hexes from 1003 (reading 1: ordinary hex distance)
  const d = ctx.map.distance(attacker.hex, t.centre);
  if (d !== t.distance.exactly) return null;
  // 17.1: the two units are separated by a minefield hexside (reading 3: either side's)
  const across = minefieldBetween(ctx, attacker.hex, defender.hex);
  if (!across) return null;
  // reading 2: another adjacent British unit with no minefield between keeps the whole unit bound by 7.2
  for (const p of ctx.pieces((q) => q.side !== t.side && q.hex && q.at !== "pending" && q.id !== defender.id)) {
    if (!ctx.map.adjacent(attacker.hex, p.hex)) continue;
    if (minefieldBetween(ctx, attacker.hex, p.hex) || bareEscarpment(ctx, attacker.hex, p.hex)) continue;
    return null;
  }
  return {
    rule: "17.1",
    table: "tobruk/perimeter-exemption",
    cell: { hex: attacker.hex, centre: t.centre, distance: d, hexside: attacker.hex + "/" + defender.hex, minefield: across },
    option: across === "fortified-box" ? "dg-fortified-box-minefields" : undefined,
    reason: attacker.id + " in " + attacker.hex + " is exactly " + d + " hexes from " + t.centre +
      " and separated from " + defender.id + " by a minefield hexside" +
      (across === "fortified-box" ? " (Fortified Box ringed by Allied minefields, computer edition)" : "") +
      ": it need not attack (it may, and then must attack every adjacent British unit)",
  };
}

// DG 17.1, second paragraph: with the option, every hexside of an Allied Fortified Box hex is an
// Allied minefield. Offered to the minefield rules as minefieldOwner(a, b): "british" or null.
export function minefieldOwner(ctx, a, b) {
  if (!ctx.option("dg-fortified-box-minefields")) return null;
  const t = ctx.table["dg-fortified-boxes"];
  if (ctx.map.hasFeature(a, t["fortified-box-feature"]) || ctx.map.hasFeature(b, t["fortified-box-feature"])) return "british";
  return null;
}

// The option that minefieldOwner() answers for, named in the traces of the costs it decides.
export function minefieldOption(ctx) { return "dg-fortified-box-minefields"; }

// The minefield feature on the hexside a/b ("minefield-british", "minefield-axis", or
// "fortified-box" under the DG option), or null.
function minefieldBetween(ctx, a, b) {
  for (const f of ctx.table["perimeter-reading"]["minefield-features"]) if (ctx.map.hexsideHas(a, b, f)) return f;
  if (minefieldOwner(ctx, a, b)) return "fortified-box";
  return null;
}

// 7.46: a bare escarpment hexside (no road or trail across it) allows no combat.
function bareEscarpment(ctx, a, b) {
  return ctx.map.hexsideHas(a, b, "escarpment") && !ctx.map.hexsideHas(a, b, "road") && !ctx.map.hexsideHas(a, b, "trail");
}

// 1 by map index for the hexes of ring(): the table and the map alone decide it.
function ringBits(ctx) {
  return ctx.once("ring bits", () => {
    const bits = new Uint8Array(ctx.map.ids.length);
    for (const h of ring(ctx)) bits[ctx.map.index(h)] = 1;
    return bits;
  });
}

// 17.1 geometry, for the inspector and tests: the hexes exactly three from 1003.
export function ring(ctx) {
  const t = ctx.table["perimeter-exemption"];
  return ctx.map.within(t.centre, t.distance.exactly).filter((h) => ctx.map.distance(h, t.centre) === t.distance.exactly).sort();
}

// Inspector overlay: the 17.1 ring, every hex exactly three from 1003.
export function ringOverlay(ctx) {
  const out = {};
  for (const h of ring(ctx)) out[h] = 3;
  return out;
}
