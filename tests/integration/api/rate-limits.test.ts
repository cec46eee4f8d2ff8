// Per-plan limits on the token APIs: the Free burst window (10/min) with 429 + Retry-After, shared
// by instances through Redis, and still answering (in memory) when Redis goes away.
import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { createPgliteDatabase, createPostgresDatabase } from '../../helpers/databases';
import { pgUrl, redisUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const pg = pgUrl();
const redis = redisUrl();
const cleanup: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const list = (sling: SlingProcess, token: string) =>
  fetch(`${sling.url}/api.php?action=list`, { headers: { authorization: `Bearer ${token}` } });

test('Free plan: 10 requests a minute, the 11th is 429 with Retry-After; remaining counts down', async () => {
  const tdb = await createPgliteDatabase();
  const token = await createUserWithToken(tdb.env, 'free@example.com', 'free');
  const sling = await startSling(tdb.env);
  cleanup.push(() => tdb.drop(), () => sling.stop());

  const remaining: string[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await list(sling, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    remaining.push(res.headers.get('x-ratelimit-remaining')!);
  }
  expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
  const refused = await list(sling, token);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/10 per minute/) });
});

test('requests without a valid token are limited per IP too', async () => {
  const tdb = await createPgliteDatabase();
  const sling = await startSling(tdb.env);
  cleanup.push(() => tdb.drop(), () => sling.stop());
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await list(sling, 'sl_wrong')).status);
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
});

describe.skipIf(!pg || !redis)('with Redis', () => {
  test('two instances share the Free burst limit: the 11th request to either is 429', async () => {
    const tdb = await createPostgresDatabase(pg!);
    const env = { ...tdb.env, REDIS_URL: redis!, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}` };
    const token = await createUserWithToken(env, 'shared@example.com', 'free');
    const [a, b] = await Promise.all([startSling(env), startSling(env)]);
    cleanup.push(() => tdb.drop(), () => a.stop(), () => b.stop());

    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await list(i % 2 ? b : a, token);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    for (const sling of [a, b]) {
      const res = await list(sling, token);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  test('when Redis goes away, limits fall back to memory: answers go on, never a 500', async () => {
    const proxy = await tcpProxy(new URL(redis!));
    const tdb = await createPostgresDatabase(pg!);
    const env = { ...tdb.env, REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}` };
    const token = await createUserWithToken(env, 'fallback@example.com', 'pro');
    const sling = await startSling(env);
    cleanup.push(() => tdb.drop(), () => sling.stop(), () => proxy.close());

    expect((await list(sling, token)).headers.get('x-ratelimit-remaining')).toBe('49');
    proxy.close();
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) {
      const res = await list(sling, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('50');
    }
    expect(sling.output()).toMatch(/Redis unreachable: rate limits count in memory/);
  });
});

/** A TCP relay to Redis that the test can cut, as if Redis went down. */
async function tcpProxy(target: URL): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket().connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    close: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}
