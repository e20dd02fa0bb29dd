// The main board wired to the game: the map of the open game, its pieces, clicks that act, and
// the hover line (hex id, terrain, features, hexsides, pieces, overlay values).
import { Board } from "./board.js";
import { store, on, emit, pieces, secretsOf } from "./store.js";
import { get } from "./api.js";
import * as clicks from "./clicks.js";
import * as commands from "./commands.js";
import { $, clear, h } from "./dom.js";
import { action as fmtAction, value } from "./format.js";
import { describe } from "./counters.js";
import { drawLegend } from "./legend.js";

let board;
let hexSet = new Set();
let sidesOf = new Map();      // hex -> [{other, features}]
let overlayNow = [];
let firstDraw = true;

export function mainBoard() { return board; }

export function hexes() { return hexSet; }

export function initBoardView() {
  board = new Board($("#board"), { onHex, onPiece, onHover });
  on("game", loadMap);
  on("position", redraw);
  on("selection", redraw);
  $("#zoom-in").addEventListener("click", () => board.zoomBy(1.4));
  $("#zoom-out").addEventListener("click", () => board.zoomBy(1 / 1.4));
  $("#zoom-fit").addEventListener("click", () => board.fit());
  $("#show-ids").addEventListener("change", (e) => board.setShowIds(e.target.checked));
  document.addEventListener("click", (e) => { if (!e.target.closest("#chooser")) $("#chooser").hidden = true; });
}

async function loadMap() {
  const id = store.id;
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
  sidesOf = new Map();
  for (const s of map.hexsides) {
    for (const [x, y] of [[s.a, s.b], [s.b, s.a]]) {
      if (!sidesOf.has(x)) sidesOf.set(x, []);
      sidesOf.get(x).push({ other: y, features: s.features });
    }
  }
  board.setMap(map);
  drawLegend(map);
  redraw();
  emit("map", map);
}

function redraw() {
  if (!store.position || !store.map) return;
  const sel = store.selected;
  const { dest, targets } = sel ? clicks.reachOf(store.position.actions, sel, pieces(), hexSet) : { dest: new Map(), targets: new Map() };
  board.setPieces(pieces(), store.game.system.sides, sel, new Set(targets.keys()), secretsOf);
  board.setHighlights([...dest.keys()], store.marked);
  const off = Object.values(pieces()).filter((p) => p && !p.hex);
  const el = clear($("#offmap"));
  if (off.length) el.append("off the map: " + off.map((p) => p.id).join(", "));
  document.body.dataset.pieces = String(Object.keys(pieces()).length);
  if (firstDraw) {
    firstDraw = false;
    performance.mark("board-drawn");
    document.body.dataset.boardReady = "true";
  }
}

export function select(id) {
  store.selected = id;
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
  el.style.left = Math.min(e.clientX + 6, innerWidth - 260) + "px";
  el.style.top = Math.min(e.clientY + 6, innerHeight - 40 - 26 * list.length) + "px";
  setTimeout(() => { el.hidden = false; }, 0);
}

function onPiece(id, e) {
  if (!store.position) return;
  const acts = store.position.actions, ps = pieces(), sel = store.selected;
  if (sel && sel !== id) {
    const hit = clicks.forTarget(acts, id, sel, ps, hexSet);
    if (hit.length) return choose(hit, e);
    const into = clicks.forHex(acts, ps[id].hex, sel, ps, hexSet);
    if (into.length) return choose(into, e);
  }
  if (!sel && !clicks.actors(acts, ps, hexSet).has(id)) {
    const here = clicks.forHex(acts, ps[id].hex, null, ps, hexSet);
    if (here.length) return choose(here, e);
  }
  select(sel === id ? null : id);
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

export function setOverlayValues(list) {
  overlayNow = list;
  board.setOverlays(list, store.game ? store.game.system.sides : []);
}

function onHover(hex) {
  const el = $("#hover-info");
  if (!hex || !store.map) { el.textContent = "\u00a0"; return; }
  const i = store.map.ids.indexOf(hex);
  const parts = [hex, store.map.terrainTypes[store.map.terrain[i]]];
  const f = store.map.features[hex];
  if (f) parts.push(f.join(", "));
  for (const s of sidesOf.get(hex) || []) parts.push(s.features.join("+") + " to " + s.other);
  for (const p of Object.values(pieces())) if (p && p.hex === hex) parts.push(describe(p, secretsOf(p.id)));
  for (const o of overlayNow) if (o.values[hex] !== undefined) parts.push(o.name + " " + value(o.values[hex]));
  el.textContent = parts.join(" · ");
}
