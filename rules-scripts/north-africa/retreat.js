// North Africa standard rules 7.7 How to retreat and 7.8 Displacement, with 12.24 (supply in a
// retreat) and 14.13 (no retreat off the map).
//   7.62  A1, A2, D1-D4 and Br make units retreat the number of hexes shown (the combat section
//         queues the retreats; this section carries each out, asking the owner where there is a choice).
//   7.71  a retreating unit may leave an enemy-controlled hex, never enter one.
//   7.72  never across a prohibited hexside or into a prohibited hex.
//   7.73  through vacant hexes where possible; else through friendly units, displacing them.
//   7.74  it ends the full number of hexes away, or is eliminated in the last hex it could reach.
//   7.75  in a Br the attacker may not retreat into a hex the defender held.
//   7.76  minefields do not hinder a retreat.
//   7.81, 7.82  a displaced unit moves one hex as if retreating, chains of displacement included; if
//         it would be eliminated the retreating unit is eliminated instead.
//   12.24 into an unsupplied hex only when nothing else avoids elimination.
// Decision (interrupt, the owner of the retreating units; asked as the combat section's
// `retreat`, answered here):
//   {do: "retreat", unit, path: [hex, ...]}                the hexes entered, in order
//   {do: "retreat", unit, path: [...], eliminated: true}   cannot retreat the full distance:
//                                                          lost in the last hex (7.74)
//   {do: "displace", unit, to}                             a friendly unit in the way moves one hex
// Where the owner has no choice the retreat is carried out without asking. A step of the combat
// section's queue (state.combat.after): {kind: "retreat", side, role, units, n, avoid, moving,
// chain, opts}. Table: tables/north-africa/retreat.yaml.

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

function enemyOf(ctx, side) {
  for (const s of ctx.sides) if (s !== side) return s;
  return null;
}

// 7.7-7.8 as the tables say them, once per rules context (every value read here): the readings,
// 7.76 (movement.yaml minefields-in-retreat-and-advance) and 12.24 (supply.yaml after-combat).
function terms(ctx) {
  return ctx.once("terms", () => {
    const R = ctx.table.readings;
    return Object.freeze({
      closed: R["closed-hexsides"], preference: R.preference,                                          // (2), (3)
      avoid: R["displaced-avoid-retreat-path"] === true, depth: R["displacement-chain-depth"],          // (4)
      brDisplace: R["br-defender-may-displace"] === true,                                               // (7)
      minesFree: ctx.tables.movement.hexsides["minefields-in-retreat-and-advance"].retreat === "free",  // 7.76
      suppliedFirst: ctx.tables.supply["after-combat"]["retreat-into-unsupplied-position"] === "only-if-the-alternative-is-elimination",   // 12.24
    });
  });
}

// The combat section's queue and fight (state.combat), as this section reads them.
function C(ctx) {
  return ctx.state.combat || { after: [], fight: null };
}

// 7.72, 5.25 (retreat readings): may a unit retreat or advance from a into b across their hexside
// and into b's terrain? As a function for loops, reading the board's hexside masks.
function passableFn(ctx) {
  const board = ctx.rules.setup.board(), bit = (f) => ctx.rules.setup.bit(board, f);
  const closed = ctx.tables.movement["closed-hexes"].closed;
  const closedT = board.terrains.map((t) => closed.indexOf(t) >= 0);
  const shut = terms(ctx).closed;                                             // readings (2)
  const prohibited = shut.indexOf("prohibited") >= 0 ? bit("prohibited") : 0;
  const esc = shut.indexOf("bare-escarpment") >= 0 ? ctx.rules.movement.bareEscarpmentBits() : { esc: 0, open: 0 };
  return (a, b) => {
    if (closedT[board.terr[ctx.map.index(b)]]) return false;                   // 7.72: prohibited hex, sea
    const d = ctx.map.direction(a, b);
    const m = d < 0 ? 0 : board.mask[ctx.map.index(a) * 6 + d];
    if (m & prohibited) return false;                                          // 7.72: prohibited hexside
    if ((m & esc.esc) && !(m & esc.open)) return false;                        // 5.25: only by road or trail
    return true;
  };
}

// What retreats and advances read, as the position stands when asked: the units by hex (arrays
// indexed like ctx.map.ids), the enemy zones, supply (on first use) and the hexsides crossable.
// The advance section reads it too (envOf(side)).
export function envOf(ctx, side) {
  const zoc = ctx.rules.zoc.bits(enemyOf(ctx, side));
  const at = ctx.rules.combat.unitsByHex();
  return {
    side,
    at,                                                          // the units in hex, or null
    enemy: (hex) => {                                            // a unit of the other side in hex?
      const l = at(hex);
      if (!l) return false;
      for (const p of l) if (p.side !== side) return true;
      return false;
    },
    zoc: (hex) => zoc[ctx.map.index(hex)] === 1,                 // enemy-controlled (6.0)
    supplied: lazySupply(ctx, side),
    pass: passableFn(ctx),                                       // 7.72, 5.25
    mines: retreatMines(ctx, side),                              // 7.76: null, free to cross
  };
}

