import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, consoleRoutesTable } from './role-matrix.fixture.ts';
import { ROLE_TABLE_DOC as DOC, ROLE_TABLE_MARKER as MARKER, tableRows } from './role-table.ts';

/** The table under the marker: the lines starting with `|` after it. */
function documentedTable(): string[] {
  const lines = readFileSync(DOC, 'utf8').split('\n');
  const at = lines.indexOf(MARKER);
  expect(at, `docs/admin-routes.md has no line ${MARKER}`).toBeGreaterThanOrEqual(0);
  expect(lines.indexOf(MARKER, at + 1), 'docs/admin-routes.md has the marker twice').toBe(-1);
  const start = lines.findIndex((line, index) => index > at && line.trim() !== '');
  const end = lines.findIndex((line, index) => index >= start && !line.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end);
}

describe('the admin-route table in docs/admin-routes.md', () => {
  it('is what the role-matrix fixture gives (npm run docs:roles -- --write rewrites it)', () => {
    const documented = tableRows(documentedTable());
    const generated = tableRows(consoleRoutesTable().split('\n'));
    expect(documented).toEqual(generated);
    expect(documented).toHaveLength(CONSOLE_ROUTES.length + 1);
  });
});
