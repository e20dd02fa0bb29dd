// One line of news at the top: what the last command did, or why it failed (message and rule or file:line).
import { $, clear, h } from "./dom.js";

let timer = null;

export function show(text, kind = "info", detail) {
  const el = $("#banner");
  clear(el);
  el.className = "banner " + kind;
  el.append(h("span", { class: "text", text }));
  if (detail) el.append(h("span", { class: "detail", text: detail }));
  el.append(h("button", { class: "close", title: "dismiss", text: "×", onclick: hide }));
  clearTimeout(timer);
  if (kind === "info") timer = setTimeout(hide, 6000);
}

export function hide() {
  const el = $("#banner");
  clear(el);
  el.className = "banner";
}

/** Shows what the server said went wrong; a rule or engine error names its script and line. */
export function error(e) {
  const b = e.body || {};
  const where = b.location || b.position || (b.file ? b.file + (b.line ? ":" + b.line : "") : "");
  show(e.message || String(e), "error", where && !String(e.message).includes(where) ? where : "");
}
