// vitest fixtures for a suite on the in-process Sling: `sling` (one per test file, on a migrated
// database of the test project's kind, suiteDatabase, unless `database` gives another) and `api`, the API client on its router.
//
//   const test = slingTest({ env: { TRUST_PROXY: 'true' } });
//   test('...', async ({ sling, api }) => { ... });
//
// Both are file-scoped: the first test that asks starts Sling, the file's end stops it and drops
// the database.
import { test } from 'vitest';
import { apiClient, inProcess } from './api-client';
import { suiteDatabase, type TestDatabase } from './databases';
import { startInProcessSling } from './in-process-sling';

export interface SlingFixtureOptions {
  /** Settings on top of the database's env (as startSling's callers pass them). */
  env?: Record<string, string>;
  database?: () => Promise<TestDatabase>;
}

export function slingTest(options: SlingFixtureOptions = {}) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from its first parameter, which must be a pattern
      .extend('sling', { scope: 'file' }, async ({}, { onCleanup }) => {
        const tdb = await (options.database ?? suiteDatabase.migrated)();
        const sling = await startInProcessSling({ ...tdb.env, ...options.env }).catch(async (err: unknown) => {
          await tdb.drop();
          throw err;
        });
        onCleanup(async () => {
          await sling.close();
          await tdb.drop();
        });
        return sling;
      })
      .extend('api', { scope: 'file' }, async ({ sling }) => apiClient(inProcess(sling)))
  );
}
