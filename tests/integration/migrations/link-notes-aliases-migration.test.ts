// Migration 0025 (link notes and previous codes) on a populated database of the previous schema:
// every link is kept as it was, without a note or old codes; the new column takes a note, the new
// table old codes (one per code and domain, any case), and deleting a link deletes its old codes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 25; // migrations 0000–0024: the schema before notes and previous codes

describe(`migration to link notes and previous codes on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let links: Array<Record<string, unknown>>;
  let applied: number;
  let duplicateRefused: boolean;
  let afterDelete: Array<Record<string, unknown>>;
  let noted: Array<Record<string, unknown>>;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('sl.ing', true, 'ws_system')`);
    await db.query(
      `INSERT INTO links (domain_id, short_code, long_url, workspace_id, status, clicks, tags) VALUES
         (1, 'one', 'https://example.com/1?utm_source=x', 'ws_system', 'active', 3, ARRAY['a']),
         (1, 'two', 'https://example.com/2', 'ws_system', 'disabled', 0, '{}')`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    links = await db.query(`SELECT short_code, long_url, status, clicks::int AS clicks, tags, note FROM links ORDER BY id`);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    await db.query(`UPDATE links SET note = 'kept for the flyer' WHERE short_code = 'one'`);
    noted = await db.query(`SELECT short_code FROM links WHERE note ILIKE '%flyer%'`);
    await db.query(`INSERT INTO link_aliases (domain_id, code, link_id) SELECT 1, 'Uno', id FROM links WHERE short_code = 'one'`);
    duplicateRefused = await db.query(`INSERT INTO link_aliases (domain_id, code, link_id) SELECT 1, 'UNO', id FROM links WHERE short_code = 'two'`).then(
      () => false,
      () => true,
    );
    await db.query(`DELETE FROM links WHERE short_code = 'one'`);
    afterDelete = await db.query(`SELECT code FROM link_aliases`);
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link is kept without a note; old codes are unique per domain in any case and go with their link', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(links).toEqual([
      { short_code: 'one', long_url: 'https://example.com/1?utm_source=x', status: 'active', clicks: 3, tags: ['a'], note: null },
      { short_code: 'two', long_url: 'https://example.com/2', status: 'disabled', clicks: 0, tags: [], note: null },
    ]);
    expect(noted).toEqual([{ short_code: 'one' }]);
    expect(duplicateRefused).toBe(true);
    expect(afterDelete).toEqual([]);
  });
});
