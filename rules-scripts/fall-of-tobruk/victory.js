// The Fall of Tobruk, section 15.0: victory conditions.
//   15.1  whoever holds Tobruk at the end wins; an Axis-held Tobruk is only a draw if 15.2 or
//         15.3 applies: determine.
//   15.2  a draw if the Allies have exited at least 18 SPs of armor, 36 of infantry or weapons and
//         15 of artillery off the east edge (each unused Allied reserve tank counts as an armor SP);
//         Allied units may leave only once withdrawal is triggered: withdrawalOpen, exit.
//   15.21 at the start of each Game Turn Record phase (3.7) the Allied player rolls a d10 with
//         every modifier; 10 or more triggers withdrawal: withdrawalCheck.
//   15.3  a draw if the Axis has lost more than 18 SPs of armor, 36 of infantry or weapons and 15
//         of artillery (each unused Axis reserve tank takes one armor SP off): recordLoss.
// Readings (the seed leaves them open; traced where they decide):
//   - Tobruk is held by the Axis once Axis units occupied or last entered every Tobruk hex; until
//     then the Allies hold it (they start in it). Villages and the railhead are held the same way
//     (15.21 "occupied or last entered"), starting with whoever stands in them.
//   - 15.2 and 15.3 need all three classes ("and"); option draw-on-any-class: any one suffices.
//   - a withdrawal once triggered stays triggered (15.2 "once triggered").
//   - classes: armor = armor units but the Semovente, which carries a Bombardment Factor and counts
//     as artillery with the other artillery (B.113); HQs have no stacking points (7.11).
// Tables: victory.yaml. State: state.control, state.losses, state.exited, state.withdrawal,
// state.victory {watch, tobrukFell, withdrawalTurn} (docs/fall-of-tobruk.md).

function byId(a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; }

// The 15.2 / 15.3 classes (victory.yaml classes), in order.
function classes(ctx) { return ctx.tables.victory.classes.list; }
function zero(ctx) { const o = {}; for (const c of classes(ctx)) o[c.id] = 0; return o; }
function tableKey(ctx, id) { return classes(ctx).find((c) => c.id === id).thresholds; }

// The side that exits (15.2) and rolls for withdrawal (15.21), and the side whose losses count (15.3).
function exitSide(ctx) { return ctx.tables.victory["allied-exit-totals"].side; }
function lossSide(ctx) { return ctx.tables.victory["axis-losses"].side; }

// classOf(piece): "armor", "infantry" (infantry or weapons) or "artillery" for 15.2 / 15.3: the
// class holding the unit's B.113 class (units.yaml types).
export function classOf(ctx, p) {
  const t = ctx.tables.units.types["by-type"][p.type];
  const c = classes(ctx).find((x) => x["unit-classes"].indexOf(t.class) >= 0);
  return c.id;
}

function sps(p) { return p.hq ? 0 : p.sp || 0; }

// ---- the hexes that decide -------------------------------------------------------------------------

function zoneOrNull(ctx, name) {
  try { return ctx.map.zone(name); } catch (e) { return null; }
}

function placeOrNull(ctx, name) {
  try { return ctx.map.place(name); } catch (e) { return null; }
}

function hexList(x) {
  if (!x) return [];
  return (Array.isArray(x) ? x : String(x).split(/\s+/)).filter((h) => h).sort();
}

// tobrukHexes(): the hexes of Tobruk (14.1 "either hex of Tobruk"): the map's zone "tobruk", its
// hexes of terrain "tobruk", or its place "Tobruk".
export function tobrukHexes(ctx) {
  const v = ctx.state.victory;
  if (v && v.watch) return v.watch.tobruk;
  const z = hexList(zoneOrNull(ctx, "tobruk"));
  if (z.length) return z;
  const t = ctx.map.ids.filter((h) => ctx.map.terrain(h) === "tobruk");
  return t.length ? t.sort() : hexList(placeOrNull(ctx, "Tobruk"));
}

// villages(): the village hexes (15.21): hexes of terrain "village" or with the feature "village".
export function villages(ctx) {
  const v = ctx.state.victory;
  if (v && v.watch) return v.watch.villages;
  return ctx.map.ids.filter((h) => ctx.map.terrain(h) === "village" || ctx.map.hasFeature(h, "village")).sort();
}

function railhead(ctx) { return ctx.tables.supply.sources.railhead; }

