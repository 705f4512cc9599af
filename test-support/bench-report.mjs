/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function printTable(header, rows) {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => String(row[column] ?? '').length)));
  const line = (row) => row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}
