// Migration 0011 (safety) on a populated database of the previous schema: every link is kept with
// its state, gains an empty safety_reason, and the threat list table starts empty and usable.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 11; // migrations 0000–0010: the schema before safety

describe(`migration to safety on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let links: Array<Record<string, unknown>>;
  let applied: number;
  let entries: Array<Record<string, unknown>>;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('sl.ing', true, 'ws_system')`);
    await db.query(
      `INSERT INTO links (domain_id, short_code, long_url, workspace_id, status, disabled_reason) VALUES
         (1, 'one', 'https://example.com/1', 'ws_system', 'active', NULL),
         (1, 'two', 'https://example.com/2', 'ws_system', 'disabled', 'spam'),
         (1, 'three', 'https://example.com/3', 'ws_system', 'expired', NULL)`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    links = await db.query(`SELECT short_code, long_url, status, disabled_reason, safety_reason FROM links ORDER BY id`);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    await db.query(
      `INSERT INTO threat_entries (kind, value, source) VALUES ('host', 'evil.example', 'test'), ('host', 'evil.example', 'again') ON CONFLICT DO NOTHING`,
    );
    entries = await db.query(`SELECT kind, value, source, added_at IS NOT NULL AS dated FROM threat_entries`);
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link is kept with its state; the threat list table takes one row per entry', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(links).toEqual([
      { short_code: 'one', long_url: 'https://example.com/1', status: 'active', disabled_reason: null, safety_reason: null },
      { short_code: 'two', long_url: 'https://example.com/2', status: 'disabled', disabled_reason: 'spam', safety_reason: null },
      { short_code: 'three', long_url: 'https://example.com/3', status: 'expired', disabled_reason: null, safety_reason: null },
    ]);
    expect(entries).toEqual([{ kind: 'host', value: 'evil.example', source: 'test', dated: true }]);
  });
});
