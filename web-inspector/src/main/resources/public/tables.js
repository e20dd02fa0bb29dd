// The Tables tab: every table of the active variant (errata applied) with its status badge,
// searchable; and the table dialog, which opens one table as loaded with a trace's cell marked.
import { store, on } from "./store.js";
import { get } from "./api.js";
import { $, clear, h, add } from "./dom.js";
import { renderTable } from "./tableview.js";
import { cellText } from "./trace.js";
import * as banner from "./banner.js";

let query = "";
let timer = null;

export function initTables() {
  const tab = $("#tab-tables");
  const input = h("input", { type: "search", id: "table-search", placeholder: "search tables: name, rule, status, a value…", style: "width:100%",
    oninput: (e) => { query = e.target.value; clearTimeout(timer); timer = setTimeout(load, 200); } });
  add(tab, input, h("div", { id: "table-list", class: "table-list" }));
  on("game", load);
  on("report", load);
}

export async function load() {
  if (!store.id) return;
  try {
    const r = await get("/api/games/" + store.id + "/tables" + (query ? "?q=" + encodeURIComponent(query) : ""));
    const el = clear($("#table-list"));
    add(el, h("div", { class: "label" }, "as " + r.variant + " loads them" + (query ? ", matching “" + query + "”" : "")));
    for (const s of r.sections) {
      add(el, h("div", { class: "sec-name" }, s.name + "@" + s.version, " ", h("span", { class: "rule" }, s.rule || ""), badge(s.status),
        h("div", { class: "label" }, [s.file, s.script].filter(Boolean).join(" · "))));
      for (const t of s.tables) {
        add(el, h("div", { class: "tline" },
          h("span", { class: "tname", "data-table": s.name + "/" + t.name, onclick: () => openTable(s.name, t.name) }, t.name),
          " ", t.rule ? h("span", { class: "rule" }, t.rule) : null, badge(t.status),
          t.errata ? h("span", { class: "badge errata" }, "errata: " + t.errata.join(", ")) : null,
          t.note ? h("div", { class: "note" }, t.note) : null));
      }
    }
    if (!r.sections.length) add(el, h("div", { class: "label" }, "no table matches"));
  } catch (e) {
    banner.error(e);
  }
}

function badge(status) { return status ? h("span", { class: "badge " + status, title: "provenance: " + status }, status) : null; }

/** Opens a table as the current variant loads it; `cell` (from a trace) is marked. */
export async function openTable(section, table, cell) {
  const dlg = $("#table-dialog");
  try {
    const t = await get("/api/games/" + store.id + "/tables/" + encodeURIComponent(section) + "/" + encodeURIComponent(table));
    clear(dlg);
    add(dlg, 
      h("button", { class: "close", onclick: () => dlg.close() }, "close"),
      h("h3", {}, section + "/" + table + "  ", h("span", { class: "rule" }, "rule " + (t.rule || "?")), badge(t.status),
        t.errata ? h("span", { class: "badge errata" }, "patched by " + t.errata.join(", ")) : null),
      h("div", { class: "label" }, section + "@" + t.version + " · " + (t.file || "") + " · variant " + t.variant),
      t.note ? h("div", { class: "note" }, t.note) : null,
      cell !== undefined && cell !== null ? h("div", {}, "cell: ", h("strong", {}, cellText(cell))) : null,
      renderTable(t.data, cell));
    if (!dlg.open) dlg.showModal();
    dlg.dataset.table = section + "/" + table;
  } catch (e) {
    banner.error(e);
  }
}
