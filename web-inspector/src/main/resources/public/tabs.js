// The side panel's tabs: one visible at a time.
import { $$ } from "./dom.js";

export function showTab(name) {
  for (const b of $$("nav#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of $$("#side .tab")) t.classList.toggle("on", t.id === "tab-" + name);
}

export function initTabs() {
  for (const b of $$("nav#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
}
