// North Africa standard rules 7.61: the Integrated Combat Results Table.
// Table: tables/north-africa/crt.yaml (lines, results; the two notes printed under the table).
//
// A terrain line turns the combat differential into one of twelve result columns; one die picks
// the row. Which line an attack uses is decided by the combat section (7.4, 10.22, 11.1).

// 7.61: the band of `line` that holds `differential`. Below the lowest band the lowest band is used
// and above +12 the +12 band (the two notes under the table; their bands are open-ended in crt.yaml).
export function band(ctx, line, differential) {
  const l = lineEntry(ctx, line);
  if (typeof differential !== "number" || !isFinite(differential) || Math.floor(differential) !== differential) {
    throw new Error("7.61: the combat differential must be a whole number, found " + JSON.stringify(differential));
  }
  for (const b of l.bands) {
    const lo = b.min === null ? -Infinity : b.min;
    const hi = b.max === null ? Infinity : b.max;
    if (differential >= lo && differential <= hi) return b;
  }
  throw new Error("7.61: line " + line + " has no band for differential " + differential);
}

// 7.61: the result column (1-12) of `differential` on `line`.
export function column(ctx, line, differential) {
  return band(ctx, line, differential).column;
}

// 7.61: the printed result for a die roll (1-6) in a column (1-12). Pure lookup, no dice.
export function cell(ctx, col, roll) {
  const row = ctx.table.results.rows[String(roll)];
  if (!row) throw new Error("7.61: die roll " + roll + " is not on the table (" + Object.keys(ctx.table.results.rows).join(", ") + ")");
  if (!(col >= 1 && col <= row.length)) throw new Error("7.61: column " + col + " is not on the table (1-" + row.length + ")");
  return row[col - 1];
}

// 7.61: the result of `differential` on `line` for a given die roll, without rolling.
export function result(ctx, line, differential, roll) {
  return cell(ctx, column(ctx, line, differential), roll);
}

// 7.61, 7.0 procedure: roll one die under the column and return the result code
// ("A1", "A2", "Ae", "Br", "D1".."D4"), tracing line, band, column, roll and result.
// `uses` (optional): the data sources besides this table that the differential and the line went by.
export function resolve(ctx, line, differential, purpose, uses) {
  const b = band(ctx, line, differential);
  const l = lineEntry(ctx, line);
  const roll = ctx.roll(ctx.table.results.die, purpose || "combat on the " + l.label + " line at " + fmt(differential));
  const code = cell(ctx, b.column, roll);
  const clamped = clampedIn(b, differential);
  ctx.trace({
    rule: "7.61",
    table: "results",
    uses,
    cell: { line, band: b.printed, column: b.column, roll, differential },
    result: code,
    text: "differential " + fmt(differential) + " on the " + l.label + " line" +
      (clamped ? " (resolved as " + b.printed + ", 7.61 note)" : "") +
      ": column " + b.printed + ", die " + roll + ": " + code + " (" + meaning(ctx, code) + ")",
  });
  return code;
}

// Below the lowest band or above the highest, the differential is resolved as that band (7.61 notes).
function clampedIn(b, differential) {
  return (b.min === null && differential < b.max) || (b.max === null && differential > b.min);
}

// 7.61 before the die (the combat preview): the band and column of `differential` on `line`, and
// the result each face of the die gives there, read by the same band and cell as resolve.
export function row(ctx, line, differential) {
  const b = band(ctx, line, differential);
  const rows = ctx.table.results.rows;
  return {
    line, label: lineEntry(ctx, line).label, band: b.printed, column: b.column, die: ctx.table.results.die, clamped: clampedIn(b, differential),
    results: Object.keys(rows).map((d) => { const code = cell(ctx, b.column, +d); return { die: d, result: code, text: meaning(ctx, code) }; }),
  };
}

// The ids of the terrain lines, top to bottom as printed.
export function lines(ctx) {
  return ctx.table.lines.list.map((l) => l.id);
}

// 7.62: what a result code means, in a few words (for traces and prompts).
export function meaning(ctx, code) {
  const m = ctx.table["result-meanings"].codes[code];
  return m ? m.summary : "unknown result " + code;
}

function lineEntry(ctx, line) {
  for (const l of ctx.table.lines.list) if (l.id === line) return l;
  throw new Error("7.61: no terrain line " + JSON.stringify(line) + " (lines: " + lines(ctx).join(", ") + ")");
}

function fmt(d) {
  return d > 0 ? "+" + d : String(d);
}
