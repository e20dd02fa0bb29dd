// Overlays the system declares (system.yaml overlays:), toggled on demand and asked again whenever
// the position, the selected piece or the side changes. The selected piece goes as args.unit, the
// marked hex (else the selected piece's hex) as args.hex.
import { store, on, pieceOf } from "./store.js";
import { get } from "./api.js";
import { $, clear, h } from "./dom.js";
import { setOverlayValues } from "./boardview.js";
import * as banner from "./banner.js";

let asked = 0;

export function initOverlays() {
  on("game", build);
  on("position", refresh);
  on("selection", refresh);
  on("map", refresh);
  $("#overlay-side").addEventListener("change", (e) => { store.overlaySide = e.target.value; refresh(); });
}

function build() {
  const el = clear($("#overlay-toggles"));
  const names = store.game.overlays;
  for (const n of [...store.overlays]) if (!names.includes(n)) store.overlays.delete(n);
  if (!names.length) el.append(h("span", { class: "label" }, "none declared"));
  for (const n of names) {
    el.append(h("label", { title: "overlay " + n + " (system.yaml overlays:)" },
      h("input", { type: "checkbox", "data-overlay": n, checked: store.overlays.has(n), onchange: (e) => { e.target.checked ? store.overlays.add(n) : store.overlays.delete(n); refresh(); } }),
      " " + n));
  }
  const side = clear($("#overlay-side"));
  side.append(h("option", { value: "" }, "all"));
  for (const s of store.game.system.sides) side.append(h("option", { value: s }, s));
  if (!store.game.system.sides.includes(store.overlaySide)) store.overlaySide = "";
  side.value = store.overlaySide;
}

export async function refresh() {
  if (!store.id || !store.map) return;
  const mine = ++asked;
  const q = new URLSearchParams();
  if (store.selected) q.set("unit", store.selected);
  const from = store.marked || (store.selected && pieceOf(store.selected) ? pieceOf(store.selected).hex : null);
  if (from) q.set("hex", from);
  if (store.overlaySide) q.set("side", store.overlaySide);
  try {
    const list = await Promise.all([...store.overlays].map((n) => get("/api/games/" + store.id + "/overlays/" + encodeURIComponent(n) + "?" + q)));
    if (mine !== asked) return;
    setOverlayValues(list.map((o) => ({ name: o.name, values: o.values || {} })));
    document.body.dataset.overlayRev = String(mine);
  } catch (e) {
    if (mine === asked) banner.error(e);
  }
}
