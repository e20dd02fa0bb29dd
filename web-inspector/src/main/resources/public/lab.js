// The Variant lab: play a batch of seeded bot games per variant on the server (or read one back
// from `simulate --csv`), plot the variants side by side with their 95% intervals, compare each
// with the baseline, and reopen any game in the inspector from its seed and variant.
import { api, get, post, del } from "./api.js";
import { $, h, clear } from "./dom.js";
import * as banner from "./banner.js";

const COLORS = ["#1f5fa8", "#b3261e", "#2e7d32", "#9a5b00", "#6a3d9a", "#00838f"];
const lab = { systems: [], batch: null, charts: {}, polling: null };

// ---- the form --------------------------------------------------------------------------------------

function system() { return lab.systems.find((s) => s.id === $("#lab-system").value); }

function fillSystem() {
  const sys = system();
  if (!sys) return;
  const sc = clear($("#lab-scenario"));
  for (const x of sys.scenarios) if (!x.error) sc.append(h("option", { value: x.id }, (x.name || x.id) + " (" + x.id + ")"));
  const bots = clear($("#lab-bots"));
  for (const side of sys.sides) {
    const sel = h("select", { "data-side": side, "aria-label": "bot for " + side }, sys.bots.map((b) => h("option", { value: b }, b)));
    sel.value = sys.bots[0];
    bots.append(h("label", {}, side, sel));
  }
  const specs = clear($("#lab-specs"));
  for (const p of sys.presets || []) specs.append(h("option", { value: "preset:" + p.id }, p.label + " (preset)"));
  for (const o of sys.options) specs.append(h("option", { value: "option:" + o.id }, o.label + (o.rule ? " (" + o.rule + ")" : "")));
  for (const e of sys.errata) specs.append(h("option", { value: "errata:" + e.id }, e.label + (e.rule ? " (" + e.rule + ")" : "")));
  const outcome = clear($("#lab-outcome"));
  outcome.append(h("option", { value: "" }, "default"));
  for (const o of [...sys.sides, "draw"]) outcome.append(h("option", { value: o }, o));
  const rows = clear($("#lab-variants"));
  rows.append(variantRow("base", ""));
  const first = sys.options[0] ? "option:" + sys.options[0].id : sys.errata[0] ? "errata:" + sys.errata[0].id : null;
  if (first) rows.append(variantRow(first.split(":")[1].slice(0, 12), first));
}

function variantRow(name, spec) {
  const row = h("div", { class: "variant-row" },
    h("input", { type: "text", class: "v-name", value: name, "aria-label": "variant name", title: "the variant's name in the results" }),
    h("input", { type: "text", class: "v-spec", value: spec, list: "lab-specs", placeholder: "base rules", "aria-label": "variant spec",
      title: "preset:p,option:x,errata:y; empty is the base rules" }),
    h("button", { title: "remove this variant", onclick: () => { if ($("#lab-variants").children.length > 1) row.remove(); } }, "×"));
  return row;
}

function variants() {
  return [...$("#lab-variants").children].map((r) => ({ name: r.querySelector(".v-name").value.trim(), variant: r.querySelector(".v-spec").value.trim() }));
}

function botsSpec() { return [...$("#lab-bots").querySelectorAll("select")].map((s) => s.value).join(","); }

function request() {
  const r = { system: $("#lab-system").value, scenario: $("#lab-scenario").value, games: Number($("#lab-games").value),
    seed: String($("#lab-seed").value || "1"), bots: botsSpec(), threads: Number($("#lab-threads").value), variants: variants() };
  if ($("#lab-time-limit").value) r.timeLimit = Number($("#lab-time-limit").value);
  const sweep = $("#lab-sweep").value.trim(), outcome = $("#lab-outcome").value;
  if (sweep) r.sweep = sweep;
  if (outcome) r.outcome = outcome;
  if ($("#lab-until").checked) {
    r.untilDecided = { maxGames: r.games, margin: Number($("#lab-margin").value || 0) };
    if (outcome) r.untilDecided.outcome = outcome;
    delete r.games;
  }
  return r;
}

// A batch the time limit cut short: how many of the seeds asked for every variant finished.
function timeLimited(b) {
  const t = b.timeLimit;
  if (!t) return "";
  return t.stopped ? " · time limit " + t.seconds + " s: " + t.gamesPlayed + " of " + t.gamesAsked + " seeds per variant (a batch of " + t.gamesPlayed + " plays the same games)"
    : " · every seed finished within the " + t.seconds + " s limit";
}

