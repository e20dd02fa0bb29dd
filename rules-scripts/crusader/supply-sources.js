// Crusader exclusive rule 16.0: supply sources. The standard supply rule (12.0, north-africa
// supply section) traces the paths; this section only names the hexes a path may end in, through
// the extension point supplySources(side). Table: tables/crusader/supply.yaml.

// 16.0: the supply sources of `side`, as a sorted list of hex ids. The tables and the map alone
// name them, so the list is made once per rules context (frozen: every caller shares it).
export function supplySources(ctx, side) {
  return ctx.once("sources " + side, () => Object.freeze(sourcesNow(ctx, side)));
}

function sourcesNow(ctx, side) {
  const src = ctx.table.sources[side];
  if (!src) return [];
  const out = new Set();
  // 16.0: the named hexes (Axis: El Adem, Bardia, Sollum; British: Tobruk)
  for (const h of src.hexes.split(/\s+/)) if (h) out.add(h);
  for (const e of src.edges || []) {
    const zone = ctx.map.zone(e.edge + "-edge");
    if (e.hexes === "all") {
      // 16.0: any hex of the west edge (Axis) or of the east edge (British)
      for (const h of zone) if (open(ctx, h)) out.add(h);
    } else if (e.hexes === "within-hexes-of-east-edge") {
      // 16.0: south-edge hexes within eleven hexes of the east edge (south-edge-measure)
      for (const h of southWithin(ctx, zone, e.distance)) if (open(ctx, h)) out.add(h);
    }
  }
  return [...out].sort();
}

// 16.0 as measured by the south-edge-measure reading: hex distance to the nearest east-edge hex.
// A hex is never nearer the east edge than its column difference (ids are column then row), so
// only the south-edge hexes whose column is close enough are measured hex by hex.
export function southWithin(ctx, southZone, distance) {
  const m = ctx.table["south-edge-measure"];
  const max = distance;
  const within = (d) => (m.inclusive ? d <= max : d < max);
  const east = ctx.map.zone("east-edge");
  const cols = {};
  for (const e of east) cols[+e.slice(0, 2)] = true;
  const eastCols = Object.keys(cols).map(Number);
  const out = [];
  for (const h of southZone) {
    const c = +h.slice(0, 2);
    let lb = Infinity;
    for (const ec of eastCols) lb = Math.min(lb, Math.abs(ec - c));
    if (!within(lb)) continue;
    for (const e of east) {
      if (within(ctx.map.distance(h, e))) { out.push(h); break; }
    }
  }
  return out.sort();
}

// 12.21: a path may not enter a hex closed to movement (sea), so an edge hex of such terrain is no
// source anyone can reach; leaving it out keeps path searches from starting in the sea.
function open(ctx, hex) {
  const [sec, tab] = ctx.table["closed-edge-hexes"]["excluded-terrain"].split(".");
  return ctx.tables[sec][tab].closed.indexOf(ctx.map.terrain(hex)) < 0;
}

// Inspector overlay: every supply source, marked with the side it serves (16.0).
export function sourcesOverlay(ctx) {
  const out = {};
  for (const side of ctx.sides) for (const h of supplySources(ctx, side)) out[h] = side;
  return out;
}
