// REST v1 for the link detail page, on Sling in the test process (visits through its edge): GET /api/v1/links/{id}/stats (the Variant A stats
// body) and GET /api/v1/links/{id}/events (the link's history, newest first, paged), with their
// 400s naming the field, 404 for someone else's or an unknown link, and 401 without credentials.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient, type ApiResult, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import type { linkEvents } from '../../../lib/openapi/operations/links';
import type { linkStats } from '../../../lib/openapi/operations/stats';
import { until } from '../../helpers/until';

describe('REST v1 link detail endpoints', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let nobody: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' });
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'enterprise' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const createLink = async (api: ApiClient, alias: string) =>
    (await api.call('apiPhpCreate', { body: { url: `https://example.com/${alias}`, alias } })).json as { id: number };
  const visit = (code: string, ip: string, ua: string) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua } });
  const errorOf = (res: ApiResult) => ({ status: res.status, error: (res.json as { error: unknown }).error });

  test('GET /api/v1/links/{id}/stats answers the Variant A stats body, in the requested time zone', async () => {
    const link = await createLink(ann, 'detail');
    await visit('detail', '8.8.8.8', AGENTS.iphone);
    await visit('detail', '81.2.69.160', AGENTS.chrome);
    const query = {
      interval: 'hour',
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      tz: 'America/New_York',
    };
    const stats = await until(
      'both clicks in the stats',
      async () => {
        const res = await ann.call('linkStats', { params: { id: link.id }, query });
        expect(res.status).toBe(200);
        const body = res.json;
        return body.clicks === 2 && body;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(stats).toMatchObject({
      short_code: 'detail',
      clicks: 2,
      unique_visitors: 2,
      countries: [
        { value: 'GB', clicks: 1 },
        { value: 'US', clicks: 1 },
      ],
      devices: [
        { value: 'desktop', clicks: 1 },
        { value: 'mobile', clicks: 1 },
      ],
      triggers: [{ value: 'link', clicks: 2 }],
      timeseries: { interval: 'hour', tz: 'America/New_York' },
    });
    expect(stats.timeseries.points.reduce((n: number, p: { clicks: number }) => n + p.clicks, 0)).toBe(2);
    const variantA = (await ann.call('apiPhpStats', { query: { slug: 'detail', ...query } })).json;
    expect(stats).toEqual(variantA);
  });

  test('GET /api/v1/links/{id}/stats refuses bad input with a 400 naming the field', async () => {
    const link = await createLink(ann, 'badstats');
    const cases: Array<[CallOptions<typeof linkStats>['query'], string]> = [
      [{ interval: 'minute' }, 'interval'],
      [{ tz: 'Mars/Olympus_Mons' }, 'tz'],
      [{ from: 'yesterday' }, 'from'],
      [{ from: '2026-02-01', to: '2026-01-01' }, 'from'],
      [{ interval: 'hour', from: '2020-01-01', to: '2026-01-01' }, 'interval'],
    ];
    for (const [query, field] of cases) {
      const { status, error } = errorOf(await ann.call('linkStats', { params: { id: link.id }, query }));
      expect({ query, status, error }).toMatchObject({ query, status: 400, error: { code: 'invalid_request', details: { [field]: expect.any(String) } } });
    }
  });

  test("GET /api/v1/links/{id}/events lists the link's events newest first, a page at a time", async () => {
    const link = await createLink(ann, 'history');
    const other = await createLink(ann, 'elsewhere');
    for (const url of ['https://example.com/v2', 'https://example.com/v3']) {
      expect((await ann.call('apiPhpUpdate', { query: { slug: 'history' }, body: { url } })).status).toBe(200);
    }
    const first = await ann.call('linkEvents', { params: { id: link.id }, query: { limit: 2 } });
    expect(first.status).toBe(200);
    const page1 = first.json;
    expect(page1.events.map((e: { event: string }) => e.event)).toEqual(['link.updated', 'link.updated']);
    expect(page1.events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      timestamp: expect.stringMatching(/Z$/),
      data: { id: link.id, long_url: 'https://example.com/v3' },
    });
    expect(page1.events[1].data.long_url).toBe('https://example.com/v2');
    expect(page1.next_before).toBe(page1.events[1].id);

    const page2 = (await ann.call('linkEvents', { params: { id: link.id }, query: { limit: 2, before: page1.next_before } })).json;
    expect(page2.events.map((e: { event: string; data: { long_url: string } }) => [e.event, e.data.long_url])).toEqual([
      ['link.created', 'https://example.com/history'],
    ]);
    expect(page2.next_before).toBeNull();

    const all = (await ann.call('linkEvents', { params: { id: link.id } })).json;
    expect(all.events).toHaveLength(3);
    expect(all.next_before).toBeNull();
    // The other link's history is its own.
    const otherEvents = (await ann.call('linkEvents', { params: { id: other.id } })).json;
    expect(otherEvents.events.map((e: { event: string }) => e.event)).toEqual(['link.created']);
  });

  test('GET /api/v1/links/{id}/events refuses a bad limit or cursor with a 400 naming the field', async () => {
    const link = await createLink(ann, 'badevents');
    const other = await createLink(ann, 'badevents2');
    const otherEvent = (await ann.call('linkEvents', { params: { id: other.id } })).json.events[0].id;
    const cases: Array<[CallOptions<typeof linkEvents>['query'], string]> = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ before: 'evt_nope' }, 'before'],
      [{ before: otherEvent }, 'before'],
    ];
    for (const [query, field] of cases) {
      const { status, error } = errorOf(await ann.call('linkEvents', { params: { id: link.id }, query }));
      expect({ query, status, error }).toMatchObject({ query, status: 400, error: { code: 'invalid_request', details: { [field]: expect.any(String) } } });
    }
  });

  test("someone else's or an unknown link is 404; no credentials is 401", async () => {
    const link = await createLink(ann, 'private');
    for (const op of ['linkStats', 'linkEvents'] as const) {
      expect(errorOf(await bob.call(op, { params: { id: link.id } }))).toMatchObject({ status: 404, error: { code: 'not_found' } });
      expect((await ann.call(op, { params: { id: 99999999 } })).status).toBe(404);
      expect((await ann.call(op, { params: { id: 'abc' } })).status).toBe(404);
      expect(errorOf(await nobody.call(op, { params: { id: link.id } }))).toMatchObject({ status: 401, error: { code: 'unauthorized' } });
      expect((await ann.call(op, { params: { id: link.id }, as: { token: 'sk_wrong' } })).status).toBe(401);
    }
    // Bob's 404 says nothing about the link: the same answer as for a link that does not exist.
    const hidden = (await bob.call('linkEvents', { params: { id: link.id } })).json;
    expect(JSON.stringify(hidden)).not.toContain('private');
  });
});