// ---- running and loading ------------------------------------------------------------------------

async function run() {
  try {
    const b = await post("/api/lab", request());
    location.hash = "batch=" + b.id;
    follow(b);
  } catch (e) {
    banner.error(e);
  }
}

function follow(b) {
  show(b);
  clearTimeout(lab.polling);
  if (b.state !== "running") return;
  lab.polling = setTimeout(async () => {
    try { follow(await get("/api/lab/" + b.id)); } catch (e) { banner.error(e); running(false); }
  }, 400);
}

function running(on) {
  $("#lab-run").disabled = on;
  $("#lab-stop").hidden = !on;
  $("#lab-progress").hidden = !on;
}

// While a batch runs, the outcome rates of the seeds every variant has finished, and each variant
// against the baseline: the answer firming up, so a designer can stop once it is clear enough.
function soFar(interim) {
  const head = clear($("#lab-heading"));
  const rate = (o) => pct(o.rate) + "% [" + pct(o.low) + ", " + pct(o.high) + "]";
  const diff = (o) => (o.diff >= 0 ? "+" : "") + pct(o.diff) + " points [" + pct(o.low) + ", " + pct(o.high) + "], p = " + Number(o.p).toFixed(3);
  head.append(h("h2", {}, "So far: " + interim.seeds + " seed" + (interim.seeds === 1 ? "" : "s") + " per variant"),
    h("p", { class: "label" }, "the seeds every variant has finished; the batch plays on, and Stop keeps these"),
    ...interim.variants.map((v) => h("p", { class: "so-far" }, v.name + ": " + Object.entries(v.outcomes).map(([k, o]) => k + " " + rate(o)).join(" · "))),
    ...interim.comparisons.map((c) => h("p", { class: "so-far" }, c.variant + " against " + c.against + ": " + Object.entries(c.outcomes).map(([k, o]) => k + " " + diff(o)).join(" · "))),
    ...decided(interim.untilDecided));
}

// A batch that stops once decided: how many seeds it took (or has taken), and each comparison's verdict.
function decided(d) {
  if (!d) return [];
  const pts = (x) => (x >= 0 ? "+" : "") + pct(x);
  return [h("p", { class: "decided", id: "lab-decided" }, "Until decided (the rate of " + d.outcome + (d.margin > 0 ? ", margin " + pct(d.margin) + " points" : "") + "): " + d.note),
    ...d.comparisons.map((c) => h("p", { class: "so-far" }, c.variant + " against " + c.against + ": " + pts(c.diff) + " points ["
      + pts(c.low) + ", " + pts(c.high) + "] (anytime-valid): " + c.verdict))];
}

// A sweep: the rate of one outcome against the swept value, with its 95% interval as whiskers.
function sweepChart(sw) {
  const fig = $("#lab-sweep-figure");
  fig.hidden = !sw;
  if (!sw) { if (lab.charts.sweep) { lab.charts.sweep.destroy(); delete lab.charts.sweep; } return; }
  $("#lab-sweep-caption").textContent = "Sweep of " + sw.path + ": the rate of " + sw.outcome + " by value, with 95% intervals";
  // a value whose games never ended in the outcome is at 0% (its interval is not in the summary)
  const rate = (p) => (!p.games ? null : p.outcomes && p.outcomes[sw.outcome] ? 100 * p.outcomes[sw.outcome].rate : 0);
  const interval = (p) => (p.games && p.outcomes && p.outcomes[sw.outcome] ? [100 * p.outcomes[sw.outcome].low, 100 * p.outcomes[sw.outcome].high] : null);
  chart("sweep", $("#chart-sweep"), {
    type: "line",
    data: {
      labels: sw.points.map((p) => (typeof p.value === "string" ? p.value : JSON.stringify(p.value)) + (p.current ? " (now)" : "")),
      datasets: [{
        label: sw.outcome,
        borderColor: colour(0),
        backgroundColor: colour(0),
        data: sw.points.map(rate),
        intervals: sw.points.map(interval),
      }],
    },
    options: { scales: { y: { min: 0, max: 100, title: { display: true, text: "% of games: " + sw.outcome } },
      x: { offset: true, title: { display: true, text: sw.path } } }, plugins: { legend: { display: false } } },
    plugins: [whiskers],
  });
  $("#chart-sweep").dataset.points = String(sw.points.filter((p) => rate(p) !== null).length);
}

