// The side panel's tabs (WAI-ARIA tabs): one visible at a time, the selected one marked; arrow keys move between them.
import { $$ } from "./dom.js";

export function showTab(name) {
  for (const b of $$("nav#tabs button")) {
    const on = b.dataset.tab === name;
    b.classList.toggle("on", on);
    b.setAttribute("aria-selected", String(on));
    b.tabIndex = on ? 0 : -1;
  }
  for (const t of $$("#side .tab")) t.classList.toggle("on", t.id === "tab-" + name);
}

export function initTabs() {
  const buttons = $$("nav#tabs button");
  for (const b of buttons) b.addEventListener("click", () => showTab(b.dataset.tab));
  $$("nav#tabs")[0].addEventListener("keydown", (e) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const i = buttons.findIndex((b) => b.getAttribute("aria-selected") === "true");
    const next = buttons[(i + (e.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
    showTab(next.dataset.tab);
    next.focus();
    e.preventDefault();
    e.stopPropagation();
  });
}
