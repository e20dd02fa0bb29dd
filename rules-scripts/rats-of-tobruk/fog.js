// Rats of Tobruk 1.1 Fog of War.
//   1.1   a player may inspect an enemy unit or stack if one of his units on the map has a line of
//         hexes to it, no blocking terrain in between, of 10 hexes or fewer (5 in a sandstorm, 1
//         at night): sight.js observed. No enemy unit in a hex with a fortification (a bunker) may
//         be inspected (sight.yaml observation fortifications-hide), unless it has fought: a unit
//         that conducts any manner of combat is revealed in all cases (piece field revealed, set by
//         combat, direct fire, barrages, anti-aircraft, clearing and casualties, until the End of
//         Turn Phase): inspectable.
//   view  what a side knows: its own units and every enemy unit it may inspect, whole; every other
//         enemy unit as a counter's back in its hex ({hidden: true}: its side, hex, whether it is
//         an HQ, which its counter's shape shows and its zone of control obeys, 8.0), off the map
//         as a back off the map; the records of the move, attack and activation under way with
//         the hidden units' names replaced by their backs' ids.
//   secrets  what a side may not know now: which unit each back is and all its values.
// Rules that need a hidden unit's values are worked out on the whole state; nothing a side is
// shown depends on them (the fire and opportunity fire at a hidden stack name its hex, fire.js).

// The fields of a hidden enemy unit its opponent may not know.
const SECRET = ["id", "unit", "name", "nation", "battalion", "type", "kind", "fa", "fd", "fm", "da", "dd", "dm", "range", "fire", "light",
  "fireDefense", "depleted", "moved", "attacked", "directFired", "fired", "barraged", "pinned", "roadMove", "overrun", "advanced",
  "riding", "supply", "unsupplied", "nominated", "entered"];

// inspectable(side, piece): `side` may inspect this enemy unit now (1.1).
export function inspectable(ctx, side, p) {
  if (!p.hex) return false;
  if (p.revealed) return true;
  if (ctx.tables.sight.observation["fortifications-hide"] && ctx.rules.fortifications.bunker(p.hex)) return false;
  return ctx.rules.sight.observed(side).has(p.hex);
}

// The enemy units hidden from `side` now, in id order (on the map or waiting off it).
export function hiddenFrom(ctx, side) {
  return ctx.memo("hidden from " + side, () => ctx.piecesById((p) => p.side !== side && (p.at === "map" || p.at === "off") && !inspectable(ctx, side, p)));
}

export function secrets(ctx, side) {
  const out = {};
  for (const p of hiddenFrom(ctx, side)) out[p.id] = SECRET;
  return out;
}

// The backs of the hidden units: id -> {id, side, hex, at, hq, hidden}, each named by its hex and
// its place among the backs there: the units a record under way names first (the move's units, the
// activation's HQ and stack, the opportunity fire's, the attack's, in that order), HQs next, then
// the rest. Nothing else tells them apart, so no name a record shows depends on which unit is which.
function named(s) {
  const out = [];
  const add = (ids) => { for (const id of ids || []) if (out.indexOf(id) < 0) out.push(id); };
  if (s.moving) add(s.moving.units);
  if (s.activation) { add(s.activation.hq ? [s.activation.hq] : []); add(s.activation.stackUnits); }
  if (s.opportunity) { add(s.opportunity.units); add(s.opportunity.fired); }
  if (s.attack) {
    add(s.attack.units); add(s.attack.artillery); add(s.attack.defArtillery);
    for (const q of s.attack.queue || []) { add(q.units); add(q.optional); }
    add(s.attack.advanced); add(s.attack.further);
  }
  return out;
}

function backs(ctx, side) {
  const first = named(ctx.state);
  const rank = (p) => { const m = first.indexOf(p.id); return m >= 0 ? m : first.length + (p.hq ? 0 : 1); };
  const list = hiddenFrom(ctx, side).slice().sort((a, b) => {
    const ha = a.hex || "off", hb = b.hex || "off";
    return ha < hb ? -1 : ha > hb ? 1 : rank(a) - rank(b);
  });
  const out = new Map(), seen = new Map();
  for (const p of list) {
    const where = p.hex || "off", n = (seen.get(where) || 0) + 1;
    seen.set(where, n);
    const id = "hidden " + p.side + " " + (p.hex ? p.hex : "off the map") + (n > 1 ? " " + n : "");
    out.set(p.id, { id, side: p.side, hex: p.hex, at: p.at, hq: p.hq, type: p.hq ? "hq" : "hidden", hidden: true });
  }
  return out;
}

function masked(ids, b) { return ids.map((id) => (b.has(id) ? b.get(id).id : id)); }

export function view(ctx, side) {
  const b = backs(ctx, side), pieces = {};
  for (const p of ctx.piecesById()) if (!b.has(p.id)) pieces[p.id] = ctx.whole(p);
  for (const back of b.values()) pieces[back.id] = back;
  const s = ctx.state, out = Object.assign({}, s, { pieces });
  if (s.moving) out.moving = Object.assign({}, s.moving, { units: masked(s.moving.units, b) });
  if (s.opportunity) out.opportunity = Object.assign({}, s.opportunity, { units: masked(s.opportunity.units, b), fired: masked(s.opportunity.fired, b) });
  if (s.activation) {
    out.activation = Object.assign({}, s.activation, { stackUnits: masked(s.activation.stackUnits, b) });
    if (s.activation.hq && b.has(s.activation.hq)) out.activation.hq = b.get(s.activation.hq).id;
  }
  if (s.attack) {
    const at = out.attack = Object.assign({}, s.attack, { units: masked(s.attack.units, b), artillery: masked(s.attack.artillery, b),
      defArtillery: masked(s.attack.defArtillery, b) });
    if (s.attack.queue) at.queue = s.attack.queue.map((q) => Object.assign({}, q, q.units ? { units: masked(q.units, b) } : {}, q.optional ? { optional: masked(q.optional, b) } : {}));
    for (const k of ["advanced", "further"]) if (s.attack[k]) at[k] = masked(s.attack[k], b);
  }
  return out;
}

// For the inspector: the enemy units a side may inspect now ("inspected") and those it may not ("hidden").
export function fogOverlay(ctx, args) {
  const side = args && args.side ? args.side : ctx.state.active || ctx.sides[0], out = {};
  const hidden = new Set(hiddenFrom(ctx, side).map((p) => p.id));
  for (const p of ctx.pieces((q) => q.side !== side && q.hex)) {
    if (hidden.has(p.id)) out[p.hex] = "hidden";
    else if (!out[p.hex]) out[p.hex] = "inspected";
  }
  return out;
}
