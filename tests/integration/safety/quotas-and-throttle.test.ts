// Spam prevention on Sling in the test process (the API through its router, the caller's address
// from X-Forwarded-For as TRUST_PROXY says): daily link quotas by plan (Variant A, B, REST and anonymous links all
// count; a refused input does not), and repeated unsafe_url refusals from one account or one
// address pause its creates for an hour and raise a system abuse report for the review queue.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, type ApiClient, type ApiResult, type Caller } from '../../helpers/api-client';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { feedHost, hostList } from '../../helpers/threat-feeds';
import { until } from '../../helpers/until';

type ApiError = { error: { code: string; message: string; details?: Record<string, unknown> } };

describe(`quotas and the unsafe-destination throttle on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  const tokens: Record<string, string> = {};

  /** Calls from the address `ip`, with `token` or without credentials. */
  const from = (ip: string, token?: string): { as: Caller; headers: Record<string, string> } => ({
    as: token ? { token } : 'none',
    headers: { 'x-forwarded-for': ip },
  });
  const createV1 = (url: string, caller: ReturnType<typeof from>) => api.call('createLink', { body: { url }, ...caller });
  const createA = (url: string, caller: ReturnType<typeof from>) => api.call('apiPhpCreate', { body: { url }, ...caller });
  /** The home page's form, with a solved ALTCHA challenge. */
  const shortenAnonymously = async (url: string, caller: ReturnType<typeof from>) =>
    api.call('shortenAnonymously', { body: { url, altcha: await altchaPayload(sling.url) }, ...caller });
  const errorOf = (res: ApiResult) => (res.json as ApiError).error;

  beforeAll(async () => {
    tdb = await makeDb();
    const hosts = join(tempDir('sling-feeds-'), 'hosts.txt');
    writeFileSync(hosts, hostList(50));
    const env = {
      ...tdb.env,
      TRUST_PROXY: '1',
      SAFETY_FEEDS: hosts,
      QUOTA_LINKS_PER_DAY_FREE: '3',
      QUOTA_LINKS_PER_DAY_ANONYMOUS: '4',
      ALTCHA_MAX_COUNTER: '2000',
      ANON_LINKS_PER_MINUTE: '1000',
    };
    sling = await startInProcessSling(env);
    api = apiClient(inProcess(sling));
    for (const [name, plan] of [
      ['free', 'free'],
      ['spammer', 'enterprise'],
      ['neighbour', 'enterprise'],
    ]) {
      tokens[name] = await sling.seed.userWithToken(`${name}@example.com`, { plan });
    }
    // The feed is imported when the workers start: wait until a listed host is refused (one strike
    // for the neighbour, well under the limit).
    await until('the feed to be imported', async () => (await createV1(`https://${feedHost(0)}/`, from('192.0.2.250', tokens.neighbour))).status === 422, {
      timeoutMs: 60_000,
    });
  }, 300_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('a Free workspace gets QUOTA_LINKS_PER_DAY_FREE new links a day across Variant A, REST and B; then 429 quota_exceeded with Retry-After', async () => {
    const t = tokens.free;
    // A refused input spends nothing.
    expect((await createV1('javascript:alert(1)', from('192.0.2.1', t))).status).toBe(400);
    expect((await createA('https://example.com/q1', from('192.0.2.1', t))).status).toBe(201);
    expect((await createV1('https://example.com/q2', from('192.0.2.1', t))).status).toBe(201);
    // Variant B: the token and URL in the query string.
    const variantB = (longUrl: string) => api.call('variantBCreate', { query: { token: t, long_url: longUrl }, ...from('192.0.2.1') });
    expect((await variantB('https://example.com/q3')).status).toBe(201);
    const refused = await createV1('https://example.com/q4', from('192.0.2.1', t));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(errorOf(refused)).toMatchObject({
      code: 'quota_exceeded',
      message: expect.stringMatching(/Free plan allows 3 new links per day/),
      details: { quota: 3, period: 'day', plan: 'free' },
    });
    const overB = await variantB('https://example.com/q5');
    expect(overB.status).toBe(429);
    expect(errorOf(overB).code).toBe('quota_exceeded');
  });

  test('an Enterprise workspace has no quota unless configured', async () => {
    for (let i = 0; i < 5; i++) expect((await createV1(`https://example.com/big-${i}`, from('192.0.2.2', tokens.neighbour))).status).toBe(201);
  });

  test('anonymous links share QUOTA_LINKS_PER_DAY_ANONYMOUS, whatever the address', async () => {
    for (let i = 0; i < 4; i++) expect((await shortenAnonymously(`https://example.com/anon-${i}`, from(`192.0.2.${10 + i}`))).status).toBe(201);
    const refused = await shortenAnonymously('https://example.com/anon-5', from('192.0.2.20'));
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      code: 'quota_exceeded',
      message: expect.stringMatching(/Anonymous shortening on this instance allows 4 new links per day/),
    });
  });

  test('5 unsafe destinations within an hour from one account: its creates (and its address) are paused for an hour with 429 unsafe_throttled', async () => {
    const t = tokens.spammer;
    for (let i = 1; i <= 5; i++) {
      const res = await (i % 2 ? createV1 : createA)(`https://${feedHost(i * 2)}/login`, from('198.51.100.1', t));
      expect(res.status).toBe(422);
    }
    const paused = await createV1('https://example.com/harmless', from('198.51.100.2', t));
    expect(paused.status).toBe(429);
    const retryAfter = Number(paused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(errorOf(paused)).toMatchObject({
      code: 'unsafe_throttled',
      message: expect.stringMatching(/this account were refused as unsafe \(5 within an hour\)/),
    });
    // The address it used is paused too, for anyone; another account elsewhere is not.
    const sameAddress = await createV1('https://example.com/next-door', from('198.51.100.1', tokens.neighbour));
    expect(sameAddress.status).toBe(429);
    expect(errorOf(sameAddress).message).toMatch(/this address/);
    expect((await createV1('https://example.com/fine', from('198.51.100.3', tokens.neighbour))).status).toBe(201);
  });

  test('5 unsafe destinations from one anonymous address pause anonymous shortening from it', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await shortenAnonymously(`https://${feedHost(20 + i * 2)}/`, from('203.0.113.77'))).status).toBe(422);
    }
    const paused = await shortenAnonymously('https://example.com/ok', from('203.0.113.77'));
    expect(paused.status).toBe(429);
    expect(errorOf(paused).code).toBe('unsafe_throttled');
  });

  test('each pause raised one system report for the review queue, naming the account when there was one', async () => {
    // Read on the server's own database handle (the review queue's table; the API does not list it to users).
    const rows = await sling.handle.query<{
      source: string;
      reason: string;
      url: string;
      link_id: string | null;
      email: string | null;
      details: string;
      reporter_ip_hash: string | null;
      status: string;
    }>(
      `SELECT r.source, r.reason, r.url, r.link_id, u.email, r.details, r.reporter_ip_hash, r.status
         FROM abuse_reports r LEFT JOIN users u ON u.id = r.subject_user_id ORDER BY r.id`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      source: 'system',
      reason: 'repeated_unsafe',
      url: `https://${feedHost(10)}/login`,
      link_id: null,
      email: 'spammer@example.com',
      status: 'open',
    });
    expect(rows[0].details).toMatch(/5 destinations from an account were refused as unsafe within an hour/);
    expect(rows[1]).toMatchObject({ source: 'system', reason: 'repeated_unsafe', email: null, url: `https://${feedHost(28)}/` });
    expect(rows[1].reporter_ip_hash).not.toBeNull();
  });
});
