// Analytics on Sling in the test process: clicks through its edge (over HTTP, as visitors make them) with real addresses and agents show in Variant A
// stats within seconds; QR visits; the export endpoint.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { parseCsv } from '../../helpers/csv';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

describe('analytics through the edge', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let nobody: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // The default flush interval (1 s), as users run it; the client address comes from X-Forwarded-For.
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' });
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const visit = (code: string, ip: string, ua: string, init: RequestInit = {}) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', ...init, headers: { 'x-forwarded-for': ip, 'user-agent': ua, ...init.headers } });

  /** Polls Variant A stats until `done` holds (clicks show within about a second, docs/guide/features.md; 5 s leaves room). */
  const statsWhen = async (code: string, done: (s: any) => boolean) => ({
    stats: await until(
      `stats of ${code}`,
      async () => {
        const stats = (await ann.call('apiPhpStats', { query: { slug: code } })).json;
        return done(stats) && stats;
      },
      { timeoutMs: 5_000, intervalMs: 100 },
    ),
  });

  test('a click from 8.8.8.8 on an iPhone shows in stats within 5 s as United States / mobile / Mobile Safari / iOS', async () => {
    const link = (await ann.call('apiPhpCreate', { body: { url: 'https://example.com/geo', alias: 'geo' } })).json;
    expect((await visit('geo', '8.8.8.8', AGENTS.iphone)).status).toBe(302);
    const { stats } = await statsWhen('geo', (s) => s.clicks === 1);
    expect(stats).toMatchObject({
      clicks: 1,
      unique_visitors: 1,
      countries: [{ value: 'US', clicks: 1 }],
      devices: [{ value: 'mobile', clicks: 1 }],
      browsers: [{ value: 'Mobile Safari', clicks: 1 }],
      operating_systems: [{ value: 'iOS', clicks: 1 }],
    });
    expect(link.clicks).toBe(0);
  });

  test('Googlebot and HEAD are not counted; the same IP and device is one visitor, another device a second', async () => {
    await ann.call('apiPhpCreate', { body: { url: 'https://example.com/u', alias: 'uniq' } });
    expect((await visit('uniq', '66.249.66.1', AGENTS.googlebot)).status).toBe(302);
    expect((await visit('uniq', '8.8.8.8', AGENTS.chrome, { method: 'HEAD' })).status).toBe(302);
    await visit('uniq', '8.8.8.8', AGENTS.iphone);
    await visit('uniq', '8.8.8.8', AGENTS.iphone);
    // The last click is buffered after the bots, so once it counts they have been written too.
    const { stats } = await statsWhen('uniq', (s) => s.clicks >= 2);
    expect(stats).toMatchObject({ clicks: 2, unique_visitors: 1 });
    await visit('uniq', '8.8.8.8', AGENTS.chrome);
    const after = await statsWhen('uniq', (s) => s.clicks >= 3);
    expect(after.stats).toMatchObject({ clicks: 3, unique_visitors: 2 });
    expect(after.stats.browsers).toEqual([
      { value: 'Mobile Safari', clicks: 2 },
      { value: 'Chrome', clicks: 1 },
    ]);
  });

  test('a QR visit (qr=1) redirects without the marker and is counted with trigger qr', async () => {
    await ann.call('apiPhpCreate', { body: { url: 'https://example.com/menu', alias: 'menu' } });
    const res = await fetch(`${sling.url}/menu?qr=1&table=4`, { redirect: 'manual', headers: { 'user-agent': AGENTS.iphone, 'x-forwarded-for': '8.8.8.8' } });
    expect(res.headers.get('location')).toBe('https://example.com/menu?table=4');
    const { stats } = await statsWhen('menu', (s) => s.clicks === 1);
    expect(stats.triggers).toEqual([{ value: 'qr', clicks: 1 }]);
  });

  test('GET /api/v1/links/{id}/clicks/export streams CSV and JSON with a download filename; errors are JSON 4xx', async () => {
    const link = (await ann.call('apiPhpCreate', { body: { url: 'https://example.com/x', alias: 'exp' } })).json;
    await visit('exp', '8.8.8.8', AGENTS.iphone, { headers: { referer: 'https://t.co/abc' } });
    await visit('exp', '81.2.69.160', AGENTS.chrome);
    await statsWhen('exp', (s) => s.clicks === 2);

    const csvRes = await ann.call('linkClicksExport', { params: { id: link.id }, query: { format: 'csv' } });
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvRes.headers.get('content-disposition')).toMatch(/^attachment; filename="sling-exp-clicks-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv"$/);
    expect(csvRes.headers.get('x-ratelimit-limit')).toBeTruthy();
    const csv = parseCsv(csvRes.text);
    const jsonRes = await ann.call('linkClicksExport', { params: { id: link.id }, query: { format: 'json' } });
    expect(jsonRes.headers.get('content-disposition')).toMatch(/\.json"$/);
    const json = jsonRes.json;
    expect(csv).toHaveLength(3);
    expect(json).toHaveLength(2);
    expect(json.map((r: any) => [r.country, r.device, r.referrer_host])).toEqual([
      ['US', 'mobile', 't.co'],
      ['GB', 'desktop', null],
    ]);
    const header = csv[0];
    expect(csv.slice(1).map((cells) => cells[header.indexOf('country')])).toEqual(['US', 'GB']);

    const bad = await ann.call('linkClicksExport', { params: { id: link.id }, query: { format: 'xml' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid_request', details: { format: expect.any(String) } });
    expect((await ann.call('linkClicksExport', { params: { id: link.id }, query: { from: 'yesterday' } })).status).toBe(400);
    const others = await bob.call('linkClicksExport', { params: { id: link.id } });
    expect(others.status).toBe(404);
    expect((await ann.call('linkClicksExport', { params: { id: 'abc' } })).status).toBe(404);
    const anonymous = await nobody.call('linkClicksExport', { params: { id: link.id } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('unauthorized');
  });
});
