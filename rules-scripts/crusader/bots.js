// Crusader 19.0 (with the advice of 20.0, the game notes): a heuristic player for either side, so a
// designer can see a variant's effect without a partner. British: open the route to Tobruk
// (19.17 nr. 1) and destroy Axis units, German armour first (20.0). Axis: cut that route, strike
// exposed British units and keep the German armour.
//
// Kernel bot contract: heuristic(ctx, actions, side) -> index into actions, or an action the
// decision accepts beyond its list (a whole attack). One pass over the legal
// actions with cheap scores; what the scores need is computed once per call, or taken from what the
// kernel keeps beside the state (ctx.keep, ctx.recall) when it is what a fresh count would give.
// The bot chooses from the position alone and leaves the game state as it found it (a replay
// without the bot must give the same game); ties go to the earlier action, so it is deterministic. Ending a decision ("done",
// "stop", "fpf-done", "decline") scores 0 and is always available, so no decision is left hanging.

const DONE = { done: 1, decline: 1, end: 1, pass: 1, stop: 1, "fpf-done": 1 };
const MOVES = { move: 1, enter: 1, exit: 1, "cross-minefield": 1 };

export function heuristic(ctx, actions, side) {
  if (actions.length <= 1) return 0;
  // a movement decision lists a thousand moves or more: the first of its kinds met settles it
  const kinds = {};
  for (const a of actions) {
    if (MOVES[a.do] === 1) return movement(ctx, actions, side);
    kinds[a.do] = true;
  }
  if (kinds.attack || kinds.resolve || kinds.cancel) return attackChoice(ctx, actions, side);
  if (kinds["fpf-done"]) return fpfChoice(ctx, actions, side);
  if (kinds.retreat || kinds.displace) return retreatChoice(ctx, actions, side);
  if (kinds.advance) return advanceChoice(ctx, actions, side);
  if (kinds.remove) return penaltyRemoval(ctx, actions);
  return fallback(actions);
}

// Anything not understood: end the decision if that is allowed, else the first action.
function fallback(actions) {
  for (let i = 0; i < actions.length; i++) if (DONE[actions[i].do]) return i;
  return 0;
}

// ---- what every score reads, built once per call ------------------------------------------------

function enemyOf(side) { return side === "axis" ? "british" : "axis"; }

function world(ctx, side) {
  const occ = new Array(ctx.map.ids.length).fill(null), mine = new Array(ctx.map.ids.length).fill(null);
  // at(hex): the unit in hex (the last by id if several), or null; friendsAt(hex): side's units there, in id order
  const W = { side, enemy: enemyOf(side), at: (hex) => occ[ctx.map.index(hex)], friendsAt: (hex) => mine[ctx.map.index(hex)], friends: [], foes: [] };
  for (const p of ctx.piecesById()) {
    if (p.at !== "map" || !p.hex) continue;
    const i = ctx.map.index(p.hex);
    occ[i] = p;
    if (p.side === side) { W.friends.push(p); (mine[i] || (mine[i] = [])).push(p); } else W.foes.push(p);
  }
  return W;
}

// The side's units next to hex, in id order (as W.friends has them).
function friendsNextTo(ctx, W, hex) {
  const out = [];
  for (const n of ctx.map.neighbors(hex)) { const l = W.friendsAt(n); if (l) for (const p of l) out.push(p); }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}


// German armour (20.0: "the big German armoured units"), as the victory section's metrics table reads it.
function isGermanArmour(ctx, p) {
  return ctx.rules.victory.germanArmour(p);
}

// What a unit is worth keeping or killing: its 19.27 victory points, German armour more.
function worth(ctx, p) { return ctx.rules.victory.unitValue(p) + (isGermanArmour(ctx, p) ? 6 : 0); }

// Hops from the nearest source over land (sea and prohibited hexes closed), each source entered at
// its own offset; at most `depth` hops. sources: [[hex, offset >= 0]]. An array over ctx.map.ids,
// -1 where no source reaches (read it with hops()).
function field(ctx, sources, depth) {
  const board = ctx.rules.setup.board(), nb = board.nb;
  const closedList = ctx.tables.movement["closed-hexes"].closed;
  const closed = board.terrains.map((t) => closedList.indexOf(t) >= 0);
  const dist = new Int32Array(ctx.map.ids.length).fill(-1);
  const src = sources.slice().sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const max = depth === undefined ? Infinity : depth;
  let si = 0, d = src.length ? src[0][1] : 0, frontier = [];
  while ((frontier.length || si < src.length) && d <= max) {
    while (si < src.length && src[si][1] <= d) {
      const h = ctx.map.index(src[si][0]);
      if (dist[h] < 0) { dist[h] = d; frontier.push(h); }
      si++;
    }
    if (d === max) break;
    const next = [];
    for (const h of frontier) {
      for (let k = 0; k < 6; k++) {
        const n = nb[h * 6 + k];
        if (n < 0 || dist[n] >= 0 || closed[board.terr[n]]) continue;
        dist[n] = d + 1;
        next.push(n);
      }
    }
    frontier = next;
    d++;
  }
  return dist;
}

// field(), recalled by its sources (ctx.recall): the same sources give the same field, and through
// a movement phase the units that set them (the enemy, the route) mostly stand still.
function fieldOf(ctx, sources) {
  let key = "field ";
  for (const s of sources) key += s[0] + ":" + s[1] + " ";
  return ctx.recall(key, () => field(ctx, sources));
}

// The hops of a field at hex; 99 where no source reaches.
function hops(ctx, f, hex) {
  const d = f[ctx.map.index(hex)];
  return d < 0 ? 99 : d;
}

