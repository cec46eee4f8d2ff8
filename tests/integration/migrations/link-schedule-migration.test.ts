// Migration 0034 (starts_at and expired_url) on a populated database of the previous schema: every
// link and domain is kept as it was, every link active from the start with no fallback (so it still
// goes where it went, and expires onto "Link Expired" as before), every domain without an
// expired_url; links and domains made afterwards may have them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 34; // migrations 0000–0033

describe(`migration to link schedules and fallbacks on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let before: { links: unknown[]; domains: unknown[] };
  let after: { links: Array<Record<string, unknown>>; domains: Array<Record<string, unknown>> };
  let made: Record<string, unknown>;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    const [{ id: domainId }] = await db.query<{ id: number }>(
      `INSERT INTO domains (hostname, is_default, workspace_id, not_found_url) VALUES ('sho.rt', true, $1, 'https://example.com/404') RETURNING id`,
      [SYSTEM_WORKSPACE_ID],
    );
    await db.query(`INSERT INTO domains (hostname, workspace_id, status) VALUES ('go.example.com', $1, 'verified')`, [SYSTEM_WORKSPACE_ID]);
    await db.query(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, expires_at, max_clicks, status)
       SELECT $1, $2, 'c' || n, 'https://example.com/' || n, CASE WHEN n % 3 = 0 THEN now() - interval '1 day' END,
              CASE WHEN n % 5 = 0 THEN 10 END, CASE WHEN n % 3 = 0 THEN 'expired' ELSE 'active' END
       FROM generate_series(1, 300) AS n`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    const readLinks = `SELECT short_code, long_url, expires_at, max_clicks, status FROM links ORDER BY id`;
    const readDomains = `SELECT hostname, not_found_url, status FROM domains ORDER BY id`;
    before = { links: await db.query(readLinks), domains: await db.query(readDomains) };
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    after = {
      links: await db.query(`SELECT short_code, long_url, expires_at, max_clicks, status, starts_at, expired_url FROM links ORDER BY id`),
      domains: await db.query(`SELECT hostname, not_found_url, status, expired_url FROM domains ORDER BY id`),
    };
    [made] = await db.query(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, starts_at, expired_url)
       VALUES ($1, $2, 'new', 'https://example.com/new', '2027-01-01T00:00:00Z', 'https://example.com/over') RETURNING starts_at, expired_url`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and domain is kept, none with a start or a fallback; new ones may have them', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ starts_at: _, expired_url: __, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((l) => l.starts_at === null && l.expired_url === null)).toBe(true);
    expect(after.domains.map(({ expired_url: _, ...row }) => row)).toEqual(before.domains);
    expect(after.domains.every((d) => d.expired_url === null)).toBe(true);
    expect({ starts_at: new Date(made.starts_at as string).toISOString(), expired_url: made.expired_url }).toEqual({
      starts_at: '2027-01-01T00:00:00.000Z',
      expired_url: 'https://example.com/over',
    });
  });
});
