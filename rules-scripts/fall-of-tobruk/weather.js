// The Fall of Tobruk, section 4.4: weather.
//   4.41  at the start of each AM and PM half a d10 on the Weather Table (WXT) gives that half's
//         weather: determine (the Weather Determination phase, 3.2).
//   4.45  the roll is modified by the previous half's weather: -1 after Clear, +1 after Haze or
//         Khamsin; no modifier on the first turn.
//   16.2, 16.3  both scenarios fix the first turn's weather, AM and PM, as Clear: no roll then.
//   4.42  Clear: no effect; HQ command range 10 hexes.
//   4.43  Haze: air contact rolls +1, Combat Support and Bombardment resolution 1L; range 10.
//   4.44  Khamsin: air contact +2, Combat Support and Bombardment 2L, command range 5, every ZOC
//         one level lower (HZOC -> LZOC -> none); air planning may be cancelled per sector (6.3).
//   7.2   the Command Control Table roll: +1 in Haze, +2 in Khamsin (read by the activation
//         section from its own table, printed under the CCT).
// Queries for the other sections: current, drm, shifts, commandRange, zocReduction.
// State: state.weather ("clear" | "haze" | "khamsin"), state.lastWeather (the previous half's).

// The tables name the weather Clear / Haze / Khamsin; the state keeps it in lower case.
function printed(w) { return w.charAt(0).toUpperCase() + w.slice(1); }

// current(): this half's weather.
export function current(ctx) { return ctx.state.weather || "clear"; }

function effects(ctx) { return ctx.table.effects[printed(current(ctx))]; }

// drm(what): the die-roll modifier the weather gives `what`: "cct" (7.2, the default: printed
// under the Command Control Table, activation.yaml cct drm) or "air-contact" (4.43, 4.44: the
// Mission Contact Table).
export function drm(ctx, what) {
  if (!what || what === "cct") return ctx.tables.activation.cct.drm[printed(current(ctx))] || 0;
  return effects(ctx)[what + "-drm"] || 0;
}

// shifts(what): column shifts on the CRT, negative to the left: "bombardment" (air and
// artillery) or "combat-support" (4.43, 4.44). Without `what`: {bombardment, combat-support}.
export function shifts(ctx, what) {
  const e = effects(ctx);
  const one = (k) => {
    const v = e[k + "-shift"];
    if (!v) return 0;
    const m = /^(\d+)([LR])$/.exec(String(v));
    return m[2] === "L" ? -Number(m[1]) : Number(m[1]);
  };
  if (what) return one(what);
  return { bombardment: one("bombardment"), "combat-support": one("combat-support") };
}

// commandRange(): the HQ command range in hexes this half (7.12, 4.42-4.44).
export function commandRange(ctx) { return ctx.table.effects[printed(current(ctx))]["command-range"]; }

// zocReduction(): how many levels every ZOC drops this half (4.44: 1 in Khamsin).
export function zocReduction(ctx) { return effects(ctx)["zoc-reduction"] || 0; }

// A row of a die table by its printed label: "≤0", "1", "≥9".
function row(rows, roll) {
  for (const r of rows) {
    const lab = String(r.d10);
    if (lab.startsWith("≤") && roll <= Number(lab.slice(1))) return r;
    if (lab.startsWith("≥") && roll >= Number(lab.slice(1))) return r;
    if (Number(lab) === roll) return r;
  }
  throw new Error("no row of the Weather Table for a roll of " + roll);
}

// The first turn's weather as the scenario fixes it (16.2, 16.3), or null where it does not.
function fixedFirstTurn(ctx) {
  if (!ctx.rules.sequence.isFirstTurn()) return null;
  const day = ctx.rules.sequence.date(ctx.turn);
  const sc = ctx.tables.scenarios.scenarios;
  for (const id of Object.keys(sc).sort()) {
    const s = sc[id];
    if (s && s["first-turn"] === day && s["first-turn-weather"]) return { id, rule: s.rule, weather: s["first-turn-weather"][ctx.state.half] };
  }
  return null;
}

// 3.2, 4.41: the Weather Determination phase of this half.
export function determine(ctx) {
  const s = ctx.state;
  const prior = s.weather || null;
  s.lastWeather = prior;
  const fixed = fixedFirstTurn(ctx);
  if (fixed && fixed.weather) {
    s.weather = fixed.weather.toLowerCase();
    ctx.trace({ rule: fixed.rule, table: "scenarios/scenarios", cell: { scenario: fixed.id, half: s.half }, result: fixed.weather,
      text: "the first turn's weather is " + fixed.weather + " (" + fixed.rule + "): no roll" });
    return;
  }
  const mod = ctx.table["prior-phase-modifier"];
  const mods = [];
  const firstTurn = mod["first-turn"];                                                                    // 4.45: none on the first turn
  const v = !prior ? 0 : ctx.rules.sequence.isFirstTurn() ? firstTurn : mod.drm[printed(prior)];
  if (v) mods.push({ value: v, why: "the previous half was " + printed(prior) + " (4.45)" });
  const total = ctx.roll(ctx.table.wxt.die, "weather (4.41)", mods);
  const r = row(ctx.table.wxt.rows, total);
  s.weather = r.weather.toLowerCase();
  ctx.trace({ rule: "4.41", table: "wxt", cell: { roll: total, row: r.d10 }, result: r.weather,
    text: s.date + " " + s.half + ": " + r.weather + " (roll " + total + (mods.length ? ", " + (mods[0].value > 0 ? "+" : "") + mods[0].value + " after " + printed(prior) : "") +
      "); HQ command range " + commandRange(ctx) + " hexes" });
}
