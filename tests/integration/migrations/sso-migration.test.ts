// Migration 0019 (single sign-on) on a populated database of the previous schema: the login history
// is kept (its new `method` column is empty: those were password sign-ins) and new rows record
// how someone signed in.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordLogin } from '../../../lib/audit/login-history';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 19; // migrations 0000–0018: the schema before single sign-on

describe(`migration to single sign-on on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let db: DbHandle;

  beforeAll(async () => {
    tdb = await makeDb();
    db = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO users (id, name, email, email_verified) VALUES ('u-cy', 'Cy', 'cy@example.com', true)`);
    await db.query(
      `INSERT INTO login_events (user_id, email, ip, user_agent, device, success) VALUES ('u-cy', 'cy@example.com', '81.2.69.1', 'curl/8', 'curl', true), ('u-cy', 'cy@example.com', '81.2.69.1', 'curl/8', 'curl', false)`,
    );
    await applyMigrations(db, tdb.databaseUrl);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  test('the login history is kept, with no method (password sign-ins), and the SSO tables exist', async () => {
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n)).toBe(shippedMigrationCount());
    expect(await db.query(`SELECT email, success, method FROM login_events ORDER BY id`)).toEqual([
      { email: 'cy@example.com', success: true, method: null },
      { email: 'cy@example.com', success: false, method: null },
    ]);
    expect(await db.query(`SELECT count(*)::int AS n FROM sso_connections`)).toEqual([{ n: 0 }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM sso_providers`)).toEqual([{ n: 0 }]);
  });

  test('a sign-in through SSO is recorded with its connection', async () => {
    // (A user with no sign-in before: no new-device notice to mail.)
    await db.query(`INSERT INTO users (id, name, email, email_verified) VALUES ('u-dee', 'Dee', 'dee@example.com', true)`);
    await recordLogin(db.db, { email: 'dee@example.com', userId: 'u-dee', ip: null, userAgent: null, success: true, method: 'sso:Acme Okta' });
    expect((await db.query<{ method: string | null }>(`SELECT method FROM login_events ORDER BY id DESC LIMIT 1`))[0].method).toBe('sso:Acme Okta');
  });
});
