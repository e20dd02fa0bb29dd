// Keyboard: arrows step through the game, u undoes, ? lists the keys.
import { $, clear, h, add } from "./dom.js";
import * as commands from "./commands.js";
import { store } from "./store.js";
import { select } from "./boardview.js";
import { mainBoard } from "./boardview.js";

const KEYS = [
  ["→", "step: forward along the line, or a bot takes the next decision"],
  ["←", "back one action (acting from there branches)"],
  ["↓", "bots run to the end of the impulse"],
  ["↑", "bots run to the end of the phase"],
  ["u", "undo the last action"],
  ["t", "bots run to the end of the turn"],
  ["f", "fit the map"],
  ["Esc", "drop the selection, stop a run, close a dialog"],
  ["Tab to the map", "then arrows move a cursor from hex to hex, Enter selects the unit there (a stack opens) or takes the hex"],
  ["?", "this list"],
];

export function initKeys() {
  $("#keys").addEventListener("click", showKeys);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select, #chooser") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector("dialog[open]") && e.key !== "Escape" && e.key !== "?") return;
    const p = store.position;
    switch (e.key) {
      case "ArrowRight": commands.forward(); break;
      case "ArrowLeft": if (p && p.cursor > 0) commands.jump(p.cursor - 1); break;
      case "ArrowDown": commands.runBots("impulse"); break;
      case "ArrowUp": commands.runBots("phase"); break;
      case "u": commands.undo(); break;
      case "t": commands.runBots("turn"); break;
      case "f": mainBoard().fit(); break;
      case "Escape": commands.stopRun(); select(null); $("#chooser").hidden = true; delete document.body.dataset.stackOpen; return;
      case "?": showKeys(); break;
      default: return;
    }
    e.preventDefault();
  });
}

function showKeys() {
  const dlg = clear($("#keys-dialog"));
  add(dlg, h("button", { class: "close", onclick: () => dlg.close() }, "close"), h("h3", {}, "Keys"),
    h("table", { class: "keys" }, KEYS.map(([k, w]) => h("tr", {}, h("td", {}, h("kbd", {}, k)), h("td", {}, w)))),
    h("div", { class: "label" }, "On the board: drag to pan, wheel to zoom; click a piece, then a highlighted hex or an enemy piece."));
  if (!dlg.open) dlg.showModal();
}
