// Migration 0016 (link tags and archive) on a populated database of the previous schema: every link
// is kept as it was, with no tags and not archived, and the new columns take tags and an archive date.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 16; // migrations 0000–0015: the schema before tags

describe(`migration to link tags on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let links: Array<Record<string, unknown>>;
  let tagged: Array<Record<string, unknown>>;
  let applied: number;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('sl.ing', true, 'ws_system')`);
    await db.query(
      `INSERT INTO links (domain_id, short_code, long_url, workspace_id, status, clicks, max_clicks) VALUES
         (1, 'one', 'https://example.com/1', 'ws_system', 'active', 3, NULL),
         (1, 'two', 'https://example.com/2', 'ws_system', 'disabled', 0, NULL),
         (1, 'three', 'https://example.com/3', 'ws_system', 'expired', 5, 5)`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    links = await db.query(`SELECT short_code, long_url, status, clicks::int AS clicks, tags, archived_at FROM links ORDER BY id`);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    await db.query(`UPDATE links SET tags = ARRAY['spring', 'sale'], archived_at = now() WHERE short_code = 'two'`);
    tagged = await db.query(`SELECT short_code, archived_at IS NOT NULL AS archived FROM links WHERE tags @> ARRAY['sale'] ORDER BY id`);
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link is kept, untagged and not archived; the new columns take tags and an archive date', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(links).toEqual([
      { short_code: 'one', long_url: 'https://example.com/1', status: 'active', clicks: 3, tags: [], archived_at: null },
      { short_code: 'two', long_url: 'https://example.com/2', status: 'disabled', clicks: 0, tags: [], archived_at: null },
      { short_code: 'three', long_url: 'https://example.com/3', status: 'expired', clicks: 5, tags: [], archived_at: null },
    ]);
    expect(tagged).toEqual([{ short_code: 'two', archived: true }]);
  });
});
