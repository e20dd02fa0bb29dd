// Colours for terrain, hexside features, sides and overlay values; unknown names get a stable hashed hue.
const TERRAIN = {
  clear: "#f2ecd6", open: "#f2ecd6", desert: "#efe3c0", mixed: "#e3d5ab", rough: "#cfb98c", broken: "#cfb98c",
  hills: "#c7a876", hill: "#c7a876", mountain: "#a88e66", escarpment: "#b8976a", ridge: "#b8976a",
  lake: "#9cc3de", sea: "#8db7d6", water: "#9cc3de", ocean: "#8db7d6", marsh: "#bcd0aa", "salt-marsh": "#c8d6bb",
  sabkha: "#d8d7c4", depression: "#d9cfa8", town: "#dbc6b2", city: "#d0b09a", village: "#dbc6b2",
  forest: "#a3c08c", woods: "#a3c08c", oasis: "#b5d29a", dunes: "#ead49c", sand: "#ead49c",
};

const CROSSING = new Set(["road", "coast-road", "coastal-road", "highway", "track", "trail", "railway", "railroad", "rail", "pipeline", "bridge"]);

const SIDE_COLORS = {
  red: "#b9342a", blue: "#2f67ad", axis: "#6f7f8c", german: "#6f7f8c", germany: "#6f7f8c", italian: "#6a9361", italy: "#6a9361",
  british: "#c8a060", allied: "#c8a060", allies: "#c8a060", commonwealth: "#c8a060", us: "#7d8a46",
};
const PALETTE = ["#b9342a", "#2f67ad", "#4f8a3c", "#8a4fa0", "#c07a1a", "#3a8a8a"];

function hash(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); }
  return Math.abs(h);
}

// the system's own palette (display.yaml sides and terrain), over the defaults above
let palette = { terrain: {}, sides: {}, byField: null };

export function setPalette(tables) {
  const t = tables || {};
  palette = { terrain: (t.terrain && t.terrain.colors) || {}, sides: (t.sides && t.sides.colors) || {}, byField: t.sides ? t.sides["by-field"] : null };
}

export function terrainColor(name) { return palette.terrain[name] || TERRAIN[name] || "hsl(" + (hash(name) % 360) + ",32%,80%)"; }

function pieceColors(p) {
  return (palette.byField && palette.sides[p[palette.byField]]) || palette.sides[p.side] || null;
}

/** A counter's fill: its nationality's (or side's) colour as the system declares it, else the side's default. */
export function pieceFill(p, sides) { const c = pieceColors(p); return c ? c.fill : sideColor(p.side, sides); }

/** The ink on a counter: as declared, else black or white, whichever reads better on its fill. */
export function pieceInk(p, sides) { const c = pieceColors(p); return c && c.ink ? c.ink : textOn(pieceFill(p, sides)); }