// start(): who holds each watched hex as play begins, where the setup has not said (16.1): its
// occupant; Tobruk the Allies' unless the Axis stands in it.
export function start(ctx) {
  const s = ctx.state;
  if (s.victory) return;
  const watch = { tobruk: tobrukHexes(ctx), villages: villages(ctx), railhead: railhead(ctx) };
  s.victory = { watch, tobrukFell: null, withdrawalTurn: null };
  if (!s.control) s.control = {};
  const occupant = {};
  for (const p of ctx.pieces((q) => q.at === "map" && q.hex).sort(byId)) occupant[p.hex] = p.side;
  for (const h of watch.villages.concat([watch.railhead])) if (!(h in s.control)) s.control[h] = occupant[h] || null;
  for (const h of watch.tobruk) if (!(h in s.control)) s.control[h] = occupant[h] === lossSide(ctx) ? lossSide(ctx) : exitSide(ctx);
  if (!s.losses) s.losses = { axis: zero(ctx), allied: zero(ctx) };
  if (!s.exited) s.exited = { axis: zero(ctx), allied: zero(ctx) };
  if (s.withdrawal === undefined) s.withdrawal = false;
  ctx.trace({ rule: "15.21", uses: ["map", "scenario"], cell: { villages: watch.villages.length, tobruk: watch.tobruk }, result: Object.assign({}, s.control),
    text: "watched for victory: Tobruk (" + watch.tobruk.join(", ") + "), the railhead " + watch.railhead + " and " + watch.villages.length + " villages" });
}

// holder(): the side holding Tobruk now (15.1).
export function holder(ctx) {
  const c = ctx.state.control || {};
  const t = tobrukHexes(ctx);
  return t.length && t.every((h) => c[h] === lossSide(ctx)) ? lossSide(ctx) : exitSide(ctx);
}

// afterMove(piece, path): the piece entered the hexes of `path` (its start hex first, if given:
// the movement section passes the whole path, retreats and advances their hexes). Villages, the
// railhead and Tobruk pass to the side that last entered them (15.21).
export function afterMove(ctx, piece, path) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  const hexes = path.length > 1 ? path.slice(1) : path;
  const before = holder(ctx);
  for (const h of hexes) {
    if (!(h in s.control) || s.control[h] === piece.side) continue;
    const from = s.control[h];
    s.control[h] = piece.side;
    if (ctx.map.hasFeature(h, "airfield")) ctx.rules.air.airfieldTaken(h, piece, from);   // 6.13
    ctx.trace({ rule: "15.21", uses: ["map"], cell: { hex: h }, result: piece.side, text: piece.id + " enters " + h + ": it is now " + piece.side + "-held" });
  }
  const after = holder(ctx);
  if (after !== before) {
    if (after === lossSide(ctx) && s.victory.tobrukFell === null) s.victory.tobrukFell = ctx.turn;
    ctx.trace({ rule: "15.1", uses: ["map"], cell: { tobruk: tobrukHexes(ctx) }, result: after, text: after === lossSide(ctx) ? "Tobruk falls to the Axis (" + s.date + ")" : "the Allies retake Tobruk" });
  }
}

// ---- 15.21 the Allied withdrawal trigger ----------------------------------------------------------

function dayIn(ctx, m) {
  const t = ctx.turn;
  const from = m.from ? ctx.rules.sequence.turnOf(m.from) : -Infinity;
  const to = m.to ? ctx.rules.sequence.turnOf(m.to) : Infinity;
  return t >= from && t <= to;
}

// withdrawalModifiers(): the 15.21 modifiers that apply now, [{value, why}].
export function withdrawalModifiers(ctx) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  const c = s.control;
  const out = [];
  const enemy = lossSide(ctx);
  let east = 0;
  for (const p of ctx.pieces((q) => q.side === enemy && q.at === "map" && q.hex)) east = Math.max(east, Number(p.hex.slice(0, p.hex.length - 2)));
  for (const m of ctx.table["withdrawal-trigger"].modifiers) {
    if (m.per) {
      const n = s.victory.watch.villages.filter((h) => c[h] === enemy).length;
      const v = Math.floor(n / m.per) * m.drm;
      if (v) out.push({ value: v, why: n + " villages Axis-held: +" + m.drm + " per " + m.per + " (15.21)" });
    } else if (m.railhead) {
      const rh = railhead(ctx);
      if (c[rh] === enemy) out.push({ value: m.drm, why: "the railhead " + rh + " is Axis-held (15.21)" });
    } else if (m.column) {
      if (east >= m.column) out.push({ value: m.drm, why: "an Axis unit on or east of column " + m.column + "xx (15.21)" });
    } else if (m.from && dayIn(ctx, m)) {
      out.push({ value: m.drm, why: m.condition + " (15.21)" });
    }
  }
  return out;
}

