// The kernel's side of the script boundary. Java calls the functions of the object this returns
// (K); rule scripts see only the `ctx` objects built here. Everything a rule needs per call lives
// on this side, so a rule's inner loops never cross into Java.
(function (host, bootJson) {
  "use strict";
  const boot = JSON.parse(bootJson);

  const views = new WeakSet();  // the read-tracking views of tables (below): already read-only, never frozen
  function deepFreeze(o) {
    if (o && typeof o === "object" && !views.has(o) && !Object.isFrozen(o) && !ArrayBuffer.isView(o)) {
      Object.freeze(o);
      if (Array.isArray(o)) { for (let i = 0; i < o.length; i++) if (o[i] && typeof o[i] === "object") deepFreeze(o[i]); }
      else for (const k of Object.keys(o)) deepFreeze(o[k]);
    }
    return o;
  }

  // ---- tables, options, errata: read-only for scripts ----------------------------------------
  const tables = {};          // section -> table -> data
  const tableStatus = {};     // "section/table" -> printed | reconstructed | placeholder
  const tableErrata = {};     // "section/table" -> [erratum ids that patched it]
  for (const s of boot.sections) {
    tables[s.name] = deepFreeze(s.tables || {});
    for (const [t, st] of Object.entries(s.status || {})) tableStatus[s.name + "/" + t] = st;
  }
  for (const [key, ids] of Object.entries(boot.tableErrata || {})) tableErrata[key] = ids;
  deepFreeze(tables);
  // The data sources a trace entry may name (its table, its `uses`) and the provenance of each that
  // is not printed: {status, note}. Tables come from their sections (a table patched by a
  // reconstructed erratum counts as reconstructed), maps from the boot, the scenario from the setup.
  const sources = new Map();        // source -> {status, note} or null for printed
  for (const s of boot.sections) {
    for (const [t, st] of Object.entries(s.status || {})) {
      const key = s.name + "/" + t, data = tables[s.name][t];
      sources.set(key, st === "printed" ? null : { status: st, note: data && data.note !== undefined ? String(data.note) : null });
    }
  }
  for (const [key, p] of Object.entries(boot.sourceStatus || {})) sources.set(key, p.status === "printed" ? null : { status: p.status, note: p.note || null });

  // ---- read tracking -------------------------------------------------------------------------
  // Two users, both off unless needed, so normal play reads the frozen tables directly:
  // - an erratum's patched paths (boot.patches): a read of one is pending until a trace entry that
  //   names the patched table takes it, and then the erratum counts as having decided that outcome;
  // - the audit (boot.audit): every table and top-level entry read is counted (dead data is what
  //   no game read), and non-printed data read during a call into the rules but named by none of
  //   the entries written after the read is reported (a `uses` a script forgot).
  // Reads made while computing an answer kept by ctx.once/memo/keep/recall are replayed each time
  // the kept answer is used, since the answer carries the values read.
  const audit = !!boot.audit;
  const ledger = !!boot.ledger;     // every first read also told to the JVM's ReadLedger (a test suite's audit)
  const patchTrie = {};             // section -> table -> ... -> {"\u0000": [erratum ids]} at a patched path
  for (const pt of boot.patches || []) {
    let node = patchTrie;
    for (const part of pt.path.split("/")) node = node[part] || (node[part] = {});
    (node["\u0000"] || (node["\u0000"] = [])).push(pt.erratum);
  }
  const scriptErrata = boot.scriptErrata || {};   // "section.export" -> erratum id of a replaced export
  const tracked = audit || (boot.patches || []).length > 0 || Object.keys(scriptErrata).length > 0;
  let pending = null;               // reads not yet taken by an entry: key -> {kind, table, erratum, skipped}
  const auditReads = new Map();     // "section/table" and "section/table/entry" -> times read
  const auditUnnamed = new Map();   // source -> {status, times, example}
  function note(key, rec) { if (pending === null) pending = new Map(); if (!pending.has(key)) pending.set(key, rec); }
  function replay(reads) { if (reads) for (const [k, r] of reads) note(k, { kind: r.kind, table: r.table, erratum: r.erratum, skipped: null }); }
  // compute() with the reads it makes gathered apart (and passed on): [value, reads or null]
  function gathering(compute) {
    const outer = pending;
    pending = null;
    let v, reads;
    try { v = compute(); } finally { reads = pending; pending = outer; replay(reads); }
    return [v, reads];
  }
  const proxies = new WeakMap();
  function view(target, path, trie, depth) {
    let p = proxies.get(target);
    if (p !== undefined) return p;
    const dummy = Array.isArray(target) ? [] : {};
    const readOnly = () => { throw new TypeError("the tables are read-only: " + path.join("/")); };
    const tableName = depth === 2 ? path[0] + "/" + path[1] : null;
    const nonPrinted = depth === 2 && !!sources.get(tableName);
    const seenHere = new Set();       // the audit counts a table or entry once: later reads only matter as pending sources
    p = new Proxy(dummy, {
      get(_, key) {
        const v = target[key];
        if (typeof key === "symbol") return v;
        const sub = trie ? trie[key] : undefined;
        if (audit && (depth === 1 || depth === 2) && key !== "length") {
          if (!seenHere.has(key)) { seenHere.add(key); seen(path, key, depth); }
          const table = depth === 2 ? tableName : path[0] + "/" + key;
          if (depth === 2 ? nonPrinted : sources.get(table)) noteSource(table);
        }
        if (sub && sub["\u0000"]) {
          const table = path[0] + "/" + (depth === 1 ? key : path[1]);
          for (const id of sub["\u0000"]) note("e:" + id + "\u0000" + table, { kind: "erratum", table, erratum: id, skipped: null });
        }
        if (v !== null && typeof v === "object" && ((audit && depth < 2) || sub)) return view(v, path.concat([key]), sub, depth + 1);
        return v;
      },
      has(_, key) { return key in target; },
      ownKeys() { return Reflect.ownKeys(target); },
      getOwnPropertyDescriptor(_, key) {
        const d = Reflect.getOwnPropertyDescriptor(target, key);
        if (d === undefined) return undefined;
        if (key === "length" && Array.isArray(target)) return { value: target.length, writable: true, enumerable: false, configurable: false };
        return { value: this.get(_, key), writable: false, enumerable: d.enumerable, configurable: true };
      },
      getPrototypeOf() { return Object.getPrototypeOf(target); },
      set: readOnly, defineProperty: readOnly, deleteProperty: readOnly, preventExtensions() { return false; },
    });
    views.add(p);
    proxies.set(target, p);
    return p;
  }
  // the audit's record of a first read: a table (depth 1) or one of its top-level entries (depth 2)
  function seen(path, key, depth) {
    const k = depth === 1 ? path[0] + "/" + key : path[0] + "/" + path[1] + "/" + key;
    auditReads.set(k, (auditReads.get(k) || 0) + 1);
    if (ledger) host.read(k);
  }
  function noteSource(table) {
    const k = "s:" + table;
    if (pending === null || !pending.has(k)) note(k, { kind: "source", table, erratum: null, skipped: null });
  }
  const tablesView = tracked ? view(tables, [], patchTrie, 0) : tables;
  // a kept answer (ctx.once/memo/keep/recall) and the reads that made it, replayed when it is used
  const cacheReads = new WeakMap();     // cache Map -> key -> reads
  function cached(cache, k, compute) {
    let v = cache.get(k);
    if (v === undefined) {
      const [val, reads] = gathering(compute);
      v = val;
      cache.set(k, v);
      if (reads) {
        let r = cacheReads.get(cache);
        if (r === undefined) { r = new Map(); cacheReads.set(cache, r); }
        r.set(k, reads);
      }
    } else {
      const r = cacheReads.get(cache);
      if (r !== undefined) replay(r.get(k));
    }
    return v;
  }
  // at a trace entry: the pending reads it names are taken (the errata among them decided it); the
  // others wait for a later entry of the same call, marked as passed over by this one
  function settle(sec, file, uses, entry) {
    if (pending === null) return null;
    let named = file ? [file] : [];
    if (uses) for (const u of uses) named.push(sourceKey(sec, u));
    let decided = null;
    for (const [k, r] of pending) {
      if (r.kind === "script" || named.indexOf(r.table) >= 0) {
        pending.delete(k);
        if (r.erratum !== null && (decided === null || decided.indexOf(r.erratum) < 0)) (decided || (decided = [])).push(r.erratum);
      } else if (r.kind === "source" && r.skipped === null) {
        r.skipped = { section: sec, rule: entry.rule === undefined ? null : String(entry.rule), text: entry.text === undefined ? null : String(entry.text).slice(0, 120) };
      }
    }
    return decided;
  }
  // the end of a call into the rules: non-printed data read, passed over by an entry and named by none
  function closeCall() {
    if (pending === null) return;
    if (audit) for (const r of pending.values()) {
      if (r.kind !== "source" || r.skipped === null) continue;
      const u = auditUnnamed.get(r.table) || { status: sources.get(r.table).status, times: 0, example: r.skipped };
      u.times++;
      auditUnnamed.set(r.table, u);
    }
    pending = null;
  }
  const options = deepFreeze(boot.options || {});
  const errata = deepFreeze(boot.errata || []);
  const sides = deepFreeze(boot.sides || []);

  // ---- the map: static arrays handed over once, geometry answered here ------------------------
  const M = boot.map;
  const mapApi = M ? makeMap(M) : null;

  // A search spec is compiled by the kernel once: spec object -> {json, base, id}. A spec may name
  // a `base` spec (terrain and hexsides, compiled once) and add only per-hex extras; specs built
  // afresh with the same content share a model (byContent).
  const models = new WeakMap();
  const byContent = new Map();
  const noSpec = Object.freeze({});
  function entry(spec) {
    const key = spec && typeof spec === "object" ? spec : noSpec;
    let c = models.get(key);
    if (c === undefined) {
      const base = key.base && typeof key.base === "object" ? key.base : null;
      const z = key.zones;
      c = { json: specJson(key), zones: ArrayBuffer.isView(z) ? z.slice() : null, base, id: -1, key: null };
      deepFreeze(key);
      models.set(key, c);
    }
    return c;
  }
  function compile(c) {
    let json = c.json;
    if (c.base) {
      const b = entry(c.base);
      if (b.id < 0) b.id = compile(b);
      json = json.length > 2 ? json.slice(0, -1) + ',"base":' + b.id + "}" : '{"base":' + b.id + "}";
    }
    c.key = json;
    // zoned specs are matched to a model by content in the kernel; the others by their text here
    let id = c.zones ? undefined : byContent.get(json);
    if (id === undefined) {
      if (c.zones) zoneView().set(c.zones);
      id = c.zones ? host.defineZoned(json) : host.define(json);
      if (id < 0) {                                                   // the kernel dropped the base
        const b = entry(c.base);
        byContent.delete(b.key);
        b.id = -1;
        return compile(c);
      }
      if (!c.zones) {
        if (byContent.size >= 1024) byContent.clear();
        byContent.set(json, id);
      }
    }
    return id;
  }
  function withModel(spec, search) {
    const c = entry(spec);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (c.id < 0) c.id = compile(c);
      const r = search(c.id);
      if (r !== null) return r;
      byContent.clear();                     // the kernel dropped a model unused for long
      c.id = -1;
      if (c.base) entry(c.base).id = -1;
    }
    throw new Error("search: the kernel could not keep the cost model");
  }

  // zones (a Uint8Array, one zone number per hex) go to the kernel through a buffer of its own,
  // not as text; a base spec is named by its id when compiled
  function specJson(spec) {
    const out = {};
    for (const k of Object.keys(spec)) {
      const v = spec[k];
      if (k === "base" && v && typeof v === "object") continue;
      if (!ArrayBuffer.isView(v)) { out[k] = v; continue; }
      if (k !== "zones" || !(v instanceof Uint8Array)) throw new Error("search spec: " + k + " is a typed array; only zones may be one (a Uint8Array), give a plain array");
      if (v.length !== M.ids.length) throw new Error("search spec: zones needs one zone number per hex of map " + M.name + " (" + M.ids.length + "), found " + v.length);
    }
    return JSON.stringify(out);
  }
  let zones = null;
  const zoneView = () => zones || (zones = new Uint8Array(new ArrayBuffer(host.zoneBuffer())));

  function makeMap(m) {
    const index = new Map(), n = m.ids.length;
    m.ids.forEach((id, i) => index.set(id, i));
    // The kernel numbers hexes CCRR (column, row): such an id finds its index by arithmetic in a
    // table of 10,000, since the rules ask for indexes many times a decision and a Map hashes the string.
    const fourDigits = m.ids.every((id) => /^[0-9]{4}$/.test(id));
    const dense = fourDigits ? new Int32Array(10000).fill(-1) : null;
    if (fourDigits) m.ids.forEach((id, i) => { dense[+id] = i; });
    const lookup = (id) => {   // the index, -1 when id is no hex of this map
      if (fourDigits && typeof id === "string" && id.length === 4) {
        const a = id.charCodeAt(0) - 48, b = id.charCodeAt(1) - 48, c = id.charCodeAt(2) - 48, d = id.charCodeAt(3) - 48;
        return a >= 0 && a <= 9 && b >= 0 && b <= 9 && c >= 0 && c <= 9 && d >= 0 && d <= 9 ? dense[a * 1000 + b * 100 + c * 10 + d] : -1;
      }
      const i = index.get(id);
      return i === undefined ? -1 : i;
    };
    const noHex = (id) => { throw new Error("no hex " + JSON.stringify(id) + " on map " + m.name); };
    // lookup() written out again: the rules ask for indexes so often that a second call per ask shows
    const idx = (id) => {
      if (fourDigits && typeof id === "string" && id.length === 4) {
        const a = id.charCodeAt(0) - 48, b = id.charCodeAt(1) - 48, c = id.charCodeAt(2) - 48, d = id.charCodeAt(3) - 48;
        const i = a >= 0 && a <= 9 && b >= 0 && b <= 9 && c >= 0 && c <= 9 && d >= 0 && d <= 9 ? dense[a * 1000 + b * 100 + c * 10 + d] : -1;
        return i >= 0 ? i : noHex(id);
      }
      const i = index.get(id);
      return i === undefined ? noHex(id) : i;
    };
    const nb = m.neighbors;                   // size*6, -1 off map
    const featureBit = {};
    m.hexsideFeatures.forEach((f, b) => { featureBit[f] = b; });
    const masks = m.hexsideMasks;             // size*6 numbers (bitmask of hexside features)
    const hexFeatures = new Map(Object.entries(m.hexFeatures));   // id -> [features]
    const neighborCache = m.ids.map((id, i) => {
      const out = [];
      for (let d = 0; d < 6; d++) { const j = nb[i * 6 + d]; if (j >= 0) out.push(m.ids[j]); }
      return Object.freeze(out);
    });
    const dirBetween = (a, b) => {
      const i = idx(a), j = idx(b);
      for (let d = 0; d < 6; d++) if (nb[i * 6 + d] === j) return d;
      return -1;
    };
    // the kernel writes a search's answer into a buffer of its own: read through typed arrays over it
    let view = null;
    // every reachCosts answer starts as a copy of this: a bulk copy is far cheaper than a fill
    const unreached = new Float64Array(n).fill(Infinity);
    const searchView = () => {
      if (view) return view;
      const b = new ArrayBuffer(host.searchBuffer());
      return (view = { costs: new Float64Array(b, 8, n), hexes: new Int32Array(b, 8 + 8 * n, n) });
    };
    // blocking sets for line of sight: list object -> kernel id, and by content for lists built afresh
    const sightIds = new WeakMap(), sightByText = new Map();
    const noBlocking = Object.freeze([]);
    function withSight(blocking, ask) {
      const list = Array.isArray(blocking) ? blocking : noBlocking;
      for (let attempt = 0; attempt < 3; attempt++) {
        let id = sightIds.get(list);
        if (id === undefined) {
          const text = JSON.stringify(list);
          id = sightByText.get(text);
          if (id === undefined) {
            id = host.defineSight(text);
            if (sightByText.size >= 256) sightByText.clear();
            sightByText.set(text, id);
          }
          sightIds.set(list, id);
        }
        const r = ask(id);
        if (r !== null) return r;
        sightIds.delete(list);                        // the kernel dropped a set unused for long
        sightByText.clear();
      }
      throw new Error("line of sight: the kernel could not keep the blocking set");
    }
    const api = {
      name: m.name, status: m.status, source: m.source,
      ids: Object.freeze(m.ids.slice()),
      has: (id) => lookup(id) >= 0,
      index: idx,
      neighbors: (id) => neighborCache[idx(id)],
      neighbor: (id, dir) => { const j = nb[idx(id) * 6 + dir]; return j < 0 ? null : m.ids[j]; },
      // by index, for loops over the whole map: the index of the neighbour in direction dir, or -1
      neighborIndex: (i, dir) => nb[i * 6 + dir],
      direction: dirBetween,
      adjacent: (a, b) => dirBetween(a, b) >= 0,
      distance: (a, b) => {
        const i = idx(a), j = idx(b);
        const dq = m.q[i] - m.q[j], dr = m.r[i] - m.r[j];
        return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
      },
      // range counts the target hex, not the firer's: the same number as the distance
      range: (a, b) => api.distance(a, b),
      terrain: (id) => m.terrain[idx(id)],
      hasFeature: (id, f) => { const l = hexFeatures.get(id); return !!l && l.indexOf(f) >= 0; },
      features: (id) => hexFeatures.get(id) || [],
      hexside: (a, b) => {
        const d = dirBetween(a, b);
        if (d < 0) return [];
        const mask = masks[idx(a) * 6 + d], out = [];
        for (let bit = 0; bit < m.hexsideFeatures.length; bit++) if (mask & (1 << bit)) out.push(m.hexsideFeatures[bit]);
        return out;
      },
      hexsideHas: (a, b, f) => {
        const bit = featureBit[f];
        if (bit === undefined) return false;
        const d = dirBetween(a, b);
        return d >= 0 && (masks[idx(a) * 6 + d] & (1 << bit)) !== 0;
      },
      isEdge: (id) => { const i = idx(id); for (let d = 0; d < 6; d++) if (nb[i * 6 + d] < 0) return true; return false; },
      zone: (name) => { const z = m.zones[name]; if (!z) throw new Error("no zone " + JSON.stringify(name) + " on map " + m.name); return z; },
      place: (name) => { const p = m.places[name]; if (!p) throw new Error("no place " + JSON.stringify(name) + " on map " + m.name); return p; },
      within: (id, n) => {
        // every hex within n of id, nearest first, by breadth-first rings
        const seen = new Set([id]); let ring = [id]; const out = [id];
        for (let k = 0; k < n; k++) {
          const next = [];
          for (const h of ring) for (const x of neighborCache[idx(h)]) if (!seen.has(x)) { seen.add(x); next.push(x); out.push(x); }
          ring = next;
        }
        return out;
      },
      // path search runs in Java: one call per search, the cost model given as data. A spec object
      // is compiled once, at its first search, and frozen then (a changed cost is a new object).
      reach: (from, budget, spec) => JSON.parse(withModel(spec, (id) => host.reachWith(from, budget, id))),
      path: (from, to, budget, spec) => JSON.parse(withModel(spec, (id) => host.pathWith(from, to, budget, id))),
      // the same search as reach, by hex index: {costs: a Float64Array, the cost of every hex the
      // move may end in, Infinity elsewhere (the start too); hexes: their indices, ascending}
      reachCosts: (from, budget, spec) => {
        const k = withModel(spec, (id) => { const c = host.reachInto(from, budget, id); return c < 0 ? null : c; });
        const v = searchView(), costs = unreached.slice(), hexes = new Array(k);
        for (let j = 0; j < k; j++) { const i = v.hexes[j]; costs[i] = v.costs[j]; hexes[j] = i; }
        return { costs, hexes };
      },
      // line of sight through a set of blocking hexes (a list of ids), compiled by the kernel once
      // per list object (or per content): build the list once (ctx.once) and ask with it many times
      lineOfSight: (a, b, blocking) => withSight(blocking, (id) => host.losWith(a, b, id)),
      // every hex within n of id that id sees (id itself left out), in index order: one call
      visible: (id, n, blocking) => {
        const k = withSight(blocking, (s) => { const c = host.visibleInto(id, n, s); return c < 0 ? null : c; });
        const v = searchView(), out = new Array(k);
        for (let j = 0; j < k; j++) out[j] = m.ids[v.hexes[j]];
        return out;
      },
      line: (a, b) => JSON.parse(host.line(a, b)),
    };
    return Object.freeze(api);
  }

  // ---- the game state and the trace -----------------------------------------------------------
  let G = null;
  let traceBuf = [];
  let usage = {};
  // off while nobody reads the entries (a batch, a replay): only the usage counts are kept
  let tracing = true;
  let previewing = false;      // while a preview runs: no die may be rolled
  let current = null;           // the decision being asked: {sec, name, state, args, actions}
  // Answers of queries that only the state decides, kept from one question to the next until the
  // state may change: cleared, and off, while a step runs or an action applies.
  let memo = new Map();         // section -> key -> answer (a shelf per section: see shelf())
  let memoOn = true;
  let before = null;            // while an action applies: the memo of the position it was chosen in
  const statics = new Map();    // ctx.once: derived from the tables and the map, kept for the context
  let kept = new WeakMap();     // ctx.keep: derived data by the state object it belongs to; a restore makes new objects
  // The caches hold a Map of answers per section, so a key is looked up as the script wrote it: a
  // key joined to its section's name would be a new string, flattened and hashed at every call.
  function shelf(m, sec) {
    let s = m.get(sec);
    if (s === undefined) { s = new Map(); m.set(sec, s); }
    return s;
  }
  const recalled = {};          // ctx.recall's answers live in `kept` under this owner, so a restore drops them too
  const RECALLED = 64;
  let byHex = null;             // hex -> pieces there, in state order: built once per position, like memo
  let all = null;               // the pieces in state order, once per position
  let allById = null;           // the pieces in id order, once per position
  let idOrder = null;           // the pieces' ids sorted: kept while the set of ids stands, whatever the position
  let snap = null;              // the state as JSON, once per position: the hash and the inspector both ask
  function forget() { memo = new Map(); byHex = null; all = null; allById = null; snap = null; }
  function allPieces() {
    if (!memoOn) return Object.values(G.pieces || {});
    return all || (all = Object.values(G.pieces || {}));
  }
  // The pieces in id order (the state keeps them under their ids). The order of the ids is worked
  // out again only when the set of ids changes: a piece added, or a state with other pieces.
  function piecesInIdOrder() {
    if (memoOn && allById) return allById;
    const pieces = G.pieces || {}, n = allPieces().length;
    let out = idOrder !== null && idOrder.length === n ? new Array(n) : null;
    for (let i = 0; out !== null && i < n; i++) { const p = pieces[idOrder[i]]; if (p === undefined) out = null; else out[i] = p; }
    if (out === null) {
      idOrder = Object.keys(pieces).sort();
      out = idOrder.map((id) => pieces[id]);
    }
    if (memoOn) allById = out;
    return out;
  }
  function mutating(f) {
    forget();
    memoOn = false;
    try { return f(); } finally { forget(); memoOn = true; }
  }
  // an action applies: the questions' memo of the position it was chosen in stays readable
  // through ctx.memoBefore until the action is done
  function applying(f) {
    before = memo;
    try { return mutating(f); } finally { before = null; }
  }
  function piecesByHex() {
    if (byHex) return byHex;
    const m = new Map();
    for (const p of allPieces()) {
      if (p.hex === undefined || p.hex === null) continue;
      const l = m.get(p.hex);
      if (l) l.push(p); else m.set(p.hex, [p]);
    }
    return (byHex = m);
  }

  function count(key) { usage[key] = (usage[key] || 0) + 1; }
  // a source named in `uses`: "section/table" (a table of this section may be named alone), "map",
  // "map:<id>" or "scenario"; anything else is refused, so a typo cannot hide a placeholder
  function sourceKey(sec, u) {
    const name = String(u);
    if (name === "map" || name === "scenario" || name.startsWith("map:")) {
      if (!sources.has(name)) throw new Error("ctx.trace: uses names " + JSON.stringify(name) + ", which this game does not have");
      return name;
    }
    const key = tableFile(tableKey(sec, name));
    if (!sources.has(key)) throw new Error("ctx.trace: uses names " + JSON.stringify(name) + ", which is no table of this system (expected section/table, map, map:<id> or scenario)");
    return key;
  }
  // the non-printed sources that decided an entry: its table, then its uses, each once
  function provenance(sec, file, uses) {
    let out = null, seen = null;
    if (file) {
      const p = sources.get(file);
      if (p) { out = [{ source: file, status: p.status, note: p.note }]; seen = [file]; }
    }
    if (uses) {
      if (!Array.isArray(uses)) throw new Error("ctx.trace: uses must be a list of sources, found " + JSON.stringify(uses));
      for (let i = 0; i < uses.length; i++) {
        const key = sourceKey(sec, uses[i]), p = sources.get(key);
        if (!p || (seen && seen.indexOf(key) >= 0)) continue;
        (out || (out = [])).push({ source: key, status: p.status, note: p.note });
        (seen || (seen = [])).push(key);
      }
    }
    return out;
  }
  // the table file/table of a trace's table name: a section's own tables are named without it
  function tableKey(sec, table) { return table.indexOf("/") >= 0 ? table : sec + "/" + table; }
  function tableFile(key) { const a = key.indexOf("/"), b = key.indexOf("/", a + 1); return b < 0 ? key : key.slice(0, b); }
  // what a decided outcome counts for in the usage, whether or not its entry is kept
  function tally(tableOf, option, rule, prov, decided) {
    if (prov) for (let i = 0; i < prov.length; i++) count(prov[i].status + ":" + prov[i].source);
    if (decided) for (let i = 0; i < decided.length; i++) count("erratum:" + decided[i]);
    if (tableOf) count("table:" + tableOf);
    if (option) count("option:" + option);
    if (rule) count("rule:" + rule);
  }

  // ---- fixed piece fields (system.yaml fixed-piece-fields) ---------------------------------
  // After the setup, each piece's fixed values (names, factors, type flags) move to a template kept
  // here by piece id, not in the state: the state's JSON, its hash and the inspector's patches
  // carry only what a game changes. Every templated piece has one shared prototype whose accessors
  // read the piece's template (a hidden symbol field), so all pieces keep one shape and the rules'
  // property reads stay monomorphic. Scripts read the fields as before; a write gives the piece its
  // own value, which the state then carries. A restore re-links by id.
  const fixedFields = boot.fixedPieceFields || [];
  const fixedSet = new Set(fixedFields);
  const TEMPLATE = Symbol("fixed piece fields");
  let templates = new Map();      // piece id -> its template
  let templatesText = "{}";       // the templates as JSON ({id: {field: value}}), made when they are
  // piece-field-defaults: a field that holds its default is left out of the state's JSON and put
  // back on a restore; live pieces keep every field, so they keep one shape
  const defaults = boot.pieceFieldDefaults || {};
  const defaultKeys = Object.keys(defaults), defaultVals = defaultKeys.map((k) => defaults[k]);
  const defaultSet = new Set(defaultKeys);
  const pieceProto = {};
  for (const f of fixedFields) {
    // one getter's code per field, so each reads a constant name
    const get = /^[A-Za-z_$][\w$]*$/.test(f)
      ? new Function("T", "return function () { const t = this[T]; return t === undefined ? undefined : t." + f + "; };")(TEMPLATE)
      : function () { const t = this[TEMPLATE]; return t === undefined ? undefined : t[f]; };
    const set = function (v) { Object.defineProperty(this, f, { value: v, writable: true, enumerable: true, configurable: true }); };
    Object.defineProperty(pieceProto, f, { get, set, enumerable: false, configurable: false });
  }
  // a default field a script deletes reads its default, as it will after a restore
  defaultKeys.forEach((k, i) => Object.defineProperty(pieceProto, k, { value: defaultVals[i], writable: true, enumerable: false, configurable: false }));

  // The piece `p` rebuilt on template `t`, its own fields in their order: all of them (a restored
  // piece, whose fixed fields are only those a script gave it) or all but the fixed (at the setup);
  // then every default field, in the manifest's order, with its value or the default. A piece set up
  // and the same piece restored get the same fields in the same order, so one shape.
  function onTemplate(p, t, dropFixed) {
    const o = Object.create(pieceProto);
    Object.defineProperty(o, TEMPLATE, { value: t, enumerable: false, writable: false, configurable: false });
    for (const k of Object.keys(p)) {
      if (defaultSet.has(k)) continue;
      if (!fixedSet.has(k)) o[k] = p[k];
      else if (!dropFixed) Object.defineProperty(o, k, { value: p[k], writable: true, enumerable: true, configurable: true });
    }
    for (let i = 0; i < defaultKeys.length; i++) {
      const k = defaultKeys[i];
      o[k] = Object.prototype.hasOwnProperty.call(p, k) ? p[k] : defaultVals[i];
    }
    return o;
  }

  // A templated piece as the state's JSON holds it: its own fields but the default fields that hold
  // their default; those last, in the manifest's order, whatever order a script gave them in.
  function leanPiece(p) {
    if (!p || typeof p !== "object" || p[TEMPLATE] === undefined) return p;
    const ks = Object.keys(p);
    outer: for (let j = 0; j < layouts.length; j++) {
      const L = layouts[j].keys;
      if (L.length !== ks.length) continue;
      for (let i = 0; i < ks.length; i++) if (ks[i] !== L[i]) continue outer;
      return layouts[j].lean(p);
    }
    if (layouts.length < 8) {
      const lean = leanFor(ks);
      layouts.push({ keys: ks, lean });
      return lean(p);
    }
    const o = {};
    for (const k of ks) if (!defaultSet.has(k)) o[k] = p[k];
    for (let i = 0; i < defaultKeys.length; i++) {
      const k = defaultKeys[i];
      if (Object.prototype.hasOwnProperty.call(p, k) && p[k] !== defaultVals[i]) o[k] = p[k];
    }
    return o;
  }
  // Pieces come in a few layouts (their own fields, in order): leanPiece's copy written out for each,
  // with constant field names, reads and writes them as fast as a hand-written one. A default field
  // the layout lacks reads the prototype's default, so it is left out as the loop above leaves it.
  const layouts = [];
  function leanFor(keys) {
    const q = (k) => "[" + JSON.stringify(k) + "]";
    let body = "const o = {" + keys.filter((k) => !defaultSet.has(k)).map((k) => JSON.stringify(k) + ": p" + q(k)).join(", ") + "};\nlet v;\n";
    defaultKeys.forEach((k, i) => { body += "v = p" + q(k) + "; if (v !== D[" + i + "]) o" + q(k) + " = v;\n"; });
    return new Function("D", "return function (p) {\n" + body + "return o;\n};")(defaultVals);
  }

  function stateText() {
    if (!defaultKeys.length || !templates.size || !G || !G.pieces || typeof G.pieces !== "object") return JSON.stringify(G);
    const whole = G.pieces, lean = {};
    for (const id of Object.keys(whole)) lean[id] = leanPiece(whole[id]);
    G.pieces = lean;            // in its place, so the state's other fields keep their order
    try { return JSON.stringify(G); } finally { G.pieces = whole; }
  }

  function makeTemplates() {
    if (!(fixedFields.length || defaultKeys.length) || !G.pieces || typeof G.pieces !== "object") return;
    const next = new Map();
    for (const id of Object.keys(G.pieces).sort()) {
      const p = G.pieces[id];
      if (!p || typeof p !== "object") continue;
      const t = {};
      for (const f of fixedFields) t[f] = Object.prototype.hasOwnProperty.call(p, f) ? deepFreeze(p[f]) : undefined;
      const old = templates.get(id);
      if (old && JSON.stringify(old) !== JSON.stringify(t)) {
        throw new Error("fixed-piece-fields: piece " + id + " was set up with other fixed values than in an earlier game of this scenario (" +
          JSON.stringify(old) + " then " + JSON.stringify(t) + "); a fixed field must come from the scenario and the tables alone");
      }
      const keep = old || Object.freeze(t);
      next.set(id, keep);
      G.pieces[id] = onTemplate(p, keep, true);
    }
    templates = next;
    const all = {};
    for (const [id, t] of next) all[id] = t;
    templatesText = JSON.stringify(all);      // a field a piece lacks (undefined) drops out
  }

  function relink() {
    if (!templates.size || !G.pieces || typeof G.pieces !== "object") return;
    for (const id of Object.keys(G.pieces)) {
      const t = templates.get(id), p = G.pieces[id];
      if (t && p && typeof p === "object") G.pieces[id] = onTemplate(p, t, false);
    }
  }

  function templateOf(v) { return v && typeof v === "object" ? v[TEMPLATE] : undefined; }

  // answers leave the kernel as JSON: a templated piece goes whole (id, fixed fields, own fields)
  function whole(k, v) {
    const t = templateOf(v);
    if (t === undefined) return v;
    const o = {};
    if (Object.prototype.hasOwnProperty.call(v, "id")) o.id = v.id;
    for (const f of fixedFields) if (t[f] !== undefined) o[f] = t[f];
    for (const key of Object.keys(v)) o[key] = v[key];
    return o;
  }
  // a replacer costs a call per value: only answers that hold a templated piece pay it
  // (deeper than any answer: a cycle goes to JSON.stringify, which names it)
  function holdsPiece(x, depth) {
    if (!x || typeof x !== "object" || ArrayBuffer.isView(x)) return false;
    if (x[TEMPLATE] !== undefined || depth > 64) return true;
    if (Array.isArray(x)) { for (let i = 0; i < x.length; i++) if (holdsPiece(x[i], depth + 1)) return true; return false; }
    for (const k of Object.keys(x)) if (holdsPiece(x[k], depth + 1)) return true;
    return false;
  }
  function out(r, indent) {
    if (r === undefined) return "null";
    return templates.size && holdsPiece(r, 0) ? JSON.stringify(r, whole, indent) : JSON.stringify(r, null, indent);
  }

  function canon(x) {
    if (Array.isArray(x)) return "[" + x.map(canon).join(",") + "]";
    if (x && typeof x === "object") {
      return "{" + Object.keys(x).sort().filter((k) => x[k] !== undefined)
        .map((k) => JSON.stringify(k) + ":" + canon(x[k])).join(",") + "}";
    }
    return JSON.stringify(x);
  }

  // a system rolls a handful of specs ("d6", "2d6"): each is parsed once, a regular expression
  // at every roll cost more than the roll
  const specs = new Map();
  function rollSpec(spec) {
    let d = specs.get(spec);
    if (d !== undefined) return d;
    const m = /^(\d*)d(\d+)([+-]\d+)?$/.exec(String(spec).replace(/\s+/g, ""));
    if (!m) throw new Error("dice spec " + JSON.stringify(spec) + ": expected NdM with an optional +K or -K, e.g. d10, 2d6, d6+1");
    d = Object.freeze({ n: m[1] ? +m[1] : 1, sides: +m[2], mod: m[3] ? +m[3] : 0 });
    if (typeof spec === "string" && specs.size < 256) specs.set(spec, d);
    return d;
  }

  // ---- hidden information (system.yaml view and secrets) ------------------------------------
  // A system with a view says what each side may know; bots, and any question asked as a side,
  // then run on that view in place of the state. Without one, everything is public.
  const viewRef = boot.view || null, secretsRef = boot.secrets || null;
  function visibleTo(v) {
    const l = typeof v === "string" ? [v] : v;
    if (!Array.isArray(l) || l.some((x) => sides.indexOf(x) < 0)) {
      throw new Error("visibleTo: expected a side or a list of sides among " + sides.join(", ") + ", found " + JSON.stringify(v));
    }
    return l.slice();
  }
  // What `side` may know of the state: the view export's answer as plain data (a deep copy, so no
  // object of the state is reachable through it); the game-turn and the phasing side are public.
  function viewOf(side) {
    const v = fn(viewRef.section, viewRef.export)(ctxFor(sectionInfo(viewRef.section)), side);
    if (!v || typeof v !== "object" || Array.isArray(v)) {
      throw new Error(viewRef.section + "." + viewRef.export + " must return an object, the state as " + side + " may know it; found " + JSON.stringify(v));
    }
    const o = plainCopy(v, 0);
    if (!("turn" in o)) o.turn = G.turn;
    if (!("active" in o)) o.active = G.active;
    return o;
  }
  // The view as its JSON round trip would give it (undefined fields dropped, in lists null; numbers
  // that are not finite null), without writing and reading the text: a bot asks for a view at every
  // choice, and a whole state's text cost more than the choice. A templated piece is copied onto its
  // frozen template, so its fixed fields read as before and are not copied. Deeper than any state:
  // the JSON round trip, which names a cycle.
  function plainCopy(x, depth) {
    if (x === null || typeof x !== "object") return typeof x === "number" && !isFinite(x) ? null : x;
    if (depth > 64 || ArrayBuffer.isView(x) || typeof x.toJSON === "function") return JSON.parse(out(x));
    if (Array.isArray(x)) {
      const a = new Array(x.length);
      for (let i = 0; i < x.length; i++) {
        const v = x[i];
        a[i] = v === undefined || typeof v === "function" || typeof v === "symbol" ? null : plainCopy(v, depth + 1);
      }
      return a;
    }
    const t = x[TEMPLATE], o = t === undefined ? {} : Object.create(pieceProto);
    if (t !== undefined) Object.defineProperty(o, TEMPLATE, { value: t, enumerable: false, writable: false, configurable: false });
    for (const k of Object.keys(x)) {
      const v = x[k];
      if (v !== undefined && typeof v !== "function" && typeof v !== "symbol") o[k] = plainCopy(v, depth + 1);
    }
    return o;
  }
  // f() with `side`'s view in place of the state: ctx.state, ctx.piece(s), ctx.rules and every
  // memo answer from the view alone (none of the state's memos, kept or recalled answers are
  // reachable), and the state comes back afterwards. The designer (no side) sees the state.
  function onView(side, f) {
    if (!viewRef || side === null || side === undefined) return f();
    const v = viewOf(side);
    const was = { G, memo, kept, idOrder };
    G = v; memo = new Map(); kept = new WeakMap(); idOrder = null; byHex = null; all = null; allById = null; snap = null;
    try { return f(); } finally {
      G = was.G; memo = was.memo; kept = was.kept; idOrder = was.idOrder; byHex = null; all = null; allById = null; snap = null;
    }
  }

  const rules = {};             // section -> exports bound to that section's ctx
  const modules = {};           // section -> raw exports (after errata)
  const ctxs = {};

  const base = {
    get state() { return G; },
    get turn() { return G ? G.turn : undefined; },
    get active() { return G ? G.active : undefined; },
    tables: tablesView, options, sides, errata, rules, map: mapApi,
    system: boot.system,
    option(id) {
      if (!(id in options)) throw new Error("unknown option " + JSON.stringify(id) + " (declared options: " + Object.keys(options).join(", ") + ")");
      return options[id];
    },
    // dice: the generator lives in the kernel, every roll goes into the trace with its purpose
    // secret: {visibleTo: [side]} keeps the roll's faces and purpose in that side's log alone
    dice(spec, purpose, mods, secret) {
      if (previewing) throw new Error("a preview rolls no dice: \"" + (purpose || spec) + "\" is rolled when the combat is resolved");
      const d = rollSpec(spec);
      const faces = [];
      for (let i = 0; i < d.n; i++) faces.push(host.die(d.sides));
      let total = faces.reduce((a, b) => a + b, 0) + d.mod;
      const modList = [];
      for (const mo of mods || []) { total += mo.value; modList.push(mo); }
      if (tracing) {
        const e = { kind: "roll", dice: spec, faces, mods: modList, total, purpose: purpose || "unstated" };
        if (secret && secret.visibleTo !== undefined) e.visibleTo = secret.visibleTo;
        this.trace(e);
      }
      return { faces, total };
    },
    roll(spec, purpose, mods, secret) { return this.dice(spec, purpose, mods, secret).total; },
    // memo(key, compute): compute(), kept under this section's key while the state cannot change
    // (questions: legal actions, prompts, refusals, conditions); recomputed on every call while a
    // step runs or an action applies. For derived views of the position only; never mutate them.
    memo(key, compute) {
      if (!memoOn) return compute();
      const m = shelf(memo, this.section);
      if (tracked) return cached(m, key, compute);
      let v = m.get(key);
      if (v === undefined) { v = compute(); m.set(key, v); }
      return v;
    },
    // memoBefore(key, compute): while an action applies, what memo(key) answered in the position the
    // action was chosen in (its legal actions, the bot's choice, the accepting check), if asked there;
    // else compute(). Only for reads made before the action writes anything.
    memoBefore(key, compute) {
      const b = before === null ? undefined : before.get(this.section);
      const v = b === undefined ? undefined : b.get(key);
      if (v !== undefined && tracked) { const r = cacheReads.get(b); if (r) replay(r.get(key)); }
      return v === undefined ? this.memo(key, compute) : v;
    },
    // once(key, compute): compute(), kept under this section's key for as long as the rules context
    // lives. Only for what the tables and the map alone decide (they never change in a context):
    // never for anything read from the state.
    once(key, compute) {
      const m = shelf(statics, this.section);
      if (tracked) return cached(m, key, compute);
      let v = m.get(key);
      if (v === undefined) { v = compute(); m.set(key, v); }
      return v;
    },
    // keep(owner, key, compute): compute(), kept under this section's key for as long as `owner`,
    // an object of the state (a phase's record), stands: across steps and actions, never in the
    // state, gone when the state is restored or the owner replaced. For what the state alone decides.
    keep(owner, key, compute) {
      if (!owner || typeof owner !== "object") throw new Error("ctx.keep: the owner must be an object of the state");
      let o = kept.get(owner);
      if (o === undefined) { o = new Map(); kept.set(owner, o); }
      const m = shelf(o, this.section);
      if (tracked) return cached(m, key, compute);
      let v = m.get(key);
      if (v === undefined) { v = compute(); m.set(key, v); }
      return v;
    },
    // recall(key, compute): compute(), kept for the game under this section's key among the
    // section's last RECALLED answers; the key must name everything the answer depends on (where the
    // units stand, say), so a position met again, or a question whose inputs did not change, is
    // answered at once. Never in the state; gone when the state is restored. The answer must not
    // depend on whether it was kept.
    recall(key, compute) {
      let o = kept.get(recalled);
      if (o === undefined) { o = new Map(); kept.set(recalled, o); }
      const m = shelf(o, this.section);
      let v = m.get(key);
      if (v === undefined) {
        if (tracked) v = cached(m, key, compute);
        else { v = compute(); m.set(key, v); }
        if (m.size > RECALLED) m.delete(m.keys().next().value);   // the oldest answer goes first
      } else {
        if (tracked) { const r = cacheReads.get(m); if (r) replay(r.get(key)); }
        m.delete(key);
        m.set(key, v);
      }
      return v;
    },
    // tracing: whether the entries are kept; a script may skip building a long text when not
    get tracing() { return tracing; },
    trace(entry) {
      const table = entry.table ? tableKey(this.section, entry.table) : null, file = table && tableFile(table);
      const prov = provenance(this.section, file, entry.uses);
      const decided = pending === null ? null : settle(this.section, file, entry.uses, entry);
      if (!tracing) { tally(file, entry.option, entry.rule, prov, decided); return entry; }
      const e = Object.assign({ section: this.section + "@" + this.version }, entry);
      if (G) e.turn = G.turn;
      if (e.visibleTo !== undefined) e.visibleTo = visibleTo(e.visibleTo);
      if (table) {
        e.table = table;
        const st = tableStatus[file];
        if (st) e.status = st;
        const er = tableErrata[file];
        if (er) e.errata = er;
      }
      if (prov) {
        e.provenance = prov;
        for (let i = 0; i < prov.length; i++) if (prov[i].status === "placeholder") e.placeholder = true;
      }
      if (decided) e.decidedBy = decided;
      tally(file, e.option, e.rule, prov, decided);
      traceBuf.push(e);
      return e;
    },
    log(text, extra) {
      if (!tracing) { if (extra) this.trace(extra); return; }
      return this.trace(Object.assign({ kind: "log", text }, extra || {}));
    },
    done() { host.done(); },
    interrupt(state, args, label) {
      const dot = state.indexOf(".");
      const sec = dot < 0 ? this.section : state.slice(0, dot);
      const name = dot < 0 ? state : state.slice(dot + 1);
      // a state that does not exist is refused here, at the script's line, not when the decision is next asked
      if (modules[sec] && modules[sec][name] === undefined) throw new Error("ctx.interrupt(\"" + state + "\"): section " + sec + " has no decision state \"" + name + "\" (exports: " + Object.keys(modules[sec]).join(", ") + ")");
      host.push(sec, name, JSON.stringify(args === undefined ? null : args), label || name);
    },
    gameOver(result) { host.gameOver(JSON.stringify(result || {})); },
    // pieces: by convention the state keeps them under state.pieces, keyed by id
    piece(id) { return G.pieces[id]; },
    // a plain copy of a piece with its fixed fields (fixed-piece-fields): what {...p} would be without templates
    whole(p) { const w = whole(null, p); return w === p && p && typeof p === "object" ? Object.assign({}, p) : w; },
    // Object.values keeps the state's key order and is far cheaper than a for-in walk here
    pieces(filter) { const out = []; for (const p of allPieces()) { if (!filter || filter(p)) out.push(p); } return out; },
    // the same in id order, without sorting at every call
    piecesById(filter) { const out = []; for (const p of piecesInIdOrder()) { if (!filter || filter(p)) out.push(p); } return out; },
    // while the position stands, answered from an index built once; a fresh array either way
    piecesAt(hex) {
      if (memoOn) { const l = piecesByHex().get(hex); return l ? l.slice() : []; }
      const out = []; for (const p of Object.values(G.pieces || {})) { if (p.hex === hex) out.push(p); } return out;
    },
    canon,
  };
  Object.freeze(base);

  function ctxFor(sec) {
    let c = ctxs[sec.name];
    if (!c) {
      c = Object.create(base, {
        section: { value: sec.name }, version: { value: sec.version },
        table: { value: tablesView[sec.name] || {} },
      });
      ctxs[sec.name] = Object.freeze(c);
    }
    return c;
  }

  function fn(sec, name) {
    const m = modules[sec];
    if (!m) throw new Error("no section " + JSON.stringify(sec) + " in this system");
    const f = m[name];
    if (f === undefined) throw new Error("section " + sec + " has no export " + JSON.stringify(name));
    return f;
  }

  function sectionInfo(name) { return boot.sections.find((s) => s.name === name); }

  function bind(name) {
    const sec = sectionInfo(name), c = ctxFor(sec), m = modules[name], out = {};
    for (const k of Object.keys(m)) {
      const v = m[k];
      out[k] = typeof v === "function" ? (...a) => v(c, ...a) : v;
    }
    rules[name] = Object.freeze(out);
  }

  // A decision may accept actions beyond the ones it lists (its `accepts`), for choices too big to
  // enumerate: a whole attack in one action, say. Accepted: kept as the proposal, -2; else -1.
  function propose(a) {
    const cur = current;
    if (!cur || cur.kernel || typeof cur.st.accepts !== "function" || !a || typeof a !== "object") return -1;
    const b = JSON.parse(JSON.stringify(a));          // as a replay will read it from the save
    if (cur.st.accepts(cur.c, b, cur.args) !== true) return -1;
    cur.proposed = b;
    return -2;
  }

  function sideCode(side) {
    if (side === null || side === undefined) return 0;
    const i = sides.indexOf(side);
    if (i < 0) throw new Error("the side to act, " + JSON.stringify(side) + ", is not one of " + sides.join(", "));
    return i + 1;
  }

  function decisionState(sec, name) {
    const st = fn(sec, name);
    if (!st || typeof st.actions !== "function" || typeof st.apply !== "function") {
      throw new Error(sec + "." + name + " is not a decision state: it needs actions(ctx, args) and apply(ctx, action, args)");
    }
    return st;
  }

  const K = {
    register(name, ns) {
      const m = {};
      for (const k of Object.keys(ns)) m[k] = ns[k];
      modules[name] = m;
    },
    override(section, name, ns, exportName) {
      if (!modules[section]) throw new Error("erratum replaces " + section + "." + name + " but there is no section " + section);
      const f = ns[exportName || name];
      if (f === undefined) throw new Error("erratum script has no export " + JSON.stringify(exportName || name));
      const id = scriptErrata[section + "." + name];
      // a call of the replaced export is pending until the next entry, which it then decided
      modules[section][name] = id === undefined || typeof f !== "function" ? f
        : function (...a) { note("x:" + id, { kind: "script", table: null, erratum: id, skipped: null }); return f.apply(this, a); };
    },
    bindAll() { for (const s of boot.sections) if (modules[s.name]) bind(s.name); Object.freeze(rules); },
    hasExport(sec, name) { return !!modules[sec] && modules[sec][name] !== undefined; },
    exportsOf(sec) { return modules[sec] ? Object.keys(modules[sec]).join(",") : ""; },

    setup(sec, name, scenarioJson) {
      const sc = JSON.parse(scenarioJson);
      // the scenario's own provenance (its status header); a fixture without one names none
      if (sc && sc.status) sources.set("scenario", sc.status === "printed" ? null : { status: String(sc.status), note: sc.note === undefined ? null : String(sc.note) });
      else sources.delete("scenario");
      G = { turn: 0, active: null };
      kept = new WeakMap();
      traceBuf = [];
      current = null;
      mutating(() => fn(sec, name)(ctxFor(sectionInfo(sec)), deepFreeze(sc)));
      makeTemplates();
      forget();
    },
    setTurn(t) { forget(); G.turn = t; },
    setActive(side) { forget(); G.active = side; },
    run(sec, name) { current = null; mutating(() => fn(sec, name)(ctxFor(sectionInfo(sec)))); },
    test(sec, name, argJson) { snap = null; return !!fn(sec, name)(ctxFor(sectionInfo(sec)), JSON.parse(argJson)); },
    call(sec, name, argJson) {
      return out(mutating(() => fn(sec, name)(ctxFor(sectionInfo(sec)), JSON.parse(argJson))));
    },
    // a question that only reads the position (an overlay, a breadcrumb's description): the
    // position's memo stays, so it shares what the decisions worked out and keeps what it works out
    query(sec, name, argJson) {
      return out(fn(sec, name)(ctxFor(sectionInfo(sec)), JSON.parse(argJson)));
    },
    // the same question asked as `side`: on its view (the designer, null, asks the state)
    queryAs(side, sec, name, argJson) {
      return onView(side, () => out(fn(sec, name)(ctxFor(sectionInfo(sec)), JSON.parse(argJson))));
    },
    // a combat's preview (system.yaml preview), asked as `side` (null: the designer): it only reads
    // the position, rolls no die, and the entries it traces are its answer's `trace`, never the
    // game's log. A preview that changed the state is an error, and the state is put back.
    preview(side, sec, name, argJson) {
      const mark = traceBuf.length, before = snap || (snap = stateText()), wasTracing = tracing;
      previewing = true;
      tracing = true;             // its entries are its explanation: kept even while a replay traces nothing
      let r, changed = false;
      try {
        r = onView(side, () => {
          const v = fn(sec, name)(ctxFor(sectionInfo(sec)), JSON.parse(argJson));
          return v === undefined || v === null ? null : JSON.parse(out(v));
        });
      } finally {
        previewing = false;
        tracing = wasTracing;
        changed = stateText() !== before;
        if (!changed) snap = before;   // the same position: its JSON, asked for again after the look, is the one kept
        const written = traceBuf.splice(mark, traceBuf.length - mark);
        if (r && typeof r === "object" && !Array.isArray(r)) r.trace = written;
        if (changed) { G = JSON.parse(before); kept = new WeakMap(); relink(); forget(); }
      }
      if (changed) throw new Error(sec + "." + name + " changed the state: a preview only reads the position");
      if (r !== null && (typeof r !== "object" || Array.isArray(r))) throw new Error(sec + "." + name + " must return an object (the combat's preview) or null; found " + JSON.stringify(r));
      return JSON.stringify(r);
    },
    // what `side` may know of the state (system.yaml view), as JSON
    viewJson(side) { return out(viewOf(side)); },
    // what `side` may not know now (system.yaml secrets): {piece id: [fields]}
    secretsJson(side) {
      const r = fn(secretsRef.section, secretsRef.export)(ctxFor(sectionInfo(secretsRef.section)), side);
      const bad = !r || typeof r !== "object" || Array.isArray(r) ||
        Object.keys(r).some((id) => !Array.isArray(r[id]) || r[id].some((f) => typeof f !== "string"));
      if (bad) throw new Error(secretsRef.section + "." + secretsRef.export + " must return {piece id: [field, ...]}, what " + side + " may not know; found " + JSON.stringify(r));
      return JSON.stringify(r);
    },

    // a decision: the actions are computed once and kept until the state changes. Returns
    // count * 64 + (index of the side to act + 1), so one call answers both (0 = no side).
    decide(sec, name, argsJson) {
      snap = null;            // a decision's actions may keep what they worked out in the state
      const st = decisionState(sec, name), c = ctxFor(sectionInfo(sec));
      const args = JSON.parse(argsJson);
      const acts = st.actions(c, args) || [];
      const side = typeof st.side === "function" ? st.side(c, args) : G.active;
      current = { sec, name, st, c, args, actions: acts, keys: null, side };
      return acts.length * 64 + sideCode(side);
    },
    // an activation: the impulses still open, in declared order, then "end"
    activation(impulsesJson, availSec, availName, sideSec, sideName) {
      snap = null;
      const acts = [];
      const avail = availSec ? fn(availSec, availName) : null;
      const ac = availSec ? ctxFor(sectionInfo(availSec)) : null;
      for (const imp of JSON.parse(impulsesJson)) if (!avail || avail(ac, imp)) acts.push({ do: "impulse", impulse: imp });
      acts.push({ do: "end" });
      const side = sideSec ? fn(sideSec, sideName)(ctxFor(sectionInfo(sideSec))) : G.active;
      current = { actions: acts, keys: null, kernel: true, side };
      return acts.length * 64 + sideCode(side);
    },
    currentPrompt() {
      const cur = current;
      if (!cur || cur.kernel) return null;
      if (typeof cur.st.prompt === "function") return String(cur.st.prompt(cur.c, cur.args));
      if (typeof cur.st.prompt === "string") return cur.st.prompt;
      return cur.name;
    },
    currentRule() { return current && current.st && current.st.rule ? String(current.st.rule) : null; },
    // what the other sides are told while the decision waits (a state's `inactive`), or null
    currentInactive() {
      const cur = current;
      if (!cur || cur.kernel) return null;
      const i = cur.st.inactive;
      if (typeof i === "function") return String(i(cur.c, cur.args));
      return typeof i === "string" ? i : null;
    },
    actionsJson() { return JSON.stringify(current ? current.actions : []); },
    actionJson(i) { return JSON.stringify(current.actions[i]); },
    find(actionJson) {
      if (!current) return -1;
      if (!current.keys) current.keys = current.actions.map(canon);
      const a = JSON.parse(actionJson);
      const i = current.keys.indexOf(canon(a));
      return i >= 0 ? i : propose(a);
    },
    apply(i) {
      const cur = current;
      current = null;
      applying(() => cur.st.apply(cur.c, cur.actions[i], cur.args));
    },
    // an action the decision accepts beyond its list (accepts), proposed by find or a bot
    proposedJson() { return JSON.stringify(current && current.proposed !== undefined ? current.proposed : null); },
    applyProposed() {
      const cur = current;
      current = null;
      applying(() => cur.st.apply(cur.c, cur.proposed, cur.args));
    },
    rejectedJson() { return JSON.stringify(current && current.rejected !== undefined ? current.rejected : null); },
    why(actionJson) {
      const cur = current;
      const a = JSON.parse(actionJson);
      if (cur && cur.st && typeof cur.st.why === "function") {
        const r = cur.st.why(cur.c, a, cur.args);
        if (r) return out(r);
      }
      return "null";
    },
    // the built-in simple choice the kernel offers for activations: any impulse, in any order
    // a system with a view: the bot sees the side's view and a copy of the legal actions, never the state
    botChoice(sec, name, side) {
      snap = null;
      const acts = current ? current.actions : [];
      const bot = fn(sec, name), c = ctxFor(sectionInfo(sec));
      const r = viewRef ? onView(side, () => bot(c, JSON.parse(out(acts)), side)) : bot(c, acts, side);
      if (typeof r === "number") return r;
      if (!current.keys) current.keys = current.actions.map(canon);
      const i = current.keys.indexOf(canon(r));
      if (i >= 0) return i;
      const p = propose(r);
      if (p < 0) current.rejected = r;
      return p;
    },

    snapshot() { return snap || (snap = stateText()); },
    restore(json) { G = JSON.parse(json); kept = new WeakMap(); relink(); current = null; forget(); },
    // the fixed fields of each templated piece, {id: {field: value}}; {} when the system has none
    templatesJson() { return templatesText; },
    drain() { const s = out(traceBuf); traceBuf = []; return s; },
    clearTrace() { traceBuf = []; },
    setTracing(on) { tracing = on; },
    traceSize() { return traceBuf.length; },
    usageJson() { return JSON.stringify(usage); },
    resetUsage() { usage = {}; },
    // the counts as usageJson gave them: a game resumed from another's opening counts from there
    setUsage(json) { usage = JSON.parse(json); },
    // the audit's findings since it last asked: tables and entries read, non-printed data read and not named
    auditJson() {
      const reads = {}, unnamed = {};
      for (const [k, n] of auditReads) reads[k] = n;
      for (const [k, u] of auditUnnamed) unnamed[k] = u;
      auditReads.clear();
      auditUnnamed.clear();
      return JSON.stringify({ reads, unnamed });
    },
    evaluate(expr) {
      const f = new Function("ctx", "state", "rules", "tables", "map", "return (" + expr + ");");
      const r = mutating(() => f(ctxFor({ name: "console", version: "0" }), G, rules, tablesView, mapApi));
      return r === undefined ? "undefined" : out(r, 1);
    },
    // the same on `side`'s view: what that side's bot would see
    evaluateAs(side, expr) { return onView(side, () => K.evaluate(expr)); },
    // the console's answer (on `side`'s view unless null) as "length:text", cut at max characters before it crosses into Java
    evaluateCut(expr, max, side) {
      const s = side == null ? K.evaluate(expr) : K.evaluateAs(side, expr);
      return s.length + ":" + (s.length > max ? s.slice(0, max) : s);
    },
  };
  // with read tracking on, each call into the rules is one span: reads are pending within it only
  if (tracked) {
    for (const name of Object.keys(K)) {
      const f = K[name];
      K[name] = function (...a) { const outer = pending; pending = null; try { return f.apply(K, a); } finally { closeCall(); pending = outer; } };
    }
  }
  return K;
})
