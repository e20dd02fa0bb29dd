// A table's data drawn as grids, with the cell a trace names marked: rows by key, columns by the
// table's `columns:` list (or the inner keys), the cell matched on its values (row 3, column "1:1").
// Every cell holding one value carries its path (data-path: section/table/key/...) and the kind of
// its value (data-kind), so the Tables tab can turn an edit into a draft erratum's change.
import { h } from "./dom.js";
import { value } from "./format.js";

const META = new Set(["status", "rule", "note", "source"]);

const join = (p, k) => (p ? p + "/" + k : String(k));
const edit = (path, x) => ({ "data-path": path, "data-kind": x === null ? "null" : typeof x, "data-raw": String(x) });
// a cell of one value carries its path; a cell that is a small record ({L: "c-e", M: "a-b"}) carries one per field
function leaf(path, x, attrs) {
  if (x !== null && typeof x === "object" && !Array.isArray(x) && Object.values(x).every((y) => y === null || typeof y !== "object")) {
    const parts = [];
    for (const [k, y] of Object.entries(x)) parts.push(parts.length ? " · " : "", k + " ", h("span", { class: "field", ...edit(join(path, k), y) }, value(y)));
    return h("td", attrs, ...parts);
  }
  return h("td", { ...attrs, ...(x !== null && typeof x === "object" ? {} : edit(path, x)) }, value(x));
}

export function renderTable(data, cell, base = "") {
  const vals = new Set(cell && typeof cell === "object" ? Object.values(cell).map(String) : cell !== undefined && cell !== null ? [String(cell)] : []);
  const keys = new Set(cell && typeof cell === "object" ? Object.keys(cell) : []);
  const out = h("div", { class: "table-data" });
  if (data === null || typeof data !== "object" || Array.isArray(data)) { out.append(block("", data, null, vals, keys, base)); return out; }
  const columns = Array.isArray(data.columns) ? data.columns : null;
  const scalars = [];
  for (const [k, v] of Object.entries(data)) {
    if (META.has(k) || (k === "columns" && columns)) continue;
    if (v === null || typeof v !== "object") scalars.push([k, v]);
    else out.append(block(k, v, columns, vals, keys, join(base, k)));
  }
  if (scalars.length) out.prepend(keyValues(scalars, vals, keys, base));
  return out;
}

function block(name, v, columns, vals, keys, path) {
  const wrap = h("div", { "data-block": path }, name ? h("div", { class: "label" }, name) : null);
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object")) wrap.append(listRow(v, columns, vals, path));
  else if (Array.isArray(v) && v.every((x) => Array.isArray(x))) wrap.append(grid(v.map((r, i) => [String(i), r]), columns, vals, path));
  else if (Array.isArray(v) && v.every((x) => x && typeof x === "object")) wrap.append(records(v, vals, path));
  else if (!Array.isArray(v) && Object.values(v).every((x) => Array.isArray(x) && x.every((y) => y === null || typeof y !== "object"))) wrap.append(grid(Object.entries(v), columns, vals, path));
  else if (!Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x !== "object")) wrap.append(keyValues(Object.entries(v), vals, keys, path));
  else if (!Array.isArray(v) && Object.values(v).every((x) => x && typeof x === "object" && !Array.isArray(x))) wrap.append(nested(v, vals, keys, path));
  else wrap.append(h("pre", { class: "json" }, JSON.stringify(v, null, 1)));
  return wrap;
}

/** Rows keyed by name, each a list of values: the usual combat results table. */
function grid(rows, columns, vals, path) {
  const width = Math.max(0, ...rows.map(([, r]) => r.length));
  const cols = columns && columns.length === width ? columns.map(String) : [...Array(width).keys()].map(String);
  const t = h("table", { class: "data" }, h("tr", {}, h("th", {}, ""), cols.map((c) => h("th", { class: vals.has(c) ? "mark-row" : "" }, c))));
  const colHit = cols.map((c) => vals.has(c));
  for (const [k, r] of rows) {
    const rowHit = vals.has(String(k));
    const tr = h("tr", { class: rowHit ? "mark-row" : "" }, h("th", {}, k));
    r.forEach((x, i) => tr.append(leaf(join(join(path, k), i), x, { class: rowHit && colHit[i] ? "mark" : "", "data-row": k, "data-col": cols[i] })));
    t.append(tr);
  }
  return t;
}

function keyValues(entries, vals, keys, path) {
  const t = h("table", { class: "data" });
  for (const [k, v] of entries) {
    const hit = vals.has(String(k)) || keys.has(String(k));
    t.append(h("tr", {}, h("th", {}, k), leaf(join(path, k), v, { class: hit ? "mark" : "", "data-row": k })));
  }
  return t;
}

/** A mapping of mappings: rows by outer key, columns by inner keys. */
function nested(v, vals, keys, path) {
  const cols = [];
  for (const r of Object.values(v)) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const t = h("table", { class: "data" }, h("tr", {}, h("th", {}, ""), cols.map((c) => h("th", {}, c))));
  for (const [k, r] of Object.entries(v)) {
    const rowHit = vals.has(String(k));
    const tr = h("tr", {}, h("th", {}, k));
    for (const c of cols) {
      const attrs = { class: rowHit && (vals.has(c) || keys.has(c)) ? "mark" : "", "data-row": k, "data-col": c };
      tr.append(r[c] === undefined || (r[c] !== null && typeof r[c] === "object") ? h("td", attrs, value(r[c])) : leaf(join(join(path, k), c), r[c], attrs));
    }
    t.append(tr);
  }
  return t;
}

function records(list, vals, path) {
  const cols = [];
  for (const r of list) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const t = h("table", { class: "data" }, h("tr", {}, cols.map((c) => h("th", {}, c))));
  for (const r of list) {
    const hit = cols.some((c) => vals.has(String(r[c])) && typeof r[c] !== "number");
    const i = list.indexOf(r);
    t.append(h("tr", { class: hit ? "mark-row" : "" }, cols.map((c) => (r[c] === undefined || (r[c] !== null && typeof r[c] === "object") ? h("td", {}, value(r[c])) : leaf(join(join(path, i), c), r[c], {})))));
  }
  return t;
}

function listRow(v, columns, vals, path) {
  const cols = columns && columns.length === v.length ? columns.map(String) : null;
  const t = h("table", { class: "data" });
  if (cols) t.append(h("tr", {}, cols.map((c) => h("th", {}, c))));
  t.append(h("tr", {}, v.map((x, i) => leaf(join(path, i), x, { class: vals.has(String(x)) && (!cols || vals.has(cols[i])) ? "mark" : "" }))));
  return t;
}
