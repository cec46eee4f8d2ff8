// A link's public stats page (issue 32, point 3; docs/guide/analytics.md, "Public stats page"): off,
// the page's API answers the same 404 as an unknown code; on, the link's numbers and no IP; with a
// password, 401 until POST …/unlock with the right one, whose cookie then opens it, wrong guesses
// limited; another workspace cannot switch it on; the hash never leaves the server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';
import { STATS_UNLOCK_ATTEMPTS_PER_MINUTE } from '../../../lib/analytics/public-stats';

const VISITOR_IP = '198.51.100.77';

describe(`public stats on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;
  let outsider: ApiClient;
  let visitor: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true', CLICK_FLUSH_MS: '50' });
    owner = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('stats-owner@example.com', { plan: 'business' }) });
    outsider = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('stats-outsider@example.com', { plan: 'business' }) });
    visitor = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const visit = async (code: string) => {
    const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': VISITOR_IP } });
    await res.arrayBuffer();
    return res.status;
  };
  const stats = (code: string, cookie?: string) =>
    visitor.call('publicStats', { params: { code }, query: { interval: 'day' }, headers: cookie ? { cookie } : {} });

  test('GET /api/v1/public/stats/{code}: off is the same 404 as an unknown code; on shows the numbers and no IP', async () => {
    const made = await owner.call('createLink', { body: { url: 'https://example.com/public', alias: 'pub-stats' } });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ public_stats: false, public_stats_url: null, public_stats_protected: false });
    expect(await visit('pub-stats')).toBe(302);

    const off = await stats('pub-stats');
    const unknown = await stats('no-such-code');
    expect(off.status).toBe(404);
    expect({ status: off.status, body: off.json.error }).toEqual({ status: unknown.status, body: unknown.json.error });

    const on = await owner.call('updateLink', { params: { id: made.json.id }, body: { public_stats: true } });
    expect(on.status).toBe(200);
    expect(on.json.public_stats).toBe(true);
    expect(on.json.public_stats_url).toBe(`${sling.url}/stats/pub-stats`);

    await until('the visit to show on the public page', async () => (await stats('pub-stats')).json?.clicks === 1);
    const shown = await stats('pub-stats');
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ clicks: 1, unique_visitors: 1, browsers: [{ value: 'Chrome', clicks: 1 }], rules: [] });
    expect(shown.json.timeseries.points.length).toBeGreaterThan(0);
    expect(shown.text).not.toContain(VISITOR_IP);
    expect(shown.text).not.toMatch(/"ip"|visitor_id|workspace/);
    expect(shown.headers.get('cache-control')).toContain('no-store');

    // Switched off again: 404 at once.
    await owner.call('updateLink', { params: { id: made.json.id }, body: { public_stats: false } });
    expect((await stats('pub-stats')).status).toBe(404);
  });

  test('a public page cannot be asked which tags the link has: ?tag= is not a filter there', async () => {
    const made = await owner.call('createLink', {
      body: { url: 'https://example.com/tagged', alias: 'tagged-stats', tags: ['secret-campaign'], public_stats: true },
    });
    expect(made.status).toBe(201);
    expect(await visit('tagged-stats')).toBe(302);
    const read = async (tag: string) => {
      const res = await fetch(`${sling.url}/api/v1/public/stats/tagged-stats?interval=day&tag=${tag}`);
      return { status: res.status, clicks: ((await res.json()) as { clicks?: number }).clicks };
    };
    await until('the visit to show on the public page', async () => (await read('secret-campaign')).clicks === 1);
    expect(await read('secret-campaign')).toEqual({ status: 200, clicks: 1 });
    expect(await read('no-such-tag')).toEqual({ status: 200, clicks: 1 });
  });

  test('POST /api/v1/public/stats/{code}/unlock: 401 until the right password; its cookie opens the page; the hash is never shown', async () => {
    const made = await owner.call('createLink', {
      body: { url: 'https://example.com/guarded', alias: 'guarded-stats', public_stats: true, public_stats_password: 'open sesame' },
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ public_stats: true, public_stats_protected: true });
    expect(made.text).not.toMatch(/public_stats_password|\$2[aby]\$/);
    const read = await owner.call('getLink', { params: { id: made.json.id } });
    expect(read.text).not.toMatch(/public_stats_password|\$2[aby]\$/);
    expect(read.json.public_stats_protected).toBe(true);

    expect((await stats('guarded-stats')).status).toBe(401);
    const wrong = await visitor.call('unlockPublicStats', { params: { code: 'guarded-stats' }, body: { password: 'guess' } });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await visitor.call('unlockPublicStats', { params: { code: 'guarded-stats' }, body: { password: 'open sesame' } });
    expect(right.status).toBe(204);
    const setCookie = right.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^sl_stats_${made.json.id}=`));
    expect(setCookie).toContain('HttpOnly');
    const cookie = setCookie.split(';')[0];
    expect((await stats('guarded-stats', cookie)).status).toBe(200);
    // Forged or another link's cookie: still locked.
    expect((await stats('guarded-stats', `${cookie.slice(0, -2)}xx`)).status).toBe(401);

    // A new password ends the old cookie.
    await owner.call('updateLink', { params: { id: made.json.id }, body: { public_stats_password: 'another one' } });
    expect((await stats('guarded-stats', cookie)).status).toBe(401);
    // Removing it opens the page to anyone.
    const open = await owner.call('updateLink', { params: { id: made.json.id }, body: { public_stats_password: null } });
    expect(open.json.public_stats_protected).toBe(false);
    expect((await stats('guarded-stats')).status).toBe(200);
  });

  test('wrong guesses hit the limit (429 with Retry-After), even before the right password', async () => {
    await owner.call('createLink', {
      body: { url: 'https://example.com/limited', alias: 'limit-stats', public_stats: true, public_stats_password: 'right one' },
    });
    const guess = (password: string) =>
      visitor.call('unlockPublicStats', { params: { code: 'limit-stats' }, body: { password }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    for (let i = 0; i < STATS_UNLOCK_ATTEMPTS_PER_MINUTE; i++) expect((await guess(`wrong ${i}`)).status).toBe(403);
    const limited = await guess('right one');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(limited.headers.get('set-cookie')).toBeNull();
  });

  test('PATCH /api/v1/links/{id}: another workspace cannot switch the page on; the link is unchanged', async () => {
    const made = await owner.call('createLink', { body: { url: 'https://example.com/private', alias: 'private-stats' } });
    const refused = await outsider.call('updateLink', { params: { id: made.json.id }, body: { public_stats: true, public_stats_password: 'mine now' } });
    expect(refused.status).toBe(404);
    const after = await owner.call('getLink', { params: { id: made.json.id } });
    expect(after.json).toMatchObject({ public_stats: false, public_stats_url: null, public_stats_protected: false });
    expect((await stats('private-stats')).status).toBe(404);
  });
});
