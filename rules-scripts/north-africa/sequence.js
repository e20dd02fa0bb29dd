// North Africa standard rules, section 4.0: the sequence of play.
//   4.1   a game-turn is the first player-turn, the second player-turn (each a movement phase and a
//         combat phase: system.yaml's sequence), then the game-turn record interphase: endOfTurn.
// Hook: every other section exporting endOfTurn() runs at the interphase, in section-name order
// (Crusader 18.2 acts at the end of game-turn 8).

// endOfTurn: the game-turn record interphase (4.1 nr. 3): the turn marker advances.
export function endOfTurn(ctx) {
  for (const s of Object.keys(ctx.rules).sort()) {
    if (s === ctx.section) continue;
    const f = ctx.rules[s].endOfTurn;
    if (typeof f === "function") f();
  }
  ctx.trace({ rule: "4.1", cell: { turn: ctx.turn }, result: ctx.turn + 1, text: "game-turn " + ctx.turn + " ends: the turn marker advances" });
}
