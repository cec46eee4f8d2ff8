// Migration 0035 (count_bots) on a populated database of the previous schema: every link is kept as
// it was, with its clicks and limit, none counts bots (their limits go by people's clicks, as
// before) and none has bot visits counted yet; a link made afterwards may count them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 35; // migrations 0000–0034
const LINKS = `SELECT short_code, long_url, clicks::int AS clicks, max_clicks, status FROM links ORDER BY id`;

describe(`migration to count_bots on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, max_clicks)
           SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n * 2, CASE WHEN n % 4 = 0 THEN 50 END FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        return db.query(LINKS);
      },
      async after(db, domainId) {
        const links = await db.query<Record<string, unknown>>(
          `SELECT short_code, long_url, clicks::int AS clicks, max_clicks, status, count_bots, bot_clicks::int AS bot_clicks FROM links ORDER BY id`,
        );
        const [made] = await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, max_clicks, count_bots)
           VALUES ($1, $2, 'new', 'https://example.com/new', 5, true) RETURNING count_bots, bot_clicks::int AS bot_clicks`,
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

  test('every link is kept and counts only people, as before; a new one may count bots', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ count_bots: _, bot_clicks: __, ...row }) => row)).toEqual(before);
    expect(after.links.every((l) => l.count_bots === false && l.bot_clicks === 0)).toBe(true);
    expect(after.made).toEqual({ count_bots: true, bot_clicks: 0 });
  });
});