// 7.76 (movement.yaml minefields-in-retreat-and-advance): null when a retreat crosses minefields
// freely, else (a, b) => whether the hexside between is an enemy minefield it may not cross.
function retreatMines(ctx, side) {
  if (terms(ctx).minesFree) return null;
  const owner = ctx.rules.minefields.ownerOf();
  return (a, b) => { const o = owner(a, b); return !!o && o !== side; };
}

// 12.24 (supply.yaml after-combat): must a retreat end in a supplied hex where one avoids elimination?
function suppliedFirst(ctx) {
  return terms(ctx).suppliedFirst;
}

// 12.24: is a hex a supplied position for `side`? The supply search runs on the first question only
// (many retreats and advances never need it).
function lazySupply(ctx, side) {
  let bits = null, hexes = null;
  return (hex) => {
    if (bits === null && hexes === null) {
      const s = ctx.rules.supply;
      if (typeof s.bits === "function") bits = s.bits(side);
      else hexes = s.suppliedHexes(side);
    }
    return bits !== null ? bits[ctx.map.index(hex)] === 1 : !!hexes[hex];
  };
}

function friendlyAt(env, hex, except) {
  const l = env.at(hex);
  if (!l) return null;
  for (const p of l) if (p.side === env.side && p.id !== except) return p;
  return null;
}

// 7.71, 7.72: may a retreating (or displaced) unit step from a into b?
function retreatStep(ctx, env, a, b, avoid) {
  if (!env.pass(a, b)) return false;               // 7.72
  if (env.enemy(b)) return false;                // 5.12
  if (env.zoc(b)) return false;                     // 7.71: no entering an enemy-controlled hex
  if (avoid && avoid.indexOf(b) >= 0) return false; // 7.75
  if (env.mines && env.mines(a, b)) return false;   // 7.76: free, unless movement.yaml says otherwise
  return true;
}

// 7.81, 7.82: can friendly `p` be displaced one hex without being eliminated? `excluded` hexes may
// not be entered (the retreating unit's hex and path, the hexes of the chain so far).
function canDisplace(ctx, env, p, excluded, depth) {
  for (const h of ctx.map.neighbors(p.hex)) {
    if (excluded.indexOf(h) >= 0 || !retreatStep(ctx, env, p.hex, h, null)) continue;
    const q = friendlyAt(env, h, p.id);
    if (!q) return true;
    if (depth > 0 && canDisplace(ctx, env, q, excluded.concat([p.hex, h]), depth - 1)) return true;
  }
  return false;
}

// readings (4): how deep a chain of displacements may go
function depth(ctx) { return terms(ctx).depth; }

// Every legal retreat of `unit` (retreat readings: each hex one further from the combat hex).
// {full: [{path, vacant, supplied}], partial: [paths], }
function retreatPaths(ctx, env, unit, n, avoid, mayDisplace) {
  const origin = unit.hex;
  const full = [];
  const partial = [];
  let longest = 0;
  const walk = (path, cur, vacant) => {
    const k = path.length;
    if (vacant && k > longest) { longest = k; partial.length = 0; }
    if (vacant && k === longest && k > 0) partial.push(path.slice());
    if (k === n) {
      full.push({ path: path.slice(), vacant });
      return;
    }
    for (const h of ctx.map.neighbors(cur)) {
      if (ctx.map.distance(origin, h) !== k + 1) continue;
      if (!retreatStep(ctx, env, cur, h, avoid)) continue;
      const f = friendlyAt(env, h, unit.id);
      if (f) {
        // 7.73, 7.81: through a friendly unit only by displacing it, if it can go somewhere (7.82)
        if (!mayDisplace || !canDisplace(ctx, env, f, [cur, h], depth(ctx))) continue;
        // the last hex must be free at the end: the displaced unit vacates it
        path.push(h);
        walk(path, h, false);
        path.pop();
      } else {
        path.push(h);
        walk(path, h, vacant);
        path.pop();
      }
    }
  };
  walk([], origin, true);
  return { full, partial: longest < n ? partial : [] };
}

function byPath(a, b) {
  const x = a.join(" "), y = b.join(" ");
  return x < y ? -1 : x > y ? 1 : 0;
}

