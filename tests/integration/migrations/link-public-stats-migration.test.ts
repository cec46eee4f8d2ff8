// Migration 0039 (public stats) on a populated database of the previous schema: every link is kept as
// it was, password and all, and none has a public stats page; a link made afterwards may.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 39; // migrations 0000–0038
const LINKS = `SELECT short_code, long_url, clicks::int AS clicks, password_hash, status FROM links ORDER BY id`;

describe(`migration to public stats on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, password_hash)
           SELECT $1, $2, 'p' || n, 'https://example.com/' || n, n * 3, CASE WHEN n % 5 = 0 THEN 'hash' || n END FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        return db.query(LINKS);
      },
      async after(db, domainId) {
        const links = await db.query<Record<string, unknown>>(
          `SELECT short_code, long_url, clicks::int AS clicks, password_hash, status, public_stats, public_stats_password_hash FROM links ORDER BY id`,
        );
        const [made] = await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, public_stats, public_stats_password_hash)
           VALUES ($1, $2, 'new', 'https://example.com/new', true, 'h') RETURNING public_stats, public_stats_password_hash`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        return { links, made };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link is kept, none public; a new one may be', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ public_stats: _, public_stats_password_hash: __, ...row }) => row)).toEqual(before);
    expect(after.links.every((l) => l.public_stats === false && l.public_stats_password_hash === null)).toBe(true);
    expect(after.made).toEqual({ public_stats: true, public_stats_password_hash: 'h' });
  });
});
