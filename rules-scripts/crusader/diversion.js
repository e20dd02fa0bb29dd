// Crusader exclusive rules 18.0 British diversion: 18.1 the two die rolls, 18.2 the Axis penalty,
// 18.3 exiting the map; with the DG computer edition's notes on 18.1 and 18.2 as options
// (dg-computer-diversion-roll, computer-withdrawal). Table: tables/crusader/diversion.yaml.
//
// State: state.diversion = {inEffect, rolled, success, rolls, required, penaltyDone, removed,
// withdrawn}; created by victory.setup from the scenario's special.diversion.

function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function st(ctx) {
  return ctx.state.diversion || { inEffect: false };
}

// ---- 18.1 effect of the British diversion ----------------------------------------------------

// 18.0 as the tables say it, once per rules context: every value is read here, the first time the
// sequence asks whether the roll is due, so a game reads them whether or not the diversion succeeds.
function terms(ctx) {
  return ctx.once("terms", () => {
    const T = ctx.table, P = T.penalty, C = T["computer-edition-reading"];
    return Object.freeze({
      timing: { roll: T.timing.roll, exit: T.timing.exit, "penalty-at": T.timing["penalty-at"] },
      success: { die: T.success.die, results: T.success.results },
      exits: { die: T.exits.die, "german-units-to-exit": T.exits["german-units-to-exit"] },
      penalty: { "removed-by": P["removed-by"], "optional-for-british": P["optional-for-british"], removed: P.removed },
      edges: { axis: T["exit-edges"].axis, british: T["exit-edges"].british },
      program: { strength: C.strength, nationality: C.nationality, "withdrawn-count-as": C["withdrawn-count-as"] },
    });
  });
}

// 18.1: the roll is due at the start of the British Movement Phase of Game-Turn 6.
export function rollDue(ctx) {
  const d = st(ctx), at = terms(ctx).timing.roll;
  return d.inEffect && !d.rolled && ctx.turn === at.turn && ctx.active === at.side;
}

// 18.1: the British player rolls; under dg-computer-diversion-roll the program rolls at once.
export function roll(ctx) {
  if (ctx.option("dg-computer-diversion-roll")) {
    ctx.trace({ rule: "18.1", option: "dg-computer-diversion-roll", cell: { option: "dg-computer-diversion-roll" },
      text: "18.1 the British diversion is rolled by the program (computer edition)" });
    resolve(ctx, "program");
  } else {
    ctx.interrupt("diversion.britishRoll", null, "British diversion (18.1)");
  }
}

// 18.1: the British player's roll, a decision so the player makes it himself.
export const britishRoll = {
  rule: "18.1",
  side: (ctx) => terms(ctx).timing.roll.side,
  prompt: (ctx) => "18.1 British diversion: roll the die (" + successFaces(ctx).join(" or ") + " succeeds)",
  actions: () => [{ do: "roll-diversion" }],
  apply(ctx) {
    resolve(ctx, "british");
    ctx.done();
  },
  why: () => ({ reason: "the only thing to do now is to roll for the diversion", rule: "18.1" }),
};

// 18.1: the faces of the first roll that make the diversion succeed.
function successFaces(ctx) {
  const r = terms(ctx).success.results;
  return Object.keys(r).filter((k) => r[k] === "success").sort((a, b) => a - b);
}

