// Rats of Tobruk 10.8, 15.0-15.2, 16.0-16.1: ditch/wire, bunkers and engineers; 12.0 (a stand-in).
//   15.0, 16.1  map-printed bunkers never go: combat results do not touch them.
//   10.8, 15.0, 15.1  the dice roll modifier to an attack: +3 if every attacking unit attacks
//         across a ditch/wire hexside (10.1 step 3), +4 against a bunker hex from any direction,
//         +5 for both: attackModifiers.
//   16.0  with an engineer among the attackers each terrain and bunker penalty of the combat hex
//         is halved on its own (rounded down), and a German or Italian engineer cancels the
//         ditch/wire modifier (10.8: then only the bunker's applies): attackModifiers.
//   15.2  a bunker hex has its own movement cost (terrain.yaml bunker); across a ditch/wire
//         hexside only the ditch/wire's, along a road or path only the road's: movement.js.
//   12.0  clearing ditch/wire is missing from the rulebook: the stand-in (fortifications.yaml
//         clearing) lets an activated engineer next to a ditch/wire hexside try to clear it
//         instead of attacking: clearTargets, clear. State: state.cleared, the cleared hexsides.

export function sideKey(ctx, a, b) { return a < b ? a + "/" + b : b + "/" + a; }

export function clearedSet(ctx) { return ctx.memo("cleared", () => new Set(ctx.state.cleared)); }

// ditch(a, b): a ditch/wire hexside, not cleared, lies between the adjacent hexes a and b.
export function ditch(ctx, a, b) {
  return ctx.map.hexsideHas(a, b, "ditch-wire") && !clearedSet(ctx).has(sideKey(ctx, a, b));
}

export function bunker(ctx, hex) { return ctx.map.hasFeature(hex, "bunker"); }

function isEngineer(ctx, p) { return ctx.table.engineers.types.indexOf(p.type) >= 0; }

function halved(ctx, v) { return ctx.rules.fractions.of(v, ctx.table.engineers.halve); }

// attackModifiers(attackers, hex, {bunkerCancelled}): the dice roll modifiers of the combat hex:
// [{value, why, table, rule}], the terrain's (terrain.yaml), the bunker's and the ditch/wire's.
export function attackModifiers(ctx, attackers, hex, opts) {
  const out = [], t = ctx.table.modifiers;
  const eng = attackers.filter((p) => isEngineer(ctx, p));
  const terr = ctx.rules.terrain.modifier(hex);
  if (terr.value) {
    const v = eng.length ? halved(ctx, terr.value) : terr.value;
    out.push({ value: v, why: terr.terrain + (eng.length ? " (halved: engineer, 16.0)" : ""), table: terr.table, rule: eng.length ? "10.1, 16.0" : "10.1" });
  }
  const across = attackers.length > 0 && attackers.every((p) => p.hex && ditch(ctx, p.hex, hex));
  const cancelsWire = eng.some((p) => ctx.table.engineers["ditch-wire-nations"].indexOf(p.nation) >= 0);
  const wire = across && !cancelsWire;
  const bunkerCounts = bunker(ctx, hex) && !(opts && opts.bunkerCancelled);
  if (bunkerCounts) {
    const base = wire ? t["bunker-across-ditch-wire"] : t.bunker;
    const v = eng.length ? halved(ctx, base) : base;
    out.push({ value: v, why: (wire ? "bunker across ditch/wire" : "bunker") + (eng.length ? " (halved: engineer, 16.0)" : ""),
      table: "fortifications/modifiers", rule: wire ? "10.8, 15.0" : "15.0", uses: eng.length ? ["fortifications/engineers"] : undefined });
  } else if (wire) {
    out.push({ value: t["ditch-wire"], why: "across ditch/wire", table: "fortifications/modifiers", rule: "10.8" });
  }
  if (across && cancelsWire) out.push({ value: 0, why: "ditch/wire: none, a German or Italian engineer attacks (16.0)", table: "fortifications/engineers", rule: "10.8, 16.0" });
  return out;
}

// ---- 12.0 (stand-in): clearing ditch/wire ------------------------------------------------------

// The uncleared ditch/wire hexsides next to an engineer: [{unit, side: "a/b"}].
export function clearTargets(ctx, p) {
  if (!isEngineer(ctx, p) || !p.hex) return [];
  const out = [];
  for (const n of ctx.map.neighbors(p.hex)) if (ditch(ctx, p.hex, n)) out.push(sideKey(ctx, p.hex, n));
  return out.sort();
}

// clear(piece, side): the engineer's try (instead of an attack: the caller marks it as having attacked).
export function clear(ctx, p, side) {
  const t = ctx.table.clearing;
  const r = ctx.roll(t.die, p.name + " clears the ditch/wire " + side + " (12.0)");
  const ok = r <= t["cleared-at-most"];
  if (ok) ctx.state.cleared.push(side);
  ctx.trace({ rule: "12.0", table: "clearing", cell: { roll: r }, result: ok ? "cleared" : "not cleared",
    text: p.name + (ok ? " clears" : " fails to clear") + " the ditch/wire between " + side.replace("/", " and ") + " (roll " + r + ")" });
  return ok;
}

// For the inspector: the bunker hexes (no facing, 15.1: any direction) and each uncleared
// ditch/wire hexside (15.1's exception: only an attack across its sawtooth), as the hexside
// "inside/outside" (the hex within the perimeter first), which the inspector draws on that side.
export function facingOverlay(ctx) {
  const out = {}, inside = ctx.memo("perimeter set", () => new Set(ctx.map.zone("perimeter")));
  for (const h of ctx.map.ids) {
    if (bunker(ctx, h)) out[h] = "bunker (any direction)";
    for (const n of ctx.map.neighbors(h)) {
      if (n < h || !ditch(ctx, h, n)) continue;
      if (inside.has(n) && !inside.has(h)) out[n + "/" + h] = "ditch/wire side";
      else out[h + "/" + n] = "ditch/wire side";
    }
  }
  return out;
}
