// The main board wired to the game: the map of the open game, its pieces, clicks that act, and
// the hover line (hex id, terrain, features, hexsides, pieces, overlay values).
import { Board } from "./board.js";
import { store, on, emit, pieces, secretsOf, pieceOf } from "./store.js";
import { get } from "./api.js";
import * as clicks from "./clicks.js";
import * as commands from "./commands.js";
import { $, clear, h } from "./dom.js";
import { action as fmtAction, value, nameOf } from "./format.js";
import { describe, miniCounter, stackTotals, setDisplay } from "./counters.js";
import { setPalette } from "./colors.js";
import { drawLegend, drawOverlayLegend } from "./legend.js";
import { previewAt } from "./preview.js";

let board;
let hexSet = new Set();
let sidesOf = new Map();      // hex -> [{other, features}]
let overlayNow = [];
let firstDraw = true;
let zoomPending = false;
const READABLE = 1.25;     // screen pixels per SVG unit at which a counter's texts read (a counter 50 px)

export function mainBoard() { return board; }

export function hexes() { return hexSet; }

export function initBoardView() {
  board = new Board($("#board"), { onHex, onPiece, onHover });
  wireKeys();
  // for the console and for tests: the board, to centre a hex (hexlab.board.reveal("0703"))
  window.hexlab = Object.assign(window.hexlab || {}, { board });
  on("game", loadMap);
  on("position", redraw);
  on("selection", redraw);
  $("#zoom-in").addEventListener("click", () => board.zoomBy(1.4));
  $("#zoom-out").addEventListener("click", () => board.zoomBy(1 / 1.4));
  $("#zoom-fit").addEventListener("click", () => board.fit());
  $("#zoom-read").addEventListener("click", () => board.fitReadable(READABLE, store.selected && pieceOf(store.selected) ? [board.centers.get(pieceOf(store.selected).hex)] : null));
  $("#show-ids").addEventListener("change", (e) => board.setShowIds(e.target.checked));
  document.addEventListener("click", (e) => { if (!e.target.closest("#chooser")) $("#chooser").hidden = true; });
}

let displayOf = null;     // the system whose display data is set

async function loadDisplay() {
  const sys = store.game.system.id;
  if (displayOf === sys) return;
  const d = await get("/api/systems/" + encodeURIComponent(sys) + "/display").catch(() => null);
  setDisplay(d);
  setPalette(d && d.tables);
  displayOf = sys;
}

async function loadMap() {
  const id = store.id;
  await loadDisplay();
  if (id !== store.id) return;
  if (!store.game.hasMap) {
    store.map = null;
    board.setMap(null);
    drawLegend(null);
    return;
  }
  const map = await get("/api/games/" + id + "/map");
  if (id !== store.id) return;
  store.map = map;
  hexSet = new Set(map.ids);
  byCoords = new Map(map.ids.map((id, i) => [map.q[i] + "," + map.r[i], id]));
  sidesOf = new Map();
  for (const s of map.hexsides) {
    for (const [x, y] of [[s.a, s.b], [s.b, s.a]]) {
      if (!sidesOf.has(x)) sidesOf.set(x, []);
      sidesOf.get(x).push({ other: y, features: s.features });
    }
  }
  board.setMap(map);
  zoomPending = true;
  drawLegend(map);
  redraw();
  emit("map", map);
}

function redraw() {
  if (!store.position || !store.map) return;
  const sel = store.selected, acts = store.position.actions;
  const { dest, targets } = sel ? clicks.reachOf(acts, sel, pieces(), hexSet) : { dest: new Map(), targets: new Map() };
  // the selected unit's destinations; else the hexes the decision asks for (where the unit picked up goes, a hex to attack)
  const lit = dest.size ? dest : clicks.hexOnly(acts, pieces(), hexSet);
  board.setPieces(pieces(), store.game.system.sides, sel, new Set(targets.keys()), secretsOf);
  board.setHighlights([...lit.keys()], store.marked);
  document.body.dataset.lit = String(lit.size);
  const off = Object.values(pieces()).filter((p) => p && !p.hex);
  const el = clear($("#offmap"));
  if (off.length) el.append("off the map: " + off.map((p) => nameOf(p)).join(", "));
  document.body.dataset.pieces = String(Object.keys(pieces()).length);
  if (zoomPending) {
    // a new map opens where its counters can be read: around the side to act's pieces
    zoomPending = false;
    const mine = Object.values(pieces()).filter((p) => p && p.hex && (!store.position.toAct || p.side === store.position.toAct));
    board.fitReadable(READABLE, mine.map((p) => board.centers.get(p.hex)).filter(Boolean));
  }
  if (firstDraw) {
    firstDraw = false;
    performance.mark("board-drawn");
    document.body.dataset.boardReady = "true";
  }
}

