// North Africa standard rules 7.9 Advance after combat, with 10.14 (minefields on the path of
// retreat) and 12.24 (no advance into an unsupplied position).
//   7.91  units the enemy retreated from (or lost) leave a path of retreat: victorious units that
//         took part and were adjacent may advance along it.
//   7.92  an advance may stop at any hex of the path.
//   7.93, 10.14  along the path zones of control and enemy minefields are ignored.
//   7.94  only adjacent participants advance; barraging artillery never does.
//   7.95  or independently, as many hexes as the retreat demanded, stopping in the first enemy
//         zone, never across an enemy minefield or prohibited terrain; part along the path, the
//         rest off it.
//   7.96  at once, never forced; a unit that advanced neither attacks nor is attacked that phase.
//   7.62  after an Ae the defender may advance into the hexes the attackers held.
// Decision (interrupt, the victor; asked as the combat section's `advance`, answered here):
//   {do: "advance", unit, to}   `to` is where the unit ends its advance
//   {do: "stop"}                no (further) advance
// Where there is no advance to choose, none is asked for. A step of the combat section's queue
// (state.combat.after): {kind: "advance", side, units, n, why, opts, routes}.
// Table: tables/north-africa/advance.yaml.

function onMap(p) {
  return !!p && !!p.hex && (p.at === undefined || p.at === "map");
}

// 7.9 as the tables say it, once per rules context (every value read here): the readings on who
// advances after which result, 12.24 (supply.yaml after-combat) and 10.14, 7.95 (movement.yaml
// minefields-in-retreat-and-advance). The combat section asks after which results (terms()).
export function terms(ctx) {
  return ctx.once("terms", () => {
    const R = ctx.table.readings, mines = ctx.tables.movement.hexsides["minefields-in-retreat-and-advance"];
    return Object.freeze({
      afterAe: R["after-Ae"], afterA: R["after-A1-A2"], afterBr: R["after-Br"],                          // (2)-(4)
      supplyBars: ctx.tables.supply["after-combat"]["advance-into-unsupplied-position"] === "prohibited",  // 12.24
      offPath: mines["advance-off-path-of-retreat"] === "enemy-minefield-prohibited",                    // 7.95 (3)
      alongPath: mines["advance-along-path-of-retreat"] === "enemy-minefield-prohibited",               // 10.14
    });
  });
}

// The combat section's queue and fight (state.combat), as this section reads them.
function C(ctx) {
  return ctx.state.combat || { after: [], fight: null };
}

// 7.91: the paths of retreat left by the loser: its hex, the hexes it passed, and the hex it was lost in.
function pathsOfRetreat(ctx) {
  const f = C(ctx).fight;
  const out = [];
  for (const id of Object.keys(f.lost).sort()) {
    const l = f.lost[id];
    const p = [l.from].concat(l.eliminated ? l.path : l.path.slice(0, Math.max(0, l.path.length - 1)));
    out.push(p);
  }
  return out;
}

// 7.92-7.95, 10.14, 12.24: where victorious `unit` may end its advance: {hex: route}. Of several
// routes to a hex the shortest is kept, then the one that follows the path of retreat longest.
function advanceTargets(ctx, env, unit, paths, n) {
  const best = {};
  const vacant = (h) => !env.at(h) || !env.at(h).length;
  // 5.31; 12.24 (supply.yaml after-combat): a vacant hex, and a supplied one
  const T = terms(ctx);
  const ok = (h) => h !== unit.hex && vacant(h) && (!T.supplyBars || env.supplied(h));
  // 10.14, 7.95: enemy minefields along the path and off it
  const owner = ctx.rules.minefields.ownerOf();
  const enemyMine = (a, b) => { const o = owner(a, b); return !!o && o !== unit.side; };
  const offPath = T.offPath ? enemyMine : () => false;
  const alongPath = T.alongPath ? enemyMine : () => false;
  const offer = (h, route, along) => {
    if (!ok(h)) return;
    const cur = best[h];
    if (!cur || route.length < cur.route.length || (route.length === cur.route.length && along > cur.along)) best[h] = { route, along };
  };
  const free = (start, budget, route, along) => {
    // 7.95: independent advance: stops in the first enemy-controlled hex, no enemy minefield, no prohibited terrain
    let frontier = [{ h: start, route }];
    const seen = new Set([start]);
    for (let k = 0; k < budget; k++) {
      const next = [];
      for (const s of frontier) {
        for (const h of ctx.map.neighbors(s.h)) {
          if (seen.has(h) || !env.pass(s.h, h) || env.enemy(h) || offPath(s.h, h)) continue;
          seen.add(h);
          const r = s.route.concat([h]);
          offer(h, r, along);
          if (!env.zoc(h)) next.push({ h, route: r });     // 7.95 (2): stop in an enemy-controlled hex
        }
      }
      frontier = next;
    }
  };
  for (const p of paths) {
    // 7.91-7.93, 10.14: along the path of retreat, ignoring zones of control and minefields
    if (!p.length || !ctx.map.adjacent(unit.hex, p[0])) continue;
    let route = [];
    for (let i = 0; i < p.length && i < Math.max(n, 1); i++) {
      if (env.enemy(p[i]) || alongPath(i ? p[i - 1] : unit.hex, p[i])) break;
      route = route.concat([p[i]]);
      offer(p[i], route, i + 1);
      // 7.95: the rest of the advance independent of the path
      if (n - (i + 1) > 0) free(p[i], n - (i + 1), route, i + 1);
    }
  }
  if (n > 0) free(unit.hex, n, [], 0);
  const out = {};
  for (const h of Object.keys(best).sort()) out[h] = best[h].route;
  return out;
}

