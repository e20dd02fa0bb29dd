// Pieces as counters: side colour, name, values (e.g. 4-4) and status marks, stacked with a small offset.
// A piece a side's view shows only from outside ({hidden: true}) is drawn as a counter's back; for
// the designer, a piece hidden from a side has a dashed edge and says from whom.
import { s } from "./dom.js";
import { sideColor, textOn } from "./colors.js";

const META = new Set(["id", "side", "hex", "name", "values", "type", "kind", "label", "status", "hidden"]);
const VALUE_KEYS = ["attack", "strength", "defense", "defence", "range", "ma", "mp", "movement", "steps"];

/** The numbers printed on a counter: its `values`, else its usual combat and movement fields. */
export function valuesOf(p) {
  if (p.values && typeof p.values === "object") return Object.values(p.values).filter((v) => typeof v !== "object").join("-");
  const known = VALUE_KEYS.filter((k) => typeof p[k] === "number").map((k) => p[k]);
  if (known.length) return known.join("-");
  return Object.entries(p).filter(([k, v]) => !META.has(k) && typeof v === "number").map(([, v]) => v).slice(0, 3).join("-");
}

/** Flags that are on (moved, disrupted, ...) and a status word, if the rules keep one; not the fixed type flags (armor, hq). */
export function statusOf(p) {
  const fixed = new Set(p.$fixed || []);
  const out = Object.entries(p).filter(([k, v]) => v === true && !META.has(k) && !fixed.has(k)).map(([k]) => k);
  if (typeof p.status === "string" && p.status) out.unshift(p.status);
  return out;
}

export function labelOf(p) {
  if (p.hidden) return String(p.label || "?");
  const n = String(p.name || p.label || p.id);
  return n.length > 9 ? n.slice(0, 8) + "…" : n;
}

export function describe(p, secrets) {
  if (p.hidden) return (p.label ? p.label + ": " : "") + "a " + p.side + " counter seen from its back";
  const hiddenFrom = (secrets || []).map((x) => "hidden from " + x.side + ": " + x.fields.join(", "));
  const st = statusOf(p).concat(hiddenFrom);
  return (p.name ? p.name + " (" + p.id + ")" : p.id) + ", " + p.side + (valuesOf(p) ? ", " + valuesOf(p) : "") + (st.length ? ", " + st.join(", ") : "");
}

export function counter(p, x, y, sides, { selected, target, secrets } = {}) {
  const fill = sideColor(p.side, sides);
  const ink = textOn(fill);
  const st = p.hidden ? [] : statusOf(p);
  const secret = secrets && secrets.length;
  const cls = "counter" + (selected ? " selected" : "") + (target ? " target" : "") + (st.length ? " has-status" : "") + (p.hidden ? " back" : "") + (secret ? " secret" : "");
  const attrs = { class: cls, transform: "translate(" + x.toFixed(1) + "," + y.toFixed(1) + ")", "data-piece": p.id, "data-hex": p.hex };
  if (p.hidden) attrs["data-back"] = "true";
  if (secret) attrs["data-hidden-from"] = secrets.map((x) => x.side).join(" ");
  return s("g", attrs,
    s("title", {}, describe(p, secrets)),
    s("rect", { x: -15, y: -15, width: 30, height: 30, rx: 3, fill, stroke: "#222", "stroke-width": 1 }),
    s("text", { class: "c-name", x: 0, y: p.hidden ? 4 : -4, fill: ink }, labelOf(p)),
    p.hidden ? null : s("text", { class: "c-values", x: 0, y: 10, fill: ink }, valuesOf(p)),
    st.length ? s("text", { class: "c-status", x: 13, y: -8, fill: ink }, st.map((w) => w[0].toUpperCase()).join("")) : null);
}