function show(b) {
  lab.batch = b;
  running(b.state === "running");
  $("#lab-progress").max = b.total || 1;
  $("#lab-progress").value = b.done;
  $("#lab-status").textContent = b.state === "running" ? "playing: " + b.done + " of " + b.total + " games" + (b.cluster && b.cluster.rates ? " · members: " + b.cluster.rates : "")
    : b.state === "failed" ? "failed: " + b.error : b.state === "stopped" ? "stopped after " + b.done + " of " + b.total + " games" : "";
  document.body.dataset.batch = b.state;
  if (b.state === "failed") banner.show("the batch failed: " + b.error, "error");
  if (b.variants) results(b);
  else if (b.state === "running" && b.interim) soFar(b.interim);
}

async function loadCsv(file) {
  const text = await file.text();
  const q = "?name=" + encodeURIComponent(file.name) + "&system=" + encodeURIComponent($("#lab-system").value)
    + "&scenario=" + encodeURIComponent($("#lab-scenario").value);
  try {
    const b = await api("POST", "/api/lab/csv" + q, text, "text/csv");
    location.hash = "batch=" + b.id;
    show(b);
    banner.show("read " + b.games.length + " games from " + file.name);
  } catch (e) {
    banner.error(e);
  }
}

// ---- results -----------------------------------------------------------------------------------------

const pct = (x) => (x === null || x === undefined || Number.isNaN(x) ? "–" : (100 * x).toFixed(1));
const num = (x) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(1));
const colour = (i) => COLORS[i % COLORS.length];

// The games a batch started from the opening before the first die, played once per worker (its
// seed decides nothing until the first roll): how many, and how long that opening was.
function sharedOpening(b) {
  const from = b.source === "run" ? b.games.filter((g) => g.opening > 0) : [];
  if (!from.length) return "";
  return " · " + from.length + " games started from the opening before the first die (" + Math.max(...from.map((g) => g.opening)) + " actions)";
}

function results(b) {
  const head = clear($("#lab-heading"));
  const specOf = (v) => v.spec === null || v.spec === undefined ? "" : " = " + (v.spec || "base rules");
  head.append(h("h2", {}, "Results: " + (b.system || "?") + " / " + (b.scenario || "?") + (b.source === "run" ? ", bots " + b.bots + ", master seed " + b.seed : ", from " + b.source)),
    h("p", { class: "label" }, b.note || "read back from a CSV: rule usage is not in it",
      b.source === "run" ? " · " + b.games.length + " games in " + b.seconds + " s (" + (b.games.length / Math.max(0.01, b.seconds)).toFixed(2) + " games/s)" : "",
      sharedOpening(b),
      timeLimited(b),
      b.reread ? " · " + b.reread : ""),
    ...decided(b.untilDecided),
    h("p", {}, b.variants.map((v, i) => h("span", { class: "legend-item" }, h("span", { class: "swatch", style: "background:" + colour(i) }), v.name + specOf(v) + " (" + v.games + " games)  "))));
  outcomesChart(b);
  sweepChart(b.sweep);
  histogram("turns", $("#chart-turns"), b, (g) => g.turn, "turns");
  const metrics = [...new Set(b.games.flatMap((g) => Object.keys(g.metrics)))].sort();
  const sel = clear($("#lab-metric"));
  for (const m of metrics) sel.append(h("option", { value: m }, m));
  if (lab.metric && metrics.includes(lab.metric)) sel.value = lab.metric;
  const drawMetric = () => { lab.metric = sel.value; histogram("metric", $("#chart-metric"), b, (g) => g.metrics[sel.value], sel.value); };
  sel.onchange = drawMetric;
  drawMetric();
  tables(b);
}

// Whiskers for the 95% interval on each bar (dataset.intervals[i] = [low, high]).
const whiskers = {
  id: "whiskers",
  afterDatasetsDraw(chart) {
    const { ctx, scales: { y } } = chart;
    chart.data.datasets.forEach((ds, di) => {
      if (!ds.intervals || chart.getDatasetMeta(di).hidden) return;
      chart.getDatasetMeta(di).data.forEach((bar, i) => {
        const iv = ds.intervals[i];
        if (!iv || iv.some((x) => x === null || Number.isNaN(x))) return;
        const lo = y.getPixelForValue(iv[0]), hi = y.getPixelForValue(iv[1]), w = Math.min(8, (bar.width || 24) / 3);    // a line's points have no width
        ctx.save();
        ctx.strokeStyle = "#222";
        ctx.lineWidth = 1.2;
        ctx.beginPath();
        ctx.moveTo(bar.x, lo); ctx.lineTo(bar.x, hi);
        ctx.moveTo(bar.x - w, lo); ctx.lineTo(bar.x + w, lo);
        ctx.moveTo(bar.x - w, hi); ctx.lineTo(bar.x + w, hi);
        ctx.stroke();
        ctx.restore();
      });
    });
  },
};