// 12.24, 7.73: the retreats the owner may choose among, for one unit.
function retreatChoices(ctx, env, unit, step) {
  // readings (7): the defender of a Br may displace friendly units, or is hemmed in by them
  const f = C(ctx).fight;
  const mayDisplace = terms(ctx).brDisplace || !(step.role === "defender" && f && f.result === "Br");
  const r = retreatPaths(ctx, env, unit, step.n, step.avoid, mayDisplace);
  let full = r.full;
  if (full.length) {
    // readings (3): the "where possible" rules, in the order the readings give them
    for (const rule of terms(ctx).preference) {
      if (rule === "supplied-end-12.24") {
        // 12.24: into an unsupplied hex only when nothing else avoids elimination
        if (full.length > 1 && suppliedFirst(ctx)) {
          const sup = full.filter((x) => env.supplied(x.path[x.path.length - 1]));
          if (sup.length) full = sup;
        }
      } else if (rule === "vacant-route-7.73") {
        // 7.73, 7.82: through friendly units only when no vacant route exists
        const vac = full.filter((x) => x.vacant);
        if (vac.length) full = vac;
      }
    }
    return full.map((x) => x.path).sort(byPath).map((p) => ({ do: "retreat", unit: unit.id, path: p }));
  }
  // 7.74: cannot retreat the full distance: lost in the last hex it can reach
  return r.partial.slice().sort(byPath).map((p) => ({ do: "retreat", unit: unit.id, path: p, eliminated: true }));
}

function displaceChoices(ctx, env, step) {
  const top = step.chain[step.chain.length - 1];
  const p = ctx.piece(top.unit);
  const mover = ctx.piece(step.moving.unit);
  // readings (4): a displaced unit keeps out of the hexes the retreating unit still has to pass
  const ahead = terms(ctx).avoid ? step.moving.path.slice(step.moving.i) : [];
  const excluded = [mover.hex].concat(ahead).concat(step.chain.map((x) => x.from));
  const vacant = [];
  const through = [];
  for (const h of ctx.map.neighbors(p.hex)) {
    if (excluded.indexOf(h) >= 0 || !retreatStep(ctx, env, p.hex, h, null)) continue;
    const q = friendlyAt(env, h, p.id);
    if (!q) vacant.push(h);
    else if (canDisplace(ctx, env, q, excluded.concat([p.hex, h]), depth(ctx) - 1)) through.push(h);
  }
  // 7.82: a displaced unit displaces others only when it has no other way
  let list = vacant.length ? vacant : through;
  // 12.24: as if retreating: an unsupplied hex only when there is no other
  if (list.length > 1 && suppliedFirst(ctx)) {
    const sup = list.filter((h) => env.supplied(h));
    if (sup.length) list = sup;
  }
  return list.sort().map((h) => ({ do: "displace", unit: p.id, to: h }));
}

// The retreat choices open now (a query: it changes nothing). Units with none are listed in `stuck`.
export function options(ctx, step) {
  const env = envOf(ctx, step.side);
  if (step.moving && step.chain.length) return { opts: displaceChoices(ctx, env, step), stuck: [] };
  const opts = [], stuck = [];
  for (const id of step.units) {
    const u = ctx.piece(id);
    if (!onMap(u)) { stuck.push(id); continue; }
    const ch = retreatChoices(ctx, env, u, step);
    if (!ch.length) stuck.push(id);
    for (const a of ch) opts.push(a);
  }
  return { opts, stuck };
}

function retreatActions(ctx, step) {
  return options(ctx, step).opts;
}

// 7.91, 7.74: the path of retreat of a unit of the losing side, kept for the victor's advance.
function recordLost(ctx, step, id, from, path, eliminated) {
  const f = C(ctx).fight;
  if (!f || (step.role === "attacker" && f.result === "Br")) return;
  f.lost[id] = { from, path: path.slice(), eliminated };
}

// 7.74: units with nowhere at all to go are lost where they stand.
export function eliminateStuck(ctx, step, stuck) {
  for (const id of stuck) {
    const u = ctx.piece(id);
    step.units.splice(step.units.indexOf(id), 1);
    if (onMap(u)) lose(ctx, step, u, u.hex, [], "7.74", id + " cannot retreat a single hex (" + step.n + " required): eliminated");
  }
}

function lose(ctx, step, u, from, path, rule, text) {
  recordLost(ctx, step, u.id, from, path, true);
  ctx.rules.combat.eliminate(u, rule, text, { table: "retreat/readings", uses: ctx.rules.setup.uses("map") });
}

