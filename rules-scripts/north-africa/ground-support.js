// North Africa standard rules 9.0 (9.11-9.14): Ground Support Points.
// Table: tables/north-africa/ground-support.yaml. Points per Game-Turn come from the scenario
// (setup copies scenario["ground-support"]["per-turn"] into state.gsPerTurn).
//
// state.gs = {turn, axis, british}: the points left this Game-Turn. The reset is lazy (9.14: what
// is left of the previous Game-Turn is lost) and happens when points are spent, so a scenario that
// starts in the middle of a Game-Turn needs no turn-start step.

// 9.0-9.14 as the tables say them, once per rules context (every value read here).
function terms(ctx) {
  return ctx.once("terms", () => {
    const T = ctx.table;
    return Object.freeze({ phasing: T.use.phasing, nonPhasing: T.use["non-phasing"], perPoint: T.rules["strength-per-point"],
      carry: T.rules["carry-over"] === true, none: T.allocation.default });
  });
}

// 9.0: the points a side receives every Game-Turn.
export function perTurn(ctx, side) {
  const per = ctx.state.gsPerTurn || {};
  const n = per[side];
  return typeof n === "number" && n > 0 ? n : terms(ctx).none;
}

// 9.0, 9.14: the points `side` still has this Game-Turn. A query: it changes nothing.
export function available(ctx, side) {
  terms(ctx);
  const gs = ctx.state.gs;
  // 9.14: points of an earlier Game-Turn are gone (unless carry-over); this Game-Turn's allotment is untouched
  if (!gs || gs.turn !== ctx.turn) return perTurn(ctx, side) + carried(ctx, gs, side);
  return typeof gs[side] === "number" ? gs[side] : perTurn(ctx, side);
}

// 9.14 (rules carry-over): the points a side brings into this Game-Turn from the earlier ones:
// none by the printed rule; with carry-over, what was left plus every allotment since.
function carried(ctx, gs, side) {
  if (!terms(ctx).carry || !gs || gs.turn === null || typeof gs[side] !== "number") return 0;
  return gs[side] + perTurn(ctx, side) * (ctx.turn - gs.turn - 1);
}

// 9.0: how `side` may use its points now: as barrage when phasing, as FPF otherwise.
export function use(ctx, side) {
  return side === ctx.active ? terms(ctx).phasing : terms(ctx).nonPhasing;
}

// 9.12, 9.14: spends `n` points of `side` (any split is allowed: each call is one allotment).
// `purpose` names the target for the trace. Returns the points left.
export function spend(ctx, side, n, purpose) {
  if (!(Number.isInteger(n) && n >= 0)) throw new Error("9.12: ground support points are spent in whole points, found " + JSON.stringify(n));
  const left = available(ctx, side);
  if (n > left) throw new Error("9.0: " + side + " has " + left + " ground support points left this Game-Turn, not " + n);
  reset(ctx);
  ctx.state.gs[side] = left - n;
  if (n > 0) {
    ctx.trace({
      rule: "9.0",
      table: "use",
      uses: ctx.rules.setup.uses("scenario"),
      cell: { side, use: use(ctx, side), points: n },
      result: left - n,
      text: side + " spends " + n + " ground support point" + (n === 1 ? "" : "s") + " as " +
        (use(ctx, side) === "barrage" ? "barrage (9.0, phasing)" : "final protective fire (9.0, non-phasing)") +
        (purpose ? " on " + purpose : "") + "; " + (left - n) + " left this Game-Turn (9.14)",
    });
  }
  return left - n;
}

// 9.11: the strength `n` points add, barrage or FPF.
export function strength(ctx, n) {
  return n * terms(ctx).perPoint;
}

// 9.14: a new Game-Turn's allotment replaces whatever was left of the previous one.
function reset(ctx) {
  const s = ctx.state;
  if (!s.gs || s.gs.turn !== ctx.turn) {
    const fresh = { turn: ctx.turn };
    for (const side of ctx.sides) fresh[side] = perTurn(ctx, side) + carried(ctx, s.gs, side);
    if (s.gs && s.gs.turn !== ctx.turn) {
      const carry = terms(ctx).carry;
      ctx.trace({ rule: "9.14", table: "rules", uses: ctx.rules.setup.uses("scenario"), cell: { carry: carry ? "kept" : "none" }, result: fresh,
        text: "Game-Turn " + ctx.turn + ": ground support points of the previous Game-Turn are " + (carry ? "kept" : "lost") + "; new allotment " + JSON.stringify(fresh) });
    }
    s.gs = fresh;
  }
}