// 15.21, 3.7: the check at the start of the Game Turn Record phase.
export function withdrawalCheck(ctx) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  if (s.withdrawal) {
    ctx.trace({ rule: "15.21", result: true, text: "Allied withdrawal was triggered on " + ctx.rules.sequence.date(s.victory.withdrawalTurn) + ": no roll" });
    return;
  }
  const t = ctx.table["withdrawal-trigger"];
  const mods = withdrawalModifiers(ctx);
  const total = ctx.roll(t.die, "Allied withdrawal trigger (15.21)", mods);
  const yes = total >= t["trigger-at"];
  const row = t.rows[yes ? 1 : 0];
  ctx.trace({ rule: "15.21", table: "withdrawal-trigger", uses: ["map", "sequence/turn-record"], cell: { roll: total, row: row.roll }, result: row.result,
    text: s.date + ": the Allied withdrawal roll is " + total + (mods.length ? " (" + mods.map((m) => "+" + m.value + " " + m.why).join("; ") + ")" : "") + ": " + row.result });
  if (yes) {
    s.withdrawal = true;
    s.victory.withdrawalTurn = ctx.turn;
  }
}

// withdrawalOpen(): may Allied units leave off the east edge (15.2, once triggered)?
export function withdrawalOpen(ctx) { return ctx.state.withdrawal === true; }

// exit(piece): an Allied unit leaves off the east edge for good (15.2); the movement section
// brings it to the edge and calls this. {ok, reason, rule}.
export function exit(ctx, piece) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  const exitTable = ctx.table["allied-exit-totals"];
  if (piece.side !== exitSide(ctx)) return { ok: false, reason: "Axis units may not exit the map", rule: "15.2" };
  if (!withdrawalOpen(ctx)) return { ok: false, reason: "Allied withdrawal has not been triggered (15.21)", rule: "15.2" };
  const k = classOf(ctx, piece);
  s.exited[piece.side][k] += sps(piece);
  const from = piece.hex;
  piece.at = "exited";
  piece.hex = null;
  ctx.trace({ rule: "15.2", table: "allied-exit-totals", uses: ["units/units"], cell: { unit: piece.id, class: k }, result: s.exited[piece.side][k],
    text: piece.id + " exits off the " + exitTable.edge + " edge from " + from + ": " + sps(piece) + " SP of " + tableKey(ctx, k) + ", " + s.exited[piece.side][k] + " in all" });
  return { ok: true, reason: null, rule: "15.2" };
}

// recordLoss(piece): a unit was eliminated (combat calls this): its SPs count as lost (15.3).
export function recordLoss(ctx, piece) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  const k = classOf(ctx, piece);
  s.losses[piece.side][k] += sps(piece);
  ctx.trace({ rule: "15.3", table: "axis-losses", uses: ["units/units"], cell: { unit: piece.id, class: k }, result: s.losses[piece.side][k],
    text: piece.id + " is lost: " + sps(piece) + " SP of " + tableKey(ctx, k) + ", " + piece.side + " " + s.losses[piece.side][k] + " in all" });
}

// recordReturn(piece): a lost unit is back in play (5.22, 5.33, 5.421): its SPs no longer count
// as lost (15.3).
export function recordReturn(ctx, piece) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  const k = classOf(ctx, piece);
  s.losses[piece.side][k] = Math.max(0, s.losses[piece.side][k] - sps(piece));
  ctx.trace({ rule: "15.3", table: "axis-losses", uses: ["units/units"], cell: { unit: piece.id, class: k }, result: s.losses[piece.side][k],
    text: piece.id + " is back in play: " + sps(piece) + " SP of " + tableKey(ctx, k) + " no longer lost, " + piece.side + " " + s.losses[piece.side][k] + " in all" });
}

// ---- 15.1 the end of the game ---------------------------------------------------------------------

function anyClass(ctx) { return ctx.option("draw-on-any-class") === true; }

// 15.2: the Allied exits (with the unused Allied reserve tanks, as allied-exit-totals reserve-tanks
// says) against the thresholds.
export function exitsMet(ctx) {
  const s = ctx.state, t = ctx.table["allied-exit-totals"], side = t.side;
  const need = t["at-least-sps"], rt = t["reserve-tanks"];
  const have = Object.assign({}, s.exited[side]);
  have[rt.class] += ((s.reserveTanks && s.reserveTanks[side]) || 0) * rt["sps-each"];
  const met = classes(ctx).map((c) => have[c.id] >= need[c.thresholds]);
  return { have, need, met: anyClass(ctx) ? met.some((x) => x) : met.every((x) => x) };
}

