// The Lines tab: the current line of play and every branch kept (from a jump back, or a rules swap).
import { store, on } from "./store.js";
import { $, clear, h } from "./dom.js";
import * as commands from "./commands.js";

export function initLines() { on("lines", render); }

function render() {
  const tab = clear($("#tab-lines"));
  tab.append(h("div", { class: "label", style: "margin-bottom:4px" }, "Acting from an earlier position starts a branch; the old line is kept here. Click one to go back to it."));
  for (const l of store.lines) {
    tab.append(h("div", { class: "line-item" + (l.current ? " current" : ""), "data-line": l.id, onclick: () => commands.switchLine(l.id) },
      l.name, h("div", { class: "label" },
        l.length + " actions · " + l.variant + (l.forkedFrom ? " · from " + l.forkedFrom + (l.forkAt ? " at " + l.forkAt : "") : "") + (l.current ? " · at " + l.cursor : ""))));
  }
}
