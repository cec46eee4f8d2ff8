// Migration 0036 (A/B tests) on a populated database of the previous schema: every link and click is
// kept as it was, no link has a test (it goes where it went) and no click a variant; the new
// conversions table takes a link's counts, and goes with the link.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 36; // migrations 0000–0035
const LINKS = `SELECT short_code, long_url, clicks::int AS clicks, rules FROM links ORDER BY id`;

describe(`migration to A/B tests on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, rules)
           SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n,
                  CASE WHEN n % 9 = 0 THEN '[{"id":"r","conditions":[{"type":"bot"}],"url":"https://example.com/b"}]'::jsonb ELSE '[]'::jsonb END
           FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        await db.query(
          `INSERT INTO clicks (link_id, clicked_at, rule_id) SELECT id, now(), CASE WHEN id % 2 = 0 THEN 'r' END FROM links, generate_series(1, 2)`,
        );
        return { links: await db.query(LINKS), clicks: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks'))[0].n };
      },
      async after(db) {
        const links = await db.query<Record<string, unknown>>(`SELECT short_code, long_url, clicks::int AS clicks, rules, ab_test FROM links ORDER BY id`);
        const clicks = await db.query(`SELECT count(*)::int AS n, count(variant_id)::int AS with_variant FROM clicks`);
        const [{ id }] = await db.query<{ id: number }>(`SELECT id FROM links WHERE short_code = 'c1'`);
        await db.query(`INSERT INTO link_conversions (link_id, variant_id, conversions) VALUES ($1, 'a', 3)`, [id]);
        const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM link_conversions');
        await db.query('DELETE FROM links WHERE id = $1', [id]);
        const [{ left }] = await db.query<{ left: number }>('SELECT count(*)::int AS left FROM link_conversions');
        return { links, clicks, conversions: { n, left } };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and click is kept, none in a test; conversions are counted and go with their link', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ ab_test: _, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((l) => l.ab_test === null)).toBe(true);
    expect(after.clicks).toEqual([{ n: before.clicks, with_variant: 0 }]);
    expect(after.conversions).toEqual({ n: 1, left: 0 });
  });
});
