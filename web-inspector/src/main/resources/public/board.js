// The board: the map file drawn in SVG (terrain, hexside features, hex ids), pieces, overlays and
// highlights on top, with pan (drag) and zoom (wheel, buttons). Several boards may share a page.
import { s, clear } from "./dom.js";
import { SIZE, center, corners, sideEnds, bounds } from "./hexgeom.js";
import { terrainColor, crossesSide, hexsideStyle, overlayFill, overlayTones } from "./colors.js";
import { counter } from "./counters.js";

export class Board {
  constructor(container, handlers = {}) {
    this.handlers = handlers;
    this.svg = s("svg", { class: "board", xmlns: "http://www.w3.org/2000/svg", role: "img", "aria-label": "the map" });
    this.layers = {};
    for (const name of ["terrain", "overlays", "edges", "crossings", "features", "places", "ids", "highlights", "pieces", "arrows", "labels", "cursor"]) {
      this.layers[name] = this.svg.appendChild(s("g", { class: "layer-" + name }));
    }
    container.append(this.svg);
    this.centers = new Map();
    this.view = { x: 0, y: 0, w: 100, h: 100 };
    this.showIds = false;
    this.wire();
  }

  // ---- the map ----------------------------------------------------------------------------------

  setMap(map) {
    this.map = map;
    this.centers.clear();
    for (const l of Object.values(this.layers)) clear(l);
    if (!map) return;
    const t = this.layers.terrain, ids = this.layers.ids, feats = this.layers.features;
    map.ids.forEach((id, i) => {
      const c = center(map.q[i], map.r[i]);
      this.centers.set(id, c);
      const terrain = map.terrainTypes[map.terrain[i]];
      t.append(s("polygon", { points: corners(c[0], c[1]), fill: terrainColor(terrain), class: "hex", "data-hex": id, "data-terrain": terrain }));
      ids.append(s("text", { x: c[0], y: c[1] - SIZE * 0.62, class: "hexid" }, id));
      const f = map.features[id];
      if (f) feats.append(this.featureMark(c, f));
    });
    for (const side of map.hexsides) this.drawSide(side);
    for (const [name, id] of Object.entries(map.places || {})) {
      const c = this.centers.get(id);
      if (c) this.layers.places.append(s("text", { x: c[0], y: c[1] + SIZE * 0.85, class: "place" }, name));
    }
    this.fit();
  }

  featureMark([x, y], features) {
    const g = s("g", { class: "feature", transform: "translate(" + x.toFixed(1) + "," + (y - SIZE * 0.38).toFixed(1) + ")" });
    g.append(s("title", {}, features.join(", ")));
    features.slice(0, 3).forEach((f, k) => {
      const dx = (k - (Math.min(3, features.length) - 1) / 2) * 9;
      if (/town|city|village/.test(f)) g.append(s("rect", { x: dx - 3.5, y: -3.5, width: 7, height: 7, class: "f-town" }));
      else g.append(s("text", { x: dx, y: 3, class: "f-mark" }, f[0].toUpperCase()));
    });
    return g;
  }

  drawSide({ a, b, features }) {
    const ca = this.centers.get(a), cb = this.centers.get(b);
    if (!ca || !cb) return;
    for (const f of features) {
      const st = hexsideStyle(f);
      const common = { stroke: st.stroke, "stroke-width": st.width, "stroke-dasharray": st.dash || null, "stroke-linecap": st.cap || "butt", class: "side", "data-feature": f };
      if (crossesSide(f)) {
        this.layers.crossings.append(s("line", { x1: ca[0], y1: ca[1], x2: cb[0], y2: cb[1], ...common }, s("title", {}, f + " " + a + "/" + b)));
      } else {
        const [x1, y1, x2, y2] = sideEnds(ca, cb);
        this.layers.edges.append(s("line", { x1, y1, x2, y2, ...common }, s("title", {}, f + " " + a + "/" + b)));
        if (st.ticks) {
          // escarpment ticks point to the lower hex b, as printed maps draw them
          const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = (cb[0] - ca[0]) * 0.12, dy = (cb[1] - ca[1]) * 0.12;
          this.layers.edges.append(s("line", { x1: mx, y1: my, x2: mx + dx, y2: my + dy, stroke: st.stroke, "stroke-width": 2 }));
        }
      }
    }
  }

  // ---- what changes with the position -------------------------------------------------------------

  setPieces(pieces, sides, selected, targets, secretsOf, differs) {
    const layer = clear(this.layers.pieces);
    this.pieceHex = new Map();
    const byHex = new Map();
    for (const id of Object.keys(pieces).sort()) {
      const p = pieces[id];
      if (!p || !p.hex || !this.centers.has(p.hex)) continue;
      if (!byHex.has(p.hex)) byHex.set(p.hex, []);
      byHex.get(p.hex).push(p);
    }
    for (const [hex, stack] of byHex) {
      const [x, y] = this.centers.get(hex);
      stack.forEach((p, k) => {
        const off = (k - (stack.length - 1) / 2) * 4;
        layer.append(counter(p, x + off, y - off, sides, { selected: p.id === selected, target: targets && targets.has(p.id), secrets: secretsOf && secretsOf(p.id),
          differs: differs && differs.has(p.id), stack: stack.length > 1 ? stack : null }));
        this.pieceHex.set(p.id, hex);
      });
    }
  }