// The goals each side moves toward, as hop fields (lower is better).
// British: Tobruk, and the hexes next to Axis units, those nearest Tobruk first (19.17, 20.0).
// Axis: the open route to Tobruk if there is one, to cut it (route); the hexes next to British
// units, for the mobile units (contact).
// Where the enemy units stand and the route decide the fields: they are recalled by those, a key
// far shorter than the sources'.
function goalFields(ctx, W) {
  let foes = "";
  for (const e of W.foes) foes += e.hex + " ";
  if (W.side === "british") {
    const tobruk = ctx.tables.victory.campaign["route-to-tobruk"].to;   // 19.17 nr. 1
    return ctx.recall("british goals " + foes, () => {
      const src = [[tobruk, 0]];
      for (const e of W.foes) {
        const off = Math.min(6, Math.floor(ctx.map.distance(e.hex, tobruk) / 4));
        for (const n of ctx.map.neighbors(e.hex)) src.push([n, off]);
      }
      const f = fieldOf(ctx, src);
      return { mobile: f, slow: f };
    });
  }
  const r = ctx.rules.victory.route();
  return ctx.recall("axis goals " + (r.open ? r.path.join(" ") : "closed") + " / " + foes, () => {
    const contact = [];
    for (const e of W.foes) for (const n of ctx.map.neighbors(e.hex)) contact.push([n, 0]);
    if (!r.open) { const f = fieldOf(ctx, contact); return { mobile: f, slow: null }; }
    const route = r.path.map((h) => [h, 0]);
    return { mobile: fieldOf(ctx, route.concat(contact.map((x) => [x[0], 3]))), slow: fieldOf(ctx, route) };
  });
}

// Axis infantry that walks (movement 7 or less) holds the line round Tobruk unless the route opens.
function isSlow(p) { return !p.artillery && (p.movement || 0) <= 7; }

// The CRT as lookups: col(line, differential) -> column, ev(line, differential) -> the worth of
// that column to the attacker (columnValues); each cell computed on its first use in the rules
// context (the tables alone decide it).
function crtTable(ctx) {
  return ctx.once("crt lookups", () => crtLookups(ctx));
}

function crtLookups(ctx) {
  const vals = columnValues(ctx);
  const memo = {};
  const col = (line, diff) => {
    const d = Math.max(-20, Math.min(20, Math.round(diff)));
    const m = memo[line] || (memo[line] = []);
    let c = m[d + 20];
    if (c === undefined) c = m[d + 20] = ctx.rules.crt.column(line, d);
    return c;
  };
  return { col, ev: (line, diff) => vals.all[col(line, diff)], vals };
}

// Sums of a value over the hexes near each hex, in O(1) per question: a prefix-sum table over the
// map's columns and rows (hex ids are column then row); the square of half-width r around a hex
// holds every hex within r of it (and a few beyond: a heuristic needs no more).
function areaSums(ctx, items, dims) {
  const { w, h } = dims || gridSize(ctx);
  const grid = new Float64Array(w * h);
  for (const [hex, v] of items) grid[(+hex.slice(0, 2)) * h + (+hex.slice(2))] += v;
  for (let c = 0; c < w; c++) for (let r = 0; r < h; r++) {
    const i = c * h + r;
    grid[i] += (c > 0 ? grid[i - h] : 0) + (r > 0 ? grid[i - 1] : 0) - (c > 0 && r > 0 ? grid[i - h - 1] : 0);
  }
  const at = (c, r) => (c < 0 || r < 0 ? 0 : grid[Math.min(c, w - 1) * h + Math.min(r, h - 1)]);
  return (hex, rad) => {
    const c = +hex.slice(0, 2), r = +hex.slice(2);
    return at(c + rad, r + rad) - at(c - rad - 1, r + rad) - at(c + rad, r - rad - 1) + at(c - rad - 1, r - rad - 1);
  };
}

// The column and row span of the map's hex ids, for areaSums; the map alone decides it.
function gridSize(ctx) { return ctx.once("grid size", () => gridSizeNow(ctx)); }

function gridSizeNow(ctx) {
  let maxC = 0, maxR = 0;
  for (const id of ctx.map.ids) { const c = +id.slice(0, 2), r = +id.slice(2); if (c > maxC) maxC = c; if (r > maxR) maxR = r; }
  return { w: maxC + 2, h: maxR + 2 };
}

// The CRT line a unit in `hex` defends on (7.41, 7.44): its terrain, or the Anti-Tank line when an
// anti-tank unit of its side covers it (11.11, 11.15), whichever favours it more.
function defenceLine(ctx, W, hex, side) {
  const hexLine = ctx.tables["combat-terrain"]["hex-terrain"].line;
  let line = hexLine[ctx.map.terrain(hex)] || "mixed";
  if (line === "mixed") {
    const q = W.at(hex);
    let covered = !!(q && q.side === side && q.antiTank);
    for (const n of ctx.map.neighbors(hex)) { const r = W.at(n); if (r && r.side === side && r.antiTank) covered = true; }
    if (covered) line = "anti-tank";
  }
  return line;
}

// Both sides' strength spread over the map, for the questions below.
function strengthMaps(ctx, W) {
  const mine = [], myArt = [];
  for (const f of W.friends) {
    if (f.artillery) myArt.push([f.hex, f.barrage || 0]);
    else if (!f.moved) mine.push([f.hex, f.attack || 0]);
  }
  const dims = gridSize(ctx);
  // summed on first use: with the move scores kept, most decisions ask neither
  let mineSums = null, artSums = null;
  return Object.assign({
    mine: (hex, rad) => (mineSums || (mineSums = areaSums(ctx, mine, dims)))(hex, rad),
    myArt: (hex, rad) => (artSums || (artSums = areaSums(ctx, myArt, dims)))(hex, rad),
  }, enemyView(ctx, W));
}

