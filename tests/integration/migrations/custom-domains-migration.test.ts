// Migration 0012 (custom domains) on a populated database of the previous schema: every domain is
// kept and keeps answering — the shared default and a workspace's custom domain come out verified
// (the custom one with a verification token for later checks) — and their links still redirect.
// A built server process runs the migration as it starts (the subject); the API is called through
// the typed client over HTTP.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { hashToken } from '../../../lib/crypto/token-secret';
import { apiClient, overHttp } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const PREVIOUS = 12; // migrations 0000–0011: the schema before custom domains
const TOKEN = `sl_${'C'.repeat(20)}${'d'.repeat(20)}`;

function visit(port: number, host: string, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`migration to custom domains on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let sling: SlingProcess | undefined;
  let domains: Array<Record<string, unknown>>;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO users (id, name, email, email_verified) VALUES ('u-cy', 'Cy', 'cy@example.com', true)`);
    await db.query(
      `INSERT INTO workspaces (id, name, slug, kind, personal_owner_id, plan) VALUES ('ws-cy', 'Personal', 'personal-cy', 'personal', 'u-cy', 'pro')`,
    );
    await db.query(`INSERT INTO workspace_members (id, workspace_id, user_id, role) VALUES ('m-cy', 'ws-cy', 'u-cy', 'owner')`);
    await db.query(`INSERT INTO api_tokens (id, user_id, workspace_id, name, prefix, hash) VALUES ('tok-cy', 'u-cy', 'ws-cy', 'old', 'sl_CCCCCC', $1)`, [
      hashToken(TOKEN),
    ]);
    await db.query(`INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('127.0.0.1', true, 'ws_system'), ('go.cy.test', false, 'ws-cy')`);
    await db.query(
      `INSERT INTO links (domain_id, short_code, long_url, workspace_id, created_by)
       SELECT d.id, c.code, 'https://example.com/' || c.code, 'ws-cy', 'u-cy' FROM domains d, (VALUES ('on-default', true), ('on-custom', false)) AS c(code, dflt) WHERE d.is_default = c.dflt`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    domains = await db.query(
      `SELECT hostname, is_default, status, verification_token IS NOT NULL AS has_token, verified_at IS NOT NULL AS has_verified_at, workspace_default FROM domains ORDER BY id`,
    );
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n)).toBe(shippedMigrationCount());
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM links`))[0].n)).toBe(2);
    await db.close();
    sling = await startSling(tdb.env);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('existing domains are kept, verified, and the custom one has a token', () => {
    expect(domains).toEqual([
      { hostname: '127.0.0.1', is_default: true, status: 'verified', has_token: false, has_verified_at: true, workspace_default: false },
      { hostname: 'go.cy.test', is_default: false, status: 'verified', has_token: true, has_verified_at: true, workspace_default: false },
    ]);
  });

  test('their links still redirect, each on its own host, and the API shows the domains with their status', async () => {
    expect(await visit(sling!.port, `127.0.0.1:${sling!.port}`, '/on-default')).toEqual({ status: 302, location: 'https://example.com/on-default' });
    expect(await visit(sling!.port, 'go.cy.test', '/on-custom')).toEqual({ status: 302, location: 'https://example.com/on-custom' });
    expect((await visit(sling!.port, 'go.cy.test', '/on-default')).status).toBe(404);
    const listed = (await apiClient(overHttp(sling!.url), { token: TOKEN }).call('listDomains')).json;
    expect(listed.domains.map((d: { hostname: string; status: string; shared: boolean }) => [d.hostname, d.status, d.shared])).toEqual([
      ['127.0.0.1', 'verified', true],
      ['go.cy.test', 'verified', false],
    ]);
  });
});
