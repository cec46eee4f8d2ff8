// Migration 0024 (directory sync, several email domains per SSO connection, sessions
// naming how they were signed in) on a populated database of the previous schema: each connection
// keeps its one domain with its TXT token and whether it was proven, existing sessions read as
// password sign-ins, and a proven domain stays one connection's only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 24; // migrations 0000–0023: one domain per connection, no directory sync

describe(`migration to several SSO domains on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let db: DbHandle;

  beforeAll(async () => {
    tdb = await makeDb();
    db = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO users (id, name, email, email_verified) VALUES ('u-ann', 'Ann', 'ann@acme.test', true)`);
    await db.query(
      `INSERT INTO workspaces (id, name, slug, kind, plan) VALUES ('w-acme', 'Acme', 'acme', 'team', 'enterprise'), ('w-beta', 'Beta', 'beta', 'team', 'enterprise')`,
    );
    await db.query(
      `INSERT INTO sessions (id, expires_at, token, user_id, active_workspace_id) VALUES ('s-1', now() + interval '1 day', 'tok-1', 'u-ann', 'w-acme')`,
    );
    const cols = `(id, workspace_id, name, type, issuer, client_id, client_secret_ciphertext, scopes, domain, domain_token, domain_verified_at, mapping, enabled, test_passed)`;
    await db.query(
      `INSERT INTO sso_connections ${cols} VALUES
        ('c-acme', 'w-acme', 'Acme Okta', 'okta', 'https://acme.okta.com', 'cid', 'v1.x.y.z', '{openid}', 'Acme.Test', 'tok-acme', '2026-01-02T03:04:05Z', '{"email":"email","name":"name"}', true, true),
        ('c-beta', 'w-beta', 'Beta Entra', 'entra', 'https://login.microsoftonline.com/t/v2.0', 'cid', 'v1.x.y.z', '{openid}', 'beta.test', 'tok-beta', null, '{"email":"email","name":"name"}', false, false)`,
    );
    await applyMigrations(db, tdb.databaseUrl);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  test('each connection keeps its domain, TXT token and proof; sessions read as password sign-ins', async () => {
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n)).toBe(shippedMigrationCount());
    const rows = await db.query<{ connection_id: string; workspace_id: string; domain: string; token: string; verified_at: Date | string | null }>(
      `SELECT connection_id, workspace_id, domain, token, verified_at FROM sso_connection_domains ORDER BY connection_id`,
    );
    expect(rows.map((r) => ({ ...r, verified_at: r.verified_at && new Date(r.verified_at).toISOString() }))).toEqual([
      { connection_id: 'c-acme', workspace_id: 'w-acme', domain: 'acme.test', token: 'tok-acme', verified_at: '2026-01-02T03:04:05.000Z' },
      { connection_id: 'c-beta', workspace_id: 'w-beta', domain: 'beta.test', token: 'tok-beta', verified_at: null },
    ]);
    expect(await db.query(`SELECT id, sign_in_method FROM sessions`)).toEqual([{ id: 's-1', sign_in_method: null }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM directory_syncs`)).toEqual([{ n: 0 }]);
  });

  test('a second domain is added to a connection; a proven domain cannot be proven by another connection', async () => {
    await db.query(
      `INSERT INTO sso_connection_domains (id, connection_id, workspace_id, domain, token) VALUES ('d-2', 'c-acme', 'w-acme', 'acme-labs.test', 'tok-2')`,
    );
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sso_connection_domains WHERE connection_id = 'c-acme'`))[0].n).toBe(2);
    await db.query(
      `INSERT INTO sso_connection_domains (id, connection_id, workspace_id, domain, token) VALUES ('d-3', 'c-beta', 'w-beta', 'ACME.test', 'tok-3')`,
    );
    await expect(db.query(`UPDATE sso_connection_domains SET verified_at = now() WHERE id = 'd-3'`)).rejects.toThrow(
      /sso_connection_domains_verified_key|duplicate|unique/i,
    );
  });
});
