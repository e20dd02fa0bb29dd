// Invariants the fuzzer checks after every action.
export function invariants(ctx) {
  const out = [];
  const byHex = {};
  for (const p of ctx.pieces((q) => q.hex)) {
    if (!ctx.map.has(p.hex)) out.push(p.id + " is off the map at " + p.hex);
    (byHex[p.hex] = byHex[p.hex] || []).push(p);
  }
  for (const h of Object.keys(byHex)) {
    if (new Set(byHex[h].map((p) => p.side)).size > 1) out.push("enemy units share hex " + h);
    if (byHex[h].length > 2) out.push("more than two units in " + h);
  }
  return out;
}
