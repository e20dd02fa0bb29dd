// Compare: the same seed and actions replayed under two variants; the steps where the positions
// differ, and both boards side by side at any step (the first divergence first).
import { store, on, wholePieces } from "./store.js";
import { get, post } from "./api.js";
import { $, clear, h, add } from "./dom.js";
import { Board } from "./board.js";
import { boxes, chosen, systemInfo } from "./rules.js";
import { renderEvent } from "./trace.js";
import { openTable } from "./tables.js";
import { action as fmt, nameOf, value } from "./format.js";
import * as banner from "./banner.js";

let result = null;

export function initCompare() {
  on("game", render);
  on("report", render);
}

function render() {
  const tab = clear($("#tab-compare"));
  const sys = systemInfo();
  if (!store.game || !sys) return;
  result = null;
  const b = h("div", { id: "compare-b" }, boxes(sys, store.game.variant, () => {}));
  add(tab, h("div", {}, "A: ", h("strong", {}, store.game.variant.id), h("span", { class: "label" }, " (the current rules)")),
    h("div", { class: "label" }, "B: tick the rules to compare with. Both replay this line's " + (store.position ? store.position.cursor : 0) + " actions from the same seed."),
    b, h("button", { id: "compare-run", onclick: () => run(b) }, "Compare A and B"), h("div", { id: "compare-result" }));
}

async function run(boxesEl) {
  const el = clear($("#compare-result"));
  add(el, h("div", { class: "label" }, "replaying…"));
  try {
    result = await post("/api/games/" + store.id + "/compare", { b: chosen(boxesEl) });
  } catch (e) {
    clear(el);
    banner.error(e);
    return;
  }
  clear(el);
  const r = result;
  add(el, h("div", { class: "report", id: "compare-summary" },
    h("div", {}, h("strong", {}, r.summary)),
    h("div", { class: "label" }, "A " + r.a.variant + " · B " + r.b.variant),
    r.a.refused ? h("div", { class: "refusal" }, "A refuses action " + r.a.refused.n + ": " + r.a.refused.reason) : null,
    r.b.refused ? h("div", { class: "refusal" }, "B refuses action " + r.b.refused.n + ": " + r.b.refused.reason) : null,
    h("button", { id: "compare-open", onclick: () => show(r.at) }, r.firstDivergence !== null ? "side by side at the first divergence (" + r.firstDivergence + ")" : "side by side")));
  const steps = h("div", { class: "steps", id: "compare-steps" });
  for (const s of r.steps) {
    steps.append(h("div", { class: "step" + (s.same ? "" : " diff") + (s.n === r.firstDivergence ? " first" : ""), "data-n": s.n, onclick: () => at(s.n) },
      h("span", {}, "#" + s.n), h("span", {}, s.n ? fmt(s.action) : "start"), h("span", { class: "label" }, s.same ? "same" : "differs"), s.rolled ? h("span", { class: "die" }, "roll") : null));
  }
  add(el, steps);
}

async function at(n) {
  try { show(await get("/api/games/" + store.id + "/compare/" + n)); } catch (e) { banner.error(e); }
}

/** Pieces placed or valued differently under A and B (whole pieces: an erratum may change a fixed value), with what differs. */
function differing(pa, pb) {
  const out = new Map();
  for (const id of [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort()) {
    const a = pa[id], b = pb[id];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (!a || !b) { out.set(id, (a ? "only under A" : "only under B")); continue; }
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    out.set(id, fields.map((k) => k + " " + value(a[k]) + " / " + value(b[k])).join(", "));
  }
  return out;
}

function show(d) {
  const dlg = $("#compare-dialog");
  clear(dlg);
  const n = d.n, total = result ? result.actions : n;
  const step = result && result.steps[n];
  add(dlg, h("div", { class: "head" },
    h("strong", {}, "step " + n + (step && step.action ? ": " + (step.side || "") + " " + fmt(step.action) : " (start)")),
    h("button", { disabled: n <= 0, onclick: () => at(n - 1) }, "◀ previous"),
    h("button", { disabled: n >= total, onclick: () => at(n + 1) }, "next ▶"),
    result && result.firstDivergence !== null ? h("button", { onclick: () => at(result.firstDivergence) }, "first divergence (" + result.firstDivergence + ")") : null,
    h("span", { class: "label" }, step ? (step.same ? "same position" : "positions differ") : ""),
    h("span", { class: "spacer" }),
    h("button", { class: "close", onclick: () => dlg.close() }, "close")));
  const wa = wholePieces(d.a.state, d.a.pieceTemplates, d.a.pieceDefaults), wb = wholePieces(d.b.state, d.b.pieceTemplates, d.b.pieceDefaults);
  const diff = differing(wa, wb);
  const boards = [];
  // what differs, said: each piece by its printed name, A's value / B's value; a click shows it on both boards
  const list = h("ul", { class: "differences", id: "compare-differences" });
  for (const [id, what] of diff) {
    const p = wa[id] || wb[id];
    const hex = (wa[id] && wa[id].hex) || (wb[id] && wb[id].hex);
    list.append(h("li", { "data-piece": id, onclick: () => boards.forEach((x) => hex && x.reveal(hex)) }, h("strong", {}, nameOf(p)), " (" + p.side + "): " + what));
  }
  add(dlg, diff.size ? h("div", { class: "label" }, diff.size + " piece" + (diff.size === 1 ? "" : "s") + " differ (A / B), outlined on both boards:") : h("div", { class: "label" }, "the pieces are the same under A and B"),
    diff.size ? list : null);
  const pair = h("div", { class: "pair" });
  add(dlg, pair);
  if (!dlg.open) dlg.showModal();
  for (const [label, side] of [["A", d.a], ["B", d.b]]) {
    const mini = h("div", { class: "mini" });
    const events = h("div", { class: "events" });
    pair.append(h("div", { class: "half", "data-variant": label }, h("div", { class: "head" }, h("strong", {}, label + ": " + side.variant),
      side.hash ? h("span", { class: "label" }, "state " + side.hash.slice(0, 10)) : null), mini, events));
    if (side.missing) { events.append(h("div", { class: "refusal" }, side.missing)); continue; }
    const board = new Board(mini, {});
    boards.push(board);
    board.setMap(store.map);
    const ps = label === "A" ? wa : wb;
    board.setPieces(ps, store.game.system.sides, null, null, null, new Set(diff.keys()));
    // where the differences are, readable; the whole map when nothing differs on it
    const at = [...diff.keys()].map((id) => ps[id] && ps[id].hex && board.centers.get(ps[id].hex)).filter(Boolean);
    if (at.length) board.fitReadable(0.9, at);
    events.append(h("div", { class: "label" }, (side.crumbs || []).join(" › ") + " · " + side.events.length + " trace entries"));
    for (const ev of side.events) events.append(renderEvent(ev, { openTable }));
  }
  document.body.dataset.compareDiffers = String(diff.size);
}
