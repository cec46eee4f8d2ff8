// Migration 0017 (landing pages) on a populated database of the previous schema: a custom domain
// whose root redirected keeps redirecting (root_behavior comes out `redirect`), one without a
// redirect shows Sling's page (`sling`), and both keep their links.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const PREVIOUS = 17; // migrations 0000–0016: the schema before landing pages

function visit(port: number, host: string, path: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`migration to landing pages on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let sling: SlingProcess | undefined;
  let rows: Array<Record<string, unknown>>;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO users (id, name, email, email_verified) VALUES ('u-lp', 'Lp', 'lp@example.com', true)`);
    await db.query(
      `INSERT INTO workspaces (id, name, slug, kind, personal_owner_id, plan) VALUES ('ws-lp', 'Personal', 'personal-lp', 'personal', 'u-lp', 'pro')`,
    );
    await db.query(`INSERT INTO workspace_members (id, workspace_id, user_id, role) VALUES ('m-lp', 'ws-lp', 'u-lp', 'owner')`);
    await db.query(
      `INSERT INTO domains (hostname, is_default, workspace_id, status, verification_token, root_redirect_url) VALUES
         ('127.0.0.1', true, 'ws_system', 'verified', NULL, NULL),
         ('go.redirects.test', false, 'ws-lp', 'verified', 't1', 'https://example.com/home'),
         ('go.plain.test', false, 'ws-lp', 'verified', 't2', NULL)`,
    );
    await db.query(
      `INSERT INTO links (domain_id, short_code, long_url, workspace_id, created_by)
       SELECT id, 'kept', 'https://example.com/' || hostname, 'ws-lp', 'u-lp' FROM domains WHERE NOT is_default`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    rows = await db.query(`SELECT hostname, root_behavior, root_redirect_url FROM domains ORDER BY id`);
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n)).toBe(shippedMigrationCount());
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM landing_pages`))[0].n)).toBe(0);
    await db.close();
    sling = await startSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('a root that redirected keeps redirecting; the others show Sling’s page', async () => {
    expect(rows).toEqual([
      { hostname: '127.0.0.1', root_behavior: 'sling', root_redirect_url: null },
      { hostname: 'go.redirects.test', root_behavior: 'redirect', root_redirect_url: 'https://example.com/home' },
      { hostname: 'go.plain.test', root_behavior: 'sling', root_redirect_url: null },
    ]);
    expect(await visit(sling!.port, 'go.redirects.test', '/')).toMatchObject({ status: 302, location: 'https://example.com/home' });
    expect((await visit(sling!.port, 'go.plain.test', '/')).body).toContain('go.plain.test is a short-link domain');
    expect(await visit(sling!.port, 'go.redirects.test', '/kept')).toMatchObject({ status: 302, location: 'https://example.com/go.redirects.test' });
    expect(await visit(sling!.port, 'go.plain.test', '/kept')).toMatchObject({ status: 302, location: 'https://example.com/go.plain.test' });
  });
});
