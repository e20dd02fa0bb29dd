// The Fall of Tobruk: the Integrated Combat Results Table (Player Aid Card 1) and one fire on it.
//   11.12, 11.21  the firing units' Hard (antitank fire) or Soft (regular combat) Attack Factors
//         against the targets' Defense Factors, rounded down to a column in the target's favour:
//         basicColumn. The attack factors as modified by 4.3 (fire after moving), 12.2 (the reverse
//         side), 14.3 (out of supply), 11.22 (armor across an AT Ditch), 11.22 and 13.22 (across an
//         unbreached minefield) and 11.13 (an Overrun doubles the tanks' Soft Attack): attackFactor.
//   11.22 the column shifts: the defender on a Hill, in a Box (13.4) or on a Mud Pan; attacking
//         across an AT Ditch or Wadi or up an Escarpment; the firing stack Trained or Veteran
//         (51% of its SPs); with 4.12 NOTE (the Forced Combat Impulse), 4.43/4.44 (weather) and
//         9.443/9.4242 (Combat Support): shifts. All shifts are netted, then applied; past 8+:1 is
//         8+:1, below 1:2 that side does not roll (11.22 NOTE): finalColumn.
//   11.12, 11.21 steps 1-5  one d10 on the column; the target's Predominant Morale (11.41) picks the
//         band L, M or H (or a dash); two more d10 read the band's Disruption and Retreat Results
//         below the CRT (fire-combat.yaml for antitank fire, close-combat.yaml for regular combat and
//         its standoff): band, resolution, fire.
// Tables: crt.yaml (crt, odds, shift-rules, column-shifts, factor-modifiers), fire-combat.yaml,
// close-combat.yaml, terrain.yaml (combat-effects), morale.yaml.

function ids(list) { return list.map((p) => p.id); }
function fmt(x) { return Math.round(x * 100) / 100; }

function crt(ctx) {
  return ctx.tables.crt;
}

// factorText(f): how a trace names a multiplier read from a table ("halved", "doubled", "x0.75").
export function factorText(ctx, f) {
  return f === 0.5 ? "halved" : f === 2 ? "doubled" : f === 0.25 ? "quartered" : f === 0 ? "to 0" : "x" + f;
}

// The factor-modifiers row `id` (11.13, 11.22, 13.22).
export function modifier(ctx, id) {
  for (const r of crt(ctx)["factor-modifiers"].modifiers) if (r.id === id) return r;
  throw new Error("crt.yaml factor-modifiers has no row " + id);
}

// ---------------------------------------------------------------- 11.12, 11.21 the odds column

export function columns(ctx) {
  return crt(ctx).crt.columns;
}

// The basic odds column: the highest whose minimum ratio the attack reaches (rounded in favour
// of the target), -1 below the lowest column, and the 8+:1 column against no defence at all.
export function basicColumn(ctx, attack, defence) {
  const cols = columns(ctx);
  const min = crt(ctx).odds["min-ratio"];
  if (!(attack > 0)) return -1;
  if (!(defence > 0)) return cols.length - 1;
  const r = attack / defence;
  let col = -1;
  for (let i = 0; i < cols.length; i++) if (r >= min[cols[i]]) col = i;
  return col;
}

// "2L" -> -2, "1R" -> 1 (left shifts favour the target)
function shiftValue(s) {
  const m = /^(\d+)\s*([LR])$/.exec(String(s).trim());
  return m ? (m[2] === "R" ? 1 : -1) * +m[1] : 0;
}

function shiftText(n) {
  return n === 0 ? "0" : Math.abs(n) + (n > 0 ? "R" : "L");
}

function shiftRow(ctx, id) {
  for (const r of crt(ctx)["column-shifts"].shifts) if (r.id === id) return r;
  throw new Error("crt.yaml column-shifts has no row " + id);
}

// columnShift(id): the shift of a column-shifts row as a number (right positive: "1L" -> -1).
export function columnShift(ctx, id) {
  return shiftValue(shiftRow(ctx, id).shift);
}

