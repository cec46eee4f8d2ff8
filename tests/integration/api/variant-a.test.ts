// /api.php (Variant A) on Sling in the test process (its router; visits through its edge), on
// PGlite and PostgreSQL: every operation, every error.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

describe(`/api.php on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let nobody: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;
  let annToken: string;

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startInProcessSling({ ...tdb.env, CLICK_FLUSH_MS: '50' });
    annToken = await sling.seed.userWithToken('ann@example.com', { plan: 'business' });
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: annToken });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** A request to /api.php that no operation describes (an unknown or missing action). */
  const unlisted = async (caller: ApiClient, query: string): Promise<ApiResult> => {
    const res = await caller.fetch(`/api.php${query}`);
    return { status: res.status, headers: res.headers, text: '', bytes: Buffer.alloc(0), json: await res.json() };
  };

  test('POST /api.php creates a link (201) with alias, password and expiration; it redirects unless protected', async () => {
    const res = await ann.call('apiPhpCreate', { body: { url: 'https://example.com/a?b=1', alias: 'ann-a' } });
    expect(res.status).toBe(201);
    const link = res.json;
    expect(link).toMatchObject({
      short_code: 'ann-a',
      short_url: `${sling.url}/ann-a`,
      long_url: 'https://example.com/a?b=1',
      password_protected: false,
      expiration: null,
      status: 'active',
      clicks: 0,
      domain: { hostname: '127.0.0.1' },
    });
    expect(Object.keys(link).sort()).toEqual(
      [
        'ab_test',
        'android_fallback_url',
        'android_url',
        'archived',
        'archived_at',
        'clicks',
        'count_bots',
        'created_at',
        'created_by',
        'disabled_reason',
        'domain',
        'expiration',
        'expired_url',
        'folder_id',
        'forward_query',
        'id',
        'ios_fallback_url',
        'ios_url',
        'long_url',
        'max_clicks',
        'note',
        'password_protected',
        'public_stats',
        'public_stats_protected',
        'public_stats_url',
        'rules',
        'safety_reason',
        'short_code',
        'short_url',
        'starts_at',
        'status',
        'tags',
        'updated_at',
        'utm_campaign',
        'utm_content',
        'utm_medium',
        'utm_source',
        'utm_term',
      ].sort(),
    );
    expect((await fetch(link.short_url, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/a?b=1');

    const full = (await ann.call('apiPhpCreate', { body: { url: 'https://example.com/p', password: 'hunter2', expiration: '2031-01-31T10:00:00' } })).json;
    expect(full).toMatchObject({ password_protected: true, expiration: '2031-01-31T10:00:00.000Z' });
    expect((await fetch(full.short_url, { redirect: 'manual' })).status).not.toBe(302);
  });

  test('GET /api.php?action=list searches code and destination, pages with limit and offset', async () => {
    for (const n of [1, 2, 3]) await ann.call('apiPhpCreate', { body: { url: `https://list.example/${n}`, alias: `list-${n}` } });
    const all = (await ann.call('apiPhpList', { query: { q: 'list.example', limit: 2, offset: 0 } })).json;
    expect(all.total).toBe(3);
    expect(all.limit).toBe(2);
    expect(all.offset).toBe(0);
    expect(all.links.map((l: { short_code: string }) => l.short_code)).toEqual(['list-3', 'list-2']);
    const next = (await ann.call('apiPhpList', { query: { q: 'LIST-1' } })).json;
    expect(next.links.map((l: { short_code: string }) => l.short_code)).toEqual(['list-1']);
    const bobs = (await bob.call('apiPhpList')).json;
    expect(bobs.total).toBe(0);
  });

  test('GET /api.php?action=stats counts clicks, unique visitors, breakdowns and a zero-filled time series', async () => {
    const link = (await ann.call('apiPhpCreate', { body: { url: 'https://example.com/stats', alias: 'stats-1' } })).json;
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    for (const [ua, ref] of [
      [chrome, 'https://r.example/a'],
      [chrome, 'https://r.example/b'],
      [firefox, undefined],
    ] as const) {
      await fetch(link.short_url, { redirect: 'manual', headers: { 'user-agent': ua, ...(ref ? { referer: ref } : {}) } });
    }
    const day = new Date().toISOString().slice(0, 10);
    const query = { slug: 'stats-1', interval: 'hour', from: `${day}T00:00:00Z`, to: `${day}T23:00:00Z` } as const;
    const stats = await until(
      '3 clicks in the stats',
      async () => {
        const res = await ann.call('apiPhpStats', { query });
        expect(res.status).toBe(200);
        const body = res.json;
        return body.clicks === 3 && body;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(stats).toMatchObject({ short_code: 'stats-1', clicks: 3, unique_visitors: 2 });
    expect(stats.referrers).toEqual([
      { value: 'r.example', clicks: 2 },
      { value: '(direct)', clicks: 1 },
    ]);
    expect(stats.browsers).toEqual([
      { value: 'Chrome', clicks: 2 },
      { value: 'Firefox', clicks: 1 },
    ]);
    expect(stats.devices).toEqual([{ value: 'desktop', clicks: 3 }]);
    expect(stats.countries).toEqual([{ value: '(unknown)', clicks: 3 }]); // loopback has no country
    expect(stats.timeseries.interval).toBe('hour');
    expect(stats.timeseries.points).toHaveLength(24);
    expect(stats.timeseries.points.reduce((s: number, p: { clicks: number }) => s + p.clicks, 0)).toBe(3);
    expect(stats.timeseries.points[0].t).toBe(`${day}T00:00:00.000Z`);
  });

  test('GET /api.php?action=domains', async () => {
    const body = (await ann.call('apiPhpDomains')).json;
    expect(body.domains).toEqual([
      expect.objectContaining({ id: expect.any(Number), hostname: '127.0.0.1', is_default: true, shared: true, status: 'verified', records: [] }),
    ]);
  });

  test('PATCH and PUT /api.php?slug= change fields; null removes password and expiration; the edge follows, and a renamed code still redirects', async () => {
    await ann.call('apiPhpCreate', { body: { url: 'https://example.com/v1', alias: 'edit-me', password: 'pass1', expiration: '2030-05-01' } });
    const patched = (await ann.call('apiPhpUpdate', { query: { slug: 'EDIT-ME' }, body: { url: 'https://example.com/v2', password: null, expiration: null } }))
      .json;
    expect(patched).toMatchObject({ long_url: 'https://example.com/v2', password_protected: false, expiration: null });
    const visit = await fetch(`${sling.url}/edit-me`, { redirect: 'manual' });
    expect(visit.headers.get('location')).toBe('https://example.com/v2');
    const put = (await ann.call('apiPhpPut', { query: { slug: 'edit-me' }, body: { alias: 'edited' } })).json;
    expect(put.short_code).toBe('edited');
    // A rename is safe: the old code keeps leading to the link (REST v1's free_old_code gives it up).
    expect((await fetch(`${sling.url}/edit-me`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/v2');
    expect((await fetch(`${sling.url}/edited`, { redirect: 'manual' })).status).toBe(302);
  });

  test('DELETE /api.php?slug= answers 204, the link stops redirecting at once', async () => {
    await ann.call('apiPhpCreate', { body: { url: 'https://example.com/gone', alias: 'gone-1' } });
    expect((await fetch(`${sling.url}/gone-1`, { redirect: 'manual' })).status).toBe(302);
    const res = await ann.call('apiPhpDelete', { query: { slug: 'gone-1' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await fetch(`${sling.url}/gone-1`, { redirect: 'manual' })).status).toBe(404);
    expect((await ann.call('apiPhpDelete', { query: { slug: 'gone-1' } })).status).toBe(404);
  });

  test("another user's link is not found, and stays unchanged", async () => {
    await ann.call('apiPhpCreate', { body: { url: 'https://example.com/mine', alias: 'anns-own' } });
    for (const res of [
      await bob.call('apiPhpStats', { query: { slug: 'anns-own' } }),
      await bob.call('apiPhpUpdate', { query: { slug: 'anns-own' }, body: { url: 'https://evil.example/' } }),
      await bob.call('apiPhpDelete', { query: { slug: 'anns-own' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    expect((await fetch(`${sling.url}/anns-own`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/mine');
  });

  test.each([
    ['no header', {}, /Authorization: Bearer/],
    ['Basic scheme', { authorization: 'Basic YW5uOnB3' }, /Bearer scheme/],
    ['Bearer without token', { authorization: 'Bearer' }, /no token/],
    ['unknown token', { authorization: 'Bearer sl_000000000000000000000000000000000000000' }, /not valid/],
    ['garbage', { authorization: 'Bearer hello world' }, /no token|not valid/],
  ])('401 for %s, in the JSON error shape with rate-limit headers', async (_case, headers, message) => {
    const res = await nobody.call('apiPhpList', { headers: headers as Record<string, string> });
    expect(res.status).toBe(401);
    const body = res.json;
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toMatch(message);
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  test('the Bearer scheme is case-insensitive', async () => {
    expect((await nobody.call('apiPhpList', { headers: { authorization: `bEaReR ${annToken}` } })).status).toBe(200);
  });

  const create = (body: unknown) => (c: ApiClient) => c.call('apiPhpCreate', { body: offSchema(body) });
  const list = (query: Record<string, unknown>) => (c: ApiClient) => c.call('apiPhpList', { query: offSchema(query) });
  const stats = (query: Record<string, unknown>) => (c: ApiClient) => c.call('apiPhpStats', { query: offSchema(query) });
  const patch = (body: unknown) => (c: ApiClient) => c.call('apiPhpUpdate', { query: { slug: 'ann-a' }, body: offSchema(body) });
  test.each([
    ['POST', '', { url: 'javascript:alert(1)' }, create, 400, 'invalid_request', 'url'],
    ['POST', '', { url: 'https://e.com', alias: 'x' }, create, 400, 'invalid_request', 'alias'],
    ['POST', '', { url: 'https://e.com', alias: 'api' }, create, 400, 'invalid_request', 'alias'],
    ['POST', '', { url: 'https://e.com', password: 'abc' }, create, 400, 'invalid_request', 'password'],
    ['POST', '', { url: 'https://e.com', expiration: '2020-01-01' }, create, 400, 'invalid_request', 'expiration'],
    ['POST', '', { url: 'https://e.com', expiration: 'tomorrow' }, create, 400, 'invalid_request', 'expiration'],
    ['POST', '', { url: 'https://e.com', expiration: '2031-02-30' }, create, 400, 'invalid_request', 'expiration'],
    ['POST', '', { url: 'https://e.com', colour: 'red' }, create, 400, 'invalid_request', 'colour'],
    ['POST', '', { url: 'https://e.com', domain_id: 'x' }, create, 400, 'invalid_request', 'domain_id'],
    ['GET', '?action=list', { limit: 0 }, list, 400, 'invalid_request', 'limit'],
    ['GET', '?action=list', { limit: 1001 }, list, 400, 'invalid_request', 'limit'],
    ['GET', '?action=list', { offset: -1 }, list, 400, 'invalid_request', 'offset'],
    ['GET', '?action=fly', undefined, () => (c: ApiClient) => unlisted(c, '?action=fly'), 400, 'invalid_request', 'action'],
    ['GET', '', undefined, () => (c: ApiClient) => unlisted(c, ''), 400, 'invalid_request', 'action'],
    ['GET', '?action=stats', {}, stats, 400, 'invalid_request', 'slug'],
    ['GET', '?action=stats', { slug: 'ann-a', interval: 'year' }, stats, 400, 'invalid_request', 'interval'],
    ['GET', '?action=stats', { slug: 'nope-nope' }, stats, 404, 'not_found', null],
    ['PATCH', '?slug=ann-a', {}, patch, 400, 'invalid_request', null],
    ['PATCH', '?slug=ann-a', { url: 'ftp://x' }, patch, 400, 'invalid_request', 'url'],
  ] as const)('%s /api.php%s %j → %i %s', async (_method, _query, input, send, status, code, field) => {
    const res = await (send as (input: unknown) => (c: ApiClient) => Promise<ApiResult>)(input)(ann);
    expect(res.status).toBe(status);
    const json = res.json;
    expect(json.error.code).toBe(code);
    if (field) expect(json.error.details).toHaveProperty(field);
  });

  test('409 alias_taken, case-insensitively', async () => {
    const res = await bob.call('apiPhpCreate', { body: { url: 'https://e.com', alias: 'ANN-A' } });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('alias_taken');
  });

  test('415 for a non-JSON body, 413 over 64 KiB, 400 for invalid JSON or a non-object', async () => {
    const raw = (type: string, data: string) => ann.call('apiPhpCreate', { raw: { type, data } });
    const form = await raw('application/x-www-form-urlencoded', 'url=https://e.com');
    expect(form.status).toBe(415);
    const big = await ann.call('apiPhpCreate', { body: { url: 'https://e.com/' + 'x'.repeat(65 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe('payload_too_large');
    expect((await raw('application/json', '{"url": ')).status).toBe(400);
    expect((await raw('application/json', '[1,2]')).status).toBe(400);
  });
});
