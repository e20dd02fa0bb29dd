// The rules console: a JavaScript expression evaluated against the current position, with ctx,
// state, rules, tables and map in scope; whatever it changes is put back.
import { store } from "./store.js";
import { post } from "./api.js";
import { $, h, add } from "./dom.js";

export function initConsole() {
  const tab = $("#tab-console");
  const input = h("textarea", { id: "console-input", placeholder: "e.g. Object.keys(state.pieces)  ·  rules.move.costSpec(ctx.piece(\"r1\"))  ·  tables.combat.crt", spellcheck: false });
  const out = h("div", { id: "console-out" });
  const run = async () => {
    const expr = input.value.trim();
    if (!expr || !store.id) return;
    const item = h("div", { class: "console-out" }, h("div", { class: "expr" }, "› " + expr));
    out.prepend(item);
    try {
      const r = await post("/api/games/" + store.id + "/eval", { expr });
      item.append(h("div", { class: "value" }, r.result));
      if (r.note) item.append(h("div", { class: "label" }, r.note));
    } catch (e) {
      item.classList.add("err");
      item.append(h("div", {}, e.message));
    }
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); run(); } });
  add(tab, h("div", { class: "label" }, "In scope: ctx, state, rules, tables, map. Enter evaluates, Shift+Enter adds a line."),
    input, h("button", { id: "console-run", onclick: run }, "evaluate"), out);
}
