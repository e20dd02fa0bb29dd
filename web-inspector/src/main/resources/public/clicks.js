// Maps the legal actions to clicks on the board: a field whose value is a piece id names a unit or
// a target, a field whose value is a hex id names a destination. Pure functions over the actions.

/** The fields of an action naming pieces and hexes, in the action's order. */
export function roles(action, pieces, hexes) {
  const units = [], places = [];
  for (const [k, v] of Object.entries(action)) {
    if (typeof v !== "string" || k === "do") continue;
    if (Object.prototype.hasOwnProperty.call(pieces, v)) units.push(k);
    else if (hexes.has(v)) places.push(k);
  }
  return { units, places };
}

/** Pieces the side to act can pick up: the first piece field of some action. */
export function actors(actions, pieces, hexes) {
  const out = new Set();
  for (const a of actions) {
    const r = roles(a, pieces, hexes);
    if (r.units.length) out.add(a[r.units[0]]);
  }
  return out;
}

/** For a selected piece: destination hexes and target pieces its actions name. */
export function reachOf(actions, selected, pieces, hexes) {
  const dest = new Map(), targets = new Map();
  for (const a of actions) {
    const r = roles(a, pieces, hexes);
    if (!r.units.length || a[r.units[0]] !== selected) continue;
    for (const f of r.places) push(dest, a[f], a);
    for (const f of r.units.slice(1)) push(targets, a[f], a);
  }
  return { dest, targets };
}

/** Actions a click on a hex means: with a piece selected, its actions naming the hex; else actions naming only the hex. */
export function forHex(actions, hex, selected, pieces, hexes) {
  return actions.filter((a) => {
    const r = roles(a, pieces, hexes);
    if (!r.places.some((f) => a[f] === hex)) return false;
    return selected ? r.units.length > 0 && a[r.units[0]] === selected : r.units.length === 0;
  });
}

/** Actions a click on a piece means while another is selected: those naming both. */
export function forTarget(actions, piece, selected, pieces, hexes) {
  return actions.filter((a) => {
    const r = roles(a, pieces, hexes);
    return r.units.length > 1 && a[r.units[0]] === selected && r.units.slice(1).some((f) => a[f] === piece);
  });
}

/**
 * The action the designer meant by clicking a hex the selected piece may not go to: a legal
 * action of that piece with the hex put in, so the rules can say why it is refused.
 */
export function guess(actions, hex, selected, pieces, hexes) {
  for (const a of actions) {
    const r = roles(a, pieces, hexes);
    if (r.units.length && a[r.units[0]] === selected && r.places.length) return { ...a, [r.places[0]]: hex };
  }
  return null;
}

function push(m, k, v) { if (!m.has(k)) m.set(k, []); m.get(k).push(v); }
