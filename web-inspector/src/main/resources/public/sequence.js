// Where the game stands in the sequence of play (turn, phase, step, activation, impulse), who is to
// act and the prompt; the buttons that step, run bots to a point, and undo; which bot plays each side.
import { store, on, pieces } from "./store.js";
import { $, $$, clear, h } from "./dom.js";
import * as commands from "./commands.js";
import { sideText } from "./colors.js";
import { result, prompt, action as fmt } from "./format.js";
import { boardFree, pickups } from "./clicks.js";
import { hexes } from "./boardview.js";

export function initSequence() {
  on("position", render);
  on("game", renderBots);
  on("map", () => { if (store.position) renderChoices(store.position); });
  on("selection", () => { if (store.position) renderChoices(store.position); });
  on("settings", () => { if (store.position) render(); });
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
  who.style.color = p.toAct ? sideText(p.toAct, store.game.system.sides) : "";
  $("#prompt").textContent = p.over ? "game over: " + result(p.result) : prompt(p.prompt, p.toAct);
  renderChoices(p);
  const rule = clear($("#prompt-rule"));
  if (p.rule && !p.over) rule.append(h("span", { class: "rule", title: "rule number" }, p.rule));
  // undo as the server allows it (Session.jump): not at the start, not back over a die roll when the setting says so
  const last = store.log[p.cursor];
  const why = p.cursor === 0 ? "nothing to undo: this is the start of the game"
    : store.game.settings.undoMayNotCrossRoll && last && last.rolled ? "undo may not cross a die roll: action #" + p.cursor + " rolled; turn off \u201cundo may not cross a die roll\u201d under Rules to go back past it" : "";
  $("#undo").disabled = !!why;
  $("#undo").title = why || "Undo the last action (u)";
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
    el.append(h("label", { style: "color:" + sideText(side, store.game.system.sides) }, side + " ", sel));
  }
}

const CHOICES = 12;

/**
 * The decision's choices that name no piece and no hex (end the phase, an impulse, resolve,
 * cancel) as buttons under the prompt: the board takes every other action by clicks.
 */
function renderChoices(p) {
  const el = clear($("#choices"));
  if (p.over) return;
  const sel = store.selected;
  const free = (sel ? pickups(p.actions, sel, pieces(), hexes()) : []).concat(boardFree(p.actions, pieces(), hexes()));
  free.slice(0, CHOICES).forEach((a) => el.append(h("button", { class: "choice", "data-choice": JSON.stringify(a), title: "take this action", onclick: () => commands.act(a) }, fmt(a))));
  if (free.length > CHOICES) el.append(h("span", { class: "label" }, (free.length - CHOICES) + " more under Actions"));
}