// What only the enemy units decide: their strength maps and, per hex (map index), the enemy units
// next to it (near). Recalled by the enemy units and their strengths (ctx.recall): they stand
// still through the side's own movement phase.
function enemyView(ctx, W) {
  let key = "enemy ";
  for (const e of W.foes) key += e.id + "@" + e.hex + ":" + (e.artillery ? "a" + (e.barrage || 0) + "/" + (e.noFpf ? "-" : e.fpf || 0) : e.attack || 0) + " ";
  return ctx.recall(key, () => {
    const theirs = [], theirArt = [], theirFpf = [];
    for (const e of W.foes) {
      if (e.artillery) { theirArt.push([e.hex, e.barrage || 0]); if (!e.noFpf) theirFpf.push([e.hex, e.fpf || 0]); }
      else theirs.push([e.hex, e.attack || 0]);
    }
    const dims = gridSize(ctx);
    const near = new Array(ctx.map.ids.length).fill(null);
    for (const e of W.foes) for (const h of ctx.map.neighbors(e.hex)) { const i = ctx.map.index(h); (near[i] || (near[i] = [])).push(e); }
    return { theirs: areaSums(ctx, theirs, dims), theirArt: areaSums(ctx, theirArt, dims), theirFpf: areaSums(ctx, theirFpf, dims),
      foes: areaSums(ctx, W.foes.map((e) => [e.hex, 1]), dims), near };
  });
}

// defenceLine() of `side` per hex (map index), filled on first use. Only the hexes where the side's
// anti-tank units stand (as W.at sees them) change it, so the array is recalled by them.
function defenceLines(ctx, W, side) {
  let key = "lines " + side + " ";
  for (const f of W.friends) if (f.antiTank && W.at(f.hex) === f) key += f.hex + " ";
  return ctx.recall(key, () => new Array(ctx.map.ids.length).fill(null));
}

// What an attack on enemy unit e could look like this turn, for units deciding whether to end next
// to it: the attack already next to it, what could still join (unmoved units within 4, artillery
// in range, half the ground support), less its defense and the FPF to expect. Worked out on first use.
function attackOutlook(ctx, W, S) {
  const gs = ctx.rules["ground-support"].available(W.side);
  const fpfGs = Math.min(2, ctx.rules["ground-support"].available(W.enemy));
  const out = {};
  return (e) => {
    let o = out[e.id];
    if (o) return o;
    let now = 0;
    for (const n of ctx.map.neighbors(e.hex)) { const f = W.at(n); if (f && f.side === W.side && !f.artillery) now += f.attack || 0; }
    const soon = Math.min(S.mine(e.hex, 4) - now, 2 * e.defense) * 0.5;
    o = out[e.id] = { line: defenceLine(ctx, W, e.hex, W.enemy), worth: worth(ctx, e),
      base: now + Math.max(0, soon) + Math.min(S.myArt(e.hex, 2), 10) + gs * 0.5 - e.defense - Math.min(S.theirFpf(e.hex, 2), 8) - fpfGs };
    return o;
  };
}

function movement(ctx, actions, side) {
  const W = world(ctx, side);
  const n = ctx.map.ids.length;
  const goals = goalFields(ctx, W);
  const S = strengthMaps(ctx, W);
  const near = S.near;                        // per hex (map index): the enemy units next to it
  const outlook = attackOutlook(ctx, W, S);
  const T = crtTable(ctx);
  const enemyGs = ctx.rules["ground-support"].perTurn(W.enemy);
  const plan = side === "axis" ? exitPlanFor(ctx) : null;
  // per hex (map index), worked out on first use
  const lineAt = defenceLines(ctx, W, side), dangerAt = new Float64Array(n).fill(NaN);
  const lineOf = (h, i) => lineAt[i] || (lineAt[i] = defenceLine(ctx, W, h, side));
  // 2nd player-turn danger: the enemy attack that could reach a hex (units within 4, artillery within
  // range + 2, ground support), as the expected result times what the unit is worth
  const danger = (h, i) => {
    let d = dangerAt[i];
    if (d !== d) d = dangerAt[i] = Math.min(S.theirs(h, 4), 24) + Math.min(S.theirArt(h, 4), 8) + enemyGs;
    return d;
  };
  const risk = (u, h, i) => {
    const ev = T.ev(lineOf(h, i), danger(h, i) - u.p.defense);
    return ev > 0 ? ev * u.worth * 0.5 : 0;
  };
  const env = { near, outlook, T, risk, W, S };
  const via = {};
  if (typeof ctx.rules.victory.routeHexes === "function") for (const r of ctx.rules.victory.routeHexes(side)) via[r.hex] = r.points;
  const gsNow = ctx.rules["ground-support"];
  const book = scoreBook(ctx, W, [goals.mobile, goals.slow, near, lineAt, enemyGs, gsNow.available(side), gsNow.available(W.enemy)]);
  // what a unit's scores read of it, kept with its scores while it stands in one hex: its goal, what
  // it is worth, its risk where it stands (the book's basis holds the goals, the enemy, the lines)
  const info = {};
  const unit = (id) => {
    let u = info[id];
    if (u) return u;
    const p = ctx.piece(id);
    const e = book ? bookEntry(book, p) : null;
    u = e ? e.u : null;
    if (!u) {
      const goal = side === "axis" && isSlow(p) ? goals.slow : goals.mobile;
      const i = ctx.map.index(p.hex);
      u = { p, goal, g: goal ? hops(ctx, goal, p.hex) : 99, worth: worth(ctx, p), exit: false, e };
      u.riskHere = near[i] ? 0 : risk(u, p.hex, i);
      u.artRange = p.artillery ? p.range || 2 : 0;
      if (e) e.u = u;
    }
    u.exit = !!(plan && plan[id]);
    return (info[id] = u);
  };
  // a kept score stands unless the end hex is next to an enemy unit and friendly units moved near it
  const score = (u, to, i) => {
    if (!book || u.exit) return moveScore(ctx, u, to, env, i);
    const e = u.e;
    if (e.at[i] > 0 && (near[i] === null || e.at[i] >= book.dirty[book.cell[i]])) return e.scores[i];
    e.at[i] = book.stamp;
    return (e.scores[i] = moveScore(ctx, u, to, env, i));
  };
  // each plain move's end hex by map index, as the movement rules listed it (null: read the ids)
  const listed = typeof ctx.rules.movement.listedHexes === "function" ? ctx.rules.movement.listedHexes(actions) : null;
  let best = -1, bestScore = 0, lastId = null, lastU = null;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    let s;
    if (a.do === "move" || a.do === "cross-minefield") {
      if (a.unit !== lastId) { lastId = a.unit; lastU = unit(a.unit); }   // the list holds each unit's moves together
      s = score(lastU, a.to, listed !== null && listed[i] >= 0 ? listed[i] : ctx.map.index(a.to));
      if (a.do === "cross-minefield") s -= 2;
      if (a.via) s += 0.5 * (via[a.via] || 0);                          // 19.37: passing takes the hex and its points
    } else if (a.do === "enter") s = 40;                                  // 13.0: reinforcements come on at once
    else if (a.do === "exit") s = plan && plan[a.unit] ? 1000 : -1;       // 18.1: only the units picked to leave
    else s = DONE[a.do] ? 0 : -1;
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best >= 0 ? best : fallback(actions);
}

