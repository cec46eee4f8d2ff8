// Migration 0023 (SAML 2.0 connections) on a populated database of the previous schema: an existing
// OpenID Connect connection is kept as it was, with no SAML settings (its new `saml` column is
// empty), and a SAML connection can be stored next to it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 23; // migrations 0000–0022: the schema before SAML connections

describe(`migration to SAML connections on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let db: DbHandle;

  beforeAll(async () => {
    tdb = await makeDb();
    db = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO workspaces (id, name, slug, kind, plan) VALUES ('w-acme', 'Acme', 'acme', 'team', 'enterprise')`);
    await db.query(
      `INSERT INTO sso_connections (id, workspace_id, name, type, issuer, client_id, client_secret_ciphertext, scopes, domain, domain_token, mapping, enabled, test_passed)
       VALUES ('c-okta', 'w-acme', 'Acme Okta', 'okta', 'https://acme.okta.com', 'client-1', 'v1.x.y.z', ARRAY['openid','email'], 'acme.test', 'tok', '{"email":"email","name":"name"}', true, true)`,
    );
    await applyMigrations(db, tdb.databaseUrl);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  test('an existing OpenID Connect connection is kept, with no SAML settings', async () => {
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n)).toBe(shippedMigrationCount());
    expect(await db.query(`SELECT id, type, issuer, client_id, enabled, test_passed, saml FROM sso_connections`)).toEqual([
      { id: 'c-okta', type: 'okta', issuer: 'https://acme.okta.com', client_id: 'client-1', enabled: true, test_passed: true, saml: null },
    ]);
  });

  test('a SAML connection stores its identity provider settings', async () => {
    const saml = { metadataUrl: 'https://idp.example/metadata', metadataXml: null, entityId: null, ssoUrl: null, certificate: null, resolved: null };
    await db.query(
      `INSERT INTO sso_connections (id, workspace_id, name, type, issuer, client_id, client_secret_ciphertext, scopes, domain, domain_token, mapping, saml)
       VALUES ('c-saml', 'w-acme', 'Acme SAML', 'saml', 'https://idp.example/metadata', '', 'v1.x.y.z', '{}', 'acme.example', 'tok2', '{"email":"email","name":"name"}', $1)`,
      [JSON.stringify(saml)],
    );
    expect((await db.query<{ saml: unknown }>(`SELECT saml FROM sso_connections WHERE id = 'c-saml'`))[0].saml).toEqual(saml);
  });
});
