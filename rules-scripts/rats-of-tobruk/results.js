// Rats of Tobruk 10.4 Combat Results, 10.5 Retreat, 10.6 Advance after Combat.
//   10.4  AE, AP (half the attacking units, fractions down), AD (one), AC (one depleted), AR (all
//         retreat two hexes); DR, DC, DD, DE the same for the defenders (combat.yaml results):
//         apply. The owner chooses which unit suffers (the decision choose); an HQ stacked with
//         others is never chosen unless it is the only defender; a depleted unit may be the one
//         eliminated. Artillery that added its strength is not an attacking unit.
//   10.5  every surviving unit retreats exactly two hexes, each separately, every hex closer to
//         its battalion's HQ if that can be done without entering an EZOC, else to the closest
//         other friendly HQ so approachable, else the opponent picks the route; never into an
//         EZOC, an enemy hex, prohibited terrain or over the stacking limit; a unit that cannot
//         retreat is eliminated: retreatRoutes, the decision retreat. An HQ stacked with an
//         attacking unit may retreat with it on an AR.
//   10.6  when the defenders are all eliminated or gone, attacking units may advance into the
//         hex (no MP, EZOCs ignored, stacking limits kept), and tracked or wheeled ones one hex
//         further, never into prohibited terrain but along a road; not after a direct fire
//         attack (11.3) or a barrage (11.2): the decision advance.
// "Closer" is read as: no step of the retreat farther from the HQ, and its end closer than its start.
// State: state.attack.queue: what is left of the result to carry out, step by step.

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

function attackingUnits(ctx, at) { return at.units.map((id) => ctx.piece(id)).filter((p) => p.hex); }
function defending(ctx, at) { return ctx.rules.combat.defendersIn(at.hex); }

// apply(code): carries out a CRT result on the attack under way (state.attack).
export function apply(ctx, code) {
  const at = ctx.state.attack, r = ctx.tables.combat.results[code];
  if (!r) throw new Error("combat.yaml results has no " + JSON.stringify(code));
  const q = [];
  if (r.side) {
    const attacker = r.side === "attacker";
    const pool = attacker ? attackingUnits(ctx, at) : defending(ctx, at);
    const side = pool.length ? pool[0].side : null;
    if (r.eliminate === "all") q.push({ step: "all", side, units: pool.map((p) => p.id) });
    else if (r.eliminate !== undefined) {
      const n = r.eliminate === "half" ? Math.floor(pool.length / 2) : Math.min(r.eliminate, pool.length);
      if (n > 0) q.push({ step: "choose", side, units: pool.map((p) => p.id), n, how: "eliminate" });
    } else if (r.deplete !== undefined && pool.length) q.push({ step: "choose", side, units: pool.map((p) => p.id), n: r.deplete, how: "deplete" });
    else if (r.retreat) {
      const ids = pool.map((p) => p.id);
      q.push({ step: "retreat", side, units: ids, optional: attacker ? hqsWith(ctx, pool) : [] });
    }
  }
  if (!at.overrun) q.push({ step: "advance" });       // an overrun moves on instead (overrun.js)
  at.queue = q;
  proceed(ctx);
}

// HQs in the attackers' hexes that did not attack: they may retreat with them (10.4 AR).
function hqsWith(ctx, pool) {
  const hexes = new Set(pool.map((p) => p.hex)), out = [];
  for (const h of [...hexes].sort()) for (const p of ctx.piecesAt(h)) if (p.hq && pool.indexOf(p) < 0) out.push(p.id);
  return out.sort();
}

// Carries out the queue until a step needs a decision (pushed as an interrupt) or it is empty.
export function proceed(ctx) {
  const at = ctx.state.attack;
  while (at && at.queue.length) {
    const s = at.queue[0];
    if (s.step === "all") {
      for (const id of s.units) { const p = ctx.piece(id); if (p.hex) ctx.rules.casualties.eliminate(p, "10.4", at.result + " on " + at.hex); }
      at.queue.shift();
      continue;
    }
    if (s.step === "choose") {
      const pool = choosable(ctx, s);
      if (!pool.length || s.n <= 0) { at.queue.shift(); continue; }
      if (pool.length <= s.n && pool.every((p) => !p.hq || pool.length === 1)) {
        for (const p of pool) suffer(ctx, p, s);
        at.queue.shift();
        continue;
      }
      ctx.interrupt("results.choose", {}, "choose the unit that suffers " + at.result);
      return;
    }
    if (s.step === "retreat") {
      s.units = s.units.filter((id) => ctx.piece(id).hex);
      s.optional = s.optional.filter((id) => ctx.piece(id).hex);
      if (!s.units.length && !s.optional.length) { at.queue.shift(); continue; }
      const id = s.units.length ? s.units[0] : s.optional[0], p = ctx.piece(id);
      const routes = retreatRoutes(ctx, p);
      if (!routes.routes.length) {
        if (s.units.length) { s.units.shift(); ctx.rules.casualties.eliminate(p, "10.5", "no legal retreat from " + p.hex); }
        else s.optional.shift();
        continue;
      }
      ctx.interrupt("results.retreat", {}, "retreat " + id);
      return;
    }
    if (s.step === "advance") {
      if (!advancers(ctx).length) { at.queue.shift(); continue; }
      ctx.interrupt("results.advance", {}, "advance after combat into " + at.hex);
      return;
    }
    throw new Error("unknown result step " + s.step);
  }
  finished(ctx);
}