// 11.22 NOTE: all shifts are netted, then applied; past 8+:1 resolves on 8+:1, below 1:2 that
// side does not roll. A basic ratio below 1:2 has no column to shift from: no roll either (our
// reading; the seed does not say).
export function finalColumn(ctx, basic, net) {
  const cols = columns(ctx);
  const sr = crt(ctx)["shift-rules"];
  const lo = cols.indexOf(sr["minimum-to-fire"]), hi = cols.indexOf(sr["above-highest"]);
  if (basic < 0) return { col: -1, label: null, why: "basic odds below " + cols[0] + ": no column to shift from, no roll (reading of 11.12, 11.21)" };
  const c = basic + net;
  if (c < lo) return { col: -1, label: null, why: cols[basic] + " shifted " + shiftText(net) + " falls below " + cols[lo] + ": that side rolls no dice (11.22 NOTE)" };
  if (c > hi) return { col: hi, label: cols[hi], why: cols[basic] + " shifted " + shiftText(net) + " is past the table: resolved on " + cols[hi] + " (11.22 NOTE)" };
  return { col: c, label: cols[c], why: cols[basic] + (net ? " shifted " + shiftText(net) : "") + " -> " + cols[c] };
}

// ---------------------------------------------------------------- 11.12, 11.21 reading a cell

function inRange(ctx, range, letter) {
  if (range === "-" || !range) return false;
  const o = ctx.tables.morale["morale-scale"].order;
  const parts = range.split("-");
  const lo = o.indexOf(parts[0]);
  const hi = o.indexOf(parts.length > 1 ? parts[1] : parts[0]);
  const i = o.indexOf(letter);
  return i >= 0 && i >= lo && i <= hi;
}

// 11.12 step 2, 11.21 step 2: the general result band ("L", "M", "H") whose letters hold the
// target's predominant morale, or "-" (a miss in antitank fire, a standoff in regular combat).
export function cell(ctx, d10, col) {
  return crt(ctx).crt.rows[d10][col];
}

export function band(ctx, d10, col, letter) {
  const cl = cell(ctx, d10, col);
  for (const b of crt(ctx).crt.bands) if (inRange(ctx, cl[b], letter)) return b;
  return "-";
}

// The name a resolution table (section/table; the Fire Combat Resolution table when none is
// given) gives a CRT band ("L" -> "LIGHT"): the tables list their bands in the CRT's order.
export function bandName(ctx, b, table) {
  return tableAt(ctx, table || "fire-combat/fire-combat").bands[crt(ctx).crt.bands.indexOf(b)];
}

function rowFor(rows, d10) {
  for (const r of rows) {
    const p = String(r.d10).split("-");
    const lo = +p[0], hi = p.length > 1 ? +p[1] : lo;
    if (d10 >= lo && d10 <= hi) return r;
  }
  throw new Error("no row for d10 " + d10);
}

// The resolution table (section/table) a fire reads: "antitank-fire", "regular-combat" or
// "regular-combat-standoff" (close-combat.yaml cell-readings table-use).
function tableFor(ctx, use) {
  return ctx.tables["close-combat"]["cell-readings"]["table-use"][use];
}

function tableAt(ctx, key) {
  const i = key.indexOf("/");
  return ctx.tables[key.slice(0, i)][key.slice(i + 1)];
}

// resolution(table, band, disRoll, retRoll): the two result columns of a resolution table
// ("fire-combat/fire-combat", ...) for a band and two d10 rolls: {dis, retreat, morale}.
export function resolution(ctx, table, band, disRoll, retRoll) {
  const t = tableAt(ctx, table);
  const ds = t["disruption-result"], rs = t["retreat-result"];
  const d = rowFor(ds[band], disRoll);
  const r = rowFor(rs[band], retRoll);
  return { dis: d[ds.columns[0]], retreat: r[rs.columns[0]], morale: r[rs.columns[1]] };
}

// ---------------------------------------------------------------- attack factors

