// Two Sling instances on one PostgreSQL: an edit made elsewhere reaches the other's cache before the
// cache's own expiry could — through Postgres LISTEN/NOTIFY, and through Redis pub/sub when REDIS_URL is set: links,
// tokens and sessions alike. Built server processes over HTTP: two instances are the subject; the API
// is called through the typed client over HTTP.
import pgLib from 'pg';
import { until } from '../../helpers/until';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, overHttp } from '../../helpers/api-client';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl, redisUrl } from '../../helpers/services';
import { createUserWithToken, signUpAndIn } from '../../helpers/accounts';
import { runSling, startSling, type SlingProcess } from '../../helpers/sling-process';

const pg = pgUrl();
const redis = redisUrl();

const transports: Array<[string, Record<string, string>]> = [['Postgres NOTIFY', {}]];
if (redis) transports.push(['Redis pub/sub', { REDIS_URL: redis, REDIS_PREFIX: `test-${process.pid}-${Date.now()}` }]);

describe.skipIf(!pg).each(transports)('two instances on PostgreSQL, invalidation by %s', (_name, extraEnv) => {
  let tdb: TestDatabase;
  let a: SlingProcess;
  let b: SlingProcess;

  beforeAll(async () => {
    tdb = await createPostgresDatabase(pg!);
    // Both start at once: migrations run under an advisory lock, so neither trips on the other.
    // An hour's link cache: a link change seen in time can only have come through the invalidation.
    const env = { ...tdb.env, ...extraEnv, CACHE_TTL_MS: '3600000' };
    [a, b] = await Promise.all([startSling(env), startSling(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await tdb?.drop();
  });

  async function location(sling: SlingProcess, code: string) {
    const res = await fetch(`${sling.url}/${code}`, { method: 'HEAD', redirect: 'manual' });
    return res.status === 302 ? res.headers.get('location') : res.status;
  }

  /**
   * Waits until `check` holds, for less time than the cache's own expiry would take to heal a stale
   * entry (links: CACHE_TTL_MS, an hour here; tokens and sessions: 10 s): only the invalidation can
   * make it hold in time. No latency is asserted; `npm run bench` measures that.
   */
  const followed = (what: string, check: () => Promise<boolean>, timeoutMs = 8_000) =>
    until(what, async () => (await check()) || undefined, { timeoutMs, intervalMs: 20 });

  test('a link created by another instance (`sling links create`) is followed by B, even if B had cached the code as unknown', async () => {
    expect(await location(b, 'shared-1')).toBe(404); // B now remembers "unknown"
    const created = await runSling(['links', 'create', '--url', 'https://example.com/v1', '--alias', 'shared-1'], { ...tdb.env, ...extraEnv, BASE_URL: a.url });
    expect(created.code).toBe(0);
    await followed('B to follow the change', async () => (await location(b, 'shared-1')) === 'https://example.com/v1', 30_000);
  });

  test('an edit by another instance (`sling links update`) is followed by both A and B', async () => {
    const res = await apiClient(overHttp(a.url)).call('shortenAnonymously', { body: { url: 'https://example.com/old', altcha: await altchaPayload(a.url) } });
    const { short_code: code } = res.json;
    // Warm both caches with the old destination.
    expect(await location(a, code)).toBe('https://example.com/old');
    expect(await location(b, code)).toBe('https://example.com/old');

    const edit = await runSling(['links', 'update', '--code', code, '--url', 'https://example.com/new'], { ...tdb.env, ...extraEnv, BASE_URL: a.url });
    expect(edit.code).toBe(0);
    expect(JSON.parse(edit.stdout).long_url).toBe('https://example.com/new');

    await Promise.all([
      followed('A to follow the edit', async () => (await location(a, code)) === 'https://example.com/new', 30_000),
      followed('B to follow the edit', async () => (await location(b, code)) === 'https://example.com/new', 30_000),
    ]);
  });

  test('a link edited through A (PATCH /api.php) is followed by B', async () => {
    const token = await createUserWithToken({ ...tdb.env, ...extraEnv }, `edit-${Date.now()}@example.com`, 'pro');
    const onA = apiClient(overHttp(a.url), { token });
    const code = `via-a-${Date.now()}`;
    expect((await onA.call('apiPhpCreate', { body: { url: 'https://example.com/first', alias: code } })).status).toBe(201);
    expect(await location(b, code)).toBe('https://example.com/first'); // B caches it
    expect((await onA.call('apiPhpUpdate', { query: { slug: code }, body: { url: 'https://example.com/second' } })).status).toBe(200);
    await followed('B to follow the change', async () => (await location(b, code)) === 'https://example.com/second', 30_000);
  });

  test('a link created through A (POST /api/v1/links, one statement carrying its NOTIFY) is followed by B, which had cached the code as unknown', async () => {
    const token = await createUserWithToken({ ...tdb.env, ...extraEnv }, `create-${Date.now()}@example.com`, 'pro');
    const code = `new-on-a-${Date.now()}`;
    expect(await location(b, code)).toBe(404); // B now remembers "unknown"
    const made = await apiClient(overHttp(a.url), { token }).call('createLink', { body: { url: 'https://example.com/made-on-a', alias: code } });
    expect(made.status).toBe(201);
    await followed('B to follow the change', async () => (await location(b, code)) === 'https://example.com/made-on-a', 30_000);
  });

  test('a token revoked elsewhere (`sling tokens revoke`) is refused by A and B before the token cache expires, though both had it cached', async () => {
    const email = `revoke-${Date.now()}@example.com`;
    const token = await createUserWithToken({ ...tdb.env, ...extraEnv }, email, 'pro');
    const status = async (sling: SlingProcess) => (await apiClient(overHttp(sling.url), { token }).call('listLinks')).status;
    expect([await status(a), await status(b)]).toEqual([200, 200]); // both cache the token
    // The token's id, read from the database (`sling tokens list` prints the same: a process is not the subject here).
    const db = new pgLib.Client({ connectionString: tdb.databaseUrl });
    await db.connect();
    const { rows } = await db
      .query<{ id: string }>('SELECT t.id FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1', [email])
      .finally(() => db.end());
    expect(rows).toHaveLength(1);
    const [{ id }] = rows;
    expect((await runSling(['tokens', 'revoke', '--id', id], { ...tdb.env, ...extraEnv, BASE_URL: a.url })).code).toBe(0);
    await Promise.all([followed('A to refuse it', async () => (await status(a)) === 401), followed('B to refuse it', async () => (await status(b)) === 401)]);
  });

  test('a session signed out through A is refused by B before the actor cache expires, though B had its actor cached', async () => {
    const cookie = await signUpAndIn(a.url, `signout-${Date.now()}@example.com`);
    const status = async (sling: SlingProcess) => (await apiClient(overHttp(sling.url), { cookie }).call('getWorkspace')).status;
    expect([await status(a), await status(b)]).toEqual([200, 200]); // both remember the session's actor
    // (The client sends the app's own Origin with a cookie on a POST, as the dashboard does.)
    const out = await apiClient(overHttp(a.url), { cookie }).fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await status(a)).toBe(401);
    await followed('B to refuse the session', async () => (await status(b)) === 401);
  });
});
