// Instances that start together on one PostgreSQL database each make sure the default domain row
// exists and follows their BASE_URL: whoever comes second finds the first's row (and renames it)
// instead of failing on domains_one_default.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { ensureDefaultDomain } from '../../../lib/domains/domain-registry';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';

const serverUrl = pgUrl();

describe.skipIf(!serverUrl)('the default domain on PostgreSQL', () => {
  let tdb: TestDatabase;
  const handles: DbHandle[] = [];

  beforeAll(async () => {
    tdb = await createPostgresDatabase(serverUrl!, { migrated: true });
    for (let i = 0; i < 6; i++) handles.push(await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 }));
    await applyMigrations(handles[0]!, tdb.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await tdb?.drop();
  });

  test('six instances with their own BASE_URL starting at once leave one default row and none fails', async () => {
    for (let round = 0; round < 5; round++) {
      await handles[0]!.query('DELETE FROM domains WHERE is_default');
      const results = await Promise.allSettled(handles.map((h, i) => ensureDefaultDomain(h, `sl${i}.ing`)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const rows = await handles[0]!.query<{ hostname: string }>('SELECT hostname FROM domains WHERE is_default');
      expect(rows).toEqual([{ hostname: expect.stringMatching(/^sl\d\.ing$/) }]);
    }
  });
});
