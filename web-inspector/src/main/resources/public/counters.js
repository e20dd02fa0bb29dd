// Pieces as counters, laid out as the system prints them (tables/<system>/display.yaml: which fields
// show where, the unit size and the NATO type symbol from the unit's type, side colours); a system
// without one gets a default: name, and its values along the bottom. A piece a side's view shows
// only from outside ({hidden: true}) is drawn as a counter's back; for the designer, a piece hidden
// from a side has a dashed edge and says from whom.
import { s } from "./dom.js";
import { pieceFill, pieceInk } from "./colors.js";

export const COUNTER = 40;        // a counter's side, in SVG units (a hex is 60 across)

const META = new Set(["id", "side", "hex", "name", "values", "type", "kind", "label", "status", "hidden", "unit"]);
const VALUE_KEYS = ["attack", "strength", "defense", "defence", "range", "ma", "mp", "movement", "steps"];
const SIZES = { team: "ø", squad: "•", section: "••", platoon: "•••", company: "I", battalion: "II", regiment: "III", brigade: "X", division: "XX", corps: "XXX", army: "XXXX" };

let display = { counter: null, lookup: {} };

/** The system's display data (GET /api/systems/{id}/display), or none. */
export function setDisplay(d) {
  const t = (d && d.tables) || {};
  display = { counter: t.counter || null, lookup: (d && d.lookup) || {}, key: t.lookup ? t.lookup.key : null };
}

/** A piece with the fields the display looks up in the order of battle (e.g. its size). */
function withLookup(p) {
  const extra = display.key && display.lookup[p[display.key]];
  return extra ? Object.assign({}, extra, p) : p;
}

function matches(p, when) {
  return Object.entries(when || {}).every(([k, v]) => (Array.isArray(v) ? v.includes(p[k]) : p[k] === v));
}

/** "{haf}-{saf}" with the piece's fields; a part whose field the piece lacks is left out. */
function fill(template, p) {
  if (!template) return "";
  return String(template).split("-").map((part) => part.replace(/\{([^}]+)\}/g, (m, k) => (p[k] === undefined || p[k] === null ? "\u0000" : String(p[k]))))
    .filter((x) => x && !x.includes("\u0000")).join("-");
}

/** The counter's texts and symbol for a piece: the layout, its cases merged over it, filled in. */
export function layoutOf(piece) {
  const p = withLookup(piece);
  const c = display.counter;
  if (!c) return { name: String(p.name || p.label || p.id), values: valuesOf(p), corner: "", topRight: "", size: "", symbol: null };
  let l = { ...c };
  for (const k of c.cases || []) if (matches(p, k.when)) l = { ...l, ...k };
  const sym = (c.symbols || []).find((x) => matches(p, x.when));
  const size = l.size && !String(l.size).includes("{") ? l.size : fill(l.size, p);
  return { name: fill(l.name || "{name}", p) || String(p.id), values: fill(l.values, p), corner: fill(l.corner, p), topRight: fill(l.topRight, p),
    size: SIZES[size] || size || "", symbol: sym ? sym.symbol : null, stripe: fill(l.stripe, p) };
}

/** The numbers printed on a counter of a system without a layout: its `values`, else its usual combat and movement fields. */
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
  return layoutOf(p).name;
}

/** A stack's totals: its units, and the sums the display names (e.g. stacking points). */
export function stackTotals(stack) {
  const parts = [stack.length + " unit" + (stack.length === 1 ? "" : "s")];
  for (const t of (display.counter && display.counter.totals) || []) {
    const sum = stack.reduce((n, p) => n + (typeof p[t.field] === "number" ? p[t.field] : 0), 0);
    parts.push(sum + " " + (t.label || t.field));
  }
  return parts.join(", ");
}

export function describe(p, secrets) {
  if (p.hidden) return (p.label ? p.label + ": " : "") + "a " + p.side + " counter seen from its back";
  const hiddenFrom = (secrets || []).map((x) => "hidden from " + x.side + ": " + x.fields.join(", "));
  const st = statusOf(p).concat(hiddenFrom);
  const l = layoutOf(p);
  const kind = [l.size ? sizeWord(l.size) : "", l.symbol || p.type || ""].filter(Boolean).join(" ");
  return l.name + ", " + p.side + (kind ? " " + kind : "") + (l.values ? ", " + [l.corner, l.values, l.topRight].filter(Boolean).join(" ") : "") + (st.length ? ", " + st.join(", ") : "");
}

function sizeWord(mark) { return Object.keys(SIZES).find((k) => SIZES[k] === mark) || mark; }