// ---- a movement phase's scores, kept while what decides them stands ------------------------------
// Between two decisions of a movement phase only the unit just moved (or brought on) has changed.
// A move's score reads other friendly units only where its end hex is next to an enemy unit (the
// attacks it could join: units within four columns and rows of that enemy unit, so within five of
// the end hex); otherwise only what stands for the phase: the enemy, the goals, the defence lines,
// the ground support. So each unit's scores are kept by end hex beside the phase's record
// (ctx.keep); those next to the enemy are dropped within SCORE_REACH columns and rows of a hex a
// friendly unit left or entered, and all are dropped when anything else changed: the bot chooses
// as a fresh count would.
const SCORE_REACH = 5;

function scoreBook(ctx, W, basis) {
  const m = ctx.state.movement;
  if (!m || !m.active || m.side !== W.side) return null;
  const dims = gridSize(ctx);
  const book = ctx.keep(m, "move scores", () => ({ basis: [], places: new Map(), units: new Map(), stamp: 0,
    dirty: new Int32Array(dims.w * dims.h), cell: cellsOf(ctx) }));
  book.stamp++;
  if (basis.length !== book.basis.length || basis.some((x, k) => x !== book.basis[k])) {
    book.basis = basis;
    book.units = new Map();
  }
  const places = new Map(), left = [];
  for (const f of W.friends) places.set(f.id, f.hex + (f.moved ? "*" : ""));
  for (const [id, was] of book.places) { const now = places.get(id); if (now !== was) { left.push(was); if (now !== undefined) left.push(now); } }
  for (const [id, now] of places) if (!book.places.has(id)) left.push(now);
  book.places = places;
  for (const place of left) {
    const h = place.endsWith("*") ? place.slice(0, -1) : place, c = +h.slice(0, 2), r = +h.slice(2);
    for (let x = Math.max(0, c - SCORE_REACH); x <= Math.min(dims.w - 1, c + SCORE_REACH); x++) {
      for (let y = Math.max(0, r - SCORE_REACH); y <= Math.min(dims.h - 1, r + SCORE_REACH); y++) book.dirty[x * dims.h + y] = book.stamp;
    }
  }
  return book;
}

// The kept scores of one unit and what they read of it (u), new when it stands elsewhere (its goal
// field is in the book's basis).
function bookEntry(book, p) {
  let e = book.units.get(p.id);
  if (!e || e.hex !== p.hex) {
    const n = book.cell.length;
    e = { hex: p.hex, scores: new Float64Array(n), at: new Int32Array(n), u: null };
    book.units.set(p.id, e);
  }
  return e;
}

// Each hex's cell (column * rows + row) in the grid of areaSums; the map alone decides it.
function cellsOf(ctx) {
  return ctx.once("cells", () => {
    const { h } = gridSize(ctx);
    return Int32Array.from(ctx.map.ids, (id) => (+id.slice(0, 2)) * h + (+id.slice(2)));
  });
}

// The score of moving u to hex `to` (map index i).
function moveScore(ctx, u, to, env, i) {
  const p = u.p;
  if (u.exit) return 5 * (westHops(p.hex) - westHops(to));              // 18.1: off by the west edge
  let s = 0;
  if (u.goal) {
    const gTo = u.goal[i] < 0 ? 99 : u.goal[i];
    s = (u.g - gTo) * (p.artillery ? 0.5 : 1.5);
  }
  const n = env.near[i];
  if (n) {
    if (p.artillery) return s - 30;          // 8.31, 8.33: adjacent artillery must attack and suffers the result
    // 7.12: ending here means attacking; the best of the attacks it could join
    let best = -Infinity;
    for (const e of n) {
      const o = env.outlook(e);
      const ev = env.T.ev(o.line, o.base + (p.attack || 0));
      const v = ev > 0 ? ev * o.worth * 0.5 : ev * u.worth * 0.7;
      if (v > best) best = v;
    }
    s += best;
    if (n.length > 1) s -= 1.5 * (n.length - 1);   // 7.21: every neighbour must be attacked
    s -= env.risk(u, to, i) * 0.5;                  // the counter-attack, softened: the attack may drive them off
  } else {
    if (u.artRange && env.S.foes(to, u.artRange) > 0) s += 3;   // 8.11: artillery wants an enemy in range
    s += u.riskHere - env.risk(u, to, i);           // out of reach of the enemy's strength, or closer to it
  }
  return s;
}

