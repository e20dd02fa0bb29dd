// Where the game stands in the sequence of play (turn, phase, step, activation, impulse), who is to
// act and the prompt; the buttons that step, run bots to a point, and undo; which bot plays each side.
import { store, on } from "./store.js";
import { $, $$, clear, h } from "./dom.js";
import * as commands from "./commands.js";
import { sideColor } from "./colors.js";
import { result } from "./format.js";

export function initSequence() {
  on("position", render);
  on("game", renderBots);
  $("#undo").addEventListener("click", () => commands.undo());
  $("#step").addEventListener("click", () => commands.forward());
  for (const b of $$("#controls [data-until]")) b.addEventListener("click", () => commands.runBots(b.dataset.until));
  $("#run-to").addEventListener("submit", (e) => {
    e.preventDefault();
    const turn = $("#run-turn").value.trim(), at = $("#run-at").value.trim();
    commands.runBots("point", { ...(turn ? { turn: Number(turn) } : {}), ...(at ? { at } : {}) });
  });
}

function render() {
  const p = store.position;
  const crumbs = clear($("#breadcrumb"));
  p.breadcrumb.forEach((c, i) => {
    if (i) crumbs.append(h("span", { class: "sep" }, "›"));
    crumbs.append(h("span", { class: "crumb" }, c));
  });
  if (!p.breadcrumb.length) crumbs.append(h("span", { class: "crumb" }, p.over ? "game over" : "start"));
  crumbs.append(h("span", { class: "label", style: "margin-left:auto" }, "action " + p.cursor + (p.length > p.cursor ? " of " + p.length : "")));
  const who = $("#to-act");
  who.textContent = p.over ? "" : (p.toAct || "anyone") + ":";
  who.style.color = p.toAct ? sideColor(p.toAct, store.game.system.sides) : "";
  $("#prompt").textContent = p.over ? "game over: " + result(p.result) : p.prompt || "";
  const rule = clear($("#prompt-rule"));
  if (p.rule && !p.over) rule.append(h("span", { class: "rule", title: "rule number" }, p.rule));
  $("#undo").disabled = p.cursor === 0;
  for (const b of $$("#controls [data-until], #step, #run-to button")) b.disabled = p.over && p.cursor >= p.length;
  document.body.dataset.cursor = String(p.cursor);
  document.body.dataset.turn = String(p.turn);
  document.body.dataset.over = String(p.over);
}

function renderBots() {
  const el = clear($("#bot-picks"));
  for (const side of store.game.system.sides) {
    const sel = h("select", { "data-side": side, title: "the bot that decides for " + side + " when you step or run", onchange: (e) => { store.bots[side] = e.target.value; } },
      store.game.bots.map((b) => h("option", { value: b }, b)));
    if (!store.game.bots.includes(store.bots[side])) store.bots[side] = store.game.bots[0];
    sel.value = store.bots[side];
    el.append(h("label", { style: "color:" + sideColor(side, store.game.system.sides) }, side + " ", sel));
  }
}
