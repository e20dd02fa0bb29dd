// The Actions tab: every legal action for the side to act as a button (click one to take it), the
// last refusal with its reason and rule, and a box to try any action and hear why it is refused.
import { store, on, pieces, pieceOf } from "./store.js";
import { naming } from "./clicks.js";
import { $, clear, h, add } from "./dom.js";
import * as commands from "./commands.js";
import { action as fmt, result, nameOf } from "./format.js";
import { select } from "./boardview.js";

const SHOWN = 300;
let filter = "";
let refusal = null;

export function initActions() {
  on("position", render);
  on("refusal", (r) => { refusal = r; render(); });
  on("selection", () => { if (store.position) render(); });
}

function render() {
  const p = store.position;
  const el = clear($("#tab-actions"));
  if (refusal) {
    add(el, h("div", { class: "refusal", id: "refusal" },
      h("strong", {}, "refused: "), refusal.reason, refusal.rule ? h("span", { class: "rule", style: "margin-left:6px" }, "rule " + refusal.rule) : null));
  }
  if (p.over) add(el, h("div", { class: "result", id: "result" }, "Game over: " + result(p.result)));
  const acts = p.actions;
  if (!p.over) {
    add(el, h("h3", {}, acts.length + " legal action" + (acts.length === 1 ? "" : "s") + (p.toAct ? " for " + p.toAct : "")));
    if (acts.length > 24) {
      add(el, h("input", { type: "search", "aria-label": "filter the actions", placeholder: "filter actions (e.g. a unit or a hex)", value: filter, style: "width:100%;margin-bottom:6px",
        oninput: (e) => { filter = e.target.value; renderList(list); } }));
    }
    const list = h("div", { class: "action-list", id: "action-list" });
    add(el, list);
    renderList(list);
  }
  const input = h("input", { type: "text", id: "try-action", "aria-label": "an action to try, as JSON", placeholder: '{"do": "move", "unit": "…", "to": "…"}' });
  add(el, h("h3", {}, "Try an action"),
    h("div", { class: "try-action" }, input, h("button", { onclick: () => tryIt(input.value) }, "try")),
    h("div", { class: "label" }, "Anything not in the list is refused with the rules' reason, unless the rules accept it whole (North Africa: {\"do\": \"resolve\", \"defenders\": [hexes], \"attackers\": [units], \"barrage\": [units], \"gs\": points} makes an attack in one action). On the board: click a piece, then a destination or a target."));
}

function renderList(list) {
  clear(list);
  let acts = store.position.actions;
  // a unit selected on the board: its actions only (when it has any here)
  const sel = store.selected, mine = sel ? naming(acts, sel) : [];
  if (mine.length) {
    list.append(h("div", { class: "label", id: "action-filter" }, "the actions of " + nameOf(pieceOf(sel)) + " (" + mine.length + " of " + acts.length + "); Esc shows all"));
    acts = mine;
  }
  const f = filter.trim().toLowerCase();
  let shown = 0;
  acts.forEach((a) => {
    const i = store.position.actions.indexOf(a);
    const text = fmt(a);
    if (f && !text.toLowerCase().includes(f) && !JSON.stringify(a).toLowerCase().includes(f)) return;
    if (shown++ >= SHOWN) return;
    list.append(h("button", { "data-index": i, title: JSON.stringify(a),
      onclick: () => commands.act(a),
      onmouseenter: () => hint(a) }, text));
  });
  if (shown > SHOWN) list.append(h("span", { class: "label" }, (shown - SHOWN) + " more: filter to find them"));
}

/** Pointing at an action selects the piece it names, so its destinations light up. */
function hint(a) {
  const ps = pieces();
  for (const v of Object.values(a)) {
    if (typeof v === "string" && ps[v]) { if (store.selected !== v) select(v); return; }
  }
}

function tryIt(text) {
  let a;
  try { a = JSON.parse(text); } catch (e) { refusal = { reason: "not JSON: " + e.message }; render(); return; }
  commands.act(a);
}