// The attack is over: the overrun section hears of it (9.4), then the record goes.
function finished(ctx) {
  const at = ctx.state.attack;
  if (!at) return;
  ctx.state.attack = null;
  if (at.overrun) ctx.rules.overrun.after(at);
}

// The units a choice may fall on: an HQ only if it is alone (10.4).
function choosable(ctx, s) {
  const pool = s.units.map((id) => ctx.piece(id)).filter((p) => p.hex);
  const others = pool.filter((p) => !p.hq);
  return others.length ? others : pool;
}

function suffer(ctx, p, s) {
  const at = ctx.state.attack, why = at.result + " on " + at.hex;
  if (s.how === "deplete") ctx.rules.casualties.hit(p, "10.4", why);
  else ctx.rules.casualties.eliminate(p, "10.4", why);
  s.n--;
}

export const choose = {
  rule: "10.4",
  side: (ctx) => ctx.state.attack.queue[0].side,
  prompt(ctx) {
    const s = ctx.state.attack.queue[0];
    return ctx.state.attack.result + ": choose " + (s.n === 1 ? "the unit" : s.n + " units") + " to " + s.how;
  },
  actions(ctx) { return choosable(ctx, ctx.state.attack.queue[0]).sort(byId).map((p) => ({ do: ctx.state.attack.queue[0].how, unit: p.id })); },
  apply(ctx, a) {
    const s = ctx.state.attack.queue[0];
    suffer(ctx, ctx.piece(a.unit), s);
    s.units = s.units.filter((id) => id !== a.unit);
    if (s.n <= 0 || !choosable(ctx, s).length) { ctx.state.attack.queue.shift(); ctx.done(); proceed(ctx); }
  },
};

// ---- 10.5 retreat ----------------------------------------------------------------------------------

// A hex a retreating unit may enter: on the map, not the sea or terrain closed to it, not across
// a hexside closed to it but along a road, no enemy unit, no EZOC (10.5, 8.0 e).
function open(ctx, p, from, to, ez) {
  const tr = ctx.rules.terrain, fo = ctx.rules.fortifications;
  if (ez[ctx.map.index(to)]) return false;
  if (ctx.piecesAt(to).some((q) => q.side !== p.side)) return false;
  const key = fo.bunker(to) ? "bunker" : ctx.map.terrain(to);
  if (tr.prohibited(p.kind, key) || tr.prohibited(p.kind, ctx.map.terrain(to))) return false;
  const road = ctx.map.hexsideHas(from, to, "road") || ctx.map.hexsideHas(from, to, "path");
  return road || !(fo.ditch(from, to) && tr.prohibited(p.kind, "ditch-wire"));
}

// retreatRoutes(piece): {routes: [[h1, h2]], toward, chooser}: the two-hex routes the unit may
// take, toward which HQ, and which side picks (10.5).
export function retreatRoutes(ctx, p) {
  const ez = ctx.rules.zoc.zones(ctx.rules.zoc.enemyOf(p.side)), st = ctx.rules.stacking;
  const all = [];
  for (const h1 of ctx.map.neighbors(p.hex)) {
    if (!open(ctx, p, p.hex, h1, ez)) continue;
    for (const h2 of ctx.map.neighbors(h1)) {
      if (h2 === p.hex || !open(ctx, p, h1, h2, ez) || !st.fits(h2, [p], false)) continue;
      all.push([h1, h2]);
    }
  }
  const toward = (hq) => all.filter(([h1, h2]) => {
    const d0 = ctx.map.distance(p.hex, hq), d1 = ctx.map.distance(h1, hq), d2 = ctx.map.distance(h2, hq);
    return d1 <= d0 && d2 <= d1 && d2 < d0;
  });
  const hqs = ctx.piecesById((q) => q.side === p.side && q.hq && q.hex && q.id !== p.id);
  const own = hqs.find((q) => q.battalion === p.battalion);
  if (own) { const r = toward(own.hex); if (r.length) return { routes: r, toward: own.id, chooser: p.side }; }
  const others = hqs.filter((q) => q !== own).map((q) => ({ q, d: ctx.map.distance(p.hex, q.hex) })).sort((a, b) => a.d - b.d || (a.q.id < b.q.id ? -1 : 1));
  for (let i = 0; i < others.length;) {
    let j = i;
    const tied = [];
    while (j < others.length && others[j].d === others[i].d) { for (const r of toward(others[j].q.hex)) tied.push(r); j++; }
    if (tied.length) return { routes: dedupe(tied), toward: others.slice(i, j).map((o) => o.q.id).join("/"), chooser: p.side };
    i = j;
  }
  if (hqs.length) return { routes: [], toward: null, chooser: p.side };
  return { routes: all, toward: null, chooser: ctx.rules.zoc.enemyOf(p.side) };
}