/** Relative luminance (WCAG 2) of #rrggbb. */
export function luminance(color) {
  const m = /^#(..)(..)(..)$/.exec(color);
  if (!m) return 1;
  const [r, g, b] = m.slice(1).map((x) => { const c = parseInt(x, 16) / 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a, b) {
  const la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** A side's colour made dark enough to read as text on the page's light panels (contrast 4.5:1). */
export function sideText(side, sides) {
  const c = (palette.sides[side] && palette.sides[side].fill) || sideColor(side, sides);
  let [r, g, b] = hex3(c);
  for (let i = 0; i < 20 && contrast(toHex(r, g, b), "#fbfaf6") < 4.6; i++) { r *= 0.85; g *= 0.85; b *= 0.85; }
  return toHex(r, g, b);
}

function hex3(c) {
  const m = /^#(..)(..)(..)$/.exec(c);
  return m ? m.slice(1).map((x) => parseInt(x, 16)) : [80, 80, 80];
}

function toHex(r, g, b) { return "#" + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join(""); }

export function sideColor(side, sides) {
  if (palette.sides[side]) return palette.sides[side].fill;
  if (SIDE_COLORS[side]) return SIDE_COLORS[side];
  const i = sides ? sides.indexOf(side) : -1;
  return i >= 0 ? PALETTE[i % PALETTE.length] : "hsl(" + (hash(String(side)) % 360) + ",45%,45%)";
}

export function textOn(color) {
  const m = /^#(..)(..)(..)$/.exec(color);
  if (!m) return "#111";
  return contrast(color, "#111111") >= contrast(color, "#ffffff") ? "#111" : "#fff";
}

/** A road-like feature runs from centre to centre across the side; anything else lies along the side. */
export function crossesSide(name) { return CROSSING.has(name) || /road|track|trail|rail/.test(name); }

export function hexsideStyle(name) {
  if (/road|highway/.test(name)) return { stroke: "#b0602a", width: 3.5, dash: "" };
  if (/track|trail/.test(name)) return { stroke: "#b0602a", width: 2.5, dash: "6 4" };
  if (/rail/.test(name)) return { stroke: "#333", width: 2.5, dash: "2 3" };
  if (/river|wadi-water|stream/.test(name)) return { stroke: "#2f78c4", width: 5, dash: "" };
  if (/escarp|cliff|ridge/.test(name)) return { stroke: "#3f2a14", width: 5, dash: "", ticks: true };
  if (/wadi/.test(name)) return { stroke: "#a5804e", width: 4, dash: "5 3" };
  if (/mine/.test(name)) return { stroke: /axis|german|italian/.test(name) ? "#5a5a5a" : "#b3261e", width: 5, dash: "1 4", cap: "round" };
  if (/wire|fort|box|perimeter/.test(name)) return { stroke: "#222", width: 3, dash: "4 2 1 2" };
  return { stroke: "hsl(" + (hash(name) % 360) + ",55%,38%)", width: 4, dash: "" };
}

const OVERLAY_HUES = [48, 280, 160, 20, 200, 330];

function sidesNamed(value, sides) { return sides.filter((x) => new RegExp("(^|[^a-z])" + x + "([^a-z]|$)", "i").test(value)); }

// how far a tone is lightened toward white: the first kind keeps the side's colour
const TONES = [0, 0.45, 0.7, 0.25, 0.85];

function toneOf(color, k) {
  if (!k || !/^#/.test(color)) return color;
  const f = TONES[k % TONES.length];
  return toHex(...hex3(color).map((v) => v + (255 - v) * f));
}

/**
 * Distinct tones for the kinds of value one side has in one overlay ("axis HZOC", "axis LZOC"):
 * value -> tone index, kinds of a side in alphabetical order, so board and legend agree.
 */
export function overlayTones(values, sides) {
  const bySide = new Map(), out = new Map();
  if (!sides) return out;
  for (const v of new Set(Object.values(values))) {
    if (typeof v !== "string" || sides.includes(v)) continue;
    const named = sidesNamed(v, sides);
    if (named.length !== 1 || !v.toLowerCase().startsWith(named[0].toLowerCase())) continue;
    if (!bySide.has(named[0])) bySide.set(named[0], []);
    bySide.get(named[0]).push(v);
  }
  for (const kinds of bySide.values()) kinds.sort().forEach((v, k) => out.set(v, k));
  return out;
}

const LACK = /^(out of|partly out|cannot|hidden|blocked|unsupplied|none\b)/i;

/**
 * An overlay value's fill: a side in its colour, also a text naming one side first ("axis HZOC");
 * a text naming two sides a contested purple; a text of lack ("out of supply", "cannot move: ...",
 * "hidden") a muted red; numbers shaded by size; anything else by hashed hue.
 */
export function overlayFill(value, index, sides, max, tones) {
  if (typeof value === "string" && sides && sides.includes(value)) return sideColor(value, sides);
  if (typeof value === "string" && sides) {
    const named = sidesNamed(value, sides);
    if (named.length > 1 || value === "both") return "#7a4f9a";
    if (named.length === 1 && value.toLowerCase().startsWith(named[0].toLowerCase())) {
      return toneOf(sideColor(named[0], sides), tones ? tones.get(value) || 0 : 0);
    }
    if (LACK.test(value)) return "#c0504a";
  }
  if (typeof value === "number") {
    const t = max > 0 ? Math.min(1, value / max) : 0;
    return "hsl(" + OVERLAY_HUES[index % OVERLAY_HUES.length] + ",80%," + (72 - 30 * t) + "%)";
  }
  if (value === true) return "hsl(" + OVERLAY_HUES[index % OVERLAY_HUES.length] + ",75%,55%)";
  return "hsl(" + (hash(String(JSON.stringify(value))) % 360) + ",60%,55%)";
}
