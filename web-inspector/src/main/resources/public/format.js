// Words for actions, values and results, the same everywhere on the page.
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
  const parts = rest.map(([k, v]) => (k === "to" ? "→ " : k === "target" ? "on " : k === "impulse" ? "" : k + " ") + listed(v));
  return [verb, ...parts].filter(Boolean).join(" ");
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
