// One trace entry, as the rules wrote it: section@version, rule number, table and cell (a link that
// opens the table with the cell marked), dice with purpose and modifiers, provenance (each placeholder or
// reconstructed source that decided it, by name) and errata marks.
import { h } from "./dom.js";
import { rollText, value, named } from "./format.js";

export function cellText(cell) {
  if (cell === null || cell === undefined) return "";
  if (typeof cell !== "object") return String(cell);
  return Object.entries(cell).map(([k, v]) => k + " " + value(v)).join(" · ");
}

export function renderEvent(e, { openTable } = {}) {
  const kind = e.kind === "roll" ? "roll" : e.placeholder ? "placeholder" : "";
  const el = h("div", { class: "trace-item " + kind });
  const head = h("div", {},
    h("span", { class: "sec" }, e.section || ""),
    e.rule ? h("span", { class: "rule", style: "margin-left:6px" }, e.rule) : null,
    e.turn !== undefined ? h("span", { class: "sec", style: "margin-left:6px" }, "turn " + e.turn) : null);
  el.append(head);
  if (e.kind === "roll") {
    el.append(h("div", { class: "tbl" }, h("span", { class: "die" }, "roll"), " " + rollText(e) + "  ", h("span", { class: "label" }, "for " + (e.purpose || "an unstated purpose"))));
  } else if (e.text) {
    el.append(h("div", {}, named(e.text)));
  }
  if (e.table) {
    const [section, table] = e.table.split("/");
    const link = h("a", { class: "table-link", "data-table": e.table, title: "open " + e.table + " as loaded, errata applied",
      onclick: () => openTable && openTable(section, table, e.cell) }, e.table);
    el.append(h("div", { class: "tbl" }, "table ", link,
      e.cell !== undefined ? h("span", {}, " cell ", h("strong", { class: "cell" }, cellText(e.cell))) : null,
      e.result !== undefined ? h("span", {}, " → ", h("strong", { class: "res" }, value(e.result))) : null,
      e.status ? h("span", { class: "badge " + e.status }, e.status) : null,
      e.errata ? h("span", { class: "badge errata", title: "errata that patched this table" }, "errata: " + e.errata.join(", ")) : null));
  } else if (e.result !== undefined && e.kind !== "roll") {
    el.append(h("div", { class: "tbl" }, "→ ", h("strong", {}, value(e.result))));
  }
  if (e.option) el.append(h("div", { class: "label" }, "option " + e.option));
  // every non-printed source behind the outcome (its table and those named in `uses`), by name
  for (const p of e.provenance || []) {
    const tip = (p.status === "placeholder" ? "the rulebook's chart is not available; this value only stands in" : "derived by us, not printed")
      + (p.note ? ": " + p.note : "");
    el.append(h("div", { class: "badge " + p.status, "data-source": p.source, title: tip },
      (p.status === "placeholder" ? "⚠ placeholder " : "reconstructed ") + p.source + " decided this"));
  }
  if (e.placeholder && !(e.provenance || []).length) {
    el.append(h("div", { class: "badge placeholder", title: "the rulebook's chart is not available; this value only stands in" },
      "⚠ a placeholder value decided this"));
  }
  return el;
}
