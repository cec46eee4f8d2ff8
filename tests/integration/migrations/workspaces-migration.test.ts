// Migration 0010 (workspaces) on a populated database of the previous schema: every row is kept and
// lands in its owner's personal workspace (anonymous links and the shared domain in the system
// workspace), the plan moves to the workspace, and the APIs answer as they did before. A built
// server process runs the migration as it starts (the subject); the API is called through the typed
// client over HTTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../../lib/passwords/password';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { hashToken } from '../../../lib/crypto/token-secret';
import { apiClient, overHttp } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const PREVIOUS = 10; // migrations 0000–0009: the schema before workspaces
const ANN_TOKEN = `sl_${'A'.repeat(20)}${'b'.repeat(20)}`;

/** A copy of the shipped migrations cut after the first `n`. */

async function populatePreviousSchema(db: DbHandle) {
  const password = await hashPassword('ann password 1');
  await db.query(
    `INSERT INTO users (id, name, email, email_verified, plan) VALUES ('u-ann', 'Ann', 'ann@example.com', true, 'pro'), ('u-bob', 'Bob', 'bob@example.com', true, 'free')`,
  );
  await db.query(`INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ('acc-ann', 'u-ann', 'credential', 'u-ann', $1)`, [password]);
  await db.query(`INSERT INTO domains (hostname, is_default) VALUES ('127.0.0.1', true)`);
  await db.query(
    `INSERT INTO links (domain_id, short_code, long_url, user_id) VALUES
       (1, 'ann-1', 'https://example.com/ann', 'u-ann'), (1, 'bob-1', 'https://example.com/bob', 'u-bob'), (1, 'anon-1', 'https://example.com/anon', NULL)`,
  );
  await db.query(
    `INSERT INTO clicks (link_id, clicked_at, visitor, country, device, bot)
     SELECT l.id, now() - interval '1 hour' - (g || ' minutes')::interval, 'v' || g, 'US', 'desktop', false FROM links l, generate_series(1, 3) g WHERE l.short_code = 'ann-1'`,
  );
  await db.query(
    `INSERT INTO click_rollups (link_id, hour, dim, value, clicks)
     SELECT l.id, date_trunc('hour', now() - interval '1 hour'), d.dim, d.value, 3 FROM links l,
       (VALUES ('', ''), ('country', 'US'), ('device', 'desktop')) AS d(dim, value) WHERE l.short_code = 'ann-1'`,
  );
  await db.query(`UPDATE links SET clicks = 3 WHERE short_code = 'ann-1'`);
  await db.query(`INSERT INTO api_tokens (id, user_id, name, prefix, hash) VALUES ('tok-ann', 'u-ann', 'deploy', 'sl_AAAAAA', $1)`, [hashToken(ANN_TOKEN)]);
  await db.query(`INSERT INTO webhooks (id, user_id, url, events) VALUES ('wh_ann', 'u-ann', 'https://hooks.example.com/sling', '{link.created}')`);
  await db.query(
    `INSERT INTO events (id, type, user_id, link_id, data, dispatched_at)
     SELECT 'evt_old_' || l.short_code, 'link.created', l.user_id, l.id, '{}', now() FROM links l`,
  );
  await db.query(`INSERT INTO qr_logos (link_id, content_type, data) SELECT id, 'image/png', '\\x89504e47'::bytea FROM links WHERE short_code = 'ann-1'`);
}

const COUNTED = ['users', 'links', 'clicks', 'click_rollups', 'api_tokens', 'webhooks', 'events', 'qr_logos', 'accounts'];

async function counts(db: DbHandle): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of COUNTED) out[t] = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0].n);
  return out;
}

