// The Fall of Tobruk 3.3 the Air Planning Phase.
//   3.3, 6.2  each side in secret sends air units from their airbases to mission boxes of sectors
//         within their Range Allowance (a radius, 6.2): fighters to any box, bombers only to
//         Combat Support or Strafing/Bombing (9.1, 9.2); Defensive Patrol over a sector where
//         the side has an airbase (9.12); or flies a Transfer to another airbase within twice its
//         range with room (9.3)
//   6.3   Khamsin: after the assignments, a d10 per sector with units in its boxes; 0-3 sends every
//         unit there (both sides) home and no mission is flown there this phase; each owner sends
//         its units to any of its airbases with room within range (the decision air.home, as 9.4)
// The Axis plans first, then the Allies: neither sees the other's display (air.view), so the order
// tells nothing. In the basic air game (option basic-air-game) this phase rolls sector superiority
// instead (9.61, air-basic.js).
//
// ACTION SHAPES (decision plan, the planning side):
//   {do: "pick", unit}               an air unit at its airbase
//   {do: "send", sector, mission}    the picked unit to a mission box (air.yaml mission-composition)
//   {do: "transfer", sector}         the picked unit flies a Transfer (9.3)
//   {do: "back"}                     pick another unit
//   {do: "done"}                     this side's planning is over

function A(ctx) { return ctx.rules.air; }
function T(ctx) { return ctx.tables.air; }

export function begin(ctx) {
  if (ctx.option("basic-air-game")) { ctx.rules["air-basic"].superiority(); return; }
  const first = next(ctx, -1);
  A(ctx).S().planning = first ? { side: first, unit: null } : null;
  // 3.3: the phase is held every half; with no air unit free to plan it is over at once
  if (!first) ctx.trace({ rule: "3.3", result: 0, text: "Air Planning: neither side has an air unit at an airbase free to plan; no mission this half" });
}

// The next side after sides[i] with an air unit free to plan (null: none).
function next(ctx, i) {
  for (let k = i + 1; k < ctx.sides.length; k++) if (free(ctx, ctx.sides[k]).length) return ctx.sides[k];
  return null;
}

export function due(ctx) {
  const s = ctx.state.air;
  return !!(s && s.planning);
}

function picked(ctx) {
  const u = A(ctx).S().planning.unit;
  return u ? ctx.piece(u) : null;
}

// The mission boxes `p` may be sent to, as {sector, mission}.
export function boxesFor(ctx, p) {
  const out = [];
  const boxes = T(ctx)["mission-composition"].boxes;
  for (const sec of A(ctx).sectors()) {
    if (!A(ctx).inRange(p, sec)) continue;
    for (const m of Object.keys(boxes)) {
      if (boxes[m]["flown-by"].indexOf(p.air) < 0) continue;
      if (m === "defensive-patrol" && A(ctx).printedCapacity(p.side, sec) <= 0) continue;
      out.push({ sector: sec, mission: m });
    }
  }
  return out;
}

// 9.3: the airbases a Transfer may reach.
export function transfersFor(ctx, p) {
  const k = T(ctx).basing["transfer-range-multiple"];
  return A(ctx).sectors().filter((sec) => sec !== p.base && A(ctx).inRange(p, sec, k) && A(ctx).room(p.side, sec) > 0);
}

function free(ctx, side) {
  return A(ctx).airUnits(side).filter((p) => !p.mission && !p.flown);
}

