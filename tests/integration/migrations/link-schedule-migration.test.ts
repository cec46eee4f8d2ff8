// Migration 0034 (starts_at and expired_url) on a populated database of the previous schema: every
// link and domain is kept as it was, every link active from the start with no fallback (so it still
// goes where it went, and expires onto "Link Expired" as before), every domain without an
// expired_url; links made afterwards may have them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 34; // migrations 0000–0033
const LINKS = `SELECT short_code, long_url, expires_at, max_clicks, status FROM links ORDER BY id`;
const DOMAINS = `SELECT hostname, not_found_url, status FROM domains ORDER BY id`;

describe(`migration to link schedules and fallbacks on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(`UPDATE domains SET not_found_url = 'https://example.com/404' WHERE id = $1`, [domainId]);
        await db.query(`INSERT INTO domains (hostname, workspace_id, status) VALUES ('go.example.com', $1, 'verified')`, [SYSTEM_WORKSPACE_ID]);
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, expires_at, max_clicks, status)
           SELECT $1, $2, 'c' || n, 'https://example.com/' || n, CASE WHEN n % 3 = 0 THEN now() - interval '1 day' END,
                  CASE WHEN n % 5 = 0 THEN 10 END, CASE WHEN n % 3 = 0 THEN 'expired' ELSE 'active' END
           FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        return { links: await db.query(LINKS), domains: await db.query(DOMAINS) };
      },
      async after(db, domainId) {
        const links = await db.query<Record<string, unknown>>(
          `SELECT short_code, long_url, expires_at, max_clicks, status, starts_at, expired_url FROM links ORDER BY id`,
        );
        const domains = await db.query<Record<string, unknown>>(`SELECT hostname, not_found_url, status, expired_url FROM domains ORDER BY id`);
        const [made] = await db.query<{ starts_at: string; expired_url: string }>(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, starts_at, expired_url)
           VALUES ($1, $2, 'new', 'https://example.com/new', '2027-01-01T00:00:00Z', 'https://example.com/over') RETURNING starts_at, expired_url`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        return { links, domains, made };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and domain is kept, none with a start or a fallback; new ones may have them', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ starts_at: _, expired_url: __, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((l) => l.starts_at === null && l.expired_url === null)).toBe(true);
    expect(after.domains.map(({ expired_url: _, ...row }) => row)).toEqual(before.domains);
    expect(after.domains.every((d) => d.expired_url === null)).toBe(true);
    expect({ starts_at: new Date(after.made.starts_at).toISOString(), expired_url: after.made.expired_url }).toEqual({
      starts_at: '2027-01-01T00:00:00.000Z',
      expired_url: 'https://example.com/over',
    });
  });
});
