// Migration 0032 (query forwarding per link) on a populated database of the previous schema: every
// link is kept as it was, with its clicks, limit and password, and forwards the visit's query as
// every link did before (forward_query true); a link made afterwards may turn it off.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 32; // migrations 0000–0031: every link forwards the query

type Row = { short_code: string; long_url: string; clicks: number; max_clicks: number | null; password_hash: string | null };

describe(`migration to query forwarding per link on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let before: Row[];
  let after: Array<Row & { forward_query: boolean }>;
  let turnedOff: boolean;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    const [{ id: domainId }] = await db.query<{ id: number }>(
      `INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('sho.rt', true, $1) RETURNING id`,
      [SYSTEM_WORKSPACE_ID],
    );
    await db.query(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, max_clicks, password_hash)
       SELECT $1, $2, 'c' || n, 'https://example.com/' || n || '?id=' || n, n * 3, CASE WHEN n % 10 = 0 THEN 100 END, CASE WHEN n % 25 = 0 THEN 'hash' || n END
       FROM generate_series(1, 500) AS n`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    const read = `SELECT short_code, long_url, clicks::int AS clicks, max_clicks, password_hash FROM links ORDER BY id`;
    before = await db.query(read);
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    after = await db.query(`SELECT short_code, long_url, clicks::int AS clicks, max_clicks, password_hash, forward_query FROM links ORDER BY id`);
    const [made] = await db.query<{ forward_query: boolean }>(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, forward_query) VALUES ($1, $2, 'new', 'https://example.com/new', false) RETURNING forward_query`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    turnedOff = made.forward_query === false;
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link is kept as it was and forwards the query, as before; a new one may not', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(after).toHaveLength(500);
    expect(after.map(({ forward_query: _, ...row }) => row)).toEqual(before);
    expect(after.every((r) => r.forward_query === true)).toBe(true);
    expect(turnedOff).toBe(true);
  });
});
