// The Fall of Tobruk 11.2 the Regular Combat Segment (close combat).
//   13.22 first, armor attacking across an unbreached minefield rolls on the Minefield Attack
//         Table (the minefields section rolls it); the owner picks the armor it Disrupts; a stall
//         retreats every attacker 1 hex and there is no regular combat: the queue's step mat.
//   11.13 an Overrun: the attacking armor's SPs exceed the defenders' Hard Attack Factors; the
//         attacking tank companies double their Soft Attack and every defender is Disrupted.
//   11.2  the defenders of the hex are attacked together, with Soft Attack only, against the units
//         that are not armor (11.0); the defenders fire back at the attacking units that are not
//         armor (11.21 NOTE: either side rolls if it reaches 1:2).
//   11.21 each fire is resolved on the CRT (crt.js fire) and the Close Combat Resolution table;
//         a dash is a standoff read on Close Combat (Engaged) (close-combat.yaml); the results
//         are 11.3's (combat-results.js): the queue's step regular.
// combat.js runs the queue. Tables: close-combat.yaml, crt.yaml, minefields.yaml (mat).

function ids(list) { return list.map((p) => p.id); }

function combatOf(ctx, ci) {
  return ctx.state.combat.imp.combats[ci];
}

function softAttack(ctx, p, role, c) {
  return ctx.rules.crt.attackFactor(p, "saf", role, c).v;
}

const STEP = {};

// 13.22: armor attacking across an unbreached minefield rolls on the MAT before the odds (the
// minefields section rolls it); the owner picks the armor units it Disrupts; a stall retreats
// every attacker 1 hex and there is no regular combat.
STEP.mat = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  const cb = ctx.rules.combat;
  if (c.off) return [];
  const across = cb.involved(c, c.side).filter((p) => p.armor && !!cb.minefieldOn(p.hex, c.hex, p.side));
  if (!across.length) return [];
  const m = ctx.rules.minefields.mat(ids(across), true, "armor attacking " + c.hex);
  const out = [];
  if (m.count > 0) out.push({ k: "dis", side: c.side, pool: ids(across), n: m.count, pm: null, rule: "13.22", text: "MAT " + m.result, cause: "minefield" });
  if (m.stall) {
    c.stalled = true;
    ctx.trace({ rule: "13.22", text: "the attack on " + c.hex + " stalls: every attacker retreats 1 hex, no regular combat" });
    const hexes = +/R\s*(\d+)\s*h/.exec(m.stallResult)[1];                  // the stall result ("All R 1h")
    out.push(ctx.rules["combat-results"].retreatStep(c, c.side, cb.involved(c, c.side), hexes, "MAT stall (13.22)"));
  }
  return out;
};

// 11.13, 11.2, 11.21: the Regular Combat Segment of one combat. Soft Attack against the units that
// are not armor, both sides firing if they reach 1:2 (11.21 NOTE); an Overrun first where the
// attacking armor SPs exceed the defenders' Hard Attack Factors.
STEP.regular = (ctx, st) => {
  const c = combatOf(ctx, st.ci);
  const cb = ctx.rules.combat;
  if (c.off || c.stalled) return [];
  const att = cb.involved(c, c.side);
  const def = cb.involved(c, c.enemy);
  if (!att.length || !def.length) {
    ctx.trace({ rule: "11.2", text: "no regular combat at " + c.hex + ": " + (att.length ? "no defender left" : "no attacker left") });
    return [];
  }
  const fires = regularFires(ctx, c, att, def);
  const b = { dis: [], morale: [], retreat: [] };
  if (!fires.length) ctx.trace({ rule: "11.2", text: "no regular combat at " + c.hex + ": no Soft Attack against a non-armor unit on either side" });
  for (const F of fires) {
    if (F.by === c.side) cb.noteTargets(c, F.targets);
    const res = ctx.rules.crt.fire(c, F);
    if (res) ctx.rules["combat-results"].effectsOf(c, F, res, b);
  }
  if (c.overrun) b.dis.push({ k: "disAll", units: ids(def), rule: "11.13", text: "Overrun", cause: "overrun" });
  return b.dis.concat(b.morale).concat(b.retreat);
};

// 11.13, 11.0, 11.21 NOTE: the fires of combat c's regular combat between the attackers `att` and the
// defenders `def`: an Overrun judged first (c.overrun, which doubles the tanks' Soft Attack), then
// each side's Soft Attack at the other's non-armor units. The regular step and the combat preview
// both ask it.
export function regularFires(ctx, c, att, def) {
  const defSoft = def.filter((p) => !p.armor);
  const armorSp = att.filter((p) => p.armor).reduce((s, p) => s + (+p.sp || 0), 0);
  const defHaf = def.reduce((s, p) => s + ctx.rules.crt.attackFactor(p, "haf", "defend", c).v, 0);
  if (armorSp > 0) {
    c.overrun = defSoft.length > 0 && armorSp > defHaf;
    ctx.trace({ rule: "11.13", table: "crt/factor-modifiers", uses: ["units/units"], result: c.overrun ? "overrun" : "no overrun", text: "attacking armor " + armorSp + " SPs against the defenders' Hard Attack " + Math.round(defHaf * 100) / 100 + (c.overrun ? ": Overrun, tank Soft Attack doubled and every defender Disrupted" : defSoft.length ? ": no Overrun" : ": no non-armor defender, no Overrun") });
  }
  const fires = [];
  // 11.0: regular combat is fought against non-armor units, with Soft Attack only
  const aFirers = att.filter((p) => softAttack(ctx, p, "attack", c) > 0);
  if (aFirers.length && defSoft.length) fires.push({ kind: "close", by: c.side, firers: aFirers, targets: defSoft });
  const attSoft = att.filter((p) => !p.armor);
  const dFirers = def.filter((p) => softAttack(ctx, p, "defend", c) > 0);
  if (dFirers.length && attSoft.length) fires.push({ kind: "close", by: c.enemy, firers: dFirers, targets: attSoft });
  return fires;
}

// combatStep(st): the steps of the combat queue this section carries out (combat.js runs the queue).
export function combatStep(ctx, st) { return STEP[st.k](ctx, st); }
