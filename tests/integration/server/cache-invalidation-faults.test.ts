// Cache invalidation when Redis fails, on PostgreSQL + Redis: a write whose invalidation cannot be
// sent still answers (and happens once), and an instance that missed the message re-reads the link
// within CACHE_TTL_MS. Redis is reached through a relay the test cuts (tests/helpers/tcp-relay.ts).
// Built server processes over HTTP: each has its own Redis connection to cut and its own log to read;
// the API is called through the typed client over HTTP.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, overHttp } from '../../helpers/api-client';
import { createUserWithToken } from '../../helpers/accounts';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl, redisUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { startTcpRelay, type TcpRelay } from '../../helpers/tcp-relay';
import { until } from '../../helpers/until';

const pgServer = pgUrl();
const redis = redisUrl();
const TTL_MS = 1500;

describe.skipIf(!pgServer || !redis)('cache invalidation when Redis fails (PostgreSQL + Redis)', () => {
  let tdb: TestDatabase;
  let db: pg.Client;
  let token: string;
  let env: Record<string, string>;
  const running: Array<SlingProcess | TcpRelay> = [];

  beforeAll(async () => {
    tdb = await createPostgresDatabase(pgServer!);
    env = { ...tdb.env, REDIS_URL: redis!, REDIS_PREFIX: `test-${process.pid}-${Date.now()}`, CACHE_TTL_MS: String(TTL_MS) };
    token = await createUserWithToken(env, 'faults@example.com', 'pro');
    db = new pg.Client({ connectionString: tdb.databaseUrl });
    await db.connect();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => ('stop' in p ? p.stop() : p.close())));
  });
  afterAll(async () => {
    await db?.end();
    await tdb?.drop();
  });

  /** The typed client on `sling`, with the token. */
  const api = (sling: SlingProcess) => apiClient(overHttp(sling.url), { token });
  const location = async (sling: SlingProcess, code: string) => {
    const res = await fetch(`${sling.url}/${code}`, { method: 'HEAD', redirect: 'manual' });
    return res.status === 302 ? res.headers.get('location') : res.status;
  };
  const rows = async (alias: string) => (await db.query<{ long_url: string }>('SELECT long_url FROM links WHERE lower(short_code) = lower($1)', [alias])).rows;

  test('a Redis publish failure during create answers 201 once and the link is created once; PATCH and DELETE answer too', async () => {
    const relay = await startTcpRelay(redis!);
    running.push(relay);
    const sling = await startSling({ ...env, REDIS_URL: relay.url });
    running.push(sling);
    relay.cut();

    const created = await api(sling).call('createLink', { body: { url: 'https://example.com/created', alias: 'no-redis' } });
    expect(created.status).toBe(201);
    const { id } = created.json as { id: number };
    expect(await rows('no-redis')).toEqual([{ long_url: 'https://example.com/created' }]);
    expect(await location(sling, 'no-redis')).toBe('https://example.com/created');

    expect((await api(sling).call('updateLink', { params: { id }, body: { url: 'https://example.com/patched' } })).status).toBe(200);
    expect(await rows('no-redis')).toEqual([{ long_url: 'https://example.com/patched' }]);
    // This instance dropped its own entry at once; only the other instances' copy had to wait.
    expect(await location(sling, 'no-redis')).toBe('https://example.com/patched');

    expect((await api(sling).call('deleteLink', { params: { id } })).status).toBe(204);
    expect(await rows('no-redis')).toEqual([]);
    expect(await location(sling, 'no-redis')).toBe(404);

    await until('the failed sends in the log', async () => sling.output().includes('cache invalidation not sent to other instances'));
  });

  test('with Redis cut, the compatibility APIs and anonymous shortening answer 201 once and store the link once', async () => {
    const relay = await startTcpRelay(redis!);
    running.push(relay);
    const sling = await startSling({ ...env, REDIS_URL: relay.url });
    running.push(sling);
    relay.cut();

    const variantA = await api(sling).call('apiPhpCreate', { body: { url: 'https://example.com/variant-a', alias: 'no-redis-a' } });
    expect(variantA.status).toBe(201);
    expect(await rows('no-redis-a')).toEqual([{ long_url: 'https://example.com/variant-a' }]);
    const variantB = await api(sling).call('variantBCreate', { as: { tokenParam: token }, body: { long_url: 'https://example.com/variant-b' } });
    expect(variantB.status).toBe(201);
    const { short_code: codeB } = variantB.json as { short_code: string };
    expect(await rows(codeB)).toEqual([{ long_url: 'https://example.com/variant-b' }]);
    const anonymous = await api(sling).call('shortenAnonymously', {
      as: 'none',
      body: { url: 'https://example.com/anonymous', altcha: await altchaPayload(sling.url) },
    });
    expect(anonymous.status).toBe(201);
    const { short_code: codeAnon } = anonymous.json as { short_code: string };
    expect(await rows(codeAnon)).toEqual([{ long_url: 'https://example.com/anonymous' }]);
    expect(await location(sling, codeAnon)).toBe('https://example.com/anonymous');
    // Rate limits fell back to this instance's memory: still counted, still announced.
    expect(variantA.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(sling.output()).not.toMatch(/"msg":"unhandled error"/);
  });

  test('an instance that missed the invalidation (its Redis link cut) redirects to the new destination within CACHE_TTL_MS', async () => {
    const relayB = await startTcpRelay(redis!);
    running.push(relayB);
    const [a, b] = await Promise.all([startSling(env), startSling({ ...env, REDIS_URL: relayB.url })]);
    running.push(a, b);

    const created = await api(a).call('createLink', { body: { url: 'https://example.com/before', alias: 'heals' } });
    expect(created.status).toBe(201);
    const { id } = created.json as { id: number };
    const warmedAt = Date.now();
    expect(await location(b, 'heals')).toBe('https://example.com/before');
    relayB.cut(); // B hears nothing from Redis any more
    // B caches the link, now for sure: a load that an invalidation raced (the creation's own, still on
    // its way to B at the first visit) is answered but not kept (lib/edge/link-cache.ts). Either way
    // B's copy was loaded after warmedAt.
    expect(await location(b, 'heals')).toBe('https://example.com/before');

    expect((await api(a).call('updateLink', { params: { id }, body: { url: 'https://example.com/after' } })).status).toBe(200);
    const changedAt = Date.now();
    expect(await location(a, 'heals')).toBe('https://example.com/after');

    await until('B to follow the change', async () => (await location(b, 'heals')) === 'https://example.com/after', {
      timeoutMs: TTL_MS + 1000,
      intervalMs: 50,
    });
    const healedAt = Date.now();
    // B did not hear of the change: it kept its copy until the copy was its TTL old, no longer. Each
    // entry's TTL is TTL_MS × a random factor in [0.8, 1] (lib/edge/link-cache.ts), so that links
    // loaded together do not all go stale together.
    expect(healedAt - warmedAt).toBeGreaterThanOrEqual(TTL_MS * 0.8);
    expect(healedAt - changedAt).toBeLessThan(TTL_MS + 1000);
  });
});
