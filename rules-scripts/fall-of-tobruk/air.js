// The Fall of Tobruk, the air game: 3.3 (Air Planning phase), 3.42 (Air Impulse), 3.6 (Airbase
// Repair phase), 5.12 and 5.5 (air arrivals, withdrawals and consolidation), 6.0 (air planning),
// 9.0 (air missions), 6.4 and 9.6 (the Solitaire/Basic air game).
// The air game is not part of this game yet. Its places in the sequence of play exist and say so
// in the trace, so a designer sees where it will go: planning, impulse, airbaseRepair, arrivals.
// The ground sections already ask it for its effects through hooks that give none yet:
// closeSupportShift (9.4241, 9.4242, B.131) and superiorityDrm (9.61).
// Tables: air.yaml (transcribed, unused until the air game is written).

// 3.3, 6.0: the Air Planning phase of the half.
export function planning(ctx) {
  ctx.trace({ rule: "3.3", result: null,
    text: "Air Planning (3.3, 6.2, 6.3; basic game 6.4, 9.61): the air game is not implemented yet, no air unit flies" });
}

// 3.42, 9.4: the Air Impulse. Closed until the air game exists.
export function impulseOpen(ctx) { return false; }

export const impulse = {
  rule: "3.42",
  prompt() { return "Air Impulse (3.42): the air game is not implemented yet"; },
  actions() { return [{ do: "done" }]; },
  apply(ctx) {
    ctx.trace({ rule: "3.42", result: null, text: "Air Impulse (3.42, 9.41): the air game is not implemented yet, no mission is flown" });
    ctx.done();
  },
};

// 3.6: the Airbase Repair phase (Airbase Repair Table, air.yaml art).
export function airbaseRepair(ctx) {
  ctx.trace({ rule: "3.6", result: null,
    text: "Airbase Repair (3.6): the air game is not implemented yet, no airbase carries damage to repair" });
}

// 5.12, 5.5: Axis air arrivals and withdrawals, consolidation of air losses (Dawn).
export function arrivals(ctx) {
  ctx.trace({ rule: "5.12", result: null,
    text: "Air arrivals and withdrawals (5.12) and consolidation (5.5): the air game is not implemented yet" });
}

// closeSupportShift(attackerSide, defenderHex): column shifts Combat Support missions add to a
// combat (9.4241 right, 9.4242 left; B.131). None until the air game exists.
export function closeSupportShift(ctx, attackerSide, defenderHex) { return 0; }

// superiorityDrm(side, hex): the basic game's sector air superiority modifier (9.61). None yet.
export function superiorityDrm(ctx, side, hex) { return 0; }
