// Migration 0030 (the tag index keeps only tagged links) on a populated database of the previous
// schema: every link is kept with its tags, the tag filter finds the same links, and the planner can
// answer it from the new partial index (the filter states the index's predicate; without it the
// index would never be used).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { links, SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { filtersSql } from '../../../lib/analytics/stats-filters';
import { findLinks, linksWhere } from '../../../lib/links/find-links';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 30; // migrations 0000–0029: every link in the tag index

describe(`migration to the partial tag index on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let rows: Array<{ short_code: string; tags: string[] }>;
  let tagged: string[];
  let indexes: string[];
  let plan: string;
  let statsPlan: string;

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
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, tags)
       SELECT $1, $2, 'c' || n, 'https://example.com/' || n, CASE WHEN n % 100 = 0 THEN ARRAY['launch'] WHEN n % 7 = 0 THEN ARRAY['misc', 'other'] ELSE '{}'::text[] END
       FROM generate_series(1, 2000) AS n`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    rows = await db.query(`SELECT short_code, tags FROM links ORDER BY id`);
    indexes = (await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'links' ORDER BY indexname`)).map((r) => r.indexname);
    const scope = sql`${links.workspaceId} = ${SYSTEM_WORKSPACE_ID}`;
    tagged = (await findLinks(db.db, { scope, tag: 'launch', archived: 'include', limit: 100, offset: 0 })).links.map((l) => l.shortCode).sort();
    const query = db.db
      .select({ id: links.id })
      .from(links)
      .where(linksWhere({ scope, tag: 'launch', archived: 'include' }))
      .toSQL();
    const explain = (text: string, params: unknown[]) =>
      db.transaction(async (q) => {
        await q.query('SET LOCAL enable_seqscan = off');
        const lines = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
        return lines.map((l) => l['QUERY PLAN']).join('\n');
      });
    plan = await explain(query.sql, query.params);
    // The analytics' tag filter (stats and exports) on the clicks.
    const statsParams: unknown[] = [];
    statsPlan = await explain(`SELECT count(*) FROM clicks WHERE true${filtersSql({ tag: ['launch'] }, (v) => `$${statsParams.push(v)}`)}`, statsParams);
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and its tags are kept; the tag filter finds the same links through the new index', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(rows).toHaveLength(2000);
    expect(rows.filter((r) => r.tags.includes('launch'))).toHaveLength(20);
    expect(rows.filter((r) => r.tags.includes('misc'))).toHaveLength(283); // the 285 multiples of 7 but 700 and 1400
    expect(tagged).toEqual(Array.from({ length: 20 }, (_, i) => `c${(i + 1) * 100}`).sort());
    expect(indexes).toContain('links_tagged_idx');
    expect(indexes).not.toContain('links_tags_idx');
    expect(plan).toContain('links_tagged_idx');
    expect(statsPlan).toContain('links_tagged_idx');
  });
});