// attackFactor(p, k, role, c): a unit's Hard ("haf") or Soft ("saf") Attack Factor in combat `c`,
// with what changed it: {v, why}. role: "attack" for the units of the combat's attacker, "defend"
// for the defender's.
export function attackFactor(ctx, p, k, role, c) {
  const dis = ctx.rules.disruption;
  let v = dis.attackValue(p, k);
  const why = [];
  if (p.disrupted && (k === "haf" || k === "saf")) why.push(dis.reverseStandIn(p, k) ? "Disrupted: reverse side stand-in (disruption.yaml reverse-side, placeholder)" : "Disrupted: reverse side (12.2)");
  if (k === "saf" && p.artillery) {
    if (v) why.push("artillery never attacks with its Soft Attack Factor (8.3)");
    return { v: 0, why };
  }
  if (p.hq) return { v: 0, why: ["HQ"] };
  if (role !== "attack" || !c) return { v, why };
  // 4.3: weapons and artillery that moved in this activation fire at half or not at all
  // (movement.yaml towed-guns)
  if (p.moveMarker && ctx.rules.movement.firesReduced(p) && ctx.rules.combat.activatedNow(p)) {
    const m = ctx.rules.movement.markerOf(p.moveMarker);
    v *= m.factor;
    why.push(m.name + ", " + factorText(ctx, m.factor) + " (4.3)");
  }
  // 14.3: out of supply when attacking (supply.yaml out-of-supply)
  const sup = ctx.rules.supply.effects(p);
  if (sup.oos) { v *= sup.attack; why.push("out of supply, " + factorText(ctx, sup.attack) + " (14.3)"); }
  // 11.22: armor attacking across an AT Ditch
  if (p.armor && ctx.map.hexsideHas(p.hex, c.hex, "at-ditch")) {
    const f = modifier(ctx, "armor-across-at-ditch").factor;
    v *= f;
    why.push("armor across an AT Ditch, " + factorText(ctx, f) + " (11.22)");
  }
  // 11.22, 13.22: across an unbreached minefield (the minefields section's reading of both)
  const r = ctx.rules.minefields.attackFactor(p, p.hex, c.hex, k === "haf" ? "hard" : "soft", v);
  if (r && r.changed) { v = r.value; why.push("across an unbreached minefield, " + factorText(ctx, r.factor) + " (" + r.rule + ")"); }
  // 11.13: after an Overrun the attacking tank companies double their Soft Attack
  if (k === "saf" && c.overrun && p.type === "tank") {
    const f = modifier(ctx, "overrun").factor;
    v *= f;
    why.push("Overrun, " + factorText(ctx, f) + " (11.13)");
  }
  return { v, why };
}

// ---------------------------------------------------------------- 11.22 shifts

// 11.22: Trained if at least 51% of the SPs are Trained, Veteran if 51% are Veteran, else
// Regular (column-shifts proficiency threshold-percent); an HQ counts with the proficiency
// activation.yaml hq gives it (7.11).
export function proficiency(ctx, units) {
  const pct = crt(ctx)["column-shifts"].proficiency["threshold-percent"];
  const hq = String(ctx.tables.activation.hq.proficiency).toLowerCase();
  let tot = 0, tr = 0, vet = 0;
  for (const x of units) {
    const u = typeof x === "string" ? ctx.piece(x) : x;
    const sp = +u.sp || 0;
    const w = sp > 0 ? sp : 0;
    tot += w;
    const pr = u.hq ? hq : u.proficiency;
    if (pr === "trained") tr += w;
    if (pr === "veteran") vet += w;
  }
  if (tot > 0 && tr * 100 >= pct * tot) return "trained";
  if (tot > 0 && vet * 100 >= pct * tot) return "veteran";
  return "regular";
}

function shiftEntry(ctx, id, text) {
  const r = shiftRow(ctx, id);
  return { id, n: shiftValue(r.shift), rule: r.rule, text };
}

// An outside shift, given as a number (positive = right) or "2L" / "1R", or {shift}.
function outsideShift(v) {
  if (v === null || v === undefined || v === false) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "string") return shiftValue(v);
  if (typeof v === "object") return outsideShift(v.shift !== undefined ? v.shift : v.net);
  return 0;
}

