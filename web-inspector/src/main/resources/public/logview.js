// The event log of the current line: one row per action (who, what, a die if one was rolled);
// a row opens into its trace; the ⤺ button goes back (or forward) to the position after it.
import { store, on } from "./store.js";
import { $, clear, h } from "./dom.js";
import * as commands from "./commands.js";
import { action as fmt, value, named } from "./format.js";
import { renderEvent } from "./trace.js";
import { openTable } from "./tables.js";
import { sideText } from "./colors.js";

const open = new Set();
let list;

export function initLog() {
  const tab = $("#tab-log");
  tab.append(h("div", { class: "label", style: "margin-bottom:4px" },
    "Click a row for its trace; ⤺ goes to the position after it (acting from an earlier position branches, the old line is kept under Lines)."));
  list = h("div", { id: "log-list" });
  tab.append(list);
  on("log", ({ from }) => render(from));
  on("position", mark);
}

function render(from) {
  if (from === 0) clear(list);
  while (list.children.length > from) list.lastChild.remove();
  for (let n = from; n < store.log.length; n++) list.append(row(store.log[n]));
  mark();
}

/**
 * What the action decided. The entries end with the walk to the next decision, a run of one section
 * (the next activation's draw, a retreat); the action's own come before it (a combat's, the CRT's
 * among them), unless the walk's section is all there is. The last of them that read a table
 * states the outcome.
 */
function outcome(e) {
  const evs = e.events;
  if (!evs.length) return null;
  let k = evs.length - 1;
  while (k > 0 && evs[k - 1].section === evs[evs.length - 1].section) k--;
  const own = k > 0 ? evs.slice(0, k) : evs;
  for (let i = own.length - 1; i >= 0; i--) {
    const ev = own[i];
    if (ev.kind === "roll" || ev.result === undefined || !ev.table) continue;
    return { text: ev.text ? named(ev.text) : ev.table.split("/")[1] + " " + value(ev.result), table: ev.table };
  }
  return null;
}

function row(e) {
  const el = h("div", { class: "log-entry" + (open.has(e.n) ? " open" : ""), "data-n": e.n });
  const who = e.n === 0 ? "start" : e.side || "";
  const what = e.n === 0 ? "set-up and the walk to the first decision" : fmt(e.action);
  const res = outcome(e);
  const r = h("div", { class: "row", title: (e.crumbs || []).join(" › ") },
    h("span", { class: "n" }, "#" + e.n),
    h("span", { class: "who", style: e.side ? "color:" + sideText(e.side, store.game.system.sides) : "" }, who),
    h("span", { class: "what" }, what, res ? h("strong", { class: "res", title: res.text, "data-table": res.table }, " ⇒ " + res.text) : null),
    e.rolled ? h("span", { title: "dice were rolled", class: "die" }, "roll") : null,
    h("span", { class: "label", title: "trace entries" }, String(e.events.length)),
    h("button", { class: "jump", title: "go to the position after #" + e.n, onclick: (ev) => { ev.stopPropagation(); commands.jump(e.n); } }, "⤺"));
  r.addEventListener("click", () => toggle(el, e));
  el.append(r);
  if (open.has(e.n)) el.append(trace(e));
  return el;
}

function trace(e) {
  const t = h("div", { class: "trace" });
  if (!e.events.length) t.append(h("div", { class: "label" }, "no trace entries"));
  for (const ev of e.events) t.append(renderEvent(ev, { openTable }));
  return t;
}

function toggle(el, e) {
  if (open.has(e.n)) { open.delete(e.n); el.classList.remove("open"); return; }
  open.add(e.n);
  if (!el.querySelector(".trace")) el.append(trace(e));
  el.classList.add("open");
}

function mark() {
  if (!store.position || !list) return;
  const c = store.position.cursor;
  for (const el of list.children) {
    const n = +el.dataset.n;
    el.classList.toggle("current", n === c);
    el.classList.toggle("future", n > c);
  }
  const cur = list.children[c];
  if (cur && $("#tab-log").classList.contains("on")) cur.scrollIntoView({ block: "nearest" });
}