function chart(key, canvas, config) {
  if (lab.charts[key]) lab.charts[key].destroy();
  config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, config.options || {});
  lab.charts[key] = new Chart(canvas, config);
  canvas.dataset.drawn = String(config.data.datasets.length);
}

function outcomesChart(b) {
  const outcomes = [...new Set(b.variants.flatMap((v) => Object.keys(v.outcomes)))];
  chart("outcomes", $("#chart-outcomes"), {
    type: "bar",
    data: {
      labels: outcomes,
      datasets: b.variants.map((v, i) => ({
        label: v.name,
        backgroundColor: colour(i) + "b0",
        data: outcomes.map((o) => (v.outcomes[o] ? 100 * v.outcomes[o].rate : 0)),
        intervals: outcomes.map((o) => (v.outcomes[o] ? [100 * v.outcomes[o].low, 100 * v.outcomes[o].high] : null)),
      })),
    },
    options: {
      scales: { y: { min: 0, max: 100, title: { display: true, text: "% of games" } } },
      plugins: { tooltip: { callbacks: { label: (c) => {
        const iv = c.dataset.intervals[c.dataIndex];
        return c.dataset.label + ": " + c.parsed.y.toFixed(1) + "%" + (iv ? " [" + iv[0].toFixed(1) + ", " + iv[1].toFixed(1) + "]" : "");
      } } } },
    },
    plugins: [whiskers],
  });
}

// Counts per value (whole numbers with few values) or per bin (12 equal bins), one bar per variant.
function histogram(key, canvas, b, value, title) {
  const all = b.games.filter((g) => !g.error).map(value).filter((x) => x !== undefined && x !== null && !Number.isNaN(x));
  if (!all.length) { chart(key, canvas, { type: "bar", data: { labels: [], datasets: [] } }); return; }
  const lo = Math.min(...all), hi = Math.max(...all);
  const whole = all.every((x) => Number.isInteger(x)) && hi - lo <= 30;
  const bins = whole ? hi - lo + 1 : 12, width = whole ? 1 : (hi - lo) / bins || 1;
  const binOf = (x) => Math.min(bins - 1, Math.floor((x - lo) / width));
  const labels = [];
  for (let i = 0; i < bins; i++) labels.push(whole ? String(lo + i) : (lo + i * width).toFixed(1) + "–" + (lo + (i + 1) * width).toFixed(1));
  chart(key, canvas, {
    type: "bar",
    data: {
      labels,
      datasets: b.variants.map((v, i) => {
        const counts = new Array(bins).fill(0);
        for (const g of b.games) {
          if (g.variant !== v.name || g.error) continue;
          const x = value(g);
          if (x !== undefined && x !== null && !Number.isNaN(x)) counts[binOf(x)]++;
        }
        return { label: v.name, backgroundColor: colour(i) + "b0", data: counts };
      }),
    },
    options: { scales: { x: { title: { display: true, text: title } }, y: { beginAtZero: true, title: { display: true, text: "games" } } } },
  });
}