// shifts(c, F): the column shifts of one fire F ({kind, by, firers, targets}) in combat c:
// [{id, n, rule, text}].
export function shifts(ctx, c, F) {
  const out = [];
  const cb = ctx.rules.combat;
  const kind = F.kind === "at" ? "antitank-fire" : "close-combat";
  const eff = ctx.tables.terrain["combat-effects"];
  const atDefender = F.by === c.side;
  if (atDefender) {
    // 11.22: the defender's hex (Hill, Box, Mud Pan): each TEC row naming a column shift, for the
    // combat types it names
    for (const name of Object.keys(eff.hex).sort()) {
      const e = eff.hex[name];
      if (!e["column-shift"] || (e.combat || []).indexOf(kind) < 0) continue;
      if (name === "box" ? cb.inBox(c.hex) : cb.hexIs(c.hex, name)) out.push(shiftEntry(ctx, e["column-shift"], "defender in a " + name + " hex"));
    }
    // 11.22: across an AT Ditch or Wadi or up an Escarpment: when every firing hex faces one
    // (our reading of "the attacker is attacking across"); one shift whatever the mix
    if (kind === "close-combat" && F.firers.length) {
      const hexes = [];
      for (const p of F.firers) if (hexes.indexOf(p.hex) < 0) hexes.push(p.hex);
      let all = true, what = null;
      for (const h of hexes) {
        let hit = null;
        for (const s of Object.keys(eff.hexside).sort()) {
          const e = eff.hexside[s];
          if (!e["column-shift"] || (e.combat || []).indexOf(kind) < 0) continue;
          if (e["up-only"] ? cb.escarpmentUp(h, c.hex) : ctx.map.hexsideHas(h, c.hex, s)) { hit = s; break; }
        }
        if (!hit) { all = false; break; }
        what = what || hit;
      }
      if (all && what) out.push(shiftEntry(ctx, eff.hexside[what]["column-shift"], "every attacking hex attacks " + (eff.hexside[what]["up-only"] ? "up an " + what : "across " + what)));
    }
    // 4.12 NOTE: a Forced Combat Impulse fights at 1L
    if (c.forcedShift) out.push(shiftEntry(ctx, "forced-combat", "Forced Combat Impulse: " + c.noAp.join(", ") + " attack without Activation Points"));
  }
  // 11.22: proficiency of the firing stack (11.12 applies it to antitank fire as well)
  const pf = proficiency(ctx, F.firers);
  const pct = crt(ctx)["column-shifts"].proficiency["threshold-percent"];
  if (pf === "trained") out.push(shiftEntry(ctx, "trained-attacker", "firing units Trained (" + pct + "% of their SPs)"));
  if (pf === "veteran") {
    if (proficiency(ctx, F.targets) !== "veteran") out.push(shiftEntry(ctx, "veteran-attacker", "firing units Veteran (" + pct + "% of their SPs) against non-Veteran targets"));
    else ctx.trace({ rule: "11.22", text: "firing units Veteran, but so are the targets: no shift" });
  }
  // 4.43, 4.44: weather, as the weather section reads it for this kind of fire
  const n = outsideShift(ctx.rules.weather.shifts(kind));
  if (n) out.push({ id: "weather", n, rule: "4.43, 4.44", text: "weather " + (ctx.state.weather || "") });
  // 9.443, 9.4242: Combat Support markers of this combat (the air section)
  const cs = F.by === c.side ? outsideShift(ctx.rules.air.closeSupportShift(c.side, c.hex, F.kind)) : 0;
  if (cs) out.push({ id: "combat-support", n: cs, rule: "9.443, 9.4242", text: "Combat Support for " + F.by });
  return out;
}

// ---------------------------------------------------------------- 11.12, 11.21 one fire

// The non-printed sources one fire's odds rest on (contract: a trace's `uses`): the reconstructed
// order of battle and odds reading; for the attacker's fire the map and the TEC rows of the
// defender's hex (combat-effects, and the combat-effects-other stand-in where it says "none"), the
// minefield reading where a firer attacks across one; the reverse-side stand-in where a Disrupted
// firer fights with it.
function fireUses(ctx, c, F, fac) {
  const out = ["units/units", "crt/odds"];
  if (F.by === c.side) {
    out.push("map", "terrain/combat-effects");
    if (ctx.tables.terrain["combat-effects-other"].none.indexOf(ctx.map.terrain(c.hex)) >= 0) out.push("terrain/combat-effects-other");
    if (F.firers.some((p) => ctx.rules.minefields.crossing(p.hex, c.hex, p.side))) out.push("minefields/readings");
  }
  if (F.firers.some((p) => p.disrupted && ctx.rules.disruption.reverseStandIn(p, fac))) out.push("disruption/reverse-side");
  return out;
}

