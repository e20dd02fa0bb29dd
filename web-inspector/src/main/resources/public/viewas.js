// "View as": whose eyes the page shows a game with hidden pieces through (system.yaml view): the
// side to act (a hot-seat game, the default), one side, or the designer, who sees everything with
// the hidden parts marked. Every request about the game then carries ?as=.
import { store, on } from "./store.js";
import { $, clear, h } from "./dom.js";
import * as commands from "./commands.js";

export function initViewAs() {
  const select = $("#view-as");
  select.addEventListener("change", () => {
    store.viewAs = select.value;
    store.selected = null;
    commands.look();
  });
  on("game", () => {
    const label = $("#view-as-label");
    label.hidden = !store.game.hasView;
    clear(select);
    select.append(h("option", { value: "auto" }, "the side to act"));
    for (const side of store.game.system.sides) select.append(h("option", { value: side }, side));
    select.append(h("option", { value: "designer" }, "designer (everything)"));
    select.value = store.viewAs;
    // a game with hidden pieces opens as the side to act sees it: the page that asked for it did not know yet
    if (store.game.hasView && store.viewAs !== "designer" && !store.position.as && !store.position.over) commands.look();
  });
  on("position", () => { document.body.dataset.viewAs = store.position.as || "designer"; });
}
