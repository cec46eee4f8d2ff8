// Migration 0031 (domain claims: a name held exclusively only once verified) on a populated database
// of the previous schema: every domain is kept with its status and settings, none has a status
// reason yet; afterwards a second workspace may claim a name that is pending elsewhere, only one of
// the claims can become verified, and a workspace cannot claim one name twice.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { isUniqueViolation } from '../../../lib/db/unique-violation';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 31; // migrations 0000–0030: one row per host name, whatever its status

type Row = { hostname: string; workspace_id: string; status: string; not_found_url: string | null; status_reason: string | null };

describe(`migration to domain claims on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let before: Omit<Row, 'status_reason'>[];
  let after: Row[];
  let indexes: string[];
  let pendingElsewhere: 'inserted' | 'refused';
  let secondVerified: 'inserted' | 'refused';
  let twiceInOne: 'inserted' | 'refused';

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    for (const ws of ['ws_a', 'ws_b']) await db.query(`INSERT INTO workspaces (id, name, slug) VALUES ($1, $1, $1)`, [ws]);
    await db.query(`INSERT INTO domains (hostname, is_default, workspace_id, status) VALUES ('sho.rt', true, $1, 'verified')`, [SYSTEM_WORKSPACE_ID]);
    await db.query(
      `INSERT INTO domains (hostname, workspace_id, status, verification_token, not_found_url, created_at)
       VALUES ('go.a.test', 'ws_a', 'verified', 't1', 'https://a.test/404', now() - interval '40 days'),
              ('Old.Pending.test', 'ws_a', 'pending', 't2', NULL, now() - interval '30 days'),
              ('new.pending.test', 'ws_b', 'pending', 't3', NULL, now()),
              ('gone.b.test', 'ws_b', 'misconfigured', 't4', NULL, now() - interval '90 days')`,
    );
    const read = `SELECT hostname, workspace_id, status, not_found_url FROM domains ORDER BY id`;
    before = await db.query(read);
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    after = await db.query(`SELECT hostname, workspace_id, status, not_found_url, status_reason FROM domains ORDER BY id`);
    indexes = (await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'domains' ORDER BY indexname`)).map(
      (r) => r.indexname,
    );
    const attempt = async (hostname: string, workspace: string) => {
      try {
        await db.query(`INSERT INTO domains (hostname, workspace_id, status) VALUES ($1, $2, 'pending')`, [hostname, workspace]);
        return 'inserted' as const;
      } catch (err) {
        if (isUniqueViolation(err)) return 'refused' as const;
        throw err;
      }
    };
    pendingElsewhere = await attempt('OLD.pending.test', 'ws_b');
    // One of the two claims verifies; the other cannot become a second verified row for the name.
    await db.query(`UPDATE domains SET status = 'verified' WHERE lower(hostname) = 'old.pending.test' AND workspace_id = 'ws_b'`);
    try {
      await db.query(`UPDATE domains SET status = 'verified' WHERE lower(hostname) = 'old.pending.test' AND workspace_id = 'ws_a'`);
      secondVerified = 'inserted';
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      secondVerified = 'refused';
    }
    twiceInOne = await attempt('new.PENDING.test', 'ws_b');
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every domain is kept with its status and settings; none has a reason yet', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(after.map(({ status_reason, ...rest }) => rest)).toEqual(before);
    expect(after.every((r) => r.status_reason === null)).toBe(true);
    expect(indexes).toEqual(expect.arrayContaining(['domains_serving_hostname_key', 'domains_workspace_hostname_key', 'domains_hostname_idx']));
    expect(indexes).not.toContain('domains_hostname_key');
  });

  test('a name pending elsewhere may be claimed; only one claim can be verified; a workspace claims a name once', () => {
    expect(pendingElsewhere).toBe('inserted');
    expect(secondVerified).toBe('refused');
    expect(twiceInOne).toBe('refused');
  });
});