describe(`migration to workspaces on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let sling: SlingProcess | undefined;
  let before: Record<string, number>;
  let after: Record<string, number>;
  let rows: Record<string, Array<Record<string, unknown>>>;

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await populatePreviousSchema(db);
    before = await counts(db);
    await db.close();

    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    after = await counts(db);
    rows = {
      workspaces: await db.query(`SELECT id, kind, personal_owner_id, plan FROM workspaces ORDER BY kind, personal_owner_id`),
      members: await db.query(
        `SELECT m.user_id, m.role, w.personal_owner_id FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id ORDER BY m.user_id`,
      ),
      links: await db.query(
        `SELECT l.short_code, l.created_by, w.kind, w.personal_owner_id FROM links l JOIN workspaces w ON w.id = l.workspace_id ORDER BY l.short_code`,
      ),
      elsewhere: await db.query(`
        SELECT 'rollup' AS what, count(*)::int AS n FROM click_rollups r JOIN links l ON l.id = r.link_id WHERE r.workspace_id <> l.workspace_id
        UNION ALL SELECT 'logo', count(*)::int FROM qr_logos q JOIN links l ON l.id = q.link_id WHERE q.workspace_id <> l.workspace_id
        UNION ALL SELECT 'event', count(*)::int FROM events e JOIN links l ON l.id = e.link_id WHERE e.workspace_id <> l.workspace_id`),
      owned: await db.query(`
        SELECT 'token' AS what, w.personal_owner_id AS owner FROM api_tokens t JOIN workspaces w ON w.id = t.workspace_id
        UNION ALL SELECT 'webhook:' || coalesce(h.created_by, ''), w.personal_owner_id FROM webhooks h JOIN workspaces w ON w.id = h.workspace_id
        UNION ALL SELECT 'domain', w.kind FROM domains d JOIN workspaces w ON w.id = d.workspace_id`),
      applied: await db.query(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
    };
    await db.close();
    sling = await startSling(tdb.env);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test("every row is kept and lands in its owner's personal workspace; the plan moves with it", () => {
    expect(after).toEqual(before);
    expect(Number(rows.applied[0].n)).toBe(shippedMigrationCount());
    expect(rows.workspaces).toEqual([
      { id: expect.any(String), kind: 'personal', personal_owner_id: 'u-ann', plan: 'pro' },
      { id: expect.any(String), kind: 'personal', personal_owner_id: 'u-bob', plan: 'free' },
      { id: 'ws_system', kind: 'system', personal_owner_id: null, plan: 'free' },
    ]);
    expect(rows.members).toEqual([
      { user_id: 'u-ann', role: 'owner', personal_owner_id: 'u-ann' },
      { user_id: 'u-bob', role: 'owner', personal_owner_id: 'u-bob' },
    ]);
    expect(rows.links).toEqual([
      { short_code: 'ann-1', created_by: 'u-ann', kind: 'personal', personal_owner_id: 'u-ann' },
      { short_code: 'anon-1', created_by: null, kind: 'system', personal_owner_id: null },
      { short_code: 'bob-1', created_by: 'u-bob', kind: 'personal', personal_owner_id: 'u-bob' },
    ]);
    expect(rows.elsewhere.map((r) => Number(r.n))).toEqual([0, 0, 0]);
    expect(rows.owned).toEqual(
      expect.arrayContaining([
        { what: 'token', owner: 'u-ann' },
        { what: 'webhook:u-ann', owner: 'u-ann' },
        { what: 'domain', owner: 'system' },
      ]),
    );
  });

  test("the APIs answer as before: the old token lists its owner's links and statistics, redirects work, the owner signs in", async () => {
    const url = sling!.url;
    const ann = apiClient(overHttp(url), { token: ANN_TOKEN });
    const list = (await ann.call('apiPhpList')).json;
    expect(list.links.map((l: { short_code: string }) => l.short_code)).toEqual(['ann-1']);
    expect(list.links[0]).toMatchObject({ clicks: 3, created_by: 'u-ann', domain: { hostname: '127.0.0.1' } });
    const stats = (await ann.call('apiPhpStats', { query: { slug: 'ann-1' } })).json;
    expect(stats).toMatchObject({ short_code: 'ann-1', clicks: 3, unique_visitors: 3, countries: [{ value: 'US', clicks: 3 }] });
    expect((await ann.call('apiPhpStats', { query: { slug: 'bob-1' } })).status).toBe(404);
    const hooks = (await ann.call('listWebhooks')).json;
    expect(hooks.webhooks.map((w: { id: string }) => w.id)).toEqual(['wh_ann']);
    for (const code of ['ann-1', 'bob-1', 'anon-1']) {
      expect((await fetch(`${url}/${code}`, { redirect: 'manual' })).status).toBe(302);
    }
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'ann@example.com', password: 'ann password 1' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const mine = await (await fetch(`${url}/api/v1/links`, { headers: { cookie } })).json();
    expect(mine.links.map((l: { short_code: string }) => l.short_code)).toEqual(['ann-1']);
    const workspace = await (await fetch(`${url}/api/v1/analytics`, { headers: { cookie } })).json();
    expect(workspace.clicks).toBe(3);
  });
});