// 18.1: the success roll, then (after a success) the roll for the number of German units to exit.
export function resolve(ctx, by) {
  const d = ctx.state.diversion;
  const t = terms(ctx);
  d.rolled = true;
  const r1 = ctx.roll(t.success.die, "18.1 does the British diversion succeed? (rolled by " + by + ")");
  const res = t.success.results[r1];
  d.rolls.push(r1);
  d.success = res === "success";
  ctx.trace({ rule: "18.1", table: "success", uses: ctx.rules.setup.uses("scenario"), cell: { die: r1 }, result: res,
    text: "18.1 British diversion roll " + r1 + ": " + (d.success ? "it succeeds" : "it fails, no effect") });
  if (!d.success) return;
  const r2 = ctx.roll(t.exits.die, "18.1 how many German units must exit by the west edge (rolled by " + by + ")");
  d.rolls.push(r2);
  d.required = t.exits["german-units-to-exit"][r2];
  const by8 = t.timing.exit.by.turn;
  ctx.trace({ rule: "18.1", table: "exits", uses: ctx.rules.setup.uses("scenario"), cell: { die: r2 }, result: d.required,
    text: "18.1 roll " + r2 + ": " + d.required + " " + cap(t.timing.exit.nationality) + " unit" + (d.required > 1 ? "s" : "") +
      " must exit permanently by the " + t.timing.exit.edge + " edge by the end of Game-Turn " + by8 });
  if (d.lastTurn !== undefined && d.lastTurn < by8) {
    ctx.trace({ rule: "18.1", result: "after-the-game",
      text: "18.1 the deadline (end of Game-Turn " + by8 + ") falls after this scenario's last turn (" + d.lastTurn + "): the 18.2 penalty cannot arise" });
  }
}

// 18.1: German units that have exited the map, the ones that count towards the requirement
// (18.3 lets the Axis exit only by the west edge and not before Game-Turn 6, so every German exit
// up to the end of Game-Turn 8 comes after the roll and by the west edge).
export function germanExited(ctx) {
  const who = terms(ctx).timing.exit;
  return ctx.pieces((p) => p.side === who.side && p.at === "exited" && nationality(ctx, p) === who.nationality).map((p) => p.id).sort();
}

// How many German units 18.1 still requires to exit (0 when the diversion failed or was met).
export function outstanding(ctx) {
  const d = st(ctx);
  if (!d.inEffect || !d.success || d.penaltyDone) return 0;
  return Math.max(0, d.required - germanExited(ctx).length);
}

export function nationality(ctx, p) {
  const u = ctx.tables.units.units["by-id"][p.unit || p.id];
  return u ? u.nationality : null;
}

// ---- 18.2 Axis penalty ---------------------------------------------------------------------------

// 18.2: checked at the end of Game-Turn 8.
export function penaltyDue(ctx) {
  const d = st(ctx);
  return d.inEffect && d.rolled && d.success && !d.penaltyDone && ctx.turn === terms(ctx).timing["penalty-at"].turn;
}

export function penalty(ctx) {
  const d = ctx.state.diversion;
  const exited = germanExited(ctx);
  const short = Math.max(0, d.required - exited.length);
  d.penaltyDone = true;
  d.shortfall = short;
  ctx.trace({ rule: "18.2", table: "penalty", uses: ctx.rules.setup.uses("scenario"), cell: { required: d.required, exited: exited.length }, result: short,
    text: "18.2 end of Game-Turn " + ctx.turn + ": " + exited.length + " of " + d.required + " German units exited" +
      (exited.length ? " (" + exited.join(", ") + ")" : "") + (short ? "; " + short + " short" : "; no penalty") });
  if (!short) return;
  if (ctx.option("computer-withdrawal")) {
    // DG 18.2 note (computer-edition-reading): the program withdraws the strongest remaining German units
    for (const p of strongest(ctx, short)) withdraw(ctx, p);
    return;
  }
  // 18.2: the British player may remove that many Axis units from anywhere on the map
  d.penaltyLeft = short;
  ctx.interrupt("diversion.penaltyRemoval", null, "Axis penalty (18.2)");
}