/** The NATO type symbol in a 16x10 frame centred at (0, y). */
function symbol(name, y, ink) {
  const w = 16, hgt = 10, x0 = -w / 2, y0 = y - hgt / 2;
  const line = (x1, y1, x2, y2) => s("line", { x1, y1, x2, y2, stroke: ink, "stroke-width": 1 });
  const out = [s("rect", { x: x0, y: y0, width: w, height: hgt, fill: "none", stroke: ink, "stroke-width": 1 })];
  const cross = () => { out.push(line(x0, y0, x0 + w, y0 + hgt), line(x0, y0 + hgt, x0 + w, y0)); };
  const oval = () => out.push(s("rect", { x: x0 + 3, y: y0 + 2.5, width: w - 6, height: hgt - 5, rx: 2.5, fill: "none", stroke: ink, "stroke-width": 1 }));
  switch (name) {
    case "infantry": cross(); break;
    case "motorized-infantry": cross(); out.push(line(0, y0, 0, y0 + hgt)); break;
    case "armor": oval(); break;
    case "self-propelled": oval(); out.push(s("circle", { cx: 0, cy: y, r: 1.6, fill: ink })); break;
    case "armored-car": oval(); out.push(line(x0, y0 + hgt, x0 + w, y0)); break;
    case "recon": out.push(line(x0, y0 + hgt, x0 + w, y0)); break;
    case "artillery": out.push(s("circle", { cx: 0, cy: y, r: 2, fill: ink })); break;
    case "anti-tank": out.push(line(x0, y0 + hgt, 0, y0), line(0, y0, x0 + w, y0 + hgt)); break;
    case "anti-aircraft": out.push(s("path", { d: "M" + x0 + "," + (y0 + hgt) + " Q0," + (y0 - 3) + " " + (x0 + w) + "," + (y0 + hgt), fill: "none", stroke: ink, "stroke-width": 1 })); break;
    case "engineer": out.push(s("path", { d: "M-5," + (y + 2) + " v-4 h10 v4 M0," + (y - 2) + " v4", fill: "none", stroke: ink, "stroke-width": 1 })); break;
    case "machine-gun": out.push(s("text", { x: 0, y: y + 2.5, class: "c-sym", fill: ink }, "MG")); break;
    case "hq": out.push(s("text", { x: 0, y: y + 2.5, class: "c-sym", fill: ink }, "HQ")); break;
    default: if (name) out.push(s("text", { x: 0, y: y + 2.5, class: "c-sym", fill: ink }, String(name).slice(0, 3)));
  }
  return out;
}

export function counter(p, x, y, sides, { selected, target, secrets, differs, stack } = {}) {
  const fill = pieceFill(p, sides);
  const ink = pieceInk(p, sides);
  const st = p.hidden ? [] : statusOf(p);
  const secret = secrets && secrets.length;
  const cls = "counter" + (selected ? " selected" : "") + (target ? " target" : "") + (differs ? " differs" : "") + (st.length ? " has-status" : "") + (p.hidden ? " back" : "") + (secret ? " secret" : "");
  const attrs = { class: cls, transform: "translate(" + x.toFixed(1) + "," + y.toFixed(1) + ")", "data-piece": p.id, "data-hex": p.hex };
  if (p.hidden) attrs["data-back"] = "true";
  if (secret) attrs["data-hidden-from"] = secrets.map((x) => x.side).join(" ");
  const half = COUNTER / 2;
  const g = s("g", attrs, s("title", {}, describe(p, secrets) + (stack ? "\nstack: " + stackTotals(stack) + " (click to open)" : "")),
    s("rect", { x: -half, y: -half, width: COUNTER, height: COUNTER, rx: 3, fill, stroke: "#1d1f21", "stroke-width": 1.2 }));
  if (p.hidden) {
    g.append(s("text", { class: "c-name", x: 0, y: 4, fill: ink }, labelOf(p)));
    return g;
  }
  const l = layoutOf(p);
  g.append(
    l.corner ? s("text", { class: "c-corner", x: -half + 2, y: -half + 8, fill: ink }, l.corner) : null,
    l.topRight ? s("text", { class: "c-corner end", x: half - 2, y: -half + 8, fill: ink }, l.topRight) : null,
    l.size ? s("text", { class: "c-size", x: 0, y: -half + 7.5, fill: ink }, l.size) : null,
    ...symbol(l.symbol, -4, ink),
    s("text", { class: "c-name", x: 0, y: 8.5, fill: ink, textLength: l.name.length > 8 ? COUNTER - 4 : null, lengthAdjust: "spacingAndGlyphs" }, l.name),
    s("text", { class: "c-values", x: 0, y: half - 2.5, fill: ink }, l.values),
    st.length ? s("text", { class: "c-status", x: half - 1.5, y: -half + 16, fill: ink }, st.map((w) => w[0].toUpperCase()).join("")) : null);
  return g;
}

/** A counter alone in a small SVG of its own, for lists (a stack opened, compare). */
export function miniCounter(p, sides) {
  const svg = s("svg", { class: "board mini-counter", viewBox: [-COUNTER / 2 - 1, -COUNTER / 2 - 1, COUNTER + 2, COUNTER + 2].join(" "), width: 44, height: 44, "aria-hidden": "true" });
  svg.append(counter(p, 0, 0, sides, {}));
  return svg;
}
