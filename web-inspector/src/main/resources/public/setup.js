// The header: choose a system (switching starts a game of it), a scenario and a seed; the systems
// that do not load are listed with their file:line error instead of stopping the page.
import { store, on, emit } from "./store.js";
import { get } from "./api.js";
import { $, clear, h, add } from "./dom.js";
import * as commands from "./commands.js";
import { chosen } from "./rules.js";

export function initSetup() {
  $("#system").addEventListener("change", (e) => {
    const sys = store.systems.systems.find((s) => s.id === e.target.value);
    if (!sys) return;
    fillScenarios(sys);
    commands.startGame({ system: sys.id, scenario: $("#scenario").value, seed: seed() });
  });
  $("#new-game").addEventListener("click", () => {
    const system = $("#system").value;
    const same = store.game && store.game.system.id === system;
    commands.startGame({ system, scenario: $("#scenario").value, seed: seed(), ...(same ? chosen() : {}),
      undoMayNotCrossRoll: store.game ? store.game.settings.undoMayNotCrossRoll : true });
  });
  $("#problems-flag").addEventListener("click", showProblems);
  on("game", () => {
    $("#system").value = store.game.system.id;
    const sys = store.systems.systems.find((s) => s.id === store.game.system.id);
    if (sys) fillScenarios(sys);
    $("#scenario").value = store.game.scenario.id;
    $("#seed").value = store.game.seed;
  });
}

function seed() {
  const v = $("#seed").value.trim();
  return /^-?\d+$/.test(v) ? v : "1";
}

export async function loadSystems(reload) {
  store.systems = await get("/api/systems" + (reload ? "?reload=true" : ""));
  const sel = clear($("#system"));
  for (const s of store.systems.systems) sel.append(h("option", { value: s.id }, s.name + " (" + s.id + " " + s.version + ")"));
  for (const f of store.systems.failed) {
    if (!store.systems.systems.some((s) => s.id === f.id)) sel.append(h("option", { value: f.id, disabled: true }, f.id + ": does not load"));
  }
  const flag = $("#problems-flag");
  const n = store.systems.failed.length;
  flag.hidden = n === 0;
  flag.textContent = "⚠ " + n + " system" + (n === 1 ? "" : "s") + " with problems";
  if (store.systems.systems.length) fillScenarios(store.systems.systems.find((s) => s.id === (store.systems.default && store.systems.default.system)) || store.systems.systems[0]);
  emit("systems", store.systems);
  return store.systems;
}

function fillScenarios(sys) {
  const sel = clear($("#scenario"));
  for (const sc of sys.scenarios) sel.append(h("option", { value: sc.id, title: sc.error || sc.source || "" }, (sc.name || sc.id) + (sc.error ? " (broken)" : "")));
  $("#system").value = sys.id;
}

function showProblems() {
  const dlg = clear($("#report-dialog"));
  add(dlg, h("button", { class: "close", onclick: () => dlg.close() }, "close"), h("h3", {}, "Systems with problems"),
    h("div", { class: "label" }, "They are left out; the others work. Fix the file named and reload."),
    store.systems.failed.map((f) => h("div", { class: "problem" }, f.id + " (" + (f.stage === "start" ? "does not start" : "does not load") + "):\n  " + f.error)),
    h("button", { onclick: async () => { dlg.close(); await loadSystems(true); } }, "reload the systems"));
  dlg.showModal();
}