  /**
   * Overlays: [{name, values: {hex: value}}]; numbers are printed (e.g. MP costs), everything is tinted.
   * A key "a/b" of two adjacent hexes is their hexside: drawn as a bar along it, inside hex a (the
   * side a faces b by), so each of the two hexes may say something of the same side.
   */
  setOverlays(list, sides) {
    const fillLayer = clear(this.layers.overlays), labels = clear(this.layers.labels);
    // only overlays of numbers print them; two of them share the hex side by side
    const numeric = list.filter(({ values }) => Object.values(values).some((v) => typeof v === "number")).map((o) => o.name);
    list.forEach(({ name, values }, index) => {
      const nums = Object.values(values).filter((v) => typeof v === "number");
      const max = nums.length ? Math.max(...nums) : 0, tones = overlayTones(values, sides);
      for (const [hex, v] of Object.entries(values)) {
        if (v === null || v === false) continue;
        if (hex.includes("/")) { this.overlaySide(name, hex, v, overlayFill(v, index, sides, max, tones)); continue; }
        const c = this.centers.get(hex);
        if (!c) continue;
        fillLayer.append(s("polygon", { points: corners(c[0], c[1], SIZE * 0.92), fill: overlayFill(v, index, sides, max, tones), class: "ov", "data-overlay": name, "data-hex": hex, "data-value": typeof v === "object" ? JSON.stringify(v) : String(v) }));
        if (typeof v === "number") {
          // under the counters' edge
          const slot = numeric.length > 1 ? (numeric.indexOf(name) % 2 ? 11 : -11) : 0;
          labels.append(s("text", { x: c[0] + slot, y: c[1] + SIZE * 0.74, class: "ov-label", "data-overlay": name }, String(Math.round(v * 100) / 100)));
        }
      }
    });
  }

  /** An overlay's value on the hexside "a/b": a bar along the side, pulled a little into hex a. */
  overlaySide(name, key, v, fill) {
    const [a, b] = key.split("/"), ca = this.centers.get(a), cb = this.centers.get(b);
    if (!ca || !cb) return;
    const [x1, y1, x2, y2] = sideEnds(ca, cb), dx = (ca[0] - cb[0]) * 0.08, dy = (ca[1] - cb[1]) * 0.08;
    this.layers.overlays.append(s("line", { x1: x1 + dx, y1: y1 + dy, x2: x2 + dx, y2: y2 + dy, stroke: fill, "stroke-width": 4, "stroke-linecap": "round",
      class: "ov-side", "data-overlay": name, "data-side": key, "data-value": typeof v === "object" ? JSON.stringify(v) : String(v) }, s("title", {}, name + " " + key + ": " + (typeof v === "object" ? JSON.stringify(v) : String(v)))));
  }

  setHighlights(hexes, marked) {
    const layer = clear(this.layers.highlights);
    for (const hex of hexes || []) {
      const c = this.centers.get(hex);
      if (c) layer.append(s("polygon", { points: corners(c[0], c[1], SIZE * 0.86), class: "dest", "data-hex": hex }));
    }
    const m = marked && this.centers.get(marked);
    if (m) layer.append(s("polygon", { points: corners(m[0], m[1], SIZE * 0.7), class: "marked", "data-marked": marked }));
  }

  /** Attack arrows of a combat being composed: [{from, to}] hex ids, drawn over the counters. */
  setArrows(list) {
    const layer = clear(this.layers.arrows);
    if (!this.svg.querySelector("#arrow-head")) {
      this.svg.prepend(s("defs", {}, s("marker", { id: "arrow-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
        s("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-tip" }))));
    }
    for (const { from, to } of list || []) {
      const a = this.centers.get(from), b = this.centers.get(to);
      if (!a || !b) continue;
      // from the attacker's edge to short of the defender's centre, so both counters stay readable
      const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1, k0 = SIZE * 0.35 / len, k1 = 1 - SIZE * 0.45 / len;
      layer.append(s("line", { x1: (a[0] + dx * k0).toFixed(1), y1: (a[1] + dy * k0).toFixed(1), x2: (a[0] + dx * k1).toFixed(1), y2: (a[1] + dy * k1).toFixed(1),
        class: "attack-arrow", "marker-end": "url(#arrow-head)", "data-from": from, "data-to": to }));
    }
  }

  /** The keyboard's cursor: a hex outlined, brought into view when it leaves it. */
  setCursor(hex) {
    const layer = clear(this.layers.cursor);
    const c = hex && this.centers.get(hex);
    if (!c) return;
    layer.append(s("polygon", { points: corners(c[0], c[1], SIZE * 0.95), class: "cursor", "data-cursor": hex }));
    const v = this.view;
    if (c[0] < v.x + SIZE || c[0] > v.x + v.w - SIZE || c[1] < v.y + SIZE || c[1] > v.y + v.h - SIZE) this.reveal(hex);
  }

