// Migration 0035 (count_bots) on a populated database of the previous schema: every link is kept as
// it was, with its clicks and limit, none counts bots (their limits go by people's clicks, as
// before) and none has bot visits counted yet; a link made afterwards may count them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 35; // migrations 0000–0034

describe(`migration to count_bots on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let before: unknown[];
  let after: Array<Record<string, unknown>>;
  let made: Record<string, unknown>;

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
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, max_clicks)
       SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n * 2, CASE WHEN n % 4 = 0 THEN 50 END FROM generate_series(1, 300) AS n`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    const read = `SELECT short_code, long_url, clicks::int AS clicks, max_clicks, status FROM links ORDER BY id`;
    before = await db.query(read);
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    after = await db.query(`SELECT short_code, long_url, clicks::int AS clicks, max_clicks, status, count_bots, bot_clicks::int AS bot_clicks FROM links ORDER BY id`);
    [made] = await db.query(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, max_clicks, count_bots) VALUES ($1, $2, 'new', 'https://example.com/new', 5, true) RETURNING count_bots, bot_clicks::int AS bot_clicks`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link is kept and counts only people, as before; a new one may count bots', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(after).toHaveLength(300);
    expect(after.map(({ count_bots: _, bot_clicks: __, ...row }) => row)).toEqual(before);
    expect(after.every((l) => l.count_bots === false && l.bot_clicks === 0)).toBe(true);
    expect(made).toEqual({ count_bots: true, bot_clicks: 0 });
  });
});
