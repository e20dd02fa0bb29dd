// The page's one state: the open game as the server last described it, plus what the designer selected.
import { applyPatch } from "./vendor/fast-json-patch-3.1.1/index.mjs";
import { get, stateHave, viewAs } from "./api.js";

const listeners = {};

export const store = {
  systems: null,        // GET /api/systems
  id: null,             // game id
  game: null,           // system, scenario, seed, variant, settings, overlays, bots
  position: null,       // turn, breadcrumb, toAct, prompt, actions, state, cursor, length
  templates: {},        // the pieces' fixed fields by id: sent with a whole state, not in it
  defaults: {},         // the values a piece's field holds when the state leaves it out: sent with the templates
  log: [],              // entries of the current line, 0 = start
  lineId: null,
  lines: [],
  map: null,
  selected: null,       // a piece id
  marked: null,         // a hex clicked with nothing to do there: overlays measure from it (line of sight)
  overlays: new Set(),  // overlay names shown
  overlaySide: "",      // overlay argument side ("" = all)
  bots: {},             // side -> bot name for step and run
  viewAs: "auto",       // in a system with a view: "auto" (the side to act, hot seat), a side, or "designer"
  busy: false,
};

export function on(event, fn) { (listeners[event] = listeners[event] || []).push(fn); }

export function emit(event, data) { for (const fn of listeners[event] || []) fn(data); }

/** Merges a server answer (a full game or an update) into the store and tells the views. */
export function applyUpdate(r) {
  if (r.position && r.position.statePatch && !patched(r.position)) {
    // an answer patched a state this page no longer holds (answers crossed): ask for the whole game
    get("/api/games/" + r.id).then(applyUpdate).catch(() => {});
    return;
  }
  const newGame = r.id !== store.id;
  store.id = r.id;
  store.game = r.game;
  if (newGame || (r.position && r.position.pieceTemplates)) {
    store.templates = (r.position && r.position.pieceTemplates) || {};
    store.defaults = (r.position && r.position.pieceDefaults) || {};
  }
  store.position = r.position;
  store.lines = r.lines || store.lines;
  if (r.log) {
    store.log = store.log.slice(0, r.log.from).concat(r.log.entries);
    store.lineId = r.log.line;
  }
  if (newGame) {
    store.selected = null;
    store.marked = null;
    // the bots of this game's sides only: a side of the previous system is no side of this one
    const bots = {}, fallback = r.game.bots[r.game.bots.length > 1 ? 1 : 0];
    for (const side of r.game.system.sides) bots[side] = r.game.bots.includes(store.bots[side]) ? store.bots[side] : fallback;
    store.bots = bots;
    emit("game", r);
  }
  if (store.selected && !pieceOf(store.selected)) store.selected = null;
  emit("position", r);
  if (r.log) emit("log", r.log);
  emit("lines", store.lines);
}

// the position held and as whom: a patch may then turn one side's view into the other's (hot seat)
const holding = (p) => (p && p.state ? p.hash + (p.as ? " as " + p.as : "") : null);
stateHave(() => holding(store.position));
viewAs(() => store.game && store.game.hasView ? store.viewAs : null);

// a step sends the state as a JSON Patch (RFC 6902) against the one the page said it holds
function patched(p) {
  const held = store.position;
  if (!held || !held.state || holding(held) !== p.statePatch.base) return false;
  p.state = applyPatch(held.state, p.statePatch.ops, false, true).newDocument;
  delete p.statePatch;
  document.body.dataset.statePatches = String(Number(document.body.dataset.statePatches || 0) + 1);
  return true;
}

/**
 * The pieces of a state made whole: each piece's own fields laid over its fixed ones and the
 * defaults the state leaves out. A whole piece names its fixed fields in `$fixed` (not
 * enumerable): what it keeps all game is no status.
 */
export function wholePieces(state, templates, defaults) {
  const own = (state && state.pieces && typeof state.pieces === "object") ? state.pieces : {};
  const out = {};
  for (const id of Object.keys(own)) {
    const t = own[id] && templates && templates[id];
    if (!t) { out[id] = own[id]; continue; }
    out[id] = Object.assign({}, t, defaults || {}, own[id]);
    Object.defineProperty(out[id], "$fixed", { value: Object.keys(t), enumerable: false });
  }
  return out;
}

let whole = { hash: null, templates: null, pieces: {} };   // pieces() of the position shown, made once

export function pieces() {
  const p = store.position;
  if (!p || !p.state) return {};
  if (whole.hash !== p.hash || whole.templates !== store.templates || whole.state !== p.state) {
    whole = { hash: p.hash, templates: store.templates, state: p.state, pieces: wholePieces(p.state, store.templates, store.defaults) };
  }
  return whole.pieces;
}

export function pieceOf(id) { return pieces()[id] || null; }

/** For the designer: the sides a piece is hidden from, with the fields each may not know ([{side, fields}]). */
export function secretsOf(id) {
  const s = store.position && store.position.secrets;
  if (!s) return [];
  return Object.keys(s).filter((side) => s[side][id]).map((side) => ({ side, fields: s[side][id] }));
}
