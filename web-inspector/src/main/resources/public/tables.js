// The Tables tab: every table of the active variant (errata applied) with its status badge,
// searchable; and the table dialog, which opens one table as loaded with a trace's cell marked.
// Editing a cell there (or adding or removing a list entry below) writes a draft erratum: applied to
// the live game at once, replayed with the divergence reported, named, downloaded as
// errata/<id>.yaml, or sent to the Variant lab beside the rules without it.
import { store, on } from "./store.js";
import { get, post } from "./api.js";
import * as commands from "./commands.js";
import { report } from "./rules.js";
import { $, clear, h, add } from "./dom.js";
import { renderTable } from "./tableview.js";
import { cellText } from "./trace.js";
import * as banner from "./banner.js";

let query = "";
let editing = false;
let timer = null;

let lastReport = null;

export function initTables() {
  const tab = $("#tab-tables");
  const input = h("input", { type: "search", id: "table-search", placeholder: "search tables: name, rule, status, a value…", style: "width:100%",
    oninput: (e) => { query = e.target.value; clearTimeout(timer); timer = setTimeout(load, 200); } });
  add(tab, h("div", { id: "draft-panel", class: "draft-panel" }), input, h("div", { id: "table-list", class: "table-list" }));
  on("game", () => { lastReport = null; load(); drawDraft(); });
  on("report", (r) => { lastReport = r; load(); drawDraft(); reopen(); });
  drawDraft();
}

// ---- the draft erratum ----------------------------------------------------------------------------

function currentDraft() { return store.game && store.game.variant.drafts ? store.game.variant.drafts[0] : null; }

/** The text typed for a cell as the value it stands for: a number stays a number, text stays text. */
function parseValue(text, kind) {
  if (kind === "string") return text;
  if (kind === "number") { const n = Number(text); return text.trim() !== "" && !Number.isNaN(n) ? n : text; }
  if (kind === "boolean") return text === "true" ? true : text === "false" ? false : text;
  try { return JSON.parse(text); } catch { return text; }
}

function drawDraft() {
  const el = $("#draft-panel");
  if (!el) return;
  clear(el);
  const d = currentDraft();
  add(el, h("h3", {}, "Erratum draft"));
  if (!d) {
    add(el, h("div", { class: "label" }, "Open a table and click a cell to change it: the change becomes a draft erratum, applied to this game at once."));
  } else {
    const field = (id, label, v) => h("label", { class: "draft-field" }, label, h("input", { type: "text", id, value: v || "" }));
    add(el, h("div", { class: "draft-fields" }, field("draft-id", "id", d.erratum), field("draft-label", "label", d.label), field("draft-source", "source", d.source),
      h("button", { id: "draft-name", onclick: () => commands.draft("PUT", { id: $("#draft-id").value.trim(), label: $("#draft-label").value, source: $("#draft-source").value }) }, "Name")));
    add(el, h("ol", { id: "draft-changes", class: "draft-changes" }, d.changes.map((c) =>
      h("li", {}, h("code", {}, c.op + " " + c.path + (c.op === "remove" ? "" : " → " + JSON.stringify(c.value)))))));
    add(el, h("div", { class: "draft-actions" },
      h("a", { id: "draft-download", href: "/api/games/" + store.id + "/draft.yaml", download: d.erratum + ".yaml" }, "Download errata/" + d.erratum + ".yaml"),
      h("button", { id: "draft-lab", onclick: sendToLab }, "Send to the Variant lab"),
      h("button", { id: "draft-discard", onclick: () => commands.draft("DELETE") }, "Discard")));
    if (lastReport && lastReport.variant === store.game.variant.id) add(el, report(lastReport));
  }
  // a list entry added or removed, or any change by path
  const op = h("select", { id: "draft-op" }, ["replace", "add", "remove"].map((o) => h("option", { value: o }, o)));
  add(el, h("details", { class: "draft-more" }, h("summary", {}, "Change by path (add or remove a list entry)"),
    h("div", { class: "draft-fields" }, op, h("input", { type: "text", id: "draft-path", placeholder: "section/table/key/index (- adds at the end)" }),
      h("input", { type: "text", id: "draft-value", placeholder: "value (JSON or text)" }),
      h("button", { id: "draft-apply", onclick: () => {
        const body = { op: op.value, path: $("#draft-path").value.trim() };
        if (op.value !== "remove") body.value = parseValue($("#draft-value").value, "json");
        commands.draft("POST", body);
      } }, "Apply"))));
}

// the batch a draft goes to: the variant without it against the variant with it, same scenario and seed
async function sendToLab() {
  const v = store.game.variant;
  const base = v.spec.split(",").filter((p) => p && !p.startsWith("draft:")).join(",");
  try {
    const r = await post("/api/lab", { system: store.game.system.id, scenario: store.game.scenario.id, games: 20, seed: "1",
      bots: store.game.bots[store.game.bots.length > 1 ? 1 : 0],
      variants: [{ name: "without", variant: base }, { name: currentDraft().erratum, variant: v.spec, drafts: v.drafts }] });
    window.open("./lab.html#batch=" + r.id, "_blank");
    banner.show("sent to the Variant lab: batch " + r.id + " (20 games a variant)", "info");
  } catch (e) {
    banner.error(e);
  }
}

// the table dialog open when the variant changed shows the table as it now is
function reopen() {
  const dlg = $("#table-dialog");
  if (dlg && dlg.open && dlg.dataset.table) { const [s, t] = dlg.dataset.table.split("/"); openTable(s, t); }
}

// a click on a cell of the open table, with editing on: an input in its place; Enter drafts the change
function editCell(td) {
  if (td.querySelector("input")) return;
  const input = h("input", { type: "text", class: "cell-edit", value: td.dataset.raw });
  const was = [...td.childNodes];
  td.replaceChildren(input);
  input.focus();
  input.select();
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      commands.draft("POST", { op: "replace", path: td.dataset.path, value: parseValue(input.value, td.dataset.kind) });
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      td.replaceChildren(...was);
    }
  });
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
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "edit-cells", checked: editing, onchange: (e) => { editing = e.target.checked; } }),
        h("span", {}, "Edit cells: a click on a value changes it in a draft erratum (Enter applies, Escape leaves it)")),
      renderTable(t.data, cell, section + "/" + table));
    dlg.onclick = (e) => {
      const td = e.target.closest && e.target.closest("[data-path]");
      if (td && editing) editCell(td);
    };
    if (!dlg.open) dlg.showModal();
    dlg.dataset.table = section + "/" + table;
  } catch (e) {
    banner.error(e);
  }
}
