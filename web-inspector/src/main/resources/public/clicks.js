// Maps the legal actions to clicks on the board: a field whose value is a piece id names a unit or
// a target, a field whose value is a hex id names a destination. Pure functions over the actions,
// whatever shape a system gives its moves: one action naming unit and hex, or a unit picked up by
// one action and its hex chosen by the next decision's actions, which name only hexes.

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

/**
 * Actions a click on a hex means: with a piece selected, its actions naming the hex; else (or when
 * the selected piece has none there) the actions naming only the hex.
 */
export function forHex(actions, hex, selected, pieces, hexes) {
  const mine = selected ? actions.filter((a) => {
    const r = roles(a, pieces, hexes);
    return r.places.some((f) => a[f] === hex) && r.units.length > 0 && a[r.units[0]] === selected;
  }) : [];
  return mine.length ? mine : actions.filter((a) => {
    const r = roles(a, pieces, hexes);
    return r.units.length === 0 && r.places.some((f) => a[f] === hex);
  });
}

/** Hexes that actions naming only a hex (a destination chosen after the unit, a hex to attack) make clickable. */
export function hexOnly(actions, pieces, hexes) {
  const out = new Map();
  for (const a of actions) {
    const r = roles(a, pieces, hexes);
    if (!r.units.length) for (const f of r.places) push(out, a[f], a);
  }
  return out;
}

/** A piece's actions that name nothing else (pick it up to move, add it to an attack): a click on it takes them. */
export function pickups(actions, piece, pieces, hexes) {
  return actions.filter((a) => {
    const r = roles(a, pieces, hexes);
    return r.units.length === 1 && a[r.units[0]] === piece && !r.places.length;
  });
}

/** Actions naming no piece and no hex: the board has no place for them (end a phase, resolve, cancel). */
export function boardFree(actions, pieces, hexes) {
  return actions.filter((a) => {
    const r = roles(a, pieces, hexes);
    return !r.units.length && !r.places.length;
  });
}

/** Actions that name a piece anywhere (also in a list): the action list filtered to a selected unit. */
export function naming(actions, piece) {
  return actions.filter((a) => Object.entries(a).some(([k, v]) => k !== "do" && (v === piece || (Array.isArray(v) && v.includes(piece)))));
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