// odds(c, F): 11.12, 11.21 steps 1-2 up to the die: the factors, the basic column, the shifts and
// the final column of fire F in combat c, and the targets' predominant morale. fire and the combat
// preview (row) both read them here.
export function odds(ctx, c, F) {
  const fac = crt(ctx).odds["attack-factor"][F.kind === "at" ? "antitank-fire" : "regular-combat"] === "hard-attack" ? "haf" : "saf";
  const fRole = F.by === c.side ? "attack" : "defend";
  let att = 0;
  const parts = [];
  for (const p of F.firers) {
    const r = attackFactor(ctx, p, fac, fRole, c);
    att += r.v;
    parts.push(p.id + " " + fmt(r.v) + (r.why.length ? " (" + r.why.join(", ") + ")" : ""));
  }
  const def = F.targets.reduce((s, p) => s + (+p.df || 0), 0);
  const basic = basicColumn(ctx, att, def);
  const sh = shifts(ctx, c, F);
  const net = sh.reduce((t, s) => t + s.n, 0);
  const fc = finalColumn(ctx, basic, net);
  const tRole = F.targets[0].side === c.side ? "attacker" : "defender";
  const pm = ctx.rules.morale.predominant(F.targets, tRole);
  const uses = fireUses(ctx, c, F, fac);
  const what = (F.kind === "at" ? "antitank fire" : "regular combat") + " by " + F.by + " (" + ids(F.firers).join(", ") + ") at " + ids(F.targets).join(", ");
  const text = (F.kind === "at" ? "Hard Attack " : "Soft Attack ") + fmt(att) + " [" + parts.join("; ") + "] against Defense " + fmt(def) +
    ": basic " + (basic >= 0 ? columns(ctx)[basic] : "below " + columns(ctx)[0]) +
    "; shifts " + (sh.length ? sh.map((s) => shiftText(s.n) + " " + s.text + " (" + s.rule + ")").join(", ") : "none") + ", net " + shiftText(net);
  return { fac, att, def, basic, sh, net, fc, tRole, pm, uses, what, text };
}

// fire(c, F): one fire F = {kind: "at" | "close", by, firers, targets} of combat c: odds, shifts,
// the CRT die and, for a band (or a regular-combat dash), the two resolution dice. Returns the
// result codes ({dis, retreat, morale, pm, table}, from the table traced) or null (no roll, or a miss).
export function fire(ctx, c, F) {
  const rule = F.kind === "at" ? "11.12" : "11.21";
  const { basic, sh, net, fc, tRole, pm, uses, what, text: odds } = ctx.rules.crt.odds(c, F);
  if (fc.col < 0) {
    ctx.trace({ rule: "11.22", table: "crt/shift-rules", uses, cell: { basic: basic >= 0 ? columns(ctx)[basic] : null, net: shiftText(net) }, result: "no roll", text: what + ": " + odds + "; " + fc.why });
    return null;
  }
  const d = ctx.roll(crt(ctx).crt.die, rule + " CRT: " + what);
  const b = band(ctx, d, fc.col, pm);
  ctx.trace({
    rule, table: "crt/crt", uses, cell: { d10: d, column: fc.label, morale: pm, cell: cell(ctx, d, fc.col), shifts: sh.map((s) => ({ id: s.id, shift: shiftText(s.n), rule: s.rule })) },
    result: b, text: what + ": " + odds + " -> column " + fc.label + " (" + fc.why + "); d10 " + d + ", target predominant morale " + pm + " (11.41" + (tRole === "defender" ? "1" : "2") + "): " +
      (b === "-" ? (F.kind === "at" ? "no letter in any band: a miss (11.12)" : "a dash: standoff, both sides roll on Close Combat (Engaged) (11.21)") : "band " + b),
  });
  let tkey, bn;
  if (b === "-") {
    if (F.kind === "at") return null;
    tkey = tableFor(ctx, "regular-combat-standoff"); bn = tableAt(ctx, tkey).bands[0];
  } else {
    tkey = tableFor(ctx, F.kind === "at" ? "antitank-fire" : "regular-combat"); bn = bandName(ctx, b, tkey);
  }
  const table = tkey.slice(tkey.indexOf("/") + 1);
  const die = tableAt(ctx, tkey).die;
  const dr = ctx.roll(die, "Disruption Result, " + bn + " (" + table + ")");
  const rr = ctx.roll(die, "Retreat Result, " + bn + " (" + table + ")");
  const res = resolution(ctx, tkey, bn, dr, rr);
  ctx.trace({
    rule: b === "-" ? "11.21" : "11.3", table: tkey, uses: F.kind === "at" ? [] : ["close-combat/cell-readings"], cell: { band: bn, disruption: dr, retreat: rr },
    result: [res.dis, res.retreat, res.morale].filter((x) => x && x !== "-").join(" + ") || "-",
    text: what + ": " + bn + " Disruption d10 " + dr + " -> " + res.dis + "; Retreat d10 " + rr + " -> " + res.retreat + " / " + res.morale +
      (b !== "-" && F.kind !== "at" ? " (regular combat reads Close Combat Resolution: close-combat.yaml cell-readings)" : ""),
  });
  res.pm = pm;
  res.table = tkey;
  return res;
}