function westHops(hex) { return +hex.slice(0, 2) - 1; }

// 18.1: the German units the Axis sends off the west edge while the diversion demands it: the
// least valuable ones nearest the edge, as many as are still owed.
function exitPlanFor(ctx) {
  const d = ctx.state.diversion;
  if (!d || !d.success || d.penaltyDone || ctx.turn < 6) return null;
  const owed = ctx.rules.diversion.outstanding();
  if (owed <= 0) return null;
  const cands = ctx.pieces((p) => p.side === "axis" && p.at === "map" && p.hex && ctx.rules.diversion.nationality(p) === "german")
    .map((p) => ({ id: p.id, v: ctx.rules.victory.unitValue(p) * 2 + westHops(p.hex) }))
    .sort((a, b) => a.v - b.v || (a.id < b.id ? -1 : 1));
  const plan = {};
  for (const c of cands.slice(0, owed)) plan[c.id] = true;
  return plan;
}

// ---- 18.2: the British remove the most valuable Axis units, German armour first -----------------

function penaltyRemoval(ctx, actions) {
  let best = fallback(actions), bestScore = -1;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "remove") continue;
    const s = worth(ctx, ctx.piece(a.unit));
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best;
}

// ---- combat (7.0-9.0) --------------------------------------------------------------------------
// The combat section builds an attack step by step (attack a hex, add attackers, barrage, ground
// support, resolve). The bot works the whole attack out from the position each time it is asked,
// so building it needs no memory: it adds what the plan still lacks, then resolves. It starts only
// attacks the combat rules will let it resolve (the remaining mandatory attacks must stay possible,
// 7.21), so it never has to drop one.

// What a result is worth to the attacker, by code (7.62).
const RESULT_VALUE = { D1: 1, D2: 1.5, D3: 2, D4: 3, Br: 0, A1: -1.5, A2: -2, Ae: -4 };

// The expected value of each CRT column (1-12); artilleryOnly: 8.15, only D4 counts and barraging
// artillery suffers nothing. The CRT alone decides them: worked out once per rules context.
function columnValues(ctx) { return ctx.once("column values", () => columnValuesNow(ctx)); }

function columnValuesNow(ctx) {
  const rows = ctx.tables.crt.results.rows;
  const out = { all: [0], artillery: [0] };
  for (let c = 1; c <= 12; c++) {
    let sum = 0, art = 0, n = 0;
    for (const r of Object.keys(rows)) {
      const code = rows[r][c - 1];
      sum += RESULT_VALUE[code];
      art += code === "D4" ? RESULT_VALUE.D4 : 0;
      n++;
    }
    out.all.push(sum / n);
    out.artillery.push(art / n);
  }
  return out;
}

// Per-call combat data: the world, supplied hexes, column values.
function combatData(ctx, side) {
  const W = world(ctx, side);
  W.supplied = ctx.rules.supply.bits(side);
  W.values = columnValues(ctx);
  W.gs = ctx.rules["ground-support"].available(side);
  W.exemption = ctx.rules["mandatory-combat"].exemptions();              // 10.21, 17.1
  return W;
}

function strengthOf(ctx, p, supplied) {
  const s = ctx.rules.supply;
  if (typeof s.attackFactor === "function") return s.attackFactor(p, supplied) || 0;
  return (p.artillery ? p.barrage : p.attack) || 0;
}

function touches(ctx, p, hex) {
  return ctx.map.adjacent(p.hex, hex) && ctx.rules["combat-terrain"].combatAllowed(p.hex, hex);
}

function nextToSide(W, hex, side, ctx) {
  for (const n of ctx.map.neighbors(hex)) { const q = W.at(n); if (q && q.side === side) return true; }
  return false;
}

// The attack on `defHexes` as the plan would make it: every able unit adjacent to all of them that
// is not exempt (10.21, 17.1), barrage from free artillery in range when it helps. `fixed` is what
// the attack being built already holds.
function planAttack(ctx, W, defHexes, fixed, only) {
  const defenders = [];
  for (const h of defHexes) { const q = W.at(h); if (q && q.side === W.enemy && !q.defended) defenders.push(q); }
  if (!defenders.length) return null;
  const attackers = fixed ? fixed.attackers.map((id) => ctx.piece(id)) : [];
  const barrage = fixed ? fixed.barrage.map((id) => ctx.piece(id)) : [];
  const inPlan = {};
  for (const p of attackers.concat(barrage)) inPlan[p.id] = true;
  // an attacker touches every defender hex, so only units next to the first can be one
  for (const p of only ? W.friends : friendsNextTo(ctx, W, defHexes[0])) {
    if (inPlan[p.id] || p.attacked || p.advanced || (p.artillery && p.displaced)) continue;
    if (only ? only.indexOf(p.id) < 0 : !defHexes.every((h) => touches(ctx, p, h))) continue;
    if (!only && defenders.every((d) => W.exemption(p, d))) continue;   // 10.21, 17.1: may stay idle
    attackers.push(p);
    inPlan[p.id] = true;
  }
  const plan = { defHexes: defHexes.slice(), defenders, attackers, barrage, gs: fixed ? fixed.gs || 0 : 0, att: 0, def: 0, fpf: 0 };
  for (const p of attackers.concat(barrage)) plan.att += strengthOf(ctx, p, W.supplied);
  for (const d of defenders) plan.def += d.defense || 0;
  // the final protective fire the defender can be expected to add (8.41-8.45, 9.0)
  if (attackers.some((p) => !p.artillery)) {
    for (const q of fpfArtillery(ctx, W)) {
      if (defHexes.some((h) => ctx.map.distance(q.hex, h) <= (q.range || 0))) plan.fpf += q.fpf || 0;
    }
    plan.fpf += Math.min(2, ctx.rules["ground-support"].available(W.enemy));
  }
  plan.line = ctx.rules["combat-terrain"].line(attackers, defenders, barrage);
  // barrage from artillery free to fire and in range of a defender (8.11, 8.22, 8.32), if it helps
  for (const p of freeArtillery(ctx, W)) {
    if (inPlan[p.id]) continue;
    if (!defHexes.some((h) => ctx.map.distance(p.hex, h) <= (p.range || 0))) continue;
    const before = value(ctx, W, plan);
    const str = strengthOf(ctx, p, W.supplied);
    plan.barrage.push(p);
    plan.att += str;
    if (value(ctx, W, plan) <= before + 0.05) { plan.barrage.pop(); plan.att -= str; }
    else inPlan[p.id] = true;
  }
  return plan;
}

