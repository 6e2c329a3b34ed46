/** Rows as aligned columns, two spaces apart, one line each. */
export function formatTable(rows: string[][]): string {
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
  return rows
    .map(
      (row) =>
        `${row
          .map((cell, c) => cell.padEnd(widths[c] ?? 0))
          .join('  ')
          .trimEnd()}\n`,
    )
    .join('');
}
