// Filters through the API (Sling in the test process), on clicks made through its edge over HTTP: ?country= narrows /api/v1/analytics and
// /api/v1/links/{id}/stats alike; a bad shape is a 400 naming the parameter; an unknown value is an
// empty answer; another workspace's link stays a 404 whatever the filters.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import type { linkStats, workspaceStats } from '../../../lib/openapi/operations/stats';
import { apiClient, inProcess, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

describe('statistics filters over HTTP', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' });
    const nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const stats = async (api: ApiClient, query: CallOptions<typeof workspaceStats>['query'] = {}) => (await api.call('workspaceStats', { query })).json;
  const linkStatsOf = async (api: ApiClient, id: number, query: CallOptions<typeof linkStats>['query']) =>
    (await api.call('linkStats', { params: { id }, query })).json;
  const createLink = async (api: ApiClient, alias: string) =>
    (await api.call('apiPhpCreate', { body: { url: `https://example.com/${alias}`, alias } })).json as { id: number };
  const visit = (code: string, ip: string, ua: string) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua } });

  test("a country narrows the workspace's and a link's statistics; bad shapes are 400s; the scope holds", async () => {
    const a = await createLink(ann, 'filter-a');
    const b = await createLink(ann, 'filter-b');
    const bobs = await createLink(bob, 'filter-bob');
    for (const [code, ip, ua] of [
      ['filter-a', '8.8.8.8', AGENTS.chrome],
      ['filter-a', '8.8.8.8', AGENTS.chrome],
      ['filter-a', '81.2.69.160', AGENTS.iphone],
      ['filter-b', '81.2.69.160', AGENTS.chrome],
      ['filter-b', '8.8.8.8', AGENTS.iphone],
      ['filter-bob', '81.2.69.160', AGENTS.chrome],
    ] as const)
      expect((await visit(code, ip, ua)).status).toBe(302);
    await until('the clicks in the stats', async () => (await stats(ann)).clicks === 5 && (await stats(bob)).clicks === 1, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    const gb = await stats(ann, { country: 'GB' });
    expect(gb).toMatchObject({
      clicks: 2,
      unique_visitors: 2,
      countries: [{ value: 'GB', clicks: 2 }],
      devices: [
        { value: 'desktop', clicks: 1 },
        { value: 'mobile', clicks: 1 },
      ],
    });
    expect(gb.links).toEqual([
      { value: String(a.id), short_code: 'filter-a', clicks: 1 },
      { value: String(b.id), short_code: 'filter-b', clicks: 1 },
    ]);
    expect(gb.timeseries.points.reduce((n: number, p: { clicks: number }) => n + p.clicks, 0)).toBe(2);
    expect((await stats(ann, { country: 'gb', device: 'mobile' })).clicks).toBe(1);
    expect((await stats(ann, { country: 'GB', link_id: b.id })).clicks).toBe(1);
    expect((await stats(ann, { browser: 'Netscape' })).clicks).toBe(0);
    const linkUs = await linkStatsOf(ann, a.id, { country: 'US' });
    expect(linkUs).toMatchObject({ clicks: 2, unique_visitors: 1, browsers: [{ value: 'Chrome', clicks: 2 }] });

    for (const res of [
      await ann.call('workspaceStats', { query: { country: 'GBR' } }),
      await ann.call('linkStats', { params: { id: a.id }, query: { country: 'G1' } }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'invalid_request', details: { country: expect.stringContaining('two-letter') } });
    }
    const empty = await ann.call('workspaceStats', { query: { device: '' } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details).toHaveProperty('device');

    // Bob's link, by id, under any filter: not found from Ann's workspace.
    expect((await ann.call('workspaceStats', { query: { link_id: bobs.id, country: 'GB' } })).status).toBe(404);
    expect((await ann.call('linkStats', { params: { id: bobs.id }, query: { country: 'GB' } })).status).toBe(404);
    expect((await stats(bob, { country: 'GB' })).clicks).toBe(1);

    // The previous period, on request only (none of these clicks fall in it).
    expect((await stats(ann)).previous).toBeUndefined();
    const compared = await stats(ann, { compare: 'previous', country: 'GB' });
    expect(compared).toMatchObject({ clicks: 2, previous: { clicks: 0, unique_visitors: 0, from: expect.any(String), to: expect.any(String) } });
    expect((await linkStatsOf(ann, a.id, { compare: 'previous' })).previous).toMatchObject({ clicks: 0 });
    const badCompare = await ann.call('workspaceStats', { query: { compare: 'last-year' } });
    expect(badCompare.status).toBe(400);
    expect(badCompare.json.error.details).toHaveProperty('compare');
  });
});
