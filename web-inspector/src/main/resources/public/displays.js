// The system's off-map displays (system.yaml displays:): boxes, pools and tracks beside the board,
// each box with its counters, asked again at every position as the page's "view as" sees the game
// (an air display behind its owner's screen holds none of the other side's units).
import { store, on, pieceOf } from "./store.js";
import { get } from "./api.js";
import { $, clear, h } from "./dom.js";
import { miniCounter, describe } from "./counters.js";
import { nameOf } from "./format.js";

let asked = 0;

export function initDisplays() {
  on("game", () => draw(null));
  on("position", refresh);
}

async function refresh() {
  if (!store.id || !store.game || !(store.game.displays || []).length) return draw(null);
  const mine = ++asked;
  try {
    const r = await get("/api/games/" + store.id + "/displays");
    if (mine === asked) draw(r.displays);
  } catch (e) {
    if (mine === asked) draw({ error: { title: "displays", boxes: [], error: e.message } });
  }
  if (mine === asked) document.body.dataset.displaysRev = String(mine);
}

// a counter of the display, not of the board: selectors of the board's counters must not find it
function counterOf(p) {
  const svg = miniCounter(p, store.game.system.sides);
  svg.setAttribute("class", "mini-counter display-counter");
  return svg;
}

function chip(rule) { return rule ? h("span", { class: "rule", title: "rule " + rule }, rule) : null; }

function draw(displays) {
  const el = clear($("#displays"));
  const names = Object.keys(displays || {});
  el.hidden = !names.length;
  let counters = 0;
  for (const name of names) {
    const d = displays[name] || {};
    const sec = h("section", { class: "display", "data-display": name, "aria-label": d.title || name });
    sec.append(h("h3", {}, d.title || name, " ", chip(d.rule)));
    if (d.error) sec.append(h("div", { class: "refusal" }, d.error));
    for (const b of d.boxes || []) {
      const box = h("div", { class: "display-box", "data-box": b.label || "" });
      box.append(h("div", { class: "box-label" }, b.label || "", " ", chip(b.rule), " ", h("span", { class: "count" }, "(" + (b.pieces || []).length + ")")));
      const row = h("div", { class: "box-pieces" });
      for (const id of b.pieces || []) {
        const p = pieceOf(id);
        row.append(p ? h("span", { class: "box-piece", "data-piece": id, title: describe(p) }, counterOf(p), h("span", { class: "label" }, nameOf(p)))
          : h("span", { class: "box-piece", "data-piece": id }, id));
        counters++;
      }
      box.append(row);
      if (b.note) box.append(h("div", { class: "why" }, b.note));
      sec.append(box);
    }
    el.append(sec);
  }
  document.body.dataset.displayPieces = String(counters);
}
