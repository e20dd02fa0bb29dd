// The Fall of Tobruk 11.4 Morale.
//   11.41  each side of a fire or close combat has a Predominant Morale, which picks the CRT band:
//   11.411 the defender's is the letter holding the most SPs, the worst on a tie;
//   11.412 the attacker's is the letter of its largest unit, the attacker's choice on a tie: predominant.
//   11.42  a Morale result: every unit concerned rolls a d10 on the Morale Checks Table column of
//          its current letter; the cell is its new letter (E: eliminated), the letters lost are
//          marked and never recovered (B.127): mct, the combat queue's step morale.
//   B.112  morale letters run a (worst) to g (best); a unit's current letter is the printed one
//          less its Morale Loss markers: moraleOf.
// Tables: morale.yaml (mct, mct-blank-cells, morale-scale). Piece field this section sets: moraleLoss.

function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }

function morales(ctx) {
  return ctx.tables.morale["morale-scale"].order;
}

// 11.42, B.127: the current morale letter, the printed one less the letters lost.
export function moraleOf(ctx, p) {
  const u = typeof p === "string" ? ctx.piece(p) : p;
  const o = morales(ctx);
  const i = o.indexOf(u.morale);
  if (i < 0) return u.morale;
  return o[Math.max(0, i - (u.moraleLoss || 0))];
}

// ---------------------------------------------------------------- 11.41 predominant morale

// 11.411 (role "defender"): the letter with the most SPs, the worst on a tie. 11.412 (role
// "attacker"): the letter of the largest unit by SPs; on a tie the attacker chooses, and the best
// tied letter is taken (on the CRT a better letter never falls in a heavier band).
// `units` are pieces or ids, or plain {sp, morale, moraleLoss} records. HQs count only in a
// stack of HQs.
export function predominant(ctx, units, role) {
  let list = units.map((u) => (typeof u === "string" ? ctx.piece(u) : u)).filter((u) => !!u);
  const nonHq = list.filter((u) => !u.hq);
  if (nonHq.length) list = nonHq;
  if (!list.length) return null;
  const o = morales(ctx);
  const idx = (u) => o.indexOf(moraleOf(ctx, u));
  if (role === "attacker") {
    let best = -1, letter = -1;
    for (const u of list) {
      const sp = +u.sp || 0;
      if (sp > best || (sp === best && idx(u) > letter)) { best = sp; letter = idx(u); }
    }
    return o[letter];
  }
  const by = {};
  for (const u of list) by[idx(u)] = (by[idx(u)] || 0) + (+u.sp || 0);
  let best = -1, letter = -1;
  for (const k of Object.keys(by).map(Number).sort((a, b) => a - b)) {
    if (by[k] > best) { best = by[k]; letter = k; }      // ascending: a tie keeps the worse letter
  }
  return o[letter];
}

// ---------------------------------------------------------------- 11.42 morale checks

// 11.42: the Morale Checks Table: the new letter ("E" = eliminated). The two blank g cells read
// as printed-g (morale.yaml mct-blank-cells).
export function mct(ctx, letter, d10) {
  const t = ctx.tables.morale.mct, blanks = ctx.tables.morale["mct-blank-cells"].cells;
  if (t.columns.indexOf(letter) < 0) throw new Error("the Morale Checks Table has no column " + JSON.stringify(letter) + " (11.42)");
  const v = t.rows[String(d10)][letter];
  if (v === "" || v === undefined || v === null) {
    const blank = blanks[String(d10)];
    return blank && blank[letter] ? blank[letter] : letter;
  }
  return v;
}

// Is the MCT cell blank as printed (read through mct-blank-cells)?
function blank(ctx, letter, d10) {
  const v = ctx.tables.morale.mct.rows[String(d10)][letter];
  return v === "" || v === undefined || v === null;
}

// 11.42: each unit rolls on the MCT column of its current letter; E eliminates it (a step of the
// combat queue, combat.js).
function checkStep(ctx, st) {
  const o = morales(ctx);
  for (const p of st.units.map((id) => ctx.piece(id)).filter(onMap)) {
    for (let t = 0; t < (st.times || 1) && onMap(p); t++) {
      const cur = moraleOf(ctx, p);
      const t = ctx.tables.morale.mct;
      const d = ctx.roll(t.die, "11.42 Morale Check: " + p.id);
      const nw = mct(ctx, cur, d);
      // the letter comes from the reconstructed order of battle; a blank cell from our reading of it
      const uses = blank(ctx, cur, d) ? ["units/units", "morale/mct-blank-cells"] : ["units/units"];
      if (t.codes[nw] === "eliminated") {
        ctx.trace({ rule: "11.42", table: "morale/mct", uses, cell: { d10: d, morale: cur }, result: "E", text: st.text + ": " + p.id + " (morale " + cur + ") rolls " + d + ": eliminated" });
        ctx.rules.disruption.loseUnit(p, "11.42", "Morale Check E", "morale");
        break;
      }
      const lost = Math.max(0, o.indexOf(cur) - o.indexOf(nw));
      p.moraleLoss = (p.moraleLoss || 0) + lost;
      ctx.trace({ rule: "11.42", table: "morale/mct", uses, cell: { d10: d, morale: cur }, result: nw, text: st.text + ": " + p.id + " (morale " + cur + ") rolls " + d + ": " + nw + (lost ? ", Morale -" + p.moraleLoss + " marker (B.127)" : ", no loss") });
    }
  }
  return [];
}

// combatStep(st): the combat queue's morale step (combat.js runs the queue).
export function combatStep(ctx, st) { return checkStep(ctx, st); }
