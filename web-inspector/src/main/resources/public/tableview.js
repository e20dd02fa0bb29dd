// A table's data drawn as grids, with the cell a trace names marked: rows by key, columns by the
// table's `columns:` list (or the inner keys), the cell matched on its values (row 3, column "1:1").
import { h } from "./dom.js";
import { value } from "./format.js";

const META = new Set(["status", "rule", "note", "source"]);

export function renderTable(data, cell) {
  const vals = new Set(cell && typeof cell === "object" ? Object.values(cell).map(String) : cell !== undefined && cell !== null ? [String(cell)] : []);
  const keys = new Set(cell && typeof cell === "object" ? Object.keys(cell) : []);
  const out = h("div", { class: "table-data" });
  if (data === null || typeof data !== "object" || Array.isArray(data)) { out.append(block("", data, null, vals, keys)); return out; }
  const columns = Array.isArray(data.columns) ? data.columns : null;
  const scalars = [];
  for (const [k, v] of Object.entries(data)) {
    if (META.has(k) || (k === "columns" && columns)) continue;
    if (v === null || typeof v !== "object") scalars.push([k, v]);
    else out.append(block(k, v, columns, vals, keys));
  }
  if (scalars.length) out.prepend(keyValues(scalars, vals, keys));
  return out;
}

function block(name, v, columns, vals, keys) {
  const wrap = h("div", {}, name ? h("div", { class: "label" }, name) : null);
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object")) wrap.append(listRow(v, columns, vals));
  else if (Array.isArray(v) && v.every((x) => Array.isArray(x))) wrap.append(grid(v.map((r, i) => [String(i), r]), columns, vals));
  else if (Array.isArray(v) && v.every((x) => x && typeof x === "object")) wrap.append(records(v, vals));
  else if (!Array.isArray(v) && Object.values(v).every((x) => Array.isArray(x) && x.every((y) => y === null || typeof y !== "object"))) wrap.append(grid(Object.entries(v), columns, vals));
  else if (!Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x !== "object")) wrap.append(keyValues(Object.entries(v), vals, keys));
  else if (!Array.isArray(v) && Object.values(v).every((x) => x && typeof x === "object" && !Array.isArray(x))) wrap.append(nested(v, vals, keys));
  else wrap.append(h("pre", { class: "json" }, JSON.stringify(v, null, 1)));
  return wrap;
}

/** Rows keyed by name, each a list of values: the usual combat results table. */
function grid(rows, columns, vals) {
  const width = Math.max(0, ...rows.map(([, r]) => r.length));
  const cols = columns && columns.length === width ? columns.map(String) : [...Array(width).keys()].map(String);
  const t = h("table", { class: "data" }, h("tr", {}, h("th", {}, ""), cols.map((c) => h("th", { class: vals.has(c) ? "mark-row" : "" }, c))));
  const colHit = cols.map((c) => vals.has(c));
  for (const [k, r] of rows) {
    const rowHit = vals.has(String(k));
    const tr = h("tr", { class: rowHit ? "mark-row" : "" }, h("th", {}, k));
    r.forEach((x, i) => tr.append(h("td", { class: rowHit && colHit[i] ? "mark" : "", "data-row": k, "data-col": cols[i] }, value(x))));
    t.append(tr);
  }
  return t;
}

function keyValues(entries, vals, keys) {
  const t = h("table", { class: "data" });
  for (const [k, v] of entries) {
    const hit = vals.has(String(k)) || keys.has(String(k));
    t.append(h("tr", {}, h("th", {}, k), h("td", { class: hit ? "mark" : "", "data-row": k }, value(v))));
  }
  return t;
}

/** A mapping of mappings: rows by outer key, columns by inner keys. */
function nested(v, vals, keys) {
  const cols = [];
  for (const r of Object.values(v)) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const t = h("table", { class: "data" }, h("tr", {}, h("th", {}, ""), cols.map((c) => h("th", {}, c))));
  for (const [k, r] of Object.entries(v)) {
    const rowHit = vals.has(String(k));
    const tr = h("tr", {}, h("th", {}, k));
    for (const c of cols) tr.append(h("td", { class: rowHit && (vals.has(c) || keys.has(c)) ? "mark" : "", "data-row": k, "data-col": c }, value(r[c])));
    t.append(tr);
  }
  return t;
}

function records(list, vals) {
  const cols = [];
  for (const r of list) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const t = h("table", { class: "data" }, h("tr", {}, cols.map((c) => h("th", {}, c))));
  for (const r of list) {
    const hit = cols.some((c) => vals.has(String(r[c])) && typeof r[c] !== "number");
    t.append(h("tr", { class: hit ? "mark-row" : "" }, cols.map((c) => h("td", {}, value(r[c])))));
  }
  return t;
}

function listRow(v, columns, vals) {
  const cols = columns && columns.length === v.length ? columns.map(String) : null;
  const t = h("table", { class: "data" });
  if (cols) t.append(h("tr", {}, cols.map((c) => h("th", {}, c))));
  t.append(h("tr", {}, v.map((x, i) => h("td", { class: vals.has(String(x)) && (!cols || vals.has(cols[i])) ? "mark" : "" }, value(x)))));
  return t;
}
