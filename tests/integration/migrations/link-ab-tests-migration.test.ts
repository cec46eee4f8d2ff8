// Migration 0036 (A/B tests) on a populated database of the previous schema: every link and click is
// kept as it was, no link has a test (it goes where it went) and no click a variant; the new
// conversions table starts empty and takes a link's counts, and goes with the link.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 36; // migrations 0000–0035

describe(`migration to A/B tests on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let before: { links: unknown[]; clicks: number };
  let after: { links: Array<Record<string, unknown>>; clicks: Array<{ n: number; with_variant: number }> };
  let conversions: { n: number; left: number };

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
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, rules)
       SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n, CASE WHEN n % 9 = 0 THEN '[{"id":"r","conditions":[{"type":"bot"}],"url":"https://example.com/b"}]'::jsonb ELSE '[]'::jsonb END
       FROM generate_series(1, 300) AS n`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    await db.query(`INSERT INTO clicks (link_id, clicked_at, rule_id) SELECT id, now(), CASE WHEN id % 2 = 0 THEN 'r' END FROM links, generate_series(1, 2)`);
    const read = `SELECT short_code, long_url, clicks::int AS clicks, rules FROM links ORDER BY id`;
    before = { links: await db.query(read), clicks: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks'))[0].n };
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    after = {
      links: await db.query(`SELECT short_code, long_url, clicks::int AS clicks, rules, ab_test FROM links ORDER BY id`),
      clicks: await db.query(`SELECT count(*)::int AS n, count(variant_id)::int AS with_variant FROM clicks`),
    };
    const [{ id }] = await db.query<{ id: number }>(`SELECT id FROM links WHERE short_code = 'c1'`);
    await db.query(`INSERT INTO link_conversions (link_id, variant_id, conversions) VALUES ($1, 'a', 3)`, [id]);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM link_conversions');
    await db.query('DELETE FROM links WHERE id = $1', [id]);
    const [{ left }] = await db.query<{ left: number }>('SELECT count(*)::int AS left FROM link_conversions');
    conversions = { n, left };
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and click is kept, none in a test; conversions are counted and go with their link', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ ab_test: _, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((l) => l.ab_test === null)).toBe(true);
    expect(after.clicks).toEqual([{ n: before.clicks, with_variant: 0 }]);
    expect(conversions).toEqual({ n: 1, left: 0 });
  });
});
