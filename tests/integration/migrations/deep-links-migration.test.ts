// Migration 0037 (deep links) on a populated database of the previous schema: every link and domain
// is kept as it was, with no platform destinations and no association files (they go and answer
// where they always did); rows made afterwards may carry them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 37; // migrations 0000–0036: no deep links
const LINKS = `SELECT short_code, long_url, clicks::int AS clicks, expired_url FROM links ORDER BY id`;
const DOMAINS = `SELECT hostname, status, expired_url FROM domains ORDER BY id`;
const AASA = { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], components: [{ '/': '/*' }] }] } };

describe(`migration to deep links on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, expired_url)
           SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n, CASE WHEN n % 5 = 0 THEN 'https://example.com/gone' END FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        await db.query(
          `INSERT INTO domains (workspace_id, hostname, status, expired_url)
           SELECT $1, 'd' || n || '.example.net', 'verified', 'https://example.com/x' FROM generate_series(1, 20) AS n`,
          [SYSTEM_WORKSPACE_ID],
        );
        return { links: await db.query(LINKS), domains: await db.query(DOMAINS) };
      },
      async after(db, domainId) {
        const links = await db.query<Record<string, unknown>>(
          `SELECT short_code, long_url, clicks::int AS clicks, expired_url, ios_url, ios_fallback_url, android_url, android_fallback_url FROM links ORDER BY id`,
        );
        const domains = await db.query<Record<string, unknown>>(
          `SELECT hostname, status, expired_url, apple_app_site_association, asset_links FROM domains ORDER BY id`,
        );
        const [made] = await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, ios_url, android_fallback_url) VALUES ($1, $2, 'new', 'https://example.com/new', 'myapp://p/1', 'https://play.google.com/store/apps/details?id=com.example')
           RETURNING ios_url, android_fallback_url`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        const [domain] = await db.query(
          `UPDATE domains SET apple_app_site_association = $1::jsonb WHERE hostname = 'd1.example.net' RETURNING apple_app_site_association`,
          [JSON.stringify(AASA)],
        );
        return { links, domains, made, domain };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and domain is kept, with no deep links; new ones may have them', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    const newFields = ['ios_url', 'ios_fallback_url', 'android_url', 'android_fallback_url'];
    expect(after.links.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !newFields.includes(k))))).toEqual(before.links);
    expect(after.links.every((row) => newFields.every((k) => row[k] === null))).toBe(true);
    expect(after.domains.map(({ apple_app_site_association: _a, asset_links: _b, ...row }) => row)).toEqual(before.domains);
    expect(after.domains.every((row) => row.apple_app_site_association === null && row.asset_links === null)).toBe(true);
    expect(after.made).toEqual({ ios_url: 'myapp://p/1', android_fallback_url: 'https://play.google.com/store/apps/details?id=com.example' });
    expect(after.domain).toEqual({ apple_app_site_association: AASA });
  });
});
