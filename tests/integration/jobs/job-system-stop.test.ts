// The job system after it stopped (lib/jobs/job-system.ts): pg-boss's own late work (a job fetched as
// the stop began, marked done afterwards) must not reach a database the process has closed, where it
// failed unawaited (an unhandled rejection).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { openJobSystem, stopJobSystem } from '../../../lib/jobs/job-system';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';

describe(`the job system after stopping on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let handle: DbHandle;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    await applyMigrations(handle, tdb.databaseUrl);
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('once stopped, its statements never reach the database, so a late job cannot fail on the closed one', async () => {
    const boss = await openJobSystem(handle, { work: false });
    await stopJobSystem(boss);
    await handle.close();
    // What a worker whose fetch outlived the stop does: mark its job done.
    let late = 'pending';
    boss.complete('links.expire', '00000000-0000-0000-0000-000000000000').then(
      () => (late = 'resolved'),
      () => (late = 'rejected'),
    );
    // A statement sent after it on the same closed database has failed: the late one would have too.
    await expect(handle.executeSql('SELECT 1')).rejects.toThrow();
    expect(late).toBe('pending');
  });
});
