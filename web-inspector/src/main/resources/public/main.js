// The inspector page: loads the systems, opens the game named in the address (#game=ID) or the
// default one, and wires every view to the store.
import { initTabs } from "./tabs.js";
import { initBoardView } from "./boardview.js";
import { initOverlays } from "./overlays.js";
import { initPreview } from "./preview.js";
import { initDisplays } from "./displays.js";
import { initSequence } from "./sequence.js";
import { initActions } from "./actionsview.js";
import { initLog } from "./logview.js";
import { initRules } from "./rules.js";
import { initTables } from "./tables.js";
import { initConsole } from "./console.js";
import { initLines } from "./lines.js";
import { initCompare } from "./compare.js";
import { initSaves } from "./saves.js";
import { initViewAs } from "./viewas.js";
import { initKeys } from "./keys.js";
import { initSetup, loadSystems } from "./setup.js";
import { get, post } from "./api.js";
import * as commands from "./commands.js";
import * as banner from "./banner.js";
import { store } from "./store.js";

initTabs();
initBoardView();
initOverlays();
initPreview();
initDisplays();
initSequence();
initActions();
initLog();
initRules();
initTables();
initConsole();
initLines();
initCompare();
initSaves();
initViewAs();
initKeys();
initSetup();

async function boot() {
  // the systems and the game are asked for at once: the board need not wait for the listing
  const m = /game=([0-9a-z]+)/.exec(location.hash);
  const game = m ? get("/api/games/" + m[1]).catch(() => null) : null;
  const fresh = m ? null : post("/api/games", {}).catch((e) => e);
  let systems;
  try {
    systems = await loadSystems(false);
  } catch (e) {
    banner.error(e);
    return;
  }
  const opened = m ? await game : null;
  if (opened) {
    const fromLab = new URLSearchParams(location.hash.slice(1));
    if (!fromLab.has("bots")) return commands.adopt(opened);
    return replayLabGame(opened, fromLab);
  }
  if (m) history.replaceState(null, "", location.pathname + location.search);
  const r = fresh ? await fresh : await post("/api/games", {}).catch((e) => e);
  if (r instanceof Error) {
    const d = systems.default;
    banner.show(d && d.reason ? d.reason : r.message, "error");
    return;
  }
  commands.adopt(r, true);
}

/**
 * A game opened from the Variant lab (#game=ID&bots=side:bot,...&run=end&expect=HASH&note=...):
 * the batch's bots play it again from its seed, and the end state is checked against the batch's.
 */
async function replayLabGame(opened, p) {
  for (const pair of (p.get("bots") || "").split(",")) {
    const [side, bot] = pair.split(":");
    if (side && bot) store.bots[side] = bot;
  }
  history.replaceState(null, "", location.pathname + location.search + "#game=" + opened.id);
  await commands.adopt(opened);
  banner.show("from the Variant lab: " + (p.get("note") || "a batch game") + "; its bots replay it", "info");
  if (p.get("run") !== "end") return;
  const r = await commands.runBots("end");
  const want = p.get("expect");
  if (!r || !want) return;
  if (r.position.hash === want) banner.show("replayed: the same end state as in the batch (" + want.slice(0, 12) + "); " + (p.get("note") || ""), "info");
  else banner.show("this replay ended in state " + String(r.position.hash).slice(0, 12) + ", the batch's in " + want.slice(0, 12)
    + ": the rules or the bots changed since the batch ran", "warn");
  document.body.dataset.replayed = r.position.hash === want ? "same" : "different";
}

boot();