// The enemy artillery that could fire FPF (8.41-8.45: none next to a unit of ours), and ours free
// to barrage (8.11, 8.22, 8.32), in unit order: the same for every plan of one call.
function fpfArtillery(ctx, W) {
  return W.fpfArt || (W.fpfArt = W.foes.filter((q) => q.artillery && !q.noFpf && !nextToSide(W, q.hex, W.side, ctx)));
}

function freeArtillery(ctx, W) {
  return W.freeArt || (W.freeArt = W.friends.filter((p) => p.artillery && !p.attacked && !p.advanced && !p.displaced && !nextToSide(W, p.hex, W.enemy, ctx)));
}

// Expected worth of the plan to the attacker: column value times what the defenders are worth if
// positive, times what the attackers risk if negative.
function value(ctx, W, plan) {
  const adjacent = plan.attackers.length > 0;
  const col = ctx.rules.crt.column(plan.line, plan.att + plan.gs - plan.def - plan.fpf);
  const ev = (adjacent ? W.values.all : W.values.artillery)[col];
  if (ev > 0) {
    let w = 0;
    for (const d of plan.defenders) w += worth(ctx, d);
    return ev * w / 4;
  }
  let risk = 0;
  for (const a of plan.attackers) risk += worth(ctx, a);
  return ev * risk / 6;
}

// Would the combat rules let this attack be resolved? The combat section's own answer: the `why`
// it gives for {do: "resolve"} with the attack in place (null = allowed), asked with the attack put
// in state.combat.build for the question only and taken out again at once.
function resolvable(ctx, W, plan) {
  const c = ctx.state.combat;
  if (!c) return true;
  const saved = c.build;
  // the combat section refuses an attack that leaves a mandatory attack impossible only when all
  // were possible as the attack began: ask with the same starting judgement
  if (!saved && W.startFeasible === undefined) W.startFeasible = ctx.rules["mandatory-combat"].obligationsFeasible();
  const start = saved ? saved.feasible : W.startFeasible;
  const build = { defenders: plan.defHexes.slice(), attackers: plan.attackers.map((p) => p.id), barrage: plan.barrage.map((p) => p.id), gs: plan.gs || 0, feasible: start };
  const asCombat = Object.create(ctx, { table: { value: ctx.tables.combat }, section: { value: "combat" } });
  try {
    c.build = build;
    return !ctx.rules.combat.attacks.why(asCombat, { do: "resolve" });
  } finally {
    c.build = saved;
  }
}

// The attack to make next, from the position alone (so the same plan comes out at every step of
// building it). With mandatory attacks left (7.11, 7.12): the best single-hex attack the combat
// rules will let it resolve; failing that, the first that passes of the attacks a unit that must
// attack can make (the unit with the fewest enemy neighbours first, on fewer hexes first, with as
// many of the units that share them as possible). Otherwise only a clearly good attack.
function choosePlan(ctx, W, canEnd) {
  const m = ctx.rules["mandatory-combat"].mandatory(W.side);
  const must = {};
  for (const id of m.attackers) must[id] = true;
  const target = {};
  for (const id of m.defenders) target[id] = true;
  const obliged = canEnd === undefined ? m.attackers.length > 0 || ctx.rules["mandatory-combat"].obligations().length > 0 : !canEnd;
  // hexes any attack could reach: next to a unit able to attack, or in range of free artillery
  const reach = {};
  for (const p of W.friends) {
    if (p.attacked || p.advanced) continue;
    if (p.artillery) for (const h of ctx.map.within(p.hex, p.range || 0)) reach[h] = true;
    else for (const h of ctx.map.neighbors(p.hex)) reach[h] = true;
  }
  const cands = [];
  const seen = {};
  const mustNear = {};
  for (const id of m.attackers) for (const h of ctx.map.neighbors(ctx.piece(id).hex)) mustNear[h] = true;
  for (const e of W.foes) {
    if (e.defended || seen[e.hex] || !(reach[e.hex] || (target[e.id] && W.gs > 0))) continue;
    if (obliged && !target[e.id] && !mustNear[e.hex]) continue;
    seen[e.hex] = true;
    const plan = planAttack(ctx, W, [e.hex], null);
    if (!plan) continue;
    if (!plan.attackers.length && !plan.barrage.length) {
      // 9.0: a unit that must be attacked and that nothing else reaches: one ground support point
      if (!target[e.id] || W.gs <= 0) continue;
      plan.gs = 1;
    }
    if (obliged && !plan.attackers.some((p) => must[p.id]) && !target[e.id]) continue;
    cands.push({ plan, v: value(ctx, W, plan) });
  }
  cands.sort((a, b) => b.v - a.v || (a.plan.defHexes[0] < b.plan.defHexes[0] ? -1 : 1));
  for (const c of cands) {
    if (!obliged && c.v <= 1) break;
    if (resolvable(ctx, W, c.plan)) return c.plan;
  }
  if (!obliged) return null;
  return searchPlans(ctx, W, m) || (cands.length ? cands[0].plan : null);
}

