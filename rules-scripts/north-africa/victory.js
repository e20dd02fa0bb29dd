// North Africa standard rules, section 4.0: at the end of the last game-turn the victory
// conditions are consulted. The standard rules have none: each game's exclusive rules give them
// (Crusader 19.17, 19.27, 19.37 replace this section). Here the game simply ends, undecided.

export function determine(ctx) {
  const reason = "the standard rules set no victory conditions: a game's exclusive rules decide the winner";
  ctx.trace({ rule: "4.0", result: null, text: "the last game-turn is over; " + reason });
  ctx.gameOver({ winner: null, reason, turn: ctx.turn });
}
