// Anonymous shortening is limited per IP: 429 with Retry-After (on Sling in the test process, the API
// through its router); shared by instances through Redis (one in the test process, the other a
// built server process: two instances are that test's subject).
import { randomBytes } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, overHttp, type ApiClient } from '../../helpers/api-client';
import { describeOnPostgres, suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling } from '../../helpers/in-process-sling';
import { redisUrl } from '../../helpers/services';
import { startSling } from '../../helpers/sling-process';

const redis = redisUrl();
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/** POST /api/v1/shorten with a challenge solved on the same instance, as the home page sends it. */
async function shorten(api: ApiClient, n: number) {
  return api.call('shortenAnonymously', { body: { url: `https://example.com/${n}`, altcha: await altchaPayload(api.baseUrl) } });
}

test('POST /api/v1/shorten over the per-minute limit: 429 rate_limited with Retry-After', async () => {
  const tdb = await suiteDatabase.migrated();
  cleanup.push(() => tdb.drop());
  const sling = await startInProcessSling({ ...tdb.env, ANON_LINKS_PER_MINUTE: '2' });
  try {
    const api = apiClient(inProcess(sling));
    expect((await shorten(api, 1)).status).toBe(201);
    const second = await shorten(api, 2);
    expect(second.status).toBe(201);
    expect(second.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await shorten(api, 3);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.json.error.code).toBe('rate_limited');
    expect(refused.json.error.message).toMatch(/limit is 2 per minute/);
  } finally {
    // One in-process Sling at a time in a test file: the next test starts its own.
    await sling.close();
  }
});

describeOnPostgres(
  'with REDIS_URL',
  () => {
    let tdb: TestDatabase;
    test('two instances share one limit', async () => {
      tdb = await suiteDatabase.migrated();
      const env = { ...tdb.env, REDIS_URL: redis!, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`, ANON_LINKS_PER_MINUTE: '3' };
      const [inside, outside] = await Promise.all([startInProcessSling(env), startSling(env)]);
      cleanup.push(
        () => tdb.drop(),
        () => inside.close(),
        () => outside.stop(),
      );
      const [a, b] = [apiClient(inProcess(inside)), apiClient(overHttp(outside.url))];
      expect((await shorten(a, 1)).status).toBe(201);
      expect((await shorten(b, 2)).status).toBe(201);
      expect((await shorten(a, 3)).status).toBe(201);
      expect((await shorten(b, 4)).status).toBe(429);
    });
  },
  !redis,
);
