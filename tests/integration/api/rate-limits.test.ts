// Per-plan limits per workspace: the Free burst window (10/min) with 429 + Retry-After, one budget
// for all of a workspace's tokens (Variant B included), signed-in use limited in a window of its own
// whose writes share the plan's hourly budget with the tokens, other workspaces unaffected; shared
// by instances through Redis, and still answering (in memory) when Redis goes away. The one-server
// tests run on Sling in the test process (its router; the per-IP limit sees the loopback address a
// socket would give); the Redis ones stay on server processes over HTTP: two instances sharing a
// budget, and a process's log saying that it counts in memory, are their subject.
import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken, signIn as signInVia } from '../../helpers/accounts';
import { apiClient, inProcess, overHttp, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { describeOnPostgres, suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { seedToken } from '../../helpers/seed-in-process';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { redisUrl } from '../../helpers/services';
import { startSling } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const redis = redisUrl();
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const list = (api: ApiClient, token: string) => api.call('apiPhpList', { as: { token } });

/** One more token of the same member and workspace, as `sling tokens create` makes it. */
const secondToken = (env: Record<string, string>, email: string) => seedToken(env, email, { name: 'second' });

/** Signs in (as the dashboard does) and returns the client calling with that session. */
const signIn = async (api: ApiClient, email: string) => api.as({ cookie: await signInVia(api, email) });
/** The dashboard's list read (one link). */
const readLinks = (session: ApiClient) => session.call('listLinks', { query: { limit: 1 } });

const remainingOf = (res: ApiResult) => res.headers.get('x-ratelimit-remaining');

// The embedded-database tests share one server: each has workspaces of its own (limits are per
// workspace; the per-IP limit counts only requests without a valid token), and the configuration
// below changes only what its own test needs (sign-in attempts, the Enterprise numbers).
describe(`on one server (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // Enterprise numbers from the configuration: 15 an hour, so the hour runs out first.
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100', ENTERPRISE_LIMIT_PER_HOUR: '15', ENTERPRISE_LIMIT_PER_MINUTE: '1000' });
    cleanup.push(
      () => tdb.drop(),
      () => sling.close(),
    );
    api = apiClient(inProcess(sling));
    for (const [email, plan] of [
      ['free', 'free'],
      ['ann', 'free'],
      ['bob', 'free'],
      ['dana', 'free'],
      ['eve', 'free'],
      ['fay', 'enterprise'],
    ]) {
      tokens[email] = await sling.seed.userWithToken(`${email}@example.com`, { plan });
    }
    tokens.annSecond = await sling.seed.token('ann@example.com', { name: 'second' });
  }, 240_000); // six accounts and a start

  test('Free plan: 10 requests a minute, the 11th is 429 with Retry-After; remaining counts down', async () => {
    const token = tokens.free;

    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await list(api, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    const refused = await list(api, token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/10 per minute/) });
  });

  test('two tokens of one Free workspace share one budget (Variant B too); another workspace keeps its own', async () => {
    const [first, second, other] = [tokens.ann, tokens.annSecond, tokens.bob];

    const remaining: Array<string | null> = [];
    for (let i = 0; i < 9; i++) {
      const res = await list(api, i % 2 ? second : first);
      expect(res.status).toBe(200);
      remaining.push(remainingOf(res));
    }
    // Variant B (1,000/h per token) spends the same workspace budget.
    const viaB = await api.call('variantBCreate', { query: { token: second, long_url: 'https://example.com/b' } });
    expect(viaB.status).toBe(201);
    remaining.push(remainingOf(viaB));
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);

    for (const token of [first, second]) {
      const refused = await list(api, token);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/workspace's Free plan is 10 per minute/) });
    }
    const refusedB = await api.call('variantBCreate', { query: { token: first, long_url: 'https://example.com/b2' } });
    expect(refusedB.status).toBe(429);

    const elsewhere = await list(api, other);
    expect(elsewhere.status).toBe(200);
    expect(remainingOf(elsewhere)).toBe('9');
  }, 120_000);

  test('signed-in use is limited per workspace in its own window (10 × the plan); other workspaces are unaffected', async () => {
    const token = tokens.dana;
    const dana = await signIn(api, 'dana@example.com');
    const eve = await signIn(api, 'eve@example.com');

    // The dashboard reads as you type: Free's 10/min would stop it in seconds; 100/min does not.
    for (let i = 0; i < 100; i++) {
      const res = await readLinks(dana);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('100');
      expect(remainingOf(res)).toBe(String(99 - i));
    }
    const refused = await readLinks(dana);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/signed-in use of this workspace is 100 per minute/) });

    const otherWorkspace = await readLinks(eve);
    expect(otherWorkspace.status).toBe(200);
    expect(remainingOf(otherWorkspace)).toBe('99');
    // Reads in the dashboard did not spend the workspace's API budget.
    expect(remainingOf(await list(api, token))).toBe('9');
  }, 120_000);

  test("a session's writes share the plan's hourly budget with the workspace's tokens", async () => {
    const token = tokens.fay;
    const fay = await signIn(api, 'fay@example.com');

    for (let i = 0; i < 10; i++) expect((await list(api, token)).status).toBe(200);
    const statuses: number[] = [];
    const left: Array<string | null> = [];
    for (let i = 0; i < 6; i++) {
      const res = await fay.call('createLink', { body: { url: `https://example.com/w${i}` } });
      statuses.push(res.status);
      left.push(remainingOf(res));
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(left).toEqual(['4', '3', '2', '1', '0', '0']);
    // Reads in the dashboard still work (their own window); the tokens are out of budget too.
    expect((await readLinks(fay)).status).toBe(200);
    const tokenRefused = await list(api, token);
    expect(tokenRefused.status).toBe(429);
    expect(tokenRefused.json.error.message).toMatch(/Enterprise plan is 15 per hour/);
  }, 120_000);

  test('requests without a valid token are limited per IP too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await list(api, 'sl_wrong')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describeOnPostgres(
  'with Redis',
  () => {
    test('two instances share the workspace budget: two tokens, the 11th request to either is 429; sessions count across instances too, and so do sign-in attempts', async () => {
      const tdb = await suiteDatabase.migrated();
      const env = { ...tdb.env, REDIS_URL: redis!, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`, AUTH_ATTEMPTS_PER_MINUTE: '5' };
      const token = await createUserWithToken(env, 'shared@example.com', 'free');
      const second = await secondToken(env, 'shared@example.com');
      const other = await createUserWithToken(env, 'apart@example.com', 'free');
      const [slingA, slingB] = await Promise.all([startSling(env), startSling(env)]);
      cleanup.push(
        () => tdb.drop(),
        () => slingA.stop(),
        () => slingB.stop(),
      );
      const [a, b] = [apiClient(overHttp(slingA.url)), apiClient(overHttp(slingB.url))];

      const remaining: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await list(i % 2 ? b : a, i % 3 ? token : second);
        expect(res.status).toBe(200);
        remaining.push(res.headers.get('x-ratelimit-remaining')!);
      }
      expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
      for (const [instance, t] of [
        [a, second],
        [b, token],
      ] as const) {
        const res = await list(instance, t);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      expect(remainingOf(await list(b, other))).toBe('9');

      const [onA, onB] = [await signIn(a, 'shared@example.com'), await signIn(b, 'shared@example.com')];
      const sessionLeft: Array<string | null> = [];
      for (let i = 0; i < 4; i++) sessionLeft.push(remainingOf(await readLinks(i % 2 ? onB : onA)));
      expect(sessionLeft).toEqual(['99', '98', '97', '96']);

      // better-auth's sign-in limit (5 a minute per address) is counted in Redis: the two sign-ins
      // above and three wrong passwords, alternating instances, use it up on both.
      const attempt = (api: ApiClient) =>
        api
          .fetch('/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: api.baseUrl },
            body: JSON.stringify({ email: 'shared@example.com', password: 'not the password' }),
          })
          .then((res) => res.status);
      const attempts: number[] = [];
      for (const instance of [b, a, b, a, b]) attempts.push(await attempt(instance));
      expect(attempts).toEqual([401, 401, 401, 429, 429]);
    }, 180_000);

    test('when Redis goes away, limits fall back to memory: answers go on, never a 500', async () => {
      const proxy = await tcpProxy(new URL(redis!));
      const tdb = await suiteDatabase.migrated();
      const env = { ...tdb.env, REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}` };
      const token = await createUserWithToken(env, 'fallback@example.com', 'pro');
      const sling = await startSling(env);
      cleanup.push(
        () => tdb.drop(),
        () => sling.stop(),
        () => proxy.close(),
      );
      const api = apiClient(overHttp(sling.url));

      expect((await list(api, token)).headers.get('x-ratelimit-remaining')).toBe('49');
      proxy.close();
      // Every answer while Sling finds out that Redis is gone, and after, is a 200.
      await until(
        'Sling to count in memory',
        async () => {
          expect((await list(api, token)).status).toBe(200);
          return /Redis unreachable: rate limits count in memory/.test(sling.output());
        },
        { intervalMs: 50 },
      );
      for (let i = 0; i < 3; i++) {
        const res = await list(api, token);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBe('50');
      }
      expect(sling.output()).toMatch(/Redis unreachable: rate limits count in memory/);
    });
  },
  !redis,
);

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