function tables(b) {
  const box = clear($("#lab-tables"));
  // each variant against the baseline
  for (const c of b.comparisons) {
    box.append(h("h3", {}, c.variant + " against " + c.against),
      h("table", {}, h("tr", {}, ["outcome", "difference (points)", "95% interval", "p", ""].map((x) => h("th", {}, x))),
        Object.entries(c.outcomes).map(([o, d]) => h("tr", { class: d.significant ? "significant" : "" },
          h("td", {}, o), h("td", { class: "num" }, (d.diff >= 0 ? "+" : "") + pct(d.diff)),
          h("td", { class: "num" }, "[" + pct(d.low) + ", " + pct(d.high) + "]"), h("td", { class: "num" }, d.p.toFixed(3)),
          h("td", {}, d.significant ? "significant at 5%" : "")))));
  }
  // rates, lengths and metric means
  const outcomes = [...new Set(b.variants.flatMap((v) => Object.keys(v.outcomes)))];
  const levels = [...new Set(b.variants.flatMap((v) => Object.keys(v.levels || {})))];
  const metrics = [...new Set(b.variants.flatMap((v) => Object.keys(v.metrics)))].sort();
  const rate = (r) => (r ? pct(r.rate) + "% [" + pct(r.low) + ", " + pct(r.high) + "]" : "–");
  const mean = (m) => (m ? num(m.mean) + " [" + num(m.low) + ", " + num(m.high) + "]" : "–");
  box.append(h("h3", {}, "Per variant"),
    h("table", { id: "lab-per-variant" }, h("tr", {}, h("th", {}, ""), b.variants.map((v) => h("th", {}, v.name))),
      h("tr", {}, h("td", {}, "games"), b.variants.map((v) => h("td", { class: "num" }, String(v.games)))),
      outcomes.map((o) => h("tr", {}, h("td", {}, o), b.variants.map((v) => h("td", { class: "num" }, rate(v.outcomes[o]))))),
      levels.map((l) => h("tr", {}, h("td", {}, l), b.variants.map((v) => h("td", { class: "num" }, rate((v.levels || {})[l]))))),
      h("tr", {}, h("td", {}, "turns"), b.variants.map((v) => h("td", { class: "num" }, mean(v.turns)))),
      h("tr", {}, h("td", {}, "actions"), b.variants.map((v) => h("td", { class: "num" }, mean(v.actions)))),
      metrics.map((m) => h("tr", {}, h("td", {}, m), b.variants.map((v) => h("td", { class: "num" }, mean(v.metrics[m])))))));
  // placeholder and reconstructed data that decided something: share of games, and the sources most often
  if (b.variants.some((v) => v.provenance)) {
    const srcs = (v, st) => ((v.provenance || {})[st] || { sources: [] }).sources.map((x) => x.source + " (" + x.games + " games)").join(", ") || "–";
    box.append(h("h3", {}, "Data that is not printed"),
      h("table", { id: "lab-provenance" }, h("tr", {}, h("th", {}, ""), b.variants.map((v) => h("th", {}, v.name))),
        ["placeholder", "reconstructed"].flatMap((st) => [
          h("tr", { class: st === "placeholder" ? "warn" : "" }, h("td", {}, "games where " + st + " data decided something"),
            b.variants.map((v) => h("td", { class: "num" }, v.provenance ? rate(v.provenance[st].games) : "–"))),
          h("tr", {}, h("td", { class: "label" }, "most often"), b.variants.map((v) => h("td", { class: "sources" }, srcs(v, st))))])));
  }
  // which rules decided something, and whether that differs between variants
  const keys = [...new Set(b.variants.flatMap((v) => Object.keys(v.usage || {})))].sort();
  if (keys.length) {
    box.append(h("details", {}, h("summary", {}, "Rule usage: games in which each table, option, erratum and rule decided something (times in all)"),
      h("table", {}, h("tr", {}, h("th", {}, ""), b.variants.map((v) => h("th", {}, v.name))),
        keys.map((k) => {
          const cells = b.variants.map((v) => (v.usage[k] ? v.usage[k].games + " (" + v.usage[k].times + ")" : "0"));
          return h("tr", { class: new Set(cells).size > 1 ? "differs" : "" }, h("td", {}, k), cells.map((x) => h("td", { class: "num" }, x)));
        }))));
  }
  const errors = b.variants.flatMap((v) => v.errors.map((e) => ({ ...e, variant: v.name })));
  if (errors.length) {
    box.append(h("h3", { class: "error" }, errors.length + " game" + (errors.length === 1 ? "" : "s") + " hit an engine or rule error"),
      h("table", {}, errors.map((e) => h("tr", { class: "error" }, h("td", {}, e.variant), h("td", {}, "game " + e.game), h("td", {}, "seed " + e.seed),
        h("td", {}, e.error), h("td", {}, e.save ? "save: " + e.save : "")))));
  }
  gamesTable(b, box);
}