function subsetsOf(list) {
  const out = [];
  for (let mask = 1; mask < (1 << list.length); mask++) {
    const s = [];
    for (let i = 0; i < list.length; i++) if (mask & (1 << i)) s.push(list[i]);
    out.push(s);
  }
  return out;
}

function searchPlans(ctx, W, m) {
  const enemyHexes = (p) => {
    const hs = [];
    for (const n of ctx.map.neighbors(p.hex)) { const q = W.at(n); if (q && q.side === W.enemy && !q.defended && touches(ctx, p, n)) hs.push(n); }
    return hs.sort();
  };
  const order = m.attackers.map((id) => ctx.piece(id)).map((p) => ({ p, hs: enemyHexes(p) }))
    .filter((x) => x.hs.length).sort((a, b) => a.hs.length - b.hs.length || (a.p.id < b.p.id ? -1 : 1));
  let tries = 0;
  for (const { p, hs } of order) {
    const Ds = subsetsOf(hs).sort((a, b) => a.length - b.length);
    for (const D of Ds) {
      const co = W.friends.filter((q) => q.id !== p.id && !q.attacked && !q.advanced && !(q.artillery && q.displaced) && D.every((h) => touches(ctx, q, h))).map((q) => q.id);
      const Js = [[]].concat(subsetsOf(co)).sort((a, b) => b.length - a.length);
      for (const J of Js) {
        if (++tries > 64) return null;
        const plan = planAttack(ctx, W, D, null, [p.id].concat(J));
        if (plan && resolvable(ctx, W, plan)) return plan;
      }
    }
  }
  return null;
}

// The ground support an attack gets: what the plan needs, plus what moves it up a column if the
// rules still let the other mandatory attacks be made with what is left (9.0, 7.21).
function groundSupportFor(ctx, W, plan) {
  const need = plan.gs || 0;
  const extra = gsToAdd(ctx, W, plan, W.gs - need);
  return extra > 0 && resolvable(ctx, W, Object.assign({}, plan, { gs: need + extra })) ? need + extra : need;
}

// Ground support to add: the fewest points that move the attack up a column, if worth it.
function gsToAdd(ctx, W, plan, left) {
  if (left <= 0 || !plan.attackers.length) return 0;
  const base = plan.att + plan.gs - plan.def - plan.fpf;
  const col = ctx.rules.crt.column(plan.line, base);
  for (let n = 1; n <= left && col < 12; n++) {
    const c2 = ctx.rules.crt.column(plan.line, base + n);
    if (c2 > col) return W.values.all[c2] - W.values.all[col] >= 0.25 * n ? n : 0;
  }
  return 0;
}

function attackChoice(ctx, actions, side) {
  const key = (a) => a.do + "|" + (a.unit || "") + "|" + (a.hex || "") + "|" + (a.points || "");
  const idx = {};
  actions.forEach((a, i) => { idx[key(a)] = i; });
  const at = (a) => idx[key(a)];
  const W = combatData(ctx, side);
  const b = ctx.state.combat && ctx.state.combat.build;
  if (!b) {
    let plan = choosePlan(ctx, W, at({ do: "done" }) !== undefined);
    // a plan the rules would refuse to resolve leads nowhere (build, cancel, build again): start
    // instead from the attack the rules' own search found to keep every obligation possible
    if (plan && !resolvable(ctx, W, plan)) plan = witnessPlan(ctx, W, null) || plan;
    if (plan && at({ do: "attack", hex: plan.defHexes[0] }) !== undefined) return wholeAttack(ctx, W, plan) || at({ do: "attack", hex: plan.defHexes[0] });
    if (at({ do: "done" }) !== undefined) return at({ do: "done" });
    // no plan passes: start on a unit that must be attacked
    const m = ctx.rules["mandatory-combat"].mandatory(side);
    for (const id of m.defenders) { const e = ctx.piece(id); if (e && e.hex && at({ do: "attack", hex: e.hex }) !== undefined) return at({ do: "attack", hex: e.hex }); }
    return fallback(actions);
  }
  // building: complete the attack with every able unit next to it if the rules allow that;
  // otherwise follow the plan chosen for it (which may hold other hexes or fewer units)
  let plan = planAttack(ctx, W, b.defenders, b);
  if (plan && !resolvable(ctx, W, plan)) {
    const chosen = choosePlan(ctx, W);
    if (chosen && b.defenders.every((h) => chosen.defHexes.indexOf(h) >= 0) &&
        b.attackers.every((id) => chosen.attackers.some((p) => p.id === id))) plan = chosen;
    if (!resolvable(ctx, W, plan)) plan = witnessPlan(ctx, W, b) || plan;
  }
  if (plan) {
    for (const h of plan.defHexes) if (b.defenders.indexOf(h) < 0 && at({ do: "add-defender", hex: h }) !== undefined) return at({ do: "add-defender", hex: h });
    for (const p of plan.attackers) if (b.attackers.indexOf(p.id) < 0 && at({ do: "add-attacker", unit: p.id }) !== undefined) return at({ do: "add-attacker", unit: p.id });
    for (const p of plan.barrage) if (b.barrage.indexOf(p.id) < 0 && at({ do: "add-barrage", unit: p.id }) !== undefined) return at({ do: "add-barrage", unit: p.id });
    const n = (b.gs ? plan.gs || 0 : groundSupportFor(ctx, W, plan)) - (b.gs || 0);
    if (n > 0 && at({ do: "add-ground-support", points: n }) !== undefined) return at({ do: "add-ground-support", points: n });
  }
  if (at({ do: "resolve" }) !== undefined) return at({ do: "resolve" });
  // not resolvable yet: bring in what cannot add obligations (barrage, ground support), then units
  // that must attack anyway, then more defenders; only then give the attack up
  const must = ctx.rules["mandatory-combat"].mandatory(side).attackers;
  if (!b.attackers.length && !b.barrage.length && !b.gs) {
    for (let i = 0; i < actions.length; i++) if (actions[i].do === "add-barrage") return i;
    if (at({ do: "add-ground-support", points: 1 }) !== undefined) return at({ do: "add-ground-support", points: 1 });
  }
  for (let i = 0; i < actions.length; i++) if (actions[i].do === "add-attacker" && must.indexOf(actions[i].unit) >= 0) return i;
  for (let i = 0; i < actions.length; i++) if (actions[i].do === "add-defender") return i;
  for (let i = 0; i < actions.length; i++) if (actions[i].do === "add-barrage") return i;
  return fallback(actions);
}