export function select(id) {
  store.selected = id;
  if (id) document.body.dataset.selected = id; else delete document.body.dataset.selected;
  emit("selection", id);
}

// A click on a hex where nothing can be done marks it (again: unmarks it) for the overlays that
// measure from a hex, such as line of sight.
function mark(hex) {
  store.marked = store.marked === hex ? null : hex;
  emit("selection", store.selected);
}

function choose(list, e) {
  if (list.length === 1) return commands.act(list[0]);
  const el = clear($("#chooser"));
  el.append(h("div", { class: "label" }, "which one?"));
  for (const a of list) el.append(h("button", { onclick: () => { el.hidden = true; commands.act(a); } }, fmtAction(a)));
  popAt(el, e, 26 * list.length);
}

function popAt(el, e, height) {
  const r = e && e.clientX !== undefined ? e : { clientX: innerWidth / 2, clientY: innerHeight / 3 };
  el.style.left = Math.min(r.clientX + 6, innerWidth - 280) + "px";
  el.style.top = Math.max(4, Math.min(r.clientY + 6, innerHeight - 40 - height)) + "px";
  setTimeout(() => { el.hidden = false; const f = el.querySelector("button"); if (f) f.focus(); }, 0);
}

function stackAt(hex) { return Object.values(pieces()).filter((p) => p && p.hex === hex).sort((a, b) => (a.id < b.id ? -1 : 1)); }

/**
 * A click on a stack opens it: every unit listed as its counter with its name and values, each
 * one a button doing what a click on that counter alone would do.
 */
function openStack(hex, e) {
  const el = clear($("#chooser"));
  const stack = stackAt(hex);
  el.append(h("div", { class: "label" }, "stack in " + hex + ": " + stackTotals(stack)));
  for (const p of stack) {
    el.append(h("button", { class: "stack-unit" + (p.id === store.selected ? " on" : ""), "data-piece": p.id, onclick: (ev) => { el.hidden = true; pieceClicked(p.id, ev, true); } },
      miniCounter(p, store.game.system.sides), " " + describe(p, secretsOf(p.id))));
  }
  popAt(el, e, 34 * stack.length + 24);
  document.body.dataset.stackOpen = hex;
}

function onPiece(id, e) { pieceClicked(id, e, false); }

function pieceClicked(id, e, fromStack) {
  if (!store.position) return;
  const acts = store.position.actions, ps = pieces(), sel = store.selected, hex = ps[id].hex;
  if (sel && sel !== id) {
    const hit = clicks.forTarget(acts, id, sel, ps, hexSet);
    if (hit.length) return choose(hit, e);
    const into = clicks.forHex(acts, hex, sel, ps, hexSet);
    if (into.length) return choose(into, e);
  }
  if (!sel || sel === id) {
    const here = clicks.actors(acts, ps, hexSet).has(id) ? [] : clicks.forHex(acts, hex, null, ps, hexSet);
    if (here.length) return choose(here, e);
  }
  if (!fromStack && stackAt(hex).length > 1) return openStack(hex, e);
  if (sel === id) return select(null);
  select(id);
  // a unit whose only actions name nothing else is picked up at once (the next decision asks where
  // it goes); beside destinations or targets they wait under the prompt (exit the map)
  const pick = clicks.pickups(acts, id, ps, hexSet);
  const reach = clicks.reachOf(acts, id, ps, hexSet);
  if (pick.length && !reach.dest.size && !reach.targets.size) choose(pick, e);
}

function onHex(hex, e) {
  if (!store.position) return;
  const acts = store.position.actions, ps = pieces(), sel = store.selected;
  const hit = clicks.forHex(acts, hex, sel, ps, hexSet);
  if (hit.length) return choose(hit, e);
  if (sel) {
    const g = clicks.guess(acts, hex, sel, ps, hexSet);
    if (g) return commands.act(g);   // refused: the rules say why and by which rule
    select(null);
    return;
  }
  mark(hex);
}

