// The combat preview (system.yaml preview:): while an attack is composed, the board draws an arrow
// from each attacker to the hex it attacks and the panel under the prompt shows, for each fire, the
// odds or differential and how they were reached, the column after shifts and the row of results
// each face of the die gives, with the rule and the table as chips. Asked again at every position
// (an attacker added or removed), as the page's "view as" sees the game; it rolls nothing.
import { store, on } from "./store.js";
import { get } from "./api.js";
import { $, clear, h } from "./dom.js";
import { named } from "./format.js";
import { mainBoard } from "./boardview.js";
import { openTable } from "./tables.js";

let asked = 0;
let hovered = null;       // "hex>attackers" of the candidate attack shown, null: the one composed

export function initPreview() {
  on("game", () => { hovered = null; show(null); });
  on("position", () => { hovered = null; refresh(); });
}

/**
 * The attack of {@code attackers} on {@code hex} previewed while the pointer (or the keyboard's
 * cursor) is on it; null: back to the attack being composed.
 */
export async function previewAt(hex, attackers) {
  const key = hex && attackers && attackers.length ? hex + ">" + attackers.join(",") : null;
  if (key === hovered) return;
  hovered = key;
  document.body.dataset.previewHover = key ? hex : "";
  if (!key) return refresh();
  if (!store.id || !store.game || !store.game.preview) return;
  const mine = ++asked;
  try {
    const r = await get("/api/games/" + store.id + "/preview?hex=" + encodeURIComponent(hex) + "&attackers=" + encodeURIComponent(attackers.join(",")));
    if (mine === asked) show(r.preview);
  } catch (e) {
    if (mine === asked) show({ problem: { reason: e.message, rule: "" }, fires: [] });
  }
  if (mine === asked) document.body.dataset.previewRev = String(mine);
}

export async function refresh() {
  if (!store.id || !store.game || !store.game.preview) return show(null);
  const mine = ++asked;
  try {
    const r = await get("/api/games/" + store.id + "/preview");
    if (mine === asked) show(r.preview);
  } catch (e) {
    if (mine === asked) show({ problem: { reason: e.message, rule: "" }, fires: [] });
  }
  if (mine === asked) document.body.dataset.previewRev = String(mine);
}

function chip(rule) { return rule ? h("span", { class: "rule", title: "rule " + rule }, rule) : null; }

function tableChip(key, rule) {
  if (!key) return null;
  const [section, table] = key.split("/");
  return h("a", { class: "table-link", "data-table": key, title: "open " + key + " as loaded, errata applied" + (rule ? " (rule " + rule + ")" : ""),
    onclick: () => openTable(section, table) }, key);
}

/** One fire: odds, the steps to the column, the column, and the results row (die -> result). */
function fireOf(f) {
  const el = h("div", { class: "fire" });
  el.append(h("div", { class: "fire-head" }, h("strong", {}, named(f.label || "")), " ", chip(f.rule), " ", tableChip(f.table, f.rule)));
  if (f.odds) el.append(h("div", { class: "odds" }, h("span", { class: "label" }, f.odds.kind === "differential" ? "differential " : "odds "),
    f.odds.value !== null && f.odds.value !== undefined ? h("strong", {}, (f.odds.kind === "differential" && f.odds.value > 0 ? "+" : "") + f.odds.value) : null, " ", chip(f.odds.rule),
    h("div", { class: "why" }, named(f.odds.text || ""))));
  for (const st of f.steps || []) el.append(h("div", { class: "why" }, chip(st.rule), " ", named(st.text)));
  const col = f.column || {};
  el.append(h("div", { class: "column" }, h("span", { class: "label" }, "column "),
    h("strong", { "data-column": col.label || "" }, col.label || "none: no roll"), col.lineLabel ? " on the " + col.lineLabel + " line" : "", " ", chip(col.rule),
    col.text ? h("span", { class: "why" }, " " + col.text) : null));
  if ((f.results || []).length) {
    const head = h("tr", {}, h("th", { scope: "row" }, f.die || "die"));
    const body = h("tr", {}, h("th", { scope: "row" }, "result"));
    for (const r of f.results) {
      head.append(h("th", { scope: "col" }, r.die));
      body.append(h("td", { "data-die": r.die, title: [r.text, r.cell].filter(Boolean).join(" · ") }, r.result));
    }
    el.append(h("table", { class: "results-row", "aria-label": "the result each die roll gives" }, h("tbody", {}, head, body)));
  }
  return el;
}

function show(p) {
  const el = clear($("#combat-preview"));
  const board = mainBoard();
  if (board) board.setArrows(p ? arrowsOf(p) : []);
  document.body.dataset.previewFires = p ? String((p.fires || []).length) : "0";
  // for the console and for tests: the preview as the rules answered it (ids, not printed names)
  window.hexlab = Object.assign(window.hexlab || {}, { preview: p });
  if (!p) { el.hidden = true; return; }
  el.hidden = false;
  el.append(h("div", { class: "preview-head" }, h("strong", {}, "Combat preview"), " ", chip(p.rule),
    h("span", { class: "label" }, " before the die: nothing is rolled")));
  if (p.problem) el.append(h("div", { class: "refusal" }, named(p.problem.reason), " ", chip(p.problem.rule)));
  for (const f of p.fires || []) el.append(fireOf(f));
  for (const x of p.hidden || []) el.append(h("div", { class: "hidden-note" }, "hidden from this side: " + x));
  for (const n of p.notes || []) el.append(h("div", { class: "note" }, chip(n.rule), " ", named(n.text)));
}

/** An arrow from each attacker's hex to the hex it attacks (each defender hex when it names none). */
function arrowsOf(p) {
  const out = [], seen = new Set();
  for (const a of p.attackers || []) {
    for (const to of a.to ? [a.to] : p.hexes || []) {
      const k = a.hex + ">" + to;
      if (a.hex && to && a.hex !== to && !seen.has(k)) { seen.add(k); out.push({ from: a.hex, to }); }
    }
  }
  return out;
}
