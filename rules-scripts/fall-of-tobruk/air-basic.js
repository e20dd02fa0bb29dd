// The Fall of Tobruk 6.4, 9.6: the Solitaire/"Basic" air game (option basic-air-game).
//   9.61  in the Air Planning Phase, a d10 per on-map sector with the Airfield and HQ DRMs on the
//         Sector Superiority table: Axis, Allied or no superiority there
//   9.62  before each Regular Combat, a d10 on the Close Air Mission Effects column of the
//         superiority where the defender's hex lies (split hexes: the active player's choice, the
//         best for him here) gives that combat's Close Support marker (B.131)
//   6.4   airfield control is still kept (6.12, 6.13), for the Airfield DRMs
// All four tables are placeholders (the Basic Game Air Tables are not in the rulebook): every entry
// they decide names them.
// STATE: state.air.superiority = {sector: "axis" | "allied" | null}.

function A(ctx) { return ctx.rules.air; }
function T(ctx) { return ctx.tables.air; }
function onMap(p) { return !!p && !!p.hex && (p.at === undefined || p.at === "map"); }

function rowFor(rows, key, d) {
  for (const r of rows) {
    const m = /^(-?\d+)-(-?\d+)$/.exec(String(r[key]));
    if (m ? d >= Number(m[1]) && d <= Number(m[2]) : d === Number(r[key])) return r;
  }
  return null;
}

// 9.61: sector air superiority, each on-map sector.
export function superiority(ctx) {
  const s = A(ctx).S();
  s.superiority = {};
  const sup = T(ctx)["basic-sector-superiority"], af = T(ctx)["basic-airfield-drm"], hq = T(ctx)["basic-hq-drm"];
  for (const sec of A(ctx).sectors().filter((x) => A(ctx).onMapSector(x))) {
    const mods = [];
    const cap = {};
    for (const side of ctx.sides) cap[side] = A(ctx).printedCapacity(side, sec);
    const more = ctx.sides.filter((side) => ctx.sides.every((o) => o === side || cap[side] > cap[o]));
    if (more.length && af["more-capacity"][more[0]]) mods.push({ value: af["more-capacity"][more[0]], why: more[0] + " controls more airfield capacity in " + sec + " (Airfield DRMs stand-in)" });
    const hexes = A(ctx).sectorHexes(sec);
    for (const h of hq.hqs) {
      const there = ctx.pieces((p) => p.hq && onMap(p) && p.side === h.side && h.formations.indexOf(p.formation) >= 0 && hexes.indexOf(p.hex) >= 0);
      if (there.length) mods.push({ value: h.drm, why: h.side + " HQ in " + sec + " (HQ DRMs stand-in)" });
    }
    const d = ctx.roll(sup.die, "9.61 sector air superiority over " + sec, mods);
    const row = rowFor(sup.rows, "roll", d);
    s.superiority[sec] = row.result === "none" ? null : row.result;
    ctx.trace({ rule: "9.61", table: "air/basic-sector-superiority", uses: ["air/basic-airfield-drm", "air/basic-hq-drm", "map"], option: "basic-air-game", cell: "modified d10=" + d, result: row.result,
      text: sec + ": " + (row.result === "none" ? "no superiority, no marker" : row.result + " superiority marker") });
  }
}

// 9.62: the Close Support marker of combat c (written on its hex, read by air.closeSupportShift).
export function closeAir(ctx, c) {
  const s = A(ctx).S(), t = T(ctx)["basic-close-air"];
  const sup = s.superiority || {};
  const cols = t.columns;
  // split hexes: the active player takes the column best for him (the leftmost of the table)
  let col = null;
  for (const sec of A(ctx).sectorsOf(c.hex)) {
    const k = sup[sec] === c.side ? 0 : sup[sec] ? 2 : 1;
    if (col === null || k < col) col = k;
  }
  if (col === null) return;
  const d = ctx.roll(t.die, "9.62 close air mission effects over " + c.hex + " (" + cols[col] + ")");
  const row = t.rows.find((r) => A(ctx).inSpan(r.d10, d));
  const cell = String(row[cols[col]]);
  ctx.trace({ rule: "9.62", table: "air/basic-close-air", uses: ["air/basic-sector-superiority"], option: "basic-air-game", cell: "d10=" + d + ", " + cols[col], result: cell,
    text: "close air over " + c.hex + ": " + (cell === "-" ? "no marker" : cell + " Close Support marker for this combat (B.131)") });
  const m = /^(\d+)([LR])$/.exec(cell);
  if (!m) return;
  const n = Number(m[1]);
  s.markers[c.hex] = { side: c.side, R: m[2] === "R" ? n : 0, L: m[2] === "L" ? n : 0 };
}
