// The Fall of Tobruk, section 4.2: stacking.
//   4.2   each ground unit counts its stacking points (SPs); HQs (7.11), wrecks (5.412) and
//         markers (B.12) count nothing.
//   4.21  16 SPs a hex; never more than 24. Checked at the end of each Movement Impulse (the
//         movement section lets no move end over the limit) and all through Combat Impulses (once
//         a combat's retreats and advances are done, the combat section opens the penalties of each
//         hex a unit moved into with begin(hex), and the owner picks with picks()/choose()). EXCEPTION: all units of
//         the 1st Free French Brigade, or of the German 104th or 115th Panzergrenadier Regiment,
//         may stack together without overstacking while no other unit shares the hex.
//   4.22  the Stacking Density Chart: the shift a Bombardment of the hex gets (density()).
//   4.23  overstacking: SPs above 24 are eliminated; then the SPs above 16 are Disrupted together
//         with as many SPs of the units within the limit; the owner picks the units (overstack).
// Only one HQ may stand in a hex (7.11).
// Tables: tables/fall-of-tobruk/stacking.yaml (limits, exceptions, overstacking, sdc).

function counts(p) { return !p.hq && !p.wreck && !p.marker; }

function onMap(ctx, hex) {
  const out = [];
  for (const id in ctx.state.pieces) {
    const p = ctx.state.pieces[id];
    if (p.hex === hex && p.at === "map") out.push(p);
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// pointsOf(pieces): the SPs of these pieces that count for stacking (4.2, 7.11).
export function pointsOf(ctx, pieces) {
  let n = 0;
  for (const p of pieces) if (counts(p)) n += p.sp || 0;
  return n;
}

// points(hex): the SPs in hex that count for stacking (4.2).
export function points(ctx, hex) { return pointsOf(ctx, onMap(ctx, hex)); }

// ---- 4.21 limits and the white-rectangle exception -------------------------------------------

// group(piece): the white-rectangle group of a unit (4.21 EXCEPTION), or null. units.yaml marks
// them (`whiteRectangle`); a table row naming a formation covers every unit of that formation.
export function group(ctx, p) {
  if (p.whiteRectangle) return String(p.whiteRectangle);
  for (const g of ctx.table.exceptions["white-rectangle-groups"]) {
    if (g.formation && g.side === p.side && (p.formation === g.formation || p.brigade === g.formation)) return g.formation;
  }
  return null;
}

// The one white-rectangle group every counted unit of `pieces` belongs to, or null.
function soleGroup(ctx, pieces) {
  let g = null;
  for (const p of pieces) {
    if (!counts(p)) continue;
    const q = group(ctx, p);
    if (q === null || (g !== null && q !== g)) return null;
    g = q;
  }
  return g;
}

// limitFor(pieces): the most SPs these pieces may hold in one hex without penalty (4.21), with
// the rule that sets it: {sps, rule, group}.
export function limitFor(ctx, pieces) {
  const l = ctx.table.limits;
  const g = soleGroup(ctx, pieces);
  if (g !== null) return { sps: l["absolute-max"], rule: "4.21 EXCEPTION", group: g };
  return { sps: l.normal, rule: "4.21", group: null };
}

// fits(pieces, hex): may these pieces end a move in hex, with what stands there already (4.21,
// 7.11)? {ok, reason, rule}.
export function fits(ctx, pieces, hex) { return fitsWith(ctx, pieces, onMap(ctx, hex), hex); }

// fitsWith(pieces, there, hex): fits, given the pieces standing in hex (callers that hold the
// map's stacks already save a pass over every piece).
export function fitsWith(ctx, pieces, there0, hex) {
  const ids = {};
  for (const p of pieces) ids[p.id] = true;
  const there = there0.filter((p) => !ids[p.id]);
  const all = there.concat(pieces);
  const hqs = ctx.table.limits["hq-per-hex"];
  if (all.filter((p) => p.hq).length > hqs) return { ok: false, rule: "7.11", reason: "only " + hqs + " HQ may stand in a hex, and " + hex + " would hold " + all.filter((p) => p.hq).map((p) => p.id).join(" and ") };
  const sps = pointsOf(ctx, all);
  const lim = limitFor(ctx, all);
  if (sps > lim.sps) {
    return { ok: false, rule: lim.rule, reason: hex + " would hold " + sps + " SPs, more than the " + lim.sps + " allowed" +
      (lim.group ? " even to the " + lim.group + " white-rectangle units" : "") + " (" + there.length + " units there already)" };
  }
  return { ok: true };
}

// ---- 4.22 the Stacking Density Chart ------------------------------------------------------------

// density(hex): the SDC row for a Bombardment of hex: {sps, shift, label} (shift: columns, right
// positive); 0 SPs: no row, shift 0.
export function density(ctx, hex) {
  const sps = points(ctx, hex);
  const sdc = ctx.table.sdc;
  for (let i = 0; i < sdc.numeric.length; i++) {
    const r = sdc.numeric[i];
    if (sps >= r.min && (r.max === null || r.max === undefined || sps <= r.max)) {
      return { sps, shift: r.shift, label: sdc.rows[i].shift, row: sdc.rows[i].SPs };
    }
  }
  return { sps, shift: 0, label: null, row: null };
}

// ---- 4.23 overstacking penalties ----------------------------------------------------------------

// penalties(hex): what 4.23 asks of the stack in hex now: {sps, eliminate, disrupt, limit} in SPs.
// Above 24 the excess is eliminated first; of what is left, the SPs above the limit and as many
// again are Disrupted (the white-rectangle exception spares a stack of one group below 24).
export function penalties(ctx, hex) {
  const units = onMap(ctx, hex);
  const sps = pointsOf(ctx, units);
  const l = ctx.table.limits, multiple = ctx.table.overstacking["disrupt-multiple"];
  const lim = limitFor(ctx, units);
  const eliminate = Math.max(0, sps - l["absolute-max"]);
  const left = sps - eliminate;
  const disrupt = left > lim.sps ? multiple * (left - lim.sps) : 0;
  return { sps, eliminate, disrupt, limit: lim.sps, rule: lim.rule };
}

// overstacked(): the hexes breaking 4.21 now, sorted.
export function overstacked(ctx) {
  const by = {};
  for (const id in ctx.state.pieces) {
    const p = ctx.state.pieces[id];
    if (p.at === "map" && p.hex) (by[p.hex] = by[p.hex] || []).push(p);
  }
  const out = [];
  for (const h of Object.keys(by).sort()) if (pointsOf(ctx, by[h]) > limitFor(ctx, by[h]).sps) out.push(h);
  return out;
}

// Losses go through the disruption section (wrecks, HQ placement, the loss count of 15.3).
function eliminate(ctx, p, why) {
  if (ctx.rules.disruption && typeof ctx.rules.disruption.eliminate === "function") { ctx.rules.disruption.eliminate(p.id, why, "4.23"); return; }
  p.at = "eliminated";
  p.hex = null;
}

function disrupt(ctx, p, why) {
  if (ctx.rules.disruption && typeof ctx.rules.disruption.disrupt === "function") { ctx.rules.disruption.disrupt(p.id, "overstacking", "4.23"); return; }
  if (p.disrupted) { eliminate(ctx, p, why + "; already Disrupted, so eliminated (12.2)"); return; }
  p.disrupted = true;
}

// begin(hex): opens the 4.23 penalties of hex (state.overstack) and traces them; returns the
// penalties, or null when the stack is within its limit.
export function begin(ctx, hex) {
  const pen = penalties(ctx, hex);
  if (pen.eliminate === 0 && pen.disrupt === 0) return null;
  const owner = onMap(ctx, hex)[0].side;
  ctx.state.overstack = { hex, side: owner, eliminate: pen.eliminate, disrupt: pen.disrupt, chosen: [] };
  ctx.trace({ rule: "4.23", table: "overstacking", uses: ["units/units"], cell: { hex, sps: pen.sps, limit: pen.limit }, result: { eliminate: pen.eliminate, disrupt: pen.disrupt },
    text: hex + " holds " + pen.sps + " SPs against a limit of " + pen.limit + (pen.eliminate ? ": " + pen.eliminate + " SPs above " + ctx.table.limits["absolute-max"] + " are eliminated" : "") +
      (pen.disrupt ? (pen.eliminate ? " and " : ": ") + pen.disrupt + " SPs are Disrupted (" + (pen.sps - pen.eliminate - pen.limit) + " over the limit, x" + ctx.table.overstacking["disrupt-multiple"] + ")" : "") + "; " + owner + " chooses the units" });
  return pen;
}

// enforce(hex): applies 4.23 to hex if it is overstacked: the owner chooses the units (the
// overstack decision, pushed above the current one). Returns the penalties found, or null.
export function enforce(ctx, hex) {
  const pen = begin(ctx, hex);
  if (pen) ctx.interrupt("stacking.overstack", { hex }, "overstacking in " + hex + " (4.23)");
  return pen;
}

// The units the owner may pick now: {what: "eliminate" | "disrupt", units: [ids]}.
export function picks(ctx) { return pickable(ctx); }

function pickable(ctx) {
  const o = ctx.state.overstack;
  const what = o.eliminate > 0 ? "eliminate" : "disrupt";
  return { what, units: onMap(ctx, o.hex).filter((p) => counts(p) && o.chosen.indexOf(p.id) < 0).map((p) => p.id) };
}

// choose(unitId): the owner's next pick (4.23): eliminated while SPs above 24 remain, then
// Disrupted (a unit Disrupted already is eliminated, 12.2). Returns true when the penalties are
// paid (state.overstack is then cleared).
export function choose(ctx, id) {
  const o = ctx.state.overstack;
  const p = ctx.piece(id);
  o.chosen.push(p.id);
  if (o.eliminate > 0) {
    o.eliminate -= p.sp || 0;
    ctx.trace({ rule: "4.23", uses: ["units/units"], cell: { hex: o.hex, unit: p.id, sp: p.sp }, result: "eliminated", text: p.id + " (" + p.sp + " SPs) is eliminated for overstacking " + o.hex + " beyond " + ctx.table.limits["absolute-max"] + " SPs" });
    eliminate(ctx, p, "4.23 overstacking beyond " + ctx.table.limits["absolute-max"] + " SPs");
    if (o.eliminate <= 0) o.disrupt = penalties(ctx, o.hex).disrupt;    // of what is left now
  } else {
    o.disrupt -= p.sp || 0;
    ctx.trace({ rule: "4.23", uses: ["units/units"], cell: { hex: o.hex, unit: p.id, sp: p.sp }, result: p.disrupted ? "eliminated" : "disrupted",
      text: p.id + " (" + p.sp + " SPs) is Disrupted for overstacking " + o.hex + (p.disrupted ? "; it was Disrupted already and is eliminated (12.2)" : "") });
    disrupt(ctx, p, "4.23 overstacking");
  }
  if ((o.eliminate <= 0 && o.disrupt <= 0) || pickable(ctx).units.length === 0) {
    ctx.state.overstack = null;
    return true;
  }
  return false;
}

// overstack: the owner picks units to eliminate until the SPs above 24 are gone, then units to
// Disrupt until the SPs owed are met (4.23: owner's choice, whole units).
export const overstack = {
  rule: "4.23",
  side(ctx) { return ctx.state.overstack.side; },
  prompt(ctx) {
    const o = ctx.state.overstack;
    return o.eliminate > 0 ? "4.23: choose a unit in " + o.hex + " to eliminate (" + o.eliminate + " SPs still to go)"
      : "4.23: choose a unit in " + o.hex + " to Disrupt (" + o.disrupt + " SPs still to go)";
  },
  actions(ctx) {
    const k = pickable(ctx);
    return k.units.map((id) => ({ do: k.what, unit: id }));
  },
  apply(ctx, a) { if (choose(ctx, a.unit)) ctx.done(); },
  why(ctx, a) {
    const o = ctx.state.overstack;
    const k = pickable(ctx);
    if (!a || a.do !== k.what) return { rule: "4.23", reason: o.eliminate > 0 ? "the SPs above " + ctx.table.limits["absolute-max"] + " are eliminated first" : "only Disruption is owed now" };
    const p = ctx.piece(a.unit);
    if (!p || p.hex !== o.hex || p.at !== "map") return { rule: "4.23", reason: "choose a unit in " + o.hex };
    if (!counts(p)) return { rule: "7.11", reason: p.id + " counts no SPs (HQ)" };
    return { rule: "4.23", reason: p.id + " was chosen already" };
  },
};
