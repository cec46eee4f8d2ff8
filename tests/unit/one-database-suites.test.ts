// The integration suites that run on one database only (tests/one-database-suites.json) are files
// that exist, each with a reason, on one list, not both; everything else runs on both databases.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const root = new URL('../../', import.meta.url);
const lists = JSON.parse(readFileSync(new URL('tests/one-database-suites.json', root), 'utf8')) as Record<string, Record<string, string> | string>;

test('every listed suite exists and has its reason, on one list only', () => {
  const pgliteOnly = lists.pgliteOnly as Record<string, string>;
  const postgresOnly = lists.postgresOnly as Record<string, string>;
  for (const [file, reason] of [...Object.entries(pgliteOnly), ...Object.entries(postgresOnly)]) {
    expect(file).toMatch(/^tests\/integration\/.+\.test\.ts$/);
    expect(existsSync(new URL(file, root)), file).toBe(true);
    expect(reason.length, `${file} needs a reason`).toBeGreaterThan(20);
  }
  expect(Object.keys(pgliteOnly).filter((f) => f in postgresOnly)).toEqual([]);
});