// 15.3: the Axis losses (less the unused Axis reserve tanks, as axis-losses reserve-tanks says)
// against the thresholds.
export function lossesMet(ctx) {
  const s = ctx.state, t = ctx.table["axis-losses"], side = t.side;
  const over = t["more-than-sps"], rt = t["reserve-tanks"];
  const have = Object.assign({}, s.losses[side]);
  have[rt.class] = Math.max(0, have[rt.class] - ((s.reserveTanks && s.reserveTanks[side]) || 0) * rt["sps-each"]);
  const met = classes(ctx).map((c) => have[c.id] > over[c.thresholds]);
  return { have, over, met: anyClass(ctx) ? met.some((x) => x) : met.every((x) => x) };
}

function totals(ctx, t) { return classes(ctx).map((c) => t[c.id] + " " + c.thresholds).join(", "); }

// 15.1: the victory determination after the last day.
export function determine(ctx) {
  const s = ctx.state;
  if (!s.victory) start(ctx);
  const who = holder(ctx);
  const ex = exitsMet(ctx), lo = lossesMet(ctx);
  const reading = anyClass(ctx) ? "any one class (option draw-on-any-class)" : "all " + ctx.table.classes.list.length + " classes";
  // 15.1 (outcome): "<side>-victory" or "draw"
  const o = ctx.table.outcome, axisHolds = o["axis-holds-tobruk"];
  const read = (x) => (x === "draw" ? { winner: null, level: "draw" } : { winner: x.slice(0, x.lastIndexOf("-")), level: x.slice(x.lastIndexOf("-") + 1) });
  let result;
  if (who === exitSide(ctx)) {
    result = Object.assign(read(o["allied-holds-tobruk"]), { reason: "the Allies hold Tobruk (15.1)" });
  } else if (ex.met || lo.met) {
    const why = [];
    if (ex.met) why.push("the Allies exited " + totals(ctx, ex.have) + " SPs (15.2)");
    if (lo.met) why.push("the Axis lost " + totals(ctx, lo.have) + " SPs (15.3)");
    result = Object.assign(read(axisHolds["either-or-both"]), { reason: "the Axis holds Tobruk but " + why.join(" and ") });
  } else {
    result = Object.assign(read(axisHolds["neither-15.2-nor-15.3"]), { reason: "the Axis holds Tobruk; neither 15.2 nor 15.3 applies" });
  }
  ctx.trace({ rule: "15.1", table: "outcome", uses: ["map", "units/units"], cell: { tobruk: who, "15.2": ex.met, "15.3": lo.met, reading }, result: result.level,
    text: (result.winner ? result.winner + " " : "") + result.level + ": " + result.reason +
      " (exits " + totals(ctx, ex.have) + "; Axis losses " + totals(ctx, lo.have) + "; " + reading + ")" });
  ctx.gameOver(Object.assign(result, { tobruk: who, date: s.date, alliedExited: Object.assign({}, s.exited.allied), axisLost: Object.assign({}, s.losses.axis),
    reserveTanks: Object.assign({}, s.reserveTanks || {}), withdrawal: !!s.withdrawal }));
}

// metrics(): numbers the variant lab sums over many games.
export function metrics(ctx) {
  const s = ctx.state;
  const v = s.victory || {};
  const out = { "tobruk-axis": holder(ctx) === lossSide(ctx) ? 1 : 0, "withdrawal-triggered": s.withdrawal ? 1 : 0 };
  if (v.tobrukFell !== null && v.tobrukFell !== undefined) out["tobruk-fell-turn"] = v.tobrukFell;
  if (v.withdrawalTurn !== null && v.withdrawalTurn !== undefined) out["withdrawal-turn"] = v.withdrawalTurn;
  for (const side of ctx.sides) for (const c of classes(ctx)) out[side + "-lost-" + c.id] = s.losses ? s.losses[side][c.id] : 0;
  for (const c of classes(ctx)) out[exitSide(ctx) + "-exited-" + c.id] = s.exited ? s.exited[exitSide(ctx)][c.id] : 0;
  if (s.control && v.watch) out["axis-villages"] = v.watch.villages.filter((h) => s.control[h] === lossSide(ctx)).length;
  return Object.assign(out, ctx.rules.air.metrics());
}

// controlOverlay(): who holds Tobruk, the railhead and the villages: {hex: side or "none"}.
export function controlOverlay(ctx) {
  const out = {};
  const c = ctx.state.control || {};
  for (const h of Object.keys(c).sort()) out[h] = c[h] || "none";
  return out;
}
