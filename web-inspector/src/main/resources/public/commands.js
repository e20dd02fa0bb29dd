// Everything that changes the game goes through here: one request at a time, the answer merged
// into the store, a refusal or an error shown in the banner.
import { api, get, post, put } from "./api.js";
import { store, applyUpdate, emit } from "./store.js";
import * as banner from "./banner.js";

let chain = Promise.resolve();
let pending = 0;

/** Runs commands in order; a held key cannot queue more than a few. */
function queue(fn) {
  if (pending >= 3) return Promise.resolve(null);
  pending++;
  document.body.dataset.busy = "true";
  // the news of the last act goes when the next one starts
  const p = chain.then(() => { banner.hide(); return fn(); }).catch((e) => { banner.error(e); if (store.id && (e.status === 422 || e.status >= 500)) resync(); return null; })
    .finally(() => { pending--; if (!pending) delete document.body.dataset.busy; });
  chain = p;
  return p;
}

function settle(r) {
  applyUpdate(r);
  if (r.warnings) banner.show(r.warnings.join("; "), "warn");
  store.rev = (store.rev || 0) + 1;
  document.body.dataset.rev = store.rev;
  document.body.dataset.gameId = store.id;
  return r;
}

async function resync() {
  try { settle(await get("/api/games/" + store.id)); } catch { /* the banner already says what failed */ }
}

const game = (path) => "/api/games/" + store.id + path;

export const startGame = (body) => queue(async () => {
  const r = settle(await post("/api/games", body));
  history.replaceState(null, "", "#game=" + r.id);
  banner.show("new game: " + r.game.system.name + ", " + (r.game.scenario.name || r.game.scenario.id) + ", seed " + r.game.seed);
  return r;
});

/** Takes a game the page already asked for (at load); a new one goes into the address. */
export const adopt = (r, isNew) => queue(async () => {
  settle(r);
  if (isNew) history.replaceState(null, "", location.pathname + location.search + "#game=" + r.id);
  return r;
});

export const act = (action) => queue(async () => {
  const r = settle(await post(game("/act"), { action }));
  store.lastRefusal = r.refusal || null;
  emit("refusal", r.refusal || null);
  if (r.refusal) banner.show("refused: " + r.refusal.reason, "warn", r.refusal.rule ? "rule " + r.refusal.rule : "");
  return r;
});

export const actIndex = (index) => queue(async () => {
  const r = settle(await post(game("/act"), { index }));
  emit("refusal", null);
  return r;
});

let stopRequested = false;

/**
 * Bots decide to the point asked for (until: step, impulse, phase, turn, end; or "point" with
 * {turn, at}); a long run comes back slice by slice, the board updated each time.
 */
export const runBots = (until, point) => queue(async () => {
  stopRequested = false;
  const where = until === "point" ? [point.turn ? "game-turn " + point.turn : "", point.at ? "\u201c" + point.at + "\u201d" : ""].filter((x) => x).join(" at ") : until === "end" ? "the end of the game" : "the end of the " + until;
  let r, total = 0, resume = false;
  do {
    r = settle(await post(game("/bots"), { until, bots: store.bots, resume, ...(point || {}) }));
    total += r.taken;
    resume = true;
    if (r.more && !stopRequested) banner.show("running to " + where + ": " + total + " decisions so far", "info", "Esc stops");
  } while (r.more && !stopRequested);
  emit("refusal", null);
  if (r.more) banner.show("stopped after " + total + " decisions, before " + where, "warn");
  else if (until !== "step") banner.show("bots took " + total + " decision" + (total === 1 ? "" : "s") + (r.position.over ? "; the game is over" : " to " + where));
  return r;
});

/** Ends a long run after the slice in progress. */
export function stopRun() { stopRequested = true; }

export const undo = () => queue(async () => settle(await post(game("/undo"))));

/** The game again, as the page now sees it (after "view as" changed). */
export const look = () => queue(async () => settle(await get(game(""))));

export const jump = (n) => queue(async () => settle(await post(game("/jump"), { n })));

/** Forward along the line if it goes on past the cursor, else a bot takes the next decision. */
export function forward() {
  const p = store.position;
  if (!p || p.over && p.cursor >= p.length) return Promise.resolve(null);
  return p.cursor < p.length ? jump(p.cursor + 1) : runBots("step");
}

export const switchLine = (line) => queue(async () => settle(await post(game("/line"), { line })));

export const revariant = (variant) => queue(async () => {
  const r = settle(await post(game("/variant"), variant));
  if (r.report) {
    emit("report", r.report);
    banner.show(r.report.same ? "already playing " + r.report.variant : "re-evaluated under " + r.report.variant + ": " + r.report.summary,
      r.report.refused ? "warn" : "info");
  }
  return r;
});

/** An edit of the draft erratum (POST {op, path, value}), its name (PUT {id, label, source}) or its end (DELETE): the game replays under it. */
export const draft = (method, body) => queue(async () => {
  const r = settle(await api(method, game("/draft"), body));
  if (r.report) {
    emit("report", r.report);
    emit("draft", r.report);
    banner.show("re-evaluated under " + r.report.variant + ": " + r.report.summary, r.report.refused ? "warn" : "info");
  }
  return r;
});

export const settings = (s) => queue(async () => {
  store.game.settings = (await put(game("/settings"), s)).settings;
  emit("settings", store.game.settings);
});

export const openSave = (text, name) => queue(async () => {
  const r = settle(await api("POST", "/api/saves?name=" + encodeURIComponent(name || "save.json"), text, true));
  history.replaceState(null, "", "#game=" + r.id);
  emit("report", r.report);
  return r;
});
