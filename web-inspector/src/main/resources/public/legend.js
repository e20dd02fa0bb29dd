// The board's legend: the terrain and hexside features this map uses, in the colours drawn.
import { $, clear, h } from "./dom.js";
import { terrainColor, hexsideStyle } from "./colors.js";

export function drawLegend(map) {
  const el = clear($("#legend"));
  if (!map) return;
  const used = new Set(map.terrain);
  map.terrainTypes.forEach((t, i) => {
    if (used.has(i)) el.append(h("span", {}, h("span", { class: "swatch", style: "background:" + terrainColor(t) }), t));
  });
  const sides = new Set();
  for (const s of map.hexsides) for (const f of s.features) sides.add(f);
  for (const f of [...sides].sort()) {
    const st = hexsideStyle(f);
    el.append(h("span", {}, h("span", { class: "swatch line", style: "background:" + st.stroke }), f));
  }
  el.append(h("span", { class: "label", title: map.source || "" }, "map " + map.name + " (" + map.status + ")"));
}
