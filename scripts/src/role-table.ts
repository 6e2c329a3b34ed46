/**
 * The table of who may call each /api/admin route, made from the role-matrix fixture
 * (`server/src/admin/role-matrix.fixture.ts`, the list `role-matrix.test.ts` walks for every role).
 *
 *   npm run docs:roles              prints the table, its columns padded as Biome formats Markdown
 *   npm run docs:roles -- --write   puts it in docs/admin-routes.md, under the generated-table marker
 *
 * `server/src/admin/role-table.test.ts` fails when the doc's table differs from what the fixture gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { consoleRoutesTable } from '@enclave/server/admin/role-matrix.fixture.ts';
import { ROLE_TABLE_DOC as DOC, ROLE_TABLE_MARKER as MARKER, tableRows } from '@enclave/server/admin/role-table.ts';

/** The table with every column as wide as its widest cell, the separator as dashes: what Biome writes. */
function aligned([header = [], ...body]: string[][]): string {
  const widths = header.map((_, column) => Math.max(3, ...[header, ...body].map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${widths.map((size, column) => (cells[column] ?? '').padEnd(size)).join(' | ')} |`;
  return [line(header), line(widths.map((size) => '-'.repeat(size))), ...body.map(line)].join('\n');
}

const table = aligned(tableRows(consoleRoutesTable().split('\n')));

if (process.argv.includes('--write')) {
  const lines = readFileSync(DOC, 'utf8').split('\n');
  const at = lines.indexOf(MARKER);
  if (at < 0) throw new Error(`${DOC.pathname} has no line ${MARKER}`);
  let end = at + 2; // the marker, a blank line, then the table
  while (lines[end]?.startsWith('|')) end++;
  lines.splice(at + 1, end - at - 1, '', ...table.split('\n'));
  writeFileSync(DOC, lines.join('\n'));
  console.log(`wrote the table of ${table.split('\n').length - 2} admin routes to ${DOC.pathname}`);
} else {
  console.log(table);
}
