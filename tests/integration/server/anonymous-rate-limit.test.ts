// Anonymous shortening is limited per IP: 429 with Retry-After; shared by instances through Redis.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { createPgliteDatabase, createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl, redisUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const pg = pgUrl();
const redis = redisUrl();
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

async function shorten(sling: SlingProcess, n: number) {
  return fetch(`${sling.url}/api/v1/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://example.com/${n}`, altcha: await altchaPayload(sling.url) }),
  });
}

test('POST /api/v1/shorten over the per-minute limit: 429 rate_limited with Retry-After', async () => {
  const tdb = await createPgliteDatabase({ migrated: true });
  const sling = await startSling({ ...tdb.env, ANON_LINKS_PER_MINUTE: '2' });
  cleanup.push(() => tdb.drop(), () => sling.stop());

  expect((await shorten(sling, 1)).status).toBe(201);
  const second = await shorten(sling, 2);
  expect(second.status).toBe(201);
  expect(second.headers.get('x-ratelimit-remaining')).toBe('0');
  const refused = await shorten(sling, 3);
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
  expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  const body = await refused.json();
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toMatch(/limit is 2 per minute/);
});

describe.skipIf(!pg || !redis)('with REDIS_URL', () => {
  let tdb: TestDatabase;
  test('two instances share one limit', async () => {
    tdb = await createPostgresDatabase(pg!, { migrated: true });
    const env = { ...tdb.env, REDIS_URL: redis!, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`, ANON_LINKS_PER_MINUTE: '3' };
    const [a, b] = await Promise.all([startSling(env), startSling(env)]);
    cleanup.push(() => tdb.drop(), () => a.stop(), () => b.stop());
    expect((await shorten(a, 1)).status).toBe(201);
    expect((await shorten(b, 2)).status).toBe(201);
    expect((await shorten(a, 3)).status).toBe(201);
    expect((await shorten(b, 4)).status).toBe(429);
  });
});