export const plan = {
  rule: "3.3",
  side(ctx) { return A(ctx).S().planning.side; },
  inactive: "plan its air missions",
  prompt(ctx) {
    const p = picked(ctx);
    const side = A(ctx).S().planning.side;
    return p ? side + ": 3.3 send " + p.name + " (" + p.aircraft + ", range " + p.range + ", based in " + p.base + ") to a mission box, or transfer it (9.3)"
      : side + ": 3.3 Air Planning: pick an air unit to send on a mission, or end the planning";
  },
  actions(ctx) {
    const side = A(ctx).S().planning.side;
    const p = picked(ctx);
    if (!p) return free(ctx, side).map((q) => ({ do: "pick", unit: q.id })).concat([{ do: "done" }]);
    return boxesFor(ctx, p).map((b) => ({ do: "send", sector: b.sector, mission: b.mission }))
      .concat(transfersFor(ctx, p).map((sec) => ({ do: "transfer", sector: sec })))
      .concat([{ do: "back" }]);
  },
  apply(ctx, a) {
    const s = A(ctx).S(), pl = s.planning;
    if (a.do === "pick") { pl.unit = a.unit; return; }
    if (a.do === "back") { pl.unit = null; return; }
    if (a.do === "send") {
      const p = picked(ctx);
      p.sector = a.sector; p.mission = a.mission;
      pl.unit = null;
      A(ctx).tell(p.side, { rule: "3.3, 6.2", table: "air/mission-composition", uses: ["air/display", "air/order-of-battle"], result: a.mission,
        text: p.name + " (" + p.aircraft + ") from " + p.base + " to the " + T(ctx)["mission-composition"].boxes[a.mission].label + " box of " + a.sector + " (distance " + A(ctx).distance(p.base, a.sector) + ", range " + p.range + ")" });
      return;
    }
    if (a.do === "transfer") {
      const p = picked(ctx);
      const from = p.base;
      p.base = a.sector; p.flown = true;
      pl.unit = null;
      count(ctx, p.side, "transfer");
      A(ctx).tell(p.side, { rule: "9.3", table: "air/basing", uses: ["air/display", "air/order-of-battle"], result: a.sector,
        text: p.name + " (" + p.aircraft + ") transfers from " + from + " to " + a.sector + " (distance " + A(ctx).distance(from, a.sector) + ", twice its range " + p.range + ")" },
        p.side + ": an air unit transfers (9.3)");
      return;
    }
    // done: the next side plans, or the phase ends with 6.3
    const i = ctx.sides.indexOf(pl.side);
    const n = A(ctx).airUnits(pl.side).filter((q) => q.mission).length;
    ctx.trace({ rule: "3.3", text: pl.side + " has planned its air missions" });
    A(ctx).tell(pl.side, { rule: "3.3", result: n, text: pl.side + ": " + n + " air units in mission boxes" });
    const after = next(ctx, i);
    if (after) { s.planning = { side: after, unit: null }; return; }
    s.planning = null;
    khamsin(ctx);
    ctx.done();
  },
  why(ctx, a) {
    const p = picked(ctx);
    if (!p) return { rule: "3.3", reason: "pick one of your air units at its airbase first (6.2), or end the planning" };
    return { rule: "6.2, 9.1, 9.2, 9.3", reason: p.name + " may go only to a mission box of its type within its range " + p.range + ", or transfer within twice that to an airbase with room" };
  },
};

export function count(ctx, side, mission) {
  const f = A(ctx).S().flown;
  f[side] = f[side] || {};
  f[side][mission] = (f[side][mission] || 0) + 1;
}

// 6.3: Khamsin and air planning (run as the planning ends).
export function khamsin(ctx) {
  const w = ctx.rules.weather.current();
  if (!w) return;
  const e = ctx.tables.weather.effects[w.charAt(0).toUpperCase() + w.slice(1)];
  const k = e && e["air-planning"];
  if (!k) return;
  const s = A(ctx).S();
  for (const sec of A(ctx).sectors()) {
    const there = A(ctx).airUnits().filter((p) => p.sector === sec);
    if (!there.length) continue;
    const d = ctx.roll(k.die, "6.3 Khamsin over " + sec);
    const cancel = A(ctx).inSpan(k.cancel, d);
    ctx.trace({ rule: "6.3", table: "weather/effects", cell: "d10=" + d, result: cancel ? "cancelled" : "no effect",
      text: "Khamsin over " + sec + ": " + (cancel ? "every air unit in its mission boxes goes home; no air mission there this phase" : "no effect on the planned missions") });
    if (!cancel) continue;
    s.grounded.push(sec);
    for (const p of there) A(ctx).sendHome(p, sec, "6.3");
  }
  // their owners name the airbases, the first side to plan first (hidden from the other, as 9.4)
  A(ctx).homeward(ctx.sides[0]);
}
