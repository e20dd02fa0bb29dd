// The Rules tab: the options and errata of the system (label, rule number, source). Ticking one on a
// live game replays its actions under the new variant and reports the first refusal or divergence.
import { store, on } from "./store.js";
import { $, clear, h, add } from "./dom.js";
import * as commands from "./commands.js";

let lastReport = null;

export function initRules() {
  on("game", render);
  on("position", () => { if (store.game && renderedFor !== store.game.variant.id) render(); });
  on("report", (r) => { lastReport = r; render(); });
  on("settings", render);
  on("systems", render);
}

let renderedFor = null;

/** The variant the boxes describe: {options: {id: value}, errata: [ids]}. */
export function chosen(root = $("#tab-rules")) {
  const options = {}, errata = [];
  for (const b of root.querySelectorAll("input[data-option]")) options[b.dataset.option] = b.checked;
  for (const b of root.querySelectorAll("input[data-erratum]:checked")) errata.push(b.dataset.erratum);
  return { options, errata };
}

export function systemInfo() {
  const all = (store.systems && store.systems.systems) || [];
  return store.game ? all.find((s) => s.id === store.game.system.id) : null;
}

/** Option and erratum boxes for a system, ticked as the variant has them; a preset ticks its bundle in one click. */
export function boxes(sys, variant, onchange) {
  const el = h("div", {});
  if (sys.presets && sys.presets.length) {
    add(el, h("h3", {}, "Presets"));
    for (const p of sys.presets) {
      const on = (variant.presets || []).includes(p.id);
      add(el, h("div", { class: "preset" },
        h("button", { "data-preset": p.id, class: on ? "chosen" : "", title: "tick this bundle's options and errata, and only those",
          onclick: () => { tick(el, sys, p); onchange(); } }, p.label),
        " ", p.rule ? h("span", { class: "rule" }, p.rule) : null,
        h("div", { class: "meta" }, [p.id, p.source, on ? "playing it" : null, p.definedBy !== sys.id ? "from " + p.definedBy : null].filter(Boolean).join(" · "))));
    }
  }
  add(el, h("h3", {}, "Options"));
  if (!sys.options.length) add(el, h("div", { class: "label" }, "none"));
  for (const o of sys.options) {
    const v = variant.options[o.id];
    add(el, h("label", { class: "check" },
      h("input", { type: "checkbox", "data-option": o.id, checked: v === true, onchange }),
      h("span", {}, o.label, " ", o.rule ? h("span", { class: "rule" }, o.rule) : null,
        h("div", { class: "meta" }, [o.id, o.source, o.default ? "default on" : "default off", o.definedBy !== sys.id ? "from " + o.definedBy : null].filter(Boolean).join(" · ")))));
  }
  add(el, h("h3", {}, "Errata"));
  if (!sys.errata.length) add(el, h("div", { class: "label" }, "none"));
  for (const e of sys.errata) {
    add(el, h("label", { class: "check" },
      h("input", { type: "checkbox", "data-erratum": e.id, checked: variant.errata.includes(e.id), onchange }),
      h("span", {}, e.label, " ", e.rule ? h("span", { class: "rule" }, e.rule) : null,
        h("div", { class: "meta" }, [e.id, e.source, e.definedBy !== sys.id ? "from " + e.definedBy : null].filter(Boolean).join(" · ")))));
  }
  return el;
}

// A preset's options over the defaults, its errata and no other.
function tick(el, sys, preset) {
  for (const o of sys.options) {
    const v = o.id in preset.options ? preset.options[o.id] : o.default;
    const b = el.querySelector("input[data-option=\"" + o.id + "\"]");
    if (b) b.checked = v === true;
  }
  for (const b of el.querySelectorAll("input[data-erratum]")) b.checked = preset.errata.includes(b.dataset.erratum);
}

function render() {
  const tab = clear($("#tab-rules"));
  const sys = systemInfo();
  if (!store.game || !sys) return;
  renderedFor = store.game.variant.id;
  add(tab, h("div", {}, "Playing ", h("strong", { id: "variant-id" }, store.game.variant.id),
    h("div", { class: "label" }, "Ticking a box replays this game's actions under the new rules (a new line; the old one is kept under Lines).")));
  add(tab, boxes(sys, store.game.variant, () => commands.revariant(chosen())));
  if (lastReport && lastReport.variant === store.game.variant.id) add(tab, report(lastReport));
  add(tab, h("h3", {}, "Time travel"),
    h("label", { class: "check" },
      h("input", { type: "checkbox", id: "undo-rule", checked: store.game.settings.undoMayNotCrossRoll,
        onchange: (e) => commands.settings({ undoMayNotCrossRoll: e.target.checked }) }),
      h("span", {}, "Undo may not cross a die roll", h("div", { class: "meta" }, "on: going back past an action that rolled dice is refused"))));
  const failed = (store.systems && store.systems.failed) || [];
  add(tab, h("h3", {}, "Systems"));
  for (const s of store.systems.systems) add(tab, h("div", {}, s.id + " " + s.version + " · " + s.sections.length + " sections · " + s.name));
  for (const f of failed) add(tab, h("div", { class: "problem" }, f.id + " (" + (f.stage === "start" ? "does not start" : "does not load") + "): " + f.error));
}

export function report(r) {
  const el = h("div", { class: "report", id: "variant-report" });
  if (r.same) { add(el, "already playing " + r.variant); return el; }
  add(el, h("div", {}, h("strong", {}, r.summary)),
    h("div", { class: "label" }, "replayed " + r.replayed + " of " + r.of + " actions under " + r.variant + (r.from ? " (was " + r.from + ")" : "")));
  if (r.firstDivergence !== null && r.firstDivergence !== undefined) {
    add(el, h("button", { onclick: () => commands.jump(Math.min(r.firstDivergence, store.position.length)) }, "go to action " + r.firstDivergence));
  }
  if (r.refused) add(el, h("div", { class: "refusal" }, "action " + r.refused.n + " refused: " + r.refused.reason + (r.refused.rule ? " (rule " + r.refused.rule + ")" : "")));
  return el;
}
