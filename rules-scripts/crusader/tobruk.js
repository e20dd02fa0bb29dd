// Crusader exclusive rule 17.1: Tobruk defences, effect on zones of control; and the DG computer
// edition's second paragraph of 17.1 (option dg-fortified-box-minefields).
// Table: tables/crusader/tobruk.yaml. Offered through the extension point
// combatExemption(attacker, defender) that the standard combat section consults (7.11, 7.2).

// 17.1: may `attacker` (Axis) leave `defender` (British) unattacked? {rule, reason, table, cell} or null.
// An exemption, not a prohibition: the Axis player may still attack, and then 7.2 applies in full.
export function combatExemption(ctx, attacker, defender) {
  const t = terms(ctx);
  if (!attacker || !defender || !attacker.hex || !defender.hex) return null;
  // 17.1: only from a hex of the ring (below); asked for every pair of adjacent units, most are not
  if (!ringBits(ctx)[ctx.map.index(attacker.hex)]) return null;
  // 17.1: only an Axis unit, facing a British unit
  if (attacker.side !== t.side || defender.side === t.side) return null;
  // 17.1: used at the Axis player's option while he is the phasing player
  if (t.whilePhasing && ctx.active !== t.side) return null;
  if (!ctx.map.adjacent(attacker.hex, defender.hex)) return null;
  // 17.1: the Axis unit's hex is exactly three hexes from 1003 (reading 1: ordinary hex distance)
  const d = ctx.map.distance(attacker.hex, t.centre);
  if (d !== t.exactly) return null;
  // 17.1: the two units are separated by a minefield hexside (reading 3: either side's)
  const across = minefieldBetween(ctx, attacker.hex, defender.hex);
  if (!across) return null;
  // reading 2: another adjacent British unit with no minefield between keeps the whole unit bound by
  // 7.2; one it may not fight (7.46, reading not-an-obligation) does not
  const free = t.spoils === "bare-escarpment" ? ctx.rules["combat-terrain"].combatAllowed : null;
  for (const p of ctx.pieces((q) => q.side !== t.side && q.hex && q.at !== "pending" && q.id !== defender.id)) {
    if (!ctx.map.adjacent(attacker.hex, p.hex)) continue;
    if (minefieldBetween(ctx, attacker.hex, p.hex) || (free && !free(attacker.hex, p.hex))) continue;
    return null;
  }
  return {
    rule: "17.1",
    table: "tobruk/perimeter-exemption",
    uses: ctx.rules.setup.uses("map", "tobruk/perimeter-reading"),
    cell: { hex: attacker.hex, centre: t.centre, distance: d, hexside: attacker.hex + "/" + defender.hex, minefield: across },
    option: across === "fortified-box" ? minefieldOption(ctx) : undefined,
    reason: attacker.id + " in " + attacker.hex + " is exactly " + d + " hexes from " + t.centre +
      " and separated from " + defender.id + " by a minefield hexside" +
      (across === "fortified-box" ? " (Fortified Box ringed by Allied minefields, computer edition)" : "") +
      ": it need not attack (it may, and then must attack every adjacent British unit)",
  };
}

// DG 17.1, second paragraph: with the option, every hexside of an Allied Fortified Box hex is an
// Allied minefield. Offered to the minefield rules as minefieldOwner(a, b): "british" or null.
export function minefieldOwner(ctx, a, b) {
  const t = terms(ctx);
  if (!ctx.option(t.option)) return null;
  const box = ctx.tables["combat-terrain"]["fortified-box"]["hex-feature"];
  if (ctx.map.hasFeature(a, box) || ctx.map.hasFeature(b, box)) return t.boxOwner;   // the owner of the table's minefield feature
  return null;
}

// The option that minefieldOwner() answers for, named in the traces of the costs it decides.
export function minefieldOption(ctx) { return terms(ctx).option; }

// The minefield feature on the hexside a/b ("minefield-british", "minefield-axis", or
// "fortified-box" under the DG option), or null.
function minefieldBetween(ctx, a, b) {
  for (const f of terms(ctx).features) if (ctx.map.hexsideHas(a, b, f)) return f;
  if (minefieldOwner(ctx, a, b)) return "fortified-box";
  return null;
}

// 17.1 and the DG paragraph as the tables say them, once per rules context (every value read here,
// the option's minefield owner too, so a game without the option reads it).
function terms(ctx) {
  return ctx.once("terms", () => {
    const T = ctx.table, P = T["perimeter-exemption"], R = T["perimeter-reading"], D = T["dg-fortified-boxes"];
    return Object.freeze({ side: P.side, centre: P.centre, exactly: P.distance.exactly, whilePhasing: P.choice["while-phasing"] === true,
      features: R["minefield-features"], spoils: R["not-an-obligation"], option: D.option,
      boxOwner: ctx.tables.minefields.owners["by-feature"][D["fortified-box-hexsides"]] });
  });
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
  const t = terms(ctx);
  return ctx.map.within(t.centre, t.exactly).filter((h) => ctx.map.distance(h, t.centre) === t.exactly).sort();
}

// Inspector overlay: the 17.1 ring, every hex exactly three from 1003.
export function ringOverlay(ctx) {
  const out = {};
  const n = terms(ctx).exactly;
  for (const h of ring(ctx)) out[h] = n;
  return out;
}
