// Migration 0020 (admin console) on a populated database of the previous schema: every account is
// kept, the oldest becomes the instance's admin (as the first sign-up would have) and the others
// plain users, nobody is banned, and the settings row starts open with its first admin claimed —
// so the next sign-up does not become an admin too. An empty instance leaves the claim open.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, migrationsFolder } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

// Every migration before the admin console's (found by its name, so a renumbering at merge keeps this right).
const PREVIOUS = (JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')).entries as Array<{ tag: string }>).findIndex((e) =>
  e.tag.endsWith('_admin_console'),
);

describe(`migration to the admin console on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  const dbs: TestDatabase[] = [];
  let users: Array<Record<string, unknown>>;
  let settings: Array<Record<string, unknown>>;
  let emptySettings: Array<Record<string, unknown>>;

  async function migrate(populate: (q: (sql: string) => Promise<unknown>) => Promise<void>) {
    const tdb = await makeDb();
    dbs.push(tdb);
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await populate((sql) => db.query(sql));
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    return db;
  }

  beforeAll(async () => {
    const db = await migrate(async (q) => {
      await q(`INSERT INTO users (id, name, email, created_at) VALUES
        ('u2', 'Bo', 'bo@example.com', '2026-02-01T00:00:00Z'),
        ('u1', 'Al', 'al@example.com', '2026-01-01T00:00:00Z'),
        ('u3', 'Cy', 'cy@example.com', '2026-03-01T00:00:00Z')`);
    });
    users = await db.query(`SELECT id, email, role, banned, ban_reason FROM users ORDER BY id`);
    settings = await db.query(`SELECT signups, anonymous_shortening, anonymous_per_hour, first_admin_at IS NOT NULL AS claimed FROM instance_settings`);
    await db.close();
    const empty = await migrate(async () => {});
    emptySettings = await empty.query(`SELECT first_admin_at IS NOT NULL AS claimed FROM instance_settings`);
    await empty.close();
  });
  afterAll(async () => {
    for (const tdb of dbs) await tdb.drop();
  });

  test('the oldest account becomes the admin, the others stay users; the first-admin claim is taken', () => {
    expect(PREVIOUS).toBeGreaterThan(10);
    expect(users).toEqual([
      { id: 'u1', email: 'al@example.com', role: 'admin', banned: false, ban_reason: null },
      { id: 'u2', email: 'bo@example.com', role: 'user', banned: false, ban_reason: null },
      { id: 'u3', email: 'cy@example.com', role: 'user', banned: false, ban_reason: null },
    ]);
    expect(settings).toEqual([{ signups: 'open', anonymous_shortening: true, anonymous_per_hour: null, claimed: true }]);
  });

  test('an instance without accounts leaves the claim to its first sign-up', () => {
    expect(emptySettings).toEqual([{ claimed: false }]);
  });
});