function advanceEnv(ctx, side) {
  return ctx.rules.retreat.envOf(side);
}

// The advances open now (a query), with the route to each hex: {opts, routes}.
export function options(ctx, step) {
  const env = advanceEnv(ctx, step.side);
  const paths = pathsOfRetreat(ctx);
  const opts = [], routes = {};
  for (const id of step.units.slice().sort()) {
    const u = ctx.piece(id);
    if (!onMap(u) || u.advanced || u.declined) continue;
    const t = advanceTargets(ctx, env, u, paths, step.n);
    routes[id] = t;
    for (const h of Object.keys(t).sort()) opts.push({ do: "advance", unit: id, to: h });
  }
  opts.push({ do: "stop" });
  return { opts, routes };
}

function advanceActions(ctx, step) {
  return options(ctx, step).opts;
}


// ---- the decision (asked as the combat section's `advance`)

const advance = {
  rule: "7.9",
  side(ctx) { const s = C(ctx).after[0]; return s ? s.side : ctx.active; },
  prompt(ctx) {
    const s = C(ctx).after[0];
    return s.side + ": advance " + s.units.join(", ") + " after combat along the path of retreat, or up to " + s.n + " hex" + (s.n === 1 ? "" : "es") + " independently (7.91-7.95), or stop";
  },
  actions(ctx) { const s = C(ctx).after[0]; return s.opts || advanceActions(ctx, s); },
  apply(ctx, a) {
    const c = C(ctx);
    const step = c.after[0];
    step.opts = null;
    if (a.do === "advance") {
      const u = ctx.piece(a.unit);
      const route = (step.routes && step.routes[a.unit] && step.routes[a.unit][a.to]) || [a.to];
      const from = u.hex;
      u.hex = a.to;
      u.advanced = true;
      // 7.96: after advancing it may neither attack nor be attacked this phase
      u.attacked = u.side === ctx.active ? true : u.attacked;
      u.defended = u.side !== ctx.active ? true : u.defended;
      step.units.splice(step.units.indexOf(a.unit), 1);
      ctx.trace({ rule: "7.9", table: "readings", uses: ctx.rules.setup.uses("map"), text: a.unit + " advances after combat " + [from].concat(route).join(" -> ") });
      const next = options(ctx, step);
      if (next.opts.length > 1) { step.opts = next.opts; step.routes = next.routes; return; }   // another unit may still advance
    } else {
      ctx.trace({ rule: "7.96", table: "readings", text: step.side + " stops advancing" + (step.units.length ? " (" + step.units.join(", ") + " stay)" : "") });
    }
    c.after.shift();
    ctx.done();
    ctx.rules.combat.continueAfter();
  },
  why(ctx, a) {
    return { rule: "7.95", reason: "an advance goes along the path of retreat (ignoring zones of control and minefields, 7.93, 10.14) or up to the result's number of hexes independently, stopping in the first enemy-controlled hex and never across an enemy minefield or prohibited terrain (7.95); it ends in a vacant, supplied hex (12.24)" };
  },
};


// The combat section asks this decision as its own `advance` (a save's control stack names it so).
export function answer(ctx, method, ...args) {
  return advance[method](ctx, ...args);
}