  /** Where a hex is on the screen (for a list opened at it). */
  screenAt(hex) {
    const c = this.centers.get(hex), r = this.svg.getBoundingClientRect(), v = this.view;
    if (!c || !r.width) return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    const k = Math.min(r.width / v.w, r.height / v.h);
    const ox = r.left + (r.width - v.w * k) / 2, oy = r.top + (r.height - v.h * k) / 2;
    return { clientX: ox + (c[0] - v.x) * k, clientY: oy + (c[1] - v.y) * k };
  }

  // ---- pan and zoom -----------------------------------------------------------------------------

  fit() {
    this.view = bounds([...this.centers.values()]);
    this.apply();
  }

  zoomBy(f, px, py) {
    const v = this.view, r = this.svg.getBoundingClientRect();
    const fx = px === undefined ? 0.5 : (px - r.left) / r.width, fy = py === undefined ? 0.5 : (py - r.top) / r.height;
    const nw = Math.min(Math.max(v.w / f, SIZE * 3), 20000), nh = nw * (v.h / v.w);
    this.view = { x: v.x + (v.w - nw) * fx, y: v.y + (v.h - nh) * fy, w: nw, h: nh };
    this.apply();
  }

  /**
   * The whole map, unless its counters would then be too small to read: then the view at `scale`
   * screen pixels per SVG unit, centred on the given points (e.g. the side to act's pieces).
   */
  fitReadable(scale, points) {
    this.fit();
    const r = this.svg.getBoundingClientRect();
    if (!r.width || Math.min(r.width / this.view.w, r.height / this.view.h) >= scale) return;
    const pts = points && points.length ? points : [...this.centers.values()];
    // the point nearest the points' centroid: a spread army's centroid may be empty desert
    const mx = pts.reduce((n, p) => n + p[0], 0) / pts.length, my = pts.reduce((n, p) => n + p[1], 0) / pts.length;
    const [cx, cy] = pts.reduce((best, p) => (Math.hypot(p[0] - mx, p[1] - my) < Math.hypot(best[0] - mx, best[1] - my) ? p : best), pts[0]);
    const w = r.width / scale, h = r.height / scale;
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.apply();
  }

  /** Centres the view on a hex without changing the zoom. */
  reveal(hex) {
    const c = this.centers.get(hex);
    if (!c) return;
    this.view = { ...this.view, x: c[0] - this.view.w / 2, y: c[1] - this.view.h / 2 };
    this.apply();
  }

  apply() {
    const v = this.view;
    this.svg.setAttribute("viewBox", [v.x, v.y, v.w, v.h].map((n) => n.toFixed(1)).join(" "));
    const r = this.svg.getBoundingClientRect();
    const scale = r.width ? Math.min(r.width / v.w, r.height / v.h) : 0;
    // printed hex ids appear once a hex is big enough to read them, or when asked
    this.svg.classList.toggle("show-ids", this.showIds || scale * SIZE > 26);
  }

  setShowIds(on) { this.showIds = on; this.apply(); }

  wire() {
    const svg = this.svg;
    let down = null;
    svg.addEventListener("wheel", (e) => { e.preventDefault(); this.zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX, e.clientY); }, { passive: false });
    svg.addEventListener("pointerdown", (e) => { if (e.button === 0) down = { x: e.clientX, y: e.clientY, v: { ...this.view }, moved: false, id: e.pointerId }; });
    svg.addEventListener("pointermove", (e) => {
      if (down && (down.moved || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 5)) {
        if (!down.moved) svg.setPointerCapture(down.id);
        down.moved = true;
        const r = svg.getBoundingClientRect(), k = Math.max(down.v.w / r.width, down.v.h / r.height);
        this.view = { ...down.v, x: down.v.x - (e.clientX - down.x) * k, y: down.v.y - (e.clientY - down.y) * k };
        this.apply();
      } else if (!down) this.hover(e);
    });
    svg.addEventListener("pointerup", () => { setTimeout(() => { down = null; }, 0); });
    svg.addEventListener("click", (e) => {
      if (down && down.moved) return;
      const piece = e.target.closest("[data-piece]");
      if (piece && this.handlers.onPiece) return this.handlers.onPiece(piece.dataset.piece, e);
      const hex = this.hexAt(e);
      if (hex && this.handlers.onHex) this.handlers.onHex(hex, e);
    });
    // off the board nothing is hovered: coming back onto the same hex hovers it again
    svg.addEventListener("pointerleave", () => { this.hovered = null; if (this.handlers.onHover) this.handlers.onHover(null); });
    new ResizeObserver(() => this.apply()).observe(svg);
  }

  hexAt(e) {
    const el = e.target.closest("[data-hex]");
    if (el) return el.dataset.hex;
    const piece = e.target.closest("[data-piece]");
    return piece ? this.pieceHex.get(piece.dataset.piece) : null;
  }

  hover(e) {
    if (!this.handlers.onHover) return;
    const hex = this.hexAt(e);
    if (hex !== this.hovered) { this.hovered = hex; this.handlers.onHover(hex); }
  }
}
