// Words for actions, values and results, the same everywhere on the page. A unit is named as its
// counter prints it (its name field), never by the piece id the rules use.
import { pieces } from "./store.js";

/** A text with every piece id in it replaced by the piece's printed name. */
export function named(text) {
  const ps = pieces();
  return String(text).replace(/[A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9]/g, (w) => (ps[w] && !ps[w].hidden ? nameOf(ps[w]) : w));
}

/** A piece's printed designation: its name, else its label, else its id. */
export function nameOf(p) { return String(p.name || p.label || p.id); }

/** A prompt without the side the page already shows in front of it ("allied: allied: ..."). */
export function prompt(text, side) {
  let t = String(text || "");
  if (side && t.toLowerCase().startsWith(side.toLowerCase() + ":")) t = t.slice(side.length + 1).trim();
  return named(t);
}

export function value(v) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** "move r1 0403" style: the verb, then the other fields' values in their order (lists as "a, b"). */
export function action(a) {
  if (!a || typeof a !== "object") return value(a);
  const rest = Object.entries(a).filter(([k]) => k !== "do");
  const verb = a.do !== undefined ? String(a.do) : "";
  const listed = (v) => (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object") ? (v.length ? v.join(", ") : "none") : value(v));
  const parts = rest.map(([k, v]) => (k === "to" ? "→ " : k === "target" ? "on " : k === "impulse" || k === "unit" ? "" : k + " ") + listed(v));
  return named([verb, ...parts].filter(Boolean).join(" "));
}

export function result(r) {
  if (!r) return "";
  if (r.winner !== undefined) return (r.winner ? r.winner + " wins" : "draw") + (r.reason ? " (" + r.reason + ")" : r.level ? " (" + r.level + ")" : "");
  return r.ended || r.reason || JSON.stringify(r);
}

export function rollText(e) {
  const faces = (e.faces || []).join("+");
  const mods = (e.mods || []).map((m) => (m.value >= 0 ? "+" : "") + m.value + (m.why ? " " + m.why : "")).join(", ");
  return (e.dice || "dice") + " [" + faces + "]" + (mods ? " " + mods : "") + " = " + e.total;
}