// ---- the keyboard on the board: arrows move a cursor from hex to hex, Enter clicks the hex -------

let cursor = null;
let byCoords = new Map();      // "q,r" -> hex id
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function wireKeys() {
  const svg = board.svg;
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "map");
  svg.setAttribute("aria-label", "the map: arrow keys move the cursor from hex to hex, Enter selects the unit there or takes the hex, Esc drops the selection");
  // a mouse click does not take the keyboard to the map (the arrows keep stepping the game); Tab does
  svg.addEventListener("mousedown", (e) => e.preventDefault());
  svg.addEventListener("focus", () => { if (!cursor || !hexSet.has(cursor)) moveCursor(startHex()); });
  svg.addEventListener("keydown", (e) => {
    if (ARROWS[e.key]) { moveCursor(neighbour(cursor, ARROWS[e.key])); e.preventDefault(); e.stopPropagation(); }
    else if (e.key === "Enter" || e.key === " ") { if (cursor) clickHex(cursor); e.preventDefault(); e.stopPropagation(); }
  });
}

function startHex() {
  const p = store.selected && pieceOf(store.selected);
  if (p && p.hex) return p.hex;
  const mine = Object.values(pieces()).find((x) => x && x.hex && hexSet.has(x.hex) && (!store.position || x.side === store.position.toAct));
  return mine ? mine.hex : store.map && store.map.ids[0];
}

/** The adjacent hex lying most nearly in the arrow's direction on the screen. */
function neighbour(hex, [dx, dy]) {
  const i = store.map.ids.indexOf(hex);
  if (i < 0) return startHex();
  const q = store.map.q[i], r = store.map.r[i], from = board.centers.get(hex);
  let best = hex, score = 0.3;
  for (const [a, b] of [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]) {
    const id = byCoords.get((q + a) + "," + (r + b));
    const c = id && board.centers.get(id);
    if (!c) continue;
    const vx = c[0] - from[0], vy = c[1] - from[1], len = Math.hypot(vx, vy);
    const d = (vx * dx + vy * dy) / len;
    if (d > score) { score = d; best = id; }
  }
  return best;
}

function moveCursor(hex) {
  cursor = hex;
  board.setCursor(hex);
  document.body.dataset.cursorHex = hex || "";
  onHover(hex);
}

/** Enter on the cursor's hex does what a click there does: on its counter (a stack opens), else on the hex. */
function clickHex(hex) {
  const at = board.screenAt(hex);
  const stack = stackAt(hex);
  if (stack.length) pieceClicked(stack[stack.length - 1].id, at, false);
  else onHex(hex, at);
}

export function setOverlayValues(list) {
  overlayNow = list;
  board.setOverlays(list, store.game ? store.game.system.sides : []);
  drawOverlayLegend(list, store.game ? store.game.system.sides : []);
}

function onHover(hex) {
  const el = $("#hover-info");
  if (!hex || !store.map) { el.textContent = "\u00a0"; previewAt(null); return; }
  const i = store.map.ids.indexOf(hex);
  const parts = [hex, store.map.terrainTypes[store.map.terrain[i]]];
  const f = store.map.features[hex];
  if (f) parts.push(f.join(", "));
  for (const s of sidesOf.get(hex) || []) parts.push(s.features.join("+") + " to " + s.other);
  const stack = stackAt(hex);
  if (stack.length > 1) parts.push("stack: " + stackTotals(stack));
  for (const p of stack) parts.push(describe(p, secretsOf(p.id)));
  for (const o of overlayNow) {
    if (o.values[hex] !== undefined) parts.push(o.name + " " + value(o.values[hex]));
    for (const [k, v] of Object.entries(o.values)) if (k.startsWith(hex + "/") && v !== null && v !== false) parts.push(o.name + " " + value(v) + " to " + k.slice(hex.length + 1));
  }
  el.textContent = parts.join(" · ");
  previewHovered(hex, stack);
}

// With a unit selected, an enemy in the hovered hex that its actions may attack: the attack is
// previewed before the click that makes it.
function previewHovered(hex, stack) {
  const sel = store.selected;
  if (!sel || !store.position || !stack.length) return previewAt(null);
  const { targets } = clicks.reachOf(store.position.actions, sel, pieces(), hexSet);
  previewAt(stack.some((p) => targets.has(p.id)) ? hex : null, [sel]);
}
