// The board's legend: the terrain and hexside features this map uses, in the colours drawn.
import { $, clear, h } from "./dom.js";
import { terrainColor, hexsideStyle, overlayFill, overlayTones } from "./colors.js";
import { value as fmtValue } from "./format.js";

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

const SHOWN = 8;

/**
 * A legend for each overlay shown, in the colours the board gives its values: a side's colour, a
 * contested purple, the red of lack, a scale from the least to the most for numbers.
 */
export function drawOverlayLegend(list, sides) {
  const el = clear($("#overlay-legend"));
  el.hidden = !list.length;
  list.forEach(({ name, values }, index) => {
    const vs = Object.values(values).filter((v) => v !== null && v !== false);
    if (!vs.length) { el.append(h("span", { class: "ov-key", "data-overlay": name }, h("strong", {}, name), ": nothing here")); return; }
    const nums = vs.filter((v) => typeof v === "number");
    const max = nums.length ? Math.max(...nums) : 0, tones = overlayTones(values, sides);
    const keys = [];
    if (nums.length) {
      const min = Math.min(...nums);
      keys.push([min, String(Math.round(min * 100) / 100)], [max, String(Math.round(max * 100) / 100) + (nums.length > 1 ? " (numbers printed on the hexes)" : "")]);
    }
    const counts = new Map();
    for (const v of vs) if (typeof v !== "number") { const k = JSON.stringify(v); counts.set(k, (counts.get(k) || 0) + 1); }
    const kinds = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    for (const [k] of kinds.slice(0, SHOWN)) { const v = JSON.parse(k); keys.push([v, v === true ? "yes" : fmtValue(v)]); }
    el.append(h("span", { class: "ov-key", "data-overlay": name }, h("strong", {}, name + ":"),
      keys.map(([v, label]) => h("span", {}, h("span", { class: "swatch", style: "background:" + overlayFill(v, index, sides, max, tones) }), label)),
      kinds.length > SHOWN ? h("span", { class: "label" }, "and " + (kinds.length - SHOWN) + " more (hover a hex)") : null));
  });
}