// Every game, reopenable in the inspector from its seed and variant.
function gamesTable(b, box) {
  const metrics = [...new Set(b.games.flatMap((g) => Object.keys(g.metrics)))].sort().slice(0, 6);
  const filter = h("input", { type: "search", placeholder: "filter: variant, winner or seed", "aria-label": "filter games" });
  const body = h("tbody");
  const draw = () => {
    clear(body);
    const q = filter.value.trim().toLowerCase();
    const rows = b.games.filter((g) => !q || [g.variant, g.winner, g.seed, g.level || ""].some((x) => String(x).toLowerCase().includes(q)));
    for (const g of rows.slice(0, 300)) {
      body.append(h("tr", { class: g.error ? "error" : "", dataset: { variant: g.variant, game: String(g.game) } },
        h("td", {}, g.variant), h("td", { class: "num" }, String(g.game)), h("td", { class: "num" }, g.seed), h("td", {}, g.winner),
        h("td", {}, g.level || ""), h("td", { class: "num" }, String(g.turn)), h("td", { class: "num" }, String(g.actions)),
        metrics.map((m) => h("td", { class: "num" }, g.metrics[m] === undefined ? "" : String(g.metrics[m]))),
        h("td", {}, h("button", { class: "open-game", title: "Open this game in the inspector: same system, scenario, variant and seed; the same bots replay it", onclick: () => reopen(b, g) }, "open"))));
    }
    if (rows.length > 300) body.append(h("tr", {}, h("td", { colspan: 9 + metrics.length, class: "note" }, (rows.length - 300) + " more: filter to find them")));
  };
  filter.addEventListener("input", draw);
  box.append(h("h3", {}, "Games"), filter,
    h("table", { id: "lab-games" }, h("thead", {}, h("tr", {}, ["variant", "game", "seed", "winner", "level", "turns", "actions", ...metrics, ""].map((x) => h("th", {}, x)))), body));
  draw();
}

/** The batch's variant spec for a game; a CSV does not carry specs, so the form's row of that name says. */
function specFor(b, name) {
  const v = b.variants.find((x) => x.name === name);
  if (v && v.spec !== null && v.spec !== undefined) return v.spec;
  const row = variants().find((x) => x.name === name);
  if (row) return row.variant;
  return name === "base" ? "" : null;
}

async function reopen(b, g) {
  const spec = specFor(b, g.variant);
  if (spec === null) {
    banner.show("the CSV does not say what variant \"" + g.variant + "\" is: add a variant row named " + g.variant + " with its spec, then open again", "warn");
    return;
  }
  const system = b.system || $("#lab-system").value, scenario = b.scenario || $("#lab-scenario").value;
  const sys = lab.systems.find((s) => s.id === system);
  const bots = (b.bots || botsSpec()).split(",");
  const sides = sys ? sys.sides : [];
  const pick = sides.map((s, i) => s + ":" + (bots.length === 1 ? bots[0] : bots[i])).join(",");
  try {
    const v = b.variants.find((x) => x.name === g.variant);
    const r = await post("/api/games", { system, scenario, seed: g.seed, variant: spec, ...(v && v.drafts ? { drafts: v.drafts } : {}) });
    const note = g.variant + " game " + g.game + " (seed " + g.seed + "): " + g.winner + (g.level ? " " + g.level : "") + ", " + g.actions + " actions";
    location.href = "./#game=" + r.id + "&bots=" + encodeURIComponent(pick) + "&run=end&expect=" + encodeURIComponent(g.hash || "")
      + "&note=" + encodeURIComponent(note);
  } catch (e) {
    banner.error(e);
  }
}

// ---- start -----------------------------------------------------------------------------------------

async function boot() {
  $("#lab-system").addEventListener("change", fillSystem);
  $("#lab-add-variant").addEventListener("click", () => $("#lab-variants").append(variantRow("v" + ($("#lab-variants").children.length + 1), "")));
  $("#lab-run").addEventListener("click", run);
  $("#lab-stop").addEventListener("click", async () => { if (lab.batch) try { show(await del("/api/lab/" + lab.batch.id)); } catch (e) { banner.error(e); } });
  $("#lab-load").addEventListener("change", (e) => { if (e.target.files[0]) loadCsv(e.target.files[0]); e.target.value = ""; });
  try {
    const listing = await get("/api/systems");
    lab.systems = listing.systems;
    const sel = clear($("#lab-system"));
    for (const s of lab.systems) sel.append(h("option", { value: s.id }, s.name + " (" + s.id + ")"));
    const preferred = lab.systems.find((s) => s.id === "crusader") || lab.systems[0];
    if (preferred) sel.value = preferred.id;
    fillSystem();
  } catch (e) {
    banner.error(e);
  }
  const m = /batch=([0-9a-z]+)/.exec(location.hash);
  if (m) {
    try { follow(await get("/api/lab/" + m[1])); } catch (e) { banner.error(e); }
  }
  document.body.dataset.ready = "true";
}

boot();