export function carryOut(ctx, step, a) {
  if (a.do === "displace") {
    const env = envOf(ctx, step.side);
    const top = step.chain[step.chain.length - 1];
    const q = friendlyAt(env, a.to, a.unit);
    if (q) {
      // 7.82: a chain: the unit in the way moves first
      top.to = a.to;
      step.chain.push({ unit: q.id, from: a.to });
      ctx.trace({ rule: "7.82", table: "readings", uses: ctx.rules.setup.uses("map"), text: a.unit + " can only be displaced into " + a.to + ", so " + q.id + " is displaced first" });
      return;
    }
    top.to = a.to;
    // move the chain back down: each unit enters the hex the one above it vacated
    while (step.chain.length) {
      const e = step.chain.pop();
      const p = ctx.piece(e.unit);
      const from = p.hex;
      p.hex = e.to;
      p.displaced = true;
      ctx.rules.combat.markAdverse(p);
      ctx.trace({ rule: "7.81", table: "readings", uses: ctx.rules.setup.uses("map"), text: p.id + " displaced " + from + " -> " + e.to + " to let " + step.moving.unit + " retreat" });
    }
    moveOn(ctx, step);
    return;
  }
  // a retreat path
  const u = ctx.piece(a.unit);
  step.units.splice(step.units.indexOf(a.unit), 1);
  step.moving = { unit: u.id, from: u.hex, path: a.path.slice(), i: 0, eliminated: !!a.eliminated };
  moveOn(ctx, step);
}

// Moves the retreating unit along its path until a friendly unit must be displaced or it arrives.
function moveOn(ctx, step) {
  const m = step.moving;
  const u = ctx.piece(m.unit);
  const env = envOf(ctx, step.side);
  while (m.i < m.path.length) {
    const h = m.path[m.i];
    const q = friendlyAt(env, h, u.id);
    if (q) {
      if (!step.chain.length) step.chain.push({ unit: q.id, from: h });
      const ch = displaceChoices(ctx, env, step);
      if (!ch.length) {
        // 7.82: the displacement would destroy the unit in the way: the retreating unit is lost instead
        step.chain = [];
        step.moving = null;
        lose(ctx, step, u, m.from, m.path.slice(0, m.i), "7.82", u.id + " cannot displace " + q.id + " without destroying it: eliminated instead");
        return;
      }
      if (ch.length === 1) { carryOut(ctx, step, ch[0]); return; }
      return;   // the owner chooses where the displaced unit goes
    }
    u.hex = h;
    m.i++;
  }
  u.retreated = true;
  step.moving = null;
  if (m.eliminated) {
    lose(ctx, step, u, m.from, m.path, "7.74", u.id + " retreats " + [m.from].concat(m.path).join(" -> ") + " but cannot go the " + step.n + " hexes required: eliminated");
  } else {
    recordLost(ctx, step, u.id, m.from, m.path, false);
    ctx.trace({ rule: "7.7", table: "readings", uses: ctx.rules.setup.uses("map"), text: u.id + " retreats " + step.n + " hex" + (step.n === 1 ? "" : "es") + ": " + [m.from].concat(m.path).join(" -> ") });
  }
}


// ---- the decision (asked as the combat section's `retreat`)

const retreat = {
  rule: "7.7",
  side(ctx) { const s = C(ctx).after[0]; return s ? s.side : ctx.active; },
  prompt(ctx) {
    const s = C(ctx).after[0];
    if (s.moving && s.chain.length) return s.side + ": displace " + s.chain[s.chain.length - 1].unit + " one hex so that " + s.moving.unit + " can retreat (7.81)";
    return s.side + ": retreat " + s.units.join(", ") + " " + s.n + " hex" + (s.n === 1 ? "" : "es") + " each (7.7)";
  },
  actions(ctx) { const s = C(ctx).after[0]; return s.opts || retreatActions(ctx, s); },
  apply(ctx, a) {
    const c = C(ctx);
    const step = c.after[0];
    step.opts = null;
    carryOut(ctx, step, a);
    if (!step.moving && !step.chain.length && !step.units.length) c.after.shift();
    ctx.done();
    ctx.rules.combat.continueAfter();
  },
  why(ctx, a) {
    const s = C(ctx).after[0];
    if (a.do === "displace") return { rule: "7.82", reason: "a displaced unit moves one hex as if retreating: not into an enemy zone of control or a prohibited hex, into a vacant hex where one is open (7.71-7.73, 7.82)" };
    if (s && s.units.indexOf(a.unit) < 0) return { rule: "7.7", reason: a.unit + " is not retreating now" };
    return { rule: "7.7", reason: "a retreat goes " + (s ? s.n : "the required number of") + " hexes, each further from the combat hex, never into an enemy zone of control (7.71), a prohibited hex or hexside (7.72)" +
      (s && s.avoid.length ? " or the defender's hex (7.75)" : "") + "; through friendly units only when no vacant route exists (7.73) and into an unsupplied hex only when no other retreat exists (12.24)" };
  },
};


// The combat section asks this decision as its own `retreat` (a save's control stack names it so).
export function answer(ctx, method, ...args) {
  return retreat[method](ctx, ...args);
}