function dedupe(routes) {
  const seen = new Set(), out = [];
  for (const r of routes) { const k = r.join(); if (!seen.has(k)) { seen.add(k); out.push(r); } }
  return out.sort((a, b) => (a.join() < b.join() ? -1 : 1));
}

function retreating(ctx) {
  const s = ctx.state.attack.queue[0];
  return ctx.piece(s.units.length ? s.units[0] : s.optional[0]);
}

export const retreat = {
  rule: "10.5",
  side: (ctx) => retreatRoutes(ctx, retreating(ctx)).chooser,
  prompt(ctx) {
    const p = retreating(ctx), r = retreatRoutes(ctx, p);
    return p.name + " retreats two hexes from " + p.hex + (r.toward ? " toward " + r.toward : " (no HQ: the opponent chooses)");
  },
  actions(ctx) {
    const p = retreating(ctx), s = ctx.state.attack.queue[0];
    const out = retreatRoutes(ctx, p).routes.map((r) => ({ do: "retreat", unit: p.id, route: r }));
    if (!s.units.length) out.push({ do: "stay", unit: p.id });
    return out;
  },
  apply(ctx, a) {
    const s = ctx.state.attack.queue[0], p = ctx.piece(a.unit);
    if (s.units.length) s.units.shift(); else s.optional.shift();
    if (a.do === "retreat") {
      const r = retreatRoutes(ctx, p), from = p.hex;
      p.hex = a.route[1];
      p.riding = null;
      p.revealed = true;
      ctx.trace({ rule: "10.5", uses: ["map", "units/counters", "terrain/movement", "terrain/movement-printed"], text: p.name + " retreats " + from + " -> " + a.route.join(" -> ") + (r.toward ? (r.toward.indexOf("/") >= 0 ? " toward the nearest HQs" : " toward its HQ") : "") });
      // the HQ is named only to its owner: to the other side it may be a counter's back (1.1)
      if (r.toward) ctx.trace({ rule: "10.5", text: p.name + " retreats toward " + r.toward.split("/").map((id) => ctx.piece(id).name).join(" / "), visibleTo: [p.side] });
    }
    ctx.done();
    proceed(ctx);
  },
};

// ---- 10.6 advance after combat ------------------------------------------------------------------

// The attacking units that may still advance (or go one hex further) now.
function advancers(ctx) {
  const at = ctx.state.attack, side = ctx.state.activation.side;
  if (!at || ctx.piecesAt(at.hex).some((p) => p.side !== side)) return [];
  return attackingUnits(ctx, at).filter((p) => advanceOk(ctx, p, at));
}

function advanceOk(ctx, p, at) {
  if (p.directFired || p.barraged) return false;
  if (p.hex !== at.hex) return !at.advanced || at.advanced.indexOf(p.id) < 0;
  return (p.kind === "tracked" || p.kind === "wheeled") && !at.overrun && (!at.further || at.further.indexOf(p.id) < 0);
}

function stepOk(ctx, p, from, to) {
  const tr = ctx.rules.terrain, fo = ctx.rules.fortifications;
  const road = ctx.map.hexsideHas(from, to, "road") || ctx.map.hexsideHas(from, to, "path");
  if (road) return true;
  const key = fo.bunker(to) ? "bunker" : ctx.map.terrain(to);
  if (tr.prohibited(p.kind, key) || tr.prohibited(p.kind, ctx.map.terrain(to))) return false;
  return !(fo.ditch(from, to) && tr.prohibited(p.kind, "ditch-wire"));
}

export const advance = {
  rule: "10.6",
  side: (ctx) => ctx.state.activation.side,
  prompt: (ctx) => "advance after combat into " + ctx.state.attack.hex + " (tracked and wheeled units one hex further), or stop",
  actions(ctx) {
    const at = ctx.state.attack, st = ctx.rules.stacking, out = [];
    for (const p of advancers(ctx)) {
      if (p.hex !== at.hex) { if (stepOk(ctx, p, p.hex, at.hex) && st.fits(at.hex, [p], false)) out.push({ do: "advance", unit: p.id, to: at.hex }); continue; }
      for (const n of ctx.map.neighbors(at.hex)) {
        if (ctx.piecesAt(n).some((q) => q.side !== p.side) || !stepOk(ctx, p, at.hex, n) || !st.fits(n, [p], false)) continue;
        out.push({ do: "advance", unit: p.id, to: n });
      }
    }
    out.push({ do: "stop" });
    return out;
  },
  apply(ctx, a) {
    const at = ctx.state.attack;
    if (a.do === "stop") { at.queue.shift(); ctx.done(); proceed(ctx); return; }
    const p = ctx.piece(a.unit), from = p.hex;
    if (from === at.hex) (at.further = at.further || []).push(p.id);
    else (at.advanced = at.advanced || []).push(p.id);
    p.hex = a.to;
    p.advanced = true;
    p.riding = null;
    ctx.trace({ rule: "10.6", uses: ["map", "units/counters", "terrain/movement", "terrain/movement-printed"], text: p.name + " advances " + from + " -> " + a.to });
    if (!advancers(ctx).length) { at.queue.shift(); ctx.done(); proceed(ctx); }
  },
};