// 18.2: the British player's choice, one unit at a time; he may stop (the rule says "may").
export const penaltyRemoval = {
  rule: "18.2",
  side: (ctx) => terms(ctx).penalty["removed-by"],
  prompt: (ctx) => "18.2 Axis penalty: remove an Axis unit from the map (" + ctx.state.diversion.penaltyLeft + " left), or remove no more",
  actions(ctx) {
    const t = terms(ctx).penalty;
    const out = ctx.pieces((p) => p.side === t.removed.side && p.at === "map" && p.hex).map((p) => p.id).sort()
      .map((id) => ({ do: "remove", unit: id }));
    if (t["optional-for-british"]) out.push({ do: "decline" });
    return out;
  },
  apply(ctx, a) {
    const d = ctx.state.diversion;
    if (a.do === "decline") {
      ctx.trace({ rule: "18.2", table: "penalty", cell: { "optional-for-british": terms(ctx).penalty["optional-for-british"] }, result: "declined",
        text: "18.2 the British player removes no more Axis units (" + d.penaltyLeft + " not taken)" });
      d.penaltyLeft = 0;
      ctx.done();
      return;
    }
    const p = ctx.piece(a.unit);
    const from = p.hex;
    p.hex = null;
    p.at = "eliminated";
    p.removedBy = "18.2";
    ctx.state.eliminated.push(p.id);
    d.removed.push(p.id);
    d.penaltyLeft -= 1;
    ctx.trace({ rule: "18.2", table: "penalty", cell: { removed: "axis-units", from: "anywhere-on-map" }, result: p.id,
      text: "18.2 the British player removes " + p.id + " from " + from + " (counts as destroyed)" });
    if (d.penaltyLeft <= 0) ctx.done();
  },
  why(ctx, a) {
    if (a && a.do === "remove") return { reason: "18.2: only an Axis unit on the map may be removed; " + a.unit + " is not one", rule: "18.2" };
    return { reason: "18.2: remove an Axis unit or decline", rule: "18.2" };
  },
};

// DG 18.2 note, as read in computer-edition-reading: the strongest remaining German units by
// victory-point value (19.27), ties by unit id.
export function strongest(ctx, n) {
  const side = terms(ctx).timing.exit.side, nat = terms(ctx).program.nationality;
  return ctx.pieces((p) => p.side === side && p.at === "map" && p.hex && (!nat || nationality(ctx, p) === nat))
    .map((p) => ({ p, v: ctx.rules.victory.unitValue(p) }))
    .sort((x, y) => y.v - x.v || (x.p.id < y.p.id ? -1 : x.p.id > y.p.id ? 1 : 0))
    .slice(0, n).map((x) => x.p);
}

function withdraw(ctx, p) {
  const r = terms(ctx).program, as = r["withdrawn-count-as"];
  const from = p.hex;
  p.hex = null;
  p.at = as;
  p.withdrawnBy = "18.2";
  ctx.state[as].push(p.id);
  ctx.state.diversion.withdrawn.push(p.id);
  ctx.trace({ rule: "18.2", option: "computer-withdrawal", table: "computer-edition-reading",
    cell: { strength: r.strength, value: ctx.rules.victory.unitValue(p) }, result: p.id,
    text: "18.2 (computer edition) the program withdraws " + p.id + " from " + from + ", the strongest " + (r.nationality ? cap(r.nationality) : "Axis") + " unit left (" +
      ctx.rules.victory.unitValue(p) + " points); it counts as " + as + (as === "exited" ? " under 18.1, not destroyed" : "") });
}

// ---- 18.3 exiting the map --------------------------------------------------------------------------

// 18.3 (on top of 14.0): Axis units only by the west edge and not before Game-Turn 6; British units
// only by the south or east edge. The exit section asks every section's exitAllowed(piece, hex)
// before offering an exit from `hex` (default: where the unit stands): null allows it,
// {allowed: false, rule, reason} refuses it.
export function exitAllowed(ctx, piece, hex) {
  const from = hex || piece.hex;
  const rule = terms(ctx).edges[piece.side];
  if (!rule || !from) return { allowed: false, rule: "18.3", reason: "18.3 names no edge " + piece.side + " units may leave by" };
  if (rule["from-turn"] !== undefined && ctx.turn < rule["from-turn"]) {
    return { allowed: false, rule: "18.3", reason: "18.3: Axis units may not exit the map before Game-Turn " + rule["from-turn"] };
  }
  for (const e of rule.edges) if (ctx.map.zone(e + "-edge").indexOf(from) >= 0) return null;
  return { allowed: false, rule: "18.3", reason: "18.3: " + piece.side + " units may exit only by the " + rule.edges.join(" or ") + " edge; " + from + " is not on it" };
}