// row(c, F): fire F of combat c before the dice (the combat preview): its odds as fire reckons them,
// and for each face of the CRT's d10 the cell and the band the targets' morale reads in it. A band
// leads to two more d10 on a resolution table at resolution (11.3): the preview names the table.
export function row(ctx, c, F) {
  const o = ctx.rules.crt.odds(c, F), T = crt(ctx).crt;
  const rule = F.kind === "at" ? "11.12" : "11.21";
  const out = {
    label: o.what, rule, table: "crt/crt", die: T.die, morale: o.pm,
    odds: { kind: "ratio", value: o.basic >= 0 ? columns(ctx)[o.basic] : null, text: o.text, rule },
    steps: o.sh.map((s) => ({ rule: s.rule, text: shiftText(s.n) + ": " + s.text })),
    column: { label: o.fc.label, index: o.fc.col, rule: "11.22", text: o.fc.why },
    results: [],
  };
  if (o.fc.col < 0) return out;
  for (let d = 0; d < T.rows.length; d++) {
    const b = band(ctx, d, o.fc.col, o.pm), cl = cell(ctx, d, o.fc.col);
    const letters = T.bands.map((x) => x + " " + cl[x]).join(", ");
    let text;
    if (b !== "-") {
      const tkey = tableFor(ctx, F.kind === "at" ? "antitank-fire" : "regular-combat");
      text = bandName(ctx, b, tkey) + ": Disruption and Retreat Results by two more d10 on " + tkey + " (11.3)";
    } else text = F.kind === "at" ? "a miss (11.12)" : "standoff: both sides roll on " + tableFor(ctx, "regular-combat-standoff") + " (11.21)";
    out.results.push({ die: String(d), result: b, text, cell: letters });
  }
  return out;
}

// ---------------------------------------------------------------- queries for the console and tests

// shiftsOf(hex, attackers, kind, opts): the column shifts the attacker's fire of `kind` ("at" or
// "close") against `hex` would get: [{id, shift, rule, text}]. opts: {forced, overrun}.
export function shiftsOf(ctx, hex, attackers, kind, opts) {
  const c = ctx.rules.combat.probe(hex, attackers, opts);
  const firers = ctx.rules.combat.alive(c.attackers);
  const targets = ctx.rules.combat.unitsAt(hex).filter((p) => p.side === c.enemy && (kind === "at" ? p.armor : !p.armor));
  return shifts(ctx, c, { kind: kind === "at" ? "at" : "close", by: c.side, firers, targets: targets.length ? targets : ctx.rules.combat.unitsAt(hex).filter((p) => p.side === c.enemy) })
    .map((x) => ({ id: x.id, shift: shiftText(x.n), rule: x.rule, text: x.text }));
}

// factors(hex, attackers, opts): each attacker's Hard and Soft Attack Factor against `hex`, with
// what changed them (4.3, 11.13, 11.22, 12.2, 13.22, 14.3): {id: {haf, saf, why}}.
export function factors(ctx, hex, attackers, opts) {
  const c = ctx.rules.combat.probe(hex, attackers, opts);
  const out = {};
  for (const p of ctx.rules.combat.alive(c.attackers)) {
    const h = attackFactor(ctx, p, "haf", "attack", c), s = attackFactor(ctx, p, "saf", "attack", c);
    const why = [];
    for (const w of h.why.concat(s.why)) if (why.indexOf(w) < 0) why.push(w);
    out[p.id] = { haf: h.v, saf: s.v, why };
  }
  return out;
}