// The plan as one action, the whole attack the steps below would build from it (its ground
// support as they would add it), if the combat rules accept it (combat.wholeAttackRefusal); else
// null, and the attack is built step by step.
function wholeAttack(ctx, W, plan) {
  const a = { do: "resolve", defenders: plan.defHexes.slice(), attackers: plan.attackers.map((p) => p.id), barrage: plan.barrage.map((p) => p.id),
    gs: groundSupportFor(ctx, W, plan) };
  return ctx.rules.combat.wholeAttackRefusal(a) ? null : a;
}

// The combat rules' own way through the obligations (mandatory-combat.witnessAttack) as a plan, if the rules
// would resolve it and it extends the attack being built (`b`, or none yet); else null.
function witnessPlan(ctx, W, b) {
  const w = ctx.rules["mandatory-combat"].witnessAttack();
  if (!w || !w.defenders.length) return null;
  if (b && !(b.defenders.every((h) => w.defenders.indexOf(h) >= 0) && b.attackers.every((id) => w.attackers.indexOf(id) >= 0) &&
      b.barrage.every((id) => w.barrage.indexOf(id) >= 0))) return null;
  const plan = { defHexes: w.defenders, attackers: w.attackers.map((id) => ctx.piece(id)), barrage: w.barrage.map((id) => ctx.piece(id)), gs: w.gs };
  return resolvable(ctx, W, plan) ? plan : null;
}

// For the inspector and tests: the attack the bot would make next for `side` now, or null.
export function nextAttack(ctx, side) {
  const W = combatData(ctx, side);
  const plan = choosePlan(ctx, W);
  if (!plan) return null;
  return { defenders: plan.defHexes, attackers: plan.attackers.map((p) => p.id), barrage: plan.barrage.map((p) => p.id), gs: plan.gs,
    line: plan.line, differential: plan.att + plan.gs - plan.def - plan.fpf, value: value(ctx, W, plan), resolvable: resolvable(ctx, W, plan) };
}

// 8.4, 9.0: the defender adds artillery FPF whenever it lowers the column, and ground support when
// a few points save a valuable unit.
function fpfChoice(ctx, actions, side) {
  const f = ctx.state.combat && ctx.state.combat.fight;
  const done = actions.findIndex((a) => a.do === "fpf-done");
  if (!f) return done >= 0 ? done : fallback(actions);
  let att = f.gs || 0;
  for (const id of f.attackers.concat(f.barrage)) att += strengthOf(ctx, ctx.piece(id));
  let def = f.fpfGs || 0, w = 0;
  for (const id of f.defenders) { const p = ctx.piece(id); def += p.defense || 0; w += worth(ctx, p); }
  for (const id of f.fpf) def += ctx.piece(id).fpf || 0;
  const line = f.line || ctx.rules["combat-terrain"].line(f.attackers, f.defenders, f.barrage);
  const T = crtTable(ctx);
  const col = T.col(line, att - def);
  const vals = T.vals.all;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do === "fpf" && T.col(line, att - def - (ctx.piece(a.unit).fpf || 0)) < col) return i;
  }
  if (vals[col] > 0.3) {
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      if (a.do !== "fpf-ground-support") continue;
      const c2 = T.col(line, att - def - a.points);
      if (c2 < col) {
        if ((vals[col] - vals[c2]) * w >= 1.5 * a.points) return i;
        break;
      }
    }
  }
  return done >= 0 ? done : fallback(actions);
}

// 7.7, 7.8: retreat away from the enemy and toward friends; elimination only when nothing else.
function retreatChoice(ctx, actions, side) {
  const W = world(ctx, side);
  const score = (hex) => {
    let s = 0;
    for (const n of ctx.map.neighbors(hex)) {
      const q = W.at(n);
      if (q) s += q.side === W.enemy ? -5 : 1;
    }
    return s;
  };
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    let s = -1000;
    if (a.do === "retreat") s = (a.eliminated ? -100 : 0) + (a.path.length ? score(a.path[a.path.length - 1]) : -50);
    else if (a.do === "displace") s = score(a.to);
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best;
}

// 7.9: advance when it gains ground toward the goal without leaving the unit exposed.
function advanceChoice(ctx, actions, side) {
  const W = world(ctx, side);
  let goal = null;                           // worked out only if there is an advance to judge
  let best = actions.findIndex((a) => a.do === "stop"), bestScore = 0;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.do !== "advance") continue;
    if (goal === null) goal = goalFields(ctx, W).mobile;
    const p = ctx.piece(a.unit);
    const gFrom = hops(ctx, goal, p.hex);
    const gTo = hops(ctx, goal, a.to);
    let threat = 0;
    for (const n of ctx.map.neighbors(a.to)) { const q = W.at(n); if (q && q.side === W.enemy && !q.artillery) threat += q.attack || 0; }
    const s = (gFrom - gTo) * 2 - Math.max(0, threat - p.defense) * (isGermanArmour(ctx, p) ? 2 : 1) - (p.artillery ? 5 : 0);
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best >= 0 ? best : fallback(actions);
}
