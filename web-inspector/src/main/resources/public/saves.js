// Saves in the kernel's format: download the current position's save; open one, replayed and
// checked, with what changed in the rules since it was made explained.
import { store, on } from "./store.js";
import { $, clear, h, add } from "./dom.js";
import * as commands from "./commands.js";
import * as banner from "./banner.js";

export function initSaves() {
  $("#save").addEventListener("click", download);
  $("#load").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    e.target.value = "";
    if (f) commands.openSave(await f.text(), f.name);
  });
  on("report", (r) => { if (r && r.changed !== undefined) showReport(r); });
}

async function download() {
  if (!store.id) return;
  try {
    // the designer's save, whatever the board shows: a save replays the whole game, hidden pieces and all
    // (the API refuses a side's save: ?as=side answers 403), and "view as" is a designer's control anyway
    const res = await fetch("/api/games/" + store.id + "/save");
    if (!res.ok) throw new Error((await res.json()).error);
    const name = (/filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") || "") || [])[1] || "save.json";
    const url = URL.createObjectURL(await res.blob());
    const a = h("a", { href: url, download: name, id: "save-link" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    banner.show("saved " + name + " (" + store.position.cursor + " actions" + (store.game.hasView ? "; the whole game, hidden pieces included" : "") + ")");
  } catch (e) {
    banner.error(e);
  }
}

function showReport(r) {
  const dlg = clear($("#report-dialog"));
  add(dlg, h("button", { class: "close", onclick: () => dlg.close() }, "close"),
    h("h3", {}, "Opened a save: " + r.system + ", " + r.scenario + ", seed " + r.seed),
    h("div", {}, "variant " + r.variant),
    h("div", { class: "report", id: "load-summary" }, h("strong", {}, r.summary), h("div", { class: "label" }, "replayed " + r.replayed + " of " + r.of + " actions")));
  if (r.changed.length) {
    add(dlg, h("div", {}, "Rule sections changed since the save was made:"),
      h("ul", { id: "load-changed" }, r.changed.map((c) => h("li", {}, c))),
      h("div", { class: "label" }, "The game is replayed under the installed rules; " + (r.identical ? "it still replays identically." : "the first difference is reported above.")));
  } else {
    add(dlg, h("div", { class: "label" }, "The save is pinned to the rule versions installed now."));
  }
  if (r.refused) add(dlg, h("div", { class: "refusal" }, "action " + r.refused.n + " refused: " + r.refused.reason));
  dlg.showModal();
}
