// UTM breakdowns and filters through the API (Sling in the test process), on clicks made through its
// edge over HTTP: utm_source, utm_medium and utm_campaign count the clicks by the UTM values of the
// clicked link's destination, decoded ("news%20letter" and "news+letter" are one value), "(none)"
// for links without one, from the rollups and from raw clicks alike; ?utm_source= (and the others)
// narrow the statistics and the exports; a bad shape is a 400 naming the parameter; another
// workspace's links never count; a public stats page shows none of it and takes no UTM filter.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import type { linkStats, workspaceStats } from '../../../lib/openapi/operations/stats';
import { apiClient, inProcess, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';
import { readUtm } from '../../../lib/links/utm';
import { UTM_BREAKDOWNS, utmHexSql, utmValueOfHex } from '../../../lib/analytics/utm-sql';

describe(`UTM breakdowns and filters over HTTP on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let nobody: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' });
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const stats = async (api: ApiClient, query: CallOptions<typeof workspaceStats>['query'] = {}) => (await api.call('workspaceStats', { query })).json;
  const linkStatsOf = async (api: ApiClient, id: number, query: CallOptions<typeof linkStats>['query'] = {}) =>
    (await api.call('linkStats', { params: { id }, query })).json;
  const createLink = async (api: ApiClient, alias: string, url: string) => {
    const res = await api.call('createLink', { body: { url, alias } });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  };
  const visit = (code: string, ip: string, ua: string) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua } });

  test('clicks by source, medium and campaign; the filters narrow statistics and exports; the scope holds', async () => {
    const a = await createLink(ann, 'utm-a', 'https://example.com/a?utm_source=news%20letter&utm_medium=email&utm_campaign=spring');
    const b = await createLink(ann, 'utm-b', 'https://example.com/b?ref=1&utm_source=news+letter&utm_medium=social&utm_campaign=%E2%82%AC+sale#top');
    const c = await createLink(ann, 'utm-c', 'https://example.com/c#?utm_source=not-a-query');
    await createLink(bob, 'utm-bob', 'https://example.com/bob?utm_source=news%20letter&utm_medium=email');
    for (const [code, ip, ua] of [
      ['utm-a', '8.8.8.8', AGENTS.chrome],
      ['utm-a', '81.2.69.160', AGENTS.iphone],
      ['utm-b', '81.2.69.160', AGENTS.chrome],
      ['utm-c', '8.8.8.8', AGENTS.chrome],
      ['utm-bob', '8.8.8.8', AGENTS.chrome],
    ] as const)
      expect((await visit(code, ip, ua)).status).toBe(302);
    await until('the clicks in the stats', async () => (await stats(ann)).clicks === 4 && (await stats(bob)).clicks === 1, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    // From the rollups (no filter): decoded, two encodings of one value summed, "(none)" for c.
    const all = await stats(ann);
    expect(all.utm_source).toEqual([
      { value: 'news letter', clicks: 3 },
      { value: '(none)', clicks: 1 },
    ]);
    expect(all.utm_medium).toEqual([
      { value: 'email', clicks: 2 },
      { value: '(none)', clicks: 1 },
      { value: 'social', clicks: 1 },
    ]);
    expect(all.utm_campaign).toEqual([
      { value: 'spring', clicks: 2 },
      { value: '(none)', clicks: 1 },
      { value: '€ sale', clicks: 1 },
    ]);
    expect((await linkStatsOf(ann, a.id)).utm_medium).toEqual([{ value: 'email', clicks: 2 }]);
    expect((await linkStatsOf(ann, c.id)).utm_source).toEqual([{ value: '(none)', clicks: 1 }]);
    expect((await stats(bob)).utm_source).toEqual([{ value: 'news letter', clicks: 1 }]);

    // From raw clicks (a dimension filter): the same breakdowns, narrowed.
    expect(await stats(ann, { country: 'GB' })).toMatchObject({
      clicks: 2,
      utm_source: [{ value: 'news letter', clicks: 2 }],
      utm_medium: [
        { value: 'email', clicks: 1 },
        { value: 'social', clicks: 1 },
      ],
    });

    // The filters: every number follows; a decoded value matches every encoding of it.
    const newsletter = await stats(ann, { utm_source: 'news letter' });
    expect(newsletter).toMatchObject({ clicks: 3, unique_visitors: 3, utm_source: [{ value: 'news letter', clicks: 3 }] });
    expect(newsletter.links.map((l: { short_code: string }) => l.short_code).sort()).toEqual(['utm-a', 'utm-b']);
    expect(newsletter.timeseries.points.reduce((n: number, p: { clicks: number }) => n + p.clicks, 0)).toBe(3);
    expect((await stats(ann, { utm_source: 'news letter', country: 'US' })).clicks).toBe(1);
    // A parameter given twice matches either value.
    expect((await (await ann.fetch('/api/v1/analytics?utm_medium=email&utm_medium=social')).json()).clicks).toBe(3);
    expect((await stats(ann, { utm_campaign: '€ sale' })).clicks).toBe(1);
    expect((await stats(ann, { utm_source: '(none)' })).links).toEqual([{ value: String(c.id), short_code: 'utm-c', clicks: 1 }]);
    expect((await stats(ann, { utm_source: 'news%20letter' })).clicks).toBe(0);
    expect((await stats(ann, { utm_source: 'not-a-query' })).clicks).toBe(0);
    expect((await linkStatsOf(ann, a.id, { utm_medium: 'email' })).clicks).toBe(2);
    expect((await linkStatsOf(ann, a.id, { utm_medium: 'social' })).clicks).toBe(0);
    expect((await linkStatsOf(ann, b.id, { utm_campaign: '€ sale' })).clicks).toBe(1);
    // Bob's link has the same source: never in Ann's numbers, whatever the filter.
    expect((await stats(bob, { utm_source: 'news letter' })).clicks).toBe(1);
    expect((await stats(ann, { compare: 'previous', utm_source: 'news letter' })).previous).toMatchObject({ clicks: 0 });

    // The exports hold the clicks the filtered statistics count.
    const workspaceRows = (await ann.call('workspaceClicksExport', { query: { format: 'json', utm_source: 'news letter' } })).json as Array<{
      short_code: string;
    }>;
    expect(workspaceRows.map((r) => r.short_code).sort()).toEqual(['utm-a', 'utm-a', 'utm-b']);
    expect((await ann.call('linkClicksExport', { params: { id: a.id }, query: { format: 'json', utm_medium: 'email' } })).json).toHaveLength(2);
    expect((await ann.call('linkClicksExport', { params: { id: a.id }, query: { format: 'json', utm_medium: '(none)' } })).json).toEqual([]);

    // A bad shape is a 400 naming the parameter, on every query that takes the filters.
    for (const res of [
      await ann.call('workspaceStats', { query: { utm_source: '' } }),
      await ann.call('linkStats', { params: { id: a.id }, query: { utm_medium: 'x'.repeat(201) } }),
      await ann.call('workspaceClicksExport', { query: { utm_campaign: 'tab\there' } }),
      await ann.fetch(`/api/v1/links/${a.id}/clicks/export?${Array.from({ length: 21 }, (_, i) => `utm_source=s${i}`).join('&')}`).then(async (r) => ({
        status: r.status,
        json: await r.json(),
      })),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
      expect(Object.keys(res.json.error.details)).toEqual([expect.stringMatching(/^utm_(source|medium|campaign)$/)]);
    }

    // A public stats page: no UTM breakdown, and a UTM filter changes nothing (the values are the owner's).
    expect((await ann.call('updateLink', { params: { id: a.id }, body: { public_stats: true } })).status).toBe(200);
    const pub = await nobody.call('publicStats', { params: { code: 'utm-a' }, query: { utm_medium: 'social' } as never });
    expect(pub.status).toBe(200);
    expect(pub.json.clicks).toBe(2);
    expect(pub.text).not.toMatch(/utm_|news letter|email/);
  });

  test("the database reads a destination's UTM values as the dialog does (lib/links/utm.ts)", async () => {
    const urls = [
      'https://example.com/?utm_source=a%20b&utm_source=second',
      'https://example.com/p?x=1&utm_medium=a+b%2Bc&utm_campaign=%E2%82%AC%4',
      'https://example.com/#frag?utm_source=in-fragment',
      'https://example.com/?xutm_source=no&utm_source=yes#utm_source=no',
      'https://example.com/?utm_source&utm_source=later',
      'https://example.com/?utm_source=&utm_medium=%FF%FE',
      'https://example.com/?utm_campaign=%EF%BB%BFbom&utm_source=caf%C3%A9',
      'https://example.com/?UTM_SOURCE=upper',
    ];
    const columns = UTM_BREAKDOWNS.map((name) => `${utmHexSql(name, 'u')} AS ${name}`).join(', ');
    const rows = await sling.handle.query<Record<string, string | null>>(`SELECT u, ${columns} FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n) ORDER BY n`, [
      urls,
    ]);
    for (const [i, url] of urls.entries()) {
      const expected = readUtm(url);
      for (const name of UTM_BREAKDOWNS) {
        const value = utmValueOfHex(rows[i][name]);
        expect({ url, name, value }).toEqual({ url, name, value: expected[name] ?? '(none)' });
      }
    }
  });
});
